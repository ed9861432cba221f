"""Time this engine against the `mahjong` library (2.1) on the same seeded hands, in one process.

    python benchmarks/bench_hands.py [--hands 2000] [--seed 7]

Tasks (median microseconds per hand, both libraries on identical hands):

* waits of a ready 13-tile hand: ours ``tutor.waits`` (the full analysis: waits, dead waits,
  copies left); the peer has no waits call, so we do what its users do: its win check
  (``Agari.is_agari``) on each of the 34 kinds added.
* shanten of a random 13-tile hand: ``tutor.shanten`` (standard shape, Huangyan) against
  ``Shanten.calculate_shanten`` without seven pairs and thirteen orphans.
* Hangzhou: waits of ready hands with four jokers against the same engine on joker-free hands.

Our tables fill lazily, so every task is timed twice: "cold" (first pass, empty tables) and
"warm" (second pass over the same hands). The peer has no cache; its two passes agree.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong.agari import Agari
from mahjong.shanten import Shanten

from tutor import Hand, Variant, shanten, waits
from tutor.core.tiles import KINDS


def _complete_hand(rng: random.Random, kinds: Sequence[int]) -> list[int] | None:
    """A random complete 14-tile hand (four sets and a pair) as counts, or None."""
    counts = [0] * 34
    suited = [k for k in kinds if k < 27]
    for _ in range(4):
        if rng.random() < 0.6:
            start = rng.choice([k for k in suited if k % 9 <= 6])
            group = [start, start + 1, start + 2]
        else:
            tile = rng.choice(list(kinds))
            group = [tile] * 3
        for k in group:
            counts[k] += 1
    counts[rng.choice(list(kinds))] += 2
    return counts if max(counts) <= 4 else None


def ready_hands(n: int, seed: int, kinds: Sequence[int], jokers: int = 0) -> list[Hand]:
    """Ready 13-tile hands: a complete hand less one tile, with ``jokers`` tiles turned to 白."""
    rng = random.Random(seed)
    hands: list[Hand] = []
    while len(hands) < n:
        counts = _complete_hand(rng, kinds)
        if counts is None:
            continue
        tiles = [k for k, c in enumerate(counts) for _ in range(c)]
        rng.shuffle(tiles)
        tiles.pop()
        for i in range(jokers):
            tiles[i] = 31
        if tiles.count(31) > 4:
            continue
        hands.append(Hand(tuple(KINDS[k] for k in tiles)))
    return hands


def random_hands(n: int, seed: int) -> list[Hand]:
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    return [Hand(tuple(KINDS[k] for k in rng.sample(wall, 13))) for _ in range(n)]


def peer_waits(counts: list[int]) -> list[int]:
    out = []
    for k in range(34):
        if counts[k] < 4:
            counts[k] += 1
            if Agari.is_agari(counts):
                out.append(k)
            counts[k] -= 1
    return out


def timed(items: Sequence[object], call: Callable[[object], object]) -> list[float]:
    out = []
    clock = time.perf_counter_ns
    for item in items:
        start = clock()
        call(item)
        out.append((clock() - start) / 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    all_kinds = list(range(34))
    ready = ready_hands(args.hands, args.seed, all_kinds)
    rand = random_hands(args.hands, args.seed)
    ready_counts = [list(h.counts) for h in ready]
    rand_counts = [list(h.counts) for h in rand]
    natural = [k for k in range(34) if k != 31]
    hz_plain = ready_hands(args.hands, args.seed + 1, natural)
    hz_jokers = ready_hands(args.hands, args.seed + 1, natural, jokers=4)

    rows: list[tuple[str, float, float | None]] = []

    def run(name: str, ours: Callable[[object], object], items: Sequence[object],
            peer: Callable[[object], object] | None, peer_items: Sequence[object]) -> None:
        cold = statistics.median(timed(items, ours))
        warm = statistics.median(timed(items, ours))
        theirs = statistics.median(timed(peer_items, peer)) if peer else None
        rows.append((name + " (cold)", cold, theirs))
        rows.append((name + " (warm)", warm, theirs))

    run("waits of a ready hand", lambda h: waits(h), ready,  # type: ignore[arg-type]
        lambda c: peer_waits(c), ready_counts)  # type: ignore[arg-type]
    run("shanten of a random hand", lambda h: shanten(h), rand,  # type: ignore[arg-type]
        lambda c: Shanten.calculate_shanten(c, use_chiitoitsu=False,  # type: ignore[arg-type]
                                            use_kokushi=False), rand_counts)
    hz = Variant.HANGZHOU
    run("Hangzhou waits, no joker", lambda h: waits(h, hz), hz_plain,  # type: ignore[arg-type]
        None, [])
    run("Hangzhou waits, 4 jokers", lambda h: waits(h, hz), hz_jokers,  # type: ignore[arg-type]
        None, [])

    # Checked after timing, so the first pass stays cold: the two libraries must agree on
    # what they time, or the comparison means nothing.
    for hand, counts in zip(ready, ready_counts, strict=True):
        ours = [t.index for t in waits(hand).waits]
        if ours != peer_waits(list(counts)):
            raise SystemExit(f"waits disagree on {hand}: {ours} vs {peer_waits(list(counts))}")

    print(f"{args.hands} hands per task, seed {args.seed}, Python {sys.version.split()[0]}")
    print(f"{'task':<34} {'tutor µs':>9} {'mahjong µs':>11} {'speed-up':>9}")
    for name, ours, theirs in rows:
        peer = f"{theirs:11.1f}" if theirs is not None else f"{'-':>11}"
        ratio = f"{theirs / ours:8.1f}x" if theirs is not None else f"{'-':>9}"
        print(f"{name:<34} {ours:9.1f} {peer} {ratio}")
    joker_ratio = rows[-1][1] / rows[-3][1]
    print(f"4-joker Hangzhou waits take {joker_ratio:.2f}x the joker-free time (warm)")


if __name__ == "__main__":
    main()
