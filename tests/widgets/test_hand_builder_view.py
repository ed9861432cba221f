"""The hand builder widget, driven without a browser: clicks change the model and the HTML."""

from __future__ import annotations

import re

import ipywidgets as widgets
import pytest

from tutor.core.tiles import Tile
from tutor.core.variant import Variant
from tutor.display.widgets.hand_builder import HandBuilderView
from tutor.study.hand_builder import HandBuilder


def waits_shown(view: HandBuilderView) -> str:
    found = re.search(r"class='tutor-waits'>([^<]*)<", view.analysis_html.value)
    return found.group(1) if found else ""


def is_error(view: HandBuilderView) -> bool:
    return "tutor-error" in view.message.value


def test_stable_summary_and_text_plain() -> None:
    view = HandBuilderView("huangyan", "1112345678999m")
    expected = "HandBuilder(huangyan: 1112345678999m, ready on 1m 2m 3m 4m 5m 6m 7m 8m 9m)"
    assert view.summary() == expected == repr(view)
    bundle = view._repr_mimebundle_()
    assert bundle["text/plain"] == expected


def test_css_classes_for_browser_tests() -> None:
    view = HandBuilderView("huangyan", "123m")
    assert "tutor-hand-builder" in view.box._dom_classes
    assert "tutor-hand" in view.hand_html._dom_classes
    assert "tutor-analysis" in view.analysis_html._dom_classes
    assert "tile-button-3m" in view.picker.buttons[Tile.parse("3m")]._dom_classes
    assert "remove-button-2m" in view.remove_buttons[Tile.parse("2m")]._dom_classes
    for w, css in [(view.notation, "tutor-notation"), (view.set_button, "tutor-set"),
                   (view.variant_dropdown, "tutor-variant"), (view.clear_button, "tutor-clear"),
                   (view.meld_button, "tutor-meld-add"), (view.message, "tutor-feedback")]:
        assert css in w._dom_classes


def test_clicking_tiles_updates_the_hand_and_the_analysis_at_once() -> None:
    view = HandBuilderView("huangyan", "111234567899m")
    assert "add 1 more tile" in view.analysis_html.value
    view.click_add("9m")
    assert view.model.text == "1112345678999m"
    assert waits_shown(view) == "1m 2m 3m 4m 5m 6m 7m 8m 9m"
    assert "data-tile=\"9m\"" in view.hand_html.value  # the SVG hand shows the new tile
    assert "Added 9m." in view.message.value
    view.click_add("5p")  # 14 tiles: the efficiency table appears
    assert "tutor-efficiency" in view.analysis_html.value
    assert "not complete" in view.summary()
    view.click_remove("5p")
    assert waits_shown(view) == "1m 2m 3m 4m 5m 6m 7m 8m 9m"
    view.click_remove("1m")
    assert view.model.text == "112345678999m"
    assert "shanten" in view.analysis_html.value
    assert view.notation.value == "112345678999m"


def test_remove_buttons_follow_the_hand() -> None:
    view = HandBuilderView("huangyan", "1123m")
    assert set(view.remove_buttons) == {Tile.parse(t) for t in ("1m", "2m", "3m")}
    assert view.remove_buttons[Tile.parse("1m")].description == "− 1m ×2"
    view.click_remove("3m")
    assert Tile.parse("3m") not in view.remove_buttons
    assert len(view.remove_row.children) == 2


def test_errors_show_as_messages_and_keep_the_hand() -> None:
    view = HandBuilderView("huangyan", "1111m")
    view.click_add("1m")
    assert is_error(view)
    assert "all four copies of 1m" in view.message.value
    assert "Traceback" not in view.message.value
    assert view.model.text == "1111m"
    assert view.last_error == ("1111m: all four copies of 1m are already in the hand "
                               "(a set has four)")
    view.click_add("2m")
    assert not is_error(view) and view.last_error is None


def test_fourteen_is_the_limit() -> None:
    view = HandBuilderView("huangyan", "11223344556677m")
    view.click_add("9s")
    assert is_error(view) and "already 14 tiles" in view.message.value


def test_set_from_notation_and_parse_errors() -> None:
    view = HandBuilderView("huangyan", "123m")
    view.set_hand("45m 56p 777s 南南南 中中 白")
    assert not is_error(view)
    assert view.model.text == "45m56p777s222577z"
    view.set_hand("12x3m")
    assert is_error(view) and "cannot read &#x27;12x3m&#x27;" in view.message.value
    assert view.model.text == "45m56p777s222577z"
    assert view.notation.value == "12x3m"  # what was typed stays, to be fixed


def test_melds_added_and_taken_back() -> None:
    view = HandBuilderView("huangyan", "11m")
    view.add_meld("chow", "3s")
    assert view.model.text == "11m [345s]"
    assert "meld-chow" in view.hand_html.value
    view.add_meld("chow", "9s")
    assert is_error(view) and "no chow starts at 9s" in view.message.value
    view.add_meld("pong", "7z")
    assert len(view.meld_buttons) == 2
    assert "remove-meld-1" in view.meld_buttons[1]._dom_classes
    view.meld_buttons[0].click()
    assert view.model.text == "11m [777z]"


def test_joker_meld_refused_in_hangzhou() -> None:
    view = HandBuilderView("hangzhou", "11m")
    view.add_meld("pong", "5z")
    assert is_error(view) and "joker" in view.message.value
    assert view.model.hand.melds == ()


def test_variant_switch_rebuilds_the_picker() -> None:
    view = HandBuilderView("huangyan", "123m")
    view.choose_variant("guiyang")
    assert view.model.variant is Variant.GUIYANG
    assert len(view.picker.buttons) == 27
    assert view.picker_box.children == (view.picker.box,)
    assert Tile.parse("1z") not in view.picker.buttons  # no honors to click in Guiyang
    assert view.model.text == "123m"
    view.choose_variant("hangzhou")
    assert view.picker.buttons[Tile.parse("5z")].description == "白 joker"


def test_refused_variant_switch_puts_the_dropdown_back() -> None:
    view = HandBuilderView("huangyan", "123m 東")
    view.choose_variant("guiyang")
    assert is_error(view) and "cannot switch to Guiyang Chicken" in view.message.value
    assert view.variant_dropdown.value == "huangyan"
    assert view.model.variant is Variant.HUANGYAN
    assert len(view.picker.buttons) == 34


def test_variant_switch_changes_the_waits() -> None:
    view = HandBuilderView("huangyan", "1111m 3344p 5577s 9s")
    assert waits_shown(view) == ""
    view.choose_variant("guiyang")
    assert waits_shown(view) == "9s"


def test_white_dragon_pair_wait_shown() -> None:
    view = HandBuilderView("hangzhou", "123m 456p 789s 777s")
    view.click_add("5z")
    assert "tutor-wdpw" in view.analysis_html.value
    assert "White Dragon Pair Wait" in view.summary()


def test_seen_tiles_lower_the_copies_left() -> None:
    view = HandBuilderView("huangyan", "23456m 678p 11123s")
    assert "(11 winning tiles left)" in view.analysis_html.value
    view.seen.value = "1m 1m 4m 7m"
    view.seen_button.click()
    assert "(7 winning tiles left)" in view.analysis_html.value
    view.seen.value = "1m 1m 1m 1m 1m"
    view.seen_button.click()
    assert is_error(view)
    assert "(7 winning tiles left)" in view.analysis_html.value


def test_clear() -> None:
    view = HandBuilderView("huangyan", "123m [777z]")
    view.clear_button.click()
    assert view.model.size == 0
    assert view.remove_row.children == () and view.meld_row.children == ()
    assert "No tiles yet" in view.hand_html.value
    assert view.summary() == "HandBuilder(huangyan: empty, add 13 tiles)"


def test_a_given_model_is_used() -> None:
    model = HandBuilder("guiyang", "1m")
    view = HandBuilderView(model=model)
    view.click_add("2m")
    assert model.text == "12m"
    assert isinstance(view.box, widgets.VBox)


@pytest.mark.parametrize("variant", list(Variant))
def test_every_picker_button_can_be_clicked_from_empty(variant: Variant) -> None:
    view = HandBuilderView(variant)
    for tile in list(view.picker.buttons)[:14]:
        view.click_add(tile)
    assert view.model.size == 14
    assert "tutor-efficiency" in view.analysis_html.value


def test_replaced_widgets_are_closed() -> None:
    """Buttons redrawn after a change (and the old picker) are closed, so nothing leaks."""
    view = HandBuilderView("huangyan", "123m")
    old_button = view.remove_buttons[Tile.parse("1m")]
    old_picker_button = view.picker.buttons[Tile.parse("1m")]
    assert old_button.comm is not None
    view.click_add("5p")
    assert old_button.comm is None and old_button.layout.comm is None
    assert view.remove_buttons[Tile.parse("1m")].comm is not None
    view.choose_variant("hangzhou")
    assert old_picker_button.comm is None
    assert view.picker.buttons[Tile.parse("1m")].comm is not None
