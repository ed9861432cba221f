"""Shapes, win check, waits, shanten and efficiency against the rule text and an independent oracle.

``oracle.py`` is a plain brute force written from the rule texts; ``generate.py`` builds seeded
random hands (complete, ready, uniform; jokers 0-4 in Hangzhou). Mismatches are collected and
reported with the hand's notation so a failure names the hand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.core.hand import Hand, Meld, MeldKind
from tutor.core.notation import parse_hand
from tutor.core.shapes import Decomposition, Group, GroupKind, Shape, decompositions, joker_count
from tutor.core.tiles import KINDS, Tile
from tutor.core.variant import Variant
from tutor.core.waits import efficiency, is_win, shanten, useful_tiles, waits
from tutor.errors import HandError

from . import generate as gen
from . import oracle

HUANGYAN, HANGZHOU, GUIYANG = Variant.HUANGYAN, Variant.HANGZHOU, Variant.GUIYANG
VARIANTS = [HUANGYAN, HANGZHOU, GUIYANG]
IDS = [v.value for v in VARIANTS]
# Every variant, and Hangzhou also under the stricter option where a joker is never a fifth copy
# (``fifth`` is ``joker_fifth_copy``; it means nothing without jokers).
MODES = [(HUANGYAN, True), (HANGZHOU, True), (HANGZHOU, False), (GUIYANG, True)]
MODE_IDS = ["huangyan", "hangzhou", "hangzhou-strict", "guiyang"]
WHITE = KINDS[31]


def names(tiles: Iterable[Tile | int]) -> list[str]:
    return [str(KINDS[t] if isinstance(t, int) else t) for t in tiles]


def idx(tiles: Iterable[Tile]) -> tuple[int, ...]:
    return tuple(t.index for t in tiles)


def rng_for(variant: Variant, salt: str) -> random.Random:
    return random.Random(f"{variant.value}:{salt}")


def check_empty(problems: list[str]) -> None:
    assert not problems, f"{len(problems)} mismatches, first ones:\n" + "\n".join(problems[:10])


def holds_all_jokers(hand: Hand, variant: Variant) -> bool:
    return variant.joker is not None and hand.held_counts[variant.joker.index] == 4




# ---------------------------------------------------------------------------------------------
# Golden cases from the rule texts


def test_rule_text_hangzhou_valid_hand() -> None:
    hand = parse_hand("123m 5白7m 444p 中中中 東東", HANGZHOU)
    assert is_win(hand, HANGZHOU)
    (only,) = decompositions(hand, HANGZHOU)  # the 白 can only be the 6m of 567m
    assert only.shape is Shape.STANDARD
    assert names(only.joker_stands_for) == ["6m"]
    assert sorted(str(g).split(" ")[0] for g in only.groups) == sorted(
        ["123m", "567m", "444p", "777z", "11z"])
    # Outside Hangzhou the White Dragon is an ordinary tile and the hand is not complete.
    assert not is_win(hand, HUANGYAN)
    assert decompositions(hand, HUANGYAN) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("45m 56p 777s 南南南 中中 + 白", ["3m", "6m", "4p", "7p"]),
        ("45m 56p 77s 南南南 中中 + 白白", ["3m", "6m", "4p", "7p", "7s", "7z"]),
    ],
)
def test_rule_text_hangzhou_waits(text: str, expected: list[str]) -> None:
    hand = parse_hand(text, HANGZHOU)
    result = waits(hand, HANGZHOU)
    assert names(result.waits) == expected
    assert result.dead_waits == ()
    assert result.ready and result.shanten == 0
    assert not result.white_dragon_pair_wait
    assert names(oracle.waits(hand, HANGZHOU).waits) == expected  # the oracle agrees
    assert result.as_dict()["waits"] == expected


@pytest.mark.parametrize(
    "text",
    [
        "123456789m 中中中 白",             # Example 1 after discarding one 白 (suits chosen: m)
        "123456m 77m白 白 [中中中中]",       # Example 2: after the kong and the joker discard
        "112233445566m 白",                  # Example 3: six pairs and a lone joker
    ],
)
def test_rule_text_white_dragon_pair_wait(text: str) -> None:
    hand = parse_hand(text, HANGZHOU)
    result = waits(hand, HANGZHOU)
    assert result.white_dragon_pair_wait
    assert result.ready
    assert oracle.white_dragon_pair_wait(hand, HANGZHOU)


def test_white_dragon_pair_wait_needs_a_joker_and_a_complete_rest() -> None:
    assert not waits(parse_hand("123456789m 中中中 1p", HANGZHOU), HANGZHOU).white_dragon_pair_wait
    assert not waits(parse_hand("123456789m 中南西 白", HANGZHOU), HANGZHOU).white_dragon_pair_wait
    # 中中 + a joker is a pong, so one joker set aside leaves four sets: the state holds
    assert waits(parse_hand("123456789m 中中 白白", HANGZHOU), HANGZHOU).white_dragon_pair_wait
    # the same tiles in Huangyan: 白 is a White Dragon, not a joker
    assert not waits(parse_hand("123456789m 中中中 白"), HUANGYAN).white_dragon_pair_wait


def test_dead_wait_is_listed_apart() -> None:
    hand = parse_hand("1111m 234p 567p 789p")
    for variant, fifth in MODES:
        result = waits(hand, variant, joker_fifth_copy=fifth)
        assert names(result.dead_waits) == ["1m"]
        assert result.waits == ()
        if variant is HANGZHOU and fifth:
            # a drawn joker wins as the fifth 1m of the pair 11m: ready with no natural wait
            assert result.ready and result.shanten == 0
            assert "waiting only on a drawn joker" in str(result)
            assert is_win(hand.add(WHITE), HANGZHOU)
            assert result.winning_tiles_left == 4
        else:
            assert not result.ready and result.shanten == 1
            assert shanten(hand, variant, joker_fifth_copy=fifth) == 1
    # melded copies count: one concealed 1m and a pong of 1m is all four
    melded = waits(parse_hand("1m 234p 567p 789p [111m]"), HUANGYAN)
    assert names(melded.dead_waits) == ["1m"] and not melded.ready
    live = waits(parse_hand("1m 234p 567p 789p [999m]"), HUANGYAN)
    assert names(live.waits) == ["1m"] and live.dead_waits == ()


def test_a_joker_may_stand_for_a_fifth_copy() -> None:
    """The rule of record: a joker stands for any kind, even one whose four natural copies are
    all held, melded or seen; a kind that would complete the hand with no natural copy left to
    draw is a dead wait. ``joker_fifth_copy=False`` is the stricter reading."""
    # 666m + 111p + two melds, and a joker: a White Dragon Pair Wait. 6m and 1p each have one
    # natural copy left; with it, the joker is the fifth 6m (or 1p) of the pair.
    hand = parse_hand("666m111p5z [789s] [333p]", HANGZHOU)
    result = waits(hand, HANGZHOU)
    assert {"6m", "1p"} <= set(names(result.waits)) and result.dead_waits == ()
    assert result.left[KINDS[5]] == 1 and result.left[KINDS[9]] == 1
    assert result.white_dragon_pair_wait and len(result.waits) == 33
    strict = waits(hand, HANGZHOU, joker_fifth_copy=False)
    assert not {"6m", "1p"} & set(names(strict.waits)) and len(strict.waits) == 31
    assert is_win(hand.add(KINDS[5]), HANGZHOU)
    assert not is_win(hand.add(KINDS[5]), HANGZHOU, joker_fifth_copy=False)
    readings = decompositions(hand.add(KINDS[5]), HANGZHOU)  # 666m+6m白 or 66m+66m白
    assert readings and all(names(r.joker_stands_for) == ["6m"] for r in readings)
    assert decompositions(hand.add(KINDS[5]), HANGZHOU, joker_fifth_copy=False) == []
    # 3m has one copy left: a wait; all four 4s are in the kong: a dead wait, listed apart
    hand = parse_hand("333m123p789s5z [4444s]", HANGZHOU)
    result = waits(hand, HANGZHOU)
    assert "3m" in names(result.waits) and names(result.dead_waits) == ["4s"]
    assert "4s" not in names(result.waits)
    assert result.as_dict()["dead_waits"] == ["4s"]
    strict = waits(hand, HANGZHOU, joker_fifth_copy=False)
    assert "3m" not in names(strict.waits) and strict.dead_waits == ()
    for fifth in (True, False):  # the oracle, written apart, agrees both ways
        got = waits(hand, HANGZHOU, joker_fifth_copy=fifth)
        want = oracle.waits(hand, HANGZHOU, fifth=fifth)
        assert (idx(got.waits), idx(got.dead_waits)) == (want.waits, want.dead)


def test_a_joker_as_a_fifth_copy_in_seven_pairs_and_double_pongs() -> None:
    # four East and a joker: with a fifth East (a dead wait) the joker would pair it as a third
    # pair of East in seven pairs (honors make no chows, and no standard reading exists)
    hand = parse_hand("1111z 22z 33z 44z 66z 白", HANGZHOU)
    assert names(waits(hand, HANGZHOU).dead_waits) == ["1z"]
    assert waits(hand, HANGZHOU, joker_fifth_copy=False).dead_waits == ()
    assert oracle.waits(hand, HANGZHOU).dead == (27,)
    # set one joker aside and the rest is four groups only as two pongs of 7z (777z, 7z+白白)
    hand = parse_hand("7777z 白白白 123m 456m", HANGZHOU)
    assert waits(hand, HANGZHOU).white_dragon_pair_wait
    assert oracle.white_dragon_pair_wait(hand, HANGZHOU)
    assert not waits(hand, HANGZHOU, joker_fifth_copy=False).white_dragon_pair_wait


def test_winning_tiles_left_count_unseen_jokers() -> None:
    """``123456789m 中中中 白``: one joker set aside, the rest is four sets (a White Dragon Pair
    Wait), so every natural kind completes it. Copies left: 1m-9m 3 each (27), dots and bamboo
    4 each (72), East to North 4 each (16), Green 4, Red 1 (the hand holds three): 120 natural
    tiles; and 3 of the 4 jokers are unseen: 123. Under the stricter option the Red Dragon is no
    wait (the joker would be its fifth copy): 119 + 3 = 122."""
    hand = parse_hand("123456789m 中中中 白", HANGZHOU)
    result = waits(hand, HANGZHOU)
    assert len(result.waits) == 33 and result.left[WHITE] == 3
    assert result.winning_tiles_left == 123
    strict = waits(hand, HANGZHOU, joker_fifth_copy=False)
    assert KINDS[33] not in strict.waits and strict.winning_tiles_left == 122
    # a seen joker is one fewer left
    assert waits(hand, HANGZHOU, visible=[WHITE]).winning_tiles_left == 122


def test_seven_pairs_and_four_as_two_pairs() -> None:
    hand = parse_hand("1111m 2299p 3355s 77s")
    assert not is_win(hand, HUANGYAN)  # no seven pairs in Huangyan
    for variant in (HANGZHOU, GUIYANG):
        assert is_win(hand, variant)
        shapes = {d.shape for d in decompositions(hand, variant)}
        assert Shape.SEVEN_PAIRS in shapes
    ready = parse_hand("1111m 2299p 3355s 7s")
    for variant in (HANGZHOU, GUIYANG):
        assert names(waits(ready, variant).waits) == ["7s"]
    assert names(waits(ready, HUANGYAN).waits) == []
    # four identical undeclared tiles are two pairs, so the fourth 6m is a live wait
    assert names(waits(parse_hand("11m 22p 33p 44s 55s 666m"), GUIYANG).waits) == ["6m"]


def test_guiyang_concealed_runs_count_but_chow_calls_do_not_exist() -> None:
    # "Pung, kong and hu are allowed; chi is not": runs drawn into the hand still form sets.
    assert is_win(parse_hand("123m456m789m11122p", GUIYANG), GUIYANG)
    with pytest.raises(ValueError, match="no chows"):
        parse_hand("11122p 456m 789m [123m]", GUIYANG)


def test_sizes_are_checked() -> None:
    thirteen = parse_hand("1112345678999m")
    fourteen = parse_hand("11123456789999m")
    with pytest.raises(HandError):
        is_win(thirteen, HUANGYAN)
    with pytest.raises(HandError):
        waits(fourteen, HUANGYAN)
    with pytest.raises(HandError):
        efficiency(thirteen, HUANGYAN)
    with pytest.raises(HandError):
        decompositions(thirteen, HUANGYAN)
    assert shanten(fourteen, HUANGYAN) == -1
    assert names(waits(thirteen, HUANGYAN).waits) == [f"{r}m" for r in range(1, 10)]


# ---------------------------------------------------------------------------------------------
# Win check and decompositions against the oracle


def decomposition_problems(hand: Hand, variant: Variant, readings: list[Decomposition],
                           fifth: bool = True) -> str:
    """What is wrong with a list of readings of ``hand`` ("" if nothing). ``fifth``: jokers
    may stand for copies beyond the fourth."""
    joker = variant.joker
    held = list(hand.held_counts)
    if joker is not None:
        held[joker.index] = 0
    seen: set[tuple[object, ...]] = set()
    melds = Counter(hand.melds)
    for d in readings:
        sig = (d.shape, tuple(sorted((g.kind.value, idx(g.tiles), idx(g.jokers), g.wild,
                                      str(g.meld)) for g in d.groups)))
        if sig in seen:
            return f"repeated reading {d}"
        seen.add(sig)
        physical: Counter[Tile] = Counter()
        stand_ins: Counter[Tile] = Counter()
        used_melds: Counter[Meld] = Counter()
        for g in d.groups:
            size = {GroupKind.PAIR: 2, GroupKind.PONG: 3, GroupKind.CHOW: 3, GroupKind.KONG: 4}
            if len(g.tiles) != size[g.kind]:
                return f"{d}: group {g} has {len(g.tiles)} tiles"
            if g.meld is not None:
                used_melds[g.meld] += 1
                if Counter(g.meld.tiles) != Counter(g.tiles) and not g.wild:
                    return f"{d}: group {g} is not its meld {g.meld}"
            elif g.kind is GroupKind.KONG:
                return f"{d}: an undeclared kong {g}"
            if g.wild:
                if joker is None or any(t != joker for t in g.tiles) or g.jokers:
                    return f"{d}: wild group {g} is not all jokers"
                if g.joker_tiles != len(g.tiles):
                    return f"{d}: wild group {g} counts {g.joker_tiles} jokers"
                physical.update(g.tiles)
                continue
            a = idx(g.tiles)
            if g.kind is GroupKind.CHOW:
                if not (a[0] < 27 and a[0] % 9 <= 6 and a == (a[0], a[0] + 1, a[0] + 2)):
                    return f"{d}: {g} is not a chow"
            elif len(set(a)) != 1:
                return f"{d}: {g} is not {g.kind.value}"
            rest = Counter(g.tiles)
            rest.subtract(g.jokers)
            if min(rest.values()) < 0:
                return f"{d}: {g} jokers {names(g.jokers)} are not among its tiles"
            if g.jokers and (joker is None or joker in g.jokers):
                return f"{d}: {g} has jokers standing for {names(g.jokers)}"
            if g.joker_tiles != len(g.jokers):
                return f"{d}: {g} counts {g.joker_tiles} jokers for {len(g.jokers)} stand-ins"
            physical.update(+rest)
            if g.jokers:
                assert joker is not None
                physical[joker] += len(g.jokers)
            stand_ins.update(g.jokers)
        if physical != Counter(hand.tiles):
            return f"{d}: tiles {sorted(physical.elements())} are not the hand's"
        if used_melds != melds:
            return f"{d}: melds used {dict(used_melds)} != {dict(melds)}"
        for t, n in stand_ins.items():
            if held[t.index] + n > 4 and not fifth:
                return f"{d}: jokers stand for a fifth {t}"
        if Counter(d.joker_stands_for) != stand_ins:
            return f"{d}: joker_stands_for {names(d.joker_stands_for)}"
        if d.jokers != sum(g.joker_tiles for g in d.groups):
            return f"{d}: jokers = {d.jokers}"
        groups = list(d.groups)
        if d.shape is Shape.STANDARD:
            if len(d.sets) != 4 or len(d.pairs) != 1 or groups[-1].kind is not GroupKind.PAIR:
                return f"{d}: not four sets and a pair last"
            declared = [g for g in groups if g.meld is not None]
            if groups[:len(declared)] != declared:
                return f"{d}: declared melds are not first"
        else:
            if not variant.seven_pairs or hand.melds or len(d.pairs) != 7:
                return f"{d}: not seven pairs"
        # replacing each joker by what it stands for leaves a complete natural hand
        if d.shape is Shape.STANDARD and not any(g.wild for g in groups) and stand_ins:
            # (as counts: with a joker as a fifth copy the tiles are no Hand)
            counts = [0] * 34
            for g in groups:
                if g.meld is None:
                    for t in g.tiles:
                        counts[t.index] += 1
            plain = oracle.Parts(tuple(counts), 0, len(hand.melds), tuple(counts), 14)
            if not oracle.complete_parts(plain, oracle.rules_of(HUANGYAN)):
                return f"{d}: with jokers replaced, {counts} is not complete"
    return ""


def _win_samples(variant: Variant, count: int) -> list[Hand]:
    rng = rng_for(variant, "win")
    hands = []
    for i in range(count):
        jokers = i % 5 if variant is HANGZHOU else None
        hands.append(gen.random_complete(rng, variant, jokers=jokers, seven_pairs=0.25))
        hands.append(gen.near_complete(rng, variant))
    return hands


@pytest.mark.parametrize(("variant", "fifth"), MODES, ids=MODE_IDS)
def test_win_check_and_decompositions_match_oracle(variant: Variant, fifth: bool) -> None:
    problems: list[str] = []
    wins = 0
    for hand in _win_samples(variant, 1000):
        expected = oracle.is_complete(hand, variant, fifth=fifth)
        got = is_win(hand, variant, joker_fifth_copy=fifth)
        readings = decompositions(hand, variant, joker_fifth_copy=fifth)
        wins += expected
        if got != expected:
            problems.append(f"is_win({hand}) = {got}, oracle {expected}")
        if bool(readings) != expected:
            problems.append(f"{hand}: {len(readings)} readings, oracle says win={expected}")
        bad = decomposition_problems(hand, variant, readings, fifth)
        if bad:
            problems.append(f"{hand}: {bad}")
        if joker_count(hand, variant) == 0 and expected:
            mine = {(d.shape.name.lower().replace("_", " "),
                     tuple(sorted((g.kind.name, idx(g.tiles)) for g in d.groups)))
                    for d in readings}
            theirs = oracle.readings(hand, variant)
            if mine != theirs:
                problems.append(f"{hand}: readings {sorted(mine)} != oracle {sorted(theirs)}")
    check_empty(problems)
    assert wins > 1000  # the sample really holds many complete hands (and many that are not)


@pytest.mark.parametrize("fifth", [True, False], ids=["fifth", "strict"])
@pytest.mark.parametrize("jokers", range(5))
def test_hangzhou_win_check_with_each_joker_count(jokers: int, fifth: bool) -> None:
    rng = random.Random(f"hangzhou-jokers-{jokers}")
    problems = []
    for _ in range(300):
        hand = gen.random_hand(rng, HANGZHOU, 14, jokers=jokers)
        if is_win(hand, HANGZHOU, joker_fifth_copy=fifth) != oracle.is_complete(
                hand, HANGZHOU, fifth=fifth):
            problems.append(str(hand))
        complete = gen.random_complete(rng, HANGZHOU, jokers=jokers)
        if not is_win(complete, HANGZHOU, joker_fifth_copy=fifth):
            problems.append(f"{complete} (built complete)")
    check_empty(problems)


# ---------------------------------------------------------------------------------------------
# Waits, dead waits, White Dragon Pair Wait and shanten against the oracle


def _wait_samples(variant: Variant) -> list[Hand]:
    rng = rng_for(variant, "waits")
    hands = []
    # jokers make the brute force slow: fewer (but still over a thousand) hands in Hangzhou
    ready, uniform = (700, 400) if variant is HANGZHOU else (900, 600)
    for i in range(ready):
        jokers = i % 5 if variant is HANGZHOU else None
        hands.append(gen.random_ready(rng, variant, jokers=jokers))
    for i in range(uniform):
        jokers = i % 5 if variant is HANGZHOU else None
        hands.append(gen.random_hand(rng, variant, 13, jokers=jokers))
    hands += [gen.random_dead_wait(rng, variant) for _ in range(150)]
    if variant is HANGZHOU:  # White Dragon Pair Wait: a complete hand minus a natural tile + joker
        for i in range(150):
            base = gen.random_complete(rng, variant, jokers=i % 4, seven_pairs=0.3)
            naturals = [t for t in base.concealed if t != WHITE]
            if naturals:
                hands.append(base.remove(rng.choice(naturals)))
    return hands


@pytest.mark.parametrize(("variant", "fifth"), MODES, ids=MODE_IDS)
def test_waits_match_oracle(variant: Variant, fifth: bool) -> None:
    problems: list[str] = []
    tally = Counter[str]()
    for hand in _wait_samples(variant):
        got = waits(hand, variant, joker_fifth_copy=fifth)
        want = oracle.waits(hand, variant, fifth=fifth)
        ready = oracle.ready_by_draws(hand, variant, fifth=fifth)
        tally["ready"] += ready
        tally["dead"] += bool(want.dead)
        tally["wdpw"] += want.white_dragon_pair_wait
        tally["jokers"] += joker_count(hand, variant)
        if idx(got.waits) != want.waits:
            problems.append(f"{hand}: waits {names(got.waits)} != {names(want.waits)}")
        if idx(got.dead_waits) != want.dead:
            problems.append(f"{hand}: dead {names(got.dead_waits)} != {names(want.dead)}")
        if got.white_dragon_pair_wait != want.white_dragon_pair_wait:
            problems.append(f"{hand}: WDPW {got.white_dragon_pair_wait}")
        if got.ready != ready or (got.shanten == 0) != ready:
            problems.append(f"{hand}: ready {got.ready} shanten {got.shanten}")
        if got.ready and not got.waits:  # ready on a drawn joker alone
            tally["joker only"] += 1
            if not (fifth and variant.joker is not None and got.jokers < 4):
                problems.append(f"{hand}: ready with no natural wait")
        held = hand.held_counts
        if any(got.left[k] != 4 - held[k.index] for k in variant.kinds):
            problems.append(f"{hand}: left {got.left}")
    check_empty(problems)
    assert tally["ready"] > 700 and tally["dead"] >= 100
    if variant is HANGZHOU:
        assert tally["wdpw"] >= 50 and tally["jokers"] > 1000


def test_left_counts_visible_tiles() -> None:
    hand = parse_hand("45m 56p 77s 南南南 中中 + 白白", HANGZHOU)
    seen = [KINDS[2], KINDS[2], KINDS[24], KINDS[31]]  # 3m 3m 7s 白
    left = waits(hand, HANGZHOU, visible=seen).left
    assert left[KINDS[2]] == 2 and left[KINDS[24]] == 1 and left[WHITE] == 1
    assert left[KINDS[3]] == 3 and left[KINDS[0]] == 4


@pytest.mark.parametrize(("variant", "fifth"), MODES, ids=MODE_IDS)
def test_shanten_matches_oracle(variant: Variant, fifth: bool) -> None:
    rng = rng_for(variant, "shanten")
    problems: list[str] = []
    values = Counter[int]()
    for i in range(450):
        jokers = i % 5 if variant is HANGZHOU else None
        size = 14 if i % 3 == 0 else 13
        hand = gen.random_hand(rng, variant, size, jokers=jokers)
        if i % 4 == 1:  # near-ready hands too
            hand = gen.random_ready(rng, variant, jokers=jokers)
        want = oracle.shanten(hand, variant, fifth=fifth)
        got = shanten(hand, variant, joker_fifth_copy=fifth)
        values[want] += 1
        if got != want:
            problems.append(f"shanten({hand}) = {got}, oracle {want}")
    check_empty(problems)
    assert len(values) >= 4  # a spread of values, not only ready hands


@pytest.mark.parametrize(("variant", "fifth"), MODES, ids=MODE_IDS)
def test_oracle_shanten_agrees_with_the_play_definition(variant: Variant, fifth: bool) -> None:
    """The oracle's exhaustive shanten equals the draw-and-discard definition near ready."""
    rng = rng_for(variant, "play")
    outcomes: set[int] = set()
    for i in range(10):
        ready = gen.random_ready(rng, variant, jokers=i % 3 if variant is HANGZHOU else None)
        assert oracle.shanten_by_draws(ready, variant, fifth=fifth) == 0
        assert oracle.shanten(ready, variant, fifth=fifth) == 0
        # swap one tile, then another: usually one, then two steps from ready
        hand, seen = ready, set()
        for _ in range(2):
            out = rng.choice(hand.concealed)
            new = rng.choice(variant.natural_kinds)
            rest = hand.remove(out)
            if rest.held_counts[new.index] >= 4:
                break
            hand = rest.add(new)
            exact = oracle.shanten(hand, variant, fifth=fifth)
            by_draws = oracle.shanten_by_draws(hand, variant, fifth=fifth)
            assert by_draws == (exact if exact <= 1 else None), str(hand)
            assert shanten(hand, variant, joker_fifth_copy=fifth) == exact
            seen.add(exact)
        outcomes.update(seen)
    assert outcomes >= {0, 1, 2}


@pytest.mark.parametrize(("variant", "fifth"), MODES, ids=MODE_IDS)
def test_useful_tiles_match_oracle(variant: Variant, fifth: bool) -> None:
    rng = rng_for(variant, "useful")
    problems: list[str] = []
    for i in range(12):
        jokers = i % 5 if variant is HANGZHOU else None
        hand = (gen.random_ready if i % 2 else gen.random_hand)(rng, variant, jokers=jokers)
        got = idx(tuple(useful_tiles(hand, variant, joker_fifth_copy=fifth)))
        want = oracle.useful(hand, variant, fifth=fifth)
        if got != want:
            problems.append(f"{hand}: useful {names(got)} != {names(want)}")
    check_empty(problems)


# ---------------------------------------------------------------------------------------------
# Hypothesis properties

_ORDERS = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]


def _hand_from(seed: int, variant: Variant, size: int, ready_bias: bool) -> Hand:
    rng = random.Random(seed)
    if size == 13 and ready_bias and rng.random() < 0.6:
        return gen.random_ready(rng, variant)
    if size == 14 and ready_bias and rng.random() < 0.5:
        return gen.random_complete(rng, variant)
    return gen.random_hand(rng, variant, size)


@pytest.mark.parametrize(("variant", "fifth"), MODES, ids=MODE_IDS)
@given(seed=st.integers(0, 2**32))
def test_waits_agree_with_win_check(variant: Variant, fifth: bool, seed: int) -> None:
    hand = _hand_from(seed, variant, 13, True)
    result = waits(hand, variant, joker_fifth_copy=fifth)
    held = hand.held_counts
    for t in variant.natural_kinds:
        if held[t.index] < 4:
            assert (t in result.waits) == is_win(hand.add(t), variant,
                                                 joker_fifth_copy=fifth), str(t)
        else:
            assert t not in result.waits
    assert set(result.dead_waits) <= {t for t in variant.natural_kinds if held[t.index] == 4}
    joker_wins = variant.joker is not None and held[31] < 4 and is_win(
        hand.add(WHITE), variant, joker_fifth_copy=fifth)
    assert result.ready == (bool(result.waits) or joker_wins) == (result.shanten == 0)
    if result.waits and variant.joker is not None and held[31] < 4:
        assert joker_wins  # a drawn joker always completes a ready hand


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
@given(seed=st.integers(0, 2**32), data=st.data())
def test_invariant_under_input_order(variant: Variant, seed: int, data: st.DataObject) -> None:
    hand = _hand_from(seed, variant, data.draw(st.sampled_from([13, 14])), True)
    tiles = data.draw(st.permutations(hand.concealed))
    melds = data.draw(st.permutations(hand.melds))
    shuffled = Hand(tuple(tiles), tuple(melds))
    text = " ".join([" ".join(str(t) for t in tiles), *(str(m) for m in melds)])
    assert parse_hand(text, variant).concealed == hand.concealed
    assert shanten(shuffled, variant) == shanten(hand, variant)
    if hand.size == 13:
        a, b = waits(shuffled, variant), waits(hand, variant)
        assert (a.waits, a.dead_waits, a.white_dragon_pair_wait) == (
            b.waits, b.dead_waits, b.white_dragon_pair_wait)
    else:
        assert is_win(shuffled, variant) == is_win(hand, variant)
        assert len(decompositions(shuffled, variant)) == len(decompositions(hand, variant))


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
@given(seed=st.integers(0, 2**32), order=st.sampled_from(_ORDERS[1:]), size=st.sampled_from(
    [13, 14]))
def test_invariant_under_suit_relabelling(variant: Variant, seed: int,
                                          order: tuple[int, int, int], size: int) -> None:
    hand = _hand_from(seed, variant, size, True)
    other = gen.relabel_suits(hand, order)
    assert shanten(other, variant) == shanten(hand, variant)
    if size == 13:
        a, b = waits(hand, variant), waits(other, variant)
        assert sorted(gen.relabel_tile(t, order) for t in a.waits) == list(b.waits)
        assert sorted(gen.relabel_tile(t, order) for t in a.dead_waits) == list(b.dead_waits)
        assert a.white_dragon_pair_wait == b.white_dragon_pair_wait
        assert sorted(gen.relabel_tile(t, order) for t in useful_tiles(hand, variant)) == list(
            useful_tiles(other, variant))
    else:
        assert is_win(hand, variant) == is_win(other, variant)
        assert len(decompositions(hand, variant)) == len(decompositions(other, variant))


@pytest.mark.parametrize(("variant", "fifth"), MODES, ids=MODE_IDS)
@given(seed=st.integers(0, 2**32))
def test_efficiency_is_consistent(variant: Variant, fifth: bool, seed: int) -> None:
    hand = _hand_from(seed, variant, 14, False)
    result = efficiency(hand, variant, joker_fifth_copy=fifth)
    assert result.shanten == shanten(hand, variant, joker_fifth_copy=fifth)
    assert {o.discard for o in result.options} == set(hand.concealed)
    assert min(o.shanten for o in result.options) == max(result.shanten, 0)
    keys = [(o.shanten, -o.count) for o in result.options]
    assert keys == sorted(keys)  # best first
    for option in result.options:
        rest = hand.remove(option.discard)
        assert option.shanten == shanten(rest, variant, joker_fifth_copy=fifth)
        assert list(option.improving) == sorted(option.improving)
        improving = tuple(option.improving)
        for t in improving:
            assert shanten(rest.add(t), variant, joker_fifth_copy=fifth) < option.shanten, (
                f"{option.discard} {t}")
        held = rest.held_counts
        # the improving tiles are the useful tiles of the rest that can still be drawn (the
        # discarded copy is gone too)
        useful = set(tuple(useful_tiles(rest, variant, joker_fifth_copy=fifth)))
        assert set(improving) <= useful
        for t in useful - set(improving):
            assert 4 - held[t.index] - (t == option.discard) <= 0, f"{t} left out"
        assert option.count == sum(4 - held[t.index] - (t == option.discard)
                                   for t in improving)


@pytest.mark.parametrize(("variant", "fifth"), MODES, ids=MODE_IDS)
def test_efficiency_matches_oracle(variant: Variant, fifth: bool) -> None:
    rng = rng_for(variant, "efficiency")
    for i in range(4):
        hand = gen.random_hand(rng, variant, 14, jokers=i if variant is HANGZHOU else None)
        result = efficiency(hand, variant, joker_fifth_copy=fifth)
        for option in result.options:
            rest = hand.remove(option.discard)
            assert option.shanten == oracle.shanten(rest, variant, fifth=fifth), (
                f"{hand} - {option.discard}")
        best = result.best
        rest = hand.remove(best.discard)
        assert idx(tuple(best.improving)) == tuple(
            k for k in oracle.useful(rest, variant, fifth=fifth) if k != best.discard.index or
            rest.held_counts[k] < 3)


def test_meld_kinds_read_as_groups() -> None:
    hand = parse_hand("11m 789s 白白白 [123p] {4444p}", HANGZHOU)
    assert is_win(hand, HANGZHOU)
    for d in decompositions(hand, HANGZHOU):
        declared = [g for g in d.groups if g.meld is not None]
        assert [g.meld.kind for g in declared if g.meld] == [MeldKind.CHOW, MeldKind.ADDED_KONG]
        assert [g.kind for g in declared] == [GroupKind.CHOW, GroupKind.KONG]


# ---------------------------------------------------------------------------------------------
# Bugs the oracle found, fixed: they stay as regression tests


@pytest.mark.parametrize("text", ["白白白白 899m 1333p 中中", "(5555z) 123m 456p 78s 99s"])
def test_no_fifth_joker_among_useful_tiles(text: str) -> None:
    hand = parse_hand(text, HANGZHOU)
    assert hand.held_counts[31] == 4
    assert WHITE not in useful_tiles(hand, HANGZHOU)


def test_no_fifth_joker_among_improving_tiles() -> None:
    hand = parse_hand("白白白白 899m 1333p 中中 5s", HANGZHOU)
    for option in efficiency(hand, HANGZHOU).options:
        if option.discard != WHITE:
            assert WHITE not in option.improving, f"discard {option.discard}"


def test_the_decomposition_checker_catches_wrong_readings() -> None:
    """The validator used above is not vacuous: doctored readings are refused."""
    hand = parse_hand("123m 5白7m 444p 中中中 東東", HANGZHOU)
    (good,) = decompositions(hand, HANGZHOU)
    assert decomposition_problems(hand, HANGZHOU, [good]) == ""
    assert "repeated" in decomposition_problems(hand, HANGZHOU, [good, good])
    groups = list(good.groups)
    i = next(i for i, g in enumerate(groups) if g.jokers)
    # the joker said to stand for 5m instead of 6m in 567m
    g = groups[i]
    groups[i] = Group(g.kind, g.tiles, (KINDS[4],), g.wild, g.meld)
    wrong = Decomposition(good.shape, tuple(groups))
    assert decomposition_problems(hand, HANGZHOU, [wrong]) != ""
    # a pair dropped
    short = Decomposition(good.shape, good.groups[:-1])
    assert decomposition_problems(hand, HANGZHOU, [short]) != ""


def test_visible_tiles_cannot_make_a_fifth_copy() -> None:
    hand = parse_hand("45m 56p 77s 南南南 中中 + 白白", HANGZHOU)
    with pytest.raises(HandError):
        waits(hand, HANGZHOU, visible=[KINDS[3]] * 4)


def test_a_joker_pair_wait_reaches_suits_the_hand_does_not_hold() -> None:
    """Regression: skipping empty suits is only sound without jokers (a joker pairs anything)."""
    result = waits(parse_hand("112233445566m 白", HANGZHOU), HANGZHOU)
    assert result.white_dragon_pair_wait
    assert {"1p", "9s", "7z"} <= {str(t) for t in result.waits}
