"""One hand of each game, as the ``tutor`` command shows it: the golden sheets of
``golden/<name>.<lang>.txt``."""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data"
GOLDEN = Path(__file__).resolve().parent / "golden"

CASES: dict[str, list[str]] = {
    "huangyan_score": ["score", "huangyan", "123m456p789s111z55z", "--win-tile", "5z",
                       "--self-draw"],
    "huangyan_partial": ["score", "huangyan", "111z222z333z44z 5m 7p", "--partial",
                         "--rule", "limit=50"],
    "huangyan_reckon": ["reckon", "huangyan", "--winner", "S", "--totals", "E=20,S=28,W=6,N=12",
                        "--liable", "W", "--stacks", "E=20,S=20,W=10,N=20"],
    "hangzhou_score": ["score", "hangzhou", "123456789m 中中中 白", "--drawn", "5s",
                       "--joker-discards", "1"],
    "hangzhou_ledger": ["ledger", "hangzhou", str(DATA / "hangzhou" / "full_game.json")],
    "guiyang_settle": ["settle", "guiyang", str(DATA / "guiyang" / "hot_discard_shares.json")],
    "guiyang_draw": ["settle", "guiyang", str(DATA / "guiyang" / "draw_2_ready.json")],
}


def golden(name: str, lang: str) -> Path:
    return GOLDEN / f"{name}.{lang}.txt"
