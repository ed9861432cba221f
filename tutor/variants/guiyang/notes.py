"""What the settlement text says beside each player's chickens, beans and pattern: which are paid,
which are not, and why (the rule book, "Chickens" and "Hot discard").

* An eligible player (a winner or a ready player) collects their chicken value from each
  opponent, unless they made the hot discard: then their chicken and bean receipts are forfeited.
* A player who is not eligible pays the value of their visible fixed chickens (melded, in a
  concealed kong, or discarded) to each eligible player; their held fixed chickens and their
  flipped chickens neither earn nor cost anything.
* A ready player's best possible pattern is paid only after an exhaustive draw (the tenpai
  settlement); after a win, or when everyone is ready, it is shown but not used.
* A winning discard shared by several winners counts as a chicken for the first winner in turn
  order only.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.core.hand import MeldKind
from tutor.i18n import Message, join
from tutor.ledger import Seat, seat_name
from tutor.variants.guiyang.chickens import Chicken, ChickenKind, Place
from tutor.variants.guiyang.description import FIXED_CHICKEN, FinishedHand, WinKind

__all__ = ["both", "chicken_header", "chicken_note", "pattern_note", "winning_tile_note"]


def _name(seat: Seat) -> Message:
    return seat_name(seat)


def both(items: Sequence[str]) -> str:
    """``East``, ``East and South``, ``East, South and West``: kept a message."""
    if len(items) < 2:
        return items[0] if items else ""
    return Message("{first} and {last}", first=join(Message(", "), items[:-1]), last=items[-1])


def hot_discarder(hand: FinishedHand) -> Seat | None:
    """The seat whose discard was hot, if the hand was won on a hot discard."""
    win = hand.win
    return win.source if win is not None and win.kind is WinKind.HOT_DISCARD else None


def chicken_note(hand: FinishedHand, seat: Seat, eligible: bool, chicken: Chicken) -> str:
    """Whether one of a player's chickens is paid, and why (empty for an eligible player, whose
    chickens the header covers)."""
    if eligible:
        return ""
    name = _name(seat)
    if not chicken.kind.is_fixed:
        return Message("not paid: a flipped chicken, and {seat} is not ready", seat=name)
    if chicken.place is Place.MELDED and _in_concealed_kong(hand, seat):
        return Message("paid: in a concealed kong, which counts as melded")
    if chicken.place.visible:
        return Message("paid: {place}, visible", place=Message(chicken.place.value))
    return Message("not paid: held, and {seat} is not ready", seat=name)


def _in_concealed_kong(hand: FinishedHand, seat: Seat) -> bool:
    return any(m.meld.kind is MeldKind.CONCEALED_KONG and m.meld.tile == FIXED_CHICKEN
               for m in hand.player(seat).melds)


def chicken_header(hand: FinishedHand, seat: Seat, eligible: bool,
                   chickens: tuple[Chicken, ...], eligible_seats: Sequence[Seat]) -> str:
    """What happens to the player's chickens as a whole: collected, forfeited or paid out."""
    name = _name(seat)
    value = sum(c.value for c in chickens)
    hot = hot_discarder(hand)
    if eligible:
        if hot == seat:
            return Message("{value}, forfeited: {seat} made the hot discard", value=value,
                           seat=name)
        return Message("{value}, collected from each opponent", value=value)
    shown = sum(c.value for c in chickens if c.kind.is_fixed and c.place.visible)
    if not shown:
        return Message("nothing paid: {seat} is not ready and shows no fixed chicken", seat=name)
    payees = [_name(s) for s in eligible_seats if s != hot]
    text = Message("pays {value} to {payees} (eligible)", value=shown, payees=both(payees))
    if hot is not None and hot != seat:
        text += Message("; {hot} pays it for {seat}: the hot discard", hot=_name(hot), seat=name)
    elif hot is not None:
        text += Message("; {seat} made the hot discard and pays the others' shares too",
                        seat=name)
    return text


def pattern_note(hand: FinishedHand, seat: Seat, ready_seats: int) -> str:
    """Why a ready non-winner's best possible pattern is not used ("" when it is paid)."""
    win = hand.win
    if win is not None and seat not in win.winners:
        return Message("not used: a ready player's pattern is paid only after an exhaustive draw")
    if win is None and ready_seats == 4:
        return Message("not used: every player is ready, so only beans settle")
    return ""


def winning_tile_note(hand: FinishedHand, seat: Seat, chicken: ChickenKind | None) -> str:
    """For a second (or third) winner on a shared discard: the tile counted for the first."""
    win = hand.win
    if win is None or len(win.winners) < 2:
        return ""
    first = win.in_turn_order()[0]
    if seat == first:
        return ""
    assert win.source is not None
    text = Message("the winning {tile} counts for {first} only, the first winner after {source} "
                   "in turn order", tile=str(win.tile), first=_name(first),
                   source=_name(win.source))
    if chicken is not None:
        text += Message(": it is {first}'s {chicken}, not {seat}'s", first=_name(first),
                        chicken=Message(chicken.value), seat=_name(seat))
    return text
