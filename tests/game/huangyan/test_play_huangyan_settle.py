"""Huangyan settlements in play: the sheets, Fisherman's Win, Kong Draw, the Yellow Cliff draw,
and the ruleset overrides of ``make_hooks``."""

from __future__ import annotations

import json

import pytest

from tutor.core.tiles import Wind
from tutor.errors import RulesError
from tutor.game.record import digest, record, replay
from tutor.game.state import HandState, Phase, WinKind
from tutor.game.variants import hooks_for
from tutor.game.variants.huangyan import HuangyanHooks, HuangyanSettlement, make_hooks
from tutor.variants.huangyan import (
    HUANGYAN_RULES,
    Rounding,
    WinSituation,
    reckon,
    score_non_winner,
    score_winner,
)

from .play_huangyan_helpers import E, N, S, W, deal, drift, filler, hooks, play, step


def _settlement(state: HandState) -> HuangyanSettlement:
    assert isinstance(state.settlement, HuangyanSettlement)
    return state.settlement


def test_fishermans_win_self_draws_the_last_live_tile() -> None:
    hands = {"N": "123m 456m 789m 111p 5z"}  # North waits on 5z alone
    draws = filler(hands, "5z", 66) + " 5z"  # the 67th and last live tile is North's 5z
    state = deal(hands, draws=draws)
    drift(state, until=lambda s: s.wall.live == 0)
    assert state.turn == N and str(state.players[N].drawn) == "5z"
    step(state, "N", "self-draw 5z")
    outcome = state.outcome
    assert outcome is not None and outcome.last_tile and outcome.how is WinKind.SELF_DRAW
    settlement = _settlement(state)
    sheet = settlement.sheets[N]
    assert "Fisherman's Win" in sheet.items() and "Self-Draw" in sheet.items()
    expected = score_winner("123m456m789m111p55z", "5z",
                            WinSituation(seat=N, self_draw=True, last_tile=True))
    assert sheet.total == expected.total


def test_a_self_draw_before_the_last_tile_is_no_fishermans_win() -> None:
    state = deal({"N": "123m 456m 789m 111p 5z"}, draws="1s 1s 5z")
    drift(state, until=lambda s: s.turn == N and s.phase is Phase.ACT)
    step(state, "N", "self-draw 5z")
    assert "Fisherman's Win" not in _settlement(state).sheets[N].items()


def test_kong_draw_wins_on_the_replacement_from_the_dead_wall() -> None:
    state = deal({"E": "7777z 123m 456m 789m 1p"}, replacements="1p")
    step(state, "E", "concealed-kong 7z")
    assert (state.wall.live, state.wall.dead) == (67, 15)
    step(state, "E", "self-draw 1p")
    outcome = state.outcome
    assert outcome is not None and outcome.kong_draw and not outcome.last_tile
    settlement = _settlement(state)
    sheet = settlement.sheets[E]
    assert "Kong Draw" in sheet.items() and "Concealed Kong" in sheet.items()
    expected = score_winner("123m456m789m11p (7777z)", "1p",
                            WinSituation(seat=E, self_draw=True, kong_draw=True))
    assert sheet.total == expected.total


def test_a_discard_win_settles_every_sheet_and_both_waves() -> None:
    # the original rule text's hand shapes: South wins on East's 5m; every non-winner is scored
    state = deal({"E": "1z1z 5m 2p5p8p 4s7s9s 3z3z 6z 7z7z",
                  "S": "123p 789p 123s 22z 46m"})
    play(state, [("E", "discard 5m"), ("S", "win 5m")])
    settlement = _settlement(state)
    sheets = settlement.sheets
    assert list(sheets) == [E, S, W, N]
    assert sheets[S].winner and not any(sheets[s].winner for s in (E, W, N))
    win = score_winner("123p789p123s22z456m", "5m", WinSituation(seat=S))
    assert sheets[S].total == win.total and "Middle Hook" in sheets[S].items()
    assert sheets[E].total == score_non_winner("11z2p5p8p4s7s9s33z6z77z", seat=E).total
    for seat in (W, N):
        assert sheets[seat].total == score_non_winner(state.players[seat].hand(),
                                                      seat=seat).total
    expected = reckon(winner=S, totals={s: sheets[s].total for s in (E, S, W, N)})
    assert settlement.ledger == expected.ledger
    assert len(settlement.ledger.where(wave=1)) == 3
    text = str(settlement)
    assert "South won by discard on 5m from East" in text and "wave 1" in text
    assert "<div class='tutor-settlement'>" in settlement._repr_html_()
    assert settlement.totals[S] == win.total


def test_a_yellow_cliff_draw_pays_nothing() -> None:
    state = deal({})
    drift(state)
    outcome = state.outcome
    assert outcome is not None and outcome.winners == () and state.wall.live == 0
    settlement = _settlement(state)
    assert len(settlement.ledger) == 0 and settlement.sheets == {}
    assert settlement.reckoning.next_dealer == Wind.SOUTH
    stats = hooks(state).hand_stats(state)
    assert stats["draw"] == 1.0 and stats["liability"] == 0.0 and stats["stage_reached"] == 1.0


def test_make_hooks_reads_overrides_as_text_or_values() -> None:
    assert make_hooks({}).rules == HUANGYAN_RULES
    hooks_ = make_hooks({"rounding": "down", "limit": "200", "live-tile-stage-threshold": 20})
    assert hooks_.rules.rounding is Rounding.DOWN and hooks_.rules.limit == 200
    assert hooks_.rules.live_tile_stage_threshold == 20
    assert make_hooks({"rounding": Rounding.DOWN, "limit": None}).rules.limit is None
    assert isinstance(hooks_for("huangyan", {"ante": "10"}), HuangyanHooks)
    assert "HuangyanHooks(" in repr(hooks_)


@pytest.mark.parametrize("overrides, message", [
    ({"no_such_rule": 1}, "unknown rule 'no_such_rule'"),
    ({"rounding": "sideways"}, "rounding"),
    ({"hu": "ten"}, "hu"),
    ({"hu": True}, "hu"),
    ({"rounding": 3}, "rounding"),
    ({"dead_wall": 20}, "Dead Wall"),
])
def test_make_hooks_refuses_bad_overrides(overrides: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        make_hooks(overrides)


def test_a_record_with_overrides_replays_to_the_same_settlement() -> None:
    overrides = {"live_tile_stage_threshold": "67", "rounding": "down"}
    state = deal({"E": "1z1z 5m 2p5p8p 4s7s9s 3z3z 6z 7z7z", "S": "123p 789p 123s 22z 46m"},
                 draws="9m 9m 9m 9m", rules=overrides)
    play(state, [("E", "discard 1z"), ("S", "discard 9m"), ("W", "discard 9m"),
                 ("N", "discard 9m"), ("E", "discard 5m"), ("S", "win 5m")])
    data = json.loads(json.dumps(record(state, overrides)))
    again = replay(data, hooks_for)
    assert digest(again) == digest(state)
    assert _settlement(again).ledger == _settlement(state).ledger
    assert _settlement(again).liable == E
