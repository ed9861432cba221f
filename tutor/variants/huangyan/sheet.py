"""The values scoring works with: the winning situation and the itemized score sheet."""

from __future__ import annotations

import html
from dataclasses import dataclass

from tutor.core.hand import Hand, format_tiles
from tutor.core.tiles import Tile, Wind
from tutor.errors import RulesError
from tutor.i18n import Message, _, language, localize, ngettext
from tutor.ledger import seat_name

__all__ = ["ScoreLine", "ScoreSheet", "WinSituation"]


@dataclass(frozen=True, kw_only=True)
class WinSituation:
    """How the winning tile arrived, and the winner's seat.

    Neither ``self_draw`` nor ``kong_draw`` nor ``robbing_the_kong``: the winner claimed a
    discard. ``kong_draw`` is a self-draw of a Kong replacement (it scores Self-Draw too).
    ``last_tile``: the winning tile was the last live-wall tile (Fisherman's Win when
    self-drawn) or the discard of it (no bonus).
    """

    seat: Wind = Wind.EAST
    self_draw: bool = False
    kong_draw: bool = False
    robbing_the_kong: bool = False
    last_tile: bool = False

    def __post_init__(self) -> None:
        if self.robbing_the_kong and (self.self_draw or self.kong_draw):
            raise RulesError("Robbing the Kong wins on an opponent's Kong tile: it cannot also "
                             "be a self-draw or a Kong Draw")
        if self.last_tile and (self.kong_draw or self.robbing_the_kong):
            raise RulesError("the last live-wall tile is neither a Kong replacement (those come "
                             "from the Dead Wall) nor a robbed Kong tile")

    @property
    def drawn(self) -> bool:
        """The winner drew the winning tile (from the wall or as a Kong replacement)."""
        return self.self_draw or self.kong_draw

    @property
    def how(self) -> str:
        if self.kong_draw:
            how = Message("Kong replacement draw")
        elif self.self_draw:
            how = Message("self-draw")
        elif self.robbing_the_kong:
            how = Message("robbing the Kong")
        else:
            how = Message("claimed discard")
        return Message("{how}, last tile", how=how) if self.last_tile else how


@dataclass(frozen=True)
class ScoreLine:
    """One item of a sheet: its name (English, Chinese), base points or doubles, tiles."""

    item: str
    chinese: str = ""
    points: int = 0
    doubles: int = 0
    tiles: tuple[Tile, ...] = ()
    note: str = ""

    @property
    def name(self) -> str:
        return f"{self.item} ({self.chinese})" if self.chinese else self.item

    @property
    def label(self) -> str:
        """The name as the learner reads it: ``Chow (顺子)``, in Chinese ``顺子``."""
        if language() == "en":
            return self.name
        shown = localize(self.item)  # an item the catalog does not know: its Chinese name
        return shown if shown != self.item or not self.chinese else self.chinese

    @property
    def value(self) -> str:
        if self.doubles:
            return ngettext("{n} double", "{n} doubles", self.doubles).format(n=self.doubles)
        if self.note and not self.points:
            return "-"
        return _("{points} pts").format(points=self.points)

    def as_dict(self) -> dict[str, object]:
        return {"item": self.item, "chinese": self.chinese, "points": self.points,
                "doubles": self.doubles, "tiles": format_tiles(self.tiles), "note": self.note}

    def __str__(self) -> str:
        tiles = f"  {format_tiles(self.tiles)}" if self.tiles else ""
        note = f"  [{localize(self.note)}]" if self.note else ""
        return _("{name}: {value}").format(name=self.label, value=self.value) + tiles + note


@dataclass(frozen=True)
class ScoreSheet:
    """One player's itemized score: ``total = base x 2^doubles`` (held to the limit, if any)."""

    hand: Hand
    seat: Wind
    winner: bool
    lines: tuple[ScoreLine, ...]
    win_tile: Tile | None = None
    situation: WinSituation | None = None
    reading: str = ""
    limit: int | None = None

    @property
    def base(self) -> int:
        return sum(line.points for line in self.lines)

    @property
    def doubles(self) -> int:
        return sum(line.doubles for line in self.lines)

    @property
    def raw_total(self) -> int:
        """``base x 2^doubles`` before any limit."""
        return self.base * (1 << self.doubles)

    @property
    def total(self) -> int:
        raw = self.raw_total
        return raw if self.limit is None else min(raw, self.limit)

    def line(self, item: str) -> ScoreLine:
        """The first line named ``item`` (KeyError if the sheet has none)."""
        for line in self.lines:
            if line.item == item:
                return line
        raise KeyError(item)

    def items(self) -> tuple[str, ...]:
        return tuple(line.item for line in self.lines)

    @property
    def formula(self) -> str:
        text = f"{self.base} x 2^{self.doubles} = {self.raw_total}"
        if self.total != self.raw_total:
            return Message("{formula}, held to the limit {total}", formula=text, total=self.total)
        return text

    def as_dict(self) -> dict[str, object]:
        return {
            "hand": str(self.hand), "seat": self.seat.letter, "winner": self.winner,
            "win_tile": str(self.win_tile) if self.win_tile else None,
            "situation": self.situation.how if self.situation else None,
            "reading": self.reading, "lines": [line.as_dict() for line in self.lines],
            "base": self.base, "doubles": self.doubles, "total": self.total,
        }

    def _title(self) -> str:
        seat = localize(seat_name(self.seat))
        if self.win_tile is not None and self.situation is not None:
            text = (_("{hand} (winner, seat {seat}, won on {tile} by {how})") if self.winner else
                    _("{hand} (non-winner, seat {seat}, won on {tile} by {how})"))
            return text.format(hand=self.hand, seat=seat, tile=self.win_tile,
                               how=localize(self.situation.how))
        text = (_("{hand} (winner, seat {seat})") if self.winner else
                _("{hand} (non-winner, seat {seat})"))
        return text.format(hand=self.hand, seat=seat)

    def __str__(self) -> str:
        rows = [self._title()]
        if self.reading:
            rows.append("  " + _("reading: {reading}").format(reading=localize(self.reading)))
        rows += [f"  {line}" for line in self.lines] or ["  " + _("(nothing scores)")]
        rows.append("  " + _("total: {formula}").format(formula=localize(self.formula)))
        return "\n".join(rows)

    def _repr_html_(self) -> str:
        body = "".join(
            f"<tr><td>{html.escape(line.label)}</td><td>{line.points or ''}</td>"
            f"<td>{line.doubles or ''}</td><td>{html.escape(format_tiles(line.tiles))}</td>"
            f"<td>{html.escape(localize(line.note))}</td></tr>" for line in self.lines)
        reading = _("reading: {reading}").format(reading=localize(self.reading))
        reading = f"<p>{html.escape(reading)}</p>" if self.reading else ""
        head = "".join(f"<th>{html.escape(h)}</th>" for h in (
            _("item"), _("points"), _("doubles"), _("tiles"), _("note")))
        total = _("total: {formula}").format(formula=localize(self.formula))
        return (f"<div class='tutor-sheet'><p><b>{html.escape(self._title())}</b></p>{reading}"
                f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
                f"<p>{html.escape(total)}</p></div>")
