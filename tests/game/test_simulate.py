"""Simulation: the same seed gives the same hands and statistics on one core, several processes
or a Dask cluster; bad arguments are refused before anything is played; sessions can be saved."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.core.variant import Variant
from tutor.errors import RulesError, TutorError
from tutor.game.bots import BotError
from tutor.game.record import digest, replay
from tutor.game.simulate import (
    MAX_HANDS,
    SimulationError,
    Summary,
    _quantiles,
    cpu_count,
    play_chunk,
    play_hand,
    simulate,
    simulate_pair,
)
from tutor.game.variants import hooks_for


def _same(a: Summary, b: Summary) -> None:
    assert a == b
    assert a.as_dict() == b.as_dict()
    assert a.details == b.details


@pytest.mark.parametrize("variant", list(Variant))
def test_workers_and_chunks_do_not_change_the_result(variant: Variant) -> None:
    one = simulate(variant, 24, seed=9, bots=["sensible", "random"], workers=1)
    many = simulate(variant, 24, seed=9, bots=["sensible", "random"], workers=2, chunk=5)
    _same(one, many)
    assert one.hands == 24 and len(one.details) == 24


def test_a_chunk_is_the_hands_of_its_seeds() -> None:
    hands = play_chunk("huangyan", 40, 3, ("sensible",), {})
    assert [h.moves for h in hands] == [len(play_hand(Variant.HUANGYAN, s, ["sensible"]).history)
                                        for s in (40, 41, 42)]


def test_statistics_match_the_hands() -> None:
    summary = simulate("guiyang", 30, seed=2, bots=["random", "sensible"], workers=1)
    states = [play_hand(Variant.GUIYANG, 2 + i, ["random", "sensible"]) for i in range(30)]
    assert summary.draws == sum(1 for s in states if s.outcome and not s.outcome.winners)
    wins = Counter(w.letter for s in states if s.outcome for w in s.outcome.winners)
    assert summary.wins_by_seat == {k: wins.get(k, 0) for k in "ESWN"}
    assert summary.mean_moves == sum(len(s.history) for s in states) / 30
    assert sum(summary.mean_net.values()) == pytest.approx(0.0)  # settlements sum to zero


def test_quantiles_are_the_nearest_ranks_of_the_sorted_gains() -> None:
    gains = [5, 1, 1, 8, 3, 3, 3, 40, 2, 7, 6]
    ordered = sorted(gains)
    expected = {name: ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1) + 0.5))]
                for name, q in (("min", 0), ("median", 0.5), ("p90", 0.9), ("max", 1))}
    assert _quantiles(Counter(gains)) == expected
    assert _quantiles(Counter()) == {}


def test_progress_moves_on_every_hand_in_one_process() -> None:
    seen: list[tuple[int, int]] = []
    simulate("hangzhou", 7, seed=1, workers=1, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(i, 7) for i in range(1, 8)]


@pytest.mark.parametrize(("variant", "change"), [
    (Variant.HUANGYAN, {"live_tile_stage_threshold": 30}),
    (Variant.HANGZHOU, {"base_from_other": 2}),
    (Variant.GUIYANG, {"plain_discard_win_needs_kong": False}),
])
def test_a_pair_of_runs_is_two_separate_runs(variant: Variant, change: dict[str, object]) -> None:
    """Playing each seed under both rulesets in turn (the caches then hold the deal) gives what
    two separate runs give, hand by hand, with progress after every hand."""
    seen: list[tuple[int, int]] = []
    base, changed = simulate_pair(variant, 12, 40, ("sensible", "random"), change,
                                  progress=lambda d, t: seen.append((d, t)))
    assert base == simulate(variant, 12, 40, ("sensible", "random"), {}, workers=1)
    assert changed == simulate(variant, 12, 40, ("sensible", "random"), change, workers=1)
    assert base.details and changed.details and base != changed
    assert seen == [(i, 24) for i in range(1, 25)]


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"hands": 0}, "hands must be 1 to"),
    ({"hands": -3}, "hands must be 1 to"),
    ({"hands": MAX_HANDS + 1}, "hands must be 1 to"),
    ({"hands": 10**12}, "hands must be 1 to"),
    ({"hands": 2.5}, "hands must be a whole number"),
    ({"hands": True}, "hands must be a whole number"),
    ({"seed": 2**64}, "seed must be"),
    ({"seed": 10**5000}, "a 16610-bit number"),
    ({"bots": []}, "give 1 to 4 names"),
    ({"bots": [""]}, "give 1 to 4 names"),
    ({"bots": ["random"] * 5}, "give 1 to 4 names"),
    ({"workers": 0}, "workers must be 1 to"),
    ({"workers": -1}, "workers must be 1 to"),
    ({"workers": 5000}, "workers must be 1 to"),
    ({"executor": "spark"}, "executor must be local or dask"),
    ({"executor": "dask"}, "needs the scheduler's address"),
    ({"executor": "dask", "scheduler": "tcp://127.0.0.1:1", "workers": 2}, "own workers"),
    ({"scheduler": "tcp://127.0.0.1:1"}, "dask executor only"),
    ({"chunk": 0}, "chunk must be"),
    ({"variant": "riichi"}, "unknown variant 'riichi'"),
])
def test_bad_arguments_are_refused(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"variant": "huangyan", "hands": 5, **kwargs}
    with pytest.raises(SimulationError, match=message) as info:
        simulate(**args)  # type: ignore[arg-type]
    assert isinstance(info.value, TutorError) and len(str(info.value)) < 200


def test_unknown_bots_and_rules_are_refused_before_playing() -> None:
    with pytest.raises(BotError, match="unknown bot 'clever'"):
        simulate("guiyang", MAX_HANDS, bots=["sensible", "clever"])
    with pytest.raises(RulesError):
        simulate("guiyang", MAX_HANDS, overrides={"no_such_rule": 1})


def test_workers_are_capped_at_the_cpu_count() -> None:
    assert simulate("guiyang", 2, workers=cpu_count()).hands == 2
    with pytest.raises(SimulationError, match=f"workers must be 1 to {cpu_count()}"):
        simulate("guiyang", 2, workers=cpu_count() + 1)


def test_per_hand_figures_of_a_large_run_are_refused_not_empty() -> None:
    big = Summary(Variant.GUIYANG, 200_000, 0, ("random",), {}, {}, 0, {}, {}, 0.0, {})
    with pytest.raises(SimulationError, match="keeps no per-hand figures"):
        big.gains  # noqa: B018
    with pytest.raises(SimulationError, match="keeps no per-hand figures"):
        big.stat("liability")


def test_dask_cluster_gives_the_local_result() -> None:
    """A Dask LocalCluster on 127.0.0.1 (two in-process workers): chunks run there, come back in
    any order, and fold into exactly the local statistics."""
    distributed = pytest.importorskip(
        "distributed", reason="dask[distributed] is not installed (the cluster extra: "
        "pip install 'mahjong-tutor[cluster]')")
    local = simulate("hangzhou", 30, seed=4, bots=["sensible", "random"], workers=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  host="127.0.0.1", protocol="tcp", scheduler_port=0,
                                  dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        assert address.startswith("tcp://127.0.0.1:")
        seen: list[int] = []
        remote = simulate("hangzhou", 30, seed=4, bots=["sensible", "random"],
                          executor="dask", scheduler=address, chunk=4,
                          progress=lambda done, _total: seen.append(done))
        _same(local, remote)
        assert seen[-1] == 30 and seen == sorted(seen)


def test_dask_without_a_scheduler_fails_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed", reason="dask[distributed] is not installed")
    monkeypatch.setattr("tutor.game.executors.DASK_TIMEOUT", 1)
    with pytest.raises(SimulationError, match="cannot reach the Dask scheduler"):
        simulate("guiyang", 2, executor="dask", scheduler="tcp://127.0.0.1:9")


@pytest.mark.parametrize("variant", list(Variant))
def test_sessions_are_saved_hand_by_hand(variant: Variant, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """``--sessions N --save FILE`` writes every hand of every session: each replays to its
    digest, and the coach can review any of them."""
    from tutor.coach import read_records

    path = tmp_path / "sessions.json"
    rule = {"huangyan": [], "hangzhou": ["--rule", "session_hand_cap=3"],
            "guiyang": ["--rule", "session_hands=2"]}[variant.value]
    assert main(["simulate", "--variant", variant.value, "--sessions", "2", "--seed", "5",
                 "--bots", "random,sensible", "--save", str(path), "--json", *rule]) == 0
    played = sum(s["hands"] for s in json.loads(capsys.readouterr().out))
    records = read_records(path)
    assert len(records) == played >= 2
    for item in records:
        state = replay(item, lambda v, rules: hooks_for(v, rules))
        assert digest(state) == item["final"]
    assert main(["review", str(path), "--seat", "S", "--hand", str(len(records))]) == 0


def test_saved_hands_are_the_simulated_hands(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hands.json"
    assert main(["simulate", "--variant", "huangyan", "--hands", "3", "--seed", "8",
                 "--workers", "1", "--no-progress", "--save", str(path)]) == 0
    assert "3 Huangyan Reckoning hands" in capsys.readouterr().out
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert [r["final"] for r in saved] == [digest(play_hand(Variant.HUANGYAN, s, ["sensible"]))
                                           for s in (8, 9, 10)]
