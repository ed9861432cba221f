"""The public API raises only its own errors: each public function called with wrong types
and values raises a TutorError (or succeeds when the value happens to be valid), never a bare
TypeError, AttributeError or KeyError; and the strict readings the API promises, one test each.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tutor
from tutor.errors import ArgumentError, InputError, TutorError
from tutor.jsonfile import loads
from tutor.ledger import Ledger, Payment, Seat

HAND = tutor.Hand.parse("1112345678999m")
WRONG = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=True),
    st.text(max_size=12), st.binary(max_size=6), st.lists(st.integers(0, 40), max_size=4),
    st.dictionaries(st.integers(0, 3), st.integers(0, 3), max_size=2),
    st.sampled_from([tutor.Tile(0), Seat.EAST, tutor.Variant.HANGZHOU, HAND, object(),
                     tutor.Suit.DOTS, tutor.MeldKind.PONG, "ſ", "eaſt", "Weﬆ", math.nan]))

CALLS: dict[str, Callable[..., object]] = {
    "parse_hand": lambda a, b, _c: tutor.parse_hand(a, b),
    "parse_tiles": lambda a, b, _c: tutor.parse_tiles(a, b),
    "parse_tile": lambda a, b, _c: tutor.parse_tile(a, b),
    "parse_meld": lambda a, _b, _c: tutor.parse_meld(a),
    "format_hand": lambda a, b, _c: tutor.format_hand(a, b),
    "Hand": lambda a, b, _c: tutor.Hand(a, b),
    "Hand.parse": lambda a, b, _c: tutor.Hand.parse(a, b),
    "Hand.check": lambda a, _b, _c: HAND.check(a),
    "Meld": lambda a, b, _c: tutor.Meld(a, b), "Tile": lambda a, _b, _c: tutor.Tile(a),
    "Tile.of": lambda a, b, _c: tutor.Tile.of(a, b),
    "Wind.parse": lambda a, _b, _c: tutor.Wind.parse(a),
    "Variant.parse": lambda a, _b, _c: tutor.Variant.parse(a),
    "waits": lambda a, b, c: tutor.waits(a, b, c),
    "efficiency": lambda a, b, c: tutor.efficiency(a, b, c),
    "shanten": lambda a, b, c: tutor.shanten(a, b, joker_fifth_copy=c),
    "is_win": lambda a, b, c: tutor.is_win(a, b, joker_fifth_copy=c),
    "useful_tiles": lambda a, b, c: tutor.useful_tiles(a, b, joker_fifth_copy=c),
    "decompositions": lambda a, b, c: tutor.decompositions(a, b, joker_fifth_copy=c),
    "waits(HAND, ...)": lambda a, b, _c: tutor.waits(HAND, a, b),
    "shanten(HAND, ...)": lambda a, b, _c: tutor.shanten(HAND, a, joker_fifth_copy=b),
    "Payment": lambda a, b, c: Payment(a, b, c, "x"),
    "Payment(amount)": lambda a, _b, _c: Payment(Seat.EAST, Seat.SOUTH, a, "x"),
    "Payment(fields)": lambda a, b, c: Payment(Seat.EAST, Seat.SOUTH, 1, a, b, c),
    "Ledger": lambda a, _b, _c: Ledger(a),
    "Ledger.of": lambda a, _b, _c: Ledger.of(a),
}


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(CALLS)), WRONG, WRONG, WRONG)
def test_public_functions_raise_only_tutor_errors(name: str, a: Any, b: Any, c: Any) -> None:
    try:
        CALLS[name](a, b, c)
    except TutorError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 300, str(exc)[:300]


@pytest.mark.parametrize("call,error", [
    (lambda: tutor.waits("1112345678999m"), ArgumentError),  # a str where a Hand is expected
    (lambda: tutor.parse_tiles({}), ArgumentError),  # was KeyError: 0
    (lambda: tutor.shanten(HAND, joker_fifth_copy="false"), ArgumentError),
    (lambda: tutor.waits(HAND, "huangyan", "1m"), ArgumentError),
    (lambda: tutor.Hand([1, 2]), ArgumentError),
])
def test_wrong_types_named(call: Callable[[], object], error: type[TutorError]) -> None:
    with pytest.raises(error):
        call()
    with pytest.raises(TypeError):  # also Python's own kind, for callers who catch that
        call()


@pytest.mark.parametrize("fields", [
    {"amount": 1.0}, {"amount": math.nan}, {"amount": True}, {"amount": "3"}, {"amount": -1},
    {"payer": None}, {"payee": "E"}, {"payer": 1}, {"reason": None}, {"wave": 1.5},
    {"wave": True}, {"category": 3}, {"hand": "1"}, {"payer": Seat.SOUTH},
])
def test_payment_refuses(fields: dict[str, Any]) -> None:
    base = {"payer": Seat.EAST, "payee": Seat.SOUTH, "amount": 2, "reason": "r"}
    with pytest.raises(InputError):
        Payment(**{**base, **fields})
    assert Payment(**base).amount == 2


def test_ledger_where_names_a_field() -> None:
    ledger = Ledger((Payment(Seat.EAST, Seat.SOUTH, 2, "r", wave=1),))
    assert len(ledger.where(wave=1)) == 1
    with pytest.raises(InputError, match="no field"):
        ledger.where(payr=Seat.EAST)


@pytest.mark.parametrize("text", ["ſ", "eaſt", "Weﬆ", "ＥＡＳＴ", "ｅ", "Ｅ", "EAST\u0307"])
def test_seats_only_in_ascii_or_chinese(text: str) -> None:
    with pytest.raises(TutorError):
        tutor.Wind.parse(text)


@pytest.mark.parametrize("text,seat", [("E", 1), ("east", 1), ("SOUTH", 2), ("w", 3),
                                       ("北", 4), ("东", 1), ("3z", 3), (" n ", 4)])
def test_seats_read(text: str, seat: int) -> None:
    assert tutor.Wind.parse(text) == seat


def test_rules_strict_booleans_and_numbers() -> None:
    from tutor.rulesets import apply
    from tutor.variants.hangzhou.rules import HANGZHOU
    from tutor.variants.huangyan.rules import HUANGYAN_RULES

    for value in ("false", "False", 0, 1, None, 1.0, "ſ"):
        with pytest.raises(TutorError):
            dataclasses.replace(HANGZHOU, joker_fifth_copy=value)
    assert apply(HANGZHOU, {"joker_fifth_copy": "false"}).joker_fifth_copy is False
    assert apply(HANGZHOU, {"joker_fifth_copy": "true"}).joker_fifth_copy is True
    for value in ("ＴＲＵＥ", "truе", "yeſ"):  # full-width, Cyrillic e, long s
        with pytest.raises(TutorError):
            apply(HANGZHOU, {"joker_fifth_copy": value})
    name = next(f.name for f in dataclasses.fields(HUANGYAN_RULES)
                if type(getattr(HUANGYAN_RULES, f.name)) is int)
    for bad in (2.0, True, "٣", "3.0", "1_0"):
        with pytest.raises(TutorError):
            apply(HUANGYAN_RULES, {name: bad})


# --- the JSON reader: one test per promise ----------------------------------------------------

@pytest.mark.parametrize("text,problem", [
    ("[1e999]", "out of range"), ("[-1e999]", "out of range"), ("[1E400]", "out of range"),
    ("[NaN]", "NaN"), ("[Infinity]", "Infinity"), ("[-Infinity]", "Infinity"),
    ('{"a": 1, "a": 2}', "twice"), ('{"x": {"b": 1, "b": 1}}', "twice"),
    ("[" + "1" * 31 + "]", "digits"), ("[" * 33 + "]" * 33, "nested"),
    ("[0." + "1" * 61 + "]", "the number"), ("{", "not JSON"),
])
def test_json_refuses(text: str, problem: str) -> None:
    with pytest.raises(InputError, match=problem):
        loads(text, "file", InputError)


def test_json_limits_are_at_their_edges() -> None:
    assert loads("[" + "9" * 30 + "]", "f", InputError) == [int("9" * 30)]
    assert loads("[" * 32 + "]" * 32, "f", InputError)
    assert loads("[1e308]", "f", InputError) == [1e308]
    assert loads('{"a": 1, "b": {"a": 2}}', "f", InputError) == {"a": 1, "b": {"a": 2}}
    with pytest.raises(InputError, match="longer than 10"):
        loads("[1, 2, 3, 4]", "f", InputError, max_bytes=10)


def test_json_file_bytes(tmp_path: Any) -> None:
    from tutor.jsonfile import read

    path = tmp_path / "f.json"
    path.write_bytes(b"[1]" + b" " * 20)
    assert read(path, InputError, max_bytes=23) == [1]
    with pytest.raises(InputError, match="larger than"):
        read(path, InputError, max_bytes=22)
    path.write_bytes(b'["\xff"]')
    with pytest.raises(InputError, match="UTF-8"):
        read(path, InputError)
