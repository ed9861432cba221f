"""Work bounded before it starts: a 1,000,000-character hand is refused through every entry
point (the notation readers, actions, seats, records, the viewer's upload, the hand builder,
hand and game files, the command line) with a typed error and under 20 MB of extra memory
(tracemalloc's peak; the inputs are made before it starts). Each entry point is warmed first
with a short bad input, so what is measured is the refusal, not the first import.

Times are measured too (without tracemalloc, which slows Python down) but never asserted:
``pytest tests/fuzz/test_fuzz_bounded.py -s`` prints them.
"""

from __future__ import annotations

import gc
import json
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tutor.core.hand import Hand
from tutor.core.notation import MAX_TEXT, parse_hand, parse_meld, parse_tile, parse_tiles
from tutor.core.tiles import Tile, Wind
from tutor.errors import TutorError
from tutor.game.actions import MAX_ACTION_TEXT, Action

from .cli import run

SIZE = 1_000_000
HUGE = "1m" * (SIZE // 2)  # a hand of a million characters, every one of them a valid tile
HUGE_DIGITS = "1" * SIZE  # ... and one of a million digits waiting for a suit letter
MAX_EXTRA = 20_000_000  # bytes
TIMES: dict[str, float] = {}


@pytest.fixture(scope="module", autouse=True)
def report() -> Iterator[None]:
    yield
    if TIMES:
        print("\nrefusal of a 1,000,000-character hand (ms):")
        for name, seconds in sorted(TIMES.items(), key=lambda kv: -kv[1]):
            print(f"  {seconds * 1000:8.2f}  {name}")


def _refuses(call: Callable[[], object]) -> str:
    """Run ``call``; it must raise a TutorError (or, for a widget, return False) and nothing
    else. Returns the error's text."""
    try:
        result = call()
    except TutorError as exc:
        return str(exc)
    assert result is False or (isinstance(result, tuple) and result[0] == 2), result
    return str(result)


def bounded(name: str, call: Callable[[], object], warm: Callable[[], object]) -> str:
    """``call`` refused within the memory bound; its time kept for the report."""
    _refuses(warm)
    gc.collect()
    start = time.perf_counter()
    _refuses(call)
    TIMES[name] = time.perf_counter() - start
    gc.collect()
    tracemalloc.start()
    try:
        message = _refuses(call)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < MAX_EXTRA, f"{name}: {peak:,} bytes at peak"
    return message


READERS: dict[str, Callable[[str], object]] = {
    "parse_hand": parse_hand,
    "parse_hand(guiyang)": lambda t: parse_hand(t, "guiyang"),
    "parse_tiles": parse_tiles,
    "parse_tile": parse_tile,
    "parse_meld": lambda t: parse_meld(f"[{t}]"),
    "Hand.parse": lambda t: Hand.parse(t, "hangzhou"),
    "Tile.parse": Tile.parse,
    "Action.parse": lambda t: Action.parse(f"discard {t}"),
    "Wind.parse": Wind.parse,
}


@pytest.mark.parametrize("name", list(READERS))
@pytest.mark.parametrize("text", [HUGE, HUGE_DIGITS], ids=["tiles", "digits"])
def test_readers(name: str, text: str) -> None:
    read = READERS[name]
    message = bounded(f"{name} ({'tiles' if text is HUGE else 'digits'})", lambda: read(text),
                      lambda: read("1m" * MAX_TEXT))
    assert len(message) < 300


def test_limits_sit_just_above_what_is_real() -> None:
    """The longest real texts pass: a hand of four kongs, a whole wall written with spaces (as
    a record writes it), every action; one character over a limit is refused."""
    wall = " ".join(str(t) for t in Tile.__dict__["_cache"] for _ in range(4))
    assert len(wall) <= MAX_TEXT and len(parse_tiles(wall.replace(" 5z", ""))) == 132
    assert parse_tiles(wall[:MAX_TEXT - len(wall)] if len(wall) > MAX_TEXT else wall)
    over = "1m" + " " * (MAX_TEXT - 1)
    assert len(over) == MAX_TEXT + 1
    with pytest.raises(TutorError, match="too long"):
        parse_tiles(over)
    assert parse_tiles(over[:-1]) == (Tile.parse("1m"),)  # exactly MAX_TEXT: read
    assert str(Action.parse(" " * (MAX_ACTION_TEXT - 10) + "discard 1m")) == "discard 1m"
    with pytest.raises(TutorError, match="too long"):
        Action.parse(" " * (MAX_ACTION_TEXT - 9) + "discard 1m")


# --- records, the replay viewer's upload ------------------------------------------------


def _record(action: str = "discard 1m", order: str | None = None) -> dict[str, Any]:
    from tutor.game.record import record, seal
    from tutor.game.simulate import play_hand
    from tutor.game.variants import hooks_for  # noqa: F401  (the engine, loaded before)

    data = record(play_hand(_variant(), 1, ("sensible",), {}))
    data["actions"][0] = [data["actions"][0][0], action]
    if order is not None:
        data["chance"]["order"] = order
    return seal(data)  # resealed: the digests match, only the reader's limits stand


def _variant() -> Any:
    from tutor.core.variant import Variant

    return Variant.GUIYANG


@pytest.fixture(scope="module")
def record_texts() -> dict[str, str]:
    return {"action": json.dumps(_record(action="discard " + HUGE)),
            "order": json.dumps(_record(order=HUGE)),
            "short": json.dumps(_record(action="discard " + "1m" * 100))}


@pytest.mark.parametrize("field", ["action", "order"])
def test_record_readers(field: str, record_texts: dict[str, str]) -> None:
    from tutor.study.replay import Replay

    text = record_texts[field]
    message = bounded(f"Replay.from_text (huge {field})", lambda: Replay.from_text(text),
                      lambda: Replay.from_text(record_texts["short"]))
    assert "record: field" in message


@pytest.mark.parametrize("field", ["action", "order"])
def test_replay_upload(field: str, record_texts: dict[str, str]) -> None:
    pytest.importorskip("ipywidgets")
    from tutor.display.widgets.replay import ReplayView

    view = ReplayView(Path(__file__).parents[2] / "notebooks" / "apps" / "example_hands.json")
    upload = record_texts[field].encode()

    def send(content: bytes) -> object:
        view._on_upload({"new": [{"content": memoryview(content), "name": "up.json"}]})
        assert "record: field" in view.message.value, view.message.value[:300]
        return False

    bounded(f"replay widget upload (huge {field})", lambda: send(upload),
            lambda: send(record_texts["short"].encode()))


# --- the hand builder: its model and its widget ---------------------------------------------


def test_hand_builder_model() -> None:
    from tutor.study.hand_builder import HandBuilder

    model = HandBuilder("hangzhou")
    for name, call in {
        "HandBuilder.set_text": lambda t: model.set_text(t),
        "HandBuilder.add_tiles": lambda t: model.add_tiles(t),
        "HandBuilder.add_meld": lambda t: model.add_meld(f"[{t}]"),
        "HandBuilder.add_meld_of": lambda t: model.add_meld_of("pong", t),
        "HandBuilder.set_visible": lambda t: model.set_visible(t),
        "HandBuilder(text)": lambda t: HandBuilder("hangzhou", t),
    }.items():
        bounded(name, lambda call=call: call(HUGE),  # type: ignore[misc]
                lambda call=call: call("1m" * MAX_TEXT))  # type: ignore[misc]
    assert model.hand == Hand(())


def test_hand_builder_widget() -> None:
    pytest.importorskip("ipywidgets")
    from tutor.display.widgets.hand_builder import HandBuilderView

    view = HandBuilderView("huangyan")

    def refused(act: Callable[[str], None], text: str) -> object:
        act(text)  # the notation box says "too long"; the picker's box reads 200 characters
        assert view.last_error is not None, "a huge text was accepted"
        assert view.model.hand == Hand(())
        return False

    for name, act in {"hand builder: notation box": view.set_hand,
                      "hand builder: typed tiles": view.type_tiles}.items():
        bounded(name, lambda act=act: refused(act, HUGE),  # type: ignore[misc]
                lambda act=act: refused(act, "1m" * MAX_TEXT))  # type: ignore[misc]


# --- files and the command line ---------------------------------------------------------------


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory, record_texts: dict[str, str]
          ) -> dict[str, Path]:
    root = Path(__file__).parents[1] / "data"
    folder = tmp_path_factory.mktemp("hostile")
    out: dict[str, Path] = {}
    guiyang = json.loads((root / "guiyang" / "draw_0_ready.json").read_text(encoding="utf-8"))
    hangzhou = json.loads((root / "hangzhou" / "streak.json").read_text(encoding="utf-8"))
    for size, label in ((SIZE // 2, "huge"), (MAX_TEXT, "short")):
        guiyang["players"]["E"]["concealed"] = "1s" * size
        hangzhou[1]["hand"] = "1m" * size
        for name, data in (("guiyang", guiyang), ("hangzhou", hangzhou)):
            out[f"{name}-{label}"] = folder / f"{name}-{label}.json"
            out[f"{name}-{label}"].write_text(json.dumps(data), encoding="utf-8")
    for field in ("action", "short"):
        out[f"record-{field}"] = folder / f"record-{field}.json"
        out[f"record-{field}"].write_text(record_texts[field], encoding="utf-8")
    return out


def _cli(name: str, argv: list[str], warm: list[str]) -> str:
    def call(args: list[str]) -> tuple[int, str, str]:
        status, out, err = run(args)
        assert status == 2 and "Traceback" not in err and err.count("\n") == 1, err[:300]
        return status, out, err

    bounded(name, lambda: call(argv), lambda: call(warm))
    return call(argv)[2]


CLI_HANDS: dict[str, list[str]] = {
    "tutor waits HAND": ["waits", "{}"],
    "tutor shanten HAND": ["shanten", "{}", "--variant", "guiyang"],
    "tutor efficiency HAND": ["efficiency", "{}"],
    "tutor waits --visible": ["waits", "1112345678999m", "--visible", "{}"],
    "tutor score huangyan HAND": ["score", "huangyan", "{}", "--win-tile", "1m"],
    "tutor score hangzhou HAND": ["score", "hangzhou", "{}", "--drawn", "1m", "--winner", "E"],
    "tutor score hangzhou --drawn": ["score", "hangzhou", "123m456m789m中中中白", "--drawn",
                                     "{}", "--winner", "E"],
    "tutor reckon huangyan --totals": ["reckon", "huangyan", "--winner", "E", "--totals", "{}"],
    "tutor score huangyan --seat": ["score", "huangyan", "123m456p789s111z55z", "--win-tile",
                                    "1m", "--seat", "{}"],
}


@pytest.mark.parametrize("name", list(CLI_HANDS))
def test_command_line_arguments(name: str) -> None:
    argv = CLI_HANDS[name]
    err = _cli(name, [a.replace("{}", HUGE) for a in argv],
               [a.replace("{}", "1m" * MAX_TEXT) for a in argv])
    assert err.startswith(f"tutor {argv[0]}: error: an argument of 1,000,000 characters"), err


@pytest.mark.parametrize("name,kind,argv", [
    ("tutor settle guiyang FILE", "guiyang", ["settle", "guiyang", "{}"]),
    ("tutor ledger hangzhou FILE", "hangzhou", ["ledger", "hangzhou", "{}"]),
    ("tutor replay FILE", "record", ["replay", "{}"]),
    ("tutor review FILE", "record", ["review", "{}", "--seat", "E"]),
])
def test_files(name: str, kind: str, argv: list[str], files: dict[str, Path]) -> None:
    huge = files[f"{kind}-{'action' if kind == 'record' else 'huge'}"]
    err = _cli(name, [str(huge) if a == "{}" else a for a in argv],
               [str(files[f"{kind}-short"]) if a == "{}" else a for a in argv])
    assert "1,000,00" in err and "characters" in err, err
