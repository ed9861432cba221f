"""The coach's review panel: a finished hand's graded moments for one seat, clickable.

A thin view over :class:`tutor.study.review_panel.ReviewPanel`, drawn in the browser
(``static/review.js``) with the package's tiles: the summary (how many decisions got each grade,
the biggest lesson), then one button per graded moment (its move number, kind, grade as a
coloured label, the move made and the coach's choice as tiles, the reason in words). A "show
all" box lists the good decisions too. Clicking a moment calls ``on_moment`` with it; the
replay viewer (:mod:`tutor.display.widgets.replay`) jumps its table there.

CSS classes for browser tests: ``mt-review`` (the panel), ``mt-review-counts`` with one
``mt-grade-GRADE`` chip per grade, ``mt-review-lesson``, ``mt-review-all`` (the box),
``mt-review-moment`` (``data-index``, ``data-step``; ``mt-review-current`` on the one shown),
``mt-review-played`` / ``mt-review-preferred``, ``mt-message``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import traitlets

from tutor.display.widgets.tiles import _SaysWidget, es_module
from tutor.errors import TutorError
from tutor.study.review_panel import Moment, ReviewPanel

__all__ = ["ReviewWidget"]


class ReviewWidget(_SaysWidget):
    """``ReviewWidget(on_moment=print)``; :meth:`show` a :class:`ReviewPanel` (or None to
    empty it). Without a browser, :meth:`click` and :meth:`handle` take what a click sends."""

    _esm = traitlets.Unicode(es_module("review.js")).tag(sync=True)
    panel = traitlets.Dict().tag(sync=True)
    current = traitlets.Int(-1).tag(sync=True)

    def __init__(self, *, on_moment: Callable[[Moment], None] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_moment = on_moment
        self.review: ReviewPanel | None = None
        self.show_all = False
        self.on_msg(lambda _w, content, _buffers: self.handle(content))

    def show(self, review: ReviewPanel | None, *, show_all: bool = False) -> None:
        """Draw ``review``'s summary and moments (the graded ones, or all with ``show_all``)."""
        self.review = review
        self.show_all = show_all
        with self.hold_sync():
            self.panel = {} if review is None else review.as_dict(show_all)
            self.current = -1
            self.message = ""

    def set_show_all(self, on: bool) -> None:
        """List every decision (``True``) or only the graded ones; keeps the moment shown."""
        if self.review is None:
            return
        self.show_all = on
        self.panel = self.review.as_dict(on)

    @property
    def shown(self) -> tuple[Moment, ...]:
        """The moments listed."""
        return () if self.review is None else self.review.shown(self.show_all)

    def click(self, index: int) -> None:
        """Click moment number ``index`` of the review (as the browser would)."""
        self.handle({"event": "moment", "index": index})

    def handle(self, content: Any) -> None:
        """Act on one browser message: ``{"event": "moment", "index": 3}`` or
        ``{"event": "show_all", "on": true}``; a bad one is named on the message line."""
        if not isinstance(content, dict):
            return
        event = content.get("event")
        if event == "show_all":
            self.set_show_all(bool(content.get("on")))
        elif event == "moment":
            index = content.get("index")
            try:
                if self.review is None:
                    raise TutorError("no review to show: choose a player to review")
                if not isinstance(index, int) or isinstance(index, bool):
                    raise TutorError(f"no moment {index!r}")
                moment = self.review.moment(index)
                self.current = moment.index
                if self.on_moment is not None:
                    self.on_moment(moment)
            except (TutorError, ValueError) as exc:
                self.say(str(exc), "error")

    def __repr__(self) -> str:
        if self.review is None:
            return "ReviewWidget()"
        return f"ReviewWidget({self.review.seat.name.title()}: {len(self.shown)} moments shown)"
