"""The Live Tile Stage trainer: judge a discard as Live, safe or exempt, and what liability
would cost."""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from tutor.core.hand import Hand, format_tiles
from tutor.core.notation import parse_hand, parse_tile, parse_tiles
from tutor.core.tiles import KINDS, Tile, Wind
from tutor.errors import HandError, RulesError
from tutor.i18n import N_, Message, _, comma, localize, nmessage
from tutor.ledger import Seat, seat_name
from tutor.study.huangyan.common import SEATS, VARIANT
from tutor.variants.huangyan.reckoning import Reckoning, reckon
from tutor.variants.huangyan.rules import HUANGYAN_RULES, HuangyanRules

# -- 3. the Live Tile Stage ---------------------------------------------------------------------

class Verdict(Enum):
    """What a discard is under the Live Tile rules."""

    SAFE = N_("safe")  # its kind was already discarded (claimed or not) this hand
    LIVE = N_("Live")  # nobody has discarded its kind, and the hand holds a safe tile
    EXEMPT = N_("exempt")  # Live, but every concealed tile is Live: the exception applies


@dataclass(frozen=True)
class DiscardJudgement:
    """One discard judged: its verdict, whether the stage is on, and why."""

    tile: Tile
    verdict: Verdict
    stage_on: bool
    safe_in_hand: tuple[Tile, ...]

    @property
    def liable_if_won_on(self) -> bool:
        """Whether an opponent's win on this discard would make the discarder liable."""
        return self.stage_on and self.verdict is Verdict.LIVE

    def explain(self) -> str:
        t = str(self.tile)
        text: str
        if self.verdict is Verdict.SAFE:
            text = Message("{tile} is safe: it has already been discarded this hand, so it is no "
                           "longer a Live Tile and can never trigger liability.", tile=t)
        elif self.verdict is Verdict.EXEMPT:
            text = Message("{tile} is a Live Tile, but every tile in your concealed hand is Live "
                           "too, so the exception applies: no liability even if an opponent wins "
                           "on it.", tile=t)
        else:
            safe = " ".join(str(s) for s in self.safe_in_hand)
            text = Message("{tile} is a Live Tile (nobody has discarded one this hand) and you "
                           "hold safe tiles ({safe}).", tile=t, safe=safe)
            if self.stage_on:
                text += Message(" If an opponent wins on it you pay for the whole table "
                                "(liability).")
        if not self.stage_on:
            text += Message(" The Live Tile Stage has not begun, so no discard can trigger "
                            "liability yet.")
        return text

    def __str__(self) -> str:
        return _("discard {tile}: {verdict}. {why}").format(
            tile=self.tile, verdict=_(self.verdict.value), why=localize(self.explain()))


def _seat(seat: Seat) -> str:
    """A seat's name in the current language (East, 东家)."""
    return localize(seat_name(seat))


def _nets(values: Mapping[Seat, int]) -> str:
    return comma().join(f"{_seat(s)} {values[s]:+d}" for s in SEATS)


@dataclass(frozen=True)
class LiabilityCost:
    """The same win settled normally and with the discarder liable."""

    discarder: Seat
    normal: Reckoning
    liable: Reckoning

    @property
    def normal_net(self) -> int:
        return self.normal.net[self.discarder]

    @property
    def liable_net(self) -> int:
        return self.liable.net[self.discarder]

    @property
    def liable_pays(self) -> int:
        """Everything the liable discarder pays out."""
        return sum(p.amount for p in self.liable.payments if p.payer == self.discarder)

    @property
    def extra(self) -> int:
        """How much worse off liability leaves the discarder than the normal settlement."""
        return self.normal_net - self.liable_net

    def __str__(self) -> str:
        who = _seat(self.discarder)
        return "\n".join([
            _("normal settlement: {nets}").format(nets=_nets(self.normal.net)),
            _("{seat} liable:       {nets}").format(seat=who, nets=_nets(self.liable.net)),
            _("{seat} pays {pays} in all when liable (net {liable:+d} instead of {normal:+d}): "
              "liability costs {seat} {extra} more").format(
                seat=who, pays=self.liable_pays, liable=self.liable_net, normal=self.normal_net,
                extra=self.extra)])

    def _repr_html_(self) -> str:
        normal = html.escape(_("Normal settlement"))
        liable = html.escape(_("{seat} liable").format(seat=_seat(self.discarder)))
        return (f"<div class='tutor-liability'><p><b>{normal}</b></p>"
                f"{self.normal._repr_html_()}<p><b>{liable}</b></p>"
                f"{self.liable._repr_html_()}<p>{html.escape(str(self).splitlines()[-1])}</p>"
                "</div>")


@dataclass(frozen=True)
class TablePosition:
    """A moment of a hand: what each seat has discarded (claimed discards included), how many
    tiles the live wall holds and how many Kongs were declared, and the learner's hand (14
    tiles: the learner has just drawn and must discard)."""

    seat: Seat
    hand: Hand
    discards: dict[Seat, tuple[Tile, ...]]
    live_wall: int
    kongs: int = 0
    rules: HuangyanRules = HUANGYAN_RULES

    def __post_init__(self) -> None:
        self.hand.check(VARIANT)
        if self.hand.size != 14:
            raise HandError(Message("{hand}: {n} tiles; the learner has just drawn, so the hand "
                                    "needs 14 (a kong counting as 3)", hand=self.hand,
                                    n=self.hand.size))
        max_live = 136 - self.rules.dead_wall - 53
        if not 0 <= self.live_wall <= max_live:
            raise RulesError(Message("the live wall holds 0 to {most} tiles after the deal, not "
                                     "{n}", most=max_live, n=self.live_wall))
        if not 0 <= self.kongs < self.rules.dead_wall:
            raise RulesError(Message("{n} kongs cannot have been declared", n=self.kongs))
        counts = list(self.hand.held_counts)
        for seat in SEATS:
            for t in self.discards.get(seat, ()):
                counts[t.index] += 1
                if counts[t.index] > 4:
                    raise HandError(Message("five or more {tile} between the hand and the "
                                            "discards (a set has four)", tile=t))

    # -- the stage ------------------------------------------------------------------------
    @property
    def tiles_left(self) -> int:
        """What the rule text counts: the live wall plus the Dead Wall (16 less one per Kong)."""
        return self.live_wall + self.rules.dead_wall - self.kongs

    @property
    def stage_on(self) -> bool:
        """The stage is on when the live wall is down to the threshold (Kongs never count)."""
        return self.live_wall <= self.rules.live_tile_stage_threshold

    def stage_text(self) -> str:
        t = self.rules.live_tile_stage_threshold
        text = Message("live wall {live} (Dead Wall {dead}, {left} tiles in all): ",
                       live=self.live_wall, dead=self.rules.dead_wall - self.kongs,
                       left=self.tiles_left)
        if self.stage_on:
            return text + Message("the Live Tile Stage is ON (the live wall is down to {t} or "
                                  "fewer)", t=t)
        more = self.live_wall - t
        return text + nmessage("the Live Tile Stage is off ({n} more draw until the live wall "
                               "is down to {t})", "the Live Tile Stage is off ({n} more draws "
                               "until the live wall is down to {t})", more, t=t)

    def stage_state(self) -> str:
        """Whether the stage is on, and why: ``ON (the live wall is down to 14 or fewer)`` or
        ``off (3 more draws until the live wall is down to 14)`` (a message)."""
        t = self.rules.live_tile_stage_threshold
        if self.stage_on:
            return Message("ON (the live wall is down to {t} or fewer)", t=t)
        more = self.live_wall - t
        return nmessage("off ({n} more draw until the live wall is down to {t})",
                        "off ({n} more draws until the live wall is down to {t})", more, t=t)

    # -- Live Tiles -----------------------------------------------------------------------
    @property
    def discarded(self) -> frozenset[Tile]:
        return frozenset(t for seat in SEATS for t in self.discards.get(seat, ()))

    def is_live(self, tile: Tile) -> bool:
        return tile not in self.discarded

    @property
    def live_tiles(self) -> tuple[Tile, ...]:
        return tuple(t for t in KINDS if self.is_live(t))

    @property
    def choices(self) -> tuple[Tile, ...]:
        """The kinds the learner can discard (the concealed kinds)."""
        return tuple(sorted(set(self.hand.concealed)))

    @property
    def safe_in_hand(self) -> tuple[Tile, ...]:
        return tuple(t for t in self.choices if not self.is_live(t))

    def judge(self, tile: Tile | str) -> DiscardJudgement:
        t = parse_tile(tile, VARIANT) if isinstance(tile, str) else tile
        if t not in self.hand.concealed:
            raise HandError(Message("{hand}: no concealed {tile} to discard", hand=self.hand,
                                    tile=t))
        if not self.is_live(t):
            verdict = Verdict.SAFE
        elif not self.safe_in_hand:
            verdict = Verdict.EXEMPT
        else:
            verdict = Verdict.LIVE
        return DiscardJudgement(t, verdict, self.stage_on, self.safe_in_hand)

    def liability_cost(self, *, winner: Seat, totals: Mapping[Seat, int],
                       dealer: Seat = Wind.EAST) -> LiabilityCost:
        """The win by ``winner`` on the learner's discard, settled normally and with the
        learner liable (``totals``: each seat's hand total)."""
        if winner == self.seat:
            raise RulesError(Message("{seat} is the discarder; an opponent must win on it",
                                     seat=seat_name(winner)))
        normal = reckon(winner=winner, totals=totals, dealer=dealer, rules=self.rules)
        liable = reckon(winner=winner, totals=totals, dealer=dealer, liable=self.seat,
                        rules=self.rules)
        return LiabilityCost(self.seat, normal, liable)

    def __str__(self) -> str:
        rows = [localize(self.stage_text())]
        for seat in SEATS:
            rows.append("  " + _("{seat} discarded: {tiles}").format(
                seat=f"{_seat(seat):5}", tiles=format_tiles(self.discards.get(seat, ())) or "-"))
        rows.append("  " + _("{seat} (you) hold {hand}").format(seat=_seat(self.seat),
                                                                hand=self.hand))
        return "\n".join(rows)


def position(*, seat: Seat | str, hand: str, discards: Mapping[str, str], live_wall: int,
             kongs: int = 0, rules: HuangyanRules = HUANGYAN_RULES) -> TablePosition:
    """A :class:`TablePosition` from notation: ``discards`` maps "E", "S", ... to tiles."""
    me = seat if isinstance(seat, Wind) else Wind.parse(seat)
    table = {Wind.parse(k): tuple(parse_tiles(v, VARIANT)) if v.strip() else ()
             for k, v in discards.items()}
    return TablePosition(me, parse_hand(hand, VARIANT), table, live_wall, kongs, rules)


#: Table positions for the trainer and the exercises (West is the learner in each).
POSITIONS: dict[str, dict[str, object]] = {
    N_("Early in the hand (stage off)"): {
        "seat": "W", "hand": "23m445p67p123s99s7z1z", "live_wall": 40,
        "discards": {"E": "9m 1p 4z 2z", "S": "6z 1z 8m", "W": "3z 5z 9p", "N": "1m 7z 2z"}},
    N_("Stage on, a safe tile in hand"): {
        "seat": "W", "hand": "234m45p6788p3499s1z", "live_wall": 12,
        "discards": {"E": "9m 1p 4z 2z 5s 8p", "S": "6z 1z 8m 3p 2s", "W": "3z 5z 9p 1s 7s",
                     "N": "1m 7z 2z 6s 3s"}},
    N_("Stage on, every tile Live"): {
        "seat": "W", "hand": "234m567m45p789p667s", "live_wall": 10,
        "discards": {"E": "9m 1p 4z 2z 1s", "S": "6z 1z 8m 3z 9s", "W": "5z 1p 3p 2p",
                     "N": "1m 7z 2z 8s 4s"}},
    N_("Two Kongs: 30 tiles, no stage yet"): {
        "seat": "W", "hand": "234m45p6788p3499s1z", "live_wall": 16, "kongs": 2,
        "discards": {"E": "9m 1p 4z 2z", "S": "6z 1z 8m 3p", "W": "3z 5z 9p 1s",
                     "N": "1m 7z 2z 6s"}},
}


def preset_position(name: str, *, rules: HuangyanRules = HUANGYAN_RULES) -> TablePosition:
    if name not in POSITIONS:
        raise RulesError(Message("no position named {name} (known: {names})", name=repr(name),
                                 names=", ".join(POSITIONS)))
    spec = dict(POSITIONS[name])
    return position(rules=rules, **spec)  # type: ignore[arg-type]


#: The totals the trainer prices liability with by default: the rule text's worked examples.
RULE_TEXT_TOTALS: dict[Seat, int] = {Wind.EAST: 20, Wind.SOUTH: 28, Wind.WEST: 6, Wind.NORTH: 12}


class StageTrainer:
    """The Live Tile trainer: a table position, the learner's pick, and what it would cost.

    ``winner`` is the opponent imagined winning on the discard; ``totals`` the four hand totals
    the reckoning uses (the dealer is East).
    """

    def __init__(self, name: str = "Stage on, a safe tile in hand", *,
                 rules: HuangyanRules = HUANGYAN_RULES) -> None:
        self.rules = rules
        self.example = name
        self.reset()

    def reset(self) -> None:
        """Back to the example position, the rule text's totals and North as the winner."""
        self.totals: dict[Seat, int] = dict(RULE_TEXT_TOTALS)
        self.winner: Seat = Wind.NORTH
        self.name = ""
        self.position = preset_position(self.example, rules=self.rules)
        self.judgement: DiscardJudgement | None = None
        self.choose(self.example)

    def choose(self, name: str) -> TablePosition:
        """Switch to the named position (the pick is cleared)."""
        self.position = preset_position(name, rules=self.rules)
        self.name = name
        self.judgement = None
        if self.winner == self.position.seat:
            self.winner = self.position.seat.next()
        return self.position

    @property
    def opponents(self) -> tuple[Seat, ...]:
        return tuple(s for s in SEATS if s != self.position.seat)

    def pick(self, tile: Tile | str) -> DiscardJudgement:
        self.judgement = self.position.judge(tile)
        return self.judgement

    def cost(self) -> LiabilityCost:
        """The imagined win on the discard, settled normally and with the learner liable."""
        return self.position.liability_cost(winner=self.winner, totals=self.totals)

    def __str__(self) -> str:
        rows = [f"{localize(self.name)}: {localize(self.position.stage_text())}"]
        if self.judgement is not None:
            rows.append(str(self.judgement))
        return "\n".join(rows)
