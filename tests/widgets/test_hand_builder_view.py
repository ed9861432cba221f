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
    return view.picker.message_kind == "error"


def hand_codes(view: HandBuilderView) -> list[str]:
    hand = view.picker.hand
    return [*hand["concealed"], *([hand["drawn"]] if hand["drawn"] else [])]


def test_stable_summary_and_text_plain() -> None:
    view = HandBuilderView("huangyan", "1112345678999m")
    expected = "HandBuilder(huangyan: 1112345678999m, ready on 1m 2m 3m 4m 5m 6m 7m 8m 9m)"
    assert view.summary() == expected == repr(view)
    data, metadata = view._repr_mimebundle_()  # a saved notebook keeps text, no widget
    assert data["text/plain"].startswith("Here you will find the hand builder once the notebook")
    assert metadata == {"tutor": {"view": "HandBuilderView"}}


def test_css_classes_for_browser_tests() -> None:
    view = HandBuilderView("huangyan", "123m")
    assert "tutor-hand-builder" in view.box._dom_classes
    assert "tutor-analysis" in view.analysis_html._dom_classes
    assert "tutor-app" in view.box._dom_classes  # the projector frame
    for w, css in [(view.notation, "tutor-notation"), (view.set_button, "tutor-set"),
                   (view.variant_dropdown, "tutor-variant"), (view.clear_button, "tutor-clear"),
                   (view.reset_button, "tutor-reset"), (view.meld_button, "tutor-meld-add")]:
        assert css in w._dom_classes


def test_projector_mode_is_a_switch() -> None:
    view = HandBuilderView("huangyan", "123m", projector=True)
    assert view.frame.projector and "tutor-projector" in view.box._dom_classes
    view.frame.toggle.value = False
    assert "tutor-projector" not in view.box._dom_classes
    assert view.model.text == "123m"


def test_clicking_tiles_updates_the_hand_and_the_analysis_at_once() -> None:
    view = HandBuilderView("huangyan", "111234567899m")
    assert "add 1 more tile" in view.analysis_html.value
    assert view.picker.left["9m"] == 2 and view.picker.left["1m"] == 1
    view.click_add("9m")
    assert view.model.text == "1112345678999m"
    assert waits_shown(view) == "1m 2m 3m 4m 5m 6m 7m 8m 9m"
    assert hand_codes(view).count("9m") == 3  # the picker's hand shows the new tile
    assert view.picker.left["9m"] == 1
    assert view.picker.message == "Added 9m." and view.picker.message_kind == "ok"
    view.click_add("5p")  # 14 tiles: the efficiency table appears, the best discard glows
    assert "tutor-efficiency" in view.analysis_html.value
    assert "not complete" in view.summary()
    assert view.picker.highlight == ["5p"]
    view.click_remove("5p")
    assert waits_shown(view) == "1m 2m 3m 4m 5m 6m 7m 8m 9m"
    assert view.picker.highlight == []
    view.click_remove("1m")
    assert view.model.text == "112345678999m"
    assert "shanten" in view.analysis_html.value
    assert view.notation.value == "112345678999m"


def test_typing_notation_adds_all_the_tiles_or_none() -> None:
    view = HandBuilderView("huangyan", "1112345678m")
    view.type_tiles("9m 9m")
    assert view.model.text == "111234567899m" and view.picker.message == "Added 9m 9m."
    view.type_tiles("1m 1m")  # the second 1m would be a fifth copy: neither is added
    assert is_error(view) and "all four copies of 1m" in view.picker.message
    assert view.model.text == "111234567899m"
    view.type_tiles("12x")
    assert is_error(view) and "cannot read" in view.picker.message
    view.type_tiles("   ")
    assert is_error(view) and "no tiles to add" in view.picker.message


def test_waits_show_as_tiles_with_copies_left() -> None:
    view = HandBuilderView("huangyan", "1112345678999m")
    assert view.analysis_html.value.count("class='tutor-tile-count'") == 9
    assert "data-tile='9m'" in view.analysis_html.value and "1 left" in view.analysis_html.value


def test_reset_to_the_example() -> None:
    view = HandBuilderView("hangzhou", "45m 56p 777s 南南南 中中 白", visible="3m")
    view.choose_variant("huangyan")
    view.click_remove("5z")
    view.seen.value = ""
    view.seen_button.click()
    view.reset_button.click()
    assert view.model.variant is Variant.HANGZHOU and view.variant_dropdown.value == "hangzhou"
    assert view.model.text == "45m56p777s222577z" and view.model.visible == (Tile.parse("3m"),)
    assert view.picker.joker == "5z" and view.seen.value == "3m"
    assert view.picker.message == "Back to the example."


def test_the_picker_tracks_the_copies_left() -> None:
    view = HandBuilderView("huangyan", "1123m", visible="1m 3m")
    assert view.picker.left["1m"] == 1 and view.picker.left["2m"] == 3
    assert view.picker.left["3m"] == 2 and view.picker.left["9s"] == 4
    view.click_remove("3m")
    assert view.picker.left["3m"] == 3


def test_errors_show_as_messages_and_keep_the_hand() -> None:
    view = HandBuilderView("huangyan", "1111m")
    view.click_add("1m")
    assert is_error(view)
    assert "all four copies of 1m" in view.picker.message
    assert "Traceback" not in view.picker.message
    assert view.model.text == "1111m"
    assert view.last_error == ("1111m: all four copies of 1m are already in the hand "
                               "(a set has four)")
    view.click_add("2m")
    assert not is_error(view) and view.last_error is None


def test_fourteen_is_the_limit() -> None:
    view = HandBuilderView("huangyan", "11223344556677m")
    view.click_add("9s")
    assert is_error(view) and "already 14 tiles" in view.picker.message


def test_set_from_notation_and_parse_errors() -> None:
    view = HandBuilderView("huangyan", "123m")
    view.set_hand("45m 56p 777s 南南南 中中 白")
    assert not is_error(view)
    assert view.model.text == "45m56p777s222577z"
    view.set_hand("12x3m")
    assert is_error(view) and "cannot read '12x3m'" in view.picker.message
    assert view.model.text == "45m56p777s222577z"
    assert view.notation.value == "12x3m"  # what was typed stays, to be fixed


def test_melds_added_and_taken_back() -> None:
    view = HandBuilderView("huangyan", "11m")
    view.add_meld("chow", "3s")
    assert view.model.text == "11m [345s]"
    assert view.picker.hand["melds"][0]["kind"] == "chow"
    view.add_meld("chow", "9s")
    assert is_error(view) and "no chow starts at 9s" in view.picker.message
    view.add_meld("pong", "7z")
    assert [m["tiles"] for m in view.picker.hand["melds"]] == [["3s", "4s", "5s"],
                                                               ["7z", "7z", "7z"]]
    view.picker.click_meld(0)
    assert view.model.text == "11m [777z]" and view.picker.message == "Took back [345s]."
    view.picker.click_meld(5)
    assert is_error(view) and "no meld number 5" in view.picker.message


def test_joker_meld_refused_in_hangzhou() -> None:
    view = HandBuilderView("hangzhou", "11m")
    view.add_meld("pong", "5z")
    assert is_error(view) and "joker" in view.picker.message
    assert view.model.hand.melds == ()


def test_variant_switch_changes_the_picker() -> None:
    view = HandBuilderView("huangyan", "123m")
    view.choose_variant("guiyang")
    assert view.model.variant is Variant.GUIYANG
    assert sum(map(len, view.picker.rows)) == 27
    assert "1z" not in view.picker.left  # no honors to click in Guiyang
    assert view.model.text == "123m"
    view.choose_variant("hangzhou")
    assert view.picker.joker == "5z" and len(view.picker.rows) == 4


def test_refused_variant_switch_puts_the_dropdown_back() -> None:
    view = HandBuilderView("huangyan", "123m 東")
    view.choose_variant("guiyang")
    assert is_error(view) and "cannot switch to Guiyang Chicken" in view.picker.message
    assert view.variant_dropdown.value == "huangyan"
    assert view.model.variant is Variant.HUANGYAN
    assert sum(map(len, view.picker.rows)) == 34


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
    assert view.picker.hand == {"concealed": [], "drawn": "", "melds": []}
    assert view.summary() == "HandBuilder(huangyan: empty, add 13 tiles)"


def test_a_given_model_is_used() -> None:
    model = HandBuilder("guiyang", "1m")
    view = HandBuilderView(model=model)
    view.click_add("2m")
    assert model.text == "12m"
    assert isinstance(view.box, widgets.VBox)


@pytest.mark.parametrize("variant", list(Variant))
def test_every_picker_tile_can_be_clicked_from_empty(variant: Variant) -> None:
    view = HandBuilderView(variant)
    for code in [c for row in view.picker.rows for c in row][:14]:
        view.click_add(code)
    assert view.model.size == 14
    assert "tutor-efficiency" in view.analysis_html.value
