"""The peer of ``tutor waits HAND --json`` for the whole-process benchmark: a minimal script that
imports the `mahjong` library and prints the same analysis of a concealed 13-tile hand in MPSZ
(shanten, waits, dead waits, copies left) as JSON.

    python benchmarks/peer_waits_mahjong.py 1112345678999m
"""

import json
import sys

from mahjong.agari import Agari
from mahjong.shanten import Shanten

text = sys.argv[1]
counts = [0] * 34
digits: list[int] = []
for ch in text:
    if ch.isdigit():
        digits.append(int(ch))
    elif ch in "mpsz":
        offset = "mpsz".index(ch) * 9
        for d in digits:
            counts[offset + d - 1] += 1
        digits = []
names = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + [f"{r}z" for r in range(1, 8)]
waits, dead = [], []
for k in range(34):
    counts[k] += 1
    if Agari.is_agari(counts):
        (waits if counts[k] <= 4 else dead).append(names[k])
    counts[k] -= 1
shanten = Shanten.calculate_shanten(counts, use_chiitoitsu=False, use_kokushi=False)
print(json.dumps({"hand": text, "ready": bool(waits), "shanten": shanten, "waits": waits,
                  "dead_waits": dead, "left": {names[k]: 4 - counts[k] for k in range(34)}},
                 indent=2))
