"""The table picture (tutor.display.layout): the wall as the engine keeps it, the break where the
dice put it, one seat's view with nothing hidden leaking, deterministic SVG."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.core.hand import MeldKind
from tutor.core.tiles import Wind
from tutor.core.variant import Variant
from tutor.display.layout import TableScene, table_svg
from tutor.game.bots import make_bot
from tutor.game.state import Chance, HandState
from tutor.game.variants import hooks_for
from tutor.game.wall import DEAD_WALL

NS = "{http://www.w3.org/2000/svg}"


def classes(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def played(variant: Variant, seed: int, moves: int) -> HandState:
    state = HandState.new(hooks_for(variant), seed=seed)
    bots = {s: make_bot("random", seed * 4 + i) for i, s in enumerate(state.players)}
    for _ in range(moves):
        if state.is_terminal():
            break
        actor = state.current_actor()
        assert actor is not None
        state.apply(bots[actor].choose(state.view(actor)))
    return state


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_before_the_deal_the_wall_is_whole(variant: Variant) -> None:
    chance = Chance.roll(variant, random.Random(3))
    scene = TableScene.before_deal(variant, chance)
    dead = DEAD_WALL[variant]
    assert scene.counts() == {"live": variant.tile_count - dead, "dead": dead, "gone": 0}
    assert scene.next_draw == scene.break_at
    segment = variant.tile_count // 4
    assert scene.break_at // segment == (sum(chance.dice) - 1) % 4  # the dice pick the wall
    root = ET.fromstring(scene.svg())
    assert root.tag == f"{NS}svg"
    assert classes(root, "tile") == []  # nobody holds a tile yet
    assert len(classes(root, "seat")) == 4
    assert len(classes(root, "break")) == 1


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_the_dead_wall_is_just_behind_the_break(variant: Variant) -> None:
    chance = Chance.roll(variant, random.Random(8))
    scene = TableScene.before_deal(variant, chance)
    n = variant.tile_count
    dead = [p for p, state in enumerate(scene.ring) if state == "dead"]
    assert sorted(dead) == sorted((scene.break_at - k) % n
                                  for k in range(1, DEAD_WALL[variant] + 1))


def test_the_deal_takes_tiles_from_the_break() -> None:
    state = HandState.new(hooks_for("huangyan"), seed=4)
    scene = TableScene.from_state(state, Wind.EAST)
    dealt = sum(p.concealed_count for p in state.players.values())
    assert scene.counts()["gone"] == dealt
    n = len(scene.ring)
    assert all(scene.ring[(scene.break_at + i) % n] == "gone" for i in range(dealt))
    assert scene.next_draw == (scene.break_at + dealt) % n


@settings(max_examples=40)
@given(variant=st.sampled_from(list(Variant)), seed=st.integers(0, 10_000),
       moves=st.integers(0, 120), seat=st.sampled_from(list(Wind)))
def test_a_view_shows_the_wall_and_hides_the_other_hands(variant: Variant, seed: int,
                                                         moves: int, seat: Wind) -> None:
    state = played(variant, seed, moves)
    scene = TableScene.from_state(state, seat)
    wall = state.wall
    counts = scene.counts()
    assert counts["live"] == wall.live
    assert counts["dead"] == (wall.dead if variant is not Variant.GUIYANG else 0)
    root = ET.fromstring(scene.svg())
    view = state.view(seat)
    face_up = len(view.hand.concealed) + sum(len(p) for p in view.discards.values())
    face_up += sum(len(m.tiles) for m in view.melds)
    face_up -= 2 * sum(m.kind is MeldKind.CONCEALED_KONG for m in view.melds)
    face_up += sum(len(m.tiles) for o in view.others.values() for m in o.melds)
    shown = [e for e in classes(root, "tile") if "tile-back" not in e.get("class", "")]
    assert len(shown) == face_up
    backs = sum(o.tiles_in_hand + 4 * o.concealed_kongs for o in view.others.values())
    backs += 2 * sum(m.kind is MeldKind.CONCEALED_KONG for m in view.melds)
    hidden = classes(root, "tile-back-hidden")
    assert len(hidden) == backs
    assert all(e.find(f"{NS}title") is None for e in hidden)  # a back carries no tile name


def test_own_tiles_are_face_up_and_the_drawn_tile_apart() -> None:
    state = HandState.new(hooks_for("hangzhou"), seed=2)  # East holds 14: the last one drawn
    scene = TableScene.from_state(state, Wind.EAST)
    own = scene.seats[0]
    assert own.drawn == state.players[Wind.EAST].drawn
    assert len(own.concealed) == 13
    assert all(s.hidden == 13 for s in scene.seats[1:])
    root = ET.fromstring(scene.svg())
    hand = classes(root, "own-hand")[0]
    assert len(classes(hand, "tile")) == 14
    assert len(classes(hand, "tile-highlight")) == 1  # the drawn tile


def test_the_viewer_sits_at_the_bottom_and_the_actor_is_marked() -> None:
    state = HandState.new(hooks_for("huangyan"), seed=2)
    for seat in Wind:
        root = ET.fromstring(TableScene.from_state(state, seat).svg())
        assert root.get("data-viewer") == seat.name.title()
        labels = {e.get("data-seat"): e for e in classes(root, "seat")}
        assert "you)" in "".join(labels[seat.name.title()].itertext())
        assert "dealer" in "".join(labels["East"].itertext())
        box = classes(labels["East"], "seat-label-box")[0]  # East acts first
        assert box.get("fill") != classes(labels["West"], "seat-label-box")[0].get("fill")


def test_the_svg_is_deterministic_and_sized() -> None:
    state = played(Variant.GUIYANG, 5, 30)
    one = TableScene.from_state(state, Wind.NORTH).svg(500)
    two = TableScene.from_state(state.clone(), Wind.NORTH).svg(500)
    assert one == two
    assert ET.fromstring(one).get("width") == "500"
    scene = TableScene.from_state(state, Wind.NORTH)
    assert scene._repr_svg_() == scene.svg()
    with pytest.raises(ValueError, match="positive"):
        table_svg(scene, size=0)


def test_guiyang_has_no_dead_wall_in_the_legend() -> None:
    chance = Chance.roll(Variant.GUIYANG, random.Random(1))
    text = "".join(ET.fromstring(TableScene.before_deal("guiyang", chance).svg()).itertext())
    assert "dead wall" not in text and "live wall 108" in text
    huangyan = Chance.roll(Variant.HUANGYAN, random.Random(1))
    text = "".join(ET.fromstring(TableScene.before_deal("huangyan", huangyan).svg()).itertext())
    assert "dead wall 16" in text
