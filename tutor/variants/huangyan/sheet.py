"""The values scoring works with: the winning situation and the itemized score sheet."""

from __future__ import annotations

import html
from dataclasses import dataclass

from tutor.core.hand import Hand, format_tiles
from tutor.core.tiles import Tile, Wind
from tutor.errors import RulesError

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
            how = "Kong replacement draw"
        elif self.self_draw:
            how = "self-draw"
        elif self.robbing_the_kong:
            how = "robbing the Kong"
        else:
            how = "claimed discard"
        return how + (", last tile" if self.last_tile else "")


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
    def value(self) -> str:
        if self.doubles:
            return f"{self.doubles} double" + ("s" if self.doubles != 1 else "")
        if self.note and not self.points:
            return "-"
        return f"{self.points} pts"

    def as_dict(self) -> dict[str, object]:
        return {"item": self.item, "chinese": self.chinese, "points": self.points,
                "doubles": self.doubles, "tiles": format_tiles(self.tiles), "note": self.note}

    def __str__(self) -> str:
        tiles = f"  {format_tiles(self.tiles)}" if self.tiles else ""
        note = f"  [{self.note}]" if self.note else ""
        return f"{self.name}: {self.value}{tiles}{note}"


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
            text += f", held to the limit {self.total}"
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
        who = "winner" if self.winner else "non-winner"
        text = f"{self.hand} ({who}, seat {self.seat.name.title()}"
        if self.win_tile is not None and self.situation is not None:
            text += f", won on {self.win_tile} by {self.situation.how}"
        return text + ")"

    def __str__(self) -> str:
        rows = [self._title()]
        if self.reading:
            rows.append(f"  reading: {self.reading}")
        rows += [f"  {line}" for line in self.lines] or ["  (nothing scores)"]
        rows.append(f"  total: {self.formula}")
        return "\n".join(rows)

    def _repr_html_(self) -> str:
        body = "".join(
            f"<tr><td>{html.escape(line.name)}</td><td>{line.points or ''}</td>"
            f"<td>{line.doubles or ''}</td><td>{html.escape(format_tiles(line.tiles))}</td>"
            f"<td>{html.escape(line.note)}</td></tr>" for line in self.lines)
        reading = f"<p>reading: {html.escape(self.reading)}</p>" if self.reading else ""
        return (f"<div class='tutor-sheet'><p><b>{html.escape(self._title())}</b></p>{reading}"
                "<table><thead><tr><th>item</th><th>points</th><th>doubles</th><th>tiles</th>"
                f"<th>note</th></tr></thead><tbody>{body}</tbody></table>"
                f"<p>total: {html.escape(self.formula)}</p></div>")
