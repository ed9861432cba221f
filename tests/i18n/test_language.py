"""Choosing the language (``TUTOR_LANG``, :func:`set_language`, ``--lang``) and the
:class:`Message`: English data, translated when shown."""

from __future__ import annotations

import copy
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.errors import TutorError
from tutor.i18n import (
    N_,
    LanguageError,
    Message,
    _,
    get_language,
    join,
    language,
    localize,
    ngettext,
    nmessage,
    pgettext,
    set_language,
    using_language,
)
from tutor.ledger import Payment, Seat, seat_name

ROOT = Path(__file__).resolve().parents[2]


def test_english_by_default_in_the_suite() -> None:
    assert os.environ["TUTOR_LANG"] == "en"
    assert language() == get_language() == "en"
    assert _("Little Four Winds") == "Little Four Winds"


@pytest.mark.parametrize("name", ["zh", "ZH", "zh_CN", "zh-CN", "zh_CN.UTF-8", "zh-Hans",
                                  "chinese", "中文"])
def test_names_of_chinese(name: str) -> None:
    assert set_language(name) == "zh"
    assert _("Little Four Winds") == "小四喜"


@pytest.mark.parametrize("name", ["en", "en_US.UTF-8", "C", "POSIX", "English"])
def test_names_of_english(name: str) -> None:
    set_language("zh")
    assert set_language(name) == "en"


@pytest.mark.parametrize("name", ["fr", "", "klingon", "zz_ZZ", 7, None])
def test_an_unknown_language_is_refused(name: object) -> None:
    with pytest.raises(LanguageError) as caught:
        set_language(name)  # type: ignore[arg-type]
    assert isinstance(caught.value, TutorError) and isinstance(caught.value, ValueError)
    assert language() == "en"


def test_using_language_restores_the_one_before() -> None:
    with using_language("zh") as code:
        assert code == "zh" and _("Hu") == "胡"
    assert language() == "en" and _("Hu") == "Hu"
    with pytest.raises(RuntimeError), using_language("zh"):
        raise RuntimeError
    assert language() == "en"


def test_the_gettext_functions() -> None:
    assert N_("Tile Hog") == "Tile Hog"
    assert ngettext("{n} double", "{n} doubles", 2) == "{n} doubles"
    assert pgettext("list separator", ", ") == ", "
    with using_language("zh"):
        assert ngettext("{n} double", "{n} doubles", 2) == "{n} 番"
        assert pgettext("list separator", ", ") == "，"
        assert _("a text nobody marked") == "a text nobody marked"


def test_a_message_is_its_english() -> None:
    reason = Message("half the winner's total {total}", total=28)
    assert reason == "half the winner's total 28" and isinstance(reason, str)
    assert hash(reason) == hash("half the winner's total 28")
    assert json.dumps({"reason": reason}) == '{"reason": "half the winner\'s total 28"}'
    assert f"{reason}" == str(reason) == "half the winner's total 28"
    assert repr(reason) == repr("half the winner's total 28")
    with using_language("zh"):
        assert json.dumps(reason, ensure_ascii=False) == '"half the winner\'s total 28"'
        assert localize(reason) == "赢家总分 28 的一半"
        assert str(reason) == "half the winner's total 28"


def test_messages_nest_and_add_up() -> None:
    inner = Message("winner's total {total}, the dealer won", total=20)
    outer = Message("liability: {payer}'s share of the collection, {reason}",
                    payer=seat_name(Seat.WEST), reason=inner)
    text = outer + "; " + Message("no jokers")
    assert text == ("liability: West's share of the collection, winner's total 20, the dealer "
                    "won; no jokers")
    assert isinstance(text, Message) and isinstance("[" + text, Message)
    with using_language("zh"):
        assert localize(text) == "点炮包赔：西家该付给赢家的一份，赢家总分 20，庄家胡牌; 没有百搭"
    listed = join(Message(", "), [seat_name(Seat.EAST), seat_name(Seat.SOUTH)])
    assert listed == "East, South"
    with using_language("zh"):
        assert localize(listed) == "东家，南家"


def test_a_value_and_the_chinese_beside_it_are_spaced_only_where_one_is_latin() -> None:
    """A tile needs a space from the Chinese around it, a Chinese word none: the translation
    writes neither, the value decides (a pass read '过 平均得' when the translation spaced)."""
    from tutor.game.view import move_words

    def played_out(played: str, other: str) -> str:
        return Message("Played out {n} times from what you could see, {played} averaged "
                       "{points} points, against {second} for {other}{why}. ", n=60,
                       played=move_words(played), points="3.3", second="0.4",
                       other=move_words(other), why="")

    with using_language("zh"):
        assert localize(played_out("pass", "discard 7m")) == \
            "从你能看到的局面打到底 60 次，过平均得 3.3 分，打出 7m 平均得 0.4 分。"
        assert localize(played_out("discard 7m", "pass")) == \
            "从你能看到的局面打到底 60 次，打出 7m 平均得 3.3 分，过平均得 0.4 分。"
    assert played_out("pass", "discard 7m").startswith("Played out 60 times from what you "
                                                        "could see, pass averaged 3.3")


def test_a_plural_message() -> None:
    one, two = (nmessage("{n} double", "{n} doubles", n) for n in (1, 2))
    assert (one, two) == ("1 double", "2 doubles")
    with using_language("zh"):
        assert (localize(one), localize(two)) == ("1 番", "2 番")


def test_localize_takes_anything() -> None:
    assert localize(3) == "3" and localize(None) == "None" and localize("") == ""
    with using_language("zh"):
        assert localize("Tile Hog") == "四归一"  # a text marked with N_ where it was written
        assert localize("5s") == "5s" and localize(7) == "7"


@pytest.mark.parametrize("clone", [copy.copy, copy.deepcopy,
                                   lambda m: pickle.loads(pickle.dumps(m))])
def test_a_message_survives_copy_and_pickle(clone: object) -> None:
    message = Message("{reason}, halved (two non-dealers)",
                      reason=Message("half the winner's total {total}", total=12))
    again = clone(message)  # type: ignore[operator]
    assert again == message and type(again) is Message
    with using_language("zh"):
        assert localize(again) == localize(message) == "赢家总分 12 的一半，减半（两家都不是庄家）"


def test_a_payment_keeps_its_reason_as_a_message() -> None:
    payment = Payment(Seat.EAST, Seat.SOUTH, 4, Message("{winner}'s win x{multiplier}",
                                                        winner=seat_name(Seat.SOUTH),
                                                        multiplier=4))
    assert payment.as_dict()["reason"] == "South's win x4"
    assert str(payment) == "East pays South 4 (South's win x4)"
    with using_language("zh"):
        assert str(payment) == "东家付给南家 4（南家胡牌 x4）"
        assert payment.as_dict()["reason"] == "South's win x4"
    with pytest.raises(TutorError):
        Payment(Seat.EAST, Seat.SOUTH, 4, 4)  # type: ignore[arg-type]


def _tutor(env_lang: str | None, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "TUTOR_LANG"}
    if env_lang is not None:
        env["TUTOR_LANG"] = env_lang
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True,
                          text=True, env=env, timeout=120, check=False)


def test_the_environment_chooses_the_language() -> None:
    args = ("score", "huangyan", "123m456p789s111z55z", "--win-tile", "5z")
    assert "单钓" in _tutor("zh_CN.UTF-8", *args).stdout
    english = _tutor(None, *args).stdout
    assert "Single Hook (单钓)" in english
    assert _tutor("xx", *args).stdout == english  # an unknown language: English
    assert _tutor("zh", "--lang", "en", *args).stdout == english  # --lang wins


def test_the_catalog_is_read_from_the_package() -> None:
    from importlib import resources

    path = resources.files("tutor").joinpath("locale", "zh", "LC_MESSAGES", "tutor.mo")
    assert path.is_file() and path.read_bytes()[:4] in (b"\xde\x12\x04\x95", b"\x95\x04\x12\xde")


@pytest.mark.parametrize("argv", [["--lang", "zh-CN", "lab"], ["lab", "--lang", "zh"]])
def test_tutor_lab_starts_the_course_in_the_language(argv: list[str], tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor.cli import lab, main

    started: list[dict[str, str] | None] = []
    monkeypatch.setattr(lab, "trust_course", lambda report: None)
    monkeypatch.setattr(lab.subprocess, "call", lambda command, env=None: started.append(env) or 0)
    monkeypatch.setattr(lab.importlib.util, "find_spec", lambda name: object())
    assert main([*argv, str(tmp_path / "course"), "--no-browser"]) == 0
    assert started[0] is not None and started[0]["TUTOR_LANG"] == "zh"
    assert main(["lab", str(tmp_path / "course"), "--no-browser"]) == 0
    assert started[1] is None  # without --lang: the environment as it is


def test_the_command_language_ends_with_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    from tutor.cli import main

    assert main(["--lang", "zh", "score", "huangyan", "123m456p789s111z55z", "--win-tile",
                 "5z"]) == 0
    assert "单钓" in capsys.readouterr().out
    assert language() == "en"


def test_a_line_the_catalog_does_not_know_shows_its_chinese_name() -> None:
    from tutor.variants.hangzhou.scoring import ScoreLine as HangzhouLine
    from tutor.variants.huangyan.sheet import ScoreLine

    line = ScoreLine("Thirteen Orphans", "十三幺", 0, 13)
    other = HangzhouLine("Golden Hook", 2, "a house rule", "金钩钓")
    with using_language("zh"):
        assert line.label == "十三幺" and str(line).startswith("十三幺：13 番")
        assert other.label == "金钩钓" and str(other) == "金钩钓：x2 [a house rule]"
        assert ScoreLine("Chow", "", 0).label == "顺子"
    assert line.label == "Thirteen Orphans (十三幺)"
