"""Duplicate matches: the seats rotate so each bot plays every seat's tiles equally often, the
figures are the settlements' own payments, a bot against itself comes out exactly even, and the
result does not depend on where the deals were played."""

from __future__ import annotations

import json

import pytest

from tutor.cli import main
from tutor.core.variant import Variant
from tutor.game.bots import make_bot, play_out
from tutor.game.duel import ROTATIONS, SEATS, duel, play_deal
from tutor.game.state import HandState
from tutor.game.variants import hooks_for


def test_rotations_give_each_bot_every_seat_twice() -> None:
    assert len(set(ROTATIONS)) == 4
    for seat in range(4):
        assert sorted(r[seat] for r in ROTATIONS) == [0, 0, 1, 1]
    for r in ROTATIONS:
        assert sorted(r) == [0, 0, 1, 1]
        # A's two seats are neighbours: each bot sits once before and once after the other
        assert sum(r[i] != r[(i + 1) % 4] for i in range(4)) == 2


@pytest.mark.parametrize("variant", list(Variant))
def test_a_deal_is_its_four_plays_settled(variant: Variant) -> None:
    """A deal's points, wins and deal-ins, recomputed hand by hand from the settlements."""
    hooks = hooks_for(variant)
    result = play_deal(hooks, 3, ("sensible", "random"))
    points, wins, deal_ins = [0, 0], [0, 0], [0, 0]
    for rotation in ROTATIONS:
        state = HandState.new(hooks, seed=3)
        names = ("sensible", "random")
        play_out(state, {seat: make_bot(names[rotation[i]], 3 * 4 + i)
                         for i, seat in enumerate(SEATS)})
        side = dict(zip(SEATS, rotation, strict=True))
        for seat, net in state.settlement.ledger.net().items():
            points[side[seat]] += net
        for seat in state.outcome.winners:
            wins[side[seat]] += 1
        if state.outcome.discarder is not None and state.outcome.how.value == "discard":
            deal_ins[side[state.outcome.discarder]] += 1
    assert result.points == tuple(points) and sum(points) == 0
    assert result.wins == tuple(wins) and result.deal_ins == tuple(deal_ins)


@pytest.mark.parametrize("variant", list(Variant))
def test_a_bot_against_itself_comes_out_even(variant: Variant) -> None:
    """The same deterministic bot on both sides plays each deal the same way four times: each
    seat's result counts twice for each side, so luck cancels exactly."""
    result = duel(variant, 3, seed=11, bots=["sensible", "sensible"], workers=1)
    assert all(r.points == (0, 0) for r in result.results)
    assert result.margin == 0 and not result.significant
    assert result.bots[0].win_rate == result.bots[1].win_rate


def test_figures_and_their_interval() -> None:
    result = duel("guiyang", 6, seed=2, bots="sensible,random", workers=1)
    a, b = result.bots
    per_deal = [r.points[0] / 8 for r in result.results]
    assert a.points == pytest.approx(sum(per_deal) / 6) == pytest.approx(-b.points)
    assert a.low < a.points < a.high and result.margin == pytest.approx(2 * a.points)
    assert result.margin_low == pytest.approx(2 * a.low)
    assert a.win_rate == sum(r.wins[0] for r in result.results) / 48
    assert a.liability_rate is None
    assert result.hands == 24 and [r.seed for r in result.results] == list(range(2, 8))
    assert "sensible minus random" in str(result)
    huangyan = duel("huangyan", 2, seed=0, bots="sensible,random", workers=1)
    assert huangyan.bots[1].liability_rate is not None
    assert "liability_rate" in huangyan.as_dict()["bots"][1]  # type: ignore[index]


def test_the_same_match_on_two_processes() -> None:
    one = duel("hangzhou", 4, seed=5, bots="sensible,random", workers=1)
    two = duel("hangzhou", 4, seed=5, bots="sensible,random", workers=2, chunk=1)
    assert one == two and one.results == two.results


def test_dask_cluster_gives_the_local_result() -> None:
    distributed = pytest.importorskip(
        "distributed", reason="dask[distributed] is not installed (the cluster extra)")
    local = duel("huangyan", 3, seed=1, bots="sensible,random", workers=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  host="127.0.0.1", protocol="tcp", scheduler_port=0,
                                  dashboard_address=None) as cluster:
        seen: list[int] = []
        remote = duel("huangyan", 3, seed=1, bots="sensible,random", executor="dask",
                      scheduler=cluster.scheduler_address, chunk=1,
                      progress=lambda done, _total: seen.append(done))
    assert remote == local and remote.results == local.results
    assert seen[-1] == 3


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"bots": "sensible"}, "exactly two bots"),
    ({"bots": "sensible,random,random"}, "exactly two bots"),
    ({"bots": "sensible,clever"}, "unknown bot"),
    ({"deals": 0}, "deals must be"),
    ({"deals": True}, "whole number"),
    ({"executor": "cloud"}, "executor must be"),
    ({"executor": "dask"}, "scheduler's address"),
    ({"scheduler": "tcp://127.0.0.1:9"}, "dask executor only"),
    ({"overrides": {"no_such_rule": 1}}, "unknown rule"),
])
def test_bad_arguments_fail_before_any_hand(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"variant": "huangyan", "deals": 1, "bots": "sensible,random",
                               **kwargs}
    with pytest.raises(Exception, match=message) as info:
        duel(**args)  # type: ignore[arg-type]
    from tutor.errors import TutorError

    assert isinstance(info.value, TutorError)


def test_cli_duel(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duel", "--variant", "guiyang", "--deals", "2", "--seed", "4", "--workers", "1",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["deals"] == 2 and data["hands"] == 8
    assert [b["bot"] for b in data["bots"]] == ["sensible", "random"]
    assert data == duel("guiyang", 2, seed=4, workers=1).as_dict()
    assert main(["duel", "--deals", "1", "--workers", "1", "--no-progress"]) == 0
    assert "95% interval" in capsys.readouterr().out
    assert main(["duel", "--bots", "random", "--deals", "1"]) == 2
    assert "exactly two bots" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["duel", "--deals", "0"])
