"""A Hangzhou game across hands: the first dealer by dice, the winner deals next, the dealer's
tally is deferred.

Before the first hand each player rolls two dice (:func:`roll_for_first_dealer`): the highest
total deals; a tie for the highest is rolled again (all four roll again); the seats follow the
deciding roll as in Huangyan (highest East, then South, West, North; any other tie goes to whoever
rolled first). Player ``i`` (0-3) then keeps table seat ``seating.seats[i]`` for the whole game,
and the game's ledger (:mod:`tutor.variants.hangzhou.ledger`) names players by these table
seats, so the first dealer is always East there. In each hand the dealer plays as East and the
others take South, West and North in turn order. The winner of a hand deals the next; after an
exhaustive draw the dealer stays. Payments follow the rule text's deferred dealer tally (paid
when the dealership passes, and any open tally at the end); a first-turn matching-discards
penalty is paid at once. Everyone starts with ``rules.starting_points``; the game ends after
the hand in which a score goes below zero, or after ``play.session_hand_cap`` hands (a safety
cap). The dice for the seats are chance like the walls: drawn from the game's seed and
recorded in the report, so a game replays exactly.
"""

from __future__ import annotations

import html
import random
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.core.tiles import Wind
from tutor.core.variant import Variant
from tutor.errors import RulesError
from tutor.game.bots import make_bot, play_out
from tutor.game.state import Chance, HandState, WinKind
from tutor.game.variants.hangzhou.play import HangzhouSettlement, make_hooks
from tutor.game.variants.hangzhou.play_rules import hangzhou_rules
from tutor.ledger import Ledger, Seat
from tutor.variants.hangzhou.ledger import FirstTurn, GameLedger, HandResult, play
from tutor.variants.huangyan.matches import Seating, roll_for_seats

__all__ = ["PLAYERS", "SessionReport", "hand_seat", "play_session", "roll_for_first_dealer"]

PLAYERS = ("P0", "P1", "P2", "P3")
#: a safety cap on re-rolls of a tie for the highest roll (a tie every time is impossible with
#: real dice; given dice beyond it are refused)
MAX_ROLLS = 100


def roll_for_first_dealer(dice: Sequence[Sequence[tuple[int, int]]] | None = None, *,
                          rng: random.Random | None = None) -> tuple[Seating, ...]:
    """The seats and the first dealer by dice: every roll, in order, the last one deciding.

    Each of the four players (``PLAYERS``, player 0 first) rolls two dice; the highest total is
    East and deals. While the highest total is tied, all four roll again. The seats follow the
    deciding roll (:func:`tutor.variants.huangyan.matches.roll_for_seats`, the same seating as
    Huangyan's). ``dice`` replays recorded rolls (each roll four pairs, in player order);
    otherwise they are rolled with ``rng``.

    >>> rolls = roll_for_first_dealer([[(6, 6), (1, 2), (6, 6), (3, 3)],
    ...                                [(2, 2), (5, 6), (1, 1), (3, 4)]])
    >>> len(rolls), [seat.letter for seat in rolls[-1].seats]
    (2, ['W', 'E', 'N', 'S'])
    """
    rounds: list[Seating] = []
    given = None if dice is None else list(dice)
    if given is not None and not given:
        raise RulesError("the seat dice need at least one roll")
    gen = rng if rng is not None else random.Random()
    for number in range(1, MAX_ROLLS + 1):
        if given is None:
            seating = roll_for_seats(PLAYERS, rng=gen)
        elif number <= len(given):
            seating = roll_for_seats(PLAYERS, given[number - 1])
        else:
            raise RulesError(f"seat roll {number - 1} ties for the highest total, so another "
                             "roll is needed")
        rounds.append(seating)
        top = max(r.total for r in seating.rolls)
        if sum(r.total == top for r in seating.rolls) == 1:
            if given is not None and number < len(given):
                raise RulesError(f"seat roll {number} already decides the dealer; "
                                 f"{len(given) - number} more roll(s) given")
            return tuple(rounds)
    raise RulesError(f"the highest seat roll tied {MAX_ROLLS} times in a row")


def seating_text(rounds: Sequence[Seating]) -> str:
    """The seat rolls in words: the re-rolled ties, then the deciding roll."""
    out = []
    for i, seating in enumerate(rounds):
        rolls = ", ".join(f"{r.player} {r.dice[0]}+{r.dice[1]}={r.total}" for r in seating.rolls)
        if i < len(rounds) - 1:
            out.append(f"roll {i + 1}: {rolls} (a tie for the highest: roll again)")
        else:
            prefix = f"roll {i + 1}: " if len(rounds) > 1 else ""
            out.append(f"{prefix}{seating}")
    return "; ".join(out)


def hand_seat(position: int, dealer: int) -> Wind:
    """The wind played in a hand dealt from table position ``dealer`` by whoever sits at
    ``position`` (positions 0-3 are the table seats East, South, West, North; the dealer is
    East)."""
    return Wind.EAST.next((position - dealer) % 4)


def _table(seat: Wind, dealer: int) -> Seat:
    """The table seat of whoever plays ``seat`` in a hand dealt from position ``dealer``."""
    return Seat((dealer + seat - 1) % 4 + 1)


@dataclass(frozen=True)
class SessionReport:
    """A played game: hands, final scores by player, statistics, and the game's ledger.

    ``seating`` holds every seat roll (the last decides); player ``i`` sits at table seat
    ``seating[-1].seats[i]``, the name the ledger uses. ``dealers`` are player indices."""

    seed: int
    bots: tuple[str, ...]
    hands: int
    scores: dict[int, int]
    stats: dict[str, float]
    game: GameLedger
    dealers: tuple[int, ...]
    ended_below_zero: bool
    seating: tuple[Seating, ...] = ()

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Each player's table seat (player index -> seat)."""
        return self.seating[-1].seats if self.seating else tuple(Seat)

    @property
    def seat_dice(self) -> list[list[tuple[int, int]]]:
        """The seat rolls as ``play_session(..., seat_dice=...)`` takes them."""
        return [[r.dice for r in seating.rolls] for seating in self.seating]

    @property
    def ledger(self) -> Ledger:
        """Every payment of the game, by table seat (player i is ``seats[i]``)."""
        return self.game.ledger

    @property
    def penalties(self) -> Ledger:
        """The first-turn matching-discards penalties (part of :attr:`ledger`)."""
        return self.game.ledger.where(category="penalty")

    def as_dict(self) -> dict[str, object]:
        return {"seed": self.seed, "bots": list(self.bots), "hands": self.hands,
                "scores": {str(p): n for p, n in self.scores.items()}, "stats": self.stats,
                "dealers": list(self.dealers), "ended_below_zero": self.ended_below_zero,
                "seat_dice": [[list(d) for d in roll] for roll in self.seat_dice],
                "seats": {str(p): seat.letter for p, seat in enumerate(self.seats)},
                "game": self.game.as_dict(), "penalties": self.penalties.as_dicts()}

    def __str__(self) -> str:
        why = "a score went below zero" if self.ended_below_zero else "the hand cap was reached"
        scores = ", ".join(f"player {p} {n}" for p, n in self.scores.items())
        lines = [f"Hangzhou game, seed {self.seed}, bots {', '.join(self.bots)}: "
                 f"{self.hands} hands ({why})"]
        if self.seating:
            lines.append(f"seats by dice: {seating_text(self.seating)}; "
                         f"P{self.dealers[0]} deals first")
        lines.append(f"final scores: {scores}")
        lines += [f"{k}: {v:g}" for k, v in self.stats.items()]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return "<br>".join(html.escape(line) for line in str(self).splitlines())


def _streaks(dealers: Sequence[int]) -> list[int]:
    """Lengths of the runs of hands dealt by the same player."""
    runs: list[int] = []
    for i, d in enumerate(dealers):
        if i and dealers[i - 1] == d:
            runs[-1] += 1
        else:
            runs.append(1)
    return runs


def play_session(seed: int, bots: Sequence[str] = ("sensible",),
                 overrides: Mapping[str, Any] | None = None, *,
                 seat_dice: Sequence[Sequence[tuple[int, int]]] | None = None
                 ) -> SessionReport:
    """Play a seeded Hangzhou game to its end with bots (player ``i`` uses
    ``bots[i % len(bots)]``). The seats and the first dealer are rolled by dice drawn from
    ``seed`` (see :func:`roll_for_first_dealer`), or replayed from ``seat_dice``."""
    rules, options = hangzhou_rules(overrides)
    overrides = dict(overrides or {})
    rng = random.Random(seed)
    seat_rng = random.Random(rng.getrandbits(64))  # drawn either way: the hands do not change
    seating = roll_for_first_dealer(seat_dice, rng=seat_rng)
    seats = seating[-1].seats
    player_at = {seat - 1: i for i, seat in enumerate(seats)}  # table position -> player
    players = [make_bot(bots[i % len(bots)], seed * 4 + i) for i in range(4)]
    dealer = 0  # table position: East, the highest roll
    results: list[HandResult] = []
    dealers: list[int] = []
    specials = draws = 0
    ended = False
    for number in range(1, options.session_hand_cap + 1):
        hooks = make_hooks(overrides, hand_number=number)
        state = HandState(hooks, Chance.roll(Variant.HANGZHOU, rng))
        bot_at = {hand_seat(p, dealer): players[player_at[p]] for p in range(4)}
        play_out(state, bot_at)
        settlement = state.settlement
        assert isinstance(settlement, HangzhouSettlement) and state.outcome is not None
        dealers.append(player_at[dealer])
        first = settlement.first_turn  # paid in the game's ledger, by table seats
        first_turn = FirstTurn(first.discards, first.dice) if first is not None else None
        if state.outcome.winners:
            winner = _table(state.outcome.winners[0], dealer)
            specials += state.outcome.how is WinKind.SPECIAL
            results.append(HandResult.win(winner, settlement.product, settlement.reason,
                                          first_turn=first_turn))
            dealer = winner - 1
        else:
            draws += 1
            results.append(HandResult.draw(first_turn=first_turn))
        game = play(results, rules=rules, settle_at_end=False)
        if game.ended_after is not None:
            ended = True
            break
    game = play(results, rules=rules, settle_at_end=True)
    net = game.ledger.net()
    scores = {i: rules.starting_points + net[seats[i]] for i in range(4)}
    runs = _streaks(dealers)
    hands = len(results)
    wins = [r for r in results if r.winner is not None]
    stats = {
        "hands": float(hands),
        "draws": float(draws),
        "draw rate": draws / hands,
        "dealer streaks": float(len(runs)),
        "mean dealer streak": statistics.fmean(runs),
        "longest dealer streak": float(max(runs)),
        "special wins": float(specials),
        "mean multiplier": statistics.fmean(r.multiplier for r in wins) if wins else 0.0,
        "first-turn penalties": float(sum(r.first_turn is not None for r in results)),
    }
    return SessionReport(seed, tuple(bots), hands, scores, stats, game, tuple(dealers), ended,
                         seating)
