"""How long a Huangyan match lasts against the size of the table stack: seeded bot sessions.

A Huangyan match ends after the hand in which any table stack touches zero. With the rule
text's stakes a stack holds 20 (the ante), while a winner's total is often more than that, so
the winner's collection alone can empty a stack and most matches end after one hand. This model
plays the same seeded sessions (:func:`tutor.game.variants.huangyan.play_session`) with table
stacks of several sizes, each ante ``stack`` paid from a reserve of three antes (the rule
text's 20 and 60), and tabulates the hands per match. A reference run of single hands
(:func:`tutor.game.simulate.simulate`) gives the winner's total per won hand, which does not
depend on the stacks. Pure data: the notebook draws the table.

>>> study = match_length((20,), sessions=1, reference_hands=0)
>>> row = study.rows[0]
>>> row.stack, row.matches, row.hands == sum(row.match_hands)
(20, 3, True)
"""

from __future__ import annotations

import html
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from tutor.core.variant import Variant
from tutor.errors import RulesError
from tutor.game.simulate import simulate
from tutor.game.variants.huangyan import play_session
from tutor.i18n import Message

__all__ = ["MatchLength", "StackRow", "match_length"]

#: at most this many sessions per stack size and this many reference hands (a safety cap)
MAX_SESSIONS = 1000
MAX_REFERENCE_HANDS = 100_000


@dataclass(frozen=True)
class StackRow:
    """The matches played with one stack size: how many hands each lasted, and the winners'
    totals in them."""

    stack: int
    match_hands: tuple[int, ...]
    winner_totals: tuple[int, ...] = field(repr=False)

    @property
    def matches(self) -> int:
        return len(self.match_hands)

    @property
    def hands(self) -> int:
        return sum(self.match_hands)

    @property
    def mean_hands(self) -> float:
        return statistics.fmean(self.match_hands)

    @property
    def median_hands(self) -> float:
        return float(statistics.median(self.match_hands))

    @property
    def longest(self) -> int:
        return max(self.match_hands)

    @property
    def one_hand_share(self) -> float:
        """The share of matches that ended after their first hand."""
        return sum(n == 1 for n in self.match_hands) / self.matches

    @property
    def winner_total_median(self) -> float | None:
        """The median winner's total over the won hands of these matches."""
        return float(statistics.median(self.winner_totals)) if self.winner_totals else None

    def as_dict(self) -> dict[str, object]:
        return {"stack": self.stack, "matches": self.matches, "hands": self.hands,
                "mean_hands": self.mean_hands, "median_hands": self.median_hands,
                "longest": self.longest, "one_hand_share": self.one_hand_share,
                "winner_total_median": self.winner_total_median}


@dataclass(frozen=True)
class MatchLength:
    """The table: one :class:`StackRow` per stack size, and the reference winner's total."""

    rows: tuple[StackRow, ...]
    sessions: int
    seed: int
    bots: tuple[str, ...]
    reference_hands: int = 0
    reference_median: float | None = None

    def row(self, stack: int) -> StackRow:
        for row in self.rows:
            if row.stack == stack:
                return row
        raise KeyError(stack)

    def as_dict(self) -> dict[str, object]:
        return {"sessions": self.sessions, "seed": self.seed, "bots": list(self.bots),
                "rows": [r.as_dict() for r in self.rows],
                "reference": {"hands": self.reference_hands,
                              "winner_total_median": self.reference_median}}

    def table(self) -> list[tuple[str, ...]]:
        """Header and rows of the table as text cells."""
        out: list[tuple[str, ...]] = [
            ("stack", "matches", "mean hands", "median hands", "longest", "one-hand matches",
             "winner's total (median)")]
        for r in self.rows:
            median = "-" if r.winner_total_median is None else f"{r.winner_total_median:g}"
            out.append((str(r.stack), str(r.matches), f"{r.mean_hands:.2f}",
                        f"{r.median_hands:g}", str(r.longest), f"{r.one_hand_share:.0%}",
                        median))
        return out

    def __str__(self) -> str:
        cells = self.table()
        widths = [max(len(row[i]) for row in cells) for i in range(len(cells[0]))]
        lines = [f"Huangyan match length against the table stack: {self.sessions} session(s) of "
                 f"three matches per stack, seeds from {self.seed}, bots "
                 f"{', '.join(self.bots)}"]
        lines += ["  " + "  ".join(c.rjust(w) for c, w in zip(row, widths, strict=True))
                  for row in cells]
        if self.reference_median is not None:
            lines.append(f"a winner's total per won hand over {self.reference_hands} simulated "
                         f"hands: median {self.reference_median:g}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        head, *rows = self.table()
        body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>"
                       for row in rows)
        caption = html.escape(str(self).splitlines()[0])
        ref = ("" if self.reference_median is None else
               f"<p>{html.escape(str(self).splitlines()[-1])}</p>")
        return (f"<table class='tutor-table'><caption>{caption}</caption><thead><tr>"
                + "".join(f"<th>{html.escape(c)}</th>" for c in head)
                + f"</tr></thead><tbody>{body}</tbody></table>{ref}")


def match_length(stacks: Sequence[int] = (10, 20, 40, 80, 160), *, sessions: int = 10,
                 seed: int = 0, bots: Sequence[str] = ("sensible",),
                 reference_hands: int = 200, workers: int | None = 1) -> MatchLength:
    """Play ``sessions`` seeded sessions (seeds ``seed``, ``seed + 1``, ...) for each stack size
    and tabulate the hands per match; ``reference_hands`` single hands (0: none) give the
    winner's total per won hand."""
    if not stacks:
        raise RulesError(Message("give at least one stack size"))
    for stack in stacks:
        if isinstance(stack, bool) or not isinstance(stack, int) or stack < 1:
            raise RulesError(Message("a stack size is a whole number of at least 1, not {value}",
                                     value=repr(stack)))
    if not 1 <= sessions <= MAX_SESSIONS:
        raise RulesError(Message("sessions must be 1 to {most}, not {n}", most=MAX_SESSIONS,
                                 n=sessions))
    if not 0 <= reference_hands <= MAX_REFERENCE_HANDS:
        raise RulesError(Message("reference_hands must be 0 to {most}, not {n}",
                                 most=MAX_REFERENCE_HANDS, n=reference_hands))
    rows = []
    for stack in dict.fromkeys(stacks):
        overrides = {"ante": stack, "reserve": 3 * stack}
        lengths: list[int] = []
        totals: list[int] = []
        for i in range(sessions):
            report = play_session(seed + i, bots, overrides)
            lengths += report.match_hands
            totals += [r.totals[r.winner] for m in report.session.matches for r in m.hands
                       if r.winner is not None]
        rows.append(StackRow(stack, tuple(lengths), tuple(totals)))
    median = None
    if reference_hands:
        summary = simulate(Variant.HUANGYAN, reference_hands, seed, bots, workers=workers)
        won = [d.extra["winner_total"] for d in summary.details if d.winners]
        median = float(statistics.median(won)) if won else None
    return MatchLength(tuple(rows), sessions, seed, tuple(bots), reference_hands, median)
