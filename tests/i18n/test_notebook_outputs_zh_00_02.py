"""Notebooks 00-02 of the Chinese edition show no English in their committed outputs, and the
package texts they show (waits, efficiency, the hand builder's analysis, the errors met when
typing a bad hand, the honors' corner index) are Chinese in Chinese and unchanged in English."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from tutor.core.hand import Hand
from tutor.core.notation import parse_hand
from tutor.core.waits import efficiency, waits
from tutor.display.svg import tiles_svg
from tutor.errors import HandError, NotationError
from tutor.i18n import using_language
from tutor.study.hand_builder import HandBuilder

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ("00_start_here", "01_how_a_hand_is_played", "02_tiles_hands_waits")

#: words a Chinese page may show: code a cell prints as Python writes it (a tile's repr
#: ``Tile.parse('5p')``, ``HandBuilder(huangyan: ...)``'s stable line with the variants' code
#: names, Python's True and None) and the name of a standard
ALLOWED = frozenset({"Tile", "parse", "HandBuilder", "huangyan", "hangzhou", "guiyang", "True",
                     "None", "Unicode"})
_WORD = re.compile(r"[A-Za-z]{2,}")


def english_words(text: str) -> list[str]:
    """The English words of ``text`` (code in backticks aside) not in :data:`ALLOWED`."""
    text = re.sub(r"`[^`]*`", " ", text)
    return [w for w in _WORD.findall(text) if w not in ALLOWED]


def _visible(output: dict[str, object]) -> list[str]:
    """What a learner reads of one output (as /work/wt/scan_zh.py sees it): HTML and SVG text
    without tags, styles and scripts; markdown; plain text only where nothing richer exists."""
    data = output.get("data") or {"text/plain": output.get("text", "")}
    assert isinstance(data, dict)
    texts = []
    for mime in ("text/html", "image/svg+xml", "text/markdown", "text/plain"):
        if mime not in data:
            continue
        if mime == "text/plain" and any(m in data for m in (
                "text/html", "image/svg+xml", "text/markdown",
                "application/vnd.jupyter.widget-view+json")):
            continue
        value = data[mime]
        text = "".join(value) if isinstance(value, list) else str(value)
        if mime in ("text/html", "image/svg+xml"):
            text = re.sub(r"<(style|script).*?</\1>", " ", text, flags=re.S)
            text = html.unescape(re.sub(r"<[^>]*>", " ", text))
        texts.append(text)
    return texts


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_the_chinese_notebook_shows_no_english_word(name: str) -> None:
    notebook = json.loads((ROOT / "notebooks" / "zh" / f"{name}.ipynb").read_text("utf-8"))
    found = {}
    for number, cell in enumerate(notebook["cells"]):
        words = [w for output in cell.get("outputs", []) for text in _visible(output)
                 for w in english_words(text)]
        if words:
            found[number] = sorted(set(words))
    assert not found, f"English in the outputs of notebooks/zh/{name}.ipynb: {found}"


def test_the_scanner_sees_english() -> None:
    """The check above can fail: English in an output is found, allowed code is not."""
    output = {"output_type": "stream", "text": "123m: ready, waiting on 3s (4 left)"}
    assert [w for t in _visible(output) for w in english_words(t)] == ["ready", "waiting",
                                                                       "on", "left"]
    svg = {"data": {"image/svg+xml": "<svg><text>Wh</text></svg>", "text/plain": "Picture"}}
    assert [w for t in _visible(svg) for w in english_words(t)] == ["Wh"]
    assert english_words("Tile.parse('5p') | 五筒 | `HandError` True") == []


# The English of what these notebooks print, as it was before it went through the catalog.
ENGLISH = {
    "waits": "1111222233334m: ready, waiting on 4m (3 left), 5m (4 left); dead waits (all four "
             "copies held): 1m, 2m, 3m",
    "not ready": "1m999s [111m] [789p] [567s]: not ready (shanten 1); dead waits (all four "
                 "copies held): 1m",
    "joker": "45m56p777s222577z: ready, waiting on 3m (4 left), 6m (4 left), 4p (4 left), 7p (4 "
             "left); a drawn joker (白) also wins",
    "efficiency": "34568m2457p11s356z: shanten 2\n  discard 3z: shanten 2, 12 tiles (3 kinds): "
                  "7m 3p 6p",
    "builder": "Huangyan Reckoning: 1112345678999m (13 tiles)\nReady (shanten 0), waiting on "
               "1m (1 left), 2m (3 left), 3m (3 left), 4m (3 left), 5m (3 left), 6m (3 left), "
               "7m (3 left), 8m (3 left), 9m (1 left): 23 winning tiles left.",
    "builder 14": "Huangyan Reckoning: 23456m678p11123s5z (14 tiles)\nNot complete: shanten 0.\n"
                  "  discard 5z: shanten 0, 11 tiles (3 kinds): 1m 4m 7m",
    "builder short": "Hangzhou: 123m (3 tiles)\nAdd 10 more tiles to see the waits.",
    "summary": "HandBuilder(huangyan: 45m56p777s222577z, not ready, shanten 1)",
}

BAD_HANDS = {
    "11111m": "cannot read '11111m' at position 4: a fifth copy of 1m (1 of Characters); a set "
              "has only four",
    "123 456m": "cannot read '123 456m' at position 0: '123' has no suit (write 123m, 123p, "
                "123s or 123z)",
    "12x3m": "cannot read '12x3m' at position 2: unknown character 'x' (tiles are digits with "
             "m, p, s or z, or the honors 東南西北白發中)",
    "[124m]": "cannot read '[124m]' at position 0: malformed meld '[124m]': expected three "
              "consecutive tiles of one suit, three identical tiles or four",
    "123m 東/guiyang": "cannot read '123m 東' at position 5: 1z (East) is not used in Guiyang "
                      "Chicken: its 108 tiles are the three suits only, no honors",
    "123m [白白白]/hangzhou": "cannot read '123m [白白白]': 123m [555z]: a joker (5z) can never "
                          "be shown in a chow, pong or exposed kong ([555z])",
}


def _texts() -> dict[str, str]:
    builder = HandBuilder("huangyan", "111234567899m")
    builder.add("9m")
    fourteen = HandBuilder("huangyan", "23456m 678p 11123s 5z")
    short = HandBuilder("hangzhou", "123m")
    honors = HandBuilder("huangyan", "45m 56p 777s 南南南 中中 白")
    return {
        "waits": str(waits(Hand.parse("1111222233334m"))),
        "not ready": str(waits(Hand.parse("1m999s [111m] [789p] [567s]"))),
        "joker": str(waits(parse_hand("45m 56p 777s 南南南 中中 + 白", "hangzhou"), "hangzhou")),
        "efficiency": "\n".join(str(efficiency(Hand.parse("34568m 2457p 11s 356z"))
                                    ).splitlines()[:2]),
        "builder": str(builder.analysis()),
        "builder 14": "\n".join(str(fourteen.analysis()).splitlines()[:3]),
        "builder short": str(short.analysis()),
        "summary": honors.summary(),
    }


def _error(case: str) -> str:
    text, _, variant = case.partition("/")
    with pytest.raises(NotationError) as caught:
        parse_hand(text, variant or None)
    return str(caught.value)


def test_english_is_unchanged() -> None:
    with using_language("en"):
        assert _texts() == ENGLISH
        assert {case: _error(case) for case in BAD_HANDS} == BAD_HANDS


def test_in_chinese_no_english_word() -> None:
    with using_language("zh"):
        texts = {**_texts(), **{case: _error(case) for case in BAD_HANDS}}
    for name, text in texts.items():
        assert not english_words(text), (name, text)
        assert text != ENGLISH.get(name, BAD_HANDS.get(name))
    assert "向听数" in texts["efficiency"] and "剩 3 张" in texts["waits"]


def test_an_error_keeps_its_english_in_args() -> None:
    """``str(error)`` is translated when shown; ``error.args[0]`` stays the English."""
    builder = HandBuilder("huangyan", "45m 56p 777s 南南南 中中 白")
    with pytest.raises(HandError) as caught:
        builder.set_variant("guiyang")
    with using_language("zh"):
        assert "贵阳" in str(caught.value) and not english_words(str(caught.value))
    with using_language("en"):
        assert str(caught.value) == caught.value.args[0]
    assert caught.value.args[0] == ("cannot switch to Guiyang Chicken, the hand is kept: "
                                    "45m56p777s222577z: 2z (South) is not used in Guiyang "
                                    "Chicken (its set has 108 tiles, no honors)")


def test_the_honors_corner_index() -> None:
    """The white dragon's corner reads Wh in English, 白 in Chinese (no Latin letters)."""
    with using_language("en"):
        english = tiles_svg("1234567z")
    with using_language("zh"):
        chinese = tiles_svg("1234567z")
    index = re.compile(r'class="index"[^>]*>([^<]*)<')
    assert index.findall(english) == ["E", "S", "W", "N", "Wh", "G", "R"]
    assert index.findall(chinese) == list("東南西北白發中")
