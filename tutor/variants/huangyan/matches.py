"""Matches and the session (the rule book, notebooks/rules/huangyan.md).

Each player brings a reserve of 60. A match starts with seats rolled by dice and an ante of 20
from every reserve onto the table; it ends after the hand in which any table stack touches zero,
and the stacks are banked. Three matches make a session; the session score is banked stacks
plus what is left in reserve, and the four scores always add up to 240.
"""

from __future__ import annotations

import html
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from tutor.core.tiles import Wind
from tutor.errors import RulesError
from tutor.i18n import Message, _, comma, localize
from tutor.ledger import Seat, seat_name
from tutor.variants.huangyan.reckoning import Reckoning, reckon, yellow_cliff
from tutor.variants.huangyan.rules import HUANGYAN_RULES, HuangyanRules
from tutor.variants.huangyan.sheet import ScoreSheet

__all__ = ["Match", "SeatRoll", "Seating", "Session", "roll_for_seats"]


@dataclass(frozen=True)
class SeatRoll:
    """One player's roll of two dice for seats."""

    player: str
    dice: tuple[int, int]

    @property
    def total(self) -> int:
        return sum(self.dice)


@dataclass(frozen=True)
class Seating:
    """The rolls in the order rolled and the seat each roller took."""

    rolls: tuple[SeatRoll, ...]
    seats: tuple[Wind, ...]

    def seat_of(self, player: str) -> Wind:
        for roll, seat in zip(self.rolls, self.seats, strict=True):
            if roll.player == player:
                return seat
        raise KeyError(player)

    def __str__(self) -> str:
        return _("; ").join(
            _("{player} rolled {first}+{second}={total} -> {seat}").format(
                player=r.player, first=r.dice[0], second=r.dice[1], total=r.total,
                seat=localize(seat_name(seat)))
            for r, seat in zip(self.rolls, self.seats, strict=True))

    def _repr_html_(self) -> str:
        rows = "".join(f"<tr><td>{html.escape(r.player)}</td><td>{r.dice[0]}+{r.dice[1]}</td>"
                       f"<td>{r.total}</td><td>{html.escape(localize(seat_name(seat)))}</td></tr>"
                       for r, seat in zip(self.rolls, self.seats, strict=True))
        head = "".join(f"<th>{html.escape(c)}</th>"
                       for c in (_("player"), _("dice"), _("total"), _("seat")))
        return (f"<table class='tutor-seating'><thead><tr>{head}</tr></thead><tbody>{rows}"
                "</tbody></table>")


def roll_for_seats(players: Sequence[str], dice: Sequence[tuple[int, int]] | None = None, *,
                   rng: random.Random | None = None) -> Seating:
    """Seats by dice: highest total East (the dealer), then South, West, North; a tie goes to
    whoever rolled first. ``dice`` in rolling order, or rolled with ``rng`` (seeded)."""
    if len(players) != 4 or len(set(players)) != 4:
        raise RulesError(Message("four different players are needed, not {players}",
                                 players=repr(list(players))))
    if dice is None:
        gen = rng if rng is not None else random.Random()
        dice = [(gen.randint(1, 6), gen.randint(1, 6)) for _ in players]
    if len(dice) != 4:
        raise RulesError(Message("four rolls are needed, not {n}", n=len(dice)))
    rolls = []
    for player, roll in zip(players, dice, strict=True):
        pair = tuple(roll)
        if len(pair) != 2 or not all(isinstance(d, int) and 1 <= d <= 6 for d in pair):
            raise RulesError(Message("{player}'s roll {roll} must be two dice of 1-6",
                                     player=player, roll=repr(roll)))
        rolls.append(SeatRoll(player, (pair[0], pair[1])))
    order = sorted(range(4), key=lambda i: (-rolls[i].total, i))
    seats = [Wind.EAST] * 4
    for rank, i in enumerate(order):
        seats[i] = Wind(rank + 1)
    return Seating(tuple(rolls), tuple(seats))


@dataclass(frozen=True)
class Match:
    """One match: its seating, the table stacks and every hand's reckoning so far."""

    number: int
    seating: Seating
    seats: tuple[Wind, ...]  # each player's seat now (the dealer is always East)
    stacks: tuple[int, ...]
    hands: tuple[Reckoning, ...] = ()
    rules: HuangyanRules = HUANGYAN_RULES

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(r.player for r in self.seating.rolls)

    @property
    def over(self) -> bool:
        return any(h.match_over for h in self.hands)

    def player_at(self, seat: Seat) -> str:
        return self.players[self.seats.index(seat)]

    def stacks_by_seat(self) -> dict[Seat, int]:
        return {seat: self.stacks[self.seats.index(seat)] for seat in Wind}

    def _after(self, result: Reckoning) -> Match:
        assert result.stacks_after is not None
        stacks = tuple(result.stacks_after[seat] for seat in self.seats)
        seats = self.seats
        # the deal passes right (South becomes East) unless the match ended: seats are re-rolled
        if result.next_dealer != result.dealer and not result.match_over:
            seats = tuple(seat.next(3) for seat in seats)
        return replace(self, seats=seats, stacks=stacks, hands=(*self.hands, result))

    def win(self, *, winner: Seat, totals: Mapping[Seat, int | ScoreSheet],
            liable: Seat | None = None) -> Match:
        """This match after a won hand (seats are this hand's seat winds)."""
        if self.over:
            raise RulesError(Message("match {n} is over; start the next match", n=self.number))
        return self._after(reckon(winner=winner, totals=totals, liable=liable,
                                  stacks=self.stacks_by_seat(), rules=self.rules))

    def draw(self) -> Match:
        """This match after a Yellow Cliff draw."""
        if self.over:
            raise RulesError(Message("match {n} is over; start the next match", n=self.number))
        return self._after(yellow_cliff(stacks=self.stacks_by_seat()))

    def __str__(self) -> str:
        stacks = comma().join(f"{p} ({s.letter}) {n}" for p, s, n in
                              zip(self.players, self.seats, self.stacks, strict=True))
        text = (_("match {number} (over, {n} hands): {stacks}") if self.over else
                _("match {number} (in play, {n} hands): {stacks}"))
        return text.format(number=self.number, n=len(self.hands), stacks=stacks)

    def _repr_html_(self) -> str:
        hands = "".join(h._repr_html_() for h in self.hands)
        return f"<div class='tutor-match'><p><b>{html.escape(str(self))}</b></p>{hands}</div>"


@dataclass(frozen=True)
class Session:
    """A session of matches; ``Session.start(players)`` then ``new_match``, ``win``, ``draw``."""

    players: tuple[str, ...]
    reserves: tuple[int, ...]
    banked: tuple[int, ...]
    matches: tuple[Match, ...] = ()
    rules: HuangyanRules = HUANGYAN_RULES

    @classmethod
    def start(cls, players: Sequence[str] = ("Ann", "Bao", "Cai", "Dev"), *,
              rules: HuangyanRules = HUANGYAN_RULES) -> Session:
        if len(players) != 4 or len(set(players)) != 4:
            raise RulesError(Message("four different players are needed, not {players}",
                                 players=repr(list(players))))
        return cls(tuple(players), (rules.reserve,) * 4, (0,) * 4, (), rules)

    @property
    def current(self) -> Match | None:
        """The match in play, if any."""
        if self.matches and not self.matches[-1].over:
            return self.matches[-1]
        return None

    @property
    def over(self) -> bool:
        return len(self.matches) == self.rules.matches_per_session and self.current is None

    def new_match(self, dice: Sequence[tuple[int, int]] | None = None, *,
                  rng: random.Random | None = None) -> Session:
        """Roll for seats and ante from every reserve."""
        if self.current is not None:
            raise RulesError(Message("match {n} is still in play", n=self.current.number))
        if self.over:
            raise RulesError(Message("the session is over after {n} matches",
                                     n=len(self.matches)))
        seating = roll_for_seats(self.players, dice, rng=rng)
        ante = self.rules.ante
        match = Match(len(self.matches) + 1, seating, seating.seats, (ante,) * 4,
                      rules=self.rules)
        return replace(self, reserves=tuple(r - ante for r in self.reserves),
                       matches=(*self.matches, match))

    def _play(self, match: Match) -> Session:
        banked = self.banked
        if match.over:  # bank the stacks
            banked = tuple(b + s for b, s in zip(banked, match.stacks, strict=True))
        return replace(self, banked=banked, matches=(*self.matches[:-1], match))

    def _match(self) -> Match:
        if self.current is None:
            raise RulesError(Message("no match is in play; call new_match first"))
        return self.current

    def win(self, *, winner: Seat, totals: Mapping[Seat, int | ScoreSheet],
            liable: Seat | None = None) -> Session:
        return self._play(self._match().win(winner=winner, totals=totals, liable=liable))

    def draw(self) -> Session:
        return self._play(self._match().draw())

    @property
    def scores(self) -> dict[str, int]:
        """Each player's points: banked + reserve + the stack in play (final when over)."""
        current = self.current
        stacks = current.stacks if current is not None else (0,) * 4
        return {p: r + b + s for p, r, b, s in
                zip(self.players, self.reserves, self.banked, stacks, strict=True)}

    @property
    def total(self) -> int:
        return sum(self.scores.values())

    def __str__(self) -> str:
        finished = sum(m.over for m in self.matches)
        scores = comma().join(f"{p} {n}" for p, n in self.scores.items())
        if self.over:
            head = _("session (over): {scores} (total {total})")
        else:
            head = _("session ({finished} of {matches} matches finished): {scores} (total "
                     "{total})")
        rows = [head.format(finished=finished, matches=self.rules.matches_per_session,
                            scores=scores, total=self.total)]
        rows += [f"  {m}" for m in self.matches]
        return "\n".join(rows)

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(c)}</th>"
                       for c in (_("player"), _("reserve"), _("banked"), _("in play"),
                                 _("score")))
        current = self.current
        rows = "".join(
            f"<tr><td>{html.escape(p)}</td><td>{self.reserves[i]}</td><td>{self.banked[i]}</td>"
            f"<td>{current.stacks[i] if current else ''}</td><td>{self.scores[p]}</td></tr>"
            for i, p in enumerate(self.players))
        return (f"<table class='tutor-session'><thead><tr>{head}</tr></thead><tbody>{rows}"
                f"</tbody></table><p>{html.escape(str(self).splitlines()[0])}</p>")
