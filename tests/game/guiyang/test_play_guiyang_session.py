"""Guiyang sessions: the dealer rules (winner deals; several winners: the discarder deals; a
drawn hand keeps the dealer), seats re-assigned so the dealer is East, running totals."""

from __future__ import annotations

import json

import pytest

from tutor.cli import main
from tutor.core.tiles import Wind
from tutor.game.actions import Action, ActionKind
from tutor.game.scenario import scripted
from tutor.game.state import Chance, Outcome, WinKind
from tutor.game.variants.guiyang import (
    SessionReport,
    make_hooks,
    next_dealer,
    play_session,
    run_session,
    seating,
)
from tutor.game.view import PlayerView

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH


class Greedy:
    """Wins whenever it may; passes every other claim; discards the tile it drew."""

    name = "greedy"

    def choose(self, view: PlayerView) -> Action:
        for action in view.legal:
            if action.kind in (ActionKind.WIN, ActionKind.ROB, ActionKind.SELF_DRAW):
                return action
        if Action(ActionKind.PASS) in view.legal:
            return Action(ActionKind.PASS)
        return Action(ActionKind.DISCARD, view.drawn)


JUNK_E = "1m 5m 9m 1p 4p 7p 3s 6s 9s 2m 7m 9p 1s 2s"
JUNK_S = "2m 4m 8m 1p 3p 5p 9p 3s 3s 5s 6s 9s 7p"
JUNK_W = "1m 3m 5m 7m 9m 2p 4p 6p 8p 2s 4s 6s 8s"
JUNK_N = "2m 4m 6m 8m 1p 3p 5p 7p 9p 3s 5s 7s 9s"

DEALS = [
    # hand 1, P0 deals: South draws 5p and throws it; West and North both win on it
    scripted("guiyang", {"E": JUNK_E, "S": "4m 9m 3s 5s 6s 7s 8s 9s 1s 2s 4s 7p 9p",
                         "W": "1p 1p 2p 2p 3p 3p 4p 4p 6p 6p 8p 8p 5p",
                         "N": "1m 1m 2m 2m 3m 3m 6m 6m 7m 7m 8m 8m 5p"}, draws="5p"),
    # hand 2: nobody is ready and hands never change: an exhaustive draw
    scripted("guiyang", {"E": JUNK_E, "S": JUNK_S, "W": JUNK_W, "N": JUNK_N}),
    # hand 3: West (345m 678m 22s 56p 789s) draws 4p and wins alone
    scripted("guiyang", {"E": "1m 5m 9m 1p 4p 7p 3s 6s 9s 2m 7m 9p 1s 1m", "S": JUNK_S,
                         "W": "3m 4m 5m 6m 7m 8m 2s 2s 5p 6p 7s 8s 9s",
                         "N": JUNK_N.replace("3s", "1s").replace("5s", "2p")}, draws="9m 4p"),
]


def scripted_session() -> SessionReport:
    return run_session(make_hooks(), [Greedy() for _ in range(4)], DEALS.__getitem__,
                       len(DEALS))


def test_seating_puts_the_dealer_east_and_keeps_the_order() -> None:
    assert seating(0) == (E, S, W, N)
    assert seating(1) == (N, E, S, W)
    assert seating(3) == (S, W, N, E)


@pytest.mark.parametrize(("outcome", "dealer", "expected"), [
    (Outcome((), None), 2, 2),  # a drawn hand keeps the dealer
    (Outcome((S,), WinKind.SELF_DRAW), 0, 1),  # the winner deals
    (Outcome((W, N), WinKind.DISCARD, discarder=S), 0, 1),  # several: the discarder deals
    (Outcome((E, W), WinKind.ROBBING, discarder=N), 2, 1),  # ... or the robbed player
])
def test_next_dealer(outcome: Outcome, dealer: int, expected: int) -> None:
    assert next_dealer(dealer, outcome, seating(dealer)) == expected


def test_scripted_session_follows_the_dealer_rules() -> None:
    report = scripted_session()
    first, second, third = report.results
    # hand 1: P0 deals; P2 (West) and P3 (North) win on P1's (South's) discard: P1 deals next
    assert (first.dealer, first.winners, first.giver, first.next_dealer) == (0, (2, 3), 1, 1)
    assert first.points[1].win == -(7 + 17)  # South pays seven pairs and pure seven pairs
    # hand 2: P1 deals (East), the others shift round; a drawn hand: P1 deals again
    assert second.seats == (N, E, S, W)
    assert (second.dealer, second.winners, second.next_dealer) == (1, (), 1)
    assert all(p.total == 0 for p in second.points)
    # hand 3: West is P3; it wins alone and deals next
    assert (third.dealer, third.winners, third.next_dealer) == (1, (3,), 3)
    assert report.stats["draws"] == 1 and report.stats["multiple-winner hands"] == 1
    assert report.stats["dealer changes"] == 2
    # running totals
    for k, result in enumerate(report.results):
        assert sum(p.total for p in result.points) == 0
        assert result.totals == tuple(sum(r.points[p].total for r in report.results[:k + 1])
                                      for p in range(4))
    assert report.scores == dict(enumerate(third.totals))
    text = str(report)
    assert "hand 1: dealer P0; West and North won" in text and "final: P0" in text
    assert "<table>" in report._repr_html_()


def test_seeded_sessions_are_reproducible_and_consistent() -> None:
    report = play_session(5, ["sensible", "random"])
    again = play_session(5, ["sensible", "random"])
    assert report.hands == 8 == len(report.results)
    assert report.scores == again.scores and report.results == again.results
    assert sum(report.scores.values()) == 0
    assert report.results[0].dealer == 0
    for before, after in zip(report.results, report.results[1:], strict=False):
        assert after.dealer == before.next_dealer
        assert after.seats == seating(after.dealer)
    for r in report.results:
        if not r.winners:
            assert r.next_dealer == r.dealer
        elif len(r.winners) == 1:
            assert r.next_dealer == r.winners[0]
        else:
            assert r.next_dealer == r.giver
    assert set(report.stats) >= {"draws", "chicken points", "bean points"}
    assert report.stats["draws"] == sum(1 for r in report.results if not r.winners)


def test_session_length_is_a_rule() -> None:
    report = play_session(1, ["random"], {"session_hands": "3"})
    assert report.hands == 3 == len(report.results)


def test_session_hands_replay_from_their_records() -> None:
    from tutor.game.record import digest, replay
    from tutor.game.variants import hooks_for

    report = play_session(2, ["random"], {"session_hands": 2})
    for r in report.results:
        state = replay(r.record, lambda v, rules: hooks_for(v, rules))
        assert digest(state) == r.record["final"]


def test_cli_sessions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--variant", "guiyang", "--sessions", "1", "--seed", "3",
                 "--bots", "random", "--rule", "session_hands=2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data[0]["hands"] == 2 and sum(data[0]["scores"].values()) == 0


def test_chance_provider_is_used_in_order() -> None:
    seen: list[int] = []

    def chance(i: int) -> Chance:
        seen.append(i)
        return DEALS[1]

    run_session(make_hooks(), [Greedy() for _ in range(4)], chance, 2)
    assert seen == [0, 1]
