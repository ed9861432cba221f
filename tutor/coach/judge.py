"""Judging one position: the options of each decision, their costs, the preferred one, the grade.

:func:`decisions` turns a :class:`~tutor.coach.position.Position` into one or two
:class:`~tutor.coach.model.Decision` values: a win on offer (taken or passed up), a kong on offer
(declared or not), the discard, or the answer to another player's discard. The costs follow
:mod:`tutor.coach.rules`; the sentences come from :mod:`tutor.coach.reasons`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

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
from tutor.coach.model import DEAD_WAIT, Decision, DecisionKind, Option, Theme, grade_of
from tutor.coach.position import Position
from tutor.coach.rules import CoachRules
from tutor.coach.safety import danger
from tutor.coach.value import ready_value, win_value
from tutor.core.hand import MeldKind
from tutor.core.tiles import Tile
from tutor.game.actions import Action, ActionKind
from tutor.game.state import Phase

__all__ = ["decisions", "discard_options"]

_WINS = (ActionKind.SELF_DRAW, ActionKind.SPECIAL_WIN, ActionKind.WIN, ActionKind.ROB)
_OWN_KONGS = (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)
_MELD = {ActionKind.CHOW: MeldKind.CHOW, ActionKind.PONG: MeldKind.PONG,
         ActionKind.OPEN_KONG: MeldKind.OPEN_KONG}


def decisions(pos: Position, rules: CoachRules) -> list[Decision]:
    """The decisions ``pos`` held, in the order they were taken."""
    legal = pos.view.legal
    played = pos.played
    out: list[Decision] = []
    wins = [a for a in legal if a.kind in _WINS]
    own_turn = pos.view.phase is Phase.ACT
    if wins:
        out.append(_win(pos, wins, rules))
        if played.kind in _WINS or not own_turn:
            return out
    if not own_turn:
        out.append(_claim(pos, rules))
        return out
    discards = [a.tile for a in legal if a.kind is ActionKind.DISCARD and a.tile is not None]
    options = discard_options(pos, discards, rules)
    kongs = [a for a in legal if a.kind in _OWN_KONGS]
    if kongs:
        out.append(_kong(pos, kongs, options, rules))
    if played.kind is ActionKind.DISCARD and len(options) > 1:
        out.append(_decide(pos, DecisionKind.DISCARD, options,
                           _find(options, f"discard {played.tile}"), rules))
    return out


# -- building a decision -------------------------------------------------------------------

def _find(options: Sequence[Option], label: str) -> Option:
    return next(o for o in options if o.label == label)


def _rank(option: Option) -> tuple[float, int, int, int]:
    """The coach's order: lowest cost, then nearest ready, most useful tiles, tile order."""
    return (round(option.cost, 9), option.shanten if option.shanten is not None else 99,
            -(option.useful or 0), option.tile.index if option.tile is not None else -1)


def _normalise(options: Sequence[Option]) -> list[Option]:
    """Options best first, each with its loss against the best."""
    ranked = sorted(options, key=_rank)
    best = ranked[0].cost
    return [replace(o, loss=max(0.0, o.cost - best)) for o in ranked]


def _decide(pos: Position, kind: DecisionKind, options: Sequence[Option], played: Option,
            rules: CoachRules) -> Decision:
    ranked = _normalise(options)
    played = _find(ranked, played.label)
    preferred = ranked[0]
    if played.loss == 0:  # as good as the best: the coach prefers what was played
        preferred = played
    grade = grade_of(played.loss, rules)
    theme = _theme(kind, played, preferred)
    view = pos.view
    decision = Decision(pos.turn, pos.seat, kind, view.hand, view.drawn, view.offer,
                        tuple(ranked), played, preferred, grade, "", theme, view.stage,
                        view.live_wall)
    return replace(decision, reason=reasons.reason(pos, decision))


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
        if tile == joker:
            notes.append("joker discard: doubles a win before your next other discard; the "
                         "next three players may not call")
        out.append(_shape_option(f"discard {tile}", tile, shape, value=value,
                                 notes=tuple(notes), efficiency=e, safety=safety, worth=worth))
    return out


def _shape_option(label: str, tile: Tile | None, shape: Shape, *, value: float | None = None,
                  notes: tuple[str, ...] = (), efficiency: float = 0.0, safety: float = 0.0,
                  worth: float = 0.0, then: Tile | None = None) -> Option:
    return Option(label, tile, shape.effective, shape.useful, shape.improving, then, value,
                  notes, efficiency, safety, worth)


# -- kongs of one's own ------------------------------------------------------------------------

def _kong(pos: Position, kongs: Sequence[Action], discards: Sequence[Option],
          rules: CoachRules) -> Decision:
    view = pos.view
    shapes: list[Shape] = []
    labels: list[tuple[str, Tile | None]] = []
    for action in kongs:
        assert action.tile is not None
        hand = after_kong(view.hand, action.tile, action.kind is ActionKind.ADDED_KONG)
        shapes.append(shape_of(hand, pos.variant, pos.visible))
        labels.append((str(action), action.tile))
    keep = min(discards, key=_rank) if discards else None
    if keep is not None:  # no kong: the coach's discard instead
        assert keep.tile is not None and keep.shanten is not None and keep.useful is not None
        shapes.append(Shape(view.hand, keep.shanten, keep.improving, keep.useful, keep.tile))
        labels.append(("no kong", None))
    eff = costs(shapes, rules)
    options = []
    for (label, tile), shape, e in zip(labels, shapes, eff, strict=True):
        worth = -rules.value_weight * rules.kong_bonus if tile is not None else 0.0
        options.append(_shape_option(label, tile, shape, efficiency=e, worth=worth,
                                     then=shape.then))
    played = pos.played
    label = str(played) if played.kind in _OWN_KONGS else "no kong"
    return _decide(pos, DecisionKind.KONG, options, _find(options, label), rules)


# -- claims on another player's discard --------------------------------------------------------

def _claim(pos: Position, rules: CoachRules) -> Decision:
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
                shapes.append(min(after, key=lambda s: (s.effective, -s.useful,
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
        options.append(_shape_option(label, offer if kind is not ActionKind.PASS else None,
                                     shape, efficiency=e + exposure, worth=worth, then=then))
    return _decide(pos, DecisionKind.CLAIM, options, _find(options, str(pos.played)), rules)


# -- wins --------------------------------------------------------------------------------------

def _win(pos: Position, wins: Sequence[Action], rules: CoachRules) -> Decision:
    view = pos.view
    options = []
    for action in wins:
        value = _win_worth(pos, action)
        options.append(Option(str(action), action.tile, -1, None, (), None, value))
    played = pos.played
    if played.kind in _WINS:
        other = "pass" if view.phase is not Phase.ACT else "play on"
    else:
        other = str(played)
    options.append(Option(other, played.tile if played.kind not in _WINS else None,
                          efficiency_cost=rules.declined_win))
    return _decide(pos, DecisionKind.WIN, options, _find(options, str(played)
                   if played.kind in _WINS else other), rules)


def _win_worth(pos: Position, action: Action) -> float | None:
    view = pos.view
    tile = action.tile
    if action.kind is ActionKind.SPECIAL_WIN or tile is None:
        return None
    if action.kind is ActionKind.SELF_DRAW:
        return win_value(pos, view.hand, tile, self_draw=True, kong_draw=pos.after_own_kong,
                         chain=(pos.chain_kongs, pos.chain_jokers))
    return win_value(pos, view.hand.add(tile), tile)
