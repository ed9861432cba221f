"""One hand of play as a state machine, OpenSpiel style.

``state.current_actor()`` is the seat that must act, ``state.legal_actions()`` what it may do,
``state.apply(action)`` does it. Chance (the shuffle and the dice) is decided when the hand is
dealt and recorded in ``state.chance``, so a hand replays exactly from its record
(:mod:`tutor.game.record`). ``state.view(seat)`` is what one player may see.

Seats are winds and the dealer is always East; turns pass to the right (East, South, West,
North). Claims on a discard are asked of each player who has one, in turn order from the
discarder's right, and resolved when all have answered: a win beats a pong or kong, which beats
a chow; when several may win, the nearest in turn order does (Guiyang: all of them).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from tutor.core.hand import Hand, Meld, MeldKind
from tutor.core.tiles import KINDS, Tile, Wind
from tutor.core.variant import Variant
from tutor.errors import IllegalActionError
from tutor.game.actions import PASS, Action, ActionKind
from tutor.game.hooks import Hooks
from tutor.game.view import OtherView, PlayerView, event_kind
from tutor.game.wall import Wall, break_position
from tutor.i18n import N_, Message, join, pmessage

__all__ = ["Chance", "Event", "HandState", "Outcome", "Phase", "PlayerState", "WinKind"]

_OTHERS = {s: (s.next(1), s.next(2), s.next(3)) for s in Wind}

Seat = Wind
SEATS = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)


class Phase(Enum):
    ACT = "act"  # the player whose turn it is holds 14 (kongs as 3) and must move
    CLAIM = "claim"  # others answer a discard
    ROB = "rob"  # others may rob a kong
    ENDED = "ended"


class WinKind(Enum):
    SELF_DRAW = "self-draw"
    DISCARD = "discard"
    ROBBING = "robbing the kong"
    SPECIAL = "special"


@dataclass(frozen=True)
class Chance:
    """The hand's random outcomes: the shuffled tiles and the dealer's two dice."""

    order: tuple[Tile, ...]
    dice: tuple[int, int]

    @classmethod
    def roll(cls, variant: Variant, rng: random.Random) -> Chance:
        tiles = [t for t in variant.kinds for _ in range(4)]
        rng.shuffle(tiles)
        return cls(tuple(tiles), (rng.randint(1, 6), rng.randint(1, 6)))


@dataclass(frozen=True)
class Event:
    """One line of the hand's log: who did what (draws included), for replays and teaching."""

    seat: Seat | None
    kind: str
    tile: Tile | None = None
    note: str = ""

    def __str__(self) -> str:
        """``South: pong 3m (from East)`` (a message, :func:`tutor.i18n.localize`)."""
        who = Message(self.seat.name.title()) if self.seat is not None else Message("table")
        tile = f" {self.tile}" if self.tile is not None else ""
        note = Message(" ({note})", note=self.note) if self.note else ""
        return Message("{seat}: {move}{tile}{note}", seat=who, move=event_kind(self.kind),
                       tile=tile, note=note)




@dataclass
class PlayerState:
    """One seat's tiles. ``sources[i]`` is who discarded the claimed tile of ``melds[i]``."""

    seat: Seat
    counts: list[int] = field(default_factory=lambda: [0] * 34)
    melds: list[Meld] = field(default_factory=list)
    sources: list[Seat | None] = field(default_factory=list)
    discards: list[Tile] = field(default_factory=list)
    taken: list[bool] = field(default_factory=list)  # per discard: claimed by someone
    drawn: Tile | None = None  # the tile just drawn; None after a claim
    from_kong: int = 0  # kongs declared in a row before this draw (0: an ordinary draw)

    def hand(self) -> Hand:
        return Hand.from_counts(self.counts, self.melds)

    @property
    def concealed_count(self) -> int:
        return sum(self.counts)


_DEALT = Message(N_("13 tiles each, the dealer 14"))


@dataclass(frozen=True)
class Outcome:
    """How a hand ended. No winners: an exhaustive draw."""

    winners: tuple[Seat, ...]
    how: WinKind | None
    tile: Tile | None = None
    discarder: Seat | None = None
    kong_draw: bool = False
    last_tile: bool = False
    #: on a discard win: the seat whose open kong of that discard was robbed (the rules that
    #: read robbing an open kong as a win on the discard, :attr:`Hooks.open_kong_rob_is_discard`)
    open_kong: Seat | None = None

    def __str__(self) -> str:
        """``South won by discard on 5p from East`` (a message: shown in the learner's
        language, :func:`tutor.i18n.localize`)."""
        if not self.winners:
            return Message("exhaustive draw (no winner)")
        names = join(", ", [_seat(s) for s in self.winners])
        by = (Message(" from {seat}", seat=_seat(self.discarder))
              if self.discarder is not None else "")
        kong = (Message(", robbing {seat}'s open kong", seat=_seat(self.open_kong))
                if self.open_kong is not None else "")
        how = _WIN_KINDS[self.how] if self.how else "?"
        return Message("{names} won by {how} on {tile}{by}{kong}", names=names, how=how,
                       tile=str(self.tile), by=by, kong=kong)


def _seat(seat: Seat) -> Message:
    """A seat's name, translated when shown (``East``: 东家)."""
    return Message(seat.name.title())


_WIN_KINDS = {WinKind.SELF_DRAW: pmessage("win", "self-draw"),
              WinKind.DISCARD: pmessage("win", "discard"),
              WinKind.ROBBING: pmessage("win", "robbing the kong"),
              WinKind.SPECIAL: pmessage("win", "special")}


class HandState:
    """A hand from the deal to the settlement. Mutable: ``apply`` changes it in place;
    ``clone()`` copies it."""

    def __init__(self, hooks: Hooks, chance: Chance) -> None:
        self.hooks = hooks
        self.variant = hooks.variant
        self.chance = chance
        start = break_position(len(chance.order), chance.dice, self.variant)
        self.wall = Wall.from_order(self.variant, chance.order, start)
        self.players = {s: PlayerState(s) for s in SEATS}
        self.turn: Seat = Wind.EAST
        self.phase = Phase.ACT
        self.events: list[Event] = [Event(None, "dice", None, f"{chance.dice[0]}+"
                                                                 f"{chance.dice[1]}")]
        self.history: list[tuple[Seat, Action]] = []
        self.outcome: Outcome | None = None
        self.settlement: Any = None
        #: False: the settlement may leave out what only a reader needs (notes, a non-winner's
        #: best possible pattern), never a payment: for play-outs that read the ledger alone
        self.settle_details = True
        # an open claim or robbing window
        self.offer_tile: Tile | None = None
        self.offer_from: Seat | None = None
        self._order_from: Seat | None = None  # whose right-hand neighbour answers first
        self.offers: dict[Seat, tuple[Action, ...]] = {}
        self.answers: dict[Seat, Action] = {}
        self.pending_kong: Meld | None = None
        self._pending_source: Seat | None = None
        self._legal: tuple[Action, ...] | None = None
        self.robbed: Tile | None = None  # the tile of a robbed added kong, now the winner's
        # per seat, the melds and what others saw of it at the last view (reused while equal)
        self._seen: dict[Seat, tuple[tuple[Meld, ...], OtherView, int]] = {}
        # per seat, its discards and flags at the last view and the kinds left in its pile
        self._piles: dict[Seat, tuple[tuple[Tile, ...], tuple[bool, ...], int]] = {}
        self._deal()
        self.tracker = hooks.new_tracker(self)

    @classmethod
    def new(cls, hooks: Hooks, seed: int | None = None, chance: Chance | None = None
            ) -> HandState:
        """Deal a hand, from a seed or from recorded chance."""
        if chance is None:
            chance = Chance.roll(hooks.variant, random.Random(seed))
        return cls(hooks, chance)

    # -- dealing and drawing --------------------------------------------------------------
    def _deal(self) -> None:
        for _ in range(3):
            for seat in SEATS:
                for _ in range(4):
                    self.players[seat].counts[self.wall.draw().index] += 1
        for seat in SEATS:
            self.players[seat].counts[self.wall.draw().index] += 1
        tile = self.wall.draw()
        east = self.players[Wind.EAST]
        east.counts[tile.index] += 1
        east.drawn = tile
        self.events.append(Event(None, "deal", None, _DEALT))

    def _draw(self, seat: Seat, replacement: bool = False) -> None:
        player = self.players[seat]
        tile = self.wall.replacement() if replacement else self.wall.draw()
        player.counts[tile.index] += 1
        player.drawn = tile
        if not replacement:
            player.from_kong = 0
        self.turn = seat
        self.phase = Phase.ACT
        self.events.append(Event(seat, "replacement" if replacement else "draw", tile))
        self.hooks.on_draw(self, seat, tile, replacement)

    # -- the OpenSpiel-like interface -----------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase is Phase.ENDED

    def current_actor(self) -> Seat | None:
        """The seat that must act next, or None when the hand is over."""
        if self.phase is Phase.ENDED:
            return None
        if self.phase is Phase.ACT:
            return self.turn
        return next(s for s in self._claim_order() if s in self.offers and s not in self.answers)

    def _claim_order(self) -> list[Seat]:
        source = self._order_from if self._order_from is not None else self.turn
        return list(_OTHERS[source])

    def legal_actions(self) -> list[Action]:
        """What the current actor may do, sorted."""
        return list(self._legal_tuple())

    def _legal_tuple(self) -> tuple[Action, ...]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> tuple[Action, ...]:
        if self.phase is Phase.ENDED:
            return ()
        if self.phase is Phase.ACT:
            actions = self._own_turn_actions(self.turn)
            # other moves come before the discards (wins, kongs) or after them (the variant's
            # extras): a list that starts and ends with a discard is the discards, in order
            if not (actions and actions[0].kind is actions[-1].kind is ActionKind.DISCARD):
                actions.sort(key=_action_key)
            return tuple(actions)
        seat = self.current_actor()
        assert seat is not None
        return tuple(sorted((*self.offers[seat], PASS), key=_action_key))

    def _own_turn_actions(self, seat: Seat) -> list[Action]:
        player = self.players[seat]
        hooks = self.hooks
        out: list[Action] = []
        claimed = player.drawn is None
        if not claimed and hooks.may_self_draw(self, seat) and hooks.is_complete(self, seat):
            out.append(Action(ActionKind.SELF_DRAW, player.drawn))
        if (not claimed or hooks.kong_after_claim) and self.wall.can_replace():
            if 4 in player.counts:  # four of a kind in the hand: a concealed kong
                out += self._concealed_kongs(seat)
            for meld in player.melds:
                if (meld.kind is MeldKind.PONG and player.counts[meld.tile.index]
                        and hooks.may_declare_kong(self, seat, ActionKind.ADDED_KONG, meld.tile)):
                    out.append(Action(ActionKind.ADDED_KONG, meld.tile))
        out += hooks.discards(self, seat)
        out += hooks.extra_actions(self, seat)
        return out

    def _concealed_kongs(self, seat: Seat) -> list[Action]:
        """The concealed kongs ``seat`` may declare now, lowest kind first."""
        return [Action(ActionKind.CONCEALED_KONG, KINDS[i])
                for i, n in enumerate(self.players[seat].counts)
                if n == 4 and self.hooks.may_declare_kong(self, seat, ActionKind.CONCEALED_KONG,
                                                          KINDS[i])]

    def apply(self, action: Action) -> None:
        """Play ``action`` for the current actor; IllegalActionError if it is not legal."""
        seat = self.current_actor()
        if seat is None:
            raise IllegalActionError(f"the hand is over; cannot {action}")
        legal = self._legal_tuple()
        if not _is_in(action, legal):
            names = ", ".join(str(a) for a in legal)
            raise IllegalActionError(f"{seat.name.title()} cannot {action} now (legal: {names})")
        self._legal = None
        self.history.append((seat, action))
        if self.phase is Phase.ACT:
            self._act(seat, action)
        else:
            self._answer(seat, action)

    def clone(self) -> HandState:
        import copy

        return copy.deepcopy(self)

    # -- the player's own turn ------------------------------------------------------------
    def _act(self, seat: Seat, action: Action) -> None:
        player = self.players[seat]
        tile = action.tile
        kind = action.kind
        if kind is ActionKind.SELF_DRAW:
            self._end(Outcome((seat,), WinKind.SELF_DRAW, player.drawn,
                              kong_draw=player.from_kong > 0,
                              last_tile=self.wall.live == 0 and player.from_kong == 0))
        elif kind is ActionKind.SPECIAL_WIN:
            self._end(Outcome((seat,), WinKind.SPECIAL, player.drawn))
        elif kind is ActionKind.DISCARD:
            assert tile is not None
            self._discard(seat, tile)
        elif kind is ActionKind.CONCEALED_KONG:
            assert tile is not None
            player.counts[tile.index] -= 4
            self._kong(seat, Meld.kong(tile, MeldKind.CONCEALED_KONG), None)
        elif kind is ActionKind.ADDED_KONG:
            assert tile is not None
            player.counts[tile.index] -= 1
            index = next(i for i, m in enumerate(player.melds)
                         if m.kind is MeldKind.PONG and m.tile == tile)
            meld = Meld.kong(tile, MeldKind.ADDED_KONG)
            source = player.sources[index]
            del player.melds[index]
            del player.sources[index]
            # announced before any robbing window, the same whether or not one opens
            self.events.append(Event(seat, meld.kind.value, tile))
            if MeldKind.ADDED_KONG in self.hooks.robbable and self._open_rob(seat, tile, meld,
                                                                              source):
                return
            self._kong(seat, meld, source, announced=True)
        else:
            raise IllegalActionError(f"{action} is not a move of one's own turn")

    def _discard(self, seat: Seat, tile: Tile) -> None:
        player = self.players[seat]
        player.counts[tile.index] -= 1
        player.discards.append(tile)
        player.taken.append(False)
        player.drawn = None
        player.from_kong = 0
        self.events.append(Event(seat, "discard", tile))
        self.hooks.on_discard(self, seat, tile)
        last = self.wall.live == 0
        offers: dict[Seat, tuple[Action, ...]] = {}
        for other in _OTHERS[seat]:
            found = self._claims(other, tile, seat, last)
            if found:
                offers[other] = found
        if offers:
            self._open_window(Phase.CLAIM, tile, seat, offers)
        elif last:
            self._end(Outcome((), None))
        else:
            self._draw(seat.next())

    def _claims(self, seat: Seat, tile: Tile, discarder: Seat, last: bool) -> tuple[Action, ...]:
        hooks = self.hooks
        player = self.players[seat]
        out: list[Action] = []
        if (hooks.may_win_on_discard(self, seat, tile, discarder)
                and hooks.is_complete(self, seat, tile)):
            out.append(Action(ActionKind.WIN, tile))
        if last:
            return tuple(out) if hooks.last_discard_win else ()
        n = player.counts[tile.index]
        if n >= 2 and hooks.may_claim_meld(self, seat, tile, discarder, ActionKind.PONG):
            out.append(Action(ActionKind.PONG, tile))
        if (n == 3 and self.wall.can_replace()
                and hooks.may_claim_meld(self, seat, tile, discarder, ActionKind.OPEN_KONG)):
            out.append(Action(ActionKind.OPEN_KONG, tile))
        if tile.is_suited and hooks.may_claim_meld(self, seat, tile, discarder, ActionKind.CHOW):
            out += _chows(player.counts, tile.index)
        return tuple(out)

    def _open_window(self, phase: Phase, tile: Tile, source: Seat,
                     offers: dict[Seat, tuple[Action, ...]], order_from: Seat | None = None
                     ) -> None:
        """Offer ``tile`` of ``source`` to ``offers``, answered in turn order from
        ``order_from`` (default ``source``)."""
        self.phase = phase
        self.offer_tile = tile
        self.offer_from = source
        self._order_from = order_from if order_from is not None else source
        self.offers = offers
        self.answers = {}
        self.events.append(Event(None, "window", tile, ", ".join(
            f"{s.name.title()}: {'/'.join(a.kind.value for a in acts)}"
            for s, acts in offers.items())))

    def _kong(self, seat: Seat, meld: Meld, source: Seat | None,
              announced: bool = False) -> None:
        player = self.players[seat]
        player.melds.append(meld)
        player.sources.append(source)
        player.from_kong += 1
        if not announced:  # an added kong is announced when declared (before robbing)
            self.events.append(Event(seat, meld.kind.value, meld.tile))
        self.hooks.on_kong(self, seat, meld)
        self._draw(seat, replacement=True)

    def _open_rob(self, seat: Seat, tile: Tile, meld: Meld, source: Seat | None) -> bool:
        """Open the robbing window on ``seat``'s kong ``meld`` if anyone may win on its tile
        (an open kong's tile is ``source``'s discard: ``source`` never wins on it)."""
        offers: dict[Seat, tuple[Action, ...]] = {}
        for other in _OTHERS[seat]:
            if other == source:
                continue
            if self.hooks.may_win_on_discard(self, other, tile, seat) and \
                    self.hooks.is_complete(self, other, tile):
                offers[other] = (Action(ActionKind.ROB, tile),)
        if not offers:
            return False
        self.pending_kong = meld
        self._pending_source = source
        self.players[seat].melds.append(meld)  # shown while others decide
        self.players[seat].sources.append(source)
        # a win on an open kong read as a win on its discard: the nearest from the discarder
        discard_win = meld.kind is MeldKind.OPEN_KONG and self.hooks.open_kong_rob_is_discard
        self._open_window(Phase.ROB, tile, seat, offers, source if discard_win else None)
        return True

    # -- answers to a discard or a kong ---------------------------------------------------
    def _answer(self, seat: Seat, action: Action) -> None:
        self.answers[seat] = action
        if action.kind is ActionKind.PASS:
            self.events.append(Event(seat, "pass"))
            self.hooks.on_pass(self, seat, self.offers[seat])
        wins = [s for s in self._claim_order() if s in self.answers
                and self.answers[s].kind in (ActionKind.WIN, ActionKind.ROB)]
        undecided = [s for s in self._claim_order() if s in self.offers
                     and s not in self.answers]
        if wins and not self.hooks.multiple_winners:
            # the nearest winner takes it once everyone nearer has passed
            nearest = wins[0]
            order = self._claim_order()
            if not any(order.index(s) < order.index(nearest) for s in undecided):
                self._resolve([nearest])
                return
        if undecided:
            return
        self._resolve(wins)

    def _resolve(self, wins: Sequence[Seat]) -> None:
        tile, source = self.offer_tile, self.offer_from
        assert tile is not None and source is not None
        phase = self.phase
        answers = self.answers
        self.offers, self.answers = {}, {}
        self.offer_tile = None
        if phase is Phase.ROB:
            meld = self.pending_kong
            assert meld is not None
            self.pending_kong = None
            if wins:
                robbed = self.players[source]
                robbed.melds.pop()
                robbed.sources.pop()
                if meld.kind is MeldKind.ADDED_KONG:  # the kong fails; its pong stays
                    robbed.melds.append(Meld.pong(tile))
                    robbed.sources.append(self._pending_source)
                    self.robbed = tile
                else:  # an open kong fails: the three tiles go back to the hand
                    robbed.counts[tile.index] += 3
                    original = self._pending_source
                    assert original is not None
                    self.players[original].taken[-1] = False
                    if self.hooks.open_kong_rob_is_discard:  # a win on that discard
                        self._end(Outcome(tuple(wins), WinKind.DISCARD, tile, original,
                                          open_kong=source))
                        return
                self._end(Outcome(tuple(wins), WinKind.ROBBING, tile, source))
                return
            player = self.players[source]
            player.melds.pop()
            player.sources.pop()
            self.phase = Phase.ACT
            self._kong(source, meld, self._pending_source,
                       announced=meld.kind is MeldKind.ADDED_KONG)
            return
        discarder = self.players[source]
        if wins:  # the winning discard stays counted in the pile (several may win on it)
            self._end(Outcome(tuple(wins), WinKind.DISCARD, tile, source,
                              last_tile=self.wall.live == 0))
            return
        for kind in (ActionKind.OPEN_KONG, ActionKind.PONG, ActionKind.CHOW):
            takers = [(s, a) for s, a in answers.items() if a.kind is kind]
            if takers:
                seat, action = takers[0]
                discarder.taken[-1] = True
                self._take(seat, action, tile, source)
                return
        if self.wall.live == 0:
            self._end(Outcome((), None))
        else:
            self._draw(source.next())

    def _take(self, seat: Seat, action: Action, tile: Tile, source: Seat) -> None:
        player = self.players[seat]
        self.turn = seat
        self.phase = Phase.ACT
        player.drawn = None
        if action.kind is ActionKind.CHOW:
            assert action.tile is not None
            lo = action.tile.index
            for k in (lo, lo + 1, lo + 2):
                if k != tile.index:
                    player.counts[k] -= 1
            meld = Meld.chow(action.tile)
        elif action.kind is ActionKind.PONG:
            player.counts[tile.index] -= 2
            meld = Meld.pong(tile)
        else:
            player.counts[tile.index] -= 3
            meld = Meld.kong(tile, MeldKind.OPEN_KONG)
        self.events.append(Event(seat, action.kind.value, tile,
                                 Message("from {seat}", seat=_seat(source))))
        self.hooks.on_claim(self, seat, action, source)
        if action.kind is ActionKind.OPEN_KONG:
            player.from_kong = 0
            if MeldKind.OPEN_KONG in self.hooks.robbable and self._open_rob(seat, tile, meld,
                                                                             source):
                return
            self._kong(seat, meld, source)
            return
        player.melds.append(meld)
        player.sources.append(source)

    # -- the end --------------------------------------------------------------------------
    def _end(self, outcome: Outcome) -> None:
        self.phase = Phase.ENDED
        self.outcome = outcome
        self.events.append(Event(outcome.winners[0] if outcome.winners else None,
                                 "end", outcome.tile, str(outcome)))
        self.settlement = self.hooks.settle(self, outcome)

    # -- what a player sees ---------------------------------------------------------------
    def view(self, seat: Seat) -> PlayerView:
        """What ``seat`` may see: its own tiles, everyone's discards and shown melds."""
        own = self.players[seat]
        discards: dict[Seat, tuple[Tile, ...]] = {}
        taken: dict[Seat, tuple[bool, ...]] = {}
        others: dict[Seat, OtherView] = {}
        seen = 0  # the copies of each kind in sight, one byte per kind
        for s, p in self.players.items():
            piles, flags, packed = self._pile(p)
            discards[s] = piles
            taken[s] = flags
            seen += packed
            if s != seat:
                others[s], packed = self._shown(p, piles)
                seen += packed
        to_act = self.current_actor() == seat
        view = PlayerView(
            seat=seat, variant=self.variant, counts=tuple(own.counts), melds=tuple(own.melds),
            drawn=own.drawn, discards=discards, others=others, live_wall=self.wall.live,
            phase=self.phase, to_act=to_act, legal=self._legal_tuple() if to_act else (),
            offer=self.offer_tile if to_act else None, stage=self.hooks.stage(self),
            taken=taken)
        object.__setattr__(view, "seen", seen)  # not an argument: see PlayerView.seen
        return view

    def _pile(self, player: PlayerState) -> tuple[tuple[Tile, ...], tuple[bool, ...], int]:
        """``player``'s discards and their claimed flags as tuples, and the copies of each kind
        still in its pile (unclaimed), packed one byte per kind: the same objects as last time
        while the discards and flags are unchanged."""
        piles = tuple(player.discards)
        flags = tuple(player.taken)
        cached = self._piles.get(player.seat)
        if cached is not None and cached[0] == piles and cached[1] == flags:
            return cached
        packed = 0
        for t, gone in zip(piles, flags, strict=True):
            if not gone:
                packed += 1 << 8 * t.index
        found = self._piles[player.seat] = (piles, flags, packed)
        return found

    def _shown(self, player: PlayerState, discards: tuple[Tile, ...]) -> tuple[OtherView, int]:
        """What the other seats see of ``player`` (see :func:`_other_view`), the same object as
        last time while its melds, discards and tile count are unchanged, and the copies of
        each kind in its shown melds, packed one byte per kind."""
        melds = tuple(player.melds)
        held = sum(player.counts)
        cached = self._seen.get(player.seat)
        if (cached is not None and cached[1].tiles_in_hand == held
                and cached[1].discards == discards and cached[0] == melds):
            return cached[1], cached[2]
        shown = _other_view(player, discards, held)
        packed = 0
        for meld in shown.melds:
            for t in meld.tiles:
                packed += 1 << 8 * t.index
        self._seen[player.seat] = (melds, shown, packed)
        return shown, packed

    def tiles_accounted(self) -> int:
        """Every tile: in hands, melds, discards (claimed ones live in melds), the wall, burned."""
        total = self.wall.remaining + self.wall.burned
        for p in self.players.values():
            total += p.concealed_count + sum(len(m.tiles) for m in p.melds)
            total += sum(1 for taken in p.taken if not taken)
        if self.robbed is not None:
            total += 1
        return total


def _other_view(player: PlayerState, discards: tuple[Tile, ...], held: int) -> OtherView:
    """What the other seats see of ``player``: shown melds, how many concealed kongs, its
    discards and how many tiles it holds (``held``)."""
    melds = player.melds
    if not melds:
        return OtherView(player.seat, (), 0, discards, held)
    shown = tuple(m for m in melds if m.kind is not MeldKind.CONCEALED_KONG)
    return OtherView(player.seat, shown, len(melds) - len(shown), discards, held)


def _chows(counts: list[int], index: int) -> list[Action]:
    """The chows ``counts`` can make with the suited kind ``index``, lowest first."""
    rank = index % 9  # 0-8
    out = []
    if rank >= 2 and counts[index - 2] and counts[index - 1]:
        out.append(_CHOWS[index - 2])
    if 1 <= rank <= 7 and counts[index - 1] and counts[index + 1]:
        out.append(_CHOWS[index - 1])
    if rank <= 6 and counts[index + 1] and counts[index + 2]:
        out.append(_CHOWS[index])
    return out


def _is_in(action: Action, legal: tuple[Action, ...]) -> bool:
    """Whether ``action`` is one of ``legal``: by identity first (bots answer with the very
    objects of the legal list or the shared :data:`~tutor.game.actions.DISCARDS`), then by
    value."""
    for a in legal:
        if a is action:
            return True
    return action in legal


_CHOWS = {i: Action(ActionKind.CHOW, KINDS[i]) for i in range(27) if i % 9 < 7}
_KIND_ORDER = {kind: i for i, kind in enumerate(ActionKind)}


def _action_key(action: Action) -> tuple[int, int]:
    return (_KIND_ORDER[action.kind], action.tile.index if action.tile is not None else -1)
