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
from tutor.game.view import event_kind, move_words
from tutor.i18n import Message, nmessage

__all__ = ["distance", "reason"]


def _n(count: int, word: str) -> Message:
    if word == "winning tile":
        return nmessage("{n} winning tile", "{n} winning tiles", count)
    return nmessage("{n} tile", "{n} tiles", count)


def _cap(text: str) -> str:
    """``text`` with a capital first letter (in English; a message stays one)."""
    english = text[:1].upper() + text[1:]
    return Message._make(text._pieces, english) if isinstance(text, Message) else english


def distance(shanten: int | None) -> Message:
    """A shanten in words."""
    if shanten is None or shanten < 0:
        return Message("complete")
    if shanten == 0:
        return Message("ready (one tile from a win)")
    if shanten == 1:
        return Message("one useful draw from ready")
    return Message("{n} useful draws from ready", n=shanten)


def _kinds(tiles: Sequence[Tile]) -> str:
    if len(tiles) > 8:
        return Message("{n} kinds", n=len(tiles))
    return " ".join(str(t) for t in tiles) or Message("none")


def _shape(option: Option, pos: Position) -> Message:
    """``ready on 3m 6m (5 tiles left)`` or ``one useful draw from ready, 24 tiles improve
    it``. The waits are natural tiles only (a drawn joker completes any ready hand)."""
    if option.shanten == 0:
        joker = pos.variant.joker
        waits = [t for t in option.improving if t != joker]
        jokers = (Message(", jokers included") if joker is not None and joker in option.improving
                  else "")
        return Message("ready (one tile from a win), waiting on {waits} ({tiles} left{jokers})",
                       waits=_kinds(waits), tiles=_n(option.useful or 0, "tile"), jokers=jokers)
    return Message("{distance}, with {tiles} left that improve it",
                   distance=distance(option.shanten), tiles=_n(option.useful or 0, "tile"))


def _right(option: Option) -> Message:
    """``right`` for the coach's own choice, ``fine`` for one within a tile of it."""
    return Message("right") if option.loss == 0 else Message("fine")


def _reward(variant: Variant) -> Message:
    return {Variant.HUANGYAN: Message("the kong's points on your score sheet"),
            Variant.HANGZHOU: Message("the chance of After a Gang (x2) if the replacement wins"),
            Variant.GUIYANG: Message("beans (kong payments) from the other players")}[variant]


def reason(pos: Position, d: Decision) -> str:
    """The sentence for decision ``d`` taken in ``pos``: what the play-outs found (when the
    options were played out), then what the first pass saw. A message: its value is the
    English, :func:`tutor.i18n.localize` shows it in the learner's language."""
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


def _label(option: Option) -> str:
    """An option's label in words (``discard 3m``; ``no kong``)."""
    if option.label == "no kong":
        return Message("no kong")
    return move_words(option.label)


def _move(option: Option) -> str:
    return _cap(_label(option))


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
            return Message("{move} looked better at first, but {m} fresh play-outs of each move "
                           "from what you could see found it no better on average (yours "
                           "scored about {points} points more). ", move=_move(q), m=m,
                           points=_pts(-d.points_lost))
        return Message("{move} looked better at first, but {m} fresh play-outs of each move "
                       "from what you could see found it only about {points} points better on "
                       "average, too little to tell from luck. ", move=_move(q), m=m,
                       points=_pts(d.points_lost))
    n = p.playouts
    why: str = ""
    if d.kind is DecisionKind.KONG:
        kong = q if q.label != "no kong" else p
        worth = kong_points(pos, kong)
        if worth is not None:
            why = Message(": the kong of {tile} scores {worth} on your sheet whether or not you "
                          "win", tile=str(kong.tile), worth=worth)
    if checked:
        return Message("{move} was about {points} points better on average ({m} play-outs of "
                       "each move from what you could see, dealt afresh to check){why}. ",
                       move=_move(q), points=_pts(d.points_lost), m=d.confirm_playouts, why=why)
    if p.label != q.label and d.grade is not Grade.GOOD:
        return Message("{move} was about {points} points better on average ({n} play-outs of "
                       "the hand from what you could see){why}. ", move=_move(q),
                       points=_pts(d.points_lost), n=n, why=why)
    others = [o for o in d.options if o.points is not None and o.label != p.label]
    if not others:
        return ""
    second = max(others, key=lambda o: o.points or 0.0)
    assert second.points is not None and p.points is not None
    return Message("Played out {n} times from what you could see, {played} averaged {points} "
                   "points, against {second} for {other}{why}. ", n=n, played=_label(p),
                   points=_pts(p.points), second=_pts(second.points), other=_label(second),
                   why=why)


# -- discards -------------------------------------------------------------------------------

def _discard(pos: Position, d: Decision) -> str:
    p, q = d.played, d.preferred
    t, u = p.tile, q.tile
    variant = pos.variant
    joker = variant.joker
    tile, other = str(t), str(u)
    if d.grade is Grade.GOOD:
        text = Message("Discarding {tile} leaves your hand {shape}", tile=tile,
                       shape=_shape(p, pos))
        if p.loss == 0:
            text += Message(", as good as any choice")
        elif q.label != p.label:
            text += Message(", close to the best ({other})", other=other)
        else:  # the play-outs chose it over the shape's best: name that one
            shapely = min(d.options, key=lambda o: o.loss)
            text += Message(", close to the most efficient ({other})", other=str(shapely.tile))
        if "safe" in " ".join(p.notes) and d.stage:
            text += Message("; and {tile} was safe in the {stage} (already discarded this "
                            "hand)", tile=tile, stage=Message(d.stage))
        if t is not None and t == joker:
            text += Message("; discarding a joker doubles a win before your next other discard")
        return text + Message(".")
    if d.theme is Theme.SAFETY:
        same = abs(p.efficiency_cost - q.efficiency_cost) < 1
        risk = danger(pos, t) if t is not None else None
        if risk is not None and risk.kind == "live":
            end = (Message(" and just as good for your hand.") if same else
                   Message(" and kept your hand {shape}.", shape=_shape(q, pos)))
            return Message("In the {stage} {tile} was a Live Tile (nobody had discarded one yet) "
                           "while you held safe tiles: had an opponent won on it you would have "
                           "paid for the whole table (even on the smallest win, {price} points "
                           "more than a normal settlement); {other} was safe", stage=Message(
                               d.stage or ""), tile=tile, price=risk.price, other=other) + end
        return Message("Right after your kong this discard was hot (any ready opponent may win "
                       "on it, even a plain hand, and the win pays a bonus) and no opponent had "
                       "discarded a {tile}; {other}, which an opponent had thrown away, was a "
                       "safer choice", tile=tile, other=other) + (
            Message(" and just as good for your hand.") if same else Message("."))
    if d.theme is Theme.VALUE and p.value is not None and q.value is not None:
        return Message("Discarding {tile} keeps you ready, but its wins are worth {value} on "
                       "average against {better} after discarding {other} ({tiles} against "
                       "{useful}).", tile=tile, value=describe(variant, p.value),
                       better=describe(variant, q.value), other=other,
                       tiles=_n(p.useful or 0, "winning tile"), useful=q.useful)
    if t is not None and t == joker and (p.shanten or 0) > (q.shanten or 0):
        return Message("Discarding the joker {tile} (the White Dragon, wild in this game) cost "
                       "your hand its wild tile: it is now {distance}, while discarding {other} "
                       "kept it {shape}.", tile=tile, distance=distance(p.shanten), other=other,
                       shape=_shape(q, pos))
    if q.shanten == 0 and (p.shanten or 0) > 0:
        return Message("Discarding {tile} left your hand {distance}; discarding {other} would "
                       "have kept you {shape}.", tile=tile, distance=distance(p.shanten),
                       other=other, shape=_shape(q, pos))
    if (p.shanten or 0) > (q.shanten or 0):
        return Message("Discarding {tile} took your hand a step back to {distance}; discarding "
                       "{other} kept it {shape}.", tile=tile, distance=distance(p.shanten),
                       other=other, shape=_shape(q, pos))
    if DEAD_WAIT in p.notes:
        return Message("Discarding {tile} left you ready only on tiles that are all in sight "
                       "already (discarded, shown or in your hand: nothing left to win with); "
                       "discarding {other} keeps your hand {shape}.", tile=tile, other=other,
                       shape=_shape(q, pos))
    if p.shanten == q.shanten and p.useful == q.useful:
        return Message("Discarding {tile} and discarding {other} leave your hand equally "
                       "{distance}, with {tiles} left that improve it either way; the "
                       "difference is in how the hand plays out from there.", tile=tile,
                       other=other, distance=distance(p.shanten),
                       tiles=_n(p.useful or 0, "tile"))
    return Message("Discarding {tile} leaves {tiles} that improve your hand; discarding {other} "
                   "keeps the same distance from ready with {useful} ({kinds}).", tile=tile,
                   tiles=_n(p.useful or 0, "tile"), other=other, useful=q.useful,
                   kinds=_kinds(q.improving))


# -- kongs --------------------------------------------------------------------------------------

def _kong(pos: Position, d: Decision) -> str:
    p, q = d.played, d.preferred
    reward = _reward(pos.variant)
    if d.grade is Grade.GOOD:
        if p.label == "no kong":
            kong = next(o for o in d.options if o.label != "no kong")
            return Message("Keeping your tiles was {right}: with the best discard ({then}) your "
                           "hand is {shape}, and a kong of {tile} would have left it {other}.",
                           right=_right(p), then=_then(p), shape=_shape(p, pos),
                           tile=str(kong.tile), other=_shape(kong, pos))
        return Message("The kong of {tile} keeps your hand {shape}, and earns a replacement draw "
                       "and {reward}.", tile=str(p.tile), shape=_shape(p, pos), reward=reward)
    if p.label == "no kong":
        return Message("Declaring the kong of {tile} would have kept your hand {shape}, and "
                       "earned a replacement draw and {reward}; without it, even the best "
                       "discard ({then}) leaves it {other}.", tile=str(q.tile),
                       shape=_shape(q, pos), reward=reward, then=_then(p),
                       other=_shape(p, pos))
    if q.label == "no kong":
        return Message("The kong of {tile} left your hand {shape}, while keeping the tiles and "
                       "discarding {then} left it {other}.", tile=str(p.tile),
                       shape=_shape(p, pos), then=_then(q), other=_shape(q, pos))
    return Message("The kong of {tile} left your hand {shape}; the kong of {other} would have "
                   "left it {better}.", tile=str(p.tile), shape=_shape(p, pos),
                   other=str(q.tile), better=_shape(q, pos))


def _then(option: Option) -> str:
    """The discard that follows an option, as the reason quotes it (``None`` as ``None``)."""
    return str(option.then)


# -- claims -------------------------------------------------------------------------------------

def _what(option: Option) -> Message:
    """``the pong of 5p`` / ``the chow 345p`` / ``passing``."""
    if option.label == "pass":
        return Message("passing")
    word, _, rest = option.label.partition(" ")
    if word == "chow":
        return Message("the chow {tiles}", tiles=rest)
    return Message("the {move} of {tiles}", move=event_kind(word.replace("-", " ")), tiles=rest)


def _with(option: Option) -> str:
    """``, then discarding 4s,`` after a chow or pong; nothing otherwise."""
    return (Message(", then discarding {tile},", tile=str(option.then))
            if option.then is not None else "")


def _claim(pos: Position, d: Decision) -> str:
    p, q = d.played, d.preferred
    passing = next(o for o in d.options if o.label == "pass")
    if d.grade is Grade.GOOD:
        if p.label == "pass":
            claims = [o for o in d.options if o.label != "pass"]
            if not claims:
                return Message("Passing was the only answer.")
            best = min(claims, key=lambda o: (o.shanten or 0, -(o.useful or 0)))
            return Message("Passing was {right}: it keeps your hand {shape}; with {what}{then} "
                           "it would be {distance}, with your tiles shown to everyone.",
                           right=_right(p), shape=_shape(p, pos), what=_what(best),
                           then=_with(best), distance=distance(best.shanten))
        closer = (p.shanten or 0) < (passing.shanten or 0)
        rest = (Message("closer, {distance}, against {passing} by passing.",
                        distance=distance(p.shanten), passing=distance(passing.shanten))
                if closer else Message("{shape}.", shape=_shape(p, pos)))
        return Message("{what} was {right}: with it{then} your hand is {rest}",
                       what=_cap(_what(p)), right=_right(p), then=_with(p), rest=rest)
    if p.label == "pass":
        if q.shanten == p.shanten:
            gain = (Message(" and earned a replacement draw and {reward}",
                            reward=_reward(pos.variant))
                    if q.label.startswith("open-kong") else "")
            tiles = (Message("the same {tiles} that improve it", tiles=_n(q.useful or 0, "tile"))
                     if q.useful == p.useful else
                     Message("{tiles} that improve it instead of {useful}",
                             tiles=_n(q.useful or 0, "tile"), useful=p.useful))
            return Message("Passing missed {what}: with it{then} your hand would have kept its "
                           "distance from ready with {tiles}{gain}.", what=_what(q),
                           then=_with(q), tiles=tiles, gain=gain)
        return Message("Passing missed {what}: with it{then} your hand would have been "
                       "{distance}, instead of {before}.", what=_what(q), then=_with(q),
                       distance=distance(q.shanten), before=distance(p.shanten))
    if q.label == "pass":
        return Message("{what}{then} left your hand {shape}: no better than passing "
                       "({passing}), and it showed your tiles to everyone.",
                       what=_cap(_what(p)), then=_with(p), shape=_shape(p, pos),
                       passing=_shape(q, pos))
    if q.label.startswith("open-kong") and q.shanten == p.shanten:
        return Message("{what}{then} left your hand {shape}; {other} would have kept it "
                       "{better} and earned a replacement draw and {reward}.",
                       what=_cap(_what(p)), then=_with(p), shape=_shape(p, pos),
                       other=_what(q), better=_shape(q, pos), reward=_reward(pos.variant))
    return Message("{what}{then} left your hand {shape}; with {other}{other_then} it would have "
                   "been {better}.", what=_cap(_what(p)), then=_with(p), shape=_shape(p, pos),
                   other=_what(q), other_then=_with(q), better=_shape(q, pos))


# -- wins ---------------------------------------------------------------------------------------

def _win(pos: Position, d: Decision) -> str:
    win = next(o for o in d.options if o.shanten == -1)
    worth = (Message(" (worth {value})", value=describe(pos.variant, win.value))
             if win.value else "")
    taken = d.played.shanten == -1
    if taken and d.grade is Grade.GOOD:
        return Message("Taking the win{worth} was {right}.", worth=worth, right=_right(d.played))
    if taken:
        return Message("Winning at once{worth} gave up a bigger win: {move} and playing on "
                       "scored more on average.", worth=worth, move=_label(d.preferred))
    if d.grade is Grade.GOOD:
        return Message("Playing on instead of winning{worth} was {right}: the bigger win it aims "
                       "at made up for the risk.", worth=worth, right=_right(d.played))
    extra: str = ""
    if pos.variant is Variant.GUIYANG and d.offer is not None:
        extra = Message(", and passing a win blocks your wins on other players' tiles until "
                        "your next draw")
    return Message("You passed up a win{worth}: a sure win was worth more than the hand you "
                   "might still build{extra}.", worth=worth, extra=extra)
