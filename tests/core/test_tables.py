"""The shipped suit tables: rebuilt and compared, checked against the dynamic programme they
replace, and used without building new tables where the fast paths promise it."""

from __future__ import annotations

import os
import random

import pytest

from tutor.core import tables
from tutor.core import waits as waits_module
from tutor.core.notation import parse_hand
from tutor.core.tables import (
    DATA_DIR,
    FIFTH,
    MOST,
    SHIPPED,
    caps_of,
    costs,
    pattern_count,
    read_shipped,
    suit_table,
    vector,
)
from tutor.core.variant import Variant
from tutor.core.waits import shanten, waits

from . import generate as gen


def test_the_shipped_tables_are_what_the_generator_writes() -> None:
    """Rebuild every table (numpy, a few seconds) and compare with the files in the package."""
    pytest.importorskip("numpy")
    from tutor.core.build_tables import build

    assert build(check=True) == []


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_shipped_vectors_equal_the_dynamic_programme(name: str) -> None:
    """Sampled patterns, read through the table's own positions, agree with
    :func:`tutor.core.tables.costs`, the plain recursion that fills the tables not shipped (an
    independent check of the numpy build); so do the one-pass neighbours."""
    limits, chows, most = SHIPPED[name]
    vectors, ids = read_shipped(name)
    assert len(ids) == pattern_count(caps_of(limits), most) and len(vectors) <= 256
    table = suit_table(limits, chows)
    table.id(bytes(len(limits)))  # reads the file
    rng = random.Random(name)
    checked = 0
    while checked < 1500:
        counts = bytes(min(rng.choice((0, 0, 0, 1, 1, 2, 3, 4)), limits[r])
                       for r in range(len(limits)))
        if sum(counts) > most:
            continue
        checked += 1
        position = table._position(counts)
        assert vectors[ids[position]] == costs(counts, limits, chows), counts.hex()
        for r, near in enumerate(table._neighbours(counts)):
            more = bytearray(counts)
            more[r] += 1
            assert near == table._position(bytes(more)), (counts.hex(), r)
        assert table.id(counts) == tables.intern(costs(counts, limits, chows))


@pytest.mark.parametrize("name", ["suited_pong5", "suited_kong1", "suited_chow7", "honors_joker"])
def test_patterns_a_table_does_not_hold_fall_back_to_the_dynamic_programme(name: str) -> None:
    """More copies of a rank than its limit, or more tiles than the table's most: no position,
    and the id still comes right (from the recursion)."""
    limits, chows, most = SHIPPED[name]
    table = suit_table(limits, chows)
    table.id(bytes(len(limits)))
    r = limits.index(min(limits))
    over = bytearray(len(limits))
    over[r] = limits[r] + 1
    big = bytearray(min(4, n) for n in limits)
    assert sum(big) > most
    for counts in (bytes(over), bytes(big)):
        assert table._position(counts) == -1
        assert all(n == -1 for n in table._neighbours(counts))
        assert table.id(counts) == tables.intern(costs(counts, limits, chows))


def test_one_meld_tables_are_the_ones_bots_and_waits_use() -> None:
    """A hand with one pong, kong or chow in a suit reads that suit from a shipped table."""
    hand = parse_hand("2378m 456p 99s [555m]")
    analysis = waits_module._analysis(hand, Variant.HUANGYAN, False)
    assert analysis.tables[0] is suit_table(*SHIPPED["suited_pong5"][:2])
    hand = parse_hand("2378m 456p 99s [1111m]")
    analysis = waits_module._analysis(hand, Variant.HUANGYAN, False)
    assert analysis.tables[0] is suit_table(*SHIPPED["suited_kong1"][:2])
    hand = parse_hand("2378m 456p 99s [345m]")
    analysis = waits_module._analysis(hand, Variant.HUANGYAN, False)
    assert analysis.tables[0] is suit_table(*SHIPPED["suited_chow3"][:2])
    assert SHIPPED["suited_chow3"][0] == bytes([4, 4, 3, 3, 3, 4, 4, 4, 4])


def test_positions_number_the_shipped_patterns_in_order() -> None:
    from itertools import product

    table = suit_table(*SHIPPED["honors"][:2])
    table.id(bytes(7))
    patterns = [bytes(p) for p in product(range(5), repeat=7) if sum(p) <= MOST]
    assert [table._position(p) for p in patterns] == list(range(pattern_count(bytes([4] * 7),
                                                                              MOST)))
    assert table._position(bytes([4, 4, 4, 3, 0, 0, 0])) == -1  # 15 tiles: not shipped


def test_positions_number_a_limited_table_in_order() -> None:
    """Ranks under a meld hold fewer copies; a table beside a meld holds fewer tiles."""
    from itertools import product

    limits = bytes([4, 1, 4, 0, 4])
    caps, most = caps_of(limits), 7
    terms = tables.rank_terms(caps, most)
    patterns = [p for p in product(*(range(c + 1) for c in caps)) if sum(p) <= most]
    positions = [sum(terms[r][sum(p[:r])][c] for r, c in enumerate(p)) for p in patterns]
    assert positions == list(range(len(patterns))) == list(range(pattern_count(caps, most)))


def test_a_file_that_is_no_table_is_refused(tmp_path: pytest.TempPathFactory,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    import zlib

    monkeypatch.setattr(tables, "DATA_DIR", str(tmp_path))
    (tmp_path / "honors.bin").write_bytes(zlib.compress(b"not a table"))  # type: ignore[operator]
    with pytest.raises(ValueError, match="not the suit table honors"):
        read_shipped("honors")
    with open(os.path.join(DATA_DIR, "suited_pong1.bin"), "rb") as f:
        real = zlib.decompress(f.read())
    (tmp_path / "suited_pong2.bin").write_bytes(zlib.compress(real))  # type: ignore[operator]
    with pytest.raises(ValueError, match="not the suit table suited_pong2"):
        read_shipped("suited_pong2")  # another table's file
    (tmp_path / "suited_pong1.bin").write_bytes(zlib.compress(real[:-1]))  # type: ignore
    with pytest.raises(ValueError, match="patterns, not"):
        read_shipped("suited_pong1")


@pytest.mark.parametrize("fifth", [True, False])
def test_dead_waits_build_no_suit_table(fifth: bool) -> None:
    rng = random.Random(f"dead-{fifth}")
    hands = [gen.random_dead_wait(rng, v) for v in Variant for _ in range(40)]
    hands += [parse_hand("1111m 234p 567p 789p"), parse_hand("333m123p789s5z [4444s]")]
    for hand in hands:  # tables of the melds these hands hold may be new: make them first
        waits_module._analysis(hand, Variant.HANGZHOU, fifth)
        waits_module._analysis(hand, Variant.HUANGYAN, fifth)
    before = dict(tables._TABLES)
    dead = 0
    for hand in hands:
        for variant in (Variant.HUANGYAN, Variant.HANGZHOU):
            dead += bool(waits(hand, variant, joker_fifth_copy=fifth).dead_waits)
    assert set(tables._TABLES) == set(before)
    assert dead >= 40


def test_shanten_of_a_ready_hand_builds_no_ready_mask(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random("ready-mask")
    hands = [(gen.random_ready(rng, v), v) for v in Variant for _ in range(60)]
    expected = [shanten(h, v) for h, v in hands]
    assert expected.count(0) > 100

    def refuse(*args: object) -> int:
        raise AssertionError("the ready mask was built")

    monkeypatch.setattr(waits_module._Analysis, "ready_mask", refuse)
    for (hand, variant), value in zip(hands, expected, strict=True):
        if variant.joker is not None and hand.counts[variant.joker.index] == 4:
            continue  # holding every joker: only then are the natural waits looked at
        assert shanten(hand, variant) == value


@pytest.mark.parametrize("name", ["suited_fifth", "honors_fifth", "honors_joker_fifth",
                                  "suited", "honors"])
def test_five_copies_are_read_by_peeling_a_group(name: str) -> None:
    """A dead wait's hypothetical fifth copy: the vector read from patterns of at most four
    (peeling a pong, a pair, or a copy with a joker) equals the dynamic programme's; under
    limits of four (no joker may pass them) its zero entries do, which is all a hand without
    jokers needs."""
    limits, chows, _ = SHIPPED[name]
    free = bytes(FIFTH if n else 0 for n in limits)
    table = suit_table(limits, chows)
    rng = random.Random(name)
    checked = 0
    while checked < 60:
        r = rng.choice([i for i, n in enumerate(limits) if n])
        more = bytearray(rng.choice((0, 0, 1, 1, 2, 3, 4)) if limits[i] else 0
                         for i in range(len(limits)))
        more[r] = 5
        if sum(more) > MOST + 1:
            continue
        checked += 1
        got = vector(waits_module._five(table, bytearray(more), r))
        want = costs(bytes(more), free, chows)
        if limits[0] == FIFTH:
            assert got == want, more.hex()
        else:
            assert [v == 0 for v in got] == [v == 0 for v in want], more.hex()
