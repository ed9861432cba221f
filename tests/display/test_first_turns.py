"""The first-turns stepper: its model (tutor.study.first_turns) tells only what the seat may know,
and its view (Back, Next, the slider, a new deal) redraws the picture."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from tutor.core.tiles import Wind
from tutor.core.variant import Variant
from tutor.display.widgets.first_turns import FirstTurnsView, caption_html
from tutor.errors import TutorError
from tutor.game.state import Event
from tutor.study.first_turns import FirstTurns, describe


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_the_walk_has_the_wall_the_deal_and_the_moves(variant: Variant) -> None:
    walk = FirstTurns(variant, seed=34, seat="S", moves=12)
    assert len(walk) == 14
    assert walk.step(0).scene.seats == ()
    assert walk.step(0).caption.startswith("The wall is built and broken")
    assert walk.step(1).caption.startswith("The deal: each player has 13 tiles, the dealer 14")
    assert [s.number for s in walk.steps] == list(range(14))
    gone = [s.scene.counts()["gone"] for s in walk.steps]
    assert gone == sorted(gone)  # the wall only shrinks


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("seat", list(Wind), ids=lambda w: w.name)
def test_captions_hide_what_the_seat_cannot_see(seed: int, seat: Wind) -> None:
    walk = FirstTurns("huangyan", seed=seed, seat=seat, moves=16)
    text = " ".join(s.caption for s in walk.steps)
    for other in Wind:
        if other == seat:
            continue
        name = other.name.title()
        assert not re.search(rf"\b{name} draws [1-9]", text)
        assert f"{name} passes" not in text
        assert f"{name} (you)" not in text
        assert f"{name} may" not in text
    assert "window" not in text


def test_the_seat_sees_its_own_draws_and_choices() -> None:
    walk = FirstTurns("huangyan", seed=0, seat="S", moves=12)
    text = " ".join(s.caption for s in walk.steps)
    assert re.search(r"South \(you\) draws [1-9][mpsz]", text)
    assert "South (you) may chow on 3s, or pass." in text
    assert "South (you) chows 3s from East." in text
    assert "East pongs 1z from South." in text


def test_describe_hides_a_concealed_kong_of_another_seat() -> None:
    kong = Event(Wind.WEST, "concealed kong", None, "")
    assert describe(kong, Wind.SOUTH) == "West declares a concealed kong (face down)."
    window = Event(None, "window", None, "West: pong")
    assert describe(window, Wind.SOUTH) == ""
    assert describe(Event(None, "Live Tile Stage", None, "14 left"), Wind.SOUTH) == \
        "Live Tile Stage: 14 left."


def test_the_walk_is_deterministic_and_checks_its_arguments() -> None:
    one, two = FirstTurns(seed=9, moves=5), FirstTurns(seed=9, moves=5)
    assert str(one) == str(two)
    assert one.step(4).scene.svg() == two.step(4).scene.svg()
    assert repr(one) == "FirstTurns('huangyan', seed=9, seat='E', moves=5)"
    with pytest.raises(TutorError, match="step 99 does not exist"):
        one.step(99)
    with pytest.raises(TutorError, match="moves must be 0 to 200"):
        FirstTurns(moves=-1)


def test_the_view_steps_and_redraws() -> None:
    view = FirstTurnsView(seed=34, seat="S")
    assert view.summary() == ("FirstTurnsView(Huangyan Reckoning, random seed 34, South's view: "
                              "step 0 of 13)")
    assert view.back.disabled and not view.next.disabled
    first = view.picture.value
    view.next.click()
    assert view.number == 1 and view.slider.value == 1
    assert view.picture.value != first
    view.slider.value = 13
    assert view.number == 13 and view.next.disabled
    view.back.click()
    assert view.number == 12
    assert ET.fromstring(view.picture.value).get("data-viewer") == "South"
    assert "Step 12 of 13." in view.caption.value


def test_the_view_deals_again_with_another_game_and_seat() -> None:
    view = FirstTurnsView(seed=34, seat="S")
    view.slider.value = 7
    view.game.value = Variant.GUIYANG
    view.seat.value = Wind.NORTH
    view.seed.value = 3
    view.deal.click()
    assert view.number == 0 and view.slider.value == 0
    assert view.summary().startswith("FirstTurnsView(Guiyang Chicken, random seed 3, North's")
    assert repr(view) == view.summary()


def test_caption_html_draws_tiles_and_escapes_text() -> None:
    out = caption_html("East discards 3m <b> and 白 5z.", Variant.HANGZHOU)
    assert out.count("<svg") == 2
    assert "&lt;b&gt;" in out
    assert "tile-joker" in out  # 5z is Hangzhou's joker
