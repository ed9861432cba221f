"""Hand analysis against its peers, on the same seeded hands, in the same run.

    python benchmarks/bench_hands.py [--hands 2000] [--seed 7] [--runs 7] [--skip-process]

Peers: the `mahjong` library (2.1, pure Python) and, where it is installed, riichienv (Rust;
``pip install riichienv``). Tasks:

* waits of a ready 13-tile hand: ours ``tutor.waits`` (the full analysis: waits, dead waits,
  copies left); `mahjong` has no waits call, so we do what its users do: its win check
  (``Agari.is_agari``) on each kind added; riichienv ``HandEvaluator(tiles).get_waits()``.
* shanten of a random and of a ready 13-tile hand: ``tutor.shanten`` (Huangyan: standard shape
  only) against ``Shanten.calculate_shanten`` without seven pairs and thirteen orphans.
  riichienv's ``calculate_shanten`` always includes both, so it is shown apart, not compared.
* Hangzhou: waits of ready hands with four jokers against joker-free ones (ours only).

Three measures, each against the peers in the same run:

1. In one process: our first pass over the hands, then warm passes over the same hands; the
   peers keep no cache. Reported: the whole pass (CPU ms of this process, the
   best of ``--passes``) and the median call (µs). Ratios are of whole passes (the honest
   figure: a few slow calls count).
2. Cold: fresh processes (``--runs`` each, alternating libraries). After the library is
   imported and the hands are built (neither timed), the CPU time of the first 1, 10 and 100
   calls.
3. Whole processes (``--runs`` each, alternating): the ``tutor`` command installed beside this
   Python, ``tutor waits HAND --json``, against
   ``peer_waits_mahjong.py`` (a minimal script that imports `mahjong` and prints the same
   analysis), and ``python -c "import tutor"`` against a bare ``python -c pass``: CPU time of
   the child (user + system, from ``resource``) and wall time. Bytecode is compiled first, as
   an installed package has it.

The machine's load moves the figures: read the ratios, run it twice.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

HAND = "1112345678999m"  # the whole-process task: a nine-sided wait


# ---------------------------------------------------------------------------------------------
# Seeded hands, as counts (no library needed to build them)


def _complete(rng: random.Random, kinds: Sequence[int]) -> list[int] | None:
    """A random complete 14-tile hand (four sets and a pair) as counts, or None."""
    counts = [0] * 34
    suited = [k for k in kinds if k < 27]
    for _ in range(4):
        if rng.random() < 0.6:
            start = rng.choice([k for k in suited if k % 9 <= 6])
            group = [start, start + 1, start + 2]
        else:
            group = [rng.choice(list(kinds))] * 3
        for k in group:
            counts[k] += 1
    counts[rng.choice(list(kinds))] += 2
    return counts if max(counts) <= 4 else None


def ready_tiles(n: int, seed: int, kinds: Sequence[int], jokers: int = 0) -> list[list[int]]:
    """Ready 13-tile hands (kinds, in a shuffled order): a complete hand less one tile, with
    ``jokers`` tiles turned to 白 (kind 31)."""
    rng = random.Random(seed)
    hands: list[list[int]] = []
    while len(hands) < n:
        counts = _complete(rng, kinds)
        if counts is None:
            continue
        tiles = [k for k, c in enumerate(counts) for _ in range(c)]
        rng.shuffle(tiles)
        tiles.pop()
        for i in range(jokers):
            tiles[i] = 31
        if tiles.count(31) > 4:
            continue
        hands.append(tiles)
    return hands


def random_tiles(n: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    return [rng.sample(wall, 13) for _ in range(n)]


def counts_of(tiles: list[int]) -> list[int]:
    counts = [0] * 34
    for k in tiles:
        counts[k] += 1
    return counts


def ids_136(tiles: list[int]) -> list[int]:
    """riichienv's tile ids: kind * 4 + copy."""
    seen = [0] * 34
    out = []
    for k in sorted(tiles):
        out.append(4 * k + seen[k])
        seen[k] += 1
    return out


# ---------------------------------------------------------------------------------------------
# The calls each library makes


def peer_waits(counts: list[int]) -> list[int]:
    from mahjong.agari import Agari

    out = []
    for k in range(34):
        if counts[k] < 4:
            counts[k] += 1
            if Agari.is_agari(counts):
                out.append(k)
            counts[k] -= 1
    return out


def _calls(lib: str, task: str) -> tuple[Callable[[Any], object], Callable[[list[int]], Any]]:
    """(the timed call, the untimed conversion of a hand's kinds into its input)."""
    if lib == "tutor":
        from tutor import Hand, Variant, shanten, waits
        from tutor.core.tiles import KINDS

        def hand(tiles: list[int]) -> Hand:
            return Hand(tuple(KINDS[k] for k in tiles))

        if task == "waits":
            return waits, hand
        if task == "hangzhou":
            hz = Variant.HANGZHOU
            return (lambda h: waits(h, hz)), hand
        return shanten, hand
    if lib == "mahjong":
        from mahjong.agari import Agari  # noqa: F401  (imported here, not in the timed call)
        from mahjong.shanten import Shanten

        if task == "waits":
            return peer_waits, counts_of
        return (lambda c: Shanten.calculate_shanten(c, use_chiitoitsu=False,
                                                    use_kokushi=False)), counts_of
    import riichienv

    if task == "waits":
        evaluator = riichienv.HandEvaluator
        return (lambda t: evaluator(t).get_waits()), ids_136
    return riichienv.calculate_shanten, ids_136


def has_riichienv() -> bool:
    try:
        import riichienv  # noqa: F401
    except ImportError:
        return False
    return True


def timed(items: Sequence[object], call: Callable[[Any], object]) -> list[float]:
    """Microseconds per call (wall clock: for the median call)."""
    out = []
    clock = time.perf_counter_ns
    for item in items:
        start = clock()
        call(item)
        out.append((clock() - start) / 1000)
    return out


def whole_pass(items: Sequence[object], call: Callable[[Any], object]) -> float:
    """CPU milliseconds of one pass over ``items`` (this process only: other load on the
    machine counts less than on a wall clock)."""
    start = time.process_time_ns()
    for item in items:
        call(item)
    return (time.process_time_ns() - start) / 1e6


# ---------------------------------------------------------------------------------------------
# 1. One process: first and warm passes


def in_process(args: argparse.Namespace, libs: list[str]) -> None:
    natural = [k for k in range(34) if k != 31]
    tasks = {
        "waits of a ready hand": ("waits", ready_tiles(args.hands, args.seed, range(34))),
        "shanten of a random hand": ("shanten", random_tiles(args.hands, args.seed)),
        "shanten of a ready hand": ("shanten", ready_tiles(args.hands, args.seed + 2,
                                                           range(34))),
        "Hangzhou waits, no joker": ("hangzhou", ready_tiles(args.hands, args.seed + 1,
                                                             natural)),
        "Hangzhou waits, 4 jokers": ("hangzhou", ready_tiles(args.hands, args.seed + 1, natural,
                                                             jokers=4)),
    }
    print(f"\n1. One process, {args.hands} hands a task: whole pass in CPU ms, the best of "
          f"{args.passes} (median call in µs)")
    print(f"{'task':<27} {'tutor 1st pass':>16} {'tutor warm':>16} {'mahjong':>16} "
          f"{'riichienv':>16}  warm speed-up (whole pass)")
    for name, (task, hands) in tasks.items():
        total: dict[str, float] = {}
        median: dict[str, float] = {}
        for lib in libs:
            if task == "hangzhou" and lib != "tutor":
                continue
            call, convert = _calls(lib, task)
            items = [convert(list(t)) for t in hands]
            if lib == "tutor":  # the first pass fills what the shipped tables leave out
                total["tutor"] = whole_pass(items, call)
                lib = "warm"
            median[lib] = statistics.median(timed(items, call))
            total[lib] = min(whole_pass(items, call) for _ in range(args.passes))

        def cell(key: str, total: dict[str, float] = total,
                 median: dict[str, float] = median) -> str:
            if key not in total:
                return f"{'-':>16}"
            if key not in median:
                return f"{total[key]:8.1f}        "
            return f"{total[key]:8.1f} ({median[key]:5.1f})"

        ratios = []
        for lib in ("mahjong", "riichienv"):
            if lib in total:
                note = " (all shapes)" if task == "shanten" and lib == "riichienv" else ""
                ratios.append(f"{total[lib] / total['warm']:.1f}x {lib}{note}")
        print(f"{name:<27} {cell('tutor')} {cell('warm')} {cell('mahjong')} "
              f"{cell('riichienv')}  {', '.join(ratios)}")
    _check_agreement(args, libs)


def _check_agreement(args: argparse.Namespace, libs: list[str]) -> None:
    """After timing (so the first pass stays a first pass): the libraries must agree on what
    they time, or the comparison means nothing."""
    from tutor import Hand, waits
    from tutor.core.tiles import KINDS

    hands = ready_tiles(args.hands, args.seed, range(34))
    differ = {"mahjong": 0, "riichienv": 0}
    for tiles in hands:
        ours = [t.index for t in waits(Hand(tuple(KINDS[k] for k in tiles))).waits]
        if ours != peer_waits(counts_of(tiles)):
            raise SystemExit(f"waits disagree with mahjong on {tiles}")
        if "riichienv" in libs:
            call, convert = _calls("riichienv", "waits")
            differ["riichienv"] += ours != sorted(set(call(convert(tiles))))  # type: ignore
    print(f"waits agree with mahjong on all {len(hands)} hands"
          + (f"; riichienv differs on {differ['riichienv']} (its riichi shapes: seven pairs, "
             "thirteen orphans)" if "riichienv" in libs else ""))


# ---------------------------------------------------------------------------------------------
# 2. Cold: fresh processes


def cold_child(lib: str, task: str, count: int, seed: int) -> None:
    """Run in a fresh process: import, build the inputs, then time the first calls."""
    hands = (ready_tiles(count, seed, range(34)) if task == "waits"
             else random_tiles(count, seed))
    call, convert = _calls(lib, task)
    items = [convert(t) for t in hands]
    marks = {1, 10, count}
    out = {}
    clock = time.process_time_ns  # CPU time of this process: the machine's other load aside
    start = clock()
    for i, item in enumerate(items, 1):
        call(item)
        if i in marks:
            out[str(i)] = (clock() - start) / 1e6
    print(json.dumps(out))


def cold(args: argparse.Namespace, libs: list[str]) -> None:
    print(f"\n2. Cold: fresh processes ({args.runs} each), first calls after import, CPU ms "
          "(median, min-max)")
    for task in ("waits", "shanten"):
        results: dict[str, list[dict[str, float]]] = {lib: [] for lib in libs}
        for _ in range(args.runs):
            for lib in libs:
                out = subprocess.run([sys.executable, __file__, "--cold-child", lib, task,
                                      str(100), str(args.seed)], capture_output=True,
                                     text=True, check=True).stdout
                results[lib].append(json.loads(out))
        for n in ("1", "10", "100"):
            cells = []
            for lib in libs:
                values = [r[n] for r in results[lib]]
                cells.append(f"{lib} {statistics.median(values):7.2f} "
                             f"({min(values):.2f}-{max(values):.2f})")
            what = "ready hands" if task == "waits" else "random hands"
            print(f"  first {n:>3} {task} ({what}): " + "   ".join(cells))
        ours = statistics.median(r["100"] for r in results["tutor"])
        peer = statistics.median(r["100"] for r in results["mahjong"])
        print(f"  first 100 {task}: tutor takes {ours / peer:.2f}x mahjong's time")


# ---------------------------------------------------------------------------------------------
# 3. Whole processes


def _run_cost(command: list[str]) -> tuple[float, float]:
    """(CPU seconds of the child, wall seconds)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def pair(name: str, a: list[str], b: list[str], a_name: str, b_name: str, runs: int) -> None:
    _run_cost(a), _run_cost(b)  # warm the file cache
    costs: dict[str, list[tuple[float, float]]] = {a_name: [], b_name: []}
    for _ in range(runs):
        costs[a_name].append(_run_cost(a))
        costs[b_name].append(_run_cost(b))
    cpu = {k: statistics.median(c for c, _ in v) * 1000 for k, v in costs.items()}
    wall = {k: statistics.median(w for _, w in v) * 1000 for k, v in costs.items()}
    ratios = [x[0] / y[0] for x, y in zip(costs[a_name], costs[b_name], strict=True) if y[0]]
    print(f"  {name}: {a_name} {cpu[a_name]:.1f} ms CPU ({wall[a_name]:.1f} wall), "
          f"{b_name} {cpu[b_name]:.1f} ms CPU ({wall[b_name]:.1f} wall): "
          f"difference {cpu[a_name] - cpu[b_name]:.1f} ms, ratio {cpu[a_name] / cpu[b_name]:.2f} "
          f"(pairwise median {statistics.median(ratios):.2f})")


def whole_process(args: argparse.Namespace) -> None:
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "tutor")],
                   stdout=subprocess.DEVNULL, check=True)
    print(f"\n3. Whole processes ({args.runs} runs each, alternating; median)")
    py = sys.executable
    script = Path(py).with_name("tutor")  # the installed command, as a user runs it
    tutor = [str(script)] if script.exists() else [py, "-m", "tutor"]
    pair("tutor waits HAND --json", [*tutor, "waits", HAND, "--json"],
         [py, str(HERE / "peer_waits_mahjong.py"), HAND], "tutor", "mahjong script", args.runs)
    pair("import", [py, "-c", "import tutor"], [py, "-c", "pass"], "import tutor",
         "bare python", args.runs)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--cold-child":
        lib, task, count, seed = sys.argv[2:6]
        cold_child(lib, task, int(count), int(seed))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--runs", type=int, default=7, help="fresh processes per measure")
    parser.add_argument("--passes", type=int, default=5, help="whole passes, the best kept")
    parser.add_argument("--skip-process", action="store_true",
                        help="only the one-process measures")
    args = parser.parse_args()
    libs = ["tutor", "mahjong"] + (["riichienv"] if has_riichienv() else [])
    import mahjong

    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs; peers: mahjong "
          f"{getattr(mahjong, '__version__', '2.1')}"
          + (", riichienv" if "riichienv" in libs else " (riichienv not installed)"))
    if not args.skip_process:
        cold(args, libs)
        whole_process(args)
    in_process(args, libs)


if __name__ == "__main__":
    main()
