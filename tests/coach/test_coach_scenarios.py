"""Hand-made positions with a clear answer (deterministic walls from tutor.game.scenario):
the grade changes when it should, and the reason says why in plain words. These test the
coach's first pass (``playouts=0``: costs in useful tiles, no play-outs); the play-outs are
tested in test_coach_points.py."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import pytest

from tutor.coach import COACH, DecisionKind, Grade, Review, Theme, review
from tutor.core.tiles import Tile, Wind
from tutor.game.actions import Action, ActionKind
from tutor.game.scenario import scripted
from tutor.game.state import HandState, Phase
from tutor.game.variants import hooks_for

STATIC = replace(COACH, playouts=0)
EARLY_STAGE = {"live_tile_stage_threshold": 67}  # Huangyan's stage from the deal on


def _deal(variant: str, hands: Mapping[str, str], draws: str = "", replacements: str = "",
          rules: Mapping[str, Any] | None = None) -> HandState:
    hooks = hooks_for(variant, dict(rules or {}))
    chosen: dict[Wind | str, str] = {k: v for k, v in hands.items()}
    return HandState.new(hooks, chance=scripted(variant, chosen, draws, replacements))


def _play(state: HandState, *moves: tuple[str, str]) -> HandState:
    """Play each (seat, action), passing every claim window of the other seats first."""
    for seat, text in moves:
        who = Wind.parse(seat)
        while state.phase in (Phase.CLAIM, Phase.ROB) and state.current_actor() != who:
            state.apply(Action(ActionKind.PASS))
        assert state.current_actor() == who
        state.apply(Action.parse(text))
    return state


def _last(result: Review, kind: DecisionKind) -> Any:
    return [d for d in result.decisions if d.kind is kind][-1]


T = Tile.parse


# -- Huangyan: a Live Tile in the Live Tile Stage --------------------------------------------

LIVE = {"E": "2z 1m 1m 4m 7m 1p 4p 7p 1s 4s 7s 9s 9p 8m",
        "S": "123m 456m 789m 11p 2z 3z"}


def test_a_live_tile_discarded_in_the_stage_while_holding_a_safe_tile_is_a_blunder() -> None:
    state = _play(_deal("huangyan", LIVE, draws="9s", rules=EARLY_STAGE),
                  ("E", "discard 2z"), ("S", "discard 3z"))
    d = _last(review(state, "S", STATIC), DecisionKind.DISCARD)
    assert d.stage == "Live Tile Stage"
    assert (d.played.tile, d.preferred.tile) == (T("3z"), T("2z"))
    assert d.grade is Grade.BLUNDER and d.theme is Theme.SAFETY
    assert "Live Tile" in d.reason and "whole table" in d.reason and "2z was safe" in d.reason
    # the same discard before the stage is only a tile's worth of efficiency: good
    early = _play(_deal("huangyan", LIVE, draws="9s"), ("E", "discard 2z"), ("S", "discard 3z"))
    before = _last(review(early, "S", STATIC), DecisionKind.DISCARD)
    assert before.stage is None and before.grade is Grade.GOOD
    # a coach that weighs no safety grades it good too
    calm = _last(review(state, "S", replace(COACH, safety_weight=0)), DecisionKind.DISCARD)
    assert calm.grade is Grade.GOOD


def test_the_safe_discard_in_the_stage_is_good_and_says_so() -> None:
    state = _play(_deal("huangyan", LIVE, draws="9s", rules=EARLY_STAGE),
                  ("E", "discard 2z"), ("S", "discard 2z"))
    d = _last(review(state, "S", STATIC), DecisionKind.DISCARD)
    assert d.grade is Grade.GOOD and d.played == d.preferred
    assert "safe in the Live Tile Stage" in d.reason


# -- breaking a ready hand, passing up a win -------------------------------------------------

READY = {"E": "9s 1m 1m 4m 7m 1p 4p 7p 1s 4s 7s 9s 6p 8m", "S": "123m 456m 789m 123p 5s"}


def test_breaking_a_ready_hand_is_a_blunder() -> None:
    state = _play(_deal("guiyang", READY, draws="9p"), ("E", "discard 9s"),
                  ("S", "discard 1m"))
    d = _last(review(state, "S", STATIC), DecisionKind.DISCARD)
    assert d.grade is Grade.BLUNDER and d.theme is Theme.EFFICIENCY
    assert d.preferred.shanten == 0 and d.played.shanten == 1
    assert "ready" in d.reason and "one tile from a win" in d.reason
    keep = _play(_deal("guiyang", READY, draws="9p"), ("E", "discard 9s"),
                 ("S", "discard 9p"))
    assert _last(review(keep, "S", STATIC), DecisionKind.DISCARD).grade is Grade.GOOD


def test_passing_up_a_win_is_a_blunder_and_taking_it_is_good() -> None:
    hands = {**READY, "E": "5s 1m 1m 4m 7m 1p 4p 7p 1s 4s 7s 9s 9p 8m"}
    passed = _play(_deal("huangyan", hands), ("E", "discard 5s"), ("S", "pass"))
    d = _last(review(passed, "S", STATIC), DecisionKind.WIN)
    assert d.grade is Grade.BLUNDER and d.played.label == "pass"
    assert d.preferred.label == "win 5s" and "passed up a win (worth" in d.reason
    won = _play(_deal("huangyan", hands), ("E", "discard 5s"), ("S", "win 5s"))
    assert won.is_terminal()
    d = _last(review(won, "S", STATIC), DecisionKind.WIN)
    assert d.grade is Grade.GOOD and "points" in d.reason


# -- Guiyang: a hot discard right after one's own kong ---------------------------------------

HOT = {"E": "2s 1m 1m 4m 7m 1p 4p 7p 3s 4s 7s 9s 6p 8m", "S": "9999p 123m 456m 2s 5s 8s"}


def test_a_hot_discard_of_an_unseen_kind_is_graded_on_safety() -> None:
    state = _play(_deal("guiyang", HOT, draws="5m", replacements="5p"),
                  ("E", "discard 2s"), ("S", "concealed-kong 9p"), ("S", "discard 8s"))
    result = review(state, "S", STATIC)
    kong = _last(result, DecisionKind.KONG)
    assert kong.played.label == "concealed-kong 9p" and kong.grade is Grade.GOOD
    assert "beans" in kong.reason
    d = _last(result, DecisionKind.DISCARD)
    assert d.preferred.tile == T("2s") and d.theme is Theme.SAFETY
    assert d.grade is Grade.INACCURACY
    assert "hot" in d.reason and "2s" in d.reason
    safe = _play(_deal("guiyang", HOT, draws="5m", replacements="5p"),
                 ("E", "discard 2s"), ("S", "concealed-kong 9p"), ("S", "discard 2s"))
    assert _last(review(safe, "S", STATIC), DecisionKind.DISCARD).grade is Grade.GOOD


def test_declining_a_free_kong_is_an_inaccuracy() -> None:
    # four East Winds: the fourth is no use in the hand, so the kong costs nothing
    hands = {"E": HOT["E"], "S": "1111z 123m 456m 2s 5s 8s"}
    state = _play(_deal("huangyan", hands, draws="5m", replacements="5p"),
                  ("E", "discard 2s"), ("S", "discard 1z"))
    kong = _last(review(state, "S", STATIC), DecisionKind.KONG)
    assert kong.played.label == "no kong" and kong.preferred.label == "concealed-kong 1z"
    assert kong.grade is Grade.INACCURACY and "replacement draw" in kong.reason
    declared = _play(_deal("huangyan", hands, draws="5m", replacements="5p"),
                     ("E", "discard 2s"), ("S", "concealed-kong 1z"))
    kong = _last(review(declared, "S", STATIC), DecisionKind.KONG)
    assert kong.grade is Grade.GOOD and "points on your score sheet" in kong.reason


# -- Hangzhou: a joker discard --------------------------------------------------------------

JOKER = {"E": HOT["E"], "S": "123m 456m 789m 12p 5s 5z"}


def test_discarding_the_joker_that_kept_the_hand_ready_is_a_blunder() -> None:
    state = _play(_deal("hangzhou", JOKER, draws="9s"), ("E", "discard 2s"),
                  ("S", "discard 5z"))
    d = _last(review(state, "S", STATIC), DecisionKind.DISCARD)
    assert d.grade is Grade.BLUNDER and d.preferred.tile in (T("5s"), T("9s"))
    assert "joker" in d.reason
    assert any("joker discard" in note for note in d.played.notes)


# -- value: what a ready hand's wins are worth -------------------------------------------------

def _options(state: HandState) -> dict[str, Any]:
    return {o.label: o for o in _last(review(state, "S", STATIC), DecisionKind.DISCARD).options}


def test_a_pure_suit_wait_is_valued_at_the_pattern() -> None:
    hands = {"E": "2s 1p 2p 4p 4p 6p 7p 3s 4s 5s 6s 7s 8s 9s", "S": "1112345678999m"}
    state = _play(_deal("guiyang", hands, draws="5p"),
                  ("E", "discard 2s"), ("S", "discard 5p"))
    options = _options(state)
    assert options["discard 5p"].shanten == 0
    assert options["discard 5p"].value == 10  # pure suit; no One of Bamboo for a chicken
    tanki = options["discard 2m"]  # ready on the 5p alone: a plain hand, worth 1
    assert tanki.shanten == 0 and tanki.value == 1
    assert tanki.value_cost == pytest.approx(tanki.useful * (1 - 1 / 10))
    assert options["discard 1m"].value is None  # not ready: no value yet


def test_a_joker_discard_counts_its_chain_only_for_the_next_draw() -> None:
    hands = {"E": HOT["E"], "S": "123m 456m 789m 12p 5z 5z"}
    state = _play(_deal("hangzhou", hands, draws="9s"), ("E", "discard 2s"),
                  ("S", "discard 9s"))
    options = _options(state)
    keep = options["discard 9s"]  # both jokers kept: the White Dragon Pair Wait, x2
    assert keep.shanten == 0 and keep.value is not None and keep.value >= 2
    joker = options["discard 5z"]  # x2 only if the very next draw wins, x1 after
    assert joker.shanten == 0 and joker.value is not None and 1 < joker.value < 2
    assert any("joker discard" in note for note in joker.notes)
    assert joker.value_cost > 0 and keep.value_cost == 0
