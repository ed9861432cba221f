"""Scoring a Hangzhou win: the multipliers of the rule text's table, itemized, and who pays what.

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
from collections import Counter
from dataclasses import dataclass, field
from enum import Enum

from tutor.core.hand import Hand, Meld
from tutor.core.shapes import Decomposition, Shape, decompositions
from tutor.core.tiles import Tile
from tutor.core.variant import Variant
from tutor.core.waits import waits
from tutor.errors import HandError, RulesError
from tutor.i18n import N_, Message, _, comma, language, localize, ngettext
from tutor.ledger import Ledger, Payment, Seat, seat_name
from tutor.variants.hangzhou.rules import HANGZHOU, HangzhouRules, ScoringMode
from tutor.variants.hangzhou.text import (
    hand_text,
    joker_text,
    reading_text,
    tile_text,
    tiles_text,
)

__all__ = ["RunnerUp", "ScoreLine", "ScoreSheet", "Situation", "WinSource",
           "effective_product", "score", "win_payments"]

V = Variant.HANGZHOU
JOKER = Tile.parse("5z")
PAIR_WAIT = N_("White Dragon Pair Wait")


class WinSource(Enum):
    """Where the winning tile came from. Hangzhou accepts only a self-draw."""

    SELF_DRAW = "self-draw"
    DISCARD = "discard"
    ROBBING_KONG = "robbing a kong"

    @property
    def phrase(self) -> str:
        return {"self-draw": N_("by self-draw"), "discard": N_("on another player's discard"),
                "robbing a kong": N_("by robbing a kong")}[self.value]

    def __repr__(self) -> str:
        return f"WinSource.{self.name}"


@dataclass(frozen=True, kw_only=True)
class Situation:
    """How the winner got to the win.

    ``kongs`` and ``joker_discards`` are the winner's chain (the rule book): the kongs of any kind
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
    """One multiplier of a sheet: the rule text's English name, the Chinese alias, the factor, and
    the tiles or events it came from."""

    name: str
    multiplier: int
    source: str
    chinese: str | None = None

    @property
    def label(self) -> str:
        """The name as the learner reads it: ``After a gang (杠开)``, in Chinese ``杠开``."""
        if language() == "en":
            return f"{self.name} ({self.chinese})" if self.chinese else self.name
        shown = localize(self.name)  # a name the catalog does not know: its Chinese alias
        return shown if shown != self.name or not self.chinese else self.chinese

    @property
    def fan(self) -> int:
        """The line in the MIL fan model: x2^k is k fan."""
        return _fan(self.multiplier, self.name)

    def as_dict(self) -> dict[str, object]:
        return {"name": self.name, "chinese": self.chinese, "multiplier": self.multiplier,
                "fan": self.fan if _is_power_of_two(self.multiplier) else None,
                "source": self.source}

    def __str__(self) -> str:
        return _("{name}: x{multiplier} [{source}]").format(
            name=self.label, multiplier=self.multiplier, source=localize(self.source))


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
                 reason: str, hand: int | None = None, category: str = N_("win")) -> Ledger:
    """Everyone pays the winner base x ``product``: the rule text's base values (section 5)."""
    out = []
    for payer in Seat:
        if payer == winner:
            continue
        if winner == dealer:
            base = rules.base_dealer_wins
        else:
            base = rules.base_from_dealer if payer == dealer else rules.base_from_other
        out.append(Payment(payer, winner, base * product,
                           Message("{reason}: {base} x {product}", reason=reason, base=base,
                                   product=product), category=category, hand=hand))
    return Ledger(tuple(out))


@dataclass(frozen=True)
class RunnerUp:
    """The next-best reading of a won hand, and its multipliers: what the chosen reading beat."""

    reading: Decomposition
    lines: tuple[ScoreLine, ...]
    product: int

    def as_dict(self) -> dict[str, object]:
        return {"shape": self.reading.shape.value, "groups": str(self.reading),
                "jokers": joker_text(self.reading), "lines": [line.name for line in self.lines],
                "product": self.product}


@dataclass(frozen=True)
class ScoreSheet:
    """A scored self-drawn win: the reading used, the multipliers, the product and the payments.

    ``runner_up`` is the next-best reading (``None`` when the hand has one reading)."""

    hand: Hand
    drawn: Tile
    situation: Situation
    rules: HangzhouRules
    reading: Decomposition
    readings: int
    lines: tuple[ScoreLine, ...]
    product: int
    payments: Ledger = field(repr=False)
    runner_up: RunnerUp | None = field(default=None, repr=False)

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
        return joker_text(self.reading)

    def runner_up_text(self) -> str | None:
        """The runner-up reading and why the chosen one beat it (``None``: a single reading)."""
        other = self.runner_up
        if other is None:
            return None
        if other.product < self.product:
            missing = Counter(line.name for line in self.lines)
            missing.subtract(line.name for line in other.lines)
            lacks = comma().join(localize(n) for n in sorted(missing.elements()))
            why = (_("x{other}, lower than x{product} (it lacks {lacks})") if lacks else
                   _("x{other}, lower than x{product}"))
        else:
            lacks = ""
            why = _("x{other}, the same product: either reading pays the same")
        why = why.format(other=other.product, product=self.product, lacks=lacks)
        return _("runner-up: {reading} ({shape}): {why}").format(
            reading=localize(reading_text(other.reading)),
            shape=localize(other.reading.shape.value), why=why)

    def as_dict(self) -> dict[str, object]:
        return {
            "variant": V.value, "hand": str(self.hand), "drawn": str(self.drawn),
            "winner": self.situation.winner.letter, "dealer": self.situation.dealer.letter,
            "chain": {"kongs": self.situation.kongs,
                      "joker_discards": self.situation.joker_discards},
            "reading": {"shape": self.reading.shape.value, "groups": str(self.reading),
                        "jokers": self.jokers, "of_readings": self.readings},
            "runner_up": self.runner_up.as_dict() if self.runner_up is not None else None,
            "lines": [line.as_dict() for line in self.lines],
            "product": self.product, "scoring": self.rules.scoring.value,
            "payments": self.payments.as_dicts(), "total": self.total,
        }

    def __repr__(self) -> str:
        rules = "" if self.rules == HANGZHOU else f", rules={self.rules!r}"
        return (f"score(Hand.parse({str(self.hand)!r}), Tile.parse({str(self.drawn)!r}), "
                f"{self.situation!r}{rules})")

    def _headline(self) -> str:
        s = self.situation
        text = (_("Hangzhou self-drawn win by {winner} (dealer): {hand}, drew {tile}")
                if s.dealer_wins else
                _("Hangzhou self-drawn win by {winner}: {hand}, drew {tile}"))
        return text.format(winner=localize(seat_name(s.winner)), hand=hand_text(self.hand),
                           tile=tile_text(self.drawn))

    def _receives(self) -> str:
        return _("{winner} receives {total}").format(
            winner=localize(seat_name(self.situation.winner)), total=self.total)

    def __str__(self) -> str:
        out = [self._headline(),
               ngettext("reading: {reading} ({shape}; the best of {n} reading)",
                        "reading: {reading} ({shape}; the best of {n} readings)",
                        self.readings).format(reading=localize(reading_text(self.reading)),
                                              shape=localize(self.reading.shape.value),
                                              n=self.readings),
               _("jokers: {jokers}").format(jokers=localize(self.jokers))]
        runner_up = self.runner_up_text()
        if runner_up is not None:
            out.append(runner_up)
        out += [f"  {line}" for line in self.lines] or ["  " + _("no multiplier")]
        if self.rules.scoring is ScoringMode.MIL_FAN:
            out.append(_("fan: {fan} (cap {cap}) -> x{product}").format(
                fan=self.fan, cap=self.rules.fan_cap, product=self.product))
        else:
            out.append(_("product: x{product}").format(product=self.product))
        out += [f"  {p}" for p in self.payments]
        out.append(self._receives())
        return "\n".join(out)

    def _repr_html_(self) -> str:
        english = language() == "en"
        rows = "".join(
            f"<tr><td>{html.escape(line.name if english else line.label)}</td>"
            + (f"<td>{html.escape(line.chinese or '')}</td>" if english else "")
            + f"<td>x{line.multiplier}</td><td>{html.escape(localize(line.source))}</td></tr>"
            for line in self.lines) or (f"<tr><td colspan='4'>{html.escape(_('no multiplier'))}"
                                        "</td></tr>")
        head = html.escape(self._headline())
        runner_up = self.runner_up_text()
        other = f"<br>{html.escape(runner_up)}" if runner_up is not None else ""
        reading = _("reading: {reading} ({shape})").format(
            reading=localize(reading_text(self.reading)),
            shape=localize(self.reading.shape.value))
        jokers = _("jokers: {jokers}").format(jokers=localize(self.jokers))
        columns = ((_("rule"), "中文", "x", _("from")) if english else
                   (_("rule"), "x", _("from")))
        product = _("product: x{product}").format(product=self.product)
        return (f"<div class='tutor-sheet'><p><b>{head}</b><br>{html.escape(reading)}; "
                f"{html.escape(jokers)}{other}</p><table><thead><tr>"
                + "".join(f"<th>{html.escape(c)}</th>" for c in columns)
                + f"</tr></thead><tbody>{rows}</tbody></table><p>{html.escape(product)}; "
                f"{html.escape(self._receives())}</p>{self.payments._repr_html_()}</div>")


def score(hand: Hand, drawn: Tile, situation: Situation | None = None, *,
          rules: HangzhouRules = HANGZHOU) -> ScoreSheet:
    """Score a self-drawn Hangzhou win. ``hand`` is the 14 tiles (drawn tile included)."""
    situation = situation or Situation()
    if situation.source is not WinSource.SELF_DRAW:
        raise RulesError(Message("{hand}: a win {how} is not allowed in Hangzhou (self-draw "
                                 "only: the original rule text, section 2)", hand=str(hand),
                                 how=Message(situation.source.phrase)))
    hand.check(V)
    readings = decompositions(hand, V, joker_fifth_copy=rules.joker_fifth_copy)
    if not readings:
        raise RulesError(Message("{hand}: not a complete hand (four groups and a pair, or seven "
                                 "pairs)", hand=str(hand)))
    if drawn not in hand.concealed:
        raise HandError(Message("{hand}: the drawn tile {drawn} is not among the concealed tiles",
                                hand=str(hand), drawn=str(drawn)))
    kongs = [m for m in hand.melds if m.is_kong]
    if situation.kongs > len(kongs):
        raise RulesError(Message("{hand}: the chain has {kongs} kong(s) but the hand shows "
                                 "{shown}", hand=str(hand), kongs=situation.kongs,
                                 shown=len(kongs)))
    in_hand = hand.held_counts[JOKER.index]
    if in_hand + situation.joker_discards > 4:
        raise HandError(Message("{hand}: {held} jokers held and {discarded} discarded in the "
                                "chain, but only four exist", hand=str(hand), held=in_hand,
                                discarded=situation.joker_discards))
    common = _common_lines(hand, drawn, situation, rules, in_hand)
    pair_wait = any(line.name == PAIR_WAIT for line in common)
    scored = []
    for order, reading in enumerate(readings):
        lines = common + _shape_lines(reading, hand, rules)
        wild = sum(g.joker_tiles for g in reading.groups if g.wild)
        # best product first; among equals, a reading where the credited White Dragon Pair
        # Wait shows (the joker pairs the drawn tile), then jokers kept wild, then the first
        shows = pair_wait and _shows_pair_wait(reading, drawn)
        scored.append(((effective_product(lines, rules), _product(lines), shows, wild, -order),
                       reading, lines))
    scored.sort(key=lambda x: x[0], reverse=True)
    (product, *_), reading, lines = scored[0]
    runner_up = None
    if len(scored) > 1:
        (other, *_), other_reading, other_lines = scored[1]
        runner_up = RunnerUp(other_reading, other_lines, other)
    reason = Message("{winner}'s self-drawn win x{product}", winner=seat_name(situation.winner),
                     product=product)
    payments = win_payments(situation.winner, situation.dealer, product, rules=rules,
                            reason=reason, hand=situation.hand_number)
    return ScoreSheet(hand, drawn, situation, rules, reading, len(readings), lines, product,
                      payments, runner_up)


def _shows_pair_wait(reading: Decomposition, drawn: Tile) -> bool:
    """Whether the reading pairs a joker with the drawn tile (two jokers, if a joker was
    drawn): the White Dragon Pair Wait as a learner sees it."""
    for group in reading.pairs:
        if drawn == JOKER and group.joker_tiles == 2:
            return True
        if drawn != JOKER and not group.wild and group.jokers == (drawn,) and \
                drawn in group.tiles:
            return True
    return False


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
    source = Message("{held} in hand + {discarded} discarded in the chain", held=in_hand,
                     discarded=s.joker_discards)
    if white == 3:
        lines.append(ScoreLine(N_("Three White Dragons"), rules.three_white_dragons, source,
                               "三财神"))
    elif white == 4:
        lines.append(ScoreLine(N_("Four White Dragons"), rules.four_white_dragons, source,
                               "四财神"))
    lines += _gang_lines(hand, s.kongs, rules)
    before = hand.remove(drawn)
    if waits(before, V, joker_fifth_copy=rules.joker_fifth_copy).white_dragon_pair_wait:
        lines.append(ScoreLine(PAIR_WAIT, rules.white_dragon_pair_wait,
                               Message("{hand}: one 白 set aside, the rest is complete",
                                       hand=hand_text(before)),
                               "爆头"))
    for i in range(1, s.joker_discards + 1):
        lines.append(ScoreLine(N_("After a White Dragon Discard"),
                               rules.after_white_dragon_discard,
                               Message("joker discard {i} of {n} in the chain", i=i,
                                       n=s.joker_discards), "财飘"))
    return tuple(lines)


def _gang_lines(hand: Hand, chain: int, rules: HangzhouRules) -> list[ScoreLine]:
    """One After a gang line per kong in the chain. The hand does not say which of its kongs
    the chain holds when it holds more, so the lines name them all, in a fixed order (never the
    order the melds were written in)."""
    kongs = sorted((m for m in hand.melds if m.is_kong), key=_meld_order)
    shown = " ".join(hand_text(Hand((), (m,))) for m in kongs)
    out = []
    for i in range(1, chain + 1):
        if chain == len(kongs):
            what = Message("kong {i} of {n} in the chain: {kong}", i=i, n=chain,
                           kong=hand_text(Hand((), (kongs[i - 1],))))
        else:
            what = Message("kong {i} of {n} in the chain, among the hand's kongs {kongs}", i=i,
                           n=chain, kongs=shown)
        out.append(ScoreLine(N_("After a gang"), rules.after_gang, what, "杠开"))
    return out


def _meld_order(meld: Meld) -> tuple[int, str]:
    return meld.tiles[0].index, meld.kind.value


def _shape_lines(reading: Decomposition, hand: Hand,
                 rules: HangzhouRules) -> tuple[ScoreLine, ...]:
    """The multipliers of one reading: seven pairs and its Tile Hogs."""
    if reading.shape is not Shape.SEVEN_PAIRS:
        return ()
    jokers = hand.counts[JOKER.index]
    if jokers:
        lines = [ScoreLine(N_("Seven Pairs with Joker"), rules.seven_pairs_with_joker,
                           Message("{n} 白 in the pairs", n=jokers), "七对")]
    else:
        lines = [ScoreLine(N_("Seven Pairs Pure"), rules.seven_pairs_pure,
                           Message("no 白 in the hand"), "七对")]
    for i, n in enumerate(hand.counts):
        tile = Tile(i)
        if n == 4 and (tile != JOKER or rules.four_jokers_tile_hog):
            what = (Message("白白白白 (option four_jokers_tile_hog)") if tile == JOKER
                    else tiles_text([tile] * 4))
            lines.append(ScoreLine(N_("Tile Hog"), rules.tile_hog, what, "四归一"))
    return tuple(lines)
