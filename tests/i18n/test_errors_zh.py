"""The errors a learner meets, in Chinese: their text is a :class:`~tutor.i18n.Message`.

(a) In the modules converted, every ``raise SomethingError(...)`` whose text is written in place
(a string literal or an f-string) writes it as a ``Message`` instead: an f-string is never
translated. (b) A sample of real errors (a bad rule assignment, a bad replay file, a hand
builder misuse) shows no English word in Chinese, tile notation, quoted input and the names a
learner types aside, and is unchanged in English.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tutor.errors import TutorError
from tutor.game.record import FIELDS
from tutor.i18n import Message, using_language
from tutor.ledger import Payment, Seat
from tutor.rulesets import override
from tutor.study.hand_builder import HandBuilder
from tutor.study.huangyan.stage import preset_position
from tutor.study.replay import Replay
from tutor.variants.guiyang.handfile import loads_hand
from tutor.variants.hangzhou.gamefile import replay as replay_game
from tutor.variants.huangyan.rules import HUANGYAN_RULES

ROOT = Path(__file__).resolve().parents[2]

#: the modules whose errors are Messages
CONVERTED = ("tutor/rulesets.py", "tutor/study/hand_builder.py", "tutor/study/replay.py",
             "tutor/study/huangyan/stage.py", "tutor/study/huangyan/sheet.py",
             "tutor/study/huangyan/walk.py", "tutor/study/first_turns.py",
             "tutor/study/guiyang.py", "tutor/study/hangzhou.py", "tutor/study/match_length.py",
             "tutor/ledger.py", "tutor/game/record.py", "tutor/variants/guiyang/handfile.py",
             "tutor/variants/huangyan/matches.py", "tutor/variants/hangzhou/special.py",
             "tutor/variants/hangzhou/gamefile.py", "tutor/jsonfile.py")

#: errors whose message is not their first argument (``FieldError(field, problem)``)
MESSAGE_ARGUMENT = {"FieldError": 1, "_fail": 2}

#: (module, line text) of raises that may keep a literal: none so far
ALLOWED: frozenset[tuple[str, str]] = frozenset()


def _written_in_place(node: ast.expr) -> bool:
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant)
                                               and isinstance(node.value, str))


def _error_name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def literal_raises(source: str) -> list[tuple[int, str]]:
    """(line, source) of each ``raise XError("...")`` or ``raise XError(f"...")`` in
    ``source`` (also ``raise _Bad("...")``; a FieldError's text is its second argument)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Raise) or not isinstance(node.exc, ast.Call):
            continue
        call = node.exc
        name = _error_name(call.func)
        at = MESSAGE_ARGUMENT.get(name, 0)
        if not (name.endswith("Error") or name.startswith("_")) or len(call.args) <= at:
            continue
        if _written_in_place(call.args[at]):
            found.append((node.lineno, ast.get_source_segment(source, node) or ""))
    return found


def test_the_check_finds_a_literal_error() -> None:
    assert literal_raises('raise RulesError(f"rule {x}")\nraise HandError("no")\n') == [
        (1, 'raise RulesError(f"rule {x}")'), (2, 'raise HandError("no")')]
    assert literal_raises('raise FieldError("win", "missing")\n') == [
        (1, 'raise FieldError("win", "missing")')]
    assert literal_raises('raise RulesError(Message("rule {x}", x=x))\n'
                          'raise FieldError("win", Message("missing"))\n'
                          'raise RulesError(str(exc))\nraise\n') == []


@pytest.mark.parametrize("module", CONVERTED)
def test_the_errors_of_a_converted_module_are_messages(module: str) -> None:
    source = (ROOT / module).read_text(encoding="utf-8")
    wrong = [(line, text) for line, text in literal_raises(source)
             if (module, text.splitlines()[0].strip()) not in ALLOWED]
    assert not wrong, f"{module}: raise with Message(...), not a literal: {wrong[:3]}"


#: the English words a Chinese error may keep: names a learner types or reads as a name
KEPT = frozenset({"true", "false", "name", "value", "int", "str", "None", "UTF", "JSON",
                  "Seat", "EAST", "up", "down"})
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
_NOTATION = re.compile(r"[\[(]?\b[1-9]+[mpsz]\b[\])]?")
_IDENTIFIER = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")  # a rule's field name, as typed
#: the rules' names, as typed (``chow=2``), and a record file's field names
RULE_NAMES = (frozenset(f.name for f in dataclasses.fields(HUANGYAN_RULES)) | FIELDS
              | {"description", "discards", "players", "revealed", "variant", "win"}
              | {"nope"})  # a hand file's field path, the learner's own field, is unquoted


def english_words(text: str) -> list[str]:
    rest = _IDENTIFIER.sub(" ", _NOTATION.sub(" ", _QUOTED.sub(" ", text)))
    return [w for w in re.findall(r"[A-Za-z]{2,}", rest) if w not in KEPT and w not in RULE_NAMES]


def test_the_word_check_can_fail() -> None:
    assert english_words("规则 dead_wall：应该是整数，不是 'abc'") == []
    assert english_words("rule dead_wall: expected a whole number") == [
        "rule", "expected", "whole", "number"]


def _payment_to_self() -> None:
    Payment(payer=Seat.EAST, payee=Seat.EAST, amount=1, reason="x")


SAMPLES: dict[str, tuple[Callable[[], object], str]] = {
    "unknown rule": (lambda: override(HUANGYAN_RULES, ["nope=1"]),
                     "unknown rule 'nope' (known: all_honors, "),
    "not a whole number": (lambda: override(HUANGYAN_RULES, ["dead_wall=abc"]),
                           "rule dead_wall: expected a whole number, not 'abc'"),
    "out of range": (lambda: override(HUANGYAN_RULES, ["dead_wall=999"]),
                     "rule dead_wall must be 0 to 136, not 999"),
    "not a choice": (lambda: override(HUANGYAN_RULES, ["rounding=sideways"]),
                     "rule rounding: expected one of up, down, not 'sideways'"),
    "not true or false": (lambda: override(HUANGYAN_RULES, ["chow=maybe"]),
                          "rule chow: expected a whole number, not 'maybe'"),
    "no equals sign": (lambda: override(HUANGYAN_RULES, ["dead_wall"]),
                       "rule change 'dead_wall' must look like name=value"),
    "empty replay": (lambda: Replay.from_text("[]"),
                     "record file: the list of records is empty"),
    "not a record": (lambda: Replay.from_text("[1]"),
                     "record file: item 0 should be a record (a JSON object), not int"),
    "not UTF-8": (lambda: Replay.from_text(b"\xff"), "record file: not UTF-8 text"),
    "a JSON file nested too deep": (lambda: Replay.from_text("[" * 40),
                                    "record file: not a readable JSON file (nested more than 32 "
                                    "deep)"),
    "a JSON key twice": (lambda: Replay.from_text('{"a": 1, "a": 2}'),
                         "record file: not a readable JSON file (the key 'a' appears twice in "
                         "one object)"),
    "not a hand record": (lambda: Replay.from_text('{"variant": "hangzhou"}'),
                          "record: field 'schema' should be 'mahjong-tutor/hand', not None"),
    "a record's unknown field": (
        lambda: Replay.from_text('{"schema": "mahjong-tutor/hand", "version": 2, "x": 1}'),
        "record: unknown field 'x' (a record has only actions, chance, "),
    "a record's field of the wrong kind": (
        lambda: Replay.from_text('[{"schema": "mahjong-tutor/hand", "version": "1"}]'),
        "record: field 'version' should be a whole number, not text '1'"),
    "a Guiyang hand file's unknown field": (
        lambda: loads_hand('{"nope": 1}'), "nope: unknown field (expected description, "),
    "a Guiyang hand file that is a list": (lambda: loads_hand("[1]"),
                                           ": expected an object, not [1]"),
    "a Guiyang hand file without players": (lambda: loads_hand('{"variant": "guiyang"}'),
                                            "players: missing"),
    "a Hangzhou game file's bad result": (
        lambda: replay_game([{"result": "lost"}]),
        "hand 1, field 'result': expected \"win\" or \"draw\", not 'lost'"),
    "a Hangzhou game file's empty list": (
        lambda: replay_game({"hands": []}),
        "game, field 'hands': the list is empty; a game file holds at least one hand"),
    "no tiles": (lambda: HandBuilder().add_tiles(" "),
                 "' ': no tiles to add (write them like 123m 55z)"),
    "unknown meld kind": (lambda: HandBuilder().add_meld_of("triple", "3m"),
                          "unknown meld kind 'triple' (choose one of chow, pong, kong, added "
                          "kong, concealed kong)"),
    "no meld tile": (lambda: HandBuilder().add_meld_of("pong", ""),
                     "name the tile of the pong, e.g. 3m"),
    "five copies": (lambda: HandBuilder("hangzhou", "1111m").add("1m"),
                    "1111m: all four copies of 1m are already in the hand (a set has four)"),
    "honor in Guiyang": (lambda: HandBuilder("guiyang").add("5z"),
                         "5z (White Dragon) is not used in Guiyang Chicken (its set has 108 tiles, "
                         "no honors)"),
    "winning on one's own discard": (
        lambda: preset_position("Stage on, every tile Live").liability_cost(
            winner=Seat.WEST, totals=dict.fromkeys(Seat, 10)),
        "West is the discarder; an opponent must win on it"),
    "paying oneself": (_payment_to_self, "EAST cannot pay themselves"),
}


def _raised(make: Callable[[], object]) -> TutorError:
    with pytest.raises(TutorError) as caught:
        make()
    return caught.value


@pytest.mark.parametrize("case", SAMPLES)
def test_a_learners_error_is_chinese(case: str) -> None:
    make, english = SAMPLES[case]
    error = _raised(make)
    assert isinstance(error.args[0], Message)
    assert str(error).startswith(english) and error.args[0].startswith(english)
    with using_language("zh"):
        error = _raised(make)
        shown = str(error)
        assert error.args[0].startswith(english)  # the English is kept
    assert re.search(r"[\u4e00-\u9fff]", shown), shown
    assert english_words(shown) == [], shown
