"""The wall on the table (tutor.study.wall_picture): for each game the picture's counts are the
engine's and add up to the tiles left, the dead wall has its size, draws shrink the live end,
kong replacements come from the far end (Hangzhou burns one and tops the dead wall up)."""

from __future__ import annotations

import pytest

from tutor.core.tiles import Wind
from tutor.core.variant import Variant
from tutor.game.bots import make_bot
from tutor.game.state import HandState
from tutor.game.variants import hooks_for
from tutor.study.table import table_picture
from tutor.study.wall_picture import DEAD, GONE, LIVE, wall_picture

DEALT = 53  # 13 tiles each and the dealer's 14th


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


def check_counts(state: HandState) -> None:
    picture = wall_picture(state)
    counts = picture.counts()
    assert counts[LIVE] == picture.live == state.wall.live
    assert counts[DEAD] == picture.dead == state.wall.dead
    assert counts[LIVE] + counts[DEAD] == state.wall.remaining
    assert counts[GONE] == picture.total - state.wall.remaining
    # the four sides hold every place, two to a stack
    stacks = [s for seat in Wind for s in picture.side(seat)]
    assert sum(left for left, _part in stacks) == state.wall.remaining
    assert all(0 <= left <= 2 for left, _part in stacks)


@pytest.mark.parametrize(("variant", "total", "dead"), [
    (Variant.HUANGYAN, 136, 16), (Variant.HANGZHOU, 136, 20), (Variant.GUIYANG, 108, 0)])
def test_after_the_deal(variant: Variant, total: int, dead: int) -> None:
    state = HandState.new(hooks_for(variant), seed=3)
    picture = wall_picture(state)
    assert picture.total == total
    assert picture.dead == dead and picture.has_dead_wall == (dead > 0)
    assert picture.live == total - dead - DEALT
    check_counts(state)
    # the dealt tiles are the ones just after the break; the next draw follows them
    n = picture.total
    assert all(picture.ring[(picture.break_at + i) % n] == GONE for i in range(DEALT))
    assert picture.next_draw == (picture.break_at + DEALT) % n
    assert picture.ring[picture.next_draw] == LIVE
    # the far end, just behind the break, is the dead wall (Guiyang: the same single wall)
    far = (picture.break_at - 1) % n
    assert picture.ring[far] == (DEAD if dead else LIVE)
    assert picture.next_replacement in (far, (far - 1) % n)
    if dead:
        assert {picture.ring[(picture.break_at - 1 - i) % n] for i in range(dead)} == {DEAD}
    sides = [picture.side(seat) for seat in Wind]
    assert [len(s) for s in sides] == ([17] * 4 if total == 136 else [14, 14, 14, 14])


@pytest.mark.parametrize("variant", list(Variant))
@pytest.mark.parametrize("seed", [1, 2, 5])
def test_counts_add_up_as_the_hand_goes(variant: Variant, seed: int) -> None:
    lives = []
    for moves in (0, 10, 40, 400):
        state = played(variant, seed, moves)
        check_counts(state)
        lives.append(wall_picture(state).live)
    assert lives == sorted(lives, reverse=True) and lives[0] > lives[-1]  # it shrinks


def test_text_alternative() -> None:
    state = HandState.new(hooks_for("huangyan"), seed=3)
    assert wall_picture(state).text() == "Wall: 67 live tiles, dead wall 16"
    guiyang = wall_picture(HandState.new(hooks_for("guiyang"), seed=3))
    assert guiyang.text().startswith("Wall: 55 tiles, no dead wall")
    data = wall_picture(state).as_dict()
    assert data["text"] == "Wall: 67 live tiles, dead wall 16"
    assert data["ring"].count("L") == 67 and data["ring"].count("D") == 16
    # the table's picture carries it
    assert table_picture(state, Wind.EAST).as_dict()["wall"]["text"] == data["text"]


def test_huangyan_kong_replacement_comes_from_the_far_end() -> None:
    state = HandState.new(hooks_for("huangyan"), seed=3)
    before = wall_picture(state)
    far = before.next_replacement
    assert far == (before.break_at - 1) % before.total
    state.wall.replacement()  # what a kong does
    after = wall_picture(state)
    assert after.ring[far] == GONE and after.dead == 15  # the dead wall shrinks by one
    assert after.live == before.live and after.next_draw == before.next_draw  # live untouched
    assert after.next_replacement == (far - 1) % after.total
    check_counts(state)


def test_hangzhou_burn_and_top_up() -> None:
    state = HandState.new(hooks_for("hangzhou"), seed=3)
    before = wall_picture(state)
    n = before.total
    far = (before.break_at - 1) % n
    assert before.next_replacement == (far - 1) % n  # the tile beneath the burned one
    state.wall.replacement()
    after = wall_picture(state)
    assert after.burned == 1 and after.dead == 20  # topped up to 20
    assert after.live == before.live - 2  # the live wall paid two tiles
    assert after.ring[far] == GONE and after.ring[(far - 1) % n] == GONE
    # the two tiles that moved were the live wall's last: now dead
    moved = [p for p in range(n) if before.ring[p] == LIVE and after.ring[p] == DEAD]
    assert len(moved) == 2
    assert "1 burned" in after.text()
    check_counts(state)


def test_guiyang_single_wall_replacement_from_the_far_end() -> None:
    state = HandState.new(hooks_for("guiyang"), seed=3)
    before = wall_picture(state)
    far = before.next_replacement
    state.wall.replacement()
    after = wall_picture(state)
    assert after.ring[far] == GONE and after.dead == 0
    assert after.live == before.live - 1  # the one wall pays for the kong
    assert after.next_draw == before.next_draw
    check_counts(state)


def test_drawn_to_the_end_leaves_only_the_dead_wall() -> None:
    state = HandState.new(hooks_for("huangyan"), seed=3)
    while state.wall.live:
        state.wall.draw()
    picture = wall_picture(state)
    assert picture.next_draw is None and picture.live == 0
    assert picture.counts()[DEAD] == 16
    check_counts(state)
