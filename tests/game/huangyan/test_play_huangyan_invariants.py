"""Invariants over many seeded Huangyan hands and sessions played by bots: tiles conserved after
every action, illegal actions refused, settlements zero-sum and consistent with the Live Tile
rules, records replaying to the same state, hands and sessions always ending."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.core.tiles import KINDS, Wind
from tutor.errors import IllegalActionError
from tutor.game.actions import Action, ActionKind
from tutor.game.bots import make_bot
from tutor.game.record import digest, record, replay
from tutor.game.state import HandState, Phase, WinKind
from tutor.game.variants import hooks_for
from tutor.game.variants.huangyan import STAGE, HuangyanSettlement, make_hooks, play_session

SEATS = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)
MAX_MOVES = 1000  # a hand has at most 67 draws plus claims and kongs


def _play(seed: int, bots: tuple[str, ...]) -> HandState:
    state = HandState.new(make_hooks({}), seed=seed)
    players = {seat: make_bot(bots[i % len(bots)], seed * 4 + i) for i, seat in enumerate(SEATS)}
    assert state.tiles_accounted() == 136
    for move in range(MAX_MOVES):
        if state.is_terminal():
            break
        seat = state.current_actor()
        assert seat is not None
        legal = state.legal_actions()
        if move % 7 == 0:  # an action that is not legal is refused and changes nothing
            bad = next(Action(ActionKind.DISCARD, t) for t in KINDS
                       if Action(ActionKind.DISCARD, t) not in legal)
            before = digest(state)
            with pytest.raises(IllegalActionError):
                state.apply(bad)
            assert digest(state) == before
        state.apply(players[seat].choose(state.view(seat)))
        assert state.tiles_accounted() == 136
    assert state.is_terminal(), f"hand {seed} did not end in {MAX_MOVES} moves"
    return state


def _check_settlement(state: HandState) -> str:
    outcome = state.outcome
    settlement = state.settlement
    assert outcome is not None and isinstance(settlement, HuangyanSettlement)
    net = settlement.ledger.net()
    assert sum(net.values()) == 0
    stage_seen = any(e.kind == STAGE for e in state.events)
    assert stage_seen == (state.wall.live <= 14)
    if not outcome.winners:
        assert state.wall.live == 0 and len(settlement.ledger) == 0
        return "draw"
    winner = outcome.winners[0]
    assert net[winner] > 0
    for seat, sheet in settlement.sheets.items():
        assert sheet.hand.size == (14 if seat == winner else 13)
        assert sheet.winner == (seat == winner)
    if settlement.liable is not None:
        assert outcome.how is WinKind.DISCARD and settlement.liable == outcome.discarder
        assert stage_seen
        assert all(p.payer == settlement.liable for p in settlement.ledger)
        return "liability"
    return outcome.how.value if outcome.how else "?"


@pytest.mark.parametrize("bots, seeds", [
    (("random",), range(0, 200)),
    (("sensible", "random"), range(1000, 1200)),
    (("sensible",), range(2000, 2110)),
])
def test_seeded_hands_conserve_tiles_settle_to_zero_and_replay(
        bots: tuple[str, ...], seeds: range) -> None:
    kinds: dict[str, int] = {}
    for seed in seeds:
        state = _play(seed, bots)
        kind = _check_settlement(state)
        kinds[kind] = kinds.get(kind, 0) + 1
        data = json.loads(json.dumps(record(state)))
        again = replay(data, hooks_for)
        assert digest(again) == digest(state) == data["final"]
        assert again.settlement.ledger == state.settlement.ledger
    if bots != ("random",):  # these deals reach wins (and, with a careless bot, liability)
        assert sum(n for k, n in kinds.items() if k != "draw") > len(seeds) // 2
    if bots == ("sensible", "random"):
        assert kinds.get("liability", 0) > 0


def test_a_claim_window_never_offers_a_meld_on_the_last_discard() -> None:
    for seed in range(3000, 3060):
        state = HandState.new(make_hooks({}), seed=seed)
        bot = make_bot("random", seed)
        while not state.is_terminal():
            if state.phase is Phase.CLAIM and state.wall.live == 0:
                kinds = {a.kind for a in state.legal_actions()}
                assert kinds <= {ActionKind.WIN, ActionKind.PASS}
            seat = state.current_actor()
            assert seat is not None
            state.apply(bot.choose(state.view(seat)))


@settings(max_examples=12)
@given(seed=st.integers(0, 10**6), bots=st.sampled_from([("sensible",),
                                                          ("sensible", "random")]))
def test_a_session_conserves_240_and_follows_the_dealer_rotation(
        seed: int, bots: tuple[str, ...]) -> None:
    report = play_session(seed, bots)
    assert report.total == 240 and sum(report.scores.values()) == 240
    assert all(score >= 0 for score in report.scores.values())
    session = report.session
    assert session.over and len(session.matches) == 3 == len(report.match_hands)
    assert report.hands == sum(report.match_hands) == len(report.log)
    for match in session.matches:  # each match ends on the hand a stack touched zero
        assert [h.match_over for h in match.hands] == [False] * (len(match.hands) - 1) + [True]
        assert all(n >= 0 for h in match.hands for n in (h.stacks_after or {}).values())
    for before, after in zip(report.log, report.log[1:], strict=False):
        if before.match != after.match:
            continue
        if before.winner == before.dealer:
            assert after.dealer == before.dealer and after.seats == before.seats
        else:  # the deal passes to the old dealer's right: South becomes East
            assert after.dealer == before.seats.index("S")
    liability = sum(h.liable is not None for h in report.log)
    assert report.stats["liability_rate"] == liability / report.hands
    assert report.stats["draws"] == sum(h.winner is None for h in report.log)
    assert report.stats["mean_match_hands"] == report.hands / 3
    assert "total 240" in str(report)


def test_a_session_depends_only_on_its_seed() -> None:
    first = play_session(11, ["sensible", "random"])
    again = play_session(11, ["sensible", "random"])
    assert first.as_dict() == again.as_dict()
    assert play_session(12, ["sensible", "random"]).as_dict() != first.as_dict()


def test_a_session_with_rule_overrides() -> None:
    report = play_session(5, ["sensible"], {"ante": "10", "reserve": "30"})
    assert report.total == 120
    with pytest.raises(ValueError, match="bot"):
        play_session(5, [])
