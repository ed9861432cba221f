"""The HTML a notebook shows for a sheet, a reckoning, a ledger or a settlement is in the
language chosen too: in Chinese no English word is left on screen (tiles and numbers aside)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest

from tutor.core.hand import Hand
from tutor.core.tiles import Tile, Wind
from tutor.i18n import using_language
from tutor.variants.guiyang import settle
from tutor.variants.guiyang.handfile import load_hand
from tutor.variants.hangzhou.gamefile import replay
from tutor.variants.hangzhou.scoring import Situation, score
from tutor.variants.hangzhou.special import first_turn_matching, ten_honors_win
from tutor.variants.huangyan import reckon, score_non_winner, score_winner

from .cases import DATA

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH

SHOWN: dict[str, Callable[[], object]] = {
    "huangyan sheet": lambda: score_winner("123m456p789s111z55z", "5z"),
    "huangyan partial": lambda: score_non_winner("111z222z333z44z 5m 7p"),
    "huangyan reckoning": lambda: reckon(winner=S, totals={E: 20, S: 28, W: 6, N: 12},
                                         liable=W, stacks={E: 20, S: 20, W: 10, N: 20}),
    "hangzhou sheet": lambda: score(Hand.parse("11m22m33p44p55s66s白", "hangzhou").add(
        Tile.parse("5z")), Tile.parse("5z"), Situation(joker_discards=1)),
    "hangzhou special": lambda: ten_honors_win(11),
    "hangzhou first turn": lambda: first_turn_matching(
        [Tile.parse(t) for t in ("2p", "2p", "2p", "5z")], (4, 5)),
    "hangzhou ledger": lambda: replay(json.loads(
        (DATA / "hangzhou" / "full_game.json").read_text(encoding="utf-8"))),
    "guiyang settlement": lambda: settle(load_hand(DATA / "guiyang" / "hot_discard_shares.json")),
    "guiyang draw": lambda: settle(load_hand(DATA / "guiyang" / "draw_2_ready.json")),
}


def _words(html: str) -> list[str]:
    text = re.sub(r"<[^>]+>|&\w+;", " ", html)  # tags, attributes, &gt;: not on screen
    text = re.sub(r"\[[^\]\u4e00-\u9fff]*\]", "", text)  # a game file's own notes
    return re.findall(r"[A-Za-z]{2,}", text)


@pytest.mark.parametrize("name", sorted(SHOWN))
def test_html_in_chinese_has_no_english_word(name: str) -> None:
    shown = SHOWN[name]()
    english = shown._repr_html_()  # type: ignore[attr-defined]
    assert _words(english), "the check can fail: the English page has English words"
    with using_language("zh"):
        chinese = shown._repr_html_()  # type: ignore[attr-defined]
        text = str(shown)
    assert _words(chinese) == []
    assert re.sub(r"\[[^\]\u4e00-\u9fff]*\]", "", text) and not re.findall(
        r"[A-Za-z]{2,}", re.sub(r"\[[^\]\u4e00-\u9fff]*\]", "", text))
    assert shown._repr_html_() == english  # type: ignore[attr-defined]  # back in English
