"""The generator of the rule book (python -m tutor.docs): spans, rewrite, check, the CLI, and
the tables it builds from the rulesets."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.core.variant import Variant
from tutor.docs import (
    BLOCKS,
    DocsError,
    block,
    book_language,
    book_paths,
    check,
    examples,
    generate,
    hand_typed_numbers,
    tables,
    value,
)
from tutor.docs.__main__ import main
from tutor.i18n import using_language
from tutor.variants.guiyang.rules import GUIYANG_RULES
from tutor.variants.hangzhou.rules import HANGZHOU
from tutor.variants.huangyan.rules import HUANGYAN_RULES

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ("# A book\n\nThe ante is <!-- value huangyan.ante -->0<!-- end --> points.\n\n"
          "<!-- generated: huangyan-pairs -->\nold table\n<!-- end generated -->\n")


def test_generate_fills_values_and_blocks() -> None:
    out = generate(SAMPLE)
    assert f"<!-- value huangyan.ante -->{HUANGYAN_RULES.ante}<!-- end -->" in out
    assert "| Dragon Pair | 箭牌对 | 2 | `dragon_pair` |" in out
    assert "old table" not in out
    assert generate(out) == out  # a second run changes nothing


def test_check_names_each_stale_span(tmp_path: Path) -> None:
    path = tmp_path / "book.md"
    path.write_text(SAMPLE, encoding="utf-8")
    stale = check([path])
    assert len(stale) == 2
    assert stale[0].startswith("book.md: line 3: huangyan.ante holds '0'")
    path.write_text(generate(SAMPLE), encoding="utf-8")
    assert check([path]) == []


def test_cli_check_and_rewrite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "book.md"
    path.write_text(SAMPLE, encoding="utf-8")
    assert main(["--check", str(path)]) == 1
    assert "huangyan.ante" in capsys.readouterr().err
    assert main([str(path)]) == 0
    assert main(["--check", str(path)]) == 0
    assert main(["--check", str(tmp_path / "missing.md")]) == 2
    assert "no such rule book file" in capsys.readouterr().err


def test_cli_lists_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--list"]) == 0
    out = capsys.readouterr().out
    assert "huangyan-sets" in out and "hangzhou_play.max_chows" in out


def test_unknown_names_are_errors() -> None:
    with pytest.raises(DocsError, match="unknown generated block 'nope'"):
        block("nope")
    with pytest.raises(DocsError, match=r"unknown value 'huangyan\.nope'"):
        value("huangyan.nope")
    with pytest.raises(DocsError, match="unknown value"):
        generate("a <!-- value huangyan.nope -->1<!-- end -->")


def test_a_value_may_not_start_a_line() -> None:
    with pytest.raises(DocsError, match="starts a line"):
        generate("text\n<!-- value huangyan.ante -->20<!-- end --> more\n")


def test_an_unclosed_block_is_an_error() -> None:
    with pytest.raises(DocsError, match="no '<!-- end generated -->'"):
        generate("<!-- generated: huangyan-pairs -->\n| a |\n")


def test_hand_typed_numbers_are_found_outside_spans_and_code() -> None:
    body = ("Twenty in words is fine, `20` in code too, and a "
            "<!-- value huangyan.ante -->20<!-- end --> value.\n"
            "[a link](../03_huangyan_scoring.ipynb)\n"
            "But 20 typed by hand is not.\n")
    assert hand_typed_numbers(body) == ["line 3: But 20 typed by hand is not."]


def test_every_block_renders_a_table() -> None:
    for name in BLOCKS:
        lines = block(name).splitlines()
        assert lines[0].startswith("| ") and lines[1].startswith("| ---"), name


def test_tables_follow_the_ruleset_they_are_given() -> None:
    assert "| Chow | 顺子 | 1 (`chow`) | 1 (`chow`) |" in tables.huangyan_sets(
        HUANGYAN_RULES.replace(chow=1))
    app = GUIYANG_RULES.app_table()
    assert "| Seven pairs | 七对 | 10 | 10 |" in tables.guiyang_patterns(app, app)


def test_field_table_shows_every_field_of_its_group() -> None:
    table = block("hangzhou-multipliers")
    for name in ("three_white_dragons", "after_gang", "tile_hog"):
        assert f"| {getattr(HANGZHOU, name)} | `{name}` |" in table


def test_options_tables_give_the_choices() -> None:
    assert "| `rounding` | up | up or down |" in block("huangyan-options")
    assert "| `limit` | none | a whole number, or none |" in block("huangyan-options")
    assert "| `scoring` | multiply | multiply or mil-fan |" in block("hangzhou-options")


def test_equipment_is_measured_from_the_engine() -> None:
    assert "| tiles in the set | 108 |" in block("guiyang-equipment")
    assert "| dead wall | 20 tiles |" in block("hangzhou-equipment")
    assert "| live wall after the deal | 67 |" in block("huangyan-equipment")
    assert value("engine.hangzhou.kong_live_cost") == "2"
    assert value("engine.deal.each") == "13" and value("engine.deal.dealer") == "14"


def test_play_switches_per_game() -> None:
    table = block("play-switches")
    assert "| several players may win on one discard | `multiple_winners` | no | no | yes |" \
        in table
    assert "| kongs that may be robbed | `robbable` | open and added kongs | none | added kongs |" \
        in table


def test_comparison_names_the_three_games() -> None:
    table = tables.comparison()
    for variant in Variant:
        assert variant.chinese in table
    assert "self-draw only" in table


def test_the_huangyan_examples_agree_except_the_known_slip() -> None:
    nets = block("huangyan-nets")
    disagree = [line.split(" | ")[0].strip("| ") for line in nets.splitlines()[2:]
                if line.endswith("| no |")]
    assert disagree == ["South", "sum"]
    for number in (1, 2):
        assert "| no |" not in block(f"huangyan-example-{number}")
    assert value("example.huangyan.example1.south_net") == "-1"
    assert value("example.huangyan.example1.south_text") == "+27"


def test_the_hangzhou_examples_agree_except_the_immediate_win() -> None:
    rows = block("hangzhou-examples").splitlines()[2:]
    disagree = [row.split(" | ")[0].strip("| ") for row in rows if row.endswith("| no |")]
    assert disagree == ["Example 1, immediate win"]
    assert len(rows) == len(examples.TEXT_HANGZHOU)
    assert "| no |" not in block("hangzhou-waits")


def test_the_stage_table_shows_the_literal_count_drifting() -> None:
    rows = block("huangyan-stage-kongs").splitlines()[2:]
    literal = [int(re.split(r" \| ", row)[2]) for row in rows]
    project = {int(re.split(r" \| ", row)[3].strip(" |")) for row in rows}
    assert literal == sorted(literal) and len(set(literal)) == len(rows)
    assert project == {HUANGYAN_RULES.live_tile_stage_threshold}


def test_the_repository_books_are_current() -> None:
    books = [ROOT / "notebooks" / "rules" / f"{v.value}.md" for v in Variant]
    assert main(["--check", *map(str, books)]) == 0
    assert main(["--check"]) == 0  # both editions, each in its language


def test_a_book_is_written_in_its_editions_language(tmp_path: Path) -> None:
    assert [book_language(p) for p in book_paths(ROOT)] == ["en"] * 3
    assert [book_language(p) for p in book_paths(ROOT, "zh")] == ["zh"] * 3
    assert all(p.is_file() for p in book_paths(ROOT, "zh"))
    chinese = generate(SAMPLE, "zh")
    assert "| 箭牌对 | Dragon Pair | 2 | `dragon_pair` | 任何一种箭牌的对子 |" in chinese
    assert "| 项目 | 英文 | 值 | 规则集字段 | 什么时候算 |" in chinese
    with using_language("zh"):  # the language of the moment does not leak into a book
        assert generate(SAMPLE) == generate(SAMPLE, "en")
        assert block("huangyan-pairs") == block("huangyan-pairs", "zh")  # a notebook's
    folder = tmp_path / "zh" / "rules"
    folder.mkdir(parents=True)
    path = folder / "huangyan.md"
    path.write_text(generate(SAMPLE, "en"), encoding="utf-8")
    assert len(check([path])) == 1  # English tables are stale in a Chinese book
    assert main([str(path)]) == 0 and path.read_text(encoding="utf-8") == chinese
    assert check([path]) == []
