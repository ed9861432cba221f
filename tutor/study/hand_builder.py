"""The hand builder's model: a hand put together tile by tile, and what the engine says of it.

:class:`HandBuilder` holds the learner's variant, concealed tiles, declared melds and (optionally)
the tiles they have seen elsewhere (discards), refuses anything a real hand cannot hold with a
typed error that quotes the input, and keeps its previous state whenever it refuses.
:meth:`HandBuilder.analysis` asks the engine about the current hand:

* fewer than 13 tiles: how many are still missing;
* 13 tiles: the shanten, the waits with the copies left, the dead waits (a kind the player holds
  all four of), the White Dragon Pair Wait in Hangzhou, and the useful tiles when not ready;
* 14 tiles: whether it is complete (with every reading) and, for each discard, the shanten after
  it and the tiles that would improve it.

No widget code here: :mod:`tutor.display.widgets.hand_builder` is the view.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from html import escape

from tutor.core.hand import Hand, Meld, MeldKind
from tutor.core.notation import parse_hand, parse_meld, parse_tiles
from tutor.core.shapes import Decomposition, decompositions
from tutor.core.tiles import Tile
from tutor.core.variant import Variant
from tutor.core.waits import Efficiency, WaitAnalysis, efficiency, is_win, useful_tiles, waits
from tutor.display.html import table_html
from tutor.display.svg import tile_label, tile_svg
from tutor.errors import HandError
from tutor.i18n import C_, N_, Message, _, comma, join, localize, ngettext, nmessage, pmessage

__all__ = ["MELD_CHOICES", "HandAnalysis", "HandBuilder"]

# The meld kinds a learner picks from, by name (the view's Dropdown shows these).
MELD_CHOICES: dict[str, MeldKind] = {
    C_("meld", "chow"): MeldKind.CHOW,
    C_("meld", "pong"): MeldKind.PONG,
    C_("meld", "kong"): MeldKind.OPEN_KONG,
    C_("meld", "added kong"): MeldKind.ADDED_KONG,
    C_("meld", "concealed kong"): MeldKind.CONCEALED_KONG,
}

FULL = 14  # the most a hand holds (a kong counting as 3)
WAITING = 13  # a hand between turns


#: the shapes of a reading (Shape's values), for the catalog
_SHAPES = (N_("four groups and a pair"), N_("seven pairs"))


def _tiles_text(tiles: Iterable[Tile]) -> str:
    return " ".join(str(t) for t in tiles) or Message("none")


def _capital(text: str) -> str:
    """``text`` with its first letter a capital (Chinese is unchanged)."""
    return text[:1].upper() + text[1:]


def _one_tile(tile: Tile | str, variant: Variant) -> Tile:
    if isinstance(tile, Tile):
        found = tile
    else:
        read = parse_tiles(tile)
        if len(read) != 1:
            raise HandError(Message("{text}: name one tile, e.g. 3m or 5z (read {n} tiles)",
                                    text=repr(tile), n=len(read)))
        found = read[0]
    if found not in variant.kinds:
        raise HandError(Message("{tile} ({name}) is not used in {game} (its set has {n} tiles, "
                                "no honors)", tile=found, name=pmessage("tile", found.name),
                                game=Message(variant.title), n=variant.tile_count))
    return found


def _check(hand: Hand, variant: Variant, visible: tuple[Tile, ...]) -> Hand:
    """Raise HandError unless ``variant`` can hold ``hand`` with ``visible`` seen elsewhere."""
    hand.check(variant)
    for tile in hand.tiles:
        if tile not in variant.kinds:
            raise HandError(Message("{hand}: {tile} ({name}) is not used in {game}", hand=hand,
                                    tile=tile, name=pmessage("tile", tile.name),
                                    game=Message(variant.title)))
    for tile in visible:
        if tile not in variant.kinds:
            raise HandError(Message("seen tile {tile} ({name}) is not used in {game}", tile=tile,
                                    name=pmessage("tile", tile.name),
                                    game=Message(variant.title)))
    seen = list(hand.held_counts)
    for tile in visible:
        seen[tile.index] += 1
        if seen[tile.index] > 4:
            raise HandError(Message("{hand} with seen tiles {seen}: more than four copies of "
                                    "{tile} (a set has four)", hand=hand,
                                    seen=_tiles_text(sorted(visible)), tile=tile))
    return hand


@dataclass(frozen=True)
class HandAnalysis:
    """What the engine says of the builder's hand (see the module docstring for each size)."""

    variant: Variant
    hand: Hand
    visible: tuple[Tile, ...] = ()
    wait: WaitAnalysis | None = None  # 13 tiles
    useful: tuple[Tile, ...] = ()  # 13 tiles, not ready: tiles that lower the shanten
    win: bool | None = None  # 14 tiles
    readings: tuple[Decomposition, ...] = ()  # 14 tiles, complete
    efficiency: Efficiency | None = field(default=None, repr=False)  # 14 tiles

    @property
    def size(self) -> int:
        return self.hand.size

    @property
    def missing(self) -> int:
        """Tiles still to add before the hand can be read (0 at 13 or 14)."""
        return max(0, WAITING - self.size)

    @property
    def shanten(self) -> int | None:
        if self.wait is not None:
            return self.wait.shanten
        if self.efficiency is not None:
            return self.efficiency.shanten
        return None

    @property
    def ready(self) -> bool:
        return self.wait is not None and self.wait.ready

    @property
    def waits(self) -> tuple[Tile, ...]:
        return self.wait.waits if self.wait is not None else ()

    @property
    def dead_waits(self) -> tuple[Tile, ...]:
        return self.wait.dead_waits if self.wait is not None else ()

    @property
    def white_dragon_pair_wait(self) -> bool:
        return self.wait is not None and self.wait.white_dragon_pair_wait

    @property
    def left(self) -> dict[Tile, int]:
        """Copies of each kind not in the hand, its melds or the seen tiles (13 or 14 tiles)."""
        if self.wait is not None:
            return self.wait.left
        if self.efficiency is not None and self.efficiency.options:
            return self.efficiency.options[0].left
        seen = list(self.hand.held_counts)
        for tile in self.visible:
            seen[tile.index] += 1
        return {t: 4 - seen[t.index] for t in self.variant.kinds}

    @property
    def best_discards(self) -> tuple[Tile, ...]:
        """The discards that tie for best: lowest shanten after, then most tiles left."""
        if self.efficiency is None or not self.efficiency.options:
            return ()
        top = self.efficiency.options[0]
        return tuple(o.discard for o in self.efficiency.options
                     if (o.shanten, o.count) == (top.shanten, top.count))

    def headline(self) -> str:
        """One short line: what the hand is now."""
        if self.size == 0:
            return Message("empty, add {n} tiles", n=WAITING)
        if self.missing:
            return nmessage("add {n} more tile", "add {n} more tiles", self.missing)
        if self.size == WAITING:
            if self.white_dragon_pair_wait:
                return Message("ready on every tile (White Dragon Pair Wait)")
            if self.ready:
                return Message("ready on {tiles}", tiles=_tiles_text(self.waits))
            return Message("not ready, shanten {n}", n=self.shanten)
        if self.win:
            return Message("complete hand")
        best = _tiles_text(self.best_discards)
        return Message("not complete, shanten {n}, best discard {best}", n=self.shanten,
                       best=best)

    def __str__(self) -> str:
        """The analysis in a few lines, in the current language."""
        sep = comma()
        hand = str(self.hand) or _("(no tiles)")
        lines = [ngettext("{game}: {hand} ({n} tile)", "{game}: {hand} ({n} tiles)",
                          self.size).format(game=localize(self.variant.title), hand=hand,
                                            n=self.size)]
        if self.missing:
            lines.append(_("{headline} to see the waits.").format(
                headline=_capital(localize(self.headline()))))
            return "\n".join(lines)
        if self.wait is not None:
            left = self.wait.left
            if self.ready:
                shown = sep.join(_("{tile} ({n} left)").format(tile=t, n=left[t])
                                 for t in self.waits)
                n = self.wait.winning_tiles_left
                lines.append(ngettext("Ready (shanten 0), waiting on {waits}: {n} winning tile "
                                      "left.", "Ready (shanten 0), waiting on {waits}: {n} "
                                      "winning tiles left.", n).format(waits=shown, n=n))
                if self.variant.joker is not None:
                    lines.append(_("A drawn joker ({joker}, 白) also wins.").format(
                        joker=self.variant.joker))
            else:
                shown = sep.join(_("{tile} ({n} left)").format(tile=t, n=left[t])
                                 for t in self.useful)
                total = sum(left[t] for t in self.useful)
                lines.append(ngettext("Not ready: shanten {shanten}. Useful tiles: {tiles} ({n} "
                                      "tile left).", "Not ready: shanten {shanten}. Useful "
                                      "tiles: {tiles} ({n} tiles left).", total).format(
                    shanten=self.shanten, tiles=shown or _("none"), n=total))
            if self.dead_waits:
                lines.append(_("Dead waits (all four copies held): {tiles}.").format(
                    tiles=localize(_tiles_text(self.dead_waits))))
            if self.white_dragon_pair_wait:
                lines.append(_("White Dragon Pair Wait: with one joker set aside the rest is "
                               "complete, so every tile wins."))
            return "\n".join(lines)
        if self.win:
            lines.append(ngettext("Complete: {n} reading.", "Complete: {n} readings.",
                                  len(self.readings)).format(n=len(self.readings)))
            lines += [f"  {localize(r.shape.value)}: {r}" for r in self.readings]
        else:
            lines.append(_("Not complete: shanten {n}.").format(n=self.shanten))
        if self.efficiency is not None:
            for o in self.efficiency.options:
                lines.append("  " + ngettext(
                    "discard {tile}: shanten {n}, {count} tile ({kinds})",
                    "discard {tile}: shanten {n}, {count} tiles ({kinds})", o.count).format(
                    tile=o.discard, n=o.shanten, count=o.count,
                    kinds=ngettext("{n} kind", "{n} kinds", len(o.improving)).format(
                        n=len(o.improving))) + _(": {tiles}").format(
                    tiles=localize(_tiles_text(o.improving))))
        return "\n".join(lines)

    def as_dict(self) -> dict[str, object]:
        return {
            "variant": self.variant.value, "hand": str(self.hand), "size": self.size,
            "missing": self.missing, "shanten": self.shanten, "ready": self.ready,
            "waits": [str(t) for t in self.waits],
            "dead_waits": [str(t) for t in self.dead_waits],
            "white_dragon_pair_wait": self.white_dragon_pair_wait,
            "useful": [str(t) for t in self.useful], "win": self.win,
            "readings": [str(r) for r in self.readings],
            "efficiency": self.efficiency.as_dict() if self.efficiency is not None else None,
        }

    def _repr_html_(self) -> str:
        """The analysis panel: headline, waits as tiles, a table per question."""
        shanten = "" if self.shanten is None else str(self.shanten)
        parts = [f"<div class='tutor-analysis-body' data-size='{self.size}' "
                 f"data-shanten='{shanten}' style='font-family:sans-serif'>",
                 f"<p class='tutor-headline'><b>{escape(localize(self.headline()))}</b></p>"]
        if self.wait is not None:
            parts.append(self._wait_html())
        elif self.size == FULL:
            parts.append(self._full_html())
        parts.append("</div>")
        return "".join(parts)

    def _tile_table(self, tiles: tuple[Tile, ...], caption: str, css: str) -> str:
        """The tiles drawn in a row, then a table of their names and copies left."""
        if not tiles:
            return ""
        left = self.left
        joker = self.variant.joker
        n_left = _("{n} left")
        picture = ("<div class='tutor-tile-counts' style='display:flex;flex-wrap:wrap;gap:4px 8px;"
                   "text-align:center'>" + "".join(
                       f"<div class='tutor-tile-count' data-tile='{t}'>"
                       f"{tile_svg(t, size=34, joker=t == joker)}"
                       f"<div style='font-size:0.8em'>{escape(n_left.format(n=left[t]))}"
                       f"</div></div>" for t in tiles)
                   + "</div>")
        rows = [(str(t), tile_label(t), left[t]) for t in tiles]
        return picture + table_html((_("Tile"), _("Name"), _("Copies left")), rows,
                                    caption=_(caption),
                                    css_class=f"tutor-table {css}", numeric=(2,))

    def _wait_html(self) -> str:
        assert self.wait is not None
        shanten, waits, brackets = _("Shanten:"), _("Waits:"), _("({left})")
        parts = [f"<p>{escape(shanten)} <span class='tutor-shanten'>{self.shanten}"
                 "</span></p>"]
        if self.ready:
            left = ngettext("{n} winning tile left", "{n} winning tiles left",
                            self.wait.winning_tiles_left).format(
                                n=self.wait.winning_tiles_left)
            parts.append(f"<p>{escape(waits)} <span class='tutor-waits'>"
                         f"{localize(_tiles_text(self.waits))}</span>"
                         f" {escape(brackets.format(left=left))}</p>")
            parts.append(self._tile_table(self.waits, N_("Waits"), "tutor-wait-table"))
            if self.variant.joker is not None:
                parts.append("<p>" + escape(_("A drawn joker (白) also wins.")) + "</p>")
        else:
            useful = _("Not ready. Useful tiles:")
            parts.append(f"<p>{escape(useful)} <span class='tutor-useful'>"
                         f"{localize(_tiles_text(self.useful))}</span></p>")
            parts.append(self._tile_table(self.useful, N_("Tiles that bring the hand closer"),
                                          "tutor-useful-table"))
        if self.dead_waits:
            dead = _("Dead waits (you hold all four, so they can never be drawn):")
            parts.append(f"<p class='tutor-dead-waits'>{escape(dead)} "
                         f"{localize(_tiles_text(self.dead_waits))}</p>")
        if self.white_dragon_pair_wait:
            parts.append("<p class='tutor-wdpw'>" + _(
                "<b>White Dragon Pair Wait</b>: set one joker aside and the rest is complete, "
                "so every tile wins (×2 in Hangzhou scoring).") + "</p>")
        return "".join(parts)

    def _full_html(self) -> str:
        parts = []
        if self.win:
            items = "".join(f"<li>{escape(localize(r.shape.value))}: {escape(str(r))}</li>"
                            for r in self.readings)
            readings = _("Complete hand. Readings:")
            parts.append(f"<p class='tutor-win'>{escape(readings)}</p>"
                         f"<ol class='tutor-readings'>{items}</ol>")
        else:
            not_complete = _("Not complete. Shanten:")
            parts.append(f"<p>{escape(not_complete)} <span class='tutor-shanten'>"
                         f"{self.shanten}</span></p>")
        if self.efficiency is not None:
            best = set(self.best_discards)
            rows = [(_("best") if o.discard in best else "", str(o.discard), o.shanten,
                     localize(_tiles_text(o.improving)), len(o.improving), o.count)
                    for o in self.efficiency.options]
            parts.append(table_html(("", _("Discard"), _("Shanten after"), _("Improving tiles"),
                                     _("Kinds"), _("Tiles left")), rows,
                                    caption=_("Efficiency per discard"),
                                    css_class="tutor-table tutor-efficiency", numeric=(2, 4, 5)))
        return "".join(parts)


class HandBuilder:
    """A hand built step by step. Every change is validated; a refused change keeps the state.

    >>> b = HandBuilder("huangyan", "111234567899m")
    >>> b.add("9m")
    >>> b.analysis().headline()
    'ready on 1m 2m 3m 4m 5m 6m 7m 8m 9m'
    """

    def __init__(self, variant: Variant | str = Variant.HUANGYAN, hand: Hand | str = "", *,
                 visible: Iterable[Tile | str] | str = ()) -> None:
        self._variant = Variant.parse(variant)
        self._hand = Hand(())
        self._visible: tuple[Tile, ...] = ()
        self.set_visible(visible)
        if isinstance(hand, Hand):
            self._hand = _check(hand, self._variant, self._visible)
        elif hand.strip():
            self.set_text(hand)

    # --- state --------------------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        return self._variant

    @property
    def hand(self) -> Hand:
        return self._hand

    @property
    def visible(self) -> tuple[Tile, ...]:
        return self._visible

    @property
    def size(self) -> int:
        return self._hand.size

    @property
    def text(self) -> str:
        """The hand in notation (what :meth:`set_text` reads back)."""
        return str(self._hand)

    def _commit(self, hand: Hand) -> None:
        self._hand = _check(hand, self._variant, self._visible)

    # --- changes ------------------------------------------------------------------------------

    def set_variant(self, variant: Variant | str) -> None:
        """Switch the game; refused (tiles and variant kept) if the new game cannot hold them."""
        new = Variant.parse(variant)
        try:
            _check(self._hand, new, self._visible)
        except HandError as exc:
            raise HandError(Message("cannot switch to {game}, the hand is kept: {error}",
                                    game=Message(new.title), error=exc.args[0])) from None
        self._variant = new

    def add(self, tile: Tile | str) -> None:
        """Add one concealed tile."""
        t = _one_tile(tile, self._variant)
        if self.size >= FULL:
            raise HandError(Message("{hand}: already {n} tiles (a kong counting as 3); remove "
                                    "one before adding {tile}", hand=self._hand, n=FULL, tile=t))
        seen = self._hand.held_counts[t.index] + self._visible.count(t)
        if seen >= 4:
            where = (Message("in the hand") if not self._visible.count(t)
                     else Message("in the hand and seen"))
            raise HandError(Message("{hand}: all four copies of {tile} are already {where} (a "
                                    "set has four)", hand=self._hand or Message("(empty hand)"),
                                    tile=t, where=where))
        self._commit(self._hand.add(t))

    def add_tiles(self, text: str) -> tuple[Tile, ...]:
        """Add every tile written in ``text`` (notation, e.g. ``123m 55z``), all or none: a tile
        that cannot be added refuses the whole change and keeps the hand. Returns the tiles."""
        tiles = tuple(_one_tile(t, self._variant) for t in parse_tiles(text))
        if not tiles:
            raise HandError(Message("{text}: no tiles to add (write them like 123m 55z)",
                                    text=repr(text[:80])))
        before = self._hand
        try:
            for tile in tiles:
                self.add(tile)
        except HandError:
            self._hand = before
            raise
        return tiles

    def available(self) -> dict[Tile, int]:
        """How many more copies of each kind the hand could take (four, less the copies in the
        hand, its melds and the seen tiles)."""
        held = list(self._hand.held_counts)
        for tile in self._visible:
            held[tile.index] += 1
        return {t: 4 - held[t.index] for t in self._variant.kinds}

    def remove(self, tile: Tile | str) -> None:
        """Take away one concealed copy of ``tile``."""
        t = _one_tile(tile, self._variant)
        self._commit(self._hand.remove(t))

    def add_meld(self, meld: Meld | str) -> None:
        """Declare a meld given as a Meld or in notation: ``[345s]``, ``[777z]``, ``(2222p)``."""
        m = meld if isinstance(meld, Meld) else parse_meld(meld.strip())
        if self.size + 3 > FULL:
            raise HandError(Message("{hand}: no room for {meld} ({n} tiles, a hand holds at most "
                                    "{full}, a kong counting as 3)", hand=self._hand, meld=m,
                                    n=self.size, full=FULL))
        self._commit(Hand(self._hand.concealed, (*self._hand.melds, m)))

    def add_meld_of(self, kind: MeldKind | str, tiles: Tile | str) -> None:
        """Declare a meld by kind (``"chow"``, ``"pong"``, ``"kong"``, ``"concealed kong"``) and
        its tile: the lowest tile of a chow, the kind of a pong or kong (or all its tiles)."""
        if isinstance(kind, MeldKind):
            meld_kind = kind
        else:
            try:
                meld_kind = MELD_CHOICES[kind.strip().lower()]
            except KeyError:
                choices = join(", ", [pmessage("meld", c) for c in MELD_CHOICES])
                raise HandError(Message("unknown meld kind {kind} (choose one of {choices})",
                                        kind=repr(kind), choices=choices)) from None
        if isinstance(tiles, Tile):
            found = [tiles]
        else:
            if not tiles.strip():
                what = (pmessage("meld", meld_kind.value) if meld_kind.value in MELD_CHOICES
                        else meld_kind.value)
                raise HandError(Message("name the tile of the {kind}, e.g. 3m", kind=what))
            found = list(parse_tiles(tiles))
        if len(found) == 1:
            t = _one_tile(found[0], self._variant)
            if meld_kind is MeldKind.CHOW:
                meld = Meld.chow(t)
            elif meld_kind is MeldKind.PONG:
                meld = Meld.pong(t)
            else:
                meld = Meld.kong(t, meld_kind)
        else:
            meld = Meld(meld_kind, tuple(found))
        self.add_meld(meld)

    def remove_meld(self, meld: Meld | str | int) -> None:
        """Take back a declared meld, given as the meld, its notation or its position."""
        melds = list(self._hand.melds)
        if isinstance(meld, int):
            if not 0 <= meld < len(melds):
                raise HandError(Message("{hand}: there is no meld number {n}", hand=self._hand,
                                        n=meld))
            del melds[meld]
        else:
            m = meld if isinstance(meld, Meld) else parse_meld(meld.strip())
            if m not in melds:
                raise HandError(Message("{hand}: no declared meld {meld}",
                                        hand=self._hand or Message("(empty hand)"), meld=m))
            melds.remove(m)
        self._commit(Hand(self._hand.concealed, tuple(melds)))

    def clear(self) -> None:
        """Empty the hand (the variant and the seen tiles stay)."""
        self._hand = Hand(())

    def set_text(self, text: str) -> None:
        """Replace the hand by one in notation (blank: no tiles); a parse error keeps the
        previous hand."""
        self._commit(parse_hand(text, self._variant) if text.strip() else Hand(()))

    def set_visible(self, tiles: Iterable[Tile | str] | str) -> None:
        """The tiles seen elsewhere (discards, others' melds): they lower the copies left."""
        if isinstance(tiles, str):
            seen = tuple(parse_tiles(tiles)) if tiles.strip() else ()
        else:
            seen = tuple(_one_tile(t, self._variant) for t in tiles)
        _check(self._hand, self._variant, seen)
        self._visible = tuple(sorted(seen))

    # --- the engine's answer ------------------------------------------------------------------

    def analysis(self) -> HandAnalysis:
        hand, variant, seen = self._hand, self._variant, self._visible
        if hand.size == WAITING:
            wait = waits(hand, variant, seen)
            useful = () if wait.ready else useful_tiles(hand, variant)
            return HandAnalysis(variant, hand, seen, wait=wait, useful=useful)
        if hand.size == FULL:
            win = is_win(hand, variant)
            readings = tuple(decompositions(hand, variant)) if win else ()
            eff = efficiency(hand, variant, seen) if hand.concealed else None
            return HandAnalysis(variant, hand, seen, win=win, readings=readings, efficiency=eff)
        return HandAnalysis(variant, hand, seen)

    def summary(self) -> str:
        """One stable line: the variant, the hand and what it is now."""
        analysis = self.analysis()
        if not self._hand.size:
            return f"HandBuilder({self._variant.value}: {localize(analysis.headline())})"
        return f"HandBuilder({self._variant.value}: {self._hand}, {localize(analysis.headline())})"

    def __repr__(self) -> str:
        args = [repr(self._variant.value), repr(str(self._hand))]
        if self._visible:
            args.append(f"visible={_tiles_text(self._visible)!r}")
        return f"HandBuilder({', '.join(args)})"
