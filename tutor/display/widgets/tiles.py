"""Widgets that show tiles: a tile picker and a hand view, built with ``anywidget``.

They draw the package's own tiles (:mod:`tutor.display.widgets.sprite`) in the browser from tile
codes: the ES modules and the style sheet are files of this package
(``tutor/display/widgets/static/``), with no build step and nothing fetched from the network.

* :class:`TilePicker`: every tile kind of a game with the copies still available on each; click
  one to add it, click a tile of the hand shown above to take it back, click a meld to take it
  back, or type tiles in notation (``123m 55z``) and press Enter. The picker only reports what
  the learner did (``on_pick``, ``on_remove``, ``on_remove_meld``, ``on_type``); the view that
  owns it changes its model and shows the result.
* :class:`HandView`: a hand drawn as tiles, with highlighted kinds and, if ``clickable``, a
  report of the clicked tile.

Without a browser (in tests, in scripts) :meth:`TilePicker.handle` and :meth:`HandView.handle`
take the same messages the browser sends, so clicks can be replayed exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from importlib import resources
from typing import Any

import anywidget
import traitlets

from tutor.core.hand import Hand
from tutor.core.notation import parse_tiles
from tutor.core.tiles import Tile
from tutor.core.variant import Variant
from tutor.display.widgets.sprite import tile_sprite
from tutor.display.widgets.texts import screen_texts
from tutor.errors import TutorError
from tutor.i18n import _
from tutor.study.table import hand_data, meld_data

__all__ = ["CSS", "HandView", "TilePicker", "es_module", "hand_data", "meld_data"]

_STATIC = resources.files("tutor.display.widgets") / "static"


def es_module(name: str) -> str:
    """The ES module of a widget: the shared helpers, then the widget's own file."""
    return (_STATIC / "common.js").read_text("utf-8") + "\n" + (_STATIC / name).read_text("utf-8")


CSS = (_STATIC / "tiles.css").read_text("utf-8")


def _rows(variant: Variant) -> list[list[str]]:
    rows: dict[str, list[str]] = {}
    for tile in variant.kinds:
        rows.setdefault(tile.suit.value, []).append(str(tile))
    return list(rows.values())


class _TileWidget(anywidget.AnyWidget):
    """The sprite and the style sheet every tile widget shares."""

    _css = traitlets.Unicode(CSS).tag(sync=True)
    _sprite = traitlets.Unicode().tag(sync=True)
    #: the screen's words in the language current when the widget was made (texts.py)
    _texts = traitlets.Dict().tag(sync=True)

    @traitlets.default("_sprite")
    def _default_sprite(self) -> str:
        return tile_sprite()

    @traitlets.default("_texts")
    def _default_texts(self) -> dict[str, str]:
        return screen_texts()

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class _SaysWidget(_TileWidget):
    """A tile widget with a message line (``say``): ``ok``, ``error`` or ``info``."""

    message = traitlets.Unicode("").tag(sync=True)
    message_kind = traitlets.Unicode("info").tag(sync=True)
    _ack = traitlets.Int(0).tag(sync=True)  # counts messages, so the same text shows again

    def say(self, text: str, kind: str = "info") -> None:
        with self.hold_sync():
            self.message = text
            self.message_kind = kind
            self._ack += 1


class TilePicker(_SaysWidget):
    """``TilePicker("hangzhou", on_pick=print)``: the tile kinds of a game, clickable."""

    _esm = traitlets.Unicode(es_module("picker.js")).tag(sync=True)
    _view = traitlets.Unicode("picker").tag(sync=True)
    rows = traitlets.List(traitlets.List(traitlets.Unicode())).tag(sync=True)
    left = traitlets.Dict().tag(sync=True)
    joker = traitlets.Unicode("").tag(sync=True)
    hand = traitlets.Dict({"concealed": [], "drawn": "", "melds": []}).tag(sync=True)
    highlight = traitlets.List(traitlets.Unicode()).tag(sync=True)
    hand_label = traitlets.Unicode().tag(sync=True)
    pick_label = traitlets.Unicode().tag(sync=True)

    @traitlets.default("hand_label")
    def _default_hand_label(self) -> str:
        return _("Your hand: click a tile (or a meld) to take it back")

    @traitlets.default("pick_label")
    def _default_pick_label(self) -> str:
        return _("Click a tile to add it (the number: copies you can still add)")

    def __init__(self, variant: Variant | str = Variant.HUANGYAN, *,
                 on_pick: Callable[[Tile], None] | None = None,
                 on_remove: Callable[[Tile], None] | None = None,
                 on_remove_meld: Callable[[int], None] | None = None,
                 on_type: Callable[[str], None] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_pick = on_pick
        self.on_remove = on_remove
        self.on_remove_meld = on_remove_meld
        self.on_type = on_type
        self.set_variant(variant)
        self.on_msg(lambda _w, content, _buffers: self.handle(content))

    @property
    def variant(self) -> Variant:
        return self._variant

    def set_variant(self, variant: Variant | str) -> None:
        """Show the tile kinds of ``variant`` (its joker badged), all four copies available."""
        self._variant = Variant.parse(variant)
        joker = self._variant.joker
        with self.hold_sync():
            self.rows = _rows(self._variant)
            self.joker = str(joker) if joker is not None else ""
            self.left = {str(t): 4 for t in self._variant.kinds}

    def show(self, hand: Hand, *, left: dict[Tile, int], highlight: Iterable[Tile] = ()) -> None:
        """Draw ``hand`` above the picker and the copies each kind still allows."""
        with self.hold_sync():
            self.hand = hand_data(hand)
            self.left = {str(t): max(0, n) for t, n in left.items()}
            self.highlight = sorted({str(t) for t in highlight})

    # -- what the browser sends -----------------------------------------------------------
    def handle(self, content: Any) -> None:
        """Act on one message from the browser (what a click or Enter sends)."""
        if not isinstance(content, dict):
            self.say(_("ignored a message that is not an object"), "error")
            return
        event = content.get("event")
        try:
            if event == "pick" and self.on_pick is not None:
                self.on_pick(self._tile(content.get("tile")))
            elif event == "remove" and self.on_remove is not None:
                self.on_remove(self._tile(content.get("tile")))
            elif event == "remove_meld" and self.on_remove_meld is not None:
                index = content.get("index")
                if not isinstance(index, int) or isinstance(index, bool):
                    raise TutorError(_("no meld number {index}").format(index=repr(index)[:20]))
                self.on_remove_meld(index)
            elif event == "type" and self.on_type is not None:
                text = content.get("text")
                if not isinstance(text, str):
                    raise TutorError(_("type some tiles, e.g. 123m"))
                self.on_type(text[:200])
        except TutorError as exc:  # the owner's callbacks show their own errors; this is ours
            self.say(str(exc), "error")

    @staticmethod
    def _tile(code: object) -> Tile:
        if not isinstance(code, str):
            raise TutorError(_("not a tile: {code}").format(code=repr(code)[:40]))
        tiles = parse_tiles(code[:20])
        if len(tiles) != 1:
            raise TutorError(_("not one tile: {code}").format(code=repr(code[:20])))
        return tiles[0]

    def click(self, tile: Tile | str) -> None:
        """Click ``tile`` in the picker (as the browser would)."""
        self.handle({"event": "pick", "tile": str(tile)})

    def click_hand(self, tile: Tile | str) -> None:
        """Click a tile of the hand shown above the picker."""
        self.handle({"event": "remove", "tile": str(tile)})

    def click_meld(self, index: int) -> None:
        self.handle({"event": "remove_meld", "index": index})

    def type(self, text: str) -> None:
        """Type ``text`` in the notation box and press Enter."""
        self.handle({"event": "type", "text": text})

    def __repr__(self) -> str:
        return f"TilePicker({self._variant.value}: {sum(map(len, self.rows))} kinds)"


class HandView(_TileWidget):
    """``HandView(hand, variant="hangzhou", highlight=["3m"])``: a hand as tiles."""

    _esm = traitlets.Unicode(es_module("picker.js")).tag(sync=True)
    _view = traitlets.Unicode("hand").tag(sync=True)
    hand = traitlets.Dict({"concealed": [], "drawn": "", "melds": []}).tag(sync=True)
    joker = traitlets.Unicode("").tag(sync=True)
    highlight = traitlets.List(traitlets.Unicode()).tag(sync=True)
    clickable = traitlets.Bool(False).tag(sync=True)

    def __init__(self, hand: Hand | str = "", *, variant: Variant | str | None = None,
                 drawn: Tile | str | None = None, highlight: Iterable[Tile | str] = (),
                 on_click: Callable[[Tile], None] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_click = on_click
        self.clickable = on_click is not None
        joker = Variant.parse(variant).joker if variant is not None else None
        self.joker = str(joker) if joker is not None else ""
        self._variant = variant
        self.show(hand, drawn=drawn, highlight=highlight)
        self.on_msg(lambda _w, content, _buffers: self.handle(content))

    def show(self, hand: Hand | str, *, drawn: Tile | str | None = None,
             highlight: Iterable[Tile | str] = ()) -> None:
        h = hand if isinstance(hand, Hand) else Hand.parse(hand, self._variant) if hand else None
        tile = Tile.parse(drawn) if isinstance(drawn, str) else drawn
        with self.hold_sync():
            self.hand = hand_data(h, drawn=tile)
            self.highlight = sorted({str(t) for t in highlight})

    def handle(self, content: Any) -> None:
        if (self.on_click is not None and isinstance(content, dict)
                and content.get("event") == "tile" and isinstance(content.get("tile"), str)):
            try:
                tiles = parse_tiles(content["tile"][:20])
            except TutorError:
                return
            if len(tiles) == 1:
                self.on_click(tiles[0])

    def __repr__(self) -> str:
        shown = " ".join(self.hand.get("concealed", []))
        return f"HandView({shown})"
