"""``tutor --lang zh``: the help and the human output in Chinese, the JSON byte for byte the same.

Every subcommand's ``--help`` and the human output of every analysis command is searched for
English words; what may stay is small and listed here (:data:`ALLOWED`): the names a learner
types (commands, options, the games', bots' and topics' names, rule fields), tile notation,
file and module names, and a few names of programs and formats.
"""

from __future__ import annotations

import argparse
import builtins
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutor.cli import COMMANDS, build_parser, chosen_language, main
from tutor.i18n import using_language
from tutor.practice import TOPICS

ROOT = Path(__file__).resolve().parents[2]
GUIYANG = str(ROOT / "tests" / "data" / "guiyang" / "robbed_kong.json")

#: a Hangzhou game without the free-text notes a game file may carry (those are the user's)
LEDGER = [{"result": "win", "winner": "E", "multiplier": 2}, {"result": "draw"},
          {"result": "win", "winner": "S", "hand": "123456789m777z5z", "drawn": "3p",
           "kongs": 0, "joker_discards": 1,
           "first_turn": {"discards": ["東", "東", "東", "東"], "dice": [3, 4]}},
          {"result": "win", "winner": "W", "honor_discards": 11}]

#: the words that may stay English in Chinese output and help: what the learner types or
#: reads as a name (commands, games, bots, topics, choices), programs' and formats' names
ALLOWED = frozenset({
    "tutor", "JSON", "MPSZ", "CJK", "Unicode", "JupyterLab", "Voila", "Dask", "CPU", "HTTPS",
    "PEM", "IP", "Ctrl", "TUTOR_LANG", "GuiyangRules", "en", "zh",
    *(c.name for c in COMMANDS), "huangyan", "hangzhou", "guiyang", "sensible", "strong",
    "random", "local", "dask", "original", "app", *TOPICS,
    "cluster",  # the name of the package's extra (pip install 'mahjong-tutor[cluster]')
    "Ready", "for", "the", "class",  # the server's log line the teacher waits for, quoted
})

#: what is taken out before words are looked for: options (--json), assignments
#: (limit=500), addresses, file and module names
_NAMES = re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*|\b[\w.-]+=[\w.,=|-]*|tcp://\S+"
                    r"|[\w./~-]+\.(?:json|svg|sqlite)\b|\btutor(?:\.\w+)+|~/\.mahjong-tutor\S*"
                    r"|\./mahjong-tutor")
_WORD = re.compile(r"[A-Za-z][A-Za-z_-]*[A-Za-z]")


def english_words(text: str) -> set[str]:
    """The English words of ``text`` that are not allowed to stay in Chinese."""
    return {w for w in _WORD.findall(_NAMES.sub(" ", text)) if w not in ALLOWED}


def test_the_word_finder_finds_english() -> None:
    assert english_words("用法：tutor waits [--json] 手牌 123m456p 5白7m") == set()
    assert english_words("胡牌 ready, waiting on 1z") == {"ready", "waiting", "on"}
    assert english_words("例如 limit=500、prevailing_wind=S") == set()


def test_the_language_is_read_before_the_parser() -> None:
    assert chosen_language(["--lang", "zh", "waits", "1m"]) == "zh"
    assert chosen_language(["waits", "1m", "--lang=en"]) == "en"
    assert chosen_language(["waits", "--", "--lang", "zh"]) is None
    assert chosen_language(["waits", "1m"]) is None


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A saved hand (``tutor simulate --save``)."""
    path = tmp_path_factory.mktemp("cli") / "hand.json"
    assert main(["simulate", "--hands", "1", "--workers", "1", "--no-progress", "--json",
                 "--save", str(path)]) == 0
    return str(path)


@pytest.fixture(scope="module")
def ledger(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("cli") / "game.json"
    path.write_text(json.dumps(LEDGER, ensure_ascii=False), encoding="utf-8")
    return str(path)


def analyses(record: str, ledger: str) -> list[list[str]]:
    """A valid command line of every analysis command (the README's and tests' examples)."""
    return [
        ["waits", "123m456p789s1122z"],
        ["waits", "123m 5白7m 444p 中中中 東", "--variant", "hangzhou"],
        ["shanten", "123m456p789s1122z"],
        ["shanten", "123m456p789s11222z"],
        ["efficiency", "123m456p789s11223z", "--visible", "1z"],
        ["score", "huangyan", "123m456p789s111z55z", "--win-tile", "5z"],
        ["score", "huangyan", "123m456p789s111z5z", "--partial"],
        ["reckon", "huangyan", "--winner", "S", "--totals", "E=20,S=28,W=6,N=12"],
        ["score", "hangzhou", "123456789m777z5z", "--drawn", "3p"],
        ["score", "hangzhou", "--honor-discards", "11"],
        ["ledger", "hangzhou", ledger],
        ["settle", "guiyang", GUIYANG],
        ["simulate", "--hands", "2", "--workers", "1", "--no-progress"],
        ["simulate", "--hands", "2", "--workers", "1", "--no-progress", "--variant", "hangzhou"],
        ["simulate", "--hands", "2", "--workers", "1", "--no-progress", "--variant", "guiyang"],
        ["simulate", "--sessions", "1", "--no-progress"],
        ["simulate", "--sessions", "1", "--no-progress", "--variant", "hangzhou"],
        ["simulate", "--sessions", "1", "--no-progress", "--variant", "guiyang"],
        ["replay", record],
        ["duel", "--deals", "2", "--workers", "1", "--no-progress"],
        ["review", record, "--seat", "E"],
        ["practice", "waits", "--seed", "3"],
        ["practice", "huangyan-reckon", "--seed", "3"],
    ]


def run(argv: list[str], capsys: pytest.CaptureFixture[str], lang: str) -> str:
    capsys.readouterr()
    status = main(["--lang", lang, *argv])
    out, err = capsys.readouterr()
    assert status in (0, 1), err  # practice: 1 when the answer was not given
    return out


@pytest.fixture()
def answers(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``tutor practice`` asked for a hint, then given nothing (end of input)."""
    said: list[str] = []

    def answer(prompt: str = "") -> str:
        print(prompt)
        said.append(prompt)
        if len(said) > 1:
            raise EOFError
        return "hint"

    monkeypatch.setattr(builtins, "input", answer)
    yield


def with_json() -> list[tuple[str, ...]]:
    """Every subcommand (name and variant) that takes ``--json``."""
    found = []
    for command in COMMANDS:
        parser = build_parser([command.module])
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        chosen = sub.choices[command.name]
        if command.variant is not None:
            inner = next(a for a in chosen._actions
                         if isinstance(a, argparse._SubParsersAction))
            chosen = inner.choices[command.variant]
        if "--json" in chosen._option_string_actions:
            found.append((command.name,) if command.variant is None
                         else (command.name, command.variant))
    return found


def test_the_json_is_the_same_in_both_languages(record: str, ledger: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    lines = analyses(record, ledger)
    for argv in lines:
        english = run([*argv, "--json"], capsys, "en")
        chinese = run([*argv, "--json"], capsys, "zh")
        assert english == chinese, argv
        json.loads(english)
    tried = {tuple(a[:2]) if a[0] in ("score", "reckon", "ledger", "settle") else (a[0],)
             for a in lines}
    assert set(with_json()) <= tried  # every command with --json is compared


@pytest.mark.usefixtures("answers")
def test_the_human_output_has_no_english_word(record: str, ledger: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    for argv in analyses(record, ledger):
        chinese = run(argv, capsys, "zh")
        assert chinese.strip()
        assert not english_words(chinese), (argv, english_words(chinese), chinese[:2000])


def help_lines() -> list[list[str]]:
    lines: list[list[str]] = [[]]
    for command in COMMANDS:
        lines.append([command.name] if command.variant is None
                     else [command.name, command.variant])
        if command.variant is not None:
            lines.append([command.name])
    return lines


@pytest.mark.parametrize("argv", help_lines(), ids=lambda a: " ".join(a) or "tutor")
def test_every_help_is_in_chinese(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    for line in (["--lang", "zh", *argv, "--help"], [*argv, "--lang=zh", "--help"]):
        with pytest.raises(SystemExit) as stop:
            main(line)
        assert stop.value.code == 0
        text = capsys.readouterr().out
        assert text.startswith("用法：tutor"), text[:200]
        assert "\n选项：\n" in text and "显示本帮助并退出" in text
        assert not english_words(text), (line, english_words(text))


def test_the_environment_chooses_the_help_language(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    with using_language("zh"), pytest.raises(SystemExit):  # as TUTOR_LANG=zh at import
        main(["waits", "--help"])
    assert capsys.readouterr().out.startswith("用法：tutor waits")
    with using_language("zh"), pytest.raises(SystemExit):  # --lang wins over the environment
        main(["waits", "--help", "--lang", "en"])
    assert capsys.readouterr().out.startswith("usage: tutor waits")


@pytest.mark.parametrize(("argv", "expected"), [
    (["waits"], "tutor waits：错误：缺少必需的参数：手牌"),
    (["waits", "1m", "--bogus"], "tutor：错误：无法识别的参数：--bogus"),
    (["waits", "123m456p789s1122z", "--strict-jokers"],
     "tutor waits：错误：--strict-jokers 是杭州麻将的选项（只有杭州麻将有百搭）"),
    (["review", "nofile.json", "--seat", "X"],
     "tutor review：错误：--seat 必须是 E、S、W 或 N，而不是 'X'"),
    (["simulate", "--hands", "0"], "tutor simulate：错误：参数 --hands："),
    (["score", "huangyan", "1m"],
     "tutor score huangyan：错误：必须给出参数 --win-tile --partial 之一"),
])
def test_errors_are_one_chinese_line(argv: list[str], expected: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main(["--lang", "zh", *argv])
    except SystemExit as stop:
        status = stop.code
    err = capsys.readouterr().err
    assert status == 2
    assert err.startswith(expected), err
    assert err.count("\n") == 1


def test_english_errors_are_argparses_own(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["waits"])
    assert capsys.readouterr().err == ("tutor waits: error: the following arguments are "
                                       "required: hand\n")


def test_a_robbing_window_is_replayed_in_chinese() -> None:
    from tutor.cli.texts import replay_line_text
    from tutor.core.notation import parse_tile
    from tutor.game.state import Event
    from tutor.game.view import replay_line

    window = Event(None, "window", parse_tile("5p"), "East: rob, North: rob")
    assert replay_line_text(window) == replay_line(window) == (
        "table: robbing window 5p (East: rob, North: rob)")
    with using_language("zh"):
        chinese = replay_line_text(window)
    assert "5p" in chinese and "东家" in chinese and "北家" in chinese
    assert not english_words(chinese), chinese


def test_the_lab_report_is_in_chinese() -> None:
    from tutor.cli.lab import report_text
    from tutor.lab import CopyReport

    report = CopyReport(folder=Path("课程"), copied=("00_start_here.ipynb",),
                        refreshed=("apps/replay.ipynb",), kept=("01_tiles.ipynb",),
                        current=("rules/huangyan.md",), stale=("glossary.md",),
                        restored=("02_hands.ipynb",), set_aside=("02_hands.ipynb.damaged",))
    assert report_text(report) == str(report)
    with using_language("zh"):
        chinese = report_text(report)
    assert "已复制 00_start_here.ipynb" in chinese
    assert not english_words(re.sub(r"\S+\.(?:ipynb|md)(?:\.damaged)?", " ", chinese)), chinese
