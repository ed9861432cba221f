"""The Huangyan views driven without a browser: set values, click buttons, read the HTML."""

from __future__ import annotations

from tutor import Tile, Wind
from tutor.display.widgets.huangyan import LiveTileView, ScoreSheetView, SettlementWalkView
from tutor.variants.huangyan import LiabilityPayee, Rounding

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH


# -- the score sheet ------------------------------------------------------------------------

def test_sheet_view_shows_every_line_and_the_total() -> None:
    view = ScoreSheetView()
    html = view.output.value
    assert "<svg" in html and "Single Hook" in html and "单钓" in html
    assert "total: 22 x 2^1 = 44" in html and "each pay 44" in html
    assert "a pair of dragons scores 2" in html  # the line's explanation
    assert repr(view) == ("ScoreSheetView(123m456p789s11155z on 5z by claimed discard, "
                          "seat East: 22 x 2^1 = 44)")
    data, metadata = view._repr_mimebundle_()
    assert data["text/plain"] == ("Here you will find the score sheet once the notebook runs "
                                  "(Run → Run All Cells).")
    assert metadata == {"tutor": {"view": "ScoreSheetView"}}


def test_sheet_view_controls_drive_the_model() -> None:
    view = ScoreSheetView()
    view.seat.value = S
    view.self_draw.value = True
    assert view.model.seat is S and view.sheet is not None and view.sheet.total == 24
    assert "Self-Draw" in view.output.value and "pay half each, 12" in view.output.value
    view.prevailing.value = E
    assert view.sheet is not None and view.sheet.total == 48
    view.limit.value = 30
    assert "held to the limit 30" in view.output.value
    view.limit.value = 0
    view.rounding.value = Rounding.DOWN
    assert view.model.rounding is Rounding.DOWN and view.model.limit is None
    view.win_tile.value = Tile.parse("2m")  # the only tile that completed 1-3m: Middle Hook
    assert "won on 2m" in view.output.value and "Middle Hook" in view.output.value


def test_sheet_view_set_hand_refreshes_the_winning_tile_choices() -> None:
    view = ScoreSheetView()
    view.hand_text.value = "11223344556677m"
    view.set_button.click()
    assert [label for label, _ in view.win_tile.options] == ["1m", "2m", "3m", "4m", "5m",
                                                             "6m", "7m"]
    assert view.sheet is not None and "Full Flush" in view.output.value
    view.role.value = False  # 14 tiles: a non-winner holds 13, so one is left out
    assert view.error is None and view.sheet is not None and not view.sheet.winner
    assert view.win_tile.description == "Leave out:" and not view.win_tile.disabled
    assert "the 7m is left out" in view.output.value
    assert repr(view).startswith("ScoreSheetView(1122334455667m as a non-winner (leaving out 7m)")
    view.win_tile.value = Tile.parse("1m")
    assert view.sheet.hand.concealed.count(Tile.parse("1m")) == 1
    assert "the 1m is left out" in view.output.value
    view.set_hand("1122334455667m")  # 13 tiles: nothing to leave out
    assert view.win_tile.disabled and "left out" not in view.output.value


def test_sheet_view_round_wind_none_is_a_real_option() -> None:
    """A dropdown value None means "nothing selected" to ipywidgets (it shows blank)."""
    view = ScoreSheetView()
    assert view.prevailing.index == 0 and view.prevailing.label == "none"
    assert view.model.prevailing_wind is None
    view.prevailing.value = E
    assert view.model.prevailing_wind is E
    view.prevailing.index = 0
    assert view.model.prevailing_wind is None and view.prevailing.label == "none"


def test_sheet_view_reset_to_example() -> None:
    view = ScoreSheetView()
    before = view.output.value
    view.set_hand("11223344556677m")
    view.seat.value = S
    view.limit.value = 30
    view.prevailing.value = E
    view.role.value = False
    view.example_button.click()
    assert view.output.value == before and view.hand_text.value == "123m456p789s11155z"
    assert (view.seat.value, view.limit.value, view.prevailing.label, view.role.value) == (
        E, 0, "none", True)


def test_sheet_view_errors_are_messages() -> None:
    view = ScoreSheetView()
    view.set_hand("123m456p789s111z5x")
    assert "tutor-error" in view.output.value and "Traceback" not in view.output.value
    assert "error: cannot read" in repr(view)
    view.set_hand("123m456p789s111z55z")
    view.robbing.value = True
    view.kong_draw.value = True
    assert "tutor-error" in view.output.value and "Robbing the Kong" in view.output.value
    view.robbing.value = False
    assert "needs a declared kong" in view.output.value
    view.kong_draw.value = False
    view.set_hand("123m456p789s111z56z")
    assert "not a winning hand" in view.output.value
    view.role.value = False
    view.set_hand("111z22z555z123m4p9s")
    assert view.error is None and "as a non-winner" in repr(view)


# -- the settlement walker ------------------------------------------------------------------

def test_walker_steps_with_the_buttons() -> None:
    view = SettlementWalkView()
    assert view.walk is not None and view.walk.current == 0
    assert view.back_button.disabled and not view.next_button.disabled
    view.next_button.click()
    assert view.walk.current == 1
    assert "Wave one" in view.head.value and "payment-diagram" in view.figure.value
    assert "South pays East 20" in view.status.value
    assert "+60" in view.table.value
    for _ in range(5):
        view.next_button.click()
    assert view.walk.at_end and view.next_button.disabled and view.end_button.disabled
    assert repr(view) == "SettlementWalkView(East wins, step 4 of 4: E +60, S -1, W -34, N -25)"
    view.back_button.click()
    assert view.walk.current == 3
    assert view.figure.value.count("payment-current") == 1  # this step strong, the rest pale
    view.start_button.click()
    assert view.walk.current == 0 and view.start_button.disabled
    view.end_button.click()
    assert view.walk.at_end


def test_walker_liable_none_is_a_real_option_and_reset_to_example() -> None:
    view = SettlementWalkView("Rule text example 2 with West liable", projector=True)
    assert view.liable.label == "West" and "tutor-projector" in view.box._dom_classes
    view.liable.index = 0
    assert view.liable.label == "none" and view.walk is not None
    assert view.walk.reckoning.liable is None
    view.totals[S].value = 50
    view.next_button.click()
    view.example_button.click()
    assert view.preset.value == "Rule text example 2 with West liable"
    assert view.walk is not None and view.walk.current == 0
    assert view.walk.reckoning.liable is W and view.totals[S].value == 28


def test_walker_presets_and_controls() -> None:
    view = SettlementWalkView("Rule text example 2 with stacks of 20")
    assert view.winner.value is N and view.use_stacks.value
    view.next_button.click()
    assert view.walk is not None and view.walk.stacks_after() == {E: 8, S: 14, W: 14, N: 44}
    view.totals[W].value = 0  # a change makes it your own example and restarts the walk
    assert view.preset.value == view.CUSTOM and view.walk.current == 0
    assert view.walk.reckoning.totals[W] == 0
    view.choose("Rule text example 2 with West liable")
    assert view.liable.value is W and not view.use_stacks.value
    view.payee.value = LiabilityPayee.NORMAL
    for _ in range(4):
        view.next_button.click()
    assert view.walk.net_after() == {E: 20, S: 22, W: -66, N: 24}


def test_walker_errors_and_hands() -> None:
    view = SettlementWalkView()
    view.liable.value = E  # the winner
    assert view.walk is None and "cannot be the liable" in view.status.value
    assert view.next_button.disabled and "error" in repr(view)
    view.next_button.click()  # nothing happens
    view.liable.value = "none"
    view.totals[S].value = -3
    assert view.walk is None and "tutor-error" in view.status.value
    view.hands[E].value = "123m456p789s111z55z"
    view.win_tile.value = "5z"
    view.self_draw.value = True
    view.from_hands.click()
    assert "missing: S, W, N" in view.hands_note.value
    view.hands[S].value = "111z22z555z123m4p9s"
    view.hands[W].value = "1111m234p567p88s9s"
    view.hands[N].value = "123m456p789s234s5p"
    view.from_hands.click()
    assert view.totals[E].value == 48 and view.walk is not None
    assert "East 24 x 2^1 = 48" in view.hands_note.value


# -- the Live Tile trainer ------------------------------------------------------------------

def test_live_tile_view_judges_clicks() -> None:
    view = LiveTileView()
    assert "Live Tile Stage is ON" in view.table.value and "<svg" in view.table.value
    assert list(view.discard_buttons) == list(view.trainer.position.choices)
    view.discard_buttons[Tile.parse("4p")].click()
    assert "4p: Live" in view.verdict.value and "#b00020" in view.verdict.value
    assert "you are liable: you pay 66 in all, 35 more" in view.cost.value
    assert repr(view) == "LiveTileView(Stage on, a safe tile in hand: discard 4p is Live)"
    view.discard_buttons[Tile.parse("8p")].click()
    assert "8p: safe" in view.verdict.value and "No liability" in view.cost.value
    view.winner.value = S
    view.totals[S].value = 40
    # South wins 40: wave one 40 + 20 + 20; pairs with West at 0: W-N 12 / 2, W-E 20, N-E 8
    assert "if South wins on it" in view.cost.value
    assert f"West pays {40 + 20 + 20 + 6 + 20 + 8} in all when liable" in view.cost.value


def test_live_tile_view_positions_and_safe_highlight() -> None:
    view = LiveTileView()
    plain = view.table.value
    view.show_safe.value = True
    assert view.table.value != plain and "#1b7f3a" in view.table.value
    view.choose("Stage on, every tile Live")
    assert view.verdict.value == "" and view.trainer.judgement is None
    view.pick("6s")
    assert "exempt" in view.verdict.value
    view.choose("Two Kongs: 30 tiles, no stage yet")
    assert "30 tiles in all" in view.table.value and "is off" in view.table.value
    view.pick("2m")
    assert "has not begun" in view.verdict.value
    view.pick("9m")  # not in the hand: a message, not a traceback
    assert "tutor-error" in view.verdict.value and "no concealed 9m" in view.verdict.value


def test_live_tile_view_reset_to_example() -> None:
    view = LiveTileView()
    view.choose("Stage on, every tile Live")
    view.pick("6s")
    view.winner.value = S
    view.totals[S].value = 40
    view.show_safe.value = True
    view.example_button.click()
    assert view.trainer.name == "Stage on, a safe tile in hand" and view.trainer.judgement is None
    assert view.verdict.value == "" and view.winner.value is N and view.totals[S].value == 28
    assert view.trainer.totals[S] == 28 and not view.show_safe.value
