"""Properties of Hangzhou scoring on random complete hands (jokers, melds, chains)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from tutor import Hand, Meld, MeldKind, Seat, Tile
from tutor.core.shapes import Shape, decompositions
from tutor.core.tiles import KINDS
from tutor.core.waits import waits
from tutor.variants.hangzhou import HANGZHOU, ScoringMode, Situation, score

JOKER = Tile.parse("5z")
NATURAL = [t for t in KINDS if t != JOKER]
CHOW_STARTS = [t for t in NATURAL if t.is_suited and t.rank <= 7]


@st.composite
def complete_hands(draw: st.DrawFn) -> tuple[Hand, Tile]:
    counts = [0] * 34
    melds: list[Meld] = []
    concealed: list[Tile] = []

    def first_fit(pool: list[Tile], start: int, shape: list[int]) -> list[Tile]:
        """Tiles of the first kind from ``pool[start]`` on (cyclically) that still fits."""
        for k in range(len(pool)):
            base = pool[(start + k) % len(pool)]
            tiles = [KINDS[base.index + offset] for offset in shape]
            if all(counts[t.index] + tiles.count(t) <= 4 for t in tiles):
                for t in tiles:
                    counts[t.index] += 1
                return tiles
        raise AssertionError("no room")  # cannot happen: 14 tiles never exhaust 33 kinds

    def pair() -> list[Tile]:
        return first_fit(NATURAL, draw(st.integers(0, len(NATURAL) - 1)), [0, 0])

    if draw(st.booleans()):  # seven pairs, four of a kind allowed (Tile Hog)
        while len(concealed) < 14:
            concealed += pair()
    else:
        while len(melds) * 3 + len(concealed) < 12:
            start = draw(st.integers(0, 32))
            if draw(st.booleans()):
                tiles = first_fit(CHOW_STARTS, start % len(CHOW_STARTS), [0, 1, 2])
                kind = draw(st.sampled_from([None, MeldKind.CHOW]))
            else:
                kind = draw(st.sampled_from([None, MeldKind.PONG, MeldKind.OPEN_KONG,
                                             MeldKind.CONCEALED_KONG]))
                size = 4 if kind is not None and kind.is_kong else 3
                tiles = first_fit(NATURAL, start, [0] * size)
            if kind is None:
                concealed += tiles
            else:
                melds.append(Meld(kind, tuple(tiles)))
        concealed += pair()
    jokers = draw(st.integers(0, 4))
    for _ in range(jokers):  # a joker may stand in for any concealed tile
        spots = [i for i, t in enumerate(concealed) if t != JOKER]
        if not spots:
            break
        concealed[draw(st.sampled_from(spots))] = JOKER
    hand = Hand(tuple(concealed), tuple(melds))
    return hand, draw(st.sampled_from(sorted(set(concealed))))


@st.composite
def scored(draw: st.DrawFn) -> tuple[Hand, Tile, Situation, ScoringMode]:
    hand, drawn = draw(complete_hands())
    kongs = sum(m.is_kong for m in hand.melds)
    jokers = hand.held_counts[JOKER.index]
    situation = Situation(winner=draw(st.sampled_from(list(Seat))),
                          dealer=draw(st.sampled_from(list(Seat))),
                          kongs=draw(st.integers(0, kongs)),
                          joker_discards=draw(st.integers(0, 4 - jokers)))
    return hand, drawn, situation, draw(st.sampled_from(list(ScoringMode)))


@settings(max_examples=100, deadline=None)
@given(scored())
def test_payments_sum_to_zero_and_follow_the_base(case: tuple[Hand, Tile, Situation,
                                                              ScoringMode]) -> None:
    hand, drawn, situation, mode = case
    s = score(hand, drawn, situation, rules=replace(HANGZHOU, scoring=mode))
    net = s.payments.net()
    assert sum(net.values()) == 0
    assert net[situation.winner] == s.total > 0
    assert sorted(p.payer for p in s.payments) == [x for x in Seat if x != situation.winner]
    for p in s.payments:
        assert p.payee == situation.winner
        base = 8 if situation.dealer_wins else 8 if p.payer == situation.dealer else 1
        assert p.amount == base * s.product


@settings(max_examples=100, deadline=None)
@given(scored())
def test_product_is_the_product_of_the_lines(case: tuple[Hand, Tile, Situation,
                                                         ScoringMode]) -> None:
    hand, drawn, situation, mode = case
    s = score(hand, drawn, situation, rules=replace(HANGZHOU, scoring=mode))
    product = 1
    for line in s.lines:
        product *= line.multiplier
    if mode is ScoringMode.MULTIPLY:
        assert s.product == product
    else:
        assert s.product == min(product, 16) == 2 ** min(s.fan, 4)
    kinds = [line.name for line in s.lines]
    assert kinds.count("After a gang") == situation.kongs
    assert kinds.count("After a White Dragon Discard") == situation.joker_discards
    before = hand.remove(drawn)
    assert ("White Dragon Pair Wait" in kinds) == waits(before, "hangzhou").white_dragon_pair_wait
    white = hand.held_counts[JOKER.index] + situation.joker_discards
    assert ("Three White Dragons" in kinds) == (white == 3)
    assert ("Four White Dragons" in kinds) == (white == 4)
    # the best reading: seven pairs whenever the hand can be read so
    sevens = any(d.shape is Shape.SEVEN_PAIRS for d in decompositions(hand, "hangzhou"))
    assert (s.reading.shape is Shape.SEVEN_PAIRS) == sevens
    assert s.reading in decompositions(hand, "hangzhou")
