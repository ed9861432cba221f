"""The review as values: each decision's options, the one played, the one preferred, a grade
and a reason; the review of a hand and its summary. Frozen, printable, ``as_dict()`` for JSON."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import Enum

from tutor.coach.rules import COACH, CoachRules
from tutor.core.hand import Hand
from tutor.core.tiles import Tile, Wind
from tutor.core.variant import Variant
from tutor.game.actions import Action
from tutor.i18n import Message, _, join, language, localize, pmessage

__all__ = ["DEAD_WAIT", "Decision", "DecisionKind", "Grade", "Option", "Review", "Summary", "Theme",
           "grade_of", "legend", "points_grade"]


#: the note on an option that leaves the hand ready only on tiles already in sight
DEAD_WAIT = "ready, but every winning tile is already in sight"


class Grade(Enum):
    """How far the played option fell short of the coach's, from its loss in useful tiles."""

    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def plural(self) -> str:
        return "inaccuracies" if self is Grade.INACCURACY else f"{self.value}s"

    @property
    def symbol(self) -> str:
        """Chess-style mark: ``""``, ``?!``, ``?``, ``??``."""
        return {"good": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}[self.value]


def legend(rules: CoachRules = COACH, variant: Variant | None = None) -> str:
    """What the grades mean, in one sentence."""
    if rules.playouts and variant is None:
        return Message("A grade measures the points a move lost on average against the coach's "
                       "choice, when both are played out from what you could see, in units of "
                       "{huangyan} points in Huangyan, {hangzhou} in Hangzhou and {guiyang} in "
                       "Guiyang: good (under {inaccuracy} units), inaccuracy ({inaccuracy} to "
                       "{mistake}), mistake ({mistake} to {blunder}), blunder ({blunder} or "
                       "more)", huangyan=f"{rules.huangyan_unit:g}",
                       hangzhou=f"{rules.hangzhou_unit:g}", guiyang=f"{rules.guiyang_unit:g}",
                       inaccuracy=f"{rules.points_inaccuracy:g}",
                       mistake=f"{rules.points_mistake:g}", blunder=f"{rules.points_blunder:g}")
    if rules.playouts and variant is not None:
        u = rules.unit(variant)
        return Message("A grade measures the points a move lost on average against the coach's "
                       "choice, when both are played out from what you could see: good (under "
                       "{inaccuracy}), inaccuracy ({inaccuracy} to {mistake}), mistake "
                       "({mistake} to {blunder}), blunder ({blunder} or more)",
                       inaccuracy=f"{rules.points_inaccuracy * u:g}",
                       mistake=f"{rules.points_mistake * u:g}",
                       blunder=f"{rules.points_blunder * u:g}")
    return Message("A grade measures what a move lost against the coach's choice, counted in "
                   "tiles that would improve the hand: good (under {inaccuracy}), inaccuracy "
                   "({inaccuracy} to {mistake}), mistake ({mistake} to {blunder}), blunder "
                   "({blunder} or more)", inaccuracy=f"{rules.inaccuracy:g}",
                   mistake=f"{rules.mistake:g}", blunder=f"{rules.blunder:g}")


def points_grade(units: float, rules: CoachRules = COACH) -> Grade:
    """The grade of a loss in units of points (see :mod:`tutor.coach.rules`)."""
    if units >= rules.points_blunder:
        return Grade.BLUNDER
    if units >= rules.points_mistake:
        return Grade.MISTAKE
    if units >= rules.points_inaccuracy:
        return Grade.INACCURACY
    return Grade.GOOD


def grade_of(loss: float, rules: CoachRules = COACH) -> Grade:
    """The grade of a loss (in useful tiles) under ``rules``' thresholds."""
    if loss >= rules.blunder:
        return Grade.BLUNDER
    if loss >= rules.mistake:
        return Grade.MISTAKE
    if loss >= rules.inaccuracy:
        return Grade.INACCURACY
    return Grade.GOOD


class DecisionKind(Enum):
    """What was decided: a discard, a claim on another player's discard (chow, pong, open
    kong or pass), a kong of one's own (declared or not), a win (taken or passed up)."""

    DISCARD = "discard"
    CLAIM = "claim"
    KONG = "kong"
    WIN = "win"


class Theme(Enum):
    """What a decision's loss was mostly about (the summary adds them up)."""

    EFFICIENCY = "efficiency"
    SAFETY = "safety"
    VALUE = "value"
    CLAIM = "claims"
    KONG = "kongs"
    WIN = "wins"


@dataclass(frozen=True)
class Option:
    """One thing the seat could do, and what the coach made of it.

    ``label`` is the move in words (``"discard 3m"``, ``"pong 5p"``, ``"pass"``, ``"no kong"``);
    ``tile`` the tile it names. ``shanten`` and ``useful`` describe the hand after it (for a
    chow or pong: after its best discard, ``then``): useful draws from ready, and the copies
    left, as the seat could count them, of the tiles that would improve it (``improving``).
    ``value`` is what a win would be worth on average once the hand is ready (in the game's
    unit), ``notes`` the safety and value facts the coach weighed. The costs are in useful
    tiles (see :mod:`tutor.coach.rules`); ``loss`` is ``cost`` minus the best option's.
    """

    label: str
    tile: Tile | None = None
    shanten: int | None = None
    useful: int | None = None
    improving: tuple[Tile, ...] = ()
    then: Tile | None = None
    value: float | None = None
    notes: tuple[str, ...] = ()
    efficiency_cost: float = 0.0
    safety_cost: float = 0.0
    value_cost: float = 0.0
    loss: float = 0.0
    #: the move this option stands for (``no kong`` and ``play on``: the discard instead)
    action: Action | None = field(default=None, compare=False)
    #: the second pass: net points on average over ``playouts`` play-outs, and the standard
    #: error (None when the option was not played out)
    points: float | None = None
    points_se: float | None = None
    playouts: int = 0

    @property
    def cost(self) -> float:
        return self.efficiency_cost + self.safety_cost + self.value_cost

    def as_dict(self) -> dict[str, object]:
        return {"action": self.label, "tile": _tile(self.tile), "shanten": self.shanten,
                "useful": self.useful, "improving": [str(t) for t in self.improving],
                "then": _tile(self.then),
                "value": None if self.value is None else round(self.value, 2),
                "notes": list(self.notes), "loss": round(self.loss, 2),
                "points": None if self.points is None else round(self.points, 2),
                "points_se": None if self.points_se is None else round(self.points_se, 2),
                "playouts": self.playouts,
                "costs": {"efficiency": round(self.efficiency_cost, 2),
                          "safety": round(self.safety_cost, 2),
                          "value": round(self.value_cost, 2)}}

    def __str__(self) -> str:
        if language() != "en":  # the move and its shape in the learner's language
            then = ("" if self.shanten is None or self.then is None
                    else _(" then discard {tile}").format(tile=self.then))
            shape = ("" if self.shanten is None else _(" -> shanten {shanten}, {useful} useful")
                     .format(shanten=self.shanten, useful=self.useful))
            return f"{localize(option_word(self.label))}{then}{shape}"
        parts = [self.label]
        if self.shanten is not None:
            then = f" then discard {self.then}" if self.then is not None else ""
            parts.append(f"{then} -> shanten {self.shanten}, {self.useful} useful")
        return "".join(parts)


def _tile(tile: Tile | None) -> str | None:
    return None if tile is None else str(tile)


@dataclass(frozen=True)
class Decision:
    """One decision of the seat: the position, the options, the played and preferred ones.

    ``turn`` is the index of the played action in the record's action list: the position is
    the one after the first ``turn`` actions (a replay viewer jumps there). A turn can hold two
    decisions: passing up a win or a kong is one, the discard that follows another.
    """

    turn: int
    seat: Wind
    kind: DecisionKind
    hand: Hand
    drawn: Tile | None
    offer: Tile | None
    options: tuple[Option, ...]
    played: Option
    preferred: Option
    grade: Grade
    reason: str
    theme: Theme
    stage: str | None = None
    live_wall: int = 0
    #: points the played option lost on average against the preferred one, when the options
    #: were played out (the second pass); None when the first pass decided alone
    points_lost: float | None = None
    #: the standard error of ``points_lost`` (paired play-outs)
    points_lost_se: float | None = None
    #: play-outs per move of the fresh check of a mistake or blunder (0: not checked); when
    #: checked, ``points_lost`` and ``points_lost_se`` are the check's
    confirm_playouts: int = 0
    #: whether the check found the preferred move better by more than the rules'
    #: ``significance`` standard errors (a mistake or blunder stands only then)
    confirmed: bool = False

    @property
    def loss(self) -> float:
        """What the played option lost: points on average when played out, else useful
        tiles (the first pass)."""
        return self.points_lost if self.points_lost is not None else self.played.loss

    @property
    def played_tile(self) -> Tile | None:
        return self.played.tile

    @property
    def preferred_tile(self) -> Tile | None:
        return self.preferred.tile

    def as_dict(self) -> dict[str, object]:
        return {"turn": self.turn, "move": self.turn + 1, "seat": self.seat.letter,
                "kind": self.kind.value, "hand": str(self.hand), "drawn": _tile(self.drawn),
                "offer": _tile(self.offer), "played": self.played.label,
                "played_tile": _tile(self.played_tile), "preferred": self.preferred.label,
                "preferred_tile": _tile(self.preferred_tile), "grade": self.grade.value,
                "loss": round(self.loss, 2),
                "points_lost": None if self.points_lost is None else round(self.points_lost, 2),
                "confirm_playouts": self.confirm_playouts, "confirmed": self.confirmed,
                "theme": self.theme.value, "reason": self.reason,
                "stage": self.stage, "live_wall": self.live_wall,
                "options": [o.as_dict() for o in self.options]}

    def __str__(self) -> str:
        mark = self.grade.symbol
        if language() != "en":
            better = "" if self.played == self.preferred else _(" (coach: {move})").format(
                move=localize(option_word(self.preferred.label)))
            return _("move {number} {kind} {played}{mark}{better}: {grade}. {reason}").format(
                number=f"{self.turn + 1:>3}", kind=localize(kind_word(self.kind)),
                played=localize(option_word(self.played.label)), mark=mark, better=better,
                grade=localize(grade_word(self.grade)), reason=localize(self.reason))
        better = "" if self.played == self.preferred else f" (coach: {self.preferred.label})"
        kind = self.kind.value  # said once: "discard 4m", not "discard discard 4m"
        named = "" if self.played.label.split(" ")[0] == kind else f"{kind:<7} "
        return (f"move {self.turn + 1:>3} {named}{self.played.label}{mark}"
                f"{better}: {self.grade.value}. {self.reason}")


@dataclass(frozen=True)
class Summary:
    """How many decisions got each grade, and the hand's biggest lesson."""

    counts: dict[Grade, int]
    loss_by_theme: dict[Theme, float]
    worst: Decision | None
    lesson: str

    def as_dict(self) -> dict[str, object]:
        return {"counts": {g.value: n for g, n in self.counts.items()},
                "loss_by_theme": {t.value: round(x, 2) for t, x in self.loss_by_theme.items()},
                "worst_turn": None if self.worst is None else self.worst.turn,
                "lesson": self.lesson}

    def counts_text(self) -> str:
        """``3 good, 1 inaccuracy, 2 mistakes, 0 blunders``: a message, translated when shown."""
        return join(pmessage("list separator", ", "),
                    (Message("{n} {grade}", n=n, grade=grade_word(g, n))
                     for g, n in self.counts.items()))

    def __str__(self) -> str:
        return f"{localize(self.counts_text())}\n{localize(self.lesson)}"


@dataclass(frozen=True)
class Review:
    """A seat's decisions in one hand, each graded, with the hand's outcome and a summary."""

    variant: Variant
    seat: Wind
    decisions: tuple[Decision, ...]
    outcome: str
    rules: CoachRules = field(default=COACH, repr=False)

    @property
    def summary(self) -> Summary:
        counts = Counter(d.grade for d in self.decisions)
        themes: dict[Theme, float] = {}
        for d in self.decisions:
            if d.grade is not Grade.GOOD:
                themes[d.theme] = themes.get(d.theme, 0.0) + d.loss
        worst = max((d for d in self.decisions if d.grade is not Grade.GOOD),
                    key=lambda d: d.loss, default=None)
        return Summary({g: counts.get(g, 0) for g in Grade},
                       dict(sorted(themes.items(), key=lambda kv: -kv[1])), worst,
                       _lesson(self, worst, themes))

    def at(self, turn: int) -> tuple[Decision, ...]:
        """The decisions taken at action ``turn`` (none, one, or two)."""
        return tuple(d for d in self.decisions if d.turn == turn)

    def as_dict(self) -> dict[str, object]:
        return {"variant": self.variant.value, "seat": self.seat.letter,
                "outcome": self.outcome, "decisions": [d.as_dict() for d in self.decisions],
                "summary": self.summary.as_dict()}

    def __str__(self) -> str:
        who = self.seat.name.title()
        lines = [f"Review of {who}'s play ({self.variant.title}): {self.outcome}",
                 f"({legend(self.rules, self.variant)}.)"]
        if language() != "en":
            from tutor.ledger import seat_name

            lines = [_("Review of {seat}'s play ({game}): {outcome}").format(
                         seat=localize(seat_name(self.seat)), game=localize(self.variant.title),
                         outcome=localize(self.outcome)),
                     _("({legend}.)").format(legend=localize(legend(self.rules, self.variant)))]
        lines += [str(d) for d in self.decisions]
        lines.append(str(self.summary))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<Review {self.variant.value} {self.seat.letter}: "
                f"{len(self.decisions)} decisions>")

    def _repr_html_(self) -> str:
        from tutor.coach.html import review_html

        return review_html(self)


def _lesson(review: Review, worst: Decision | None, themes: dict[Theme, float]) -> str:
    if not review.decisions:
        return Message("No decisions to review: every move of this seat was forced.")
    if worst is None:
        return Message("No lesson needed: every decision was as good as the coach's choice, or "
                       "within a tile of it.")
    main = max(themes.items(), key=lambda kv: kv[1])[0]
    return Message("Biggest lesson (move {move}, {grade}): {reason} Most of what this hand lost "
                   "was about {theme}.", move=worst.turn + 1, grade=grade_word(worst.grade),
                   reason=worst.reason, theme=_THEMES[main])


#: the grades and themes in words, translated when shown
_GRADES = {"good": (pmessage("grade", "good"), pmessage("grades", "good")),
           "inaccuracy": (pmessage("grade", "inaccuracy"), pmessage("grades", "inaccuracies")),
           "mistake": (pmessage("grade", "mistake"), pmessage("grades", "mistakes")),
           "blunder": (pmessage("grade", "blunder"), pmessage("grades", "blunders"))}
_THEMES = {Theme.EFFICIENCY: pmessage("theme", "efficiency"),
           Theme.SAFETY: pmessage("theme", "safety"), Theme.VALUE: pmessage("theme", "value"),
           Theme.CLAIM: pmessage("theme", "claims"), Theme.KONG: pmessage("theme", "kongs"),
           Theme.WIN: pmessage("theme", "wins")}


#: the kinds of decision in words, translated when shown
_KINDS = {DecisionKind.DISCARD: pmessage("decision", "discard"),
          DecisionKind.CLAIM: pmessage("decision", "claim"),
          DecisionKind.KONG: pmessage("decision", "kong"),
          DecisionKind.WIN: pmessage("decision", "win")}


def kind_word(kind: DecisionKind) -> Message:
    """A kind of decision in words (``discard``), translated when shown."""
    return _KINDS[kind]


def option_word(label: str) -> str:
    """An option's label in words: ``discard 3m`` (打出 3m), ``no kong``, ``play on``."""
    if label in ("no kong", "play on"):
        return Message(label)
    from tutor.game.view import move_words

    return move_words(label)


def grade_word(grade: Grade, count: int = 1) -> Message:
    """A grade's name (``mistake``), or its plural for a count other than one (``mistakes``;
    ``good`` stays ``good``): a message, translated when shown."""
    one, many = _GRADES[grade.value]
    return one if count == 1 or grade is Grade.GOOD else many
