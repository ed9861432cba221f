"""The widgets in Chinese, without a browser: a widget made after ``set_language("zh")`` carries
Chinese labels, buttons, messages and texts for its JavaScript; one made in English is as before;
every text the JavaScript shows is listed for translation (``texts.SCREEN``)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from tutor.display.widgets.texts import SCREEN, screen_texts
from tutor.i18n import using_language

STATIC = Path(__file__).resolve().parents[2] / "tutor" / "display" / "widgets" / "static"
#: tile notation and the tiles' Latin corner indexes (part of the picture), kept in Chinese
_KEPT = re.compile(r"(?<![A-Za-z])(?:[1-9]+[mpsz]|Wh)(?![A-Za-z])")
#: the state of a widget that is not text a learner reads (code, style, data, names of CSS)
_NOT_TEXT = {"_esm", "_css", "_sprite", "_texts", "wall_svg", "action", "variant", "kind", "seat",
             "place", "role", "key", "grade", "_view", "message_kind", "mode", "viewer", "turn",
             "offer_from", "last_discard", "ring", "marks", "rows", "left", "joker", "tiles",
             "discards", "concealed", "drawn", "played_tiles", "preferred_tiles", "offer",
             "discardable", "highlight", "highlight_tiles", "suggest", "claimed", "chinese"}


def english(text: str) -> list[str]:
    text = re.sub(r"<style.*?</style>", " ", text, flags=re.S)
    text = re.sub(r"<[^>]+>|&\w+;", " ", text)
    return re.findall(r"[A-Za-z]{2,}", _KEPT.sub(" ", text))


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in _NOT_TEXT:
                yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, str):
        yield value


def shown(root: widgets.Widget) -> list[str]:
    """Every text a widget tree shows: descriptions, tooltips, options, HTML, the table's and
    the review's data, messages."""
    out: list[str] = []
    seen: set[int] = set()

    def visit(widget: widgets.Widget) -> None:
        if id(widget) in seen:
            return
        seen.add(id(widget))
        state = widget.get_state()
        for name in ("description", "tooltip", "placeholder", "_options_labels", "titles",
                     "table", "panel", "hint", "message", "result", "hand_label", "pick_label"):
            if name in state:
                out.extend(_strings(state[name]))
        if isinstance(widget, (widgets.HTML, widgets.Label)):
            out.append(widget.value)
        for child in getattr(widget, "children", ()):
            visit(child)

    visit(root)
    return out


def _words(root: widgets.Widget) -> list[str]:
    return sorted({w for text in shown(root) for w in english(text)})


def test_every_text_of_the_javascript_is_listed() -> None:
    written = {json.loads(m.group(1)) for path in STATIC.glob("*.js")
               for m in re.finditer(r'mt[TN]\(("(?:[^"\\]|\\.)*")', path.read_text("utf-8"))}
    assert len(written) > 80
    assert written == set(SCREEN)


def test_the_screen_texts_follow_the_language() -> None:
    assert screen_texts() == {}  # English: the files' own words
    with using_language("zh"):
        texts = screen_texts()
    assert texts["Hint"] == "提示" and texts["Take back"] == "悔一步"
    assert texts["name:mt-5m"] == "五万" and texts["name:mt-5z-j"] == "白板（财神）"
    assert texts["name:mt-1z"] == "东风" and texts["tip:mt-3p"] == "三筒 (3p)"
    assert all(value for value in texts.values())
    missing = [text for text in SCREEN if texts[text] == text and english(text)]
    assert missing == []


def test_a_play_table_made_in_chinese() -> None:
    from tutor.display.widgets.play import PlayView

    english_view = PlayView("huangyan", seed=7)
    assert "Hint" not in json.dumps(english_view.widget._texts)
    assert _words(english_view.box), "the check can fail: the English table has English words"
    assert english_view.review_button.description == "Review my hand"
    with using_language("zh"):
        view = PlayView("huangyan", seed=7)
        view.show_hint()
        assert view.review_button.description == "复盘我的牌"
        assert view.widget._texts["Hint"] == "提示"
        table = view.widget.table
        assert table["seats"][0]["name"] == "东家" and table["title"] == "黄岩麻将"
        assert table["log"][:2] == ["骰子：5+3", "发牌：每家 13 张，庄家 14 张"] \
            or table["log"][0].startswith("骰子：")
        assert view.widget.hint.startswith("教练的打法：")
        assert _words(view.box) == []
        for _ in range(300):  # to the end of the hand: the result, then the review
            if view.table.finished:
                break
            view.play(view.table.legal()[-1])
        assert view.table.finished and "<b>" in view.widget.result
        assert _words(view.box) == []
        replay = view.review_hand()
        assert replay is not None
        assert _words(replay.box) == []
        panel = replay.review_widget.panel
        assert panel["title"].endswith("的复盘") and panel["counts"][0]["label"] == "好"
    # made in English before, still English after
    assert english_view.review_button.description == "Review my hand"


@pytest.mark.parametrize("topic", ["waits", "shanten", "discard"])
def test_the_practice_app_made_in_chinese(topic: str, tmp_path: Path) -> None:
    from tutor.display.widgets.practice import PracticeView
    from tutor.study.progress import ProgressStore

    store = ProgressStore(tmp_path / "progress.json")
    with using_language("zh"):
        view = PracticeView(topic, level=2, seed=3, store=store, projector=False)
        check = view.check
        assert check is not None
        assert check.button.description == "检查"
        check.show_hint()
        check.answer("1m")
        check.reveal()
        assert _words(view.box) == [], shown(view.box)


def test_the_hand_builder_made_in_chinese() -> None:
    from tutor.display.widgets.hand_builder import HandBuilderView

    for variant, hand in (("hangzhou", "45m 56p 777s 南南南 中中 白"),
                          ("huangyan", "11123456789999m"), ("guiyang", "111234567899m")):
        with using_language("zh"):
            view = HandBuilderView(variant, hand)
            assert view.picker._texts["Add"] == "加入"
            assert _words(view.box) == [], shown(view.box)


@pytest.mark.parametrize("game", ["hands", "huangyan", "hangzhou", "guiyang"])
def test_the_test_yourself_quiz_made_in_chinese(game: str, tmp_path: Path) -> None:
    """Every question of a set answered (a wrong or unreadable answer, then "I don't know": the
    worked answer shows) to the final score."""
    from tutor.display.widgets.practice import TestYourselfView
    from tutor.study.progress import ProgressStore

    store = ProgressStore(tmp_path / "progress.json")
    with using_language("zh"):
        view = TestYourselfView(game, seed=2, store=store)
        assert view.next_button.description == "下一题"
        for _question in range(len(view.quiz.plan)):
            assert _words(view.box) == [], shown(view.box)
            view.answer("1m")
            assert _words(view.box) == [], shown(view.box)
            if not view.quiz.answered:
                view.skip()
            view.next()
        assert view.quiz.finished
        assert "十道题" in view.header.value and "最好成绩" in view.status.value


#: the English stepper of lesson 01 (labels, captions, pictures, texts of every step; two seats of
#: each game), as it was before it was translated: Chinese must not change a byte of it
_FIRST_TURNS_ENGLISH = "3b7da64e6057c88c12d53b0c7c791ba500008b3f95e1294ceda53ab3c144de24"


def _first_turns_digest() -> str:
    import hashlib

    from tutor.core.variant import Variant
    from tutor.display.widgets.first_turns import FirstTurnsView

    digest = hashlib.sha256()
    for variant in Variant:
        for seat in "ES":
            view = FirstTurnsView(variant, seed=34, seat=seat)
            digest.update(repr(view).encode())
            for w in (view.back, view.next, view.slider, view.game, view.seat, view.seed,
                      view.deal):
                digest.update(repr((w.description, getattr(w, "_options_labels", ()))).encode())
            for n in range(len(view.walk)):
                view.go(n)
                digest.update(view.caption.value.encode())
                digest.update(view.picture.value.encode())
                digest.update(str(view.walk.step(n)).encode())
            digest.update(str(view.walk).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("game", ["huangyan", "hangzhou", "guiyang"])
def test_the_first_turns_stepper_made_in_chinese(game: str) -> None:
    """Every step of lesson 01's stepper (from two seats, then dealt again) has no English word:
    buttons, slider, choices, caption and the picture of the table."""
    from tutor.core.tiles import Wind
    from tutor.display.widgets.first_turns import FirstTurnsView

    english_view = FirstTurnsView(game, seed=34, seat="S")
    assert _words(english_view.box), "the check can fail: the English stepper has English words"
    with using_language("zh"):
        for seat in ("S", "E"):
            view = FirstTurnsView(game, seed=34, seat=seat, moves=30)
            assert view.next.description == "下一步 ▶" and view.back.description == "◀ 后退"
            for number in range(len(view.walk)):
                view.go(number)
                assert _words(view.box) == [], (number, shown(view.box))
                assert english(str(view.walk.step(number))) == []
        view.seat.value = Wind.WEST
        view.seed.value = 5
        view.deal.click()
        assert view.number == 0 and _words(view.box) == [], shown(view.box)
        assert english(str(view.walk)) == []  # (its repr, for developers, stays English)
    assert english_view.next.description == "Next ▶"


def test_the_first_turns_stepper_in_english_is_as_before() -> None:
    assert _first_turns_digest() == _FIRST_TURNS_ENGLISH
    with using_language("zh"):
        _first_turns_digest()  # made in Chinese in between: English after it is unchanged
    assert _first_turns_digest() == _FIRST_TURNS_ENGLISH


#: the name of the format a Guiyang hand is pasted in (its button reads 载入 JSON)
_FORMAT = {"JSON"}


def _walker_words(root: widgets.Widget) -> list[str]:
    return [w for w in _words(root) if w not in _FORMAT]


def test_the_walkers_made_in_chinese_at_every_step() -> None:
    """Every preset of the three settlement walkers, at every step, reads in Chinese (what the
    walker shows, its setup and its buttons)."""
    from tutor.display.widgets.guiyang import SettlementWalkerView
    from tutor.display.widgets.hangzhou import TallyView
    from tutor.display.widgets.huangyan import SettlementWalkView
    from tutor.study.guiyang import PRESETS as GUIYANG
    from tutor.study.huangyan import PRESETS as HUANGYAN

    assert _words(SettlementWalkView().box), "the check can fail: the English walker"
    with using_language("zh"):
        for name in HUANGYAN:
            view = SettlementWalkView(name)
            assert view.next_button.description == "下一步 >"
            assert view.example_button.description == "恢复示例"
            while True:
                assert _walker_words(view.box) == [], (name, shown(view.box))
                if view.walk is None or view.walk.at_end:
                    break
                view.step(1)
            assert view.walk is not None and view.walk.current == len(view.walk.steps)
        tally = TallyView()
        tally.multiplier.value = 2
        tally._do(tally._add)  # a hand the learner added
        tally._do(tally.model.first)
        for _step in range(tally.model.steps):
            assert _walker_words(tally.box) == [], shown(tally.box)
            tally._do(tally.model.next)
        last = tally.model.steps - 1
        assert f"第 {last} 步，共 {last} 步" in tally.head.value
        walker = SettlementWalkerView()
        assert walker.load_button.description == "载入 JSON"
        for preset in GUIYANG:
            for table in ("original", "app"):
                walker._do(lambda p=preset: walker.model.load(p))
                walker.table.value = table
                for _step in range(walker.model.last_step + 1):
                    assert _walker_words(walker.box) == [], (preset, shown(walker.box))
                    walker._do(walker.model.next)
                assert walker.model.at_end


def test_the_what_if_panel_made_in_chinese() -> None:
    from tutor.display.widgets.whatif import WhatIfView

    english_view = WhatIfView("guiyang", hands=2)
    assert english_view.run() is not None and _words(english_view.box)
    with using_language("zh"):
        for game in ("huangyan", "hangzhou", "guiyang"):
            view = WhatIfView(game, hands=4)
            assert view.run_button.description == "运行"
            assert view.reset_button.description == "恢复示例"
            assert _words(view.box) == [], shown(view.box)
            assert view.run() is not None
            assert "统计项" in view.table.value and "<svg" in view.plot.value
            assert _words(view.box) == [], shown(view.box)


#: the English the Huangyan walker showed before it was translated (step head, then each
#: payment line), for "Rule text example 2 with stacks of 20"
_HUANGYAN_ENGLISH = [
    ["Step 0 of 4: Before any payment"],
    ["Step 1 of 4: Wave one: the winner collects",
     "wave 1: East pays North 12 (winner's total 12, the dealer pays in full)",
     "wave 1: South pays North 6 (half the winner's total 12)",
     "wave 1: West pays North 6 (half the winner's total 12)"],
    ["Step 2 of 4: Wave two, settlement 1: East 20 vs South 28: difference 8",
     "East pays South 8"],
    ["Step 3 of 4: Wave two, settlement 2: East 20 vs West 6: difference 14",
     "West pays East 14"],
    ["Step 4 of 4: Wave two, settlement 3: South 28 vs West 6: difference 22, halved (two "
     "non-dealers)", "West pays South 0 (11 due, capped at West's stack of 0)",
     "match over: yes"],
]


def _walk_texts(view: Any) -> list[str]:
    import html

    found = re.findall(r">([^<>]+)<", view.head.value + view.status.value)
    return [html.unescape(text) for text in found]


@pytest.mark.parametrize("made_in", ["en", "zh"])
def test_the_walkers_english_is_unchanged(made_in: str) -> None:
    """The English a walker shows is what it showed before the translation, and a walk made in
    Chinese keeps the same English in its data (its step titles)."""
    from tutor.display.widgets.huangyan import SettlementWalkView
    from tutor.study.hangzhou import TallyStepper
    from tutor.study.huangyan import SettlementWalk

    name = "Rule text example 2 with stacks of 20"
    view = SettlementWalkView(name)
    steps = []
    for _step in range(5):
        steps.append(_walk_texts(view))
        view.step(1)
    assert steps == _HUANGYAN_ENGLISH
    with using_language(made_in):
        walk = SettlementWalk.preset(name)
        tally = TallyStepper()
        tally_steps = [tally.at(i) for i in range(tally.steps)]
    titles = [walk.step_title]
    while walk.next() is not None:
        titles.append(walk.step_title)
    assert [str.__str__(t) for t in titles] == [h[0].split(": ", 1)[1] for h in steps]
    assert [(str.__str__(s.title), str.__str__(s.explanation)) for s in tally_steps[:2]] == [
        ("start", "everyone starts with 100; East deals"),
        ("hand 1: East wins x2 (White Dragon Pair Wait)",
         "the dealer East wins x2: nothing is paid now, 2 token(s) go on the tally (one token "
         "= 8 from each other player)")]


#: the name of the fan model's source (Mahjong International League), kept in Chinese
_MIL = {"MIL"}


def test_the_hangzhou_multiplier_explorer_made_in_chinese() -> None:
    """The multiplier explorer of lesson 06 reads in Chinese: its controls, the sheet under them
    (jokers, multipliers, product, payments) in both scoring modes, and a refused win."""
    from tutor.display.widgets.hangzhou import MultiplierView
    from tutor.variants.hangzhou.rules import ScoringMode
    from tutor.variants.hangzhou.scoring import WinSource

    english_view = MultiplierView()
    assert english_view.source.description == "Won by:"
    assert "Before the draw: waiting on" in english_view.output.value
    assert _words(english_view.box), "the check can fail: the English explorer"
    with using_language("zh"):
        view = MultiplierView()
        assert view.source.description == "胡牌方式："
        assert view.scoring._options_labels == ("规则原文：相乘", "MIL 番制")
        setups = [{}, {"scoring": ScoringMode.MIL_FAN}, {"tile_hog": True},
                  {"hand": "11m22m33m44m55m66m 白", "drawn": "9p", "kongs": 0},
                  {"hand": "123m456m789m 中中 白白", "drawn": "中", "kongs": 0},
                  {"hand": "123m456m789m 中中中 1p", "drawn": "1p", "kongs": 0,
                   "joker_discards": 0},
                  {"hand": "123m456m789m 中中中 東", "drawn": "1p", "kongs": 0},
                  {"source": WinSource.DISCARD}]
        for setup in setups:
            view.reset()
            for name, value in setup.items():
                getattr(view, name).value = value
            words = [w for w in _words(view.box) if w not in _MIL]
            assert words == [], (setup, view.output.value)


def test_the_huangyan_explorer_and_trainer_made_in_chinese() -> None:
    """Lesson 03's score-sheet explorer and lesson 05's Live Tile trainer read in Chinese: their
    controls (Set, winner/non-winner, Leave out, the situation's checkboxes, the options'
    dropdowns, Show safe tiles, Position, If won by, Reset to example), the sheet with its
    explanations, a non-winner's note, an error, a judged discard and what liability costs."""
    from tutor.display.widgets.huangyan import LiveTileView, ScoreSheetView
    from tutor.study.huangyan import POSITIONS

    assert _words(ScoreSheetView().box) and _words(LiveTileView().box), "the check can fail"
    with using_language("zh"):
        sheet = ScoreSheetView()
        assert sheet.set_button.description == "设定"
        assert sheet.example_button.description == "恢复示例"
        assert _words(sheet.box) == [], shown(sheet.box)
        sheet.role.value = False  # 14 tiles as a non-winner: the dropdown says Leave out
        assert sheet.win_tile.description == "去掉："
        assert _words(sheet.box) == [], shown(sheet.box)
        sheet.set_hand("123m456p789s111z5z6z")  # not a winning hand: an error, in Chinese
        sheet.role.value = True
        assert sheet.error is not None and _words(sheet.box) == [], shown(sheet.box)
        trainer = LiveTileView()
        assert trainer.show_safe.description == "显示熟牌"
        for name in POSITIONS:
            trainer.choose(name)
            trainer.show_safe.value = True
            for tile in list(trainer.discard_buttons):
                trainer.pick(tile)
                assert _words(trainer.box) == [], (name, tile, shown(trainer.box))
        assert sheet.summary().startswith("ScoreSheetView(")  # (a summary, for developers)
