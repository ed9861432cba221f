"""The Hangzhou views, driven without a browser: set values, click, read the HTML."""

from __future__ import annotations

from tutor.display.widgets.hangzhou import MultiplierView, TallyView
from tutor.ledger import Seat
from tutor.study.hangzhou import MultiplierExplorer, TallyStepper
from tutor.variants.hangzhou import ScoringMode, WinSource


def test_explorer_renders_the_sheet() -> None:
    view = MultiplierView()
    out = view.output.value
    assert "<svg" in out and "mahjong-hand" in out  # the hand, drawn
    assert "payment-diagram" in out and "matplotlib" not in out.lower()
    assert "What each joker stood for" in out and "3p" in out
    assert "After a gang" in out and "2 x 2 x 2 x 2 = x16" in out
    assert "South receives 160" in out
    assert "<?xml" not in out  # the figure is inlined without its prolog
    assert view.summary().startswith("MultiplierView(") and "x16" in view.summary()
    assert "the multiplier calculator once" in view._repr_mimebundle_()[0]["text/plain"]


def test_controls_update_the_model_and_the_page() -> None:
    view = MultiplierView()
    view.hand.value = "123m456m789m 中中中 白"
    view.drawn.value = "5s"
    view.kongs.value = 0
    assert view.model.hand == "123m456m789m 中中中 白" and view.model.kongs == 0
    assert "= x4" in view.output.value
    view.joker_discards.value = 0
    assert "White Dragon Pair Wait" in view.output.value and "= x2" in view.output.value
    view.dealer.value = Seat.SOUTH  # the winner deals: 8 from each
    assert "South receives 48" in view.output.value


def test_a_discard_win_shows_the_refusal_not_a_traceback() -> None:
    view = MultiplierView()
    view.source.value = WinSource.DISCARD
    assert "tutor-error" in view.output.value
    assert "self-draw only" in view.output.value and "Traceback" not in view.output.value
    view.source.value = WinSource.SELF_DRAW
    assert "tutor-error" not in view.output.value


def test_bad_notation_is_shown_as_an_error() -> None:
    view = MultiplierView()
    view.hand.value = "12x"
    assert "tutor-error" in view.output.value and "12x" in view.output.value


def test_options_toggle() -> None:
    view = MultiplierView(MultiplierExplorer(hand="123m456m789m 中中 白白", drawn="中",
                                             kongs=0, joker_discards=2))
    assert "= x32" in view.output.value
    view.scoring.value = ScoringMode.MIL_FAN
    assert "5 fan (cap 4): 2^4 = x16" in view.output.value
    view.hand.value = "11m22m33m44m5m 白白白白"
    view.drawn.value = "5m"
    view.joker_discards.value = 0
    view.scoring.value = ScoringMode.MULTIPLY
    assert "= x16" in view.output.value
    view.tile_hog.value = True
    assert view.model.four_jokers_tile_hog and "= x32" in view.output.value


def test_tally_view_steps_with_the_buttons() -> None:
    view = TallyView()
    assert "Step 0 of 6: start" in view.page()
    for _ in range(3):
        view.next_button.click()
    out = view.page()
    assert view.model.step == 3 and "Step 3 of 6" in out
    assert "Payments made at this step" in out and "tally from hand 2" in out
    assert 'data-payer="S" data-payee="E" data-amount="48"' in view.figure.value
    view.back_button.click()
    assert view.model.step == 2 and "6 open token(s)" in view.page()
    view.last_button.click()
    assert "game end: the open tally is paid" in view.page()
    assert view.next_button.disabled and view.last_button.disabled
    assert not view.back_button.disabled
    view.first_button.click()
    assert view.model.step == 0
    assert view.back_button.disabled and view.first_button.disabled
    assert not view.next_button.disabled
    assert view.summary() == f"TallyView({view.model.summary()})"


def test_tally_view_adds_removes_and_resets_hands() -> None:
    view = TallyView(TallyStepper([]))
    view.winner.value = Seat.NORTH
    view.multiplier.value = 4
    view.add_button.click()
    assert view.model.results[-1].winner == Seat.NORTH
    assert "North wins x4" in view.page() and "North receives" not in view.page()
    view.winner.value = "none"  # the "draw" option: a value, so the dropdown never shows blank
    assert view.winner.label == "draw"
    view.add_button.click()
    assert view.model.results[-1].winner is None
    view.remove_button.click()
    view.remove_button.click()
    assert view.model.results == [] and "tutor-error" not in view.page()
    view.remove_button.click()
    assert "tutor-error" in view.page() and "no hand to remove" in view.page()
    view.preset_button.click()
    assert len(view.model.results) == 5 and "tutor-error" not in view.page()


def test_explorer_reset_to_example() -> None:
    view = MultiplierView()
    before = view.output.value
    view.hand.value = "12x"
    view.kongs.value = 0
    view.example_button.click()
    assert view.output.value == before and view.model.kongs == 1
    assert view.hand.value == "123m456m77m白白 [中中中中]"


def test_tally_view_projector_mode_and_details() -> None:
    view = TallyView(projector=True)
    assert "tutor-projector" in view.box._dom_classes
    assert "tutor-projector-hide" in view.details._dom_classes  # the long tables
    assert "tutor-walker-main" in view.frame.main._dom_classes
