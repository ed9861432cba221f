"""How long each widget interaction takes in the kernel: the model update plus everything the
widget computes to send to the browser (the traits, serialised to JSON as the comm does).

Interactions: the hand builder (click a tile, type notation, take a tile back), the play table
(a discard with the bots' replies, a claim, a hint, a take-back), the replay viewer (a step, a
jump with the slider, another seat's view). Side by side, the same pictures drawn as SVG in the
kernel (what the widgets sent before the sprite: each tile drawn by ``tutor.display.svg``), with
the bytes each way sends. The browser's own drawing is not in these numbers (the browser tests
time the clicks end to end).

Run: ``.venv/bin/python benchmarks/bench_widgets.py`` (also part of ``make bench``).
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tutor.display.svg import hand_svg, meld_svg, tiles_svg
from tutor.display.widgets.hand_builder import HandBuilderView
from tutor.display.widgets.play import PlayView
from tutor.display.widgets.replay import ReplayView
from tutor.game.actions import ActionKind
from tutor.game.bots import SensibleBot
from tutor.study.table import TablePicture

ROOT = Path(__file__).resolve().parents[1]
REPEAT = 30


def _state(widget: Any) -> str:
    """The widget's synced state as JSON (what a full update would send)."""
    keys = [k for k in widget.keys if not k.startswith("_") and k not in ("layout", "tabbable",
                                                                            "tooltip")]
    return json.dumps({k: getattr(widget, k) for k in keys}, default=str)


def _time(setup: Callable[[], Any], action: Callable[[Any], Any], repeat: int = REPEAT
          ) -> tuple[float, float, int]:
    """Median and max milliseconds of ``action(setup())`` (setup not timed), and bytes sent."""
    times = []
    size = 0
    for _ in range(repeat):
        subject = setup()
        start = time.perf_counter()
        sent = action(subject)
        times.append((time.perf_counter() - start) * 1000)
        size = len(sent) if isinstance(sent, str) else 0
    return statistics.median(times), max(times), size


def _svg_table(picture: TablePicture) -> str:
    """The same table drawn as SVG in the kernel: every seat's hand, melds and pond."""
    parts = []
    joker = picture.variant.value
    for seat in picture.seats:
        if seat.concealed is not None:
            parts.append(tiles_svg(seat.concealed, size=40, variant=joker))
        else:
            parts.append(tiles_svg(["5z"] * seat.count, size=20))
        parts += [meld_svg(m, size=24, variant=joker) for m, _hidden in seat.melds]
        parts.append(tiles_svg(seat.discards, size=26, variant=joker))
    return "".join(parts)


def _builder() -> HandBuilderView:
    return HandBuilderView("huangyan", "111234567899m")


def _play_ready() -> PlayView:
    return PlayView("huangyan", seed=7)


def _play_claim() -> PlayView:
    """A table where the learner is offered a pong (found once, then dealt again)."""
    for seed in range(200):
        view = PlayView("huangyan", seed=seed)
        for _ in range(200):
            table = view.table
            if table.finished:
                break
            if any(a.kind is ActionKind.PONG for a in table.legal()):
                return view
            table.play(SensibleBot(0).choose(table.view()))
    raise RuntimeError("no pong offered")


def main() -> None:
    rows: list[tuple[str, tuple[float, float, int], tuple[float, float, int] | None]] = []

    def pick(view: HandBuilderView) -> str:
        view.picker.click("9m")
        return _state(view.picker) + view.analysis_html.value

    def svg_pick(view: HandBuilderView) -> str:
        view.model.add("9m")
        return hand_svg(view.model.hand, size=40) + view.model.analysis()._repr_html_()

    rows.append(("hand builder: click a tile (12 -> 13 tiles, waits)", _time(_builder, pick),
                 _time(_builder, svg_pick)))

    def typed(view: HandBuilderView) -> str:
        view.picker.type("9m 5p")
        return _state(view.picker) + view.analysis_html.value

    rows.append(("hand builder: type 9m 5p (14 tiles, efficiency)", _time(_builder, typed), None))

    def full() -> HandBuilderView:
        return HandBuilderView("huangyan", "1112345678999m5p")

    def remove(view: HandBuilderView) -> str:
        view.picker.click_hand("5p")
        return _state(view.picker) + view.analysis_html.value

    rows.append(("hand builder: click a hand tile to take it back", _time(full, remove), None))

    def discard(view: PlayView) -> str:
        tile = view.widget.table["discardable"][0]
        view.widget.handle({"event": "act", "action": f"discard {tile}"})
        return _state(view.widget)

    def svg_discard(view: PlayView) -> str:
        view.table.play(f"discard {view.widget.table['discardable'][0]}")
        return _svg_table(view.table.picture())

    rows.append(("play: discard, 3 sensible bots reply", _time(_play_ready, discard, 10),
                 _time(_play_ready, svg_discard, 10)))

    def render_only(view: PlayView) -> str:
        view.refresh()
        return _state(view.widget)

    def svg_render(view: PlayView) -> str:
        return _svg_table(view.table.picture())

    rows.append(("play: redraw the table (no move)", _time(_play_ready, render_only),
                 _time(_play_ready, svg_render)))

    claim_view = _play_claim()

    def claim_setup() -> PlayView:
        while claim_view.table.can_take_back and not any(
                a.kind is ActionKind.PONG for a in claim_view.table.legal()):
            claim_view.table.take_back()
        claim_view.refresh()
        return claim_view

    def claim(view: PlayView) -> str:
        pong = next(c["action"] for c in view.widget.table["choices"] if c["kind"] == "pong")
        view.widget.handle({"event": "act", "action": pong})
        return _state(view.widget)

    rows.append(("play: claim a pong (button)", _time(claim_setup, claim, 10), None))

    def hint(view: PlayView) -> str:
        view.widget.handle({"event": "hint"})
        return _state(view.widget)

    rows.append(("play: hint (advice, glowing tiles)", _time(_play_ready, hint), None))

    def moved() -> PlayView:
        view = _play_ready()
        view.play(f"discard {view.widget.table['discardable'][0]}")
        return view

    def undo(view: PlayView) -> str:
        view.widget.handle({"event": "undo"})
        return _state(view.widget)

    rows.append(("play: take back", _time(moved, undo, 10), None))

    example = str(ROOT / "notebooks" / "apps" / "example_hands.json")
    replay_view = ReplayView(example)

    def at(step: int) -> Callable[[], ReplayView]:
        def setup() -> ReplayView:
            replay_view.go_to(step)
            replay_view._results.clear()  # the end of a hand drawn afresh each time
            return replay_view
        return setup

    def step(view: ReplayView) -> str:
        view.forward()
        return _state(view.widget)

    def svg_step(view: ReplayView) -> str:
        view.replay.go_to(view.replay.step + 1)
        return _svg_table(view.replay.picture())

    rows.append(("replay: one step (move 60 -> 61)", _time(at(60), step), _time(at(60), svg_step)))

    def jump(view: ReplayView) -> str:
        view.slider.value = view.replay.steps
        return _state(view.widget)

    rows.append(("replay: slider jump 0 -> 86, the end (matplotlib payment picture, sheets)",
                 _time(at(0), jump), None))

    def seat(view: ReplayView) -> str:
        view.seat_view.value = "S" if view.seat_view.value != "S" else "W"
        return _state(view.widget)

    rows.append(("replay: switch to a seat's view", _time(at(40), seat), None))

    print(f"Widget interactions in the kernel: median (max) ms over {REPEAT} runs (10 for the "
          "moves with bots), bytes sent")
    print()
    print("| interaction | tile codes + sprite | bytes | the same as SVG in the kernel | bytes |")
    print("| --- | --- | --- | --- | --- |")
    for name, (med, top, size), svg in rows:
        other = f"{svg[0]:.1f} ({svg[1]:.1f})" if svg else ""
        other_size = f"{svg[2]:,}" if svg else ""
        print(f"| {name} | {med:.1f} ({top:.1f}) | {size:,} | {other} | {other_size} |")


if __name__ == "__main__":
    main()
