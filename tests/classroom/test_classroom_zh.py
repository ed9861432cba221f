"""``tutor classroom --lang zh``: the Chinese edition's apps, kernels that speak Chinese
(``TUTOR_LANG=zh`` in their environment), and the classroom's own pages in Chinese with no
English word (the names of programs aside) and ``<html lang="zh-Hans">``."""

from __future__ import annotations

import html
import importlib.util
import re
import socket
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tutor.classroom import apps, voila_config
from tutor.classroom.assignment import Assignment
from tutor.classroom.config import apps_folder
from tutor.classroom.pages import page
from tutor.cli import main
from tutor.i18n import using_language

from .students import run

ROOT = Path(__file__).resolve().parents[2]
needs_voila = pytest.mark.skipif(importlib.util.find_spec("voila") is None
                                 or importlib.util.find_spec("segno") is None,
                                 reason="voila is not installed")

#: English that may stay on a Chinese page: programs' and formats' names, the command, the
#: server's log line the teacher waits for (quoted as it is printed), the class's code
ALLOWED = frozenset({"tutor", "classroom", "Ctrl-C", "QR", "Voila", "MB", "Ready", "for",
                     "the", "class", *apps()})


def english_words(page_html: str) -> set[str]:
    """English words of the text a reader sees (tags, entities, addresses taken out)."""
    text = re.sub(r"<script>.*?</script>|<style>.*?</style>|<[^>]+>", " ", page_html,
                  flags=re.DOTALL)
    text = re.sub(r"https?://\S+|[\w./~-]+\.(?:svg|sqlite)\b|/\S+", " ", html.unescape(text))
    return {w for w in re.findall(r"[A-Za-z][A-Za-z_-]*[A-Za-z]", text) if w not in ALLOWED}


def test_the_word_finder_sees_english() -> None:
    assert english_words('<html lang="en"><p title="x">Join the class</p></html>') == {
        "Join", "class"} - ALLOWED
    assert english_words("<p>加入班级</p>") == set()


def test_the_zh_apps_are_the_chinese_editions() -> None:
    found = apps(lang="zh")
    assert set(found) == {p.stem for p in (ROOT / "notebooks" / "zh" / "apps").glob("*.ipynb")}
    assert set(found) == set(apps())  # the same apps as the English edition
    assert all(path.parent == ROOT / "notebooks" / "zh" / "apps" for path in found.values())
    assert apps_folder("zh") == ROOT / "notebooks" / "zh" / "apps"
    assert apps_folder() == ROOT / "notebooks" / "apps"


def test_the_settings_carry_the_language() -> None:
    zh = voila_config(20, 8866, ["practice"], apps_folder("zh"), lang="zh")
    assert zh["ClassroomKernelManager"] == {"language": "zh"}
    assert zh["Voila"]["root_dir"].endswith(str(Path("zh") / "apps"))
    assert voila_config(20, 8866, ["practice"], apps_folder())["ClassroomKernelManager"] == {
        "language": "en"}


@needs_voila
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_kernel_is_started_in_the_class_language(lang: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The manager Voila builds from the settings starts every kernel with TUTOR_LANG."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from traitlets.config import Config

    from tutor.classroom.kernels import ClassroomKernelManager

    seen: dict[str, Any] = {}

    async def start(self: Any, **kwargs: Any) -> str:
        seen.update(kwargs)
        return "k1"

    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", start)
    monkeypatch.setenv("TUTOR_LANG", "en" if lang == "zh" else "zh")  # the class's wins

    async def go() -> None:
        config = voila_config(2, 8866, ["practice"], apps_folder(lang), lang=lang)
        manager = ClassroomKernelManager(config=Config(config))
        assert manager.language == lang
        assert await manager.start_kernel(path=None) == "k1"

    run(go())  # in a thread: a session's Playwright may hold this thread's event loop
    assert seen["env"]["TUTOR_LANG"] == lang


def test_the_page_says_its_language() -> None:
    assert '<html lang="en">' in page("Join the class", "")
    with using_language("zh"):
        assert '<html lang="zh-Hans">' in page("加入班级", "")


class FakeKernels:
    def __init__(self) -> None:
        self.owners: dict[str, str] = {}
        self.apps: dict[str, str] = {}

    def kernels_of(self, student: str) -> list[str]:
        return [k for k, s in self.owners.items() if s == student]


def _room() -> Any:
    from collections import defaultdict, deque

    from tutor.classroom.server import ClassroomVoila

    room = SimpleNamespace(classroom_kernels=FakeKernels(), _opened=defaultdict(deque),
                           _pending=defaultdict(int), pages_per_minute=1, per_student=3,
                           max_kernels=1, max_students=4, exercise=None, student_url="",
                           token="23456789", class_store=None)
    room.admit = lambda s, a: ClassroomVoila.admit(room, s, a)
    return room


@needs_voila
def test_the_refusals_are_in_chinese() -> None:
    room = _room()
    with using_language("zh"):
        assert run(room.admit("ann", "practice")) is None
        refusals = [run(room.admit("ann", "practice"))]  # a second page this minute
        room.pages_per_minute = 8
        room.classroom_kernels.owners["k1"] = "bob"
        refusals.append(run(room.admit("cai", "practice")))  # the class is full
        room.max_kernels, room.per_student = 9, 1
        refusals.append(run(room.admit("bob", "replay")))  # too many apps
    assert [r[0] for r in refusals if r] == [429, 503, 429]
    for status, title, text in (r for r in refusals if r):
        shown = page(title, f"<p>{html.escape(text)}</p>")
        assert not english_words(shown), (status, english_words(shown))


@needs_voila
def test_the_join_and_teacher_pages_are_in_chinese() -> None:
    from tutor.classroom import teacher
    from tutor.classroom.pages import app_title
    from tutor.classroom.server import JoinHandler

    form = SimpleNamespace(get_argument=lambda name, default="": default, base_url="/",
                           xsrf_form_html=lambda: '<input type="hidden" name="_xsrf">')
    room = _room()
    current = {"sent": 0, "describe": "", "question": "", "hand": "123m", "answer": "1m",
               "answered": 3, "following": 4, "right": 2, "solved": 3,
               "wrong": [["2m", 1]]}
    rows = [{"name": "小明", "joined": 0, "apps": ["practice"], "connected": 1,
             "exercises_solved": 2, "practice": {"waits": {"solved": 1, "tried": 2}}}]
    with using_language("zh"):
        item = Assignment("waits", 1, 23, "hangzhou").item()  # drawn as the students see it
        drawn = {**current, "picture": teacher._picture(item.exercise),
                 "wrong_tiles": {"2m": teacher._answer_tiles(item.exercise, "2m")}}
        pages = {"join": JoinHandler.form(form, "请输入你的名字"),
                 "question": page("x", teacher.question_html(drawn)),
                 "dashboard": teacher.dashboard(SimpleNamespace(**{
                     **vars(room), "class_store": SimpleNamespace(students=list)}), "/", ""),
                 "none": page("x", teacher.question_html(None)),
                 "results": page("x", teacher.results_html(current)),
                 "drawn": page("x", teacher.results_html(drawn)),
                 "students": page("x", teacher.students_html(room, rows)),
                 "nobody": page("x", teacher.students_html(room, [])),
                 "form": page("x", teacher.send_form(room, "/", "")),
                 "apps": page("x", "".join(app_title(name) for name in apps(lang="zh")))}
    for name, shown in pages.items():
        assert '<html lang="zh-Hans">' in shown
        assert not english_words(shown), (name, english_words(shown))
    assert "加入班级" in pages["join"] and "你的名字" in pages["join"]
    assert "投影模式" in pages["dashboard"] and 'aria-label="手牌' in pages["question"]


@needs_voila
def test_tutor_classroom_lang_zh_serves_the_chinese_apps(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """What ``tutor classroom --lang zh`` hands Voila, and what it prints (Voila not started)."""
    from tutor.classroom.server import ClassroomVoila

    given: dict[str, Any] = {}

    def launch(argv: list[str], config: Any) -> None:
        given.update(argv=argv, config=config)

    monkeypatch.setattr(ClassroomVoila, "launch_instance", launch)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert main(["classroom", "--lang", "zh", "--ip", "127.0.0.1", "--port", str(port),
                 "--students", "2", "--folder", str(tmp_path), "--code", "23456789"]) == 0
    assert given["argv"] == [str(ROOT / "notebooks" / "zh" / "apps")]
    config = given["config"]
    assert config.ClassroomKernelManager.language == "zh"
    assert config.ClassroomVoila.language == "zh"
    out = capsys.readouterr().out
    printed = "\n".join(line for line in out.splitlines() if not set(line) <= set("█▀▄ "))
    assert "班级码" in printed
    assert not english_words(printed), english_words(printed)
