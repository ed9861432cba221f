"""Judging one position: the options of each decision, their costs, the preferred one, the grade.

:func:`decisions` turns a :class:`~tutor.coach.position.Position` into one or two
:class:`~tutor.coach.model.Decision` values: a win on offer (taken or passed up), a kong on offer
(declared or not), the discard, or the answer to another player's discard. The costs follow
:mod:`tutor.coach.rules` (the first pass); the options it leaves open are played out
(:mod:`tutor.game.evaluate`, the second pass) and graded by points lost. The sentences come
from :mod:`tutor.coach.reasons`.

:func:`recommend` is the same judgement without a move played: the move the coach would make
(the play table's hint). A seat that always plays it is graded good at every decision: the
open options do not depend on the move played when it is the recommended one, and the
play-outs are seeded by the position alone.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Any

from tutor.coach import reasons
from tutor.coach.analysis import (
    Shape,
    after_claim,
    after_kong,
    costs,
    discard_shapes,
    shape_of,
    unseen,
)
from tutor.coach.model import (
    DEAD_WAIT,
    Decision,
    DecisionKind,
    Grade,
    Option,
    Theme,
    grade_of,
    points_grade,
)
from tutor.coach.position import Position
from tutor.coach.rules import CoachRules
from tutor.coach.safety import danger
from tutor.coach.value import ready_value, win_value
from tutor.core.hand import MeldKind
from tutor.core.tiles import Tile
from tutor.core.variant import Variant
from tutor.game.actions import DISCARDS, PASS, Action, ActionKind
from tutor.game.state import Phase

__all__ = ["Budget", "Check", "confirm", "confirm_seed", "decisions", "discard_options",
           "position_seed", "recommend"]

_WINS = (ActionKind.SELF_DRAW, ActionKind.SPECIAL_WIN, ActionKind.WIN, ActionKind.ROB)
_ONE_BAMBOO = 18
_OWN_KONGS = (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)
_MELD = {ActionKind.CHOW: MeldKind.CHOW, ActionKind.PONG: MeldKind.PONG,
         ActionKind.OPEN_KONG: MeldKind.OPEN_KONG}


def decisions(pos: Position, rules: CoachRules, budget: Budget | None = None
              ) -> list[Decision]:
    """The decisions ``pos`` held, in the order they were taken. ``budget``: the play-outs
    left for moves outside the coach's open options (None: no limit)."""
    token = _BUDGET.set(budget)
    try:
        return _judge(pos, rules, pos.played)
    finally:
        _BUDGET.reset(token)


def recommend(pos: Position, rules: CoachRules) -> tuple[Action, list[Decision]]:
    """The move the coach would make in ``pos`` (whatever ``pos.played`` says), and the
    decisions that led to it, each with that move as the one played."""
    found = _judge(pos, rules, None)
    if found:
        action = found[-1].preferred.action
        assert action is not None
        return action, found
    return pos.view.legal[0], found


def _judge(pos: Position, rules: CoachRules, played: Action | None) -> list[Decision]:
    """The decisions of ``pos`` with ``played`` as the move made; with None, the coach's own
    move at each step (stopping at the one that ends its turn). The position's decisions
    share their play-outs: an option played out for one (the discard made, passing) is not
    played again for the next (the same seed gives the same numbers)."""
    token = _MEMO.set({})
    try:
        if pos.view.phase is Phase.ACT:
            return _own_turn(pos, rules, played)
        return _answer(pos, rules, played)
    finally:
        _MEMO.reset(token)


def _own_turn(pos: Position, rules: CoachRules, played: Action | None) -> list[Decision]:
    legal = pos.view.legal
    wins = [a for a in legal if a.kind in _WINS]
    kongs = [a for a in legal if a.kind in _OWN_KONGS]
    discards = [a.tile for a in legal if a.kind is ActionKind.DISCARD and a.tile is not None]
    options = discard_options(pos, discards, rules)
    # the discard made, or the one the coach would make (the "play on" and "no kong" options)
    discard: Decision | None = None
    if played is not None and played.kind is ActionKind.DISCARD:
        chosen: Action | None = played
    elif len(options) == 1:
        chosen = options[0].action
    elif options:
        discard = _decide(pos, DecisionKind.DISCARD, options, None, rules)
        chosen = discard.preferred.action
    else:
        chosen = None
    out: list[Decision] = []
    if wins:
        win = _win(pos, wins, chosen, played, rules)
        out.append(win)
        if (win.played.action in wins) if played is not None else \
                (win.preferred.action in wins):
            return out
    if kongs:
        kong = _kong(pos, kongs, options, chosen, played, rules)
        out.append(kong)
        if (kong.played.action in kongs) if played is not None else \
                (kong.preferred.action in kongs):
            return out
    if len(options) > 1 and chosen is not None:
        out.append(discard if discard is not None and played is None
                   else _decide(pos, DecisionKind.DISCARD, options, chosen, rules))
    return out


def _answer(pos: Position, rules: CoachRules, played: Action | None) -> list[Decision]:
    legal = pos.view.legal
    wins = [a for a in legal if a.kind in _WINS]
    claim: Decision | None = None
    melds = [a for a in legal if a.kind in _MELD]
    if played is not None and played.kind not in _WINS:
        other: Action = played
    elif melds or not wins:
        claim = _claim(pos, None, rules)
        other = claim.preferred.action or PASS
    else:
        other = PASS
    if not wins:
        return [claim if claim is not None and played is None else _claim(pos, other, rules)]
    win = _win(pos, wins, other, played, rules)
    if played is None and win.preferred.action not in wins and claim is not None \
            and len(claim.options) > 1:
        return [win, claim]
    return [win]


# -- building a decision -------------------------------------------------------------------

def _find(options: Sequence[Option], label: str) -> Option:
    return next(o for o in options if o.label == label)


def _find_action(options: Sequence[Option], action: Action) -> Option:
    return next(o for o in options if o.action == action)


def _rank(option: Option) -> tuple[float, int, int, int]:
    """The coach's order: lowest cost, then nearest ready, most useful tiles, tile order."""
    return (round(option.cost, 9), option.shanten if option.shanten is not None else 99,
            -(option.useful or 0), option.tile.index if option.tile is not None else -1)


def _tie_break(option: Option) -> tuple[int, int, float, int]:
    """Among options of equal value: the nearest ready, then the most useful tiles, then the
    first pass's cost, then the lowest tile."""
    return (option.shanten if option.shanten is not None else 99, -(option.useful or 0),
            round(option.cost, 9), option.tile.index if option.tile is not None else -1)


def _normalise(options: Sequence[Option]) -> list[Option]:
    """Options best first, each with its loss against the best."""
    ranked = sorted(options, key=_rank)
    best = ranked[0].cost
    return [replace(o, loss=max(0.0, o.cost - best)) for o in ranked]


def position_seed(pos: Position) -> int:
    """The play-outs' seed: from what the seat sees alone, so that the same position (in a
    review or at the table) gets the same play-outs."""
    view = pos.view
    visible = sorted(t.index for t in pos.visible)
    text = (f"{pos.variant.value}|{pos.seat.letter}|{pos.turn}|{view.hand}|{view.drawn}|"
            f"{view.offer}|{view.live_wall}|{visible}|{[str(a) for a in view.legal]}")
    return zlib.crc32(text.encode())


def _open(kind: DecisionKind, ranked: Sequence[Option], rules: CoachRules) -> list[Option]:
    """The options the first pass leaves open, whatever was played: every option of a kong or
    win decision; otherwise the best ``candidates`` within ``close`` of the best cost, or
    the best alone for a discard whose worth is plain efficiency."""
    if kind in (DecisionKind.KONG, DecisionKind.WIN):
        return list(ranked)
    best = ranked[0].cost
    chosen = [o for o in ranked if o.cost <= best + rules.close][:rules.candidates]
    if kind is DecisionKind.DISCARD and not any(_weighty(o) for o in chosen):
        return chosen[:1]  # plain efficiency: the first pass is enough
    return chosen


class Budget:
    """Play-outs a review may still spend on moves the first pass already called worse than
    its choice (the coach's own choices are always played out in full), and on checks of
    mistakes and blunders (``checks``)."""

    def __init__(self, playouts: int, checks: int = 0) -> None:
        self.left = playouts
        self.checks = checks

    def take(self, n: int) -> bool:
        if n > self.left:
            return False
        self.left -= n
        return True

    def take_check(self, n: int) -> bool:
        if n > self.checks:
            return False
        self.checks -= n
        return True


_BUDGET: ContextVar[Budget | None] = ContextVar("tutor_coach_budget", default=None)
#: the play-outs made from the position being judged (see :func:`_judge`)
_MEMO: ContextVar[dict[Any, int] | None] = ContextVar("tutor_coach_memo", default=None)


def _weighty(option: Option) -> bool:
    """Whether a discard's worth is more than its efficiency: it leaves the hand ready (wait
    width against value), or it is a joker (Hangzhou) or a One of Bamboo (a Guiyang
    chicken)."""
    return option.shanten == 0 or any("joker" in n or "chicken" in n for n in option.notes)


def _decide(pos: Position, kind: DecisionKind, options: Sequence[Option],
            played: Action | None, rules: CoachRules) -> Decision:
    """The decision among ``options`` with ``played`` made (None: the coach's own choice is
    taken as played)."""
    ranked = _normalise(options)
    mine = _find_action(ranked, played) if played is not None else None
    view = pos.view
    lost: float | None = None
    lost_se: float | None = None
    simulate = (rules.playouts > 0 and pos.world is not None and len(ranked) > 1
                and not (kind is DecisionKind.DISCARD and view.live_wall == 0))
    chosen = _open(kind, ranked, rules) if simulate else []
    if mine is not None and chosen and mine not in chosen:
        # a move outside the coach's open options: played out against the first pass's
        # choice when the first pass calls it worse and the review's budget allows
        disputed = mine.loss >= rules.inaccuracy
        budget = _BUDGET.get()
        if disputed and (budget is None or budget.take(2 * rules.playouts)):
            chosen = [ranked[0], mine]
        else:
            chosen = []
    if len(chosen) > 1:
        ranked, preferred, lost, lost_se = _play_out(pos, ranked, chosen, mine, rules)
        if mine is None:
            lost = lost_se = 0.0
        mine = _find(ranked, mine.label if mine is not None else preferred.label)
        units = max(0.0, lost - rules.caution * lost_se) / rules.unit(pos.variant)
        grade = points_grade(units, rules)
    else:
        preferred = ranked[0]
        if mine is None or mine.loss == 0:  # as good as the best: what was played
            mine = preferred = mine or preferred
        grade = grade_of(mine.loss, rules)

    checked = 0
    confirmed = False
    if (mine is not None and mine.label != preferred.label
            and grade in (Grade.MISTAKE, Grade.BLUNDER)):
        grade, check = _checked(pos, preferred, mine, grade, rules)
        if check is not None:
            lost, lost_se = check.lost, check.se
            checked, confirmed = check.playouts, check.significant

    theme = _theme(kind, mine, preferred)
    decision = Decision(pos.turn, pos.seat, kind, view.hand, view.drawn, view.offer,
                        tuple(ranked), mine, preferred, grade, "", theme, view.stage,
                        view.live_wall, lost, lost_se, checked, confirmed)
    return replace(decision, reason=reasons.reason(pos, decision))


# -- checking a mistake or blunder -----------------------------------------------------------

@dataclass(frozen=True)
class Check:
    """A fresh check of a mistake or blunder: the points the played move lost against the
    preferred one on average, its standard error, the play-outs of each move, and whether the
    loss is above ``significance`` standard errors (see :mod:`tutor.coach.rules`)."""

    lost: float
    se: float
    playouts: int
    significant: bool


def confirm_seed(pos: Position, batch: int) -> int:
    """The seed of a check's batch: from the position alone, apart from the first play-outs'
    (:func:`position_seed`), so the check's deals are fresh."""
    return zlib.crc32(f"confirm|{batch}|{position_seed(pos)}".encode())


def confirm(pos: Position, better: Action, worse: Action, rules: CoachRules,
            budget: Budget | None = None) -> Check | None:
    """Play ``better`` and ``worse`` out again from fresh deals, in batches of
    ``rules.confirm_playouts`` (paired, seeded by :func:`confirm_seed`), stopping after a
    batch once ``better`` is no better on average, better by more than
    ``rules.significance`` standard errors, or too little better for the whole check to
    reach that at the same rate (the standard error shrinks as one over the root of the
    play-outs). None when nothing could be played (no world, no
    check in the rules, the same move twice, or no budget left)."""
    from tutor.game.evaluate import evaluate, mean_se

    n = rules.confirm_playouts
    if pos.world is None or n == 0 or rules.confirm_batches == 0 or better == worse:
        return None
    diffs: list[float] = []
    mean = se = 0.0
    for batch in range(rules.confirm_batches):
        if budget is not None and not budget.take_check(2 * n):
            break
        result = evaluate(pos.world, [better, worse], playouts=n,
                          seed=confirm_seed(pos, batch), memo=_MEMO.get())
        diffs += [a - b for a, b in zip(result.of(better).samples, result.of(worse).samples,
                                        strict=True)]
        mean, se = mean_se(diffs)
        if mean <= 0 or mean > rules.significance * se:
            break
        # futile: even at this rate the whole check would not reach significance
        left = rules.confirm_batches / (batch + 1)
        if mean * math.sqrt(left) <= rules.significance * se:
            break
    if not diffs:
        return None
    se = se if math.isfinite(se) else 0.0
    significant = len(diffs) > 1 and mean > 0 and mean > rules.significance * se
    return Check(mean, se, len(diffs), significant)


def _checked(pos: Position, preferred: Option, played: Option, grade: Grade,
             rules: CoachRules) -> tuple[Grade, Check | None]:
    """The grade of a mistake or blunder after its check (see :mod:`tutor.coach.rules`)."""
    order = list(Grade)
    if preferred.action is None or played.action is None:
        return grade, None
    if (rules.playouts == 0 or rules.confirm_playouts == 0 or rules.confirm_batches == 0
            or pos.world is None):
        return grade, None  # no play-outs or no check asked for: the first grade stands
    check = confirm(pos, preferred.action, played.action, rules, _BUDGET.get())
    if check is None:  # not checked (no budget left): at most an inaccuracy
        return min(grade, Grade.INACCURACY, key=order.index), None
    units = max(0.0, check.lost - rules.caution * check.se) / rules.unit(pos.variant)
    found = min(points_grade(units, rules), grade, key=order.index)
    if not check.significant:
        found = min(found, Grade.INACCURACY, key=order.index)
    return found, check


def _play_out(pos: Position, ranked: list[Option], chosen: list[Option], played: Option | None,
              rules: CoachRules) -> tuple[list[Option], Option, float, float]:
    """The second pass: play the ``chosen`` options out; the options with their points, the
    preferred one, and the points the played one lost (with its standard error)."""
    from tutor.game.evaluate import evaluate

    assert pos.world is not None
    actions = [o.action for o in chosen]
    assert all(a is not None for a in actions)
    result = evaluate(pos.world, [a for a in actions if a is not None],
                      playouts=rules.playouts, seed=position_seed(pos), memo=_MEMO.get())
    scored = {}
    for o in ranked:
        if o in chosen:
            e = result.of(o.action)  # type: ignore[arg-type]
            scored[o.label] = replace(o, points=e.mean, points_se=e.se, playouts=e.n)
    top = max(o.points for o in scored.values() if o.points is not None)
    # ties: the played option, then the nearest ready with the most useful tiles
    tied = [o for o in scored.values() if o.points is not None and o.points >= top - 1e-9]
    preferred = next((o for o in tied if played is not None and o.label == played.label),
                     min(tied, key=_tie_break))
    out = [scored.get(o.label, o) for o in ranked]
    out.sort(key=lambda o: (0 if o.points is not None else 1,
                            -(o.points if o.points is not None else 0.0), _rank(o)))
    if preferred in out:
        out.remove(preferred)
    out.insert(0, preferred)
    if played is None:
        return out, preferred, 0.0, 0.0
    mine = scored[played.label]
    if mine.label == preferred.label:
        return out, preferred, 0.0, 0.0
    diff, se = result.difference(preferred.action, mine.action)  # type: ignore[arg-type]
    return out, preferred, diff, se if math.isfinite(se) else 0.0


def _theme(kind: DecisionKind, played: Option, preferred: Option) -> Theme:
    if kind is DecisionKind.WIN:
        return Theme.WIN
    if kind is DecisionKind.CLAIM:
        return Theme.CLAIM
    if kind is DecisionKind.KONG:
        return Theme.KONG
    parts = {Theme.EFFICIENCY: played.efficiency_cost - preferred.efficiency_cost,
             Theme.SAFETY: played.safety_cost - preferred.safety_cost,
             Theme.VALUE: played.value_cost - preferred.value_cost}
    return max(parts.items(), key=lambda kv: kv[1])[0]


# -- discards --------------------------------------------------------------------------------

def discard_options(pos: Position, tiles: Sequence[Tile], rules: CoachRules) -> list[Option]:
    """One option per legal discard: the shape after it, its danger and value, its costs."""
    if not tiles:
        return []
    view = pos.view
    visible = pos.visible
    shapes = discard_shapes(view.hand, pos.variant, visible)
    chosen = [shapes[t] for t in tiles]
    eff = costs(chosen, rules)
    hidden = unseen(view.hand, visible)
    joker = pos.variant.joker
    values = [ready_value(pos, s, joker_discard=t == joker, unseen=hidden)
              for t, s in zip(tiles, chosen, strict=True)]
    top = max((v for v in values if v is not None), default=0.0)
    out = []
    for tile, shape, e, value in zip(tiles, chosen, eff, values, strict=True):
        risk = danger(pos, tile)
        safety = rules.safety_weight * (
            (rules.live_tile if risk.kind == "live" else rules.hot_discard) if risk.risky
            else 0.0)
        worth = 0.0
        if value is not None and top > 0:
            worth = rules.value_weight * shape.useful * (1 - value / top)
        notes = [n for n in (risk.note,) if n]
        if shape.shanten == 0 and not shape.useful:
            notes.append(DEAD_WAIT)
        if risk.kind == "live":
            notes.append(f"liability would cost {risk.price} points more, even on the "
                         "smallest win")
        if pos.variant is Variant.GUIYANG and tile.index == _ONE_BAMBOO:
            notes.append("a One of Bamboo: a chicken even in your discards")
        if tile == joker:
            notes.append("joker discard: doubles a win before your next other discard; the "
                         "next three players may not call")
        if view.live_wall == 0:  # nothing left to draw: only safety counts
            e = worth = 0.0
        out.append(replace(_shape_option(f"discard {tile}", tile, shape, value=value,
                                         notes=tuple(notes), efficiency=e, safety=safety,
                                         worth=worth), action=DISCARDS[tile.index]))
    return out


def _shape_option(label: str, tile: Tile | None, shape: Shape, *, value: float | None = None,
                  notes: tuple[str, ...] = (), efficiency: float = 0.0, safety: float = 0.0,
                  worth: float = 0.0, then: Tile | None = None) -> Option:
    return Option(label, tile, shape.effective, shape.useful, shape.improving, then, value,
                  notes, efficiency, safety, worth)


# -- kongs of one's own ------------------------------------------------------------------------

def _kong(pos: Position, kongs: Sequence[Action], discards: Sequence[Option],
          chosen: Action | None, played: Action | None, rules: CoachRules) -> Decision:
    view = pos.view
    shapes: list[Shape] = []
    labels: list[tuple[str, Tile | None, Action | None]] = []
    for action in kongs:
        assert action.tile is not None
        hand = after_kong(view.hand, action.tile, action.kind is ActionKind.ADDED_KONG)
        shapes.append(shape_of(hand, pos.variant, pos.visible))
        labels.append((str(action), action.tile, action))
    keep = next((o for o in discards if o.action == chosen), None)
    if keep is None and discards:
        keep = min(discards, key=_rank)
    if keep is not None:  # no kong: the discard made instead (or the coach's)
        assert keep.tile is not None and keep.shanten is not None and keep.useful is not None
        shapes.append(Shape(view.hand, keep.shanten, keep.improving, keep.useful, keep.tile,
                            dead_is_ready=pos.variant is Variant.GUIYANG))
        labels.append(("no kong", None, keep.action))
    eff = costs(shapes, rules)
    options = []
    for (label, tile, move), shape, e in zip(labels, shapes, eff, strict=True):
        worth = -rules.value_weight * rules.kong_bonus if tile is not None else 0.0
        options.append(replace(_shape_option(label, tile, shape, efficiency=e, worth=worth,
                                             then=shape.then), action=move))
    if played is not None and played.kind not in _OWN_KONGS:
        return _decide(pos, DecisionKind.KONG, options,
                       keep.action if keep is not None else None, rules)
    return _decide(pos, DecisionKind.KONG, options, played, rules)


# -- claims on another player's discard --------------------------------------------------------

def _claim(pos: Position, played: Action | None, rules: CoachRules) -> Decision:
    """The answer to another player's discard (a win on it aside): pass, chow, pong or open
    kong. After a chow or pong the hand is judged after its best discard, a safe one first in
    Huangyan's Live Tile Stage (the claim forces a discard at once)."""
    view = pos.view
    offer = view.offer
    assert offer is not None
    visible = list(pos.visible)
    if offer in visible:  # a claimed tile moves from the discards into the meld
        visible.remove(offer)
    labels: list[tuple[str, Action]] = []
    shapes: list[Shape] = []
    for action in view.legal:
        if action.kind is ActionKind.PASS:
            shapes.append(shape_of(view.hand, pos.variant, pos.visible))
        elif action.kind in _MELD:
            hand = after_claim(view.hand, offer, _MELD[action.kind], action.tile)
            if action.kind is ActionKind.OPEN_KONG:
                shapes.append(shape_of(hand, pos.variant, visible))
            else:
                after = discard_shapes(hand, pos.variant, visible).values()
                shapes.append(min(after, key=lambda s: (
                    _live_risk(pos, s.then), s.effective, -s.useful,
                    s.then.index if s.then else 0)))
        else:
            continue
        labels.append((str(action), action))
    eff = costs(shapes, rules)
    options = []
    for (label, action), shape, e in zip(labels, shapes, eff, strict=True):
        kind = action.kind
        exposure = rules.claim_exposure if kind in (ActionKind.CHOW, ActionKind.PONG) else 0.0
        worth = -rules.value_weight * rules.kong_bonus if kind is ActionKind.OPEN_KONG else 0.0
        then = shape.then if kind in (ActionKind.CHOW, ActionKind.PONG) else None
        safety = rules.safety_weight * rules.live_tile * _live_risk(pos, then)
        options.append(replace(_shape_option(label, offer if kind is not ActionKind.PASS
                                             else None, shape, efficiency=e + exposure,
                                             worth=worth, then=then, safety=safety),
                               action=action))
    return _decide(pos, DecisionKind.CLAIM, options, played, rules)


def _live_risk(pos: Position, tile: Tile | None) -> int:
    """1 when discarding ``tile`` after a claim would be a Live Tile discard while a safe
    tile is held (Huangyan's stage), else 0."""
    view = pos.view
    if tile is None or view.stage is None or pos.variant is not Variant.HUANGYAN:
        return 0
    seen = view.discarded_kinds()
    return int(tile not in seen and any(t in seen for t in view.hand.concealed))


# -- wins --------------------------------------------------------------------------------------

def _win(pos: Position, wins: Sequence[Action], other: Action | None, played: Action | None,
         rules: CoachRules) -> Decision:
    """A win on offer against ``other``: passing (on another player's tile) or the discard
    made instead (or the coach's discard)."""
    view = pos.view
    options = []
    for action in wins:
        value = _win_worth(pos, action)
        options.append(Option(str(action), action.tile, -1, None, (), None, value,
                              action=action))
    if played is not None and played not in wins:
        other = played  # the move made instead of winning
    if other is None:
        other = PASS
    label = "pass" if view.phase is not Phase.ACT else str(other)
    options.append(Option(label, other.tile if other.kind is not ActionKind.PASS else None,
                          efficiency_cost=rules.declined_win, action=other))
    return _decide(pos, DecisionKind.WIN, options, played, rules)


def _win_worth(pos: Position, action: Action) -> float | None:
    view = pos.view
    tile = action.tile
    if action.kind is ActionKind.SPECIAL_WIN or tile is None:
        return None
    if action.kind is ActionKind.SELF_DRAW:
        return win_value(pos, view.hand, tile, self_draw=True, kong_draw=pos.after_own_kong,
                         chain=(pos.chain_kongs, pos.chain_jokers))
    return win_value(pos, view.hand.add(tile), tile)
