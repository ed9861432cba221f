"""Invariants of Guiyang play over many seeded hands with random and sensible bots: all 108
tiles accounted for after every move, illegal actions refused, every settlement zero-sum and
true to the rules, every record replaying to the same state, every hand ending."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tutor.core.hand import MeldKind
from tutor.core.tiles import KINDS
from tutor.errors import IllegalActionError
from tutor.game.actions import Action, ActionKind
from tutor.game.bots import make_bot
from tutor.game.record import digest, record, replay
from tutor.game.simulate import simulate
from tutor.game.state import HandState, WinKind
from tutor.game.variants import hooks_for
from tutor.game.variants.guiyang import make_hooks
from tutor.variants.guiyang import Pattern, Settlement
from tutor.variants.guiyang import WinKind as HowWon

HOOKS = make_hooks()
MAX_MOVES = 600  # a hand has at most 108 draws, each followed by a few answers


def illegal_for(state: HandState, rng: random.Random) -> Action:
    """An action that is not legal now (a discard of a tile not held, or a claim out of turn)."""
    legal = set(state.legal_actions())
    choices = [Action(ActionKind.DISCARD, t) for t in KINDS[:27]]
    choices += [Action(ActionKind.CHOW, KINDS[0]), Action(ActionKind.WIN, KINDS[4]),
                Action(ActionKind.ROB, KINDS[9]), Action(ActionKind.SELF_DRAW, KINDS[20])]
    return rng.choice([a for a in choices if a not in legal])


def play_checked(seed: int, bots: list[str], counts: Counter[str]) -> HandState:
    state = HandState.new(HOOKS, seed=seed)
    players = {seat: make_bot(bots[i % len(bots)], seed * 4 + i)
               for i, seat in enumerate(state.players)}
    rng = random.Random(seed)
    moves = 0
    while not state.is_terminal():
        seat = state.current_actor()
        assert seat is not None
        if moves % 17 == 0:
            before = digest(state)
            with pytest.raises(IllegalActionError):
                state.apply(illegal_for(state, rng))
            assert digest(state) == before
        action = players[seat].choose(state.view(seat))
        assert action.kind is not ActionKind.CHOW
        state.apply(action)
        moves += 1
        assert state.tiles_accounted() == 108, f"seed {seed}, move {moves}"
        assert moves < MAX_MOVES, f"seed {seed}: the hand does not end"
    check_end(state, counts)
    return state


def check_end(state: HandState, counts: Counter[str]) -> None:
    outcome = state.outcome
    s = state.settlement
    assert outcome is not None and isinstance(s, Settlement)
    assert sum(s.net().values()) == 0
    for nets in s.by_category().values():
        assert sum(nets.values()) == 0
    hand = s.hand
    win = hand.win
    if win is None:
        counts["draw"] += 1
        assert state.wall.remaining == 0 and hand.revealed is None
        assert not s.ledger.where(category="chicken") and not s.ledger.where(category="win")
        counts["tenpai"] += bool(s.ledger.where(category="tenpai"))
        return
    counts[win.kind.value] += 1
    counts[f"{len(win.winners)} winners"] += 1
    counts["liability"] += s.liability is not None
    counts["golden"] += bool(s.reveal is not None and s.reveal.golden)
    counts["empty wall"] += hand.revealed is None
    assert hand.revealed == state.wall.peek()
    assert (hand.revealed is None) == (state.wall.live == 0)
    assert win.winners == outcome.winners
    for seat in win.winners:
        result = s.player(seat)
        assert result.winner and result.eligible
        assert s.ledger.where(category="win").net()[seat] > 0  # (chickens may outweigh it)
        pattern = result.pattern
        assert pattern is not None
        if win.kind is HowWon.DISCARD and pattern.pattern is Pattern.PLAIN:
            # the kong pass: a plain discard win needs a kong of the winner's own
            assert any(m.meld.kind.is_kong for m in hand.player(seat).melds)
    if win.kind is HowWon.HOT_DISCARD:
        assert win.source is not None and hand.player(win.source).has_kong
    if win.kind is HowWon.ROBBED_KONG:
        assert outcome.how is WinKind.ROBBING
    if win.kind.from_other:
        for seat in win.winners:  # the one who gave the tile pays every win point
            assert {p.payer for p in s.ledger.where(category="win", payee=seat)} == {win.source}
    for player in state.players.values():  # only added kongs are ever robbed: no open kong
        assert all(m.kind is not MeldKind.CHOW for m in player.melds)


@pytest.mark.parametrize(("bots", "seeds"), [
    (["random"], range(0, 200)),
    (["sensible", "random"], range(1000, 1200)),
    (["sensible"], range(2000, 2150)),
])
def test_many_hands_keep_the_invariants(bots: list[str], seeds: range) -> None:
    counts: Counter[str] = Counter()
    for seed in seeds:
        state = play_checked(seed, bots, counts)
        data = record(state)
        again = replay(data, lambda v, rules: hooks_for(v, rules))
        assert digest(again) == data["final"] == digest(state)
        assert again.settlement.ledger == state.settlement.ledger
    assert counts["draw"]
    assert sum(counts[k] for k in ("draw", "1 winners", "2 winners", "3 winners")) == len(seeds)


# Seeds (found by a search over seeds 0-1499) whose bots reach the rarer rules, so the checks
# above run on them too. A change to the bots may move them: search again.
RARE = [
    (["sensible"], 91, "2 winners"),
    (["sensible", "random"], 57, "hot_discard"),
    (["sensible"], 305, "kong_draw"),
    (["sensible"], 15, "hot_discard"),
    (["random", "sensible", "sensible", "sensible"], 3, "robbed_kong"),
    (["sensible"], 17, "empty wall"),
    (["sensible"], 16, "golden"),
    (["sensible"], 7, "liability"),
    (["sensible"], 5, "tenpai"),
]


@pytest.mark.parametrize(("bots", "seed", "feature"), RARE)
def test_rare_rules_are_reached_in_play(bots: list[str], seed: int, feature: str) -> None:
    counts: Counter[str] = Counter()
    play_checked(seed, bots, counts)
    assert counts[feature], counts


def test_simulate_reports_guiyang_statistics() -> None:
    summary = simulate("guiyang", 40, seed=7, bots=("sensible",), workers=1)
    assert summary.hands == 40
    for key in ("chicken points", "bean points", "tenpai settlement", "multiple winners"):
        assert key in summary.extra
    assert sum(summary.mean_net.values()) == pytest.approx(0)
