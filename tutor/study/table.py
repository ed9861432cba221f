"""The picture of a table: what the play table and the replay viewer draw, as plain values.

:func:`table_picture` reads a hand's state for one seat (``viewer``): its own tiles face up, the
others' face down (only their count), everyone's melds (another seat's concealed kong face
down), discard ponds in order, the live and dead wall counts and the wall itself
(:func:`~tutor.study.wall_picture.wall_picture`), whose turn it is, the seat's legal
moves as buttons with their tiles, each game's markers, and the log as the seat heard it. With
``viewer=None`` (a replay with every hand face up) or ``reveal=True`` (a finished hand) every
hand is face up. Everything a seat's picture holds comes from its
:class:`~tutor.game.view.PlayerView`, :func:`~tutor.game.view.seat_log` and public facts (the
wall counts, the discards, the rules), so it never holds what the seat may not know; the tests
check that by changing hidden tiles and seeing the picture stay the same.

:meth:`TablePicture.as_dict` is what the browser receives (tile codes, never pictures).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from tutor.core.hand import Hand, Meld, MeldKind
from tutor.core.tiles import KINDS, Tile, Wind
from tutor.core.variant import Variant
from tutor.display.svg import tile_label
from tutor.errors import TutorError
from tutor.game.actions import Action, ActionKind
from tutor.game.state import HandState
from tutor.game.view import event_line, seat_log
from tutor.i18n import N_, _, comma, language, localize
from tutor.ledger import seat_name
from tutor.study.wall_picture import WallPicture, wall_picture

__all__ = ["ActionChoice", "Marker", "SeatPicture", "TablePicture", "action_choice", "hand_data",
           "meld_data", "spoken_line", "table_picture"]

SEATS = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)
#: the games' names (Variant.title) for the catalog: tutor.core stays free of tutor.i18n
GAME_TITLES = (N_("Huangyan Reckoning"), N_("Hangzhou"), N_("Guiyang Chicken"))
#: where each seat sits from the viewer's chair: the next in turn order on the right
PLACES = ("bottom", "right", "top", "left")
FIXED_CHICKEN = Tile.parse("1s")


def meld_data(meld: Meld, *, hidden: bool = False) -> dict[str, Any]:
    """A meld for the browser. A concealed kong shows its two middle tiles face down, or all
    four when ``hidden`` (another player's: the rules keep its tile secret)."""
    concealed = meld.kind is MeldKind.CONCEALED_KONG
    tiles = [str(t) for t in meld.tiles]
    if concealed:
        tiles = ["back"] * 4 if hidden else [tiles[0], "back", "back", tiles[3]]
    # in Chinese the meld's name is the Chinese alone (明杠), in English both (open kong 明杠)
    label = (f"{meld.kind.value} {meld.kind.chinese}" if language() == "en"
             else meld.kind.chinese)
    title = (_("{meld}: four tiles, face down so nobody else knows which").format(meld=label)
             if concealed and hidden else f"{label}: {meld}")
    return {"kind": meld.kind.value.replace(" ", "-"), "label": label, "tiles": tiles,
            "concealed": concealed, "title": title}


def hand_data(hand: Hand | None, *, drawn: Tile | None = None) -> dict[str, Any]:
    """A hand for the browser: sorted concealed tiles, the drawn tile set apart, the melds."""
    if hand is None:
        return {"concealed": [], "drawn": "", "melds": []}
    concealed = [str(t) for t in hand.concealed]
    shown_drawn = ""
    if drawn is not None and str(drawn) in concealed:
        index = len(concealed) - 1 - concealed[::-1].index(str(drawn))
        del concealed[index]
        shown_drawn = str(drawn)
    return {"concealed": concealed, "drawn": shown_drawn,
            "melds": [meld_data(m) for m in hand.melds]}


@dataclass(frozen=True)
class ActionChoice:
    """A move shown as a button: its text (what the engine reads), a label and its tiles."""

    action: str
    kind: str
    label: str
    tiles: tuple[str, ...] = ()
    claimed: str = ""  # the tile taken from another player, marked in the button
    help: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"action": self.action, "kind": self.kind, "label": self.label,
                "tiles": list(self.tiles), "claimed": self.claimed, "help": self.help}


def action_choice(action: Action, offer: Tile | None = None) -> ActionChoice:
    """The button of a legal move (discards are clicks on the tile, but get one too)."""
    kind, tile = action.kind, action.tile
    code = str(tile) if tile is not None else ""
    if kind is ActionKind.CHOW:
        assert tile is not None
        run = tuple(str(KINDS[tile.index + i]) for i in range(3))
        return ActionChoice(str(action), kind.value, _("Chow"), run, str(offer or ""),
                            _("take the discard to make a run of three"))
    table: dict[ActionKind, tuple[str, int, str]] = {
        ActionKind.DISCARD: (N_("Discard"), 1, N_("throw this tile away")),
        ActionKind.PONG: (N_("Pong"), 3, N_("take the discard to make three alike")),
        ActionKind.OPEN_KONG: (N_("Kong"), 4, N_("take the discard to make four alike, then "
                                                 "draw a replacement")),
        ActionKind.CONCEALED_KONG: (N_("Concealed kong"), 4, N_(
            "declare your four alike face down, then draw a replacement")),
        ActionKind.ADDED_KONG: (N_("Add to your pong"), 4, N_(
            "add the fourth tile to your pong, then draw a replacement")),
        ActionKind.SELF_DRAW: (N_("Win!"), 1, N_("your drawn tile completes your hand "
                                                 "(self-draw)")),
        ActionKind.WIN: (N_("Win!"), 1, N_("this discard completes your hand")),
        ActionKind.ROB: (N_("Rob the kong: win!"), 1, N_("the tile added to a kong completes "
                                                         "your hand")),
        ActionKind.SPECIAL_WIN: (N_("Win: Ten Honors Explosive Head"), 0, N_(
            "ten or more honor discards, none claimed, no call: a special win")),
        ActionKind.PASS: (N_("Pass"), 0, N_("let the discard go")),
    }
    label, count, why = table[kind]
    claimed = code if kind in (ActionKind.PONG, ActionKind.OPEN_KONG, ActionKind.WIN,
                               ActionKind.ROB) else ""
    return ActionChoice(str(action), kind.value, _(label), (code,) * count, claimed, _(why))


@dataclass(frozen=True)
class Marker:
    """One of the game's markers on the table: a short name, what it says now, and what it
    means for a newcomer (shown as the legend and in tooltips)."""

    key: str
    name: str
    text: str
    explain: str
    active: bool = True
    tiles: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "text": self.text, "explain": self.explain,
                "active": self.active, "tiles": list(self.tiles)}


@dataclass(frozen=True)
class SeatPicture:
    """One seat as the viewer sees it. ``concealed`` is None when the tiles are face down."""

    seat: Wind
    place: str
    role: str
    concealed: tuple[Tile, ...] | None
    count: int
    drawn: Tile | None
    melds: tuple[tuple[Meld, bool], ...]  # each meld and whether it is shown face down
    discards: tuple[Tile, ...]
    taken: tuple[bool, ...]
    notes: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        concealed = None
        drawn = ""
        if self.concealed is not None:
            tiles = [str(t) for t in sorted(self.concealed)]
            if self.drawn is not None and str(self.drawn) in tiles:
                index = len(tiles) - 1 - tiles[::-1].index(str(self.drawn))
                del tiles[index]
                drawn = str(self.drawn)
            concealed = tiles
        return {"seat": self.seat.letter, "name": localize(seat_name(self.seat)),
                "chinese": self.seat.chinese, "place": self.place, "role": self.role,
                "dealer": self.seat is Wind.EAST, "concealed": concealed, "count": self.count,
                "drawn": drawn, "melds": [meld_data(m, hidden=h) for m, h in self.melds],
                "discards": [str(t) for t in self.discards], "taken": list(self.taken),
                "notes": [localize(n) for n in self.notes]}


@dataclass(frozen=True)
class TablePicture:
    """The whole table from the viewer's chair (``viewer`` None: a replay, all face up)."""

    variant: Variant
    viewer: Wind | None
    seats: tuple[SeatPicture, ...]  # bottom, right, top, left
    live_wall: int
    dead_wall: int
    turn: Wind | None
    to_act: bool
    offer: Tile | None
    offer_from: Wind | None
    choices: tuple[ActionChoice, ...]
    discardable: tuple[str, ...]
    markers: tuple[Marker, ...]
    log: tuple[str, ...]
    finished: bool
    outcome: str
    marks: dict[str, str] = field(default_factory=dict)  # tile code -> "live" / "chicken" ...
    step: int = 0
    last_discard: Wind | None = None  # whose discard is the latest move (it glows)
    wall: WallPicture | None = None  # the square of walls (public: places, never tiles)

    def seat(self, seat: Wind) -> SeatPicture:
        return next(s for s in self.seats if s.seat is seat)

    def _prompt(self) -> str:
        """What a screen reader says when the viewer is to act."""
        if not self.to_act:
            return ""
        if self.offer is not None:
            name = (localize(seat_name(self.offer_from)) if self.offer_from is not None
                    else _("A player"))
            moves = comma().join(c.label for c in self.choices)
            return _("{seat} discarded {tile}: {moves}").format(
                seat=name, tile=spoken_line(str(self.offer), self.variant.joker), moves=moves)
        return _("Your turn: choose a tile to discard")

    def as_dict(self) -> dict[str, Any]:
        joker = self.variant.joker
        return {
            "variant": self.variant.value, "title": localize(self.variant.title),
            "joker": str(joker) if joker is not None else "",
            "viewer": self.viewer.letter if self.viewer is not None else "",
            "seats": [s.as_dict() for s in self.seats],
            "live_wall": self.live_wall, "dead_wall": self.dead_wall,
            "has_dead_wall": self.variant is not Variant.GUIYANG,
            "turn": self.turn.letter if self.turn is not None else "",
            "to_act": self.to_act,
            "offer": str(self.offer) if self.offer is not None else "",
            "offer_from": self.offer_from.letter if self.offer_from is not None else "",
            "choices": [c.as_dict() for c in self.choices],
            "discardable": list(self.discardable),
            "markers": [m.as_dict() for m in self.markers],
            "log": [localize(line) for line in self.log],
            "spoken": [spoken_line(localize(line), joker) for line in self.log],
            "prompt": self._prompt(),
            "finished": self.finished, "outcome": localize(self.outcome),
            "marks": dict(self.marks), "step": self.step,
            "last_discard": self.last_discard.letter if self.last_discard is not None else "",
            "wall": self.wall.as_dict() if self.wall is not None else None,
        }


# -- the log read aloud -------------------------------------------------------------------

_CODES = re.compile(r"\b([1-9]+)([mpsz])\b")
_VERBS = {"discard": "discards", "draw": "draws", "drew": "drew", "pong": "pongs",
          "chow": "chows", "pass": "passes", "win": "wins with", "self-draw": "wins on",
          "replacement": "draws a replacement", "open kong": "declares an open kong of",
          "open-kong": "declares an open kong of", "added kong": "adds to a kong:",
          "added-kong": "adds to a kong:", "concealed kong": "declares a concealed kong of",
          "concealed-kong": "declares a concealed kong of"}


def _words(match: re.Match[str], joker: Tile | None) -> str:
    digits, suit = match.group(1), match.group(2)
    names = []
    for digit in digits:
        try:
            tile = Tile.parse(digit + suit)
        except (TutorError, ValueError):
            return match.group(0)
        names.append(tile_label(tile, joker=tile == joker))
    return comma().join(names)


def spoken_line(line: str, joker: Tile | None = None) -> str:
    """A log line as a sentence for a screen reader, its tiles in words:
    ``West: discard 3p`` -> ``West discards 3 of Dots``."""
    who, sep, rest = line.partition(": ")
    if sep and who in {w.name.title() for w in SEATS}:
        for verb in sorted(_VERBS, key=len, reverse=True):
            if rest == verb or rest.startswith(verb + " "):
                rest = _VERBS[verb] + rest[len(verb):]
                break
        line = f"{who} {rest}"
    return _CODES.sub(lambda m: _words(m, joker), line)


# -- building the picture ------------------------------------------------------------------

def _places(viewer: Wind) -> dict[Wind, str]:
    return {viewer.next(i): PLACES[i] for i in range(4)}


def table_picture(state: HandState, viewer: Wind | None, *, reveal: bool = False,
                  roles: dict[Wind, str] | None = None, log: bool = True) -> TablePicture:
    """The table as ``viewer`` sees it (see the module docstring); ``roles`` names the seats
    ("you", "bot"). ``reveal`` turns every hand face up (the hand is over)."""
    bottom = viewer if viewer is not None else Wind.EAST
    places = _places(bottom)
    roles = roles or {}
    finished = state.is_terminal()
    seats = []
    view = state.view(viewer) if viewer is not None else None
    for seat in SEATS:
        if view is None:  # a replay with every hand face up: the whole state is shown
            player = state.players[seat]
            concealed: tuple[Tile, ...] | None = player.hand().concealed
            melds: tuple[tuple[Meld, bool], ...] = tuple((m, False) for m in player.melds)
            drawn, count = player.drawn, player.concealed_count
            discards, taken = tuple(player.discards), tuple(player.taken)
        else:  # everything from the seat's own view, except the hands shown at the end
            discards, taken = view.discards[seat], view.taken.get(seat, ())
            if seat is viewer:
                concealed, drawn, count = view.hand.concealed, view.drawn, sum(view.counts)
                melds = tuple((m, False) for m in view.melds)
            elif reveal:
                player = state.players[seat]
                concealed, drawn = player.hand().concealed, player.drawn
                count = player.concealed_count
                melds = tuple((m, False) for m in player.melds)
            else:
                other = view.others[seat]
                concealed, drawn, count = None, None, other.tiles_in_hand
                hidden = Meld.kong(KINDS[0], MeldKind.CONCEALED_KONG)  # its tile is never sent
                melds = (*((m, False) for m in other.melds),
                         *((hidden, True) for _ in range(other.concealed_kongs)))
        seats.append(SeatPicture(
            seat=seat, place=places[seat], role=roles.get(seat, ""), concealed=concealed,
            count=count, drawn=drawn, melds=melds, discards=discards, taken=taken,
            notes=_seat_notes(state, seat)))
    seats.sort(key=lambda s: PLACES.index(s.place))
    to_act = viewer is not None and not finished and state.current_actor() == viewer
    offer = view.offer if view is not None and to_act else None
    legal = view.legal if view is not None and to_act else ()
    choices = tuple(action_choice(a, offer) for a in legal if a.kind is not ActionKind.DISCARD)
    discardable = tuple(str(a.tile) for a in legal if a.kind is ActionKind.DISCARD)
    markers, marks = _markers(state)
    lines: tuple[str, ...] = ()
    if log:
        lines = tuple(seat_log(state.events, viewer) if viewer is not None
                      else (event_line(e) for e in state.events if e.kind != "window"))
    return TablePicture(
        variant=state.variant, viewer=viewer, seats=tuple(seats), live_wall=state.wall.live,
        dead_wall=state.wall.dead, turn=None if finished else state.turn, to_act=to_act,
        offer=offer,
        offer_from=state.offer_from if offer is not None else None, choices=choices,
        discardable=discardable, markers=markers, log=lines, finished=finished,
        outcome=str(state.outcome) if state.outcome is not None else "", marks=marks,
        step=len(state.history), last_discard=_last_discard(state), wall=wall_picture(state))


def _last_discard(state: HandState) -> Wind | None:
    """The seat whose discard is the latest move (claims and draws since make it None)."""
    for seat, action in reversed(state.history):
        if action.kind is ActionKind.DISCARD:
            return seat
        if action.kind is not ActionKind.PASS:
            return None
    return None


def _seat_notes(state: HandState, seat: Wind) -> tuple[str, ...]:
    """Public notes on a seat: a Hangzhou player bound by the joker restriction."""
    tracker = state.tracker
    restricted = getattr(tracker, "restricted", None)
    if state.variant is Variant.HANGZHOU and restricted and seat in restricted:
        return (_("bound: no calls; must discard the tile drawn"),)
    return ()


def _markers(state: HandState) -> tuple[tuple[Marker, ...], dict[str, str]]:
    variant = state.variant
    if variant is Variant.HUANGYAN:
        return _huangyan_markers(state)
    if variant is Variant.HANGZHOU:
        return _hangzhou_markers(state), {}
    return _guiyang_markers(state), {str(FIXED_CHICKEN): "chicken"}


def _huangyan_markers(state: HandState) -> tuple[tuple[Marker, ...], dict[str, str]]:
    rules = state.hooks.rules
    threshold = int(getattr(rules, "live_tile_stage_threshold", 14))
    dead = int(getattr(rules, "dead_wall", 16))
    discarded = {t for p in state.players.values() for t in p.discards}
    live = tuple(str(t) for t in KINDS if t not in discarded)
    in_stage = state.wall.live <= threshold and not state.is_terminal()
    explain = _("Near the end of the wall the table gets dangerous. A Live Tile is a kind "
                "nobody has discarded yet this hand. Discard a Live Tile in the stage and let "
                "someone win on it, and you pay for the whole table (unless every tile you held "
                "was Live). Tiles already discarded are safe.")
    name = _("Live Tile Stage")
    if in_stage:
        stage = Marker("stage", name, _("{n} live tiles left: discard only safe tiles (kinds "
                                        "already discarded)").format(n=state.wall.live),
                       explain)
        marks = {str(t): ("live" if str(t) in live else "safe") for t in KINDS}
        live_marker = Marker("live", _("Live Tiles"), _(
            "{n} kinds never discarded; in your hand a red L marks them, a green tick the safe "
            "ones").format(n=len(live)), _(
            "A Live Tile is a kind nobody has discarded this hand. In the Live Tile Stage, "
            "discarding one that someone wins on makes you liable."), tiles=live)
        return (stage, live_marker), marks
    left = state.wall.live - threshold
    if state.is_terminal():
        reached = getattr(state.tracker, "stage_began", None) is not None
        text = _("reached in this hand") if reached else _("not reached in this hand")
    else:
        text = _("begins when {threshold} tiles are left in the live wall ({all} with the Dead "
                 "Wall): {left} more draws").format(threshold=threshold, all=threshold + dead,
                                                    left=left)
    return (Marker("stage", name, text, explain, active=False),), {}


def _hangzhou_markers(state: HandState) -> tuple[Marker, ...]:
    joker = Marker("joker", _("Joker 百搭"), _("the White Dragons (marked J) are wild"), _(
        "Each White Dragon can stand for any tile in a finished hand. A joker can never be "
        "claimed or shown in a chow, pong or open kong. Wins are self-drawn only in "
        "Hangzhou."), tiles=("5z",))
    restricted = list(getattr(state.tracker, "restricted", []) or [])
    explain = _("After a joker is discarded, the next three players may not call (no chow, "
                "pong or kong) and on their turn must discard the tile they draw, unless it "
                "makes a concealed kong or a win.")
    name = _("Joker restriction")
    if restricted and not state.is_terminal():
        names = comma().join(localize(seat_name(s)) for s in restricted)
        rule = Marker("restriction", name, _("{names}: no calls; discard the tile "
                                             "drawn").format(names=names), explain)
    else:
        rule = Marker("restriction", name, _("none now (it follows a joker discard)"), explain,
                      active=False)
    return (joker, rule)


def _guiyang_markers(state: HandState) -> tuple[Marker, ...]:
    fixed = Marker("chicken", _("Chickens 鸡"), _(
        "the One of Bamboo (1s, with the bird) is the fixed chicken"), _(
        "At the end of the hand each chicken a player holds, melded or discarded is worth "
        "points: the One of Bamboo always; after a win a tile of the wall is turned and the "
        "next rank of its suit is a chicken too."), tiles=(str(FIXED_CHICKEN),))
    charging = next(((s, t) for s, t in getattr(state.tracker, "discards", [])
                     if t == FIXED_CHICKEN), None)
    name = _("Charging chicken")
    if charging is not None:
        charge = Marker("charging", name, _("{seat} discarded the first 1s").format(
            seat=localize(seat_name(charging[0]))), _(
            "The first One of Bamboo discarded is a charging chicken, worth 3 to its "
            "discarder; if someone pongs it, the discarder also pays that player."),
            tiles=(str(FIXED_CHICKEN),))
    else:
        charge = Marker("charging", name, _("no 1s discarded yet"), _(
            "The first One of Bamboo discarded is a charging chicken, worth 3 to its "
            "discarder."), active=False)
    markers = [fixed, charge]
    reveal = getattr(state.settlement, "reveal", None)
    if state.is_terminal():
        if reveal is not None and reveal.indicator is not None:
            flipped = reveal.flipped
            text = (_("revealed {indicator}: the flipped chicken is {flipped}").format(
                indicator=reveal.indicator, flipped=flipped)
                + (_(" (golden chickens: x2)") if reveal.golden else ""))
            tiles: tuple[str, ...] = (str(reveal.indicator), str(flipped))
        else:
            text = _("no tile turned (a drawn hand or an empty wall)")
            tiles = ()
        markers.append(Marker("reveal", _("Revealed tile"), text, _(
            "After a win the next tile of the wall is turned face up; the next rank of its "
            "suit (9 wraps to 1) is the flipped chicken for this hand."), tiles=tiles))
    return tuple(markers)
