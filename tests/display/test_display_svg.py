"""SVG tiles, melds and hands: valid XML, the right pips and sticks, deterministic output."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.core.hand import Hand, Meld
from tutor.core.tiles import KINDS, Suit, Tile
from tutor.display.svg import hand_svg, meld_svg, tile_svg, tiles_svg
from tutor.errors import HandError

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def tile_groups(root: ET.Element) -> list[ET.Element]:
    return with_class(root, "tile")


def texts(node: ET.Element) -> list[str]:
    return [e.text or "" for e in node.iter(f"{NS}text")]


@pytest.mark.parametrize("tile", KINDS, ids=str)
def test_every_kind_renders_with_its_class_index_and_title(tile: Tile) -> None:
    root = parse(tile_svg(tile))
    [group] = tile_groups(root)
    assert group.get("class") == f"tile tile-{tile}"
    assert group.get("data-tile") == str(tile)
    [index] = with_class(group, "index")
    expected = str(tile) if tile.is_suited else ("E", "S", "W", "N", "Wh", "G", "R")[tile.rank - 1]
    assert index.text == expected
    title = group.find(f"{NS}title")
    assert title is not None and tile.name in (title.text or "")


@pytest.mark.parametrize("tile", KINDS, ids=str)
def test_dots_and_sticks_match_the_rank(tile: Tile) -> None:
    root = parse(tile_svg(tile))
    pips, sticks = with_class(root, "pip"), with_class(root, "stick")
    assert len(pips) == (tile.rank if tile.suit is Suit.DOTS else 0)
    assert len(sticks) == (tile.rank if tile.suit is Suit.BAMBOO else 0)
    if tile.suit is Suit.DOTS and tile.rank > 1:
        # a pip is a coin of three concentric circles
        assert all(len(p.findall(f"{NS}circle")) == 3 for p in pips)
    if tile == Tile.parse("1s"):
        assert with_class(root, "bird")


@pytest.mark.parametrize("tile", [t for t in KINDS if t.suit is not Suit.DOTS], ids=str)
def test_characters_and_honors_print_their_chinese(tile: Tile) -> None:
    words = texts(parse(tile_svg(tile)))
    if tile.suit is Suit.CHARACTERS:
        assert "一二三四五六七八九"[tile.rank - 1] in words and "萬" in words
    elif tile.is_honor and tile.rank != 5:
        assert "東南西北白發中"[tile.rank - 1] in words
    if tile == Tile.parse("5z"):  # the White Dragon is an empty frame
        assert words == ["Wh"]


def test_dragon_colours() -> None:
    def colour_of(code: str) -> str | None:
        [char] = with_class(parse(tile_svg(code)), "honor-char")
        return char.get("fill")

    assert colour_of("7z") == "#c62828"
    assert colour_of("6z") == "#2e7d32"
    assert colour_of("1z") != colour_of("7z")


def test_text_uses_cjk_font_fallbacks() -> None:
    root = parse(tile_svg("3m"))
    families = {e.get("font-family") for e in root.iter(f"{NS}text")}
    cjk = [f for f in families if f and "Noto Sans CJK SC" in f]
    assert cjk and all(f.endswith("sans-serif") for f in families if f)


def test_same_input_gives_identical_svg_and_no_ids() -> None:
    hand = Hand.parse("123m 5白7m 444p 中中中 東東", "hangzhou")
    first = hand_svg(hand, variant="hangzhou", drawn="7m", highlight=["4p"])
    assert first == hand_svg(Hand.parse(str(hand)), variant="hangzhou", drawn="7m",
                             highlight=["4p"])
    assert tile_svg("5p") == tile_svg(Tile.parse("5p"))
    assert " id=" not in first
    assert re.search(r"\d\.\d{3,}", first) is None  # numbers are rounded


def test_size_scales_the_picture() -> None:
    small, big = parse(tile_svg("1m", size=30)), parse(tile_svg("1m", size=60))
    assert float(big.get("width", "0")) == pytest.approx(2 * float(small.get("width", "0")),
                                                         abs=0.2)
    assert small.get("viewBox") == big.get("viewBox")
    with pytest.raises(ValueError, match="size"):
        tile_svg("1m", size=0)


def test_highlight_and_joker_badge_on_a_single_tile() -> None:
    plain = parse(tile_svg("5z"))
    marked = parse(tile_svg("5z", joker=True, highlight="#ff0000"))
    assert not with_class(plain, "joker-badge") and not with_class(plain, "tile-highlight")
    assert len(with_class(marked, "joker-badge")) == 1
    [face] = with_class(marked, "face")
    assert face.get("stroke") == "#ff0000"
    assert "百搭" in texts(marked) and "J" in texts(marked)


def test_tiles_svg_keeps_the_order_given() -> None:
    root = parse(tiles_svg(["9s", "1m", Tile.parse("5z")]))
    assert [g.get("data-tile") for g in tile_groups(root)] == ["9s", "1m", "5z"]
    from_text = parse(tiles_svg("123m", variant="hangzhou"))
    assert [g.get("data-tile") for g in tile_groups(from_text)] == ["1m", "2m", "3m"]


def test_exposed_melds_and_concealed_kong_look_different() -> None:
    pong = parse(meld_svg(Meld.parse("[777z]")))
    kong = parse(meld_svg(Meld.parse("(2222p)")))
    [pong_meld], [kong_meld] = with_class(pong, "meld"), with_class(kong, "meld")
    assert "meld-pong" in (pong_meld.get("class") or "")
    assert "meld-concealed-kong" in (kong_meld.get("class") or "")
    [pong_frame], [kong_frame] = with_class(pong, "meld-frame"), with_class(kong, "meld-frame")
    assert pong_frame.get("stroke") != kong_frame.get("stroke")
    assert kong_frame.get("stroke-dasharray") and not pong_frame.get("stroke-dasharray")
    assert len(tile_groups(pong)) == 3 and not with_class(pong, "tile-back")
    # a concealed kong: four tiles, the middle two face down
    tiles = tile_groups(kong)
    assert len(tiles) == 4
    assert ["tile-back" in (t.get("class") or "") for t in tiles] == [False, True, True, False]
    assert with_class(pong, "meld-label")[0].text == "pong 碰"


def test_hand_concealed_then_drawn_then_melds() -> None:
    hand = Hand.parse("99p 777s [234m] [777z] (2222s)", "huangyan")
    root = parse(hand_svg(hand, drawn="7s"))
    groups = tile_groups(root)
    assert len(groups) == len(hand.tiles) == 5 + 3 + 3 + 4
    assert [g.get("data-tile") for g in groups[:5]] == ["9p", "9p", "7s", "7s", "7s"]
    [drawn] = with_class(root, "drawn")
    [concealed] = with_class(root, "concealed")
    offset = float(re.findall(r"[\d.]+", drawn.get("transform", ""))[0])
    last = float(re.findall(r"[\d.]+", concealed[-1].get("transform", ""))[0])
    assert offset > 4 * 64 + 10 and last == pytest.approx(3 * 64)  # a gap before the drawn tile
    assert len(with_class(root, "meld")) == 3


def test_drawn_tile_must_be_held() -> None:
    with pytest.raises(HandError, match="drawn tile 1m"):
        hand_svg(Hand.parse("99p 777s [234m] [777z] (2222s)"), drawn="1m")


def test_hangzhou_marks_white_dragons_as_jokers_only_in_hangzhou() -> None:
    hand = Hand.parse("123m 5白7m 444p 中中中 東東", "hangzhou")
    hangzhou = parse(hand_svg(hand, variant="hangzhou"))
    jokers = with_class(hangzhou, "tile-joker")
    assert [j.get("data-tile") for j in jokers] == ["5z"]
    assert len(with_class(hangzhou, "joker-badge")) == 1
    assert not with_class(parse(hand_svg(hand, variant="huangyan")), "tile-joker")
    assert not with_class(parse(hand_svg(hand)), "tile-joker")


def test_highlight_marks_every_concealed_copy_with_its_colour() -> None:
    hand = Hand.parse("123m 444p 777z 11z 5s")
    root = parse(hand_svg(hand, highlight={"4p": "#00aa00", Tile.parse("5s"): "#aa0000"}))
    marked = with_class(root, "tile-highlight")
    assert [g.get("data-tile") for g in marked] == ["4p", "4p", "4p", "5s"]
    strokes = {g.get("data-tile"): with_class(g, "face")[0].get("stroke") for g in marked}
    assert strokes == {"4p": "#00aa00", "5s": "#aa0000"}
    assert len(with_class(parse(hand_svg(hand, highlight=["1z"])), "tile-highlight")) == 2


def test_repr_svg_on_tile_meld_and_hand() -> None:
    tile, meld = Tile.parse("3p"), Meld.parse("[345s]")
    hand = Hand.parse("123m 456p 11z [777z]")
    assert len(with_class(parse(tile._repr_svg_()), "tile-3p")) == 1
    assert len(tile_groups(parse(meld._repr_svg_()))) == 3
    root = parse(hand._repr_svg_())
    assert len(tile_groups(root)) == 11 and len(with_class(root, "meld-pong")) == 1


wall = [t for t in KINDS for _ in range(4)]


@settings(max_examples=60, deadline=None)
@given(st.permutations(range(len(wall))), st.integers(0, 14), st.booleans())
def test_random_hands_render_every_tile_once(order: list[int], n: int, hangzhou: bool) -> None:
    hand = Hand(tuple(wall[i] for i in order[:n]))
    variant = "hangzhou" if hangzhou else None
    drawn = hand.concealed[-1] if hand.concealed else None
    svg = hand_svg(hand, variant=variant, drawn=drawn)
    root = parse(svg)
    assert sorted(g.get("data-tile") or "" for g in tile_groups(root)) == sorted(
        str(t) for t in hand.concealed)
    jokers = sum(t == Tile.parse("5z") for t in hand.concealed) if hangzhou else 0
    assert len(with_class(root, "tile-joker")) == jokers
    assert svg == hand_svg(hand, variant=variant, drawn=drawn)
