"""The Chinese edition (notebooks/zh/) is the English course's twin, so the two cannot drift apart.

For every English notebook (00-08 and apps/), ``notebooks/zh/`` holds the notebook of the same
path, and:

* its cells are the English cells in the same order, with one more: the **language cell**, a code
  cell tagged ``language`` right after the first cell, whose code is hidden and calls
  ``set_language("zh")`` (the kernels of the tests and of ``tutor lab`` speak English unless told);
* every code cell has the same code, the same tags and the same hidden-or-shown input as its
  English twin: the same Python tokens but for its comments and docstrings, which are in the
  edition's language (as many, each with Chinese in it); markdown cells are translations and are
  not compared,
  except that
* the first cell of each edition is markdown that says how to switch: the other edition's path,
  ``tutor lab --lang zh`` and ``TUTOR_LANG``;
* the **checked outputs** agree wherever they do not depend on the language: a code cell has
  outputs in one edition exactly when it has them in the other; the same number of outputs, of the
  same output types in the same order, each with the same set of MIME types (stream outputs: the
  same stream names), and the same multiset of numbers in every plain-text output (streams and
  ``text/plain``): a translated sentence may put its numbers in another order, never change one;
  both editions were run through (every code cell has an execution count);
* the apps' example records are the same file in both editions.

The rule books of ``notebooks/zh/rules/`` have the English books' section structure (the same
sequence of heading levels), as many tables (each with as many columns and rows), and the same
generated spans and values. Each edition's spans are current in its own language
(:func:`tutor.docs.check`: the Chinese book's are what the generator makes in Chinese, not the
English text); and the twin spans agree in everything but words: the same block names in the
same order, each table with the same rows of the same number of cells, every row with the same
numbers, and the code of the English row (field names, tiles) in the Chinese one; every value
with the same numbers. The Chinese glossary
carries every English glossary term with the same Chinese name. Every relative link of the
Chinese edition resolves inside ``notebooks/zh``. The checks return their problems, and the last
tests show that each one fails on a twin broken on purpose.
"""

from __future__ import annotations

import copy
import io
import json
import re
import tokenize
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tutor.docs import block, book_language, check, spans

ROOT = Path(__file__).resolve().parents[2]
EN = ROOT / "notebooks"
ZH = EN / "zh"
ENGLISH = sorted(p.relative_to(EN).as_posix() for p in EN.glob("**/*.ipynb")
                 if not p.relative_to(EN).as_posix().startswith(("zh/", ".")) and
                 ".ipynb_checkpoints" not in p.parts)
RULE_BOOKS = sorted(p.name for p in (EN / "rules").glob("*.md"))
NUMBER = re.compile(r"(?<![A-Za-z0-9_.])-?\d+(?:\.\d+)?(?![A-Za-z0-9_])")  # CJK may touch a number
FINGERPRINT = re.compile(r"\b[0-9a-f]{12}\b")
#: a suited tile's Chinese name (一万, 五筒, 九条): its rank is a number, as in "5 of Dots"
TILE_NAME = re.compile(r"([一二三四五六七八九])[万筒条]")
HEADING = re.compile(r"^(#{1,6}) \S", re.MULTILINE)
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
SPAN = re.compile(r"<!-- (generated|value):? (\S+) -->")
LINK = re.compile(r"\]\(([^)\s#]+)(#[^)]*)?\)")
CODE = re.compile(r"`([^`]+)`")
PLAIN = ("text/plain",)
CJK = re.compile(r"[\u4e00-\u9fff]")


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def is_language_cell(cell: dict[str, Any]) -> bool:
    return cell["cell_type"] == "code" and "language" in cell.get("metadata", {}).get("tags", [])


def _hidden(cell: dict[str, Any]) -> bool:
    return bool(cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"))


def _tags(cell: dict[str, Any]) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def numbers(text: str) -> Counter[str]:
    """The numbers a text holds, as a multiset (``-1``, ``22``, ``0.5``; not digits in words,
    nor an exercise's answer fingerprint, 12 hexadecimal digits that depend on the language of
    its worked answer)."""
    return Counter(NUMBER.findall(FINGERPRINT.sub(" ", text)))


def output_numbers(text: str) -> Counter[str]:
    """The numbers of a cell's output; a suited tile's Chinese name counts its rank (五筒 is
    the 5 of "5 of Dots")."""
    return numbers(TILE_NAME.sub(lambda m: f" {'一二三四五六七八九'.index(m[1]) + 1} ", text))


def coalesced(outputs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Outputs as nbval compares them: consecutive writes to one stream are one output (how a
    kernel cuts a printed text into messages is not the notebook's), empty ones none."""
    out: list[dict[str, Any]] = []
    for output in outputs:
        if output["output_type"] == "stream":
            if out and out[-1]["output_type"] == "stream" and out[-1]["name"] == output["name"]:
                out[-1] = {**out[-1], "text": _text(out[-1]["text"]) + _text(output["text"])}
                continue
            if not _text(output.get("text", "")):
                continue
        out.append(output)
    return out


def output_signature(output: dict[str, Any]) -> tuple[str, ...]:
    """What must be the same in both editions: the output type and its stream or MIME types."""
    if output["output_type"] == "stream":
        return ("stream", output.get("name", ""))
    return (output["output_type"], *sorted(output.get("data", {})))


def plain_texts(output: dict[str, Any]) -> list[str]:
    if output["output_type"] == "stream":
        return [_text(output.get("text", ""))]
    return [_text(output["data"][kind]) for kind in PLAIN if kind in output.get("data", {})]


def _docstrings(tokens: list[tokenize.TokenInfo]) -> set[int]:
    """The positions of the docstrings among ``tokens``: a string that is the first statement
    of a function's or class's body."""
    found = set()
    for n, token in enumerate(tokens):
        if token.type != tokenize.STRING:
            continue
        before = [t for t in tokens[:n] if t.type not in (tokenize.NL, tokenize.COMMENT)]
        after = [t for t in tokens[n + 1:] if t.type not in (tokenize.NL, tokenize.COMMENT)]
        if before and before[-1].type == tokenize.INDENT and after and (
                after[0].type == tokenize.NEWLINE):
            found.add(n)
    return found


def code_and_comments(source: str) -> tuple[list[tuple[int, str]], list[str]]:
    """A code cell's Python tokens without its comments and docstrings (types and strings: not
    where they stand, so a comment's length may move what follows it), and its comments and
    docstrings, the words a reader of the code reads."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):  # not Python (a magic): the text itself
        return [(0, source)], []
    notes = _docstrings(tokens) | {n for n, t in enumerate(tokens) if t.type == tokenize.COMMENT}
    code = [(t.type, t.string) for n, t in enumerate(tokens) if n not in notes]
    return code, [t.string for n, t in enumerate(tokens) if n in notes]


def comment_problems(english: str, chinese: str) -> list[str]:
    """Comments of a Chinese code cell that are not its English twin's in Chinese."""
    en, zh = code_and_comments(english)[1], code_and_comments(chinese)[1]
    if len(en) != len(zh):
        return [f"{len(zh)} comments, not {len(en)}"]
    return [f"a comment or docstring in English: {c!r}" for c in zh if not CJK.search(c)]


def first_cell_problems(cell: dict[str, Any], other_edition: str) -> list[str]:
    if cell["cell_type"] != "markdown":
        return ["the first cell is not markdown"]
    text = _text(cell["source"])
    wanted = (other_edition, "tutor lab --lang zh", "TUTOR_LANG")
    return [f"the first cell does not say {w!r}" for w in wanted if w not in text]


def twin_problems(english: dict[str, Any], chinese: dict[str, Any], relative: str) -> list[str]:
    """Everything in which ``chinese`` is not the twin of ``english`` (see the module's text)."""
    depth = relative.count("/")
    problems = first_cell_problems(english["cells"][0], f"zh/{relative}")
    problems += [f"zh: {p}" for p in first_cell_problems(
        chinese["cells"][0], "../" * (depth + 1) + relative)]
    cells = chinese["cells"]
    language = [n for n, cell in enumerate(cells) if is_language_cell(cell)]
    if language != [1]:
        return [*problems, f"zh: the language cell is at {language}, not at [1] alone"]
    marked = cells[1]
    if 'set_language("zh")' not in _text(marked["source"]) or not _hidden(marked):
        problems.append("zh: the language cell does not call set_language('zh'), code hidden")
    cells = [cells[0], *cells[2:]]
    if [c["cell_type"] for c in cells] != [c["cell_type"] for c in english["cells"]]:
        return [*problems, "the cells are not the same kinds in the same order"]
    for n, (en, zh) in enumerate(zip(english["cells"], cells, strict=True)):
        if en["cell_type"] != "code":
            continue
        where = f"cell {n}"
        if code_and_comments(_text(en["source"]))[0] != code_and_comments(_text(zh["source"]))[0]:
            problems.append(f"{where}: the code differs")
        problems += [f"{where}: {p}" for p in comment_problems(_text(en["source"]),
                                                                _text(zh["source"]))]
        if _tags(en) != _tags(zh) or _hidden(en) != _hidden(zh):
            problems.append(f"{where}: the tags or the hidden input differ")
        if en.get("execution_count") is None or zh.get("execution_count") is None:
            problems.append(f"{where}: not run in both editions")
        en_out, zh_out = coalesced(en.get("outputs", [])), coalesced(zh.get("outputs", []))
        if [output_signature(o) for o in en_out] != [output_signature(o) for o in zh_out]:
            problems.append(f"{where}: the outputs differ in number or kind")
            continue
        for k, (a, b) in enumerate(zip(en_out, zh_out, strict=True)):
            for text_en, text_zh in zip(plain_texts(a), plain_texts(b), strict=True):
                if output_numbers(text_en) != output_numbers(text_zh):
                    missing = output_numbers(text_en) - output_numbers(text_zh)
                    extra = output_numbers(text_zh) - output_numbers(text_en)
                    problems.append(f"{where} output {k}: the numbers differ (only English: "
                                    f"{sorted(missing)[:6]}, only Chinese: {sorted(extra)[:6]})")
    return problems


def _prose(text: str) -> str:
    return FENCE.sub("", text)


def tables(text: str) -> list[tuple[int, int]]:
    """Each markdown table as (columns, rows), rows counted without the header and the rule."""
    found, rows = [], 0
    columns = 0
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            if rows == 0:
                columns = line.strip().strip("|").count("|") + 1
            rows += 1
        elif rows:
            found.append((columns, rows - 2))
            rows = 0
    return found


def book_problems(english: str, chinese: str) -> list[str]:
    problems = []
    levels_en = [len(m.group(1)) for m in HEADING.finditer(_prose(english))]
    levels_zh = [len(m.group(1)) for m in HEADING.finditer(_prose(chinese))]
    if levels_en != levels_zh:
        problems.append(f"the sections differ: heading levels {levels_en} and {levels_zh}")
    if tables(english) != tables(chinese):
        problems.append(f"the tables differ: {tables(english)} and {tables(chinese)}")
    spans_en = Counter(SPAN.findall(english))
    spans_zh = Counter(SPAN.findall(chinese))
    if spans_en != spans_zh:
        problems.append(f"the generated spans and values differ: only English "
                        f"{sorted(spans_en - spans_zh)[:5]}, "
                        f"only Chinese {sorted(spans_zh - spans_en)[:5]}")
    return problems


def table_rows(text: str) -> list[list[str]]:
    """The rows of the markdown tables in ``text`` (header included, rule lines left out), each
    as its cells; an escaped ``\\|`` stays inside its cell."""
    rows = []
    for line in text.splitlines():
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip()[1:-1])]
        if set(cells) <= {"---"}:
            continue
        rows.append(cells)
    return rows


def generated_problems(english: str, chinese: str) -> list[str]:
    """Where the generated spans of a Chinese book differ from the English book's in more than
    their words (see the module's text)."""
    problems = []
    blocks_en = [s for s in spans(english) if s.block]
    blocks_zh = [s for s in spans(chinese) if s.block]
    if [s.name for s in blocks_en] != [s.name for s in blocks_zh]:
        return ["the generated blocks are not the same names in the same order"]
    # a translated sentence may quote its values in another order: values are paired by name
    values_en = {s.name: s.text for s in spans(english) if not s.block}
    values_zh = {s.name: s for s in spans(chinese) if not s.block}
    for name, text in values_en.items():
        zh_value = values_zh.get(name)
        if zh_value is not None and numbers(text) != numbers(zh_value.text):
            problems.append(f"value {name} (line {zh_value.line}): the numbers differ "
                            f"({text!r}, {zh_value.text!r})")
    for en, zh in zip(blocks_en, blocks_zh, strict=True):
        where = f"block {en.name} (line {zh.line})"
        rows_en, rows_zh = table_rows(en.text), table_rows(zh.text)
        if [len(r) for r in rows_en] != [len(r) for r in rows_zh]:
            problems.append(f"{where}: the rows differ ({len(rows_en)} and {len(rows_zh)} rows, "
                            f"cells {[len(r) for r in rows_en]} and {[len(r) for r in rows_zh]})")
            continue
        for n, (row_en, row_zh) in enumerate(zip(rows_en, rows_zh, strict=True)):
            text_en, text_zh = " | ".join(row_en), " | ".join(row_zh)
            if numbers(text_en) != numbers(text_zh):
                missing = numbers(text_en) - numbers(text_zh)
                extra = numbers(text_zh) - numbers(text_en)
                problems.append(f"{where} row {n}: the numbers differ (only English: "
                                f"{sorted(missing)}, only Chinese: {sorted(extra)})")
            lost = Counter(CODE.findall(text_en)) - Counter(CODE.findall(text_zh))
            if lost:
                problems.append(f"{where} row {n}: the code {sorted(lost)} is not in the "
                                "Chinese row")
    return problems


def glossary_rows(text: str) -> dict[str, str]:
    """English term -> Chinese name, from a glossary table whose header names both columns."""
    rows: dict[str, str] = {}
    header: list[str] = []
    for line in text.splitlines():
        if not line.startswith("|"):
            header = []
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not header:
            header = cells
            continue
        english = "term" if "term" in header else "English"
        if set(cells) <= {"---"} or "中文" not in header or english not in header:
            continue
        rows[cells[header.index(english)]] = cells[header.index("中文")]
    return rows


def glossary_problems(english: str, chinese: str) -> list[str]:
    en, zh = glossary_rows(english), glossary_rows(chinese)
    problems = [f"{term!r} is not in the Chinese glossary" for term in en if term not in zh]
    problems += [f"{term!r}: {en[term]} in English, {zh[term]} in Chinese" for term in en
                 if term in zh and zh[term] != en[term]]
    return problems


def link_problems(path: Path, text: str) -> list[str]:
    """Links of a Chinese file that lead nowhere, or out of the Chinese edition (except to the
    file's own English twin, which its first cell names)."""
    out = []
    english_twin = (EN / path.relative_to(ZH)).resolve()
    for target, _anchor in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue
        place = (path.parent / target).resolve()
        if not place.exists():
            out.append(f"{path.relative_to(EN).as_posix()}: {target} does not exist")
        elif ZH.resolve() not in (place, *place.parents) and place != english_twin:
            out.append(f"{path.relative_to(EN).as_posix()}: {target} leaves the Chinese edition")
    return out


@pytest.mark.parametrize("relative", ENGLISH)
def test_every_notebook_has_its_chinese_twin(relative: str) -> None:
    twin = ZH / relative
    assert twin.is_file(), f"notebooks/zh/{relative} is missing"
    problems = twin_problems(load(EN / relative), load(twin), relative)
    assert not problems, f"{relative}: " + "; ".join(problems)


def test_the_chinese_edition_has_no_notebook_of_its_own() -> None:
    chinese = sorted(p.relative_to(ZH).as_posix() for p in ZH.glob("**/*.ipynb")
                     if ".ipynb_checkpoints" not in p.parts)
    assert chinese == ENGLISH


def test_the_apps_read_the_same_example_records() -> None:
    for record in (EN / "apps").glob("*.json"):
        assert (ZH / "apps" / record.name).read_bytes() == record.read_bytes(), record.name


@pytest.mark.parametrize("name", RULE_BOOKS)
def test_each_rule_book_has_its_chinese_twin(name: str) -> None:
    chinese = ZH / "rules" / name
    assert chinese.is_file(), f"notebooks/zh/rules/{name} is missing"
    problems = book_problems((EN / "rules" / name).read_text("utf-8"), chinese.read_text("utf-8"))
    assert not problems, f"{name}: " + "; ".join(problems)
    fix = f"python -m tutor.docs notebooks/zh/rules/{name}"
    assert book_language(chinese) == "zh"
    assert check([chinese]) == [], f"stale generated spans: run {fix}"
    problems = generated_problems((EN / "rules" / name).read_text("utf-8"),
                                  chinese.read_text("utf-8"))
    assert not problems, f"{name}: " + "; ".join(problems[:8])


@pytest.mark.parametrize("name", RULE_BOOKS)
def test_the_chinese_books_blocks_are_in_chinese(name: str) -> None:
    """What check() found current is the Chinese output: every block of the Chinese book is
    block(name, "zh"), and none is the English block (each has a header of words)."""
    for span in spans((ZH / "rules" / name).read_text("utf-8")):
        if span.block:
            assert span.text.strip() == block(span.name, "zh").strip(), span.name
            assert span.text.strip() != block(span.name, "en").strip(), span.name


def test_the_chinese_glossary_covers_every_term() -> None:
    english = (EN / "glossary.md").read_text("utf-8")
    assert len(glossary_rows(english)) >= 60
    problems = glossary_problems(english, (ZH / "glossary.md").read_text("utf-8"))
    assert not problems, "; ".join(problems[:10])


def test_every_link_of_the_chinese_edition_resolves() -> None:
    problems = []
    for path in sorted(ZH.glob("**/*.md")):
        problems += link_problems(path, path.read_text("utf-8"))
    for path in sorted(ZH.glob("**/*.ipynb")):
        for cell in load(path)["cells"]:
            if cell["cell_type"] == "markdown":
                problems += link_problems(path, _text(cell["source"]))
    assert not problems, "; ".join(problems[:10])


# --- the checks can fail ---------------------------------------------------------------------

NAME = "03_huangyan_scoring.ipynb"


def _pair(name: str = NAME) -> tuple[dict[str, Any], dict[str, Any]]:
    return load(EN / name), load(ZH / name)


def _first_output_cell(notebook: dict[str, Any], kind: str) -> dict[str, Any]:
    return next(c for c in notebook["cells"] if c["cell_type"] == "code" and not
                is_language_cell(c) and any(kind in (o.get("data", {}) if kind != "stream" else
                                                     {"stream": 1} if o["output_type"] == "stream"
                                                     else {}) for o in c.get("outputs", [])))


def test_the_twin_check_fails_on_a_broken_twin() -> None:
    english, chinese = _pair()
    assert twin_problems(english, chinese, NAME) == []

    edited = copy.deepcopy(chinese)  # a code cell edited in one edition only
    code = next(c for c in edited["cells"][2:] if c["cell_type"] == "code")
    code["source"] = _text(code["source"]) + "\n1 + 1"
    assert any("the code differs" in p for p in twin_problems(english, edited, NAME))

    commented = copy.deepcopy(chinese)  # a comment left in English, or one more
    code = next(c for c in commented["cells"][2:] if c["cell_type"] == "code"
                and code_and_comments(_text(c["source"]))[1])
    english_code = next(c for c in english["cells"][1:] if c["cell_type"] == "code"
                        and code_and_comments(_text(c["source"]))[1])
    code["source"] = english_code["source"]
    assert any("a comment or docstring in English" in p
               for p in twin_problems(english, commented, NAME))
    code["source"] = _text(english_code["source"]) + "\n# 多一条注释"
    assert any("comments, not" in p for p in twin_problems(english, commented, NAME))
    assert code_and_comments('def f():\n    """Says so."""\n    return "x"\n')[1] == [
        '"""Says so."""']  # a docstring is a note, a returned string is code

    documented = _pair("08_play_and_what_if.ipynb")  # a docstring left in English
    chinese_08 = documented[1]
    cell = next(c for c in chinese_08["cells"] if c["cell_type"] == "code"
                and "def follow_hint" in _text(c["source"]))
    cell["source"] = _text(cell["source"]).replace(
        "照提示建议的走法打，最多走 ``turns`` 步。",
        "Play the move the hint suggests, for at most ``turns`` moves.")
    assert any("docstring in English" in p
               for p in twin_problems(documented[0], chinese_08, "08_play_and_what_if.ipynb"))

    no_language = copy.deepcopy(chinese)
    del no_language["cells"][1]
    assert any("language cell" in p for p in twin_problems(english, no_language, NAME))

    dropped = copy.deepcopy(chinese)  # an output lost (a cell run to an error, or not run)
    cell = _first_output_cell(dropped, "text/html")
    cell["outputs"] = []
    assert any("outputs differ" in p for p in twin_problems(english, dropped, NAME))

    changed = copy.deepcopy(chinese)  # a number changed in a text output
    cell = _first_output_cell(changed, "text/plain")
    output = next(o for o in cell["outputs"] if "text/plain" in o.get("data", {}))
    output["data"]["text/plain"] = _text(output["data"]["text/plain"]) + " 12345"
    assert any("numbers differ" in p for p in twin_problems(english, changed, NAME))

    silent = copy.deepcopy(english)  # the English first cell no longer says how to switch
    silent["cells"][0]["source"] = "# 3. Huangyan\n"
    assert any("tutor lab --lang zh" in p for p in twin_problems(silent, chinese, NAME))


def test_the_book_glossary_and_link_checks_fail_when_they_should() -> None:
    english = (EN / "rules" / "guiyang.md").read_text("utf-8")
    chinese = (ZH / "rules" / "guiyang.md").read_text("utf-8")
    assert book_problems(english, chinese) == []
    assert any("sections" in p for p in book_problems(english, chinese + "\n## 多出来的一节\n"))
    table = "\n| a | b |\n| --- | --- |\n| 1 | 2 |\n"
    assert any("tables" in p for p in book_problems(english, chinese + table))
    assert numbers("东家付给南家 20，剩 -1") == numbers("East pays South 20, left -1")
    assert numbers("付 21") != numbers("pays 20")
    glossary = (EN / "glossary.md").read_text("utf-8")
    row = next(line for line in glossary.splitlines() if line.startswith("| added kong |"))
    assert glossary_problems(glossary, glossary.replace(row + "\n", "")) == [
        "'added kong' is not in the Chinese glossary"]
    assert link_problems(ZH / "00_start_here.ipynb", "[x](no_such_lesson.ipynb)")
    assert link_problems(ZH / "00_start_here.ipynb", "[x](../glossary.md)")  # the English one


def test_the_generated_twin_check_fails_on_a_planted_difference() -> None:
    english = (EN / "rules" / "huangyan.md").read_text("utf-8")
    chinese = (ZH / "rules" / "huangyan.md").read_text("utf-8")
    assert generated_problems(english, chinese) == []
    # a number changed in one cell: the ante of the Chinese table, 20 -> 25
    row = next(line for line in chinese.splitlines() if "`ante`" in line)
    planted = chinese.replace(row, row.replace("| 20 |", "| 25 |"))
    assert planted != chinese
    assert any("block huangyan-table" in p and "numbers differ" in p
               for p in generated_problems(english, planted))
    # a row dropped from a table
    dropped = chinese.replace(row + "\n", "")
    assert any("huangyan-table" in p and "rows differ" in p
               for p in generated_problems(english, dropped))
    # a field name changed in the Chinese row
    renamed = chinese.replace(row, row.replace("`ante`", "`anté`"))
    assert any("code ['ante']" in p for p in generated_problems(english, renamed))
    # a number in a value
    value = "<!-- value example.huangyan.totals -->东家 20"
    assert any("value example.huangyan.totals" in p for p in generated_problems(
        english, chinese.replace(value, value.replace("20", "21"))))
    # and the words may differ: the English blocks in the Chinese book are no problem here
    # (the stale check is what requires the Chinese ones)
    assert generated_problems(english, english) == []
