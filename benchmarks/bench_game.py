"""Full hands against RLCard's mahjong environment, the what-if's wall time, and simulation on a
Dask cluster, all in one run.

    python benchmarks/bench_game.py [--hands 300] [--warmup 300] [--seed 0] [--cluster 2]

1. Hands per second of full play on one core (CPU time, ``time.process_time``, so other load on
   the machine matters less). Each game is played with random bots, with sensible bots and
   with the plain sensible bot (the same choices, computed the obvious way: the whole
   efficiency table every turn; what the sensible bot cost before it kept its reading from turn
   to turn). RLCard's ``mahjong`` environment (a simplified game: no scoring, no settlement)
   plays the same number of hands with its random agents in the same process. Our hand-analysis
   tables fill as hands are played, so each row follows ``--warmup`` hands of its own (0: time
   it cold).
   The "again" column plays the same hands a second time: the suit tables and the suit-level
   caches then hold what they need (the caches of whole hands are small: recent hands only).
2. The what-if widget's default: 100 hands under the defaults and 100 under the game's default
   change (:data:`tutor.study.whatif.DEFAULT_CHANGES`), sensible bots, wall time, in a fresh
   process (imports included, bytecode compiled as an installed package has it; empty caches:
   the first what-if of a notebook; median and range of ``--fresh`` processes), then twice more
   in this process (the second time on the same, now warm, hands).
3. With ``--cluster N``: a Dask ``LocalCluster`` of N worker processes on 127.0.0.1 plays
   ``--cluster-hands`` hands through ``simulate(executor="dask")``; hands per second in all and
   per worker, against the same hands in one local process. On a machine with fewer free cores
   than N the per-worker figure is a floor.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.core.variant import Variant
from tutor.game.bots import Bot, PlainSensibleBot, make_bot, play_out
from tutor.game.simulate import simulate
from tutor.game.state import HandState
from tutor.game.variants import hooks_for

ROOT = Path(__file__).resolve().parent.parent
_WHATIF = """
import time
start = time.perf_counter()
from tutor.study.whatif import DEFAULT_CHANGES, compare, parse_overrides
from tutor.core.variant import Variant
v = Variant.parse({variant!r})
compare(v, parse_overrides(DEFAULT_CHANGES[v]), hands=100)
print(time.perf_counter() - start)
"""


def ours(variant: Variant, make: Callable[[int], Bot], hands: int, seed: int) -> float:
    """CPU seconds per hand, every seat played by ``make(seat number)``."""
    hooks = hooks_for(variant)
    start = time.process_time()
    for s in range(seed, seed + hands):
        state = HandState.new(hooks, seed=s)
        play_out(state, {seat: make(s * 4 + i) for i, seat in enumerate(state.players)})
    return (time.process_time() - start) / hands


def rlcard_random(hands: int, seed: int) -> float | None:
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("mahjong", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(4)])
    start = time.process_time()
    for _ in range(hands):
        env.run(is_training=False)
    return (time.process_time() - start) / hands


def bots_table(hands: int, warmup: int, seed: int) -> None:
    peer = rlcard_random(hands, seed)
    print(f"Full hands: {hands} hands per row after {warmup} warm-up hands, one core, CPU time;")
    print("'again': the same hands a second time (tables and suit-level caches filled)")
    print(f"{'engine':<40} {'ms/hand':>8} {'hands/s':>8} {'vs RLCard':>10} {'again':>7}")
    if peer is not None:
        print(f"{'RLCard mahjong, random agents':<40} {peer * 1000:8.2f} {1 / peer:8.1f} "
              f"{'1.0x':>10}")
    players: dict[str, Callable[[int], Bot]] = {
        "random bots": lambda s: make_bot("random", s),
        "sensible bots": lambda s: make_bot("sensible", s),
        "plain sensible bots (before)": lambda _s: PlainSensibleBot(),
    }
    for variant in Variant:
        for label, make in players.items():
            ours(variant, make, warmup, seed + 10_000)
            per_hand = ours(variant, make, hands, seed)
            again = ours(variant, make, hands, seed)
            ratio = f"{peer / per_hand:9.1f}x" if peer is not None else f"{'-':>10}"
            name = f"{variant.value}, {label}"
            print(f"{name:<40} {per_hand * 1000:8.2f} {1 / per_hand:8.1f} {ratio} "
                  f"{again * 1000:7.2f}")


def whatif_table(fresh: int) -> None:
    from tutor.study.whatif import DEFAULT_CHANGES, compare, parse_overrides

    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "tutor")],
                   stdout=subprocess.DEVNULL, check=True)
    print("\nWhat-if: 100 hands under the defaults + 100 with the change, sensible bots, "
          f"wall seconds; fresh process: median (range) of {fresh}")
    print(f"{'game (change)':<52} {'fresh process':>20} {'warm':>8} {'again':>8}")
    for variant in Variant:
        colds = sorted(float(subprocess.run(
            [sys.executable, "-c", _WHATIF.format(variant=variant.value)], cwd=ROOT,
            capture_output=True, text=True, check=True).stdout.strip()) for _ in range(fresh))
        start = time.perf_counter()
        compare(variant, parse_overrides(DEFAULT_CHANGES[variant]), hands=100)
        warm = time.perf_counter() - start
        start = time.perf_counter()
        compare(variant, parse_overrides(DEFAULT_CHANGES[variant]), hands=100)
        again = time.perf_counter() - start
        name = f"{variant.value} ({DEFAULT_CHANGES[variant]})"
        cold = f"{statistics.median(colds):.2f} ({colds[0]:.2f}-{colds[-1]:.2f})"
        print(f"{name:<52} {cold:>20} {warm:8.2f} {again:8.2f}")


def cluster_table(workers: int, hands: int, seed: int) -> None:
    try:
        from distributed import LocalCluster
    except ImportError:
        print("\nDask: not installed (pip install 'mahjong-tutor[cluster]'); skipped")
        return
    variant = Variant.HUANGYAN
    simulate(variant, 50, seed + 10_000, workers=1)  # warm this process's tables
    start = time.perf_counter()
    local = simulate(variant, hands, seed, workers=1)
    alone = time.perf_counter() - start
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      host="127.0.0.1", dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        simulate(variant, workers * 40, seed + 20_000, executor="dask", scheduler=address,
                 chunk=20)  # warm every worker's tables
        start = time.perf_counter()
        remote = simulate(variant, hands, seed, executor="dask", scheduler=address, chunk=50)
        spread = time.perf_counter() - start
    assert remote == local, "the cluster's statistics differ from the local run's"
    print(f"\nDask: {hands} Huangyan hands, sensible bots, wall time (same statistics)")
    print(f"{'where':<36} {'seconds':>8} {'hands/s':>8} {'per worker':>11}")
    print(f"{'this process, one core':<36} {alone:8.2f} {hands / alone:8.1f} "
          f"{hands / alone:11.1f}")
    print(f"{f'LocalCluster, {workers} worker processes':<36} {spread:8.2f} "
          f"{hands / spread:8.1f} {hands / spread / workers:11.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cluster", type=int, default=0, metavar="N",
                        help="also time a Dask LocalCluster of N worker processes")
    parser.add_argument("--cluster-hands", type=int, default=1000)
    parser.add_argument("--skip-whatif", action="store_true")
    parser.add_argument("--fresh", type=int, default=5, metavar="N",
                        help="fresh processes per game for the what-if (default 5)")
    args = parser.parse_args()
    bots_table(args.hands, args.warmup, args.seed)
    if not args.skip_whatif:
        whatif_table(args.fresh)
    if args.cluster:
        cluster_table(args.cluster, args.cluster_hands, args.seed)


if __name__ == "__main__":
    main()
