"""Run the same engine calls in CPython and in Pyodide; the test compares the printed JSON."""

import json
import sys

from tutor import Hand, efficiency, shanten, waits
from tutor.core.tiles import Wind
from tutor.core.variant import Variant
from tutor.game.record import digest
from tutor.game.simulate import play_hand
from tutor.i18n import using_language
from tutor.variants.hangzhou.scoring import Situation, score
from tutor.variants.huangyan.reckoning import reckon

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
result = {
    "waits": [str(t) for t in waits(Hand.parse("45m 56p 77s 南南南 中中 + 白白", "hangzhou"),
                                    "hangzhou").waits],
    "shanten": shanten(Hand.parse("34568m2457p11s356z")),
    "best_discard": str(efficiency(Hand.parse("1112345678999m5z")).best.discard),
    "reckoning": {s.letter: n for s, n in
                  reckon(winner=E, totals={E: 20, S: 28, W: 6, N: 12}).ledger.net().items()},
    "hangzhou_product": score(Hand.parse("123m456m789m中中中白白", "hangzhou"),
                              Hand.parse("白", "hangzhou").concealed[0],
                              Situation(joker_discards=1)).product,
    "hands": {v.value: digest(play_hand(v, 7, ["sensible", "random"])) for v in Variant},
}
with using_language("zh"):  # the catalog is read from the package's files there too
    result["chinese"] = str(reckon(winner=S, totals={E: 20, S: 28, W: 6, N: 12}, liable=W))
print(json.dumps(result, sort_keys=True))
print("python", sys.version.split()[0], file=sys.stderr)
