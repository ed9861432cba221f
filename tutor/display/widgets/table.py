"""The table widget: four seats around a square, drawn in the browser from a
:class:`~tutor.study.table.TablePicture` (tile codes, never pictures), for the play table
(:mod:`tutor.display.widgets.play`) and the replay viewer (:mod:`tutor.display.widgets.replay`).

The learner sits at the bottom; the next player in turn order on the right, the opposite one at the
top, the previous one on the left. Each seat shows its name plate (wind, dealer, whose turn, tiles
in hand), its hand (face down for the others), its melds (another player's concealed kong face
down) and its discard pond in order. The centre holds the wall (the square of stacks with its
break, live end and dead wall, :func:`~tutor.display.layout.wall_svg`, and its counts as text),
what is happening and the game's markers (tooltips explain them; the side panel has a legend). The
moves are buttons showing their tiles (a claim marks the tile it takes); a discard is a click on
the tile. :meth:`TableWidget.highlight` makes tiles glow (hints) and marks, for the coach's review,
the tiles a move used (``played``: a dashed red frame) and the ones the coach's move would have
used (``preferred``: a solid green frame); CSS classes ``mt-hl``, ``mt-hl-played``,
``mt-hl-preferred``.

:func:`settlement_picture` is the one place the finished hand's payment diagram is drawn.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from typing import Any

import traitlets

from tutor.core.tiles import Tile, Wind
from tutor.display.diagrams import payments_svg
from tutor.display.layout import wall_svg
from tutor.display.widgets.tiles import _SaysWidget, es_module
from tutor.i18n import _, localize
from tutor.study.table import TablePicture

__all__ = ["TableWidget", "result_html", "settlement_picture", "table_data"]


def table_data(picture: TablePicture) -> dict[str, Any]:
    """What the browser receives for ``picture``: its values and the wall drawn as SVG (seen
    from the bottom seat's chair, with its text alternative)."""
    data = picture.as_dict()
    if picture.wall is not None:
        bottom = picture.seats[0].seat if picture.seats else Wind.EAST
        data["wall_svg"] = wall_svg(picture.wall, bottom=bottom)
    return data


def settlement_picture(settlement: Any, title: str | None = None) -> str:
    """The settlement's payments as a picture (SVG text): one arrow per payment.

    The single call site of the payment diagram for the play table and the replay viewer."""
    ledger = getattr(settlement, "ledger", None)
    if ledger is None or not len(ledger):
        return ""
    return payments_svg(list(ledger), title=_("Who pays whom") if title is None else title,
                        net=ledger.net(), size=420)


def result_html(settlement: Any, outcome: str) -> str:
    """The end of a hand: the outcome, the payment picture and the itemized sheets."""
    parts = [f"<div class='tutor-result-outcome'><b>{html.escape(localize(outcome))}</b></div>"]
    picture = settlement_picture(settlement) if settlement is not None else ""
    if picture:
        parts.append(f"<div class='tutor-result-picture'>{picture}</div>")
    if settlement is not None and hasattr(settlement, "_repr_html_"):
        parts.append(f"<div class='tutor-result-sheets'>{settlement._repr_html_()}</div>")
    elif settlement is not None:
        parts.append(f"<pre>{html.escape(localize(settlement))}</pre>")
    return "".join(parts)


class TableWidget(_SaysWidget):
    """``TableWidget(mode="play")``; :meth:`show` draws a picture, :meth:`highlight` marks
    tiles. Browser messages (a move, Hint, Take back) go to ``on_act``, ``on_hint`` and
    ``on_undo``; :meth:`handle` takes the same messages without a browser."""

    _esm = traitlets.Unicode(es_module("table.js")).tag(sync=True)
    table = traitlets.Dict().tag(sync=True)
    highlight_tiles = traitlets.List(traitlets.Unicode()).tag(sync=True)
    played_tiles = traitlets.List(traitlets.Unicode()).tag(sync=True)
    preferred_tiles = traitlets.List(traitlets.Unicode()).tag(sync=True)
    suggest = traitlets.Unicode("").tag(sync=True)
    hint = traitlets.Unicode("").tag(sync=True)
    result = traitlets.Unicode("").tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    mode = traitlets.Unicode("play").tag(sync=True)
    #: the pictures between the last one shown and ``table`` (the other seats' moves), played out
    #: one by one in the browser, ``pace`` seconds each (0: at once); ``table`` stays the truth
    frames = traitlets.List(traitlets.Dict()).tag(sync=True)
    pace = traitlets.Float(0.5).tag(sync=True)
    #: a replay that can be played forward by itself (the browser asks for each next move)
    can_play = traitlets.Bool(False).tag(sync=True)

    def __init__(self, *, mode: str = "play", on_act: Callable[[str], None] | None = None,
                 on_hint: Callable[[], object] | None = None,
                 on_undo: Callable[[], None] | None = None,
                 on_next: Callable[[], None] | None = None, **kwargs: Any) -> None:
        super().__init__(mode=mode, **kwargs)
        self.on_act = on_act
        self.on_hint = on_hint
        self.on_undo = on_undo
        self.on_next = on_next
        self.picture: TablePicture | None = None
        self.on_msg(lambda _w, content, _buffers: self.handle(content))

    def show(self, picture: TablePicture, *, result: str = "", can_undo: bool = False,
             keep_hint: bool = False, steps: Iterable[TablePicture] = ()) -> None:
        """Draw ``picture`` (and, at the end of a hand, ``result``); hints and highlights are
        cleared unless ``keep_hint``. ``steps``: the pictures on the way to it, shown first one
        by one at the table's pace (none when the pace is instant)."""
        self.picture = picture
        with self.hold_sync():
            self.frames = [table_data(p) for p in steps] if self.pace > 0 else []
            self.table = table_data(picture)
            self.result = result
            self.can_undo = can_undo
            if not keep_hint:
                self.hint = ""
                self.suggest = ""
                self.highlight_tiles = []
                self.played_tiles = []
                self.preferred_tiles = []

    def highlight(self, tiles: Iterable[Tile | str] = (), *, action: str = "",
                  played: Iterable[Tile | str] = (),
                  preferred: Iterable[Tile | str] = ()) -> None:
        """Make ``tiles`` glow wherever they are face up (and the button of ``action``); frame
        the ``played`` tiles red and dashed, the ``preferred`` ones green (a tile in both is
        green: the move was the coach's). In a hand and on the latest discard."""
        with self.hold_sync():
            self.highlight_tiles = sorted({str(t) for t in tiles})
            self.suggest = action
            self.played_tiles = sorted({str(t) for t in played})
            self.preferred_tiles = sorted({str(t) for t in preferred})

    def handle(self, content: Any) -> None:
        """Act on one browser message: ``{"event": "act", "action": "discard 3m"}``,
        ``{"event": "hint"}``, ``{"event": "undo"}`` or ``{"event": "next"}`` (a replay playing
        by itself); anything else is ignored."""
        if not isinstance(content, dict):
            return
        event = content.get("event")
        if event == "act" and self.on_act is not None:
            action = content.get("action")
            if isinstance(action, str) and len(action) <= 40:
                self.on_act(action)
            else:
                self.say(_("ignored a move that is not one"), "error")
        elif event == "hint" and self.on_hint is not None:
            self.on_hint()
        elif event == "undo" and self.on_undo is not None:
            self.on_undo()
        elif event == "next" and self.on_next is not None:
            self.on_next()

    def __repr__(self) -> str:
        picture = self.picture
        if picture is None:
            return "TableWidget()"
        return f"TableWidget({picture.variant.value}, step {picture.step})"
