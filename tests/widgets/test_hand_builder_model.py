"""The hand builder's model: every operation, every refusal, and the analysis at each size."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.core.hand import Hand, Meld
from tutor.core.notation import parse_hand, parse_tiles
from tutor.core.tiles import KINDS, Tile
from tutor.core.variant import Variant
from tutor.core.waits import is_win, shanten, waits
from tutor.errors import HandError, NotationError, TutorError
from tutor.study.hand_builder import HandAnalysis, HandBuilder


def T(text: str) -> Tile:
    return Tile.parse(text)


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(parse_tiles(text))


# --- construction and representation ------------------------------------------------------------

def test_starts_empty_in_huangyan() -> None:
    b = HandBuilder()
    assert b.variant is Variant.HUANGYAN
    assert b.hand == Hand(())
    assert b.size == 0
    assert b.summary() == "HandBuilder(huangyan: empty, add 13 tiles)"
    assert repr(b) == "HandBuilder('huangyan', '')"


def test_repr_is_a_constructor_call() -> None:
    b = HandBuilder("hangzhou", "45m 56p 777s 南南南 中中 白", visible="3m 3m")
    assert repr(b) == "HandBuilder('hangzhou', '45m56p777s222577z', visible='3m 3m')"
    again = eval(repr(b), {"HandBuilder": HandBuilder})
    assert (again.variant, again.hand, again.visible) == (b.variant, b.hand, b.visible)


def test_summary_of_nine_gates() -> None:
    b = HandBuilder("huangyan", "1112345678999m")
    assert b.summary() == ("HandBuilder(huangyan: 1112345678999m, ready on 1m 2m 3m 4m 5m 6m "
                           "7m 8m 9m)")


def test_constructor_accepts_a_hand_and_checks_it() -> None:
    hand = Hand.parse("123m 東")
    assert HandBuilder("huangyan", hand).hand == hand
    with pytest.raises(HandError, match="not used in Guiyang"):
        HandBuilder("guiyang", hand)


# --- adding and removing tiles --------------------------------------------------------------

def test_add_and_remove_one_by_one() -> None:
    b = HandBuilder()
    b.add("3m")
    b.add(T("3m"))
    b.add("7z")
    assert b.text == "33m7z"
    b.remove("3m")
    assert b.text == "3m7z"
    b.remove(T("7z"))
    assert b.text == "3m"


def test_a_fifth_copy_is_refused_and_the_hand_kept() -> None:
    b = HandBuilder("huangyan", "1111m")
    with pytest.raises(HandError, match="all four copies of 1m") as info:
        b.add("1m")
    assert "a set has four" in str(info.value)
    assert b.text == "1111m"


def test_a_fifth_copy_counts_melds() -> None:
    b = HandBuilder("huangyan", "1m [111m]")
    with pytest.raises(HandError, match="all four copies of 1m"):
        b.add("1m")


def test_a_fifth_copy_counts_seen_tiles() -> None:
    b = HandBuilder("huangyan", "11m", visible="1m 1m")
    with pytest.raises(HandError, match="in the hand and seen"):
        b.add("1m")
    assert b.text == "11m"


def test_more_than_fourteen_tiles_is_refused() -> None:
    b = HandBuilder("huangyan", "11223344556677m")
    with pytest.raises(HandError, match="already 14 tiles"):
        b.add("9p")
    assert b.size == 14


def test_a_kong_counts_as_three() -> None:
    b = HandBuilder("huangyan", "1234567899m [2222p]")  # 10 + 3 = 13
    b.add("1s")
    assert b.size == 14
    with pytest.raises(HandError, match="already 14 tiles"):
        b.add("2s")


def test_removing_a_tile_not_held_is_refused() -> None:
    b = HandBuilder("huangyan", "123m")
    with pytest.raises(HandError, match="no concealed 5p"):
        b.remove("5p")
    assert b.text == "123m"


def test_tile_names_are_read_strictly() -> None:
    b = HandBuilder()
    with pytest.raises(NotationError):
        b.add("8z")
    with pytest.raises(HandError, match="name one tile"):
        b.add("12m")
    assert b.size == 0


def test_honors_are_refused_in_guiyang() -> None:
    b = HandBuilder("guiyang", "123m")
    with pytest.raises(HandError, match=r"1z \(East\) is not used in Guiyang Chicken"):
        b.add("1z")
    assert b.text == "123m"


# --- melds --------------------------------------------------------------------------------------

def test_melds_from_notation_and_removed() -> None:
    b = HandBuilder("huangyan", "11m")
    b.add_meld("[345s]")
    b.add_meld(Meld.parse("(2222p)"))
    assert b.text == "11m [345s] (2222p)"
    b.remove_meld("[345s]")
    assert b.text == "11m (2222p)"
    b.remove_meld(0)
    assert b.text == "11m"


@pytest.mark.parametrize(("kind", "tile", "meld"), [
    ("chow", "3s", "[345s]"), ("pong", "7z", "[777z]"), ("kong", "1m", "[1111m]"),
    ("concealed kong", "2p", "(2222p)"), ("added kong", "9s", "{9999s}"),
    ("chow", "435s", "[345s]"), ("Pong", "9p", "[999p]"),
])
def test_melds_by_kind(kind: str, tile: str, meld: str) -> None:
    b = HandBuilder()
    b.add_meld_of(kind, tile)
    assert b.hand.melds == (Meld.parse(meld),)


def test_bad_melds_are_refused_with_the_hand_kept() -> None:
    b = HandBuilder("huangyan", "55m")
    with pytest.raises(HandError, match="no chow starts at 8m"):
        b.add_meld_of("chow", "8m")
    with pytest.raises(HandError, match="unknown meld kind 'triple'"):
        b.add_meld_of("triple", "3m")
    with pytest.raises(HandError, match="name the tile"):
        b.add_meld_of("pong", "  ")
    with pytest.raises(HandError, match="a chow is three consecutive"):
        b.add_meld_of("chow", "357m")
    with pytest.raises(NotationError):
        b.add_meld("[124m]")
    with pytest.raises(HandError, match="5 copies of 5m"):
        b.add_meld_of("pong", "5m")
    with pytest.raises(HandError, match="no declared meld"):
        b.remove_meld("[123m]")
    with pytest.raises(HandError, match="no meld number 0"):
        b.remove_meld(0)
    assert b.text == "55m"


def test_a_joker_in_a_meld_is_refused_in_hangzhou() -> None:
    b = HandBuilder("hangzhou", "11m")
    with pytest.raises(HandError, match="a joker"):
        b.add_meld_of("pong", "5z")
    assert b.hand.melds == ()


def test_no_chow_in_guiyang() -> None:
    b = HandBuilder("guiyang")
    with pytest.raises(HandError, match="no chows"):
        b.add_meld_of("chow", "1m")
    b.add_meld_of("pong", "1m")
    assert b.text == "[111m]"


def test_no_room_for_a_meld() -> None:
    b = HandBuilder("huangyan", "11223344556m [789s]")  # 11 + 3 = 14
    with pytest.raises(HandError, match="no room for"):
        b.add_meld_of("pong", "9p")


# --- clear, set from text, variant, seen tiles -----------------------------------------------

def test_clear_keeps_variant_and_seen() -> None:
    b = HandBuilder("hangzhou", "123m [777z]", visible="9p")
    b.clear()
    assert (b.size, b.variant, b.visible) == (0, Variant.HANGZHOU, (T("9p"),))


def test_set_text_replaces_the_hand() -> None:
    b = HandBuilder("huangyan", "123m")
    b.set_text("45m 56p 777s 南南南 中中 + 白")
    assert b.hand == parse_hand("45m 56p 777s 南南南 中中 + 白")


@pytest.mark.parametrize("text", ["123x", "11111m", "123 456m", "1234567891234567m", "[124m]"])
def test_set_text_errors_keep_the_previous_hand(text: str) -> None:
    b = HandBuilder("huangyan", "123m")
    with pytest.raises(TutorError) as info:
        b.set_text(text)
    assert text in str(info.value) or "tiles" in str(info.value)
    assert b.text == "123m"


def test_switching_variant_revalidates() -> None:
    b = HandBuilder("huangyan", "123m 東東")
    with pytest.raises(HandError, match="cannot switch to Guiyang Chicken, the hand is kept"):
        b.set_variant("guiyang")
    assert b.variant is Variant.HUANGYAN
    assert b.text == "123m11z"
    b.set_variant("hangzhou")
    assert b.variant is Variant.HANGZHOU


def test_switching_to_hangzhou_refuses_a_white_dragon_pong() -> None:
    b = HandBuilder("huangyan", "11m [555z]")
    with pytest.raises(HandError, match="joker"):
        b.set_variant(Variant.HANGZHOU)
    assert b.variant is Variant.HUANGYAN


def test_unknown_variant() -> None:
    with pytest.raises(ValueError, match="unknown variant 'mars'"):
        HandBuilder().set_variant("mars")


def test_seen_tiles_are_checked() -> None:
    b = HandBuilder("huangyan", "111m")
    b.set_visible("1m 9p")
    assert b.visible == tiles("1m 9p")
    with pytest.raises(HandError, match="more than four copies of 1m"):
        b.set_visible("1m 1m")
    assert b.visible == tiles("1m 9p")
    b.set_visible([T("2m")])
    assert b.visible == (T("2m"),)
    b.set_visible("")
    assert b.visible == ()
    with pytest.raises(HandError, match="not used in Guiyang"):
        HandBuilder("guiyang", visible="1z")


# --- analysis -------------------------------------------------------------------------------

def test_analysis_of_a_short_hand() -> None:
    a = HandBuilder("huangyan", "111234567899m").analysis()
    assert (a.size, a.missing, a.shanten, a.waits, a.efficiency) == (12, 1, None, (), None)
    assert a.headline() == "add 1 more tile"
    assert "Add 1 more tile to see the waits." in str(a)
    assert HandBuilder("huangyan", "1m").analysis().headline() == "add 12 more tiles"
    assert len(HandBuilder().analysis().left) == 34


def test_analysis_of_a_ready_hand_with_copies_left() -> None:
    b = HandBuilder("huangyan", "1112345678999m", visible="5m 5m")
    a = b.analysis()
    assert a.ready and a.shanten == 0
    assert a.waits == tiles("123456789m")
    assert a.left[T("5m")] == 1 and a.left[T("1m")] == 1 and a.left[T("2m")] == 3
    assert a.wait is not None and a.wait.winning_tiles_left == 21
    assert "21 winning tiles left" in str(a)
    assert "tutor-waits'>1m 2m 3m 4m 5m 6m 7m 8m 9m<" in a._repr_html_()


def test_analysis_of_dead_waits() -> None:
    a = HandBuilder("huangyan", "1m999s [111m] [789p] [567s]").analysis()
    assert not a.ready and a.shanten == 1
    assert a.dead_waits == (T("1m"),)
    assert "Dead waits (all four copies held): 1m." in str(a)
    assert "tutor-dead-waits" in a._repr_html_()
    assert a.useful  # not ready: the tiles that help are listed
    assert T("1m") not in a.useful


def test_analysis_of_a_hand_not_ready() -> None:
    hand = "34568m 2457p 11s 56z"
    a = HandBuilder("huangyan", hand).analysis()
    assert a.shanten == shanten(parse_hand(hand)) == 2
    assert a.useful == tiles("7m 3p 6p")
    assert "Useful tiles: 7m (4 left), 3p (4 left), 6p (4 left) (12 tiles left)" in str(a)
    assert a.headline() == "not ready, shanten 2"


def test_white_dragon_pair_wait_in_hangzhou_only() -> None:
    a = HandBuilder("hangzhou", "123m 456p 789s 777s 白").analysis()
    assert a.white_dragon_pair_wait
    assert a.headline() == "ready on every tile (White Dragon Pair Wait)"
    assert "White Dragon Pair Wait" in a._repr_html_()
    b = HandBuilder("huangyan", "123m 456p 789s 777s 白").analysis()
    assert not b.white_dragon_pair_wait
    assert b.waits == (T("5z"),)


def test_analysis_of_a_complete_hand() -> None:
    a = HandBuilder("huangyan", "11122233344455m").analysis()
    assert a.win is True and a.shanten == -1
    assert len(a.readings) >= 2
    assert a.headline() == "complete hand"
    assert "tutor-readings" in a._repr_html_()
    assert a.efficiency is not None and a.best_discards


def test_analysis_of_fourteen_tiles_not_complete() -> None:
    a = HandBuilder("huangyan", "34568m 2457p 11s 356z").analysis()
    assert a.win is False and a.shanten == 2
    assert a.best_discards == tiles("3z 5z 6z")
    assert a.headline() == "not complete, shanten 2, best discard 3z 5z 6z"
    html = a._repr_html_()
    assert "tutor-efficiency" in html and "Efficiency per discard" in html
    assert "discard 3z: shanten 2, 12 tiles (3 kinds): 7m 3p 6p" in str(a)
    assert a.as_dict()["efficiency"] is not None


def test_guiyang_seven_pairs() -> None:
    a = HandBuilder("guiyang", "1111m 3344p 5577s 9s").analysis()
    assert a.waits == (T("9s"),)
    b = HandBuilder("huangyan", "1111m 3344p 5577s 9s").analysis()
    assert not b.ready


def test_as_dict() -> None:
    d = HandBuilder("hangzhou", "23m 456p 789s 11z 33s 白").analysis().as_dict()
    assert d["waits"] == ["1m", "4m", "3s", "1z"]
    assert d["variant"] == "hangzhou" and d["size"] == 13 and d["ready"] is True
    assert isinstance(HandAnalysis(Variant.HUANGYAN, Hand(())).as_dict(), dict)


# --- properties -----------------------------------------------------------------------------

tile_lists = st.lists(st.sampled_from(KINDS), min_size=0, max_size=20)


@given(tile_lists)
def test_adding_never_breaks_the_invariants(picks: list[Tile]) -> None:
    """Whatever is clicked, the hand stays legal: at most 14 tiles, four copies; refusals keep
    it unchanged; a 13- or 14-tile hand agrees with the engine."""
    b = HandBuilder()
    for tile in picks:
        before = b.hand
        try:
            b.add(tile)
        except HandError:
            assert b.hand == before
            assert before.size == 14 or before.held_counts[tile.index] == 4
        else:
            assert b.hand.size == before.size + 1
    assert b.size <= 14 and max(b.hand.held_counts, default=0) <= 4
    a = b.analysis()
    if b.size == 13:
        assert a.shanten == shanten(b.hand)
        assert a.waits == waits(b.hand).waits
    elif b.size == 14:
        assert a.win == is_win(b.hand)
    else:
        assert a.missing == 13 - b.size


@given(st.sampled_from(list(Variant)), tile_lists)
def test_set_text_round_trips(variant: Variant, picks: list[Tile]) -> None:
    b = HandBuilder(variant)
    for tile in picks:
        with contextlib.suppress(HandError):
            b.add(tile)
    c = HandBuilder(variant)
    c.set_text(b.text)
    assert c.hand == b.hand
    c.set_text("  ")
    assert c.size == 0
