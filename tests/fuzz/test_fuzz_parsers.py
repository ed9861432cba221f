"""The public readers of text and numbers raise only :class:`~tutor.errors.TutorError` on bad
input (never a bare ValueError, never another exception), with a message of one short line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.core.hand import Hand
from tutor.core.notation import parse_hand, parse_meld, parse_tile, parse_tiles
from tutor.core.tiles import Tile, Wind
from tutor.core.variant import Variant
from tutor.errors import TutorError
from tutor.game.actions import Action
from tutor.rulesets import apply
from tutor.variants.guiyang.rules import GUIYANG_RULES
from tutor.variants.hangzhou.rules import HANGZHOU
from tutor.variants.huangyan.rules import HUANGYAN_RULES

TEXT = st.one_of(st.text(max_size=40),
                 st.text(alphabet="0123456789mpsz東南西北白發中 []{}()", max_size=40),
                 st.integers(min_value=100, max_value=20_000).map(lambda n: "7" * n))
VARIANT = st.one_of(st.none(), st.sampled_from(list(Variant)), st.text(max_size=10))
READERS: list[Callable[[str, Any], object]] = [
    parse_hand, parse_tiles, parse_tile, lambda t, _v: parse_meld(t), Hand.parse,
    lambda t, _v: Wind.parse(t), lambda t, _v: Variant.parse(t), lambda t, _v: Action.parse(t)]


def _only_tutor_errors(call: Callable[[], object]) -> None:
    try:
        call()
    except TutorError as exc:
        message = str(exc)
        assert "\n" not in message and len(message) < 300, message[:300]


@settings(max_examples=80)
@given(st.sampled_from(READERS), TEXT, VARIANT)
def test_readers_raise_only_tutor_errors(read: Callable[[str, Any], object], text: str,
                                         variant: Any) -> None:
    _only_tutor_errors(lambda: read(text, variant))


@given(st.one_of(st.integers(min_value=-10**30, max_value=10**30), st.booleans(), st.none(),
                 st.floats(allow_nan=False), st.text(max_size=5)))
def test_tile_indexes(index: Any) -> None:
    _only_tutor_errors(lambda: Tile(index))


@given(st.sampled_from([HUANGYAN_RULES, HANGZHOU, GUIYANG_RULES]), st.data())
def test_rule_values(rules: Any, data: st.DataObject) -> None:
    import dataclasses

    name = data.draw(st.sampled_from([f.name for f in dataclasses.fields(rules)]), label="name")
    value = data.draw(st.one_of(
        st.integers(min_value=-10**30, max_value=10**30), st.booleans(), st.none(),
        st.text(max_size=20), st.integers(min_value=13, max_value=5000).map(lambda n: "9" * n)),
        label="value")
    _only_tutor_errors(lambda: apply(rules, {name: value}))
