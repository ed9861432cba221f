"""The anywidget tile widgets without a browser: the sprite, the data they send, the messages
they take (the same the browser sends), and hostile messages refused with a message."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from importlib import resources

from tutor.core.hand import Hand, Meld
from tutor.core.tiles import KINDS, Tile
from tutor.display.widgets.sprite import symbol_id, tile_sprite
from tutor.display.widgets.tiles import HandView, TilePicker, es_module, hand_data, meld_data


def test_the_sprite_has_every_face_the_widgets_use() -> None:
    root = ET.fromstring(tile_sprite())
    ids = {s.get("id") for s in root.iter("{http://www.w3.org/2000/svg}symbol")}
    assert ids == {symbol_id(t) for t in KINDS} | {"mt-5z-j", "mt-back"}
    assert tile_sprite() is tile_sprite()  # built once
    assert "<title>" not in tile_sprite()  # tooltips come from data-name
    names = {s.get("id"): s.get("data-name") for s in root.iter(
        "{http://www.w3.org/2000/svg}symbol")}
    # the text alternative in the learner's words; the tooltip adds the Chinese and the code
    assert names["mt-3m"] == "3 of Characters" and names["mt-5z-j"] == "White Dragon (joker)"
    assert names["mt-back"] == "a tile face down"
    tips = {s.get("id"): s.get("data-tip") for s in root.iter(
        "{http://www.w3.org/2000/svg}symbol")}
    assert tips["mt-3m"] == "3 of Characters 三万 (3m)"


def test_the_front_end_ships_with_the_package_and_fetches_nothing() -> None:
    static = resources.files("tutor.display.widgets") / "static"
    for name in ("common.js", "picker.js", "table.js", "review.js", "tiles.css"):
        text = (static / name).read_text("utf-8")
        assert "http://" not in text.replace("http://www.w3.org", "")
        assert "https://" not in text and "import " not in text.split("export default")[0]
    module = es_module("picker.js")
    assert module.count("export default") == 1 and "function mtTile" in module


def test_hand_data_sets_the_drawn_tile_apart() -> None:
    hand = Hand.parse("1123m [555p] (7777s)")
    data = hand_data(hand, drawn=Tile.parse("1m"))
    assert data["concealed"] == ["1m", "2m", "3m"] and data["drawn"] == "1m"
    assert [m["kind"] for m in data["melds"]] == ["pong", "concealed-kong"]
    assert data["melds"][1]["tiles"] == ["7s", "back", "back", "7s"]
    assert hand_data(None) == {"concealed": [], "drawn": "", "melds": []}


def test_another_players_concealed_kong_hides_its_tile() -> None:
    data = meld_data(Meld.parse("(7777s)"), hidden=True)
    assert data["tiles"] == ["back"] * 4 and "7s" not in str(data)


def test_picker_messages_reach_the_callbacks() -> None:
    seen: list[object] = []
    picker = TilePicker("hangzhou", on_pick=seen.append, on_remove=seen.append,
                        on_remove_meld=seen.append, on_type=seen.append)
    assert picker.joker == "5z" and picker.rows[3] == [f"{r}z" for r in range(1, 8)]
    picker.click("3m")
    picker.click_hand("中")
    picker.click_meld(1)
    picker.type("123m")
    assert seen == [Tile.parse("3m"), Tile.parse("7z"), 1, "123m"]
    picker.set_variant("guiyang")
    assert picker.joker == "" and len(picker.rows) == 3 and picker.left["9s"] == 4
    assert repr(picker) == "TilePicker(guiyang: 27 kinds)"


def test_hostile_picker_messages_are_refused_with_a_message() -> None:
    seen: list[object] = []
    picker = TilePicker("huangyan", on_pick=seen.append, on_remove_meld=seen.append,
                        on_type=seen.append)
    for message in ("junk", {"event": "pick", "tile": 3}, {"event": "pick", "tile": "123m"},
                    {"event": "pick", "tile": "x" * 10_000},
                    {"event": "remove_meld", "index": True}, {"event": "type", "text": None}):
        before = picker._ack
        picker.handle(message)
        assert picker.message_kind == "error" and picker._ack == before + 1
        assert len(picker.message) < 200
    picker.handle({"event": "unknown"})  # ignored
    picker.type("1m" * 1000)  # cut to 200 characters before the owner reads it
    assert seen == ["1m" * 100]


def test_hand_view_reports_clicks() -> None:
    clicked: list[Tile] = []
    view = HandView("123m 東", variant="huangyan", drawn="1z", highlight=["2m"],
                    on_click=clicked.append)
    assert view.clickable and view.hand["drawn"] == "1z" and view.highlight == ["2m"]
    view.handle({"event": "tile", "tile": "2m", "index": 1})
    view.handle({"event": "tile", "tile": "zz"})
    view.handle({"event": "tile", "tile": 5})
    assert clicked == [Tile.parse("2m")]
    assert repr(view) == "HandView(1m 2m 3m)"
    assert not HandView("5z", variant="hangzhou").clickable
