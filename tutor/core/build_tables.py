"""Build the suit tables shipped in ``tutor/core/data`` (development time only; needs numpy).

    python -m tutor.core.build_tables          # rewrite the files
    python -m tutor.core.build_tables --check  # exit 1 if a shipped file differs

For each table of :data:`tutor.core.tables.SHIPPED` it computes the cost vector of every suit
pattern with up to four copies a rank (``5 ** ranks`` patterns), by the same dynamic programme as
:func:`tutor.core.tables.costs`, run over all patterns at once with numpy arrays, rank by rank
from the last. A file holds a header (the table's ranks, most tiles and the copies each rank may
hold), the distinct vectors (ten bytes each) and one byte per pattern the table holds (no more
copies a rank than its limit allows, at most its most tiles; the position of its vector;
patterns in lexicographic order), zlib-compressed. The engine itself never imports this
module and needs no numpy.
"""

from __future__ import annotations

import argparse
import os
import sys
import zlib
from typing import Any

from tutor.core.tables import DATA_DIR, INF, MAGIC, SHIPPED, caps_of, rank_choices, read_shipped

__all__ = ["all_vectors", "build", "encode", "main"]


def all_vectors(limits: bytes, chows: bool) -> Any:
    """Cost vectors of every pattern (counts 0-4 a rank) as an int array ``(5 ** n, 10)``."""
    import numpy as np

    n = len(limits)
    big = 120  # above INF, still inside int8 once a rank's cost is added
    # g[u, v]: vectors of the suffix patterns (index: base 5, first rank most significant),
    # shaped (patterns, 5 sets, 2 pairs), when u chows started one rank back and v two back
    g = np.full((5, 5, 1, 5, 2), big, dtype=np.int16)
    g[0, 0, 0, 0, 0] = 0
    c = np.arange(5, dtype=np.int16).reshape(5, 1, 1, 1)
    for length in range(1, n + 1):
        rank = n - length
        cap = limits[rank]
        can_start = chows and length >= 3
        size = g.shape[2]
        # the first rank starts with no chow carried; the second with none from two back
        tops = (1 if length == n else 5, 1 if length >= n - 1 else 5)
        states = [(u, v) for u in range(tops[0]) for v in range(tops[1])]
        out = np.full((*tops, 5 * size, 5, 2), big, dtype=np.int16)
        for u, v in states:
            carried = u + v
            if carried > cap:
                continue
            acc = np.full((5, size, 5, 2), big, dtype=np.int16)
            for sets, pair, x, need in rank_choices(carried, cap, can_start):
                cost = np.maximum(need - c, 0)
                sub = g[x, u][None, :, :5 - sets, :2 - pair] + cost
                view = acc[:, :, sets:, pair:]
                np.minimum(view, sub, out=view)
            out[u, v] = acc.reshape(5 * size, 5, 2)
        g = np.minimum(out, big)
    return np.minimum(g[0, 0].reshape(-1, 10), INF)


def encode(limits: bytes, chows: bool, most: int) -> bytes:
    """The uncompressed content of a table's file."""
    import numpy as np

    n = len(limits)
    caps = caps_of(limits)
    index = np.arange(5 ** n)
    digits = [(index // 5 ** (n - 1 - r)) % 5 for r in range(n)]
    kept = sum(digits) <= most
    for r in range(n):
        kept &= digits[r] <= caps[r]
    vectors = np.ascontiguousarray(all_vectors(limits, chows)[kept].astype(np.uint8))
    rows = vectors.view(np.dtype((np.void, 10))).reshape(-1)
    keys, inverse = np.unique(rows, return_inverse=True)  # sorted: the same file every time
    unique = keys.view(np.uint8).reshape(-1, 10)
    if len(unique) > 256:
        raise ValueError(f"{len(unique)} distinct vectors do not fit one byte a pattern")
    header = MAGIC + bytes([n, most]) + caps + len(unique).to_bytes(2, "little")
    return header + unique.tobytes() + inverse.reshape(-1).astype(np.uint8).tobytes()


def build(check: bool = False) -> list[str]:
    """Write (or, with ``check``, compare) every shipped table; returns the names that differ."""
    differ = []
    os.makedirs(DATA_DIR, exist_ok=True)
    for name, (limits, chows, most) in SHIPPED.items():
        content = encode(limits, chows, most)
        path = os.path.join(DATA_DIR, name + ".bin")
        try:
            with open(path, "rb") as f:
                same = zlib.decompress(f.read()) == content
        except (OSError, zlib.error):
            same = False
        if not same:
            differ.append(name)
            if not check:
                with open(path, "wb") as f:
                    f.write(zlib.compress(content, 9))
        read_shipped(name) if not check or same else None
    return differ


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    differ = build(check=args.check)
    for name in differ:
        print(f"{name}: {'differs' if args.check else 'written'}", file=sys.stderr)
    return 1 if args.check and differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
