"""The settlement's description of a finished Guiyang hand, read off the final game state.

:func:`describe` builds the frozen :class:`~tutor.variants.guiyang.FinishedHand` the settlement
takes: each player's 13 tiles (a self-drawn winning tile is taken out: it is the win's tile),
their melds with the kong kinds and who a claimed meld came from, every discard in the order
made with who claimed it (so the charging chicken and its claimant can be found; a discard won
on is not in the pond: it is the winner's tile), how the hand was won, and the revealed wall
tile (the next live tile after a win, ``None`` when the wall is empty).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.core.tiles import KINDS
from tutor.game.state import SEATS, WinKind
from tutor.variants.guiyang import Discard, FinishedHand, MeldRecord, PlayerRecord, Win
from tutor.variants.guiyang import WinKind as HowWon

if TYPE_CHECKING:
    from tutor.game.state import HandState, Outcome

__all__ = ["describe"]


def _how(state: HandState, outcome: Outcome) -> HowWon:
    from tutor.game.variants.guiyang.hooks import GuiyangTracker

    tracker = state.tracker
    assert isinstance(tracker, GuiyangTracker)
    if outcome.how is WinKind.SELF_DRAW:
        return HowWon.KONG_DRAW if outcome.kong_draw else HowWon.SELF_DRAW
    if outcome.how is WinKind.DISCARD:
        return HowWon.HOT_DISCARD if tracker.hot == outcome.discarder else HowWon.DISCARD
    if outcome.how is WinKind.ROBBING:
        return HowWon.ROBBED_KONG
    raise AssertionError(f"Guiyang has no {outcome.how} win")


def describe(state: HandState, outcome: Outcome) -> FinishedHand:
    """The settlement's input for ``state``, which ended with ``outcome``."""
    from tutor.game.variants.guiyang.hooks import GuiyangTracker

    tracker = state.tracker
    assert isinstance(tracker, GuiyangTracker)
    win = None
    if outcome.winners:
        assert outcome.tile is not None
        how = _how(state, outcome)
        win = Win(how, tuple(outcome.winners), outcome.tile,
                  outcome.discarder if how.from_other else None)
    players = []
    for seat in SEATS:
        player = state.players[seat]
        counts = list(player.counts)
        if win is not None and not win.kind.from_other and seat in win.winners:
            counts[win.tile.index] -= 1
        concealed = tuple(KINDS[i] for i, n in enumerate(counts) for _ in range(n))
        melds = tuple(MeldRecord(m, src) for m, src in zip(player.melds, player.sources,
                                                           strict=True))
        players.append(PlayerRecord(concealed, melds))
    discards = [Discard(s, t, tracker.claimed_by.get(i))
                for i, (s, t) in enumerate(tracker.discards)]
    if outcome.how is WinKind.DISCARD:
        last = discards.pop()  # the winning discard is the winners' tile, not in the pond
        assert last.seat == outcome.discarder and last.tile == outcome.tile
    revealed = state.wall.peek() if win is not None else None
    east, south, west, north = players
    return FinishedHand((east, south, west, north), tuple(discards), win, revealed)
