"""Scoring a Hangzhou win: the multipliers of the seed's table, itemized, and who pays what.

A Hangzhou hand has no points of its own: its value is the base (8 from the dealer and 1 from each
other player, or 8 from each player when the dealer wins) times the product of the multipliers
that apply. Wins are self-drawn only. Most multipliers depend on how the player got there, so
:func:`score` takes, besides the 14 tiles and the drawn tile, the winner's *chain* (decisions
file): the kongs and joker discards the winner made in a row since their last discard of a
non-joker tile.

>>> from tutor import Hand, Tile
>>> sheet = score(Hand.parse("123456789m 中中中 白", "hangzhou").add(Tile.parse("5s")),
...               Tile.parse("5s"), Situation(joker_discards=1))
>>> sheet.product, [line.name for line in sheet.lines]
(4, ['White Dragon Pair Wait', 'After a White Dragon Discard'])
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from enum import Enum

from tutor.core.hand import Hand, format_tiles
from tutor.core.shapes import Decomposition, GroupKind, Shape, decompositions
from tutor.core.tiles import Tile
from tutor.core.variant import Variant
from tutor.core.waits import waits
from tutor.errors import HandError, RulesError
from tutor.ledger import Ledger, Payment, Seat
from tutor.variants.hangzhou.rules import HANGZHOU, HangzhouRules, ScoringMode

__all__ = ["ScoreLine", "ScoreSheet", "Situation", "WinSource", "effective_product",
           "score", "win_payments"]

V = Variant.HANGZHOU
JOKER = Tile.parse("5z")


class WinSource(Enum):
    """Where the winning tile came from. Hangzhou accepts only a self-draw."""

    SELF_DRAW = "self-draw"
    DISCARD = "discard"
    ROBBING_KONG = "robbing a kong"

    @property
    def phrase(self) -> str:
        return {"self-draw": "by self-draw", "discard": "on another player's discard",
                "robbing a kong": "by robbing a kong"}[self.value]

    def __repr__(self) -> str:
        return f"WinSource.{self.name}"


@dataclass(frozen=True, kw_only=True)
class Situation:
    """How the winner got to the win.

    ``kongs`` and ``joker_discards`` are the winner's chain (decisions file): the kongs of any kind
    and the jokers they discarded, in a row, since their last discard of a non-joker tile. The
    jokers discarded in the chain also count towards Three/Four White Dragons.
    """

    winner: Seat = Seat.SOUTH
    dealer: Seat = Seat.EAST
    kongs: int = 0
    joker_discards: int = 0
    source: WinSource = WinSource.SELF_DRAW
    hand_number: int | None = None

    def __post_init__(self) -> None:
        if self.kongs < 0 or self.joker_discards < 0:
            raise RulesError(f"a chain cannot be negative (kongs={self.kongs}, "
                             f"joker_discards={self.joker_discards})")
        if self.joker_discards > 4:
            raise RulesError(f"only four jokers exist: joker_discards={self.joker_discards}")

    @property
    def dealer_wins(self) -> bool:
        return self.winner == self.dealer

    def __repr__(self) -> str:
        parts = []
        for name, default in (("winner", Seat.SOUTH), ("dealer", Seat.EAST), ("kongs", 0),
                              ("joker_discards", 0), ("source", WinSource.SELF_DRAW),
                              ("hand_number", None)):
            value = getattr(self, name)
            if value != default:
                parts.append(f"{name}=Seat.{value.name}" if isinstance(value, Seat)
                             else f"{name}={value!r}")
        return f"Situation({', '.join(parts)})"


@dataclass(frozen=True)
class ScoreLine:
    """One multiplier of a sheet: the seed's English name, the Chinese alias, the factor, and the
    tiles or events it came from."""

    name: str
    multiplier: int
    source: str
    chinese: str | None = None

    @property
    def fan(self) -> int:
        """The line in the MIL fan model: x2^k is k fan."""
        return _fan(self.multiplier, self.name)

    def as_dict(self) -> dict[str, object]:
        return {"name": self.name, "chinese": self.chinese, "multiplier": self.multiplier,
                "fan": self.fan if _is_power_of_two(self.multiplier) else None,
                "source": self.source}

    def __str__(self) -> str:
        alias = f" ({self.chinese})" if self.chinese else ""
        return f"{self.name}{alias}: x{self.multiplier} [{self.source}]"


def _is_power_of_two(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0


def _fan(multiplier: int, name: str) -> int:
    if not _is_power_of_two(multiplier):
        raise RulesError(f"{name} x{multiplier} has no fan value (the MIL fan model needs powers "
                         "of two)")
    return multiplier.bit_length() - 1


def effective_product(lines: tuple[ScoreLine, ...], rules: HangzhouRules = HANGZHOU) -> int:
    """The multiplier a hand is paid at: the product of its lines, or under the MIL fan model
    2 to the power of its fan, capped at ``rules.fan_cap``."""
    if rules.scoring is ScoringMode.MIL_FAN:
        return 1 << min(sum(line.fan for line in lines), rules.fan_cap)
    product = 1
    for line in lines:
        product *= line.multiplier
    return product


def win_payments(winner: Seat, dealer: Seat, product: int, *, rules: HangzhouRules = HANGZHOU,
                 reason: str, hand: int | None = None, category: str = "win") -> Ledger:
    """Everyone pays the winner base x ``product``: the seed's base values (section 5)."""
    out = []
    for payer in Seat:
        if payer == winner:
            continue
        if winner == dealer:
            base = rules.base_dealer_wins
        else:
            base = rules.base_from_dealer if payer == dealer else rules.base_from_other
        out.append(Payment(payer, winner, base * product, f"{reason}: {base} x {product}",
                           category=category, hand=hand))
    return Ledger(tuple(out))


@dataclass(frozen=True)
class ScoreSheet:
    """A scored self-drawn win: the reading used, the multipliers, the product and the payments."""

    hand: Hand
    drawn: Tile
    situation: Situation
    rules: HangzhouRules
    reading: Decomposition
    readings: int
    lines: tuple[ScoreLine, ...]
    product: int
    payments: Ledger = field(repr=False)

    @property
    def lines_product(self) -> int:
        """The plain product of the lines (the product itself unless the fan cap applies)."""
        return _product(self.lines)

    @property
    def fan(self) -> int:
        return sum(line.fan for line in self.lines)

    @property
    def total(self) -> int:
        """What the winner receives."""
        return sum(p.amount for p in self.payments)

    @property
    def jokers(self) -> str:
        """What each joker stood for in the reading used."""
        parts = [f"白={t}" for t in self.reading.joker_stands_for]
        parts += ["白" * len(g.tiles) + (" as any pair" if g.kind is GroupKind.PAIR else
                                         " as any set")
                  for g in self.reading.groups if g.wild]
        return ", ".join(parts) if parts else "no jokers"

    def as_dict(self) -> dict[str, object]:
        return {
            "variant": V.value, "hand": str(self.hand), "drawn": str(self.drawn),
            "winner": self.situation.winner.letter, "dealer": self.situation.dealer.letter,
            "chain": {"kongs": self.situation.kongs,
                      "joker_discards": self.situation.joker_discards},
            "reading": {"shape": self.reading.shape.value, "groups": str(self.reading),
                        "jokers": self.jokers, "of_readings": self.readings},
            "lines": [line.as_dict() for line in self.lines],
            "product": self.product, "scoring": self.rules.scoring.value,
            "payments": self.payments.as_dicts(), "total": self.total,
        }

    def __repr__(self) -> str:
        rules = "" if self.rules == HANGZHOU else f", rules={self.rules!r}"
        return (f"score(Hand.parse({str(self.hand)!r}), Tile.parse({str(self.drawn)!r}), "
                f"{self.situation!r}{rules})")

    def __str__(self) -> str:
        s = self.situation
        who = f"{s.winner.name.title()}" + (" (dealer)" if s.dealer_wins else "")
        out = [f"Hangzhou self-drawn win by {who}: {self.hand}, drew {self.drawn}",
               f"reading: {self.reading} ({self.reading.shape.value}; the best of "
               f"{self.readings} reading{'s' if self.readings != 1 else ''})",
               f"jokers: {self.jokers}"]
        out += [f"  {line}" for line in self.lines] or ["  no multiplier"]
        if self.rules.scoring is ScoringMode.MIL_FAN:
            out.append(f"fan: {self.fan} (cap {self.rules.fan_cap}) -> x{self.product}")
        else:
            out.append(f"product: x{self.product}")
        out += [f"  {p}" for p in self.payments]
        out.append(f"{s.winner.name.title()} receives {self.total}")
        return "\n".join(out)

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{html.escape(line.name)}</td><td>{html.escape(line.chinese or '')}</td>"
            f"<td>x{line.multiplier}</td><td>{html.escape(line.source)}</td></tr>"
            for line in self.lines) or "<tr><td colspan='4'>no multiplier</td></tr>"
        head = html.escape(str(self).split("\n", 1)[0])
        receives = f"{self.situation.winner.name.title()} receives {self.total}"
        return (f"<div class='tutor-sheet'><p><b>{head}</b><br>reading: "
                f"{html.escape(str(self.reading))} ({html.escape(self.reading.shape.value)}); "
                f"jokers: {html.escape(self.jokers)}</p><table><thead><tr><th>rule</th>"
                f"<th>中文</th><th>x</th><th>from</th></tr></thead><tbody>{rows}</tbody>"
                f"</table><p>product: x{self.product}; {html.escape(receives)}</p>"
                f"{self.payments._repr_html_()}</div>")


def score(hand: Hand, drawn: Tile, situation: Situation | None = None, *,
          rules: HangzhouRules = HANGZHOU) -> ScoreSheet:
    """Score a self-drawn Hangzhou win. ``hand`` is the 14 tiles (drawn tile included)."""
    situation = situation or Situation()
    if situation.source is not WinSource.SELF_DRAW:
        raise RulesError(f"{hand}: a win {situation.source.phrase} is not allowed in Hangzhou "
                         "(self-draw only: the seed, section 2)")
    hand.check(V)
    readings = decompositions(hand, V, joker_fifth_copy=rules.joker_fifth_copy)
    if not readings:
        raise RulesError(f"{hand}: not a complete hand (four groups and a pair, or seven pairs)")
    if drawn not in hand.concealed:
        raise HandError(f"{hand}: the drawn tile {drawn} is not among the concealed tiles")
    kongs = [m for m in hand.melds if m.is_kong]
    if situation.kongs > len(kongs):
        raise RulesError(f"{hand}: the chain has {situation.kongs} kong(s) but the hand shows "
                         f"{len(kongs)}")
    in_hand = hand.held_counts[JOKER.index]
    if in_hand + situation.joker_discards > 4:
        raise HandError(f"{hand}: {in_hand} jokers held and {situation.joker_discards} "
                        "discarded in the chain, but only four exist")
    common = _common_lines(hand, drawn, situation, rules, in_hand)
    scored = []
    for order, reading in enumerate(readings):
        lines = common + _shape_lines(reading, hand, rules)
        wild = sum(g.joker_tiles for g in reading.groups if g.wild)
        scored.append((effective_product(lines, rules), _product(lines), wild, -order,
                       reading, lines))
    product, _, _, _, reading, lines = max(scored, key=lambda x: x[:4])
    who = situation.winner.name.title()
    reason = f"{who}'s self-drawn win x{product}"
    payments = win_payments(situation.winner, situation.dealer, product, rules=rules,
                            reason=reason, hand=situation.hand_number)
    return ScoreSheet(hand, drawn, situation, rules, reading, len(readings), lines, product,
                      payments)


def _product(lines: tuple[ScoreLine, ...]) -> int:
    out = 1
    for line in lines:
        out *= line.multiplier
    return out


def _common_lines(hand: Hand, drawn: Tile, s: Situation, rules: HangzhouRules,
                  in_hand: int) -> tuple[ScoreLine, ...]:
    """The multipliers that do not depend on how the hand is read."""
    lines: list[ScoreLine] = []
    white = in_hand + s.joker_discards
    source = f"{in_hand} in hand + {s.joker_discards} discarded in the chain"
    if white == 3:
        lines.append(ScoreLine("Three White Dragons", rules.three_white_dragons, source))
    elif white == 4:
        lines.append(ScoreLine("Four White Dragons", rules.four_white_dragons, source))
    kongs = [m for m in hand.melds if m.is_kong]
    chain_kongs = kongs[len(kongs) - s.kongs:]  # the chain's kongs are the last declared
    for i, meld in enumerate(chain_kongs, 1):
        lines.append(ScoreLine("After a gang", rules.after_gang,
                               f"kong {i} of {s.kongs} in the chain: {meld}", "杠开"))
    before = hand.remove(drawn)
    if waits(before, V, joker_fifth_copy=rules.joker_fifth_copy).white_dragon_pair_wait:
        lines.append(ScoreLine("White Dragon Pair Wait", rules.white_dragon_pair_wait,
                               f"{before}: one 白 set aside, the rest is complete", "爆头"))
    for i in range(1, s.joker_discards + 1):
        lines.append(ScoreLine("After a White Dragon Discard", rules.after_white_dragon_discard,
                               f"joker discard {i} of {s.joker_discards} in the chain", "财飘"))
    return tuple(lines)


def _shape_lines(reading: Decomposition, hand: Hand,
                 rules: HangzhouRules) -> tuple[ScoreLine, ...]:
    """The multipliers of one reading: seven pairs and its Tile Hogs."""
    if reading.shape is not Shape.SEVEN_PAIRS:
        return ()
    jokers = hand.counts[JOKER.index]
    if jokers:
        lines = [ScoreLine("Seven Pairs with Joker", rules.seven_pairs_with_joker,
                           f"{jokers} 白 in the pairs", "七对")]
    else:
        lines = [ScoreLine("Seven Pairs Pure", rules.seven_pairs_pure, "no 白 in the hand",
                           "七对")]
    for i, n in enumerate(hand.counts):
        tile = Tile(i)
        if n == 4 and (tile != JOKER or rules.four_jokers_tile_hog):
            what = "白白白白 (option four_jokers_tile_hog)" if tile == JOKER else format_tiles(
                [tile] * 4)
            lines.append(ScoreLine("Tile Hog", rules.tile_hog, what, "四归一"))
    return tuple(lines)
