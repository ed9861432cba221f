"""One sentence per decision, in plain words a newcomer can follow without another source.

The words the sentences lean on are explained in them: *ready* (one tile from a win), *useful
draws from ready* (shanten), *tiles that improve the hand* (useful tiles, counted as copies the
player has not seen), *Live Tile*, *hot discard*.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.coach.model import DEAD_WAIT, Decision, DecisionKind, Grade, Option, Theme
from tutor.coach.position import Position
from tutor.coach.safety import danger
from tutor.coach.value import describe
from tutor.core.tiles import Tile
from tutor.core.variant import Variant
from tutor.game.actions import ActionKind

__all__ = ["distance", "reason"]


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def distance(shanten: int | None) -> str:
    """A shanten in words."""
    if shanten is None or shanten < 0:
        return "complete"
    if shanten == 0:
        return "ready (one tile from a win)"
    if shanten == 1:
        return "one useful draw from ready"
    return f"{shanten} useful draws from ready"


def _kinds(tiles: Sequence[Tile]) -> str:
    if len(tiles) > 8:
        return f"{len(tiles)} kinds"
    return " ".join(str(t) for t in tiles) or "none"


def _shape(option: Option, pos: Position) -> str:
    """``ready on 3m 6m (5 tiles left)`` or ``one useful draw from ready, 24 tiles improve
    it``. The waits are natural tiles only (a drawn joker completes any ready hand)."""
    if option.shanten == 0:
        joker = pos.variant.joker
        waits = [t for t in option.improving if t != joker]
        jokers = ", jokers included" if joker is not None and joker in option.improving else ""
        return (f"ready (one tile from a win), waiting on {_kinds(waits)} "
                f"({_n(option.useful or 0, 'tile')} left{jokers})")
    return (f"{distance(option.shanten)}, with {_n(option.useful or 0, 'tile')} left that "
            "improve it")


def _right(option: Option) -> str:
    """``right`` for the coach's own choice, ``fine`` for one within a tile of it."""
    return "right" if option.loss == 0 else "fine"


def _reward(variant: Variant) -> str:
    return {Variant.HUANGYAN: "the kong's points on your score sheet",
            Variant.HANGZHOU: "the chance of After a Gang (x2) if the replacement wins",
            Variant.GUIYANG: "beans (kong payments) from the other players"}[variant]


def reason(pos: Position, d: Decision) -> str:
    """The sentence for decision ``d`` taken in ``pos``: what the play-outs found (when the
    options were played out), then what the first pass saw."""
    if d.kind is DecisionKind.WIN:
        text = _win(pos, d)
    elif d.kind is DecisionKind.KONG:
        text = _kong(pos, d)
    elif d.kind is DecisionKind.CLAIM:
        text = _claim(pos, d)
    else:
        text = _discard(pos, d)
    return _points(pos, d) + text


def _pts(x: float) -> str:
    """Points rounded as a reason quotes them: ``4``, ``0.5``."""
    return f"{x:.0f}" if abs(x) >= 10 else f"{x:.1f}"


def _move(option: Option) -> str:
    label = option.label
    return label[:1].upper() + label[1:]


def kong_points(pos: Position, option: Option) -> int | None:
    """Huangyan: what a kong adds to the seat's score sheet whether it wins or not (the
    ruleset's kong line), or None."""
    if pos.variant is not Variant.HUANGYAN or option.action is None or option.tile is None:
        return None
    kind = option.action.kind
    rules = pos.rules
    honor = option.tile.is_honor or option.tile.rank in (1, 9)
    if kind is ActionKind.CONCEALED_KONG:
        return int(rules.concealed_kong_terminal_honor if honor else rules.concealed_kong_simple)
    if kind in (ActionKind.ADDED_KONG, ActionKind.OPEN_KONG):
        return int(rules.exposed_kong_terminal_honor if honor else rules.exposed_kong_simple)
    return None


def _points(pos: Position, d: Decision) -> str:
    """What the play-outs found, in a sentence (empty when they were not run)."""
    p, q = d.played, d.preferred
    checked = d.confirm_playouts > 0 and p.label != q.label
    if d.points_lost is None or (p.points is None and not checked):
        return ""
    if checked and d.grade is Grade.GOOD:
        m = d.confirm_playouts
        if d.points_lost <= 0:
            return (f"{_move(q)} looked better at first, but {m} fresh play-outs of each move "
                    f"from what you could see found it no better on average (yours scored "
                    f"about {_pts(-d.points_lost)} points more). ")
        return (f"{_move(q)} looked better at first, but {m} fresh play-outs of each move from "
                f"what you could see found it only about {_pts(d.points_lost)} points better "
                "on average, too little to tell from luck. ")
    n = p.playouts
    why = ""
    if d.kind is DecisionKind.KONG:
        kong = q if q.label != "no kong" else p
        worth = kong_points(pos, kong)
        if worth is not None:
            why = (f": the kong of {kong.tile} scores {worth} on your sheet whether or not "
                   "you win")
    if checked:
        return (f"{_move(q)} was about {_pts(d.points_lost)} points better on average "
                f"({d.confirm_playouts} play-outs of each move from what you could see, dealt "
                f"afresh to check){why}. ")
    if p.label != q.label and d.grade is not Grade.GOOD:
        return (f"{_move(q)} was about {_pts(d.points_lost)} points better on average "
                f"({n} play-outs of the hand from what you could see){why}. ")
    others = [o for o in d.options if o.points is not None and o.label != p.label]
    if not others:
        return ""
    second = max(others, key=lambda o: o.points or 0.0)
    assert second.points is not None and p.points is not None
    return (f"Played out {n} times from what you could see, {p.label} averaged "
            f"{_pts(p.points)} points, against {_pts(second.points)} for {second.label}"
            f"{why}. ")


# -- discards -------------------------------------------------------------------------------

def _discard(pos: Position, d: Decision) -> str:
    p, q = d.played, d.preferred
    t, u = p.tile, q.tile
    variant = pos.variant
    joker = variant.joker
    if d.grade is Grade.GOOD:
        text = f"Discarding {t} leaves your hand {_shape(p, pos)}"
        text += ", as good as any choice" if p.loss == 0 else f", close to the best ({u})"
        if "safe" in " ".join(p.notes) and d.stage:
            text += f"; and {t} was safe in the {d.stage} (already discarded this hand)"
        if t is not None and t == joker:
            text += "; discarding a joker doubles a win before your next other discard"
        return text + "."
    if d.theme is Theme.SAFETY:
        same = abs(p.efficiency_cost - q.efficiency_cost) < 1
        risk = danger(pos, t) if t is not None else None
        if risk is not None and risk.kind == "live":
            return (f"In the {d.stage} {t} was a Live Tile (nobody had discarded one yet) "
                    "while you held safe tiles: had an opponent won on it you would have paid "
                    f"for the whole table (even on the smallest win, {risk.price} points more "
                    f"than a normal settlement); {u} was safe"
                    + (" and just as good for your hand." if same else
                       f" and kept your hand {_shape(q, pos)}."))
        return (f"Right after your kong this discard was hot (any ready opponent may win on "
                f"it, even a plain hand, and the win pays a bonus) and no opponent had "
                f"discarded a {t}; {u}, which an opponent had thrown away, was a safer choice"
                + (" and just as good for your hand." if same else "."))
    if d.theme is Theme.VALUE and p.value is not None and q.value is not None:
        return (f"Discarding {t} keeps you ready, but its wins are worth "
                f"{describe(variant, p.value)} on average against "
                f"{describe(variant, q.value)} after discarding {u} "
                f"({_n(p.useful or 0, 'winning tile')} against {q.useful}).")
    if t is not None and t == joker and (p.shanten or 0) > (q.shanten or 0):
        return (f"Discarding the joker {t} (the White Dragon, wild in this game) cost your "
                f"hand its wild tile: it is now {distance(p.shanten)}, while discarding {u} "
                f"kept it {_shape(q, pos)}.")
    if q.shanten == 0 and (p.shanten or 0) > 0:
        return (f"Discarding {t} left your hand {distance(p.shanten)}; discarding {u} would "
                f"have kept you {_shape(q, pos)}.")
    if (p.shanten or 0) > (q.shanten or 0):
        return (f"Discarding {t} took your hand a step back to {distance(p.shanten)}; "
                f"discarding {u} kept it {_shape(q, pos)}.")
    if DEAD_WAIT in p.notes:
        return (f"Discarding {t} left you ready only on tiles that are all in sight already "
                f"(discarded, shown or in your hand: nothing left to win with); discarding {u} "
                f"keeps your hand {_shape(q, pos)}.")
    if p.shanten == q.shanten and p.useful == q.useful:
        return (f"Discarding {t} and discarding {u} leave your hand equally "
                f"{distance(p.shanten)}, with {_n(p.useful or 0, 'tile')} left that improve "
                "it either way; the difference is in how the hand plays out from there.")
    return (f"Discarding {t} leaves {_n(p.useful or 0, 'tile')} that improve your hand; "
            f"discarding {u} keeps the same distance from ready with {q.useful} "
            f"({_kinds(q.improving)}).")


# -- kongs --------------------------------------------------------------------------------------

def _kong(pos: Position, d: Decision) -> str:
    p, q = d.played, d.preferred
    reward = _reward(pos.variant)
    if d.grade is Grade.GOOD:
        if p.label == "no kong":
            kong = next(o for o in d.options if o.label != "no kong")
            return (f"Keeping your tiles was {_right(p)}: with the best discard ({p.then}) "
                    f"your hand is {_shape(p, pos)}, and a kong of {kong.tile} would have left it "
                    f"{_shape(kong, pos)}.")
        return (f"The kong of {p.tile} keeps your hand {_shape(p, pos)}, and earns a replacement "
                f"draw and {reward}.")
    if p.label == "no kong":
        return (f"Declaring the kong of {q.tile} would have kept your hand {_shape(q, pos)}, and "
                f"earned a replacement draw and {reward}; without it, even the best "
                f"discard ({p.then}) leaves it {_shape(p, pos)}.")
    if q.label == "no kong":
        return (f"The kong of {p.tile} left your hand {_shape(p, pos)}, while keeping the "
                f"tiles and discarding {q.then} left it {_shape(q, pos)}.")
    return (f"The kong of {p.tile} left your hand {_shape(p, pos)}; the kong of {q.tile} would "
            f"have left it {_shape(q, pos)}.")


# -- claims -------------------------------------------------------------------------------------

def _what(option: Option) -> str:
    """``the pong of 5p`` / ``the chow 345p`` / ``passing``."""
    if option.label == "pass":
        return "passing"
    word, _, rest = option.label.partition(" ")
    if word == "chow":
        return f"the chow {rest}"
    return f"the {word.replace('-', ' ')} of {rest}"


def _with(option: Option) -> str:
    """``, then discarding 4s,`` after a chow or pong; nothing otherwise."""
    return f", then discarding {option.then}," if option.then is not None else ""


def _claim(pos: Position, d: Decision) -> str:
    p, q = d.played, d.preferred
    passing = next(o for o in d.options if o.label == "pass")
    if d.grade is Grade.GOOD:
        if p.label == "pass":
            claims = [o for o in d.options if o.label != "pass"]
            if not claims:
                return "Passing was the only answer."
            best = min(claims, key=lambda o: (o.shanten or 0, -(o.useful or 0)))
            return (f"Passing was {_right(p)}: it keeps your hand {_shape(p, pos)}; with "
                    f"{_what(best)}{_with(best)} it would be {distance(best.shanten)}, "
                    "with your tiles shown to everyone.")
        closer = (p.shanten or 0) < (passing.shanten or 0)
        return (f"{_what(p).capitalize()} was {_right(p)}: with it{_with(p)} your hand is "
                + (f"closer, {distance(p.shanten)}, against {distance(passing.shanten)} by "
                   "passing." if closer else f"{_shape(p, pos)}."))
    if p.label == "pass":
        if q.shanten == p.shanten:
            gain = (f" and earned a replacement draw and {_reward(pos.variant)}"
                    if q.label.startswith("open-kong") else "")
            tiles = (f"the same {_n(q.useful or 0, 'tile')} that improve it"
                     if q.useful == p.useful else
                     f"{_n(q.useful or 0, 'tile')} that improve it instead of {p.useful}")
            return (f"Passing missed {_what(q)}: with it{_with(q)} your hand would have kept "
                    f"its distance from ready with {tiles}{gain}.")
        return (f"Passing missed {_what(q)}: with it{_with(q)} your hand would have been "
                f"{distance(q.shanten)}, instead of {distance(p.shanten)}.")
    if q.label == "pass":
        return (f"{_what(p).capitalize()}{_with(p)} left your hand {_shape(p, pos)}: no "
                f"better than passing ({_shape(q, pos)}), and it showed your tiles to everyone.")
    if q.label.startswith("open-kong") and q.shanten == p.shanten:
        return (f"{_what(p).capitalize()}{_with(p)} left your hand {_shape(p, pos)}; {_what(q)} "
                f"would have kept it {_shape(q, pos)} and earned a replacement draw and "
                f"{_reward(pos.variant)}.")
    return (f"{_what(p).capitalize()}{_with(p)} left your hand {_shape(p, pos)}; with "
            f"{_what(q)}{_with(q)} it would have been {_shape(q, pos)}.")


# -- wins ---------------------------------------------------------------------------------------

def _win(pos: Position, d: Decision) -> str:
    win = next(o for o in d.options if o.shanten == -1)
    worth = f" (worth {describe(pos.variant, win.value)})" if win.value else ""
    taken = d.played.shanten == -1
    if taken and d.grade is Grade.GOOD:
        return f"Taking the win{worth} was {_right(d.played)}."
    if taken:
        return (f"Winning at once{worth} gave up a bigger win: {d.preferred.label} and playing "
                "on scored more on average.")
    if d.grade is Grade.GOOD:
        return (f"Playing on instead of winning{worth} was {_right(d.played)}: the bigger win "
                "it aims at made up for the risk.")
    extra = ""
    if pos.variant is Variant.GUIYANG and d.offer is not None:
        extra = (", and passing a win blocks your wins on other players' tiles until your "
                 "next draw")
    return (f"You passed up a win{worth}: a sure win was worth more than the hand you might "
            f"still build{extra}.")
