"""Independent answers for the generated exercises, written from the rules, not the engine.

Each function recomputes one topic's answer from what the exercise shows (hand, totals,
discards...) with plain code of its own or the brute-force oracle of the core tests, so a test
comparing it with the generator's answer can fail.
"""

from __future__ import annotations

from core import oracle

from tutor.core.hand import Hand
from tutor.core.tiles import KINDS, Tile, Wind
from tutor.variants.guiyang import FinishedHand

SEATS = ("E", "S", "W", "N")


def waits(hand: Hand, variant: str) -> list[str]:
    """The live waits, by trying every kind (the core tests' brute force)."""
    return [str(KINDS[k]) for k in oracle.waits(hand, variant).waits]


def shanten(hand: Hand, variant: str) -> int:
    return oracle.shanten(hand, variant)


def discard_shanten(hand: Hand, variant: str) -> dict[Tile, int]:
    """The shanten after each discard of a 14-tile hand (oracle)."""
    return {t: oracle.shanten(hand.remove(t), variant) for t in sorted(set(hand.concealed))}


def improving_count(hand14: Hand, discard: Tile, variant: str) -> int:
    """Copies not in the 14-tile hand of the kinds that lower the shanten after ``discard``."""
    rest = hand14.remove(discard)
    kinds = oracle.useful(rest, variant)
    return sum(4 - hand14.held_counts[k] for k in kinds)


def reckoning(*, dealer: str, winner: str, totals: dict[str, int],
              liable: str | None) -> dict[str, int]:
    """Nets of a Huangyan reckoning, from the rule text: wave one (the winner collects its
    total from the dealer, or from everyone when it is the dealer, and half, rounded up, from
    the others), wave two (each pair of non-winners: the lower total pays the difference,
    halved and rounded up between two non-dealers); a liable player's total is 0 and it pays
    every payment of both waves to the winner."""
    used = dict(totals)
    if liable is not None:
        used[liable] = 0
    due: list[tuple[str, str, int]] = []  # payer, payee, amount
    for seat in SEATS:
        if seat == winner:
            continue
        full = winner == dealer or seat == dealer
        due.append((seat, winner, used[winner] if full else (used[winner] + 1) // 2))
    others = [s for s in SEATS if s != winner]
    for i, a in enumerate(others):
        for b in others[i + 1:]:
            diff = abs(used[a] - used[b])
            amount = diff if dealer in (a, b) else (diff + 1) // 2
            low, high = (a, b) if used[a] <= used[b] else (b, a)
            if amount:
                due.append((low, high, amount))
    if liable is not None:
        due = [(liable, winner, amount) for _, _, amount in due]
    nets = dict.fromkeys(SEATS, 0)
    for payer, payee, amount in due:
        nets[payer] -= amount
        nets[payee] += amount
    return nets


def live_verdict(tile: str, hand: Hand, discards: dict[str, str]) -> str:
    """Safe if discarded already; else exempt if no concealed kind was discarded; else Live."""
    seen = {t for row in discards.values() for t in row.split()}
    if tile in seen:
        return "safe"
    if any(str(t) in seen for t in hand.concealed):
        return "Live"
    return "exempt"


def hangzhou_product(hand: Hand, drawn: Tile, kongs: int, joker_discards: int) -> int:
    """The product of the multipliers, from the rule text's table: three/four White Dragons
    (held plus discarded in the chain), x2 per kong and per joker discard in the chain, x2 for
    the White Dragon Pair Wait, and a seven-pairs hand x4 pure or x2 with a joker, x2 per four
    identical natural tiles."""
    joker = 31
    product = 1
    white = hand.held_counts[joker] + joker_discards
    product *= {3: 2, 4: 4}.get(white, 1)
    product *= 2 ** kongs * 2 ** joker_discards
    if oracle.white_dragon_pair_wait(hand.remove(drawn), "hangzhou"):
        product *= 2
    rules = oracle.rules_of("hangzhou")
    p = oracle.parts(hand, rules)
    if not hand.melds and oracle._pairs(p.naturals, p.jokers, 7, oracle._room(p, rules)):
        product *= 2 if p.jokers else 4
        product *= 2 ** sum(1 for k in range(34) if k != joker and hand.counts[k] == 4)
    return product


def chicken_value(table: FinishedHand, seat: str) -> int:
    """A player's chickens by the rule text: 1s held, melded or discarded (left in the pond) are
    worth 1, the first 1s discarded in the hand 3 to its discarder (unless claimed: then it is
    the claimant's melded 1s); the flipped chicken (the rank after the revealed tile, 9 -> 1)
    held or melded is worth 1; turning 9s makes the 1s golden, doubling every 1s; a winning
    tile counts for the first winner in turn order."""
    me = Wind.parse(seat)
    one = KINDS[18]
    revealed = table.revealed
    flipped = None if revealed is None else KINDS[revealed.index - revealed.index % 9
                                                   + (revealed.index % 9 + 1) % 9]
    golden = flipped == one
    fixed = 2 if golden else 1
    record = table.player(me)
    tiles = list(record.concealed) + [t for m in record.melds for t in m.meld.tiles]
    win = table.win
    if win is not None:
        order = win.winners if win.source is None else tuple(
            s for s in (win.source.next(k) for k in (1, 2, 3)) if s in win.winners)
        if order and order[0] == me:
            tiles.append(win.tile)
    value = sum(fixed for t in tiles if t == one)
    if not golden:
        value += sum(1 for t in tiles if t == flipped)
    first = next((i for i, d in enumerate(table.discards) if d.tile == one), None)
    for i, d in enumerate(table.discards):
        if d.seat == me and d.tile == one and d.claimed_by is None:
            value += 3 * fixed if i == first else fixed
    return value
