"""A review as HTML for notebooks: the summary, then one row per decision with the hand drawn
as tiles (the played tile outlined red, the coach's choice green), the grade and the reason."""

from __future__ import annotations

import re
from html import escape

from tutor.coach.model import Decision, Grade, Review, grade_word, kind_word, legend, option_word
from tutor.core.tiles import Tile
from tutor.core.variant import Variant
from tutor.display.html import Raw, table_html
from tutor.display.svg import hand_svg, tile_svg
from tutor.i18n import _, language, localize, pgettext

__all__ = ["GRADE_COLOURS", "PLAYED", "PREFERRED", "decision_html", "review_html"]

PLAYED = "#c62828"
PREFERRED = "#2e7d32"
GRADE_COLOURS = {Grade.GOOD: "#2e7d32", Grade.INACCURACY: "#b26a00", Grade.MISTAKE: "#d84315",
                 Grade.BLUNDER: "#b71c1c"}


def _badge(grade: Grade) -> str:
    return (f'<span class="tutor-grade tutor-grade-{grade.value}" style="color:#fff;'
            f'background:{GRADE_COLOURS[grade]};padding:1px 6px;border-radius:4px;'
            f'font-weight:bold">{escape(localize(grade_word(grade)))}</span>')


_ROW = '<div style="white-space:nowrap;margin:2px 0">'
#: a tile code in a text: not inside a word of Latin letters or digits (Chinese may touch it)
_TILE = re.compile(r"(?<![A-Za-z0-9_])([1-9][mps]|[1-7]z)(?![A-Za-z0-9_])")


def _move(d: Decision) -> str:
    """What was offered (a claim), played and preferred, with their tiles."""
    parts = []
    offered, played, coach = _("offered"), pgettext("review", "played"), pgettext("review", "coach")
    if d.offer is not None:
        parts.append(f"{_ROW}{escape(offered)} {tile_svg(d.offer, size=26)}</div>")
    parts.append(f"{_ROW}{escape(played)} <b>{escape(localize(option_word(d.played.label)))}</b>")
    if d.played_tile is not None:
        parts.append(" " + tile_svg(d.played_tile, size=26, highlight=PLAYED))
    parts.append("</div>")
    if d.preferred != d.played:
        parts.append(f"{_ROW}{escape(coach)} "
                     f"<b>{escape(localize(option_word(d.preferred.label)))}</b>")
        if d.preferred_tile is not None:
            parts.append(" " + tile_svg(d.preferred_tile, size=26, highlight=PREFERRED))
        parts.append("</div>")
    return "".join(parts)


def _with_tiles(text: str, variant: str | None) -> str:
    """``text`` escaped, each tile code in it followed by the tile drawn small."""
    joker = Variant.parse(variant).joker if variant else None

    def draw(match: re.Match[str]) -> str:
        tile = Tile.parse(match.group(1))
        svg = tile_svg(tile, size=18, joker=tile == joker)
        return (f'{match.group(1)}<span style="display:inline-block;vertical-align:middle;'
                f'margin:0 2px">{svg}</span>')

    return _TILE.sub(draw, escape(localize(text)))


def decision_html(d: Decision, variant: str | None = None) -> str:
    """One decision as a small block: the hand, the moves, the grade and the reason."""
    move = _("move {number}, {kind}:").format(number=d.turn + 1, kind=localize(kind_word(d.kind)))
    return (f'<div class="tutor-decision" data-turn="{d.turn}">'
            f"<p>{escape(move)} {_badge(d.grade)} "
            f"{_with_tiles(d.reason, variant)}</p>{_hand(d, variant)}{_move(d)}</div>")


def _hand(d: Decision, variant: str | None) -> str:
    marks: dict[Tile | str, str] = {}
    if d.preferred_tile is not None and d.preferred_tile in d.hand.concealed:
        marks[d.preferred_tile] = PREFERRED
    if d.played_tile is not None and d.played_tile in d.hand.concealed:
        marks[d.played_tile] = PLAYED
    drawn = d.drawn if d.drawn is not None and d.drawn in d.hand.concealed else None
    return hand_svg(d.hand, variant=variant, drawn=drawn, highlight=marks, size=30)


def review_html(review: Review) -> str:
    """The whole review: summary first, then a table of the decisions."""
    summary = review.summary
    variant = review.variant.value
    rows = []
    for d in review.decisions:
        rows.append((d.turn + 1, localize(kind_word(d.kind)), Raw(_hand(d, variant)), Raw(_move(d)),
                     Raw(_badge(d.grade)), Raw(_with_tiles(d.reason, variant))))
    headings = (pgettext("review", "move"), pgettext("review", "kind"), pgettext("review", "hand"),
                pgettext("review", "played / coach"), pgettext("review", "grade"), _("why"))
    table = table_html(headings, rows,
                       css_class="tutor-table tutor-review", numeric=(0,))
    who = review.seat.name.title()
    if language() == "en":
        title = (f"<b>Review of {escape(who)}'s play ({escape(review.variant.title)})</b>: "
                 f"{escape(review.outcome)}")
    else:
        from tutor.ledger import seat_name

        title = _("{name}: {value}").format(
            name="<b>" + escape(_("Review of {seat}'s play ({game})").format(
                seat=localize(seat_name(review.seat)), game=localize(review.variant.title)))
            + "</b>", value=escape(localize(review.outcome)))
    counts = _("{counts}. {legend}").format(counts=localize(summary.counts_text()),
                                            legend=localize(legend(review.rules, review.variant)))
    return (f'<div class="tutor-review-block"><p>{title}</p>'
            f"<p>{escape(counts)}</p>"
            f"<p>{_with_tiles(summary.lesson, variant)}</p>{table}</div>")
