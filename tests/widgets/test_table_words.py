"""The table in words: every tile's text alternative in the learner's words and the log read
aloud (what the play table's live region says)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tutor.core.tiles import KINDS, Tile
from tutor.display.svg import hand_svg, meld_svg, tile_label, tile_svg, tiles_svg
from tutor.study.play import PlayTable
from tutor.study.table import spoken_line

JOKER = Tile.parse("5z")


def test_tile_labels_are_the_learners_words() -> None:
    assert tile_label("5m") == "5 of Characters"
    assert tile_label("3p") == "3 of Dots"
    assert tile_label("7z") == "Red Dragon"
    assert tile_label("5z", joker=True) == "White Dragon (joker)"
    assert all("(" not in tile_label(t) for t in KINDS)  # no code, no Chinese


def test_every_svg_picture_has_a_text_alternative() -> None:
    for text, label in (
            (tile_svg("5z", joker=True), "White Dragon (joker)"),
            (tiles_svg("12m"), "Tiles: 1 of Characters, 2 of Characters"),
            (meld_svg("[555p]"), "pong: 5 of Dots, 5 of Dots, 5 of Dots"),
            (hand_svg("1123m [555p]", drawn="1m"),
             "Hand: 1 of Characters, 2 of Characters, 3 of Characters; drawn: 1 of Characters; "
             "pong: 5 of Dots, 5 of Dots, 5 of Dots")):
        root = ET.fromstring(text)
        assert root.get("role") == "img" and root.get("aria-label") == label


def test_log_lines_read_aloud() -> None:
    assert spoken_line("West: discard 3p") == "West discards 3 of Dots"
    assert spoken_line("East: draw 4m") == "East draws 4 of Characters"
    assert spoken_line("South: drew a tile") == "South drew a tile"
    assert spoken_line("West: pong 3z (from North)") == "West pongs West (from North)"
    assert spoken_line("North: discard 5z", JOKER) == "North discards White Dragon (joker)"
    assert spoken_line("Dice: 3+4") == "Dice: 3+4"
    assert spoken_line("East: discard 9z") == "East discards 9z"  # not a tile: left as it is


def test_the_picture_sends_the_log_in_words_and_a_prompt() -> None:
    table = PlayTable("huangyan", seed=3)
    data = table.picture().as_dict()
    assert len(data["spoken"]) == len(data["log"])
    assert all("discard " not in line for line in data["spoken"])
    assert data["prompt"] == ("Your turn: choose a tile to discard" if data["to_act"] else "")


def test_the_others_moves_are_sent_one_by_one_unless_instant() -> None:
    from tutor.display.widgets.play import PlayView

    paced = PlayView("huangyan", seed=3)
    move = paced.table.legal()[0]
    paced.play(move)
    frames = paced.widget.frames
    assert len(frames) >= 2  # the others' moves, one picture each
    logs = [len(f["log"]) for f in frames] + [len(paced.widget.table["log"])]
    assert logs == sorted(set(logs))  # each step adds to the log, the table comes last
    assert not any(f["to_act"] for f in frames)  # the learner waits until the last one
    assert frames[0]["log"][-2] == f"East: {move}"
    instant = PlayView("huangyan", seed=3, pace=0)
    instant.play(move)
    assert instant.widget.frames == []
    assert instant.widget.table == paced.widget.table  # the model is the same either way
