"""Tiles and notation: the rule text's examples, every accepted style, canonical printing,
strict errors.

Expected values are written out by hand (tile indices, Unicode code points from the Unicode
standard), not computed with the code under test.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.core.hand import Hand, Meld, MeldKind
from tutor.core.notation import format_hand, parse_hand, parse_meld, parse_tile, parse_tiles
from tutor.core.tiles import KINDS, Dragon, Suit, Tile, Wind
from tutor.core.variant import Variant
from tutor.errors import NotationError

# ---------------------------------------------------------------------------------------------
# Helpers written independently of the parser.

_OFFSET = {"m": 0, "p": 9, "s": 18, "z": 27}


def t(name: str) -> Tile:
    """One tile from a two-character MPSZ name, without going through the parser."""
    return Tile(_OFFSET[name[1]] + int(name[0]) - 1)


def ts(*names: str) -> tuple[Tile, ...]:
    return tuple(t(n) for n in names)


# ---------------------------------------------------------------------------------------------
# Tiles


def test_tile_indices_and_properties() -> None:
    assert len(KINDS) == 34
    assert [str(k) for k in KINDS[:9]] == [f"{r}m" for r in range(1, 10)]
    assert [str(k) for k in KINDS[9:18]] == [f"{r}p" for r in range(1, 10)]
    assert [str(k) for k in KINDS[18:27]] == [f"{r}s" for r in range(1, 10)]
    assert [str(k) for k in KINDS[27:]] == [f"{r}z" for r in range(1, 8)]
    assert t("3p").index == 11 and t("3p").suit is Suit.DOTS and t("3p").rank == 3
    assert t("9s").is_terminal and not t("9s").is_simple and not t("9s").is_honor
    assert t("5m").is_simple and not t("5m").is_terminal_or_honor
    assert t("1z").is_wind and t("1z").wind is Wind.EAST and t("1z").name == "East"
    assert t("5z").is_dragon and t("5z").dragon is Dragon.WHITE and t("5z").chinese == "白"
    assert t("7z").name == "Red Dragon" and t("6z").chinese == "發"
    assert t("3p").name == "3 of Dots"
    assert Tile.parse("3m") is Tile.parse("3m") is KINDS[2]  # interned
    assert sorted([t("1z"), t("9s"), t("1m")]) == [t("1m"), t("9s"), t("1z")]
    with pytest.raises(ValueError):
        Tile(34)
    with pytest.raises(AttributeError):
        setattr(t("1m"), "index", 3)  # noqa: B010


def test_winds_and_variants() -> None:
    assert Wind.EAST.next() is Wind.SOUTH and Wind.NORTH.next() is Wind.EAST
    assert Wind.EAST.next(3) is Wind.NORTH
    assert [Wind.parse(x) for x in ("E", "south", "西", "4z")] == [
        Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH]
    assert Variant.HUANGYAN.tile_count == 136 and Variant.HANGZHOU.tile_count == 136
    assert Variant.GUIYANG.tile_count == 108
    assert Variant.HANGZHOU.joker == t("5z")
    assert Variant.HUANGYAN.joker is None and Variant.GUIYANG.joker is None
    assert t("5z") not in Variant.HANGZHOU.natural_kinds
    assert len(Variant.HANGZHOU.natural_kinds) == 33
    assert all(k.is_suited for k in Variant.GUIYANG.kinds)


# ---------------------------------------------------------------------------------------------
# The original rule text's examples


def test_rule_text_valid_hand_reads_in_order() -> None:
    # "5白7m": digits wait for their suit letter, so this is 5m, White Dragon, 7m in that order.
    assert parse_tiles("5白7m") == ts("5m", "5z", "7m")
    text = "123m 5白7m 444p 中中中 東東"
    assert parse_tiles(text) == ts("1m", "2m", "3m", "5m", "5z", "7m", "4p", "4p", "4p",
                                   "7z", "7z", "7z", "1z", "1z")
    expected = Hand(ts("1m", "2m", "3m", "5m", "7m", "4p", "4p", "4p", "1z", "1z", "5z",
                       "7z", "7z", "7z"))
    for variant in (None, "huangyan", "hangzhou"):
        hand = parse_hand(text, variant)
        assert hand == expected
        assert hand.melds == () and hand.size == 14
    assert str(expected) == "12357m444p115777z"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("45m 56p 777s 南南南 中中 + 白",
         ts("4m", "5m", "5p", "6p", "7s", "7s", "7s", "2z", "2z", "2z", "5z", "7z", "7z")),
        ("45m 56p 77s 南南南 中中 + 白白",
         ts("4m", "5m", "5p", "6p", "7s", "7s", "2z", "2z", "2z", "5z", "5z", "7z", "7z")),
    ],
)
def test_rule_text_ready_hands(text: str, expected: tuple[Tile, ...]) -> None:
    hand = parse_hand(text, "hangzhou")
    assert hand == Hand(expected)
    assert hand.size == 13
    assert sorted(parse_tiles(text)) == sorted(expected)


# ---------------------------------------------------------------------------------------------
# Styles


def test_mpsz() -> None:
    hand = parse_hand("123m456p789s11z")
    assert hand.concealed == ts("1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z")
    assert parse_tiles("1234567z") == ts("1z", "2z", "3z", "4z", "5z", "6z", "7z")
    # a suit letter may close digits of several runs; order written is kept by parse_tiles
    assert parse_tiles("9m1p9m") == ts("9m", "1p", "9m")
    assert parse_tiles("1m1p1s1z") == ts("1m", "1p", "1s", "1z")


@pytest.mark.parametrize(
    ("char", "name"),
    [("東", "1z"), ("南", "2z"), ("西", "3z"), ("北", "4z"), ("白", "5z"), ("發", "6z"),
     ("中", "7z"), ("东", "1z"), ("发", "6z")],
)
def test_cjk_honors(char: str, name: str) -> None:
    assert parse_tile(char) == t(name)
    assert parse_tiles(char * 2 + "1m") == (t(name), t(name), t("1m"))


# Unicode Mahjong Tiles block (U+1F000-U+1F02B), from the Unicode code charts.
_GLYPHS = (
    [(0x1F000 + i, f"{i + 1}z") for i in range(4)]                # East South West North
    + [(0x1F004, "7z"), (0x1F005, "6z"), (0x1F006, "5z")]        # Red, Green, White Dragon
    + [(0x1F007 + i, f"{i + 1}m") for i in range(9)]              # characters
    + [(0x1F010 + i, f"{i + 1}s") for i in range(9)]              # bamboos
    + [(0x1F019 + i, f"{i + 1}p") for i in range(9)]              # circles (dots)
)


@pytest.mark.parametrize(("code", "name"), _GLYPHS, ids=[n for _, n in _GLYPHS])
def test_unicode_glyphs(code: int, name: str) -> None:
    assert parse_tile(chr(code)) == t(name)
    assert t(name).glyph == chr(code)


def test_unicode_hand_and_emoji_selector() -> None:
    hand = parse_hand("🀇🀈🀉 🀙🀚🀛 🀐🀑🀒 🀀🀀 🀄\ufe0f🀄🀄")
    assert hand == parse_hand("123m123p123s11777z")
    assert len(KINDS) == len({k.glyph for k in KINDS})


@pytest.mark.parametrize(
    "text",
    ["123m456p789s11z", "123m 456p 789s 11z", "123m+456p+789s+11z", "123m\t456p\n789s 11z",
     " 123m + 456p 789s\u300011z ", "1m2m3m4p5p6p7s8s9s1z1z", "123m 456p 789s 東東"],
)
def test_separators(text: str) -> None:
    assert parse_hand(text) == Hand(ts("1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s",
                                       "1z", "1z"))


@pytest.mark.parametrize(
    ("text", "kind", "tiles"),
    [
        ("[345s]", MeldKind.CHOW, ts("3s", "4s", "5s")),
        ("[534s]", MeldKind.CHOW, ts("3s", "4s", "5s")),
        ("[777z]", MeldKind.PONG, ts("7z", "7z", "7z")),
        ("[中中中]", MeldKind.PONG, ts("7z", "7z", "7z")),
        ("[1111m]", MeldKind.OPEN_KONG, ts("1m", "1m", "1m", "1m")),
        ("{1111m}", MeldKind.ADDED_KONG, ts("1m", "1m", "1m", "1m")),
        ("(2222p)", MeldKind.CONCEALED_KONG, ts("2p", "2p", "2p", "2p")),
        ("[🀙🀚🀛]", MeldKind.CHOW, ts("1p", "2p", "3p")),
    ],
)
def test_melds(text: str, kind: MeldKind, tiles: tuple[Tile, ...]) -> None:
    meld = Meld.parse(text)
    assert meld == parse_meld(text) == Meld(kind, tiles)
    assert meld.kind is kind and meld.tiles == tiles


def test_hand_with_melds() -> None:
    hand = parse_hand("11p [345s] [777z] [1111m] (2222p)")
    assert hand.concealed == ts("1p", "1p")
    assert [m.kind for m in hand.melds] == [MeldKind.CHOW, MeldKind.PONG, MeldKind.OPEN_KONG,
                                           MeldKind.CONCEALED_KONG]
    assert hand.size == 14
    assert hand.held_counts[0] == 4 and hand.held_counts[10] == 4 and hand.held_counts[9] == 2
    assert str(hand) == "11p [345s] [777z] [1111m] (2222p)"
    added = parse_hand("23m 55p [678s] {9999s} [東東東]")
    assert added.melds[1].kind is MeldKind.ADDED_KONG
    assert str(added) == "23m55p [678s] {9999s} [111z]"
    # a concealed kong of jokers is the one meld jokers may form in Hangzhou
    assert parse_hand("123m (5555z)", "hangzhou").melds == (
        Meld(MeldKind.CONCEALED_KONG, ts("5z", "5z", "5z", "5z")),)
    # White Dragons are ordinary tiles outside Hangzhou: an exposed pong of them is fine
    assert parse_hand("123m [白白白]", "huangyan").melds == (Meld.pong(t("5z")),)


# ---------------------------------------------------------------------------------------------
# Canonical printing and repr


def test_canonical_printing() -> None:
    a = parse_hand("東東 444p 5白7m 123m 中中中")
    # East East 5m 4p 4p 4p White 7m 1m 2m 3m Red Red Red, as glyphs
    b = parse_hand("".join(chr(c) for c in (
        0x1F000, 0x1F000, 0x1F00B, 0x1F01C, 0x1F01C, 0x1F01C, 0x1F006, 0x1F00D,
        0x1F007, 0x1F008, 0x1F009, 0x1F004, 0x1F004, 0x1F004)))
    assert str(a) == str(b) == format_hand(a) == "12357m444p115777z"
    assert format_hand(a, "cjk") == "12357m 444p 東東白中中中"
    assert format_hand(a, "unicode") == "".join(chr(c) for c in (
        0x1F007, 0x1F008, 0x1F009, 0x1F00B, 0x1F00D, 0x1F01C, 0x1F01C, 0x1F01C,
        0x1F000, 0x1F000, 0x1F006, 0x1F004, 0x1F004, 0x1F004))
    with pytest.raises(ValueError, match="style"):
        format_hand(a, "roman")


@pytest.mark.parametrize("text", ["12357m444p115777z", "11p [345s] [777z] [1111m] (2222p)",
                                  "23m55p [678s] {9999s} [111z]", "1m", "(5555z)"])
def test_repr_is_constructor_call(text: str) -> None:
    hand = parse_hand(text)
    assert repr(hand).startswith("Hand.")
    assert eval(repr(hand)) == hand
    for meld in hand.melds:
        assert repr(meld).startswith("Meld.") and eval(repr(meld)) == meld


def test_tile_repr_round_trip() -> None:
    for tile in KINDS:
        assert repr(tile).startswith("Tile.")
        assert eval(repr(tile)) is tile
        assert parse_tile(str(tile)) is tile
        assert parse_tile(tile.glyph) is tile


# ---------------------------------------------------------------------------------------------
# Strict errors: (input, variant, position or None, words the message must contain)

_ERRORS = [
    # a fifth copy
    ("11111m", None, 4, "fifth copy"),
    ("1m1m1m 1m 1m", None, 10, "fifth copy"),
    ("中中中中 7z", None, 5, "fifth copy"),
    # a digit with no suit
    ("123", None, 0, "no suit"),
    ("123m 45", None, 5, "no suit"),
    ("123m 45 [123p]", None, 5, "no suit"),
    # rank 0 and 8z/9z
    ("0m", None, 0, "rank 0"),
    ("120p", None, 2, "rank 0"),
    ("8z", None, 0, "8z"),
    ("1289z", None, 2, "8z"),
    ("9z", None, 0, "9z"),
    # unknown characters
    ("123x", None, 3, "unknown character"),
    ("12m E", None, 4, "unknown character"),
    ("１２３m", None, 0, "ASCII"),
    ("m", None, 0, "no digits"),
    ("\U0001F022", None, 0, "flower"),
    # empty, malformed and unclosed melds
    ("123m []", None, 5, "empty meld"),
    ("()", None, 0, "empty meld"),
    ("{ }", None, 0, "empty meld"),
    ("[124m]", None, 0, "malformed meld"),
    ("123m456p [12m]", None, 9, "malformed meld"),
    ("[11112m]", None, 0, "malformed meld"),
    ("[567z]", None, 0, "malformed meld"),
    ("[891m]", None, 0, "malformed meld"),
    ("{123m}", None, 0, "malformed meld"),
    ("(111m)", None, 0, "malformed meld"),
    ("[123m", None, 0, "not closed"),
    ("東南 (2222p", None, 3, "not closed"),
    ("[123m)", None, 0, "not closed"),
    ("123m]", None, 4, "never opened"),
    # tiles or melds the variant does not use
    ("123m 東", "guiyang", 5, "not used in Guiyang"),
    ("1z", "guiyang", 0, "not used in Guiyang"),
    ("11m [777z]", "guiyang", 4, "not used in Guiyang"),
    ("11m [123p]", "guiyang", None, "no chows"),
    # a joker in an exposed Hangzhou meld
    ("123m [白白白]", "hangzhou", None, "joker"),
    ("123m [5555z]", "hangzhou", None, "joker"),
    ("123m {5555z}", "hangzhou", None, "joker"),
    # a hand that cannot be held
    ("11112222333344445m", None, None, "at most 14"),
    ("", None, None, "no tiles"),
    (" + ", None, None, "no tiles"),
]


@pytest.mark.parametrize(("text", "variant", "position", "words"), _ERRORS,
                         ids=[f"{v or 'any'}:{x}" for x, v, _, _ in _ERRORS])
def test_notation_errors(text: str, variant: str | None, position: int | None,
                         words: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_hand(text, variant)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.text == text
    assert repr(text) in str(err)  # the message quotes the input
    assert words in str(err)
    if position is None:
        assert err.problem  # a fault of the input as a whole names the problem
    else:
        assert err.position == position
        assert f"position {position}" in str(err)


def test_other_entry_points_are_strict() -> None:
    with pytest.raises(NotationError, match="expected one tile"):
        parse_tile("1m2m")
    with pytest.raises(NotationError, match="melds are not allowed"):
        parse_tiles("1m [123p]")
    with pytest.raises(NotationError, match="exactly one meld"):
        parse_meld("1m [123p]")
    with pytest.raises(NotationError, match="not used in Guiyang"):
        parse_tile("中", "guiyang")
    with pytest.raises(TypeError):
        parse_hand(123)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# Round trips over random valid hands (hypothesis)


@st.composite
def hands(draw: st.DrawFn, variant: Variant | None = None) -> Hand:
    """A random valid hand of 1-14 tiles with 0-4 melds, respecting the four-copy limit."""
    kinds = list(variant.kinds) if variant else list(KINDS)
    joker = variant.joker if variant else None
    chows_allowed = variant.allows_chow if variant else True
    held = [0] * 34
    melds: list[Meld] = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(list(MeldKind)))
        first = draw(st.sampled_from(kinds))
        if kind is MeldKind.CHOW:
            if not chows_allowed or first.is_honor or first.rank > 7:
                continue
            meld = Meld.chow(first)
        elif kind is MeldKind.PONG:
            meld = Meld.pong(first)
        else:
            meld = Meld.kong(first, kind)
        if first == joker and kind is not MeldKind.CONCEALED_KONG:
            continue
        if any(held[x.index] + meld.tiles.count(x) > 4 for x in meld.tiles):
            continue
        for x in meld.tiles:
            held[x.index] += 1
        melds.append(meld)
    room = 14 - 3 * len(melds)
    size = draw(st.integers(0 if melds else 1, room))
    concealed: list[Tile] = []
    for _ in range(size):
        x = draw(st.sampled_from(kinds))
        if held[x.index] < 4:
            held[x.index] += 1
            concealed.append(x)
    if not concealed and not melds:
        concealed.append(kinds[0])
    order = draw(st.permutations(range(len(melds))))
    return Hand(tuple(concealed), tuple(melds[i] for i in order))


@given(hands())
def test_round_trip_any_hand(hand: Hand) -> None:
    assert parse_hand(str(hand)) == hand
    assert parse_hand(format_hand(hand, "mpsz")) == hand
    assert parse_hand(format_hand(hand, "cjk")) == hand
    assert parse_hand(format_hand(hand, "unicode")) == hand
    assert eval(repr(hand)) == hand
    assert str(parse_hand(format_hand(hand, "cjk"))) == str(hand)  # one canonical form


@pytest.mark.parametrize("variant", list(Variant), ids=[v.value for v in Variant])
@given(data=st.data())
def test_round_trip_per_variant(variant: Variant, data: st.DataObject) -> None:
    hand = data.draw(hands(variant))
    assert parse_hand(str(hand), variant) == hand
    assert parse_hand(format_hand(hand, "cjk"), variant) == hand
    assert parse_hand(format_hand(hand, "unicode"), variant) == hand


@given(st.lists(st.sampled_from(KINDS), min_size=1, max_size=14))
def test_parse_tiles_keeps_written_order(tiles: list[Tile]) -> None:
    if any(tiles.count(x) > 4 for x in tiles):
        with pytest.raises(NotationError, match="fifth copy"):
            parse_tiles("".join(str(x) for x in tiles))
        return
    assert parse_tiles("".join(str(x) for x in tiles)) == tuple(tiles)
    assert parse_tiles(" ".join(x.glyph for x in tiles)) == tuple(tiles)
