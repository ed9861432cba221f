"""The game's words in Chinese are the glossary's: a marked text that names a glossary term (a
score sheet line, a chicken, a bean, a pattern, a category) is translated with the term's
Chinese name, as ``notebooks/glossary.md`` gives it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tutor.i18n import localize, using_language

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "notebooks" / "glossary.md"
PO = ROOT / "tutor" / "locale" / "zh" / "LC_MESSAGES" / "tutor.po"

#: marked texts that read like a glossary term but mean something else here, and why
OTHER_MEANING = {
    "Set": "the hand builder's button that reads the hand typed (设定), not a group of tiles",
    "hand": "a column of hand numbers (第几局), not the tiles one holds (手牌)",
    "tenpai": "the Guiyang category of the payments after a draw: the glossary's tenpai "
              "settlement, 查叫",
    "stack": "the Huangyan walker's column of the points a player has on the table (台面), "
             "not two tiles in the wall (墩)",
}
#: the same for a text in a context (``pgettext``, ``pmessage``)
OTHER_MEANING_IN_CONTEXT = {
    ("win", "discard"): "how a hand was won, on a discard: 点炮胡, not the act of discarding",
    ("event", "discard"): "the log's verb before the tile thrown, 打出 3p (打牌 is the act in "
                          "general)",
    ("way of winning", "discard"): "a summary's count of wins on a discard: 点炮, not the act "
                                   "of discarding",
    ("won by", "discard"): "the Hangzhou explorer's menu of how the hand was won: on a discard, "
                           "点炮胡, not the act of discarding",
    ("result", "draw"): "the Hangzhou tally's hand that ends without a winner: an exhaustive "
                        "draw, 荒庄, not taking a tile (摸牌)",
    ("bean", "concealed kong"): "the kind of a bean, named as the bean: the glossary's "
                                "concealed kong bean, 闷豆",
    ("bean", "added kong"): "the kind of a bean: the added kong bean, 转弯豆",
    ("bean", "exposed kong"): "the kind of a bean: the exposed kong bean, 明豆",
}


def glossary() -> dict[str, list[str]]:
    """Each English name of the glossary (``Concealed Kong / concealed kong``: both), lower
    case, with its simplified Chinese names (``将 / 对子 (將 / 對子)``: 将 and 对子)."""
    out: dict[str, list[str]] = {}
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or cells[0] in ("term", "---"):
            continue
        simplified = re.sub(r"\s*\(.*\)\s*$", "", cells[1])
        chinese = [c.strip() for c in re.split(r"[/、]", simplified) if c.strip()]
        for name in cells[0].split(" / "):
            out.setdefault(name.strip().lower(), []).extend(chinese)
    return out


def named_terms() -> list[tuple[str, str, list[str]]]:
    """The catalog's texts that are a glossary term (or a term with its Chinese in brackets,
    ``fixed chicken (幺鸡)``), with their translation and the term's Chinese names."""
    terms = glossary()
    with PO.open("rb") as handle:
        catalog = read_po(handle, locale="zh")
    out = []
    for message in catalog:
        if not message.id or not isinstance(message.id, str):
            continue
        name = re.sub(r"\s*\([^)]*\)$", "", message.id).lower()
        if (name in terms and message.id not in OTHER_MEANING
                and (message.context, message.id) not in OTHER_MEANING_IN_CONTEXT):
            out.append((message.id, message.string, terms[name]))
    return out


def test_the_glossary_is_read() -> None:
    terms = glossary()
    assert terms["liability chicken"] == ["责任鸡"]
    assert terms["pair"] == ["将", "对子"] and terms["eyes"] == ["将", "对子"]
    assert "concealed kong" in terms and "Concealed Kong".lower() in terms


def test_the_game_words_are_many() -> None:
    found = {term for term, _, _ in named_terms()}
    assert len(found) >= 60
    assert {"Little Four Winds", "After a gang", "Tile Hog", "charging chicken",
            "concealed kong bean (闷豆)", "Pure dragon pairs (清龙七对)"} <= found


@pytest.mark.parametrize(("term", "translation", "chinese"),
                         [pytest.param(*t, id=t[0]) for t in named_terms()])
def test_a_game_word_is_the_glossary_name(term: str, translation: str,
                                          chinese: list[str]) -> None:
    assert any(c in translation for c in chinese), (
        f"{term!r} is {translation!r} but the glossary names it {' / '.join(chinese)}")


def test_the_sheets_print_the_glossary_names() -> None:
    from tutor.variants.guiyang import ChickenKind
    from tutor.variants.huangyan import score_winner

    with using_language("zh"):
        sheet = str(score_winner("123m456p789s111z55z", "5z"))
        assert "单钓" in sheet and "箭牌对" in sheet and "门风刻" in sheet
        assert localize(ChickenKind.CHARGING.value) == "冲锋鸡"
