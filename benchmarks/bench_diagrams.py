"""Milliseconds per interaction of the settlement widgets, and per payment diagram.

    python benchmarks/bench_diagrams.py [--repeat 200]

Each row is one thing a learner does, timed as the kernel runs it: the model update plus the
render of everything the view shows (HTML, tiles, the payment diagram), with the widgets on
ipywidgets' dummy comm (no browser). Budgets: 50 ms per interaction, 10 ms per diagram, judged
on the 90th percentile of CPU time (``time.process_time``), so other load on the machine matters
less; the median wall time is shown beside it.

The peer, in the same run: the matplotlib figure the walkers drew before the package's own SVG
(four seats, an arrow per payment, saved as SVG), on the same payments.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from itertools import cycle
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.core.tiles import Wind
from tutor.display.diagrams import payments_svg
from tutor.display.widgets.guiyang import SettlementWalkerView
from tutor.display.widgets.hangzhou import MultiplierView, TallyView
from tutor.display.widgets.huangyan import LiveTileView, ScoreSheetView, SettlementWalkView
from tutor.ledger import Payment
from tutor.study.guiyang import SettlementWalker
from tutor.study.hangzhou import TallyStepper
from tutor.study.huangyan import SettlementWalk

INTERACTION_MS, DIAGRAM_MS = 50.0, 10.0


def timed(action: Callable[[], object], repeat: int) -> tuple[list[float], list[float]]:
    """CPU and wall milliseconds of ``repeat`` runs (after one warm-up run)."""
    action()  # warm up (first-use tables, caches)
    cpu, wall = [], []
    for _ in range(repeat):
        start, start_wall = time.process_time(), time.perf_counter()
        action()
        cpu.append((time.process_time() - start) * 1000)
        wall.append((time.perf_counter() - start_wall) * 1000)
    return cpu, wall


def stepper(next_button: object, first_button: object, at_end: Callable[[], bool]
            ) -> Callable[[], None]:
    """Press Next; at the last step press Start instead (so every step is timed)."""
    def press() -> None:
        (first_button if at_end() else next_button).click()  # type: ignore[attr-defined]
    return press


def interactions() -> dict[str, Callable[[], object]]:
    huangyan = SettlementWalkView("Rule text example 2 with stacks of 20")
    tally = TallyView()
    guiyang = SettlementWalkerView(SettlementWalker("two_winners_liability"))
    sheet = ScoreSheetView()
    seats = cycle(Wind)
    explorer = MultiplierView()
    kongs = cycle([0, 1, 2])
    live = LiveTileView()
    tiles = cycle(live.trainer.position.choices)
    return {
        "Huangyan walker: Next": stepper(huangyan.next_button, huangyan.start_button,
                                         lambda: huangyan.walk is not None and
                                         huangyan.walk.at_end),
        "Hangzhou tally: Next": stepper(tally.next_button, tally.first_button,
                                        lambda: tally.model.step == tally.model.steps - 1),
        "Guiyang walker: Next": stepper(guiyang.next_button, guiyang.first_button,
                                        lambda: guiyang.model.at_end),
        "score sheet: change the seat": lambda: setattr(sheet.seat, "value", next(seats)),
        "score sheet: set a hand": lambda: sheet.set_hand("11223344556677m"),
        "multiplier explorer: kongs": lambda: setattr(explorer.kongs, "value", next(kongs)),
        "Live Tile trainer: pick a discard": lambda: live.pick(next(tiles)),
    }


def busiest() -> dict[str, list[Payment]]:
    """Payments of the busiest pictures the walkers draw."""
    walker = SettlementWalker("two_winners_liability")
    liable = SettlementWalk.preset("Rule text example 2 with West liable")
    return {
        "Guiyang total (12 payments)": list(walker.at(walker.last_step).payments),
        "Hangzhou tally step 3 (9 payments)": list(TallyStepper().at(3).payments),
        "Huangyan, West liable (6 payments)": list(liable.reckoning.payments),
    }


def matplotlib_peer(payments: list[Payment]) -> str:
    """The picture as the walkers drew it with matplotlib before (the same elements)."""
    import io

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Circle, FancyArrowPatch

    where = {Wind.EAST: (0.0, -1.0), Wind.SOUTH: (1.0, 0.0), Wind.WEST: (0.0, 1.0),
             Wind.NORTH: (-1.0, 0.0)}
    fig, ax = plt.subplots(figsize=(3.6, 3.6))
    ax.set_xlim(-1.6, 1.6)
    ax.set_ylim(-1.6, 1.6)
    ax.axis("off")
    for seat, (x, y) in where.items():
        ax.add_patch(Circle((x, y), 0.28, facecolor="#fdf6e3", edgecolor="#34495e"))
        ax.text(x, y, seat.name.title(), ha="center", va="center", fontsize=8.5)
    for p in payments:
        (x1, y1), (x2, y2) = where[p.payer], where[p.payee]
        ax.add_patch(FancyArrowPatch((x1, y1), (x2, y2), connectionstyle="arc3,rad=0.2",
                                     arrowstyle="-|>", mutation_scale=14, shrinkA=22,
                                     shrinkB=22))
        ax.text((x1 + x2) / 2, (y1 + y2) / 2, str(p.amount), fontsize=9)
    fig.tight_layout()
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", metadata={"Date": None})
    plt.close(fig)
    return buffer.getvalue()


def row(name: str, runs: tuple[list[float], list[float]], budget: float,
        peer: float | None = None) -> None:
    cpu, wall = runs
    median = statistics.median(cpu)
    p90 = sorted(cpu)[int(len(cpu) * 0.9) - 1]
    verdict = "ok" if p90 <= budget else "OVER"
    versus = f"{peer / median:7.0f}x" if peer is not None else f"{'':>8}"
    print(f"{name:<42} {median:8.2f} {p90:8.2f} {statistics.median(wall):8.2f} {budget:7.0f} "
          f"{verdict:>5} {versus}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    print(f"{args.repeat} runs per row, milliseconds: CPU median and 90th percentile, wall median")
    print(f"{'interaction':<42} {'cpu':>8} {'cpu p90':>8} {'wall':>8} {'budget':>7} {'':>5} "
          f"{'vs mpl':>8}")
    for name, action in interactions().items():
        row(name, timed(action, args.repeat), INTERACTION_MS)
    for name, payments in busiest().items():
        peer = statistics.median(timed(lambda ps=payments: matplotlib_peer(ps),
                                       max(10, args.repeat // 10))[0])
        ms = timed(lambda ps=payments: payments_svg(ps, net={s: 0 for s in Wind},
                                                    winners=Wind.EAST), args.repeat)
        row(f"diagram: {name}", ms, DIAGRAM_MS, peer)
        print(f"{'  matplotlib peer, same payments':<42} {peer:8.2f}")


if __name__ == "__main__":
    main()
