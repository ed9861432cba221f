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
from tutor.ledger import Seat
from tutor.variants.guiyang.chickens import Chicken, ChickenKind, Place
from tutor.variants.guiyang.description import FIXED_CHICKEN, FinishedHand, WinKind

__all__ = ["chicken_header", "chicken_note", "pattern_note", "winning_tile_note"]


def _name(seat: Seat) -> str:
    return seat.name.title()


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
        return f"not paid: a flipped chicken, and {name} is not ready"
    if chicken.place is Place.MELDED and _in_concealed_kong(hand, seat):
        return "paid: in a concealed kong, which counts as melded"
    if chicken.place.visible:
        return f"paid: {chicken.place.value}, visible"
    return f"not paid: held, and {name} is not ready"


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
            return f"{value}, forfeited: {name} made the hot discard"
        return f"{value}, collected from each opponent"
    shown = sum(c.value for c in chickens if c.kind.is_fixed and c.place.visible)
    if not shown:
        return f"nothing paid: {name} is not ready and shows no fixed chicken"
    payees = [_name(s) for s in eligible_seats if s != hot]
    text = f"pays {shown} to " + (" and ".join(payees) if len(payees) < 3 else
                                  f"{payees[0]}, {payees[1]} and {payees[2]}")
    text += " (eligible)"
    if hot is not None and hot != seat:
        text += f"; {_name(hot)} pays it for {name}: the hot discard"
    elif hot is not None:
        text += f"; {name} made the hot discard and pays the others' shares too"
    return text


def pattern_note(hand: FinishedHand, seat: Seat, ready_seats: int) -> str:
    """Why a ready non-winner's best possible pattern is not used ("" when it is paid)."""
    win = hand.win
    if win is not None and seat not in win.winners:
        return "not used: a ready player's pattern is paid only after an exhaustive draw"
    if win is None and ready_seats == 4:
        return "not used: every player is ready, so only beans settle"
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
    text = (f"the winning {win.tile} counts for {_name(first)} only, the first winner after "
            f"{_name(win.source)} in turn order")
    if chicken is not None:
        text += f": it is {_name(first)}'s {chicken.value}, not {_name(seat)}'s"
    return text
