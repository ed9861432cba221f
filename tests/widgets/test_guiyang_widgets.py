"""The Guiyang settlement walker view, driven without a browser."""

from __future__ import annotations

import json

from tutor.display.widgets.guiyang import SettlementWalkerView
from tutor.study.guiyang import PRESETS, SettlementWalker


def test_first_page_shows_the_players() -> None:
    view = SettlementWalkerView()
    out = view.page()
    assert "Step 0 of 5: players" in out and "The players" in out
    assert "East self-draws a plain hand on 5s" in out  # the preset's description
    assert "added kong {9999p} 3 each from West, North and East" in out
    assert "1s charging chicken (discarded) 3" in out
    assert "payment-diagram" not in out  # no payments yet: the four hands, as tiles
    assert view.figure.value.count("mahjong-hand") == 4 and "data-seat='N'" in out
    assert "ready on" in view.figure.value and "(not eligible)" in view.figure.value
    assert view.first_button.disabled and view.back_button.disabled
    assert not view.next_button.disabled and not view.last_button.disabled
    assert view.summary() == f"SettlementWalkerView({view.model.summary()})"
    data, metadata = view._repr_mimebundle_()
    assert data["text/plain"].startswith("Here you will find the settlement, step by step once")
    assert metadata == {"tutor": {"view": "SettlementWalkerView"}}


def test_next_and_back_walk_the_categories() -> None:
    view = SettlementWalkerView(SettlementWalker("two_winners_liability"))
    view.next_button.click()
    out = view.page()
    assert "Step 1 of 5: win" in out and "Payments: win" in out
    assert "Pure suit (清一色) 10 on North&#x27;s discard 1s" in out
    assert "payment-diagram" in view.figure.value and "<?xml" not in out
    assert 'data-payer="N" data-payee="S" data-amount="10"' in view.figure.value
    view.next_button.click()
    view.next_button.click()
    view.next_button.click()
    out = view.page()
    assert "Step 4 of 5: liability chicken" in out and "+6" in out
    view.back_button.click()
    assert view.model.step == 3 and "Step 3 of 5: chicken" in view.page()
    view.last_button.click()
    out = view.page()
    assert "Step 5 of 5: total" in out and "-21" in out
    assert view.next_button.disabled and view.last_button.disabled  # the last step
    view.next_button.click()  # nothing to go to (a script can still press it)
    assert view.model.step == 5 and "tutor-error" not in view.page()
    view.first_button.click()
    assert view.model.step == 0


def test_preset_dropdown_and_table_toggle() -> None:
    view = SettlementWalkerView()
    view.preset.value = "draw_2_ready"
    assert view.model.preset == "draw_2_ready" and view.model.step == 0
    view.next_button.click()
    assert "Step 1 of 3: tenpai" in view.page()
    assert "best possible Seven pairs (七对) 7 on 4p" in view.page()
    view.table.value = "app"
    assert view.model.table == "app" and view.model.step == 1
    assert "best possible Seven pairs (七对) 10 on 4p" in view.page()


def test_own_json_and_errors() -> None:
    view = SettlementWalkerView()
    view.next_button.click()
    view.json.value = "{bad"
    view.load_button.click()
    assert "tutor-error" in view.page() and "not JSON" in view.page()
    assert "Traceback" not in view.page() and view.model.step == 1
    no_kong = json.loads(PRESETS["two_winners_liability"].json)
    no_kong["players"]["E"] = {"concealed": "456m22p789p23s999m"}
    view.json.value = json.dumps(no_kong)
    view.load_button.click()
    assert "needs a kong" in view.page() and view.model.preset == "self_draw_beans"
    view.json.value = PRESETS["robbed_kong"].json
    view.load_button.click()
    assert "tutor-error" not in view.page()
    assert view.model.preset is None and view.preset.value == "custom"
    assert view.preset.index is not None  # the dropdown names it, never blank
    assert "Your own hand description." in view.page()
    view.preset.value = "hot_discard_golden"
    assert view.model.preset == "hot_discard_golden"


def test_reset_to_example_goes_back_to_the_first_hand() -> None:
    view = SettlementWalkerView(projector=True)
    assert "tutor-projector" in view.box._dom_classes
    view.preset.value = "draw_2_ready"
    view.table.value = "app"
    view.next_button.click()
    view.example_button.click()
    assert (view.model.preset, view.model.table, view.model.step) == (
        "self_draw_beans", "original", 0)
    assert (view.preset.value, view.table.value) == ("self_draw_beans", "original")
    assert "East self-draws" in view.page() and view.first_button.disabled
