"""Every cache of the engine answers exactly: two questions that differ only in one part of a
cache's key get different answers, asked one after the other (a key that left that part out
would hand the second question the first one's answer).

The caches: the game hooks' winning tiles (:mod:`tutor.game.hooks`), the state's legal moves and
the views of the other seats (:mod:`tutor.game.state`), Guiyang's patterns
(:mod:`tutor.variants.guiyang.patterns`), and the wait tables' caches
(:mod:`tutor.core.tables`, :mod:`tutor.core.waits`)."""

from __future__ import annotations

import dataclasses
from itertools import permutations

import pytest

from tutor.core import tables, waits
from tutor.core.hand import Hand, Meld, MeldKind
from tutor.core.notation import parse_tiles
from tutor.core.tiles import Tile, Wind
from tutor.core.variant import Variant
from tutor.game.actions import Action, ActionKind
from tutor.game.hooks import Hooks
from tutor.game.state import HandState, Phase
from tutor.game.variants import hooks_for
from tutor.game.variants.hangzhou import make_hooks as hangzhou_hooks
from tutor.variants.guiyang import GUIYANG_RULES, Pattern, pattern_of

from .huangyan.play_huangyan_helpers import deal, play

T = Tile.parse
E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH


def _counts(text: str, variant: Variant = Variant.HUANGYAN) -> list[int]:
    counts = [0] * 34
    for tile in parse_tiles(text, variant):
        counts[tile.index] += 1
    return counts


def _complete(hooks: Hooks, concealed: str, melds: list[Meld], tile: str) -> bool:
    """``hooks.is_complete`` for South holding ``concealed`` and ``melds``, on ``tile``."""
    state = HandState.new(hooks, seed=1)
    south = state.players[S]
    south.counts = _counts(concealed, hooks.variant)
    south.melds = list(melds)
    south.sources = [None] * len(melds)
    return hooks.is_complete(state, S, T(tile))


# -- the game hooks' winning tiles: keyed by concealed and melded tiles, fifth copy, variant ---

def test_winning_tiles_depend_on_the_melded_tiles() -> None:
    """A single wait on 1m: live beside a pong of 9m; dead beside a pong of 1m (all four
    copies held), with the same concealed tiles and as many melds."""
    hooks = hooks_for(Variant.HUANGYAN)
    concealed = "1m 2p3p4p 5p6p7p 3s4s5s"
    for _ in range(2):  # each answer asked right after the other
        assert _complete(hooks, concealed, [Meld.pong(T("9m"))], "1m")
        assert not _complete(hooks, concealed, [Meld.pong(T("1m"))], "1m")


def test_winning_tiles_depend_on_the_fifth_copy_rule() -> None:
    """Hangzhou: 6666m 111p 白 789s 33p wins on 3p only with the joker as a fifth 6m."""
    concealed = "6666m 111p 5z 789s 33p"
    for _ in range(2):
        assert _complete(hangzhou_hooks({}), concealed, [], "3p")
        assert not _complete(hangzhou_hooks({"joker_fifth_copy": False}), concealed, [], "3p")


def test_winning_tiles_depend_on_the_variant() -> None:
    """Six pairs and a single: seven pairs wins in Guiyang, not in Huangyan."""
    concealed = "1m1m 3m3m 5m5m 7m7m 2p2p 4p4p 9s"
    for _ in range(2):
        assert _complete(hooks_for(Variant.GUIYANG), concealed, [], "9s")
        assert not _complete(hooks_for(Variant.HUANGYAN), concealed, [], "9s")


def test_a_kong_counts_as_three_tiles_for_the_win_check() -> None:
    hooks = hooks_for(Variant.HUANGYAN)
    assert _complete(hooks, "1m 2p3p4p 5p6p7p 3s4s5s",
                     [Meld.kong(T("9m"), MeldKind.CONCEALED_KONG)], "1m")
    assert not _complete(hooks, "1m 2p3p4p 5p6p7p 3s4s5s 1z",
                         [Meld.kong(T("9m"), MeldKind.CONCEALED_KONG)], "1m")


# -- the state's caches ---------------------------------------------------------------------

ROB_ADDED = {"E": "7p 2m5m8m 3s6s9s 3z3z 4z4z 7z7z 9p",
             "S": "77p 1m4m7m 2s5s8s 1z1z 2z 5z 6z",
             "W": "123s 456s 789s 11z 68p"}


def test_the_view_of_another_seat_follows_its_melds_alone() -> None:
    """South's added kong is shown while West may rob it, then robbed back to a pong: the
    tiles South holds and its discards are the same, only the meld differs."""
    state = deal(ROB_ADDED, draws="9m 9m 9m 7p")
    play(state, [("E", "discard 7p"), ("S", "pong 7p"), ("S", "discard 1m"), ("W", "discard 9m"),
                 ("N", "discard 9m"), ("E", "discard 9m"), ("S", "added-kong 7p")])
    assert state.phase is Phase.ROB
    during = state.view(E).others[S]
    assert [m.kind for m in during.melds] == [MeldKind.ADDED_KONG]
    state.apply(Action(ActionKind.ROB, T("7p")))
    after = state.view(E).others[S]
    assert (after.tiles_in_hand, after.discards) == (during.tiles_in_hand, during.discards)
    assert [m.kind for m in after.melds] == [MeldKind.PONG]


def test_the_view_of_another_seat_follows_its_discards() -> None:
    state = deal(ROB_ADDED, draws="9m 9m 9m 7p")
    before = state.view(N).others[S]
    play(state, [("E", "discard 9p"), ("S", "discard 1m")])  # South draws 9m, discards 1m
    after = state.view(N).others[S]
    assert after.tiles_in_hand == before.tiles_in_hand and after.melds == before.melds
    assert after.discards == (T("1m"),) and before.discards == ()


def _seen_counts(view: object) -> list[int]:
    return list(view.seen.to_bytes(34, "little"))  # type: ignore[attr-defined]


def _visible_counts(view: object) -> list[int]:
    counts = [0] * 34
    for tile in view.visible():  # type: ignore[attr-defined]
        counts[tile.index] += 1
    return counts


def test_the_tiles_in_sight_follow_claims_and_robbing() -> None:
    """The view's packed counts of the tiles in sight (kept per pile and per shown melds) agree
    with :meth:`PlayerView.visible` after a discard is claimed (it leaves the pile for the meld)
    and after an added kong is robbed back to a pong."""
    state = deal(ROB_ADDED, draws="9m 9m 9m 7p")
    before = state.view(N)
    play(state, [("E", "discard 7p")])
    offered = state.view(N)
    assert _seen_counts(offered)[T("7p").index] == 1
    play(state, [("S", "pong 7p"), ("S", "discard 1m")])
    for seat in (E, S, W, N):
        view = state.view(seat)
        assert _seen_counts(view) == _visible_counts(view)
    assert _seen_counts(state.view(N))[T("7p").index] == 3  # the pong: the claimed discard
    assert state.view(N).seen != before.seen
    play(state, [("W", "discard 9m"), ("N", "discard 9m"),
                 ("E", "discard 9m"), ("S", "added-kong 7p")])
    during = state.view(E)
    assert _seen_counts(during) == _visible_counts(during)
    assert _seen_counts(during)[T("7p").index] == 4
    state.apply(Action(ActionKind.ROB, T("7p")))
    after = state.view(E)
    assert _seen_counts(after) == _visible_counts(after)
    assert _seen_counts(after)[T("7p").index] == 3


@pytest.mark.parametrize("variant", list(Variant))
def test_the_tiles_in_sight_agree_with_visible_in_played_hands(variant: Variant) -> None:
    from tutor.game.bots import make_bot

    for seed in range(6):
        state = HandState.new(hooks_for(variant, None), seed=seed)
        bots = {s: make_bot("sensible" if seed % 2 else "random", seed) for s in (E, S, W, N)}
        while not state.is_terminal():
            for seat in (E, S, W, N):
                view = state.view(seat)
                assert _seen_counts(view) == _visible_counts(view)
                other = dataclasses.replace(view, discards={})  # another view: no counts
                assert other.seen == -1 and dataclasses.replace(view) == view
            actor = state.current_actor()
            assert actor is not None
            state.apply(bots[actor].choose(state.view(actor)))


def test_the_legal_moves_are_asked_again_after_each_move() -> None:
    state = deal(ROB_ADDED, draws="9m 9m 9m 7p")
    first = state.legal_actions()
    play(state, [("E", "discard 9p")])
    assert state.current_actor() == S and state.legal_actions() != first
    assert Action(ActionKind.DISCARD, T("9p")) not in state.legal_actions()


# -- Guiyang's patterns: keyed by the hand, its melds, the winning tile and the rules --------

def test_guiyang_patterns_depend_on_the_melds() -> None:
    """The same concealed tiles beside a pong of one suit or of another: pure suit or plain."""
    pure = Hand.parse("123456789p 11p [222p]", "guiyang")
    mixed = Hand.parse("123456789p 11p [222s]", "guiyang")
    assert pure.packed == mixed.packed
    for _ in range(2):
        assert pattern_of(pure, GUIYANG_RULES).pattern is Pattern.PURE_SUIT
        assert pattern_of(mixed, GUIYANG_RULES).pattern is Pattern.PLAIN


def test_guiyang_patterns_depend_on_the_rules_and_the_winning_tile() -> None:
    hand = Hand.parse("123456789p 11p [222p]", "guiyang")
    richer = dataclasses.replace(GUIYANG_RULES, pure_suit=GUIYANG_RULES.pure_suit + 5)
    for _ in range(2):
        assert pattern_of(hand, GUIYANG_RULES).value == GUIYANG_RULES.pure_suit
        assert pattern_of(hand, richer).value == GUIYANG_RULES.pure_suit + 5
    for _ in range(2):
        assert pattern_of(hand, winning_tile=T("1p")).winning_tile == T("1p")
        assert pattern_of(hand, winning_tile=T("9p")).winning_tile == T("9p")


# -- the wait tables ------------------------------------------------------------------------

def test_suit_costs_depend_on_limits_chows_and_carried_chows() -> None:
    counts = bytes([1, 1, 1, 0, 0, 0, 0, 0, 0])  # 123 of a suit
    full = bytes([4] * 9)
    assert tables.costs(counts, full, True)[2] == 0  # one set, no tile missing
    assert tables.costs(counts, full, False)[2] > 0  # no chows (the honors)
    assert tables.costs(counts, bytes([0] + [4] * 8), True)[2] > 0  # no 1 may be held
    assert tables._suffix(counts, full, True, 0, 0) != tables._suffix(counts, full, True, 1, 0)
    assert tables._suffix(counts, full, True, 1, 0) != tables._suffix(counts, full, True, 0, 1)


def test_rank_choices_depend_on_each_part() -> None:
    base = tables.rank_choices(0, 4, True)
    assert tables.rank_choices(1, 4, True) != base
    assert tables.rank_choices(0, 3, True) != base
    assert tables.rank_choices(0, 4, False) != base


def test_rank_terms_depend_on_caps_and_size() -> None:
    caps = bytes([4] * 9)
    assert tables.rank_terms(caps, 14) != tables.rank_terms(caps, 11)
    assert tables.rank_terms(caps, 11) != tables.rank_terms(bytes([1] + [4] * 8), 11)


def test_optimal_entries_are_not_symmetric() -> None:
    """The convolution is symmetric, its best entries are not: they are the first vector's."""
    one = tables.suit_table(bytes([4] * 9), True)
    a, b = one.id(bytes([3, 0, 0, 0, 0, 0, 0, 0, 0])), one.id(bytes([2, 0, 0, 0, 0, 0, 0, 0, 0]))
    assert tables.conv_id(a, b) == tables.conv_id(b, a)
    target = 2 * 1 + 1  # one set and a pair
    assert tables.optimal_entries(a, b, target) != tables.optimal_entries(b, a, target)
    assert tables.optimal_entries(a, b, target)[1] == (2,)  # the pong from the first
    assert tables.optimal_entries(b, a, target)[1] == (1,)  # the pair from the first


def test_suit_tables_depend_on_limits_and_chows() -> None:
    run = bytes([1, 1, 1, 0, 0, 0, 0])
    with_chows = tables.suit_table(bytes([4] * 7), True)
    without = tables.suit_table(bytes([4] * 7), False)
    assert with_chows is not without
    assert tables.vector(with_chows.id(run)) != tables.vector(without.id(run))


def test_lowering_depends_on_the_rest_and_the_target() -> None:
    table = tables.suit_table(bytes([4] * 9), True)
    counts = bytes([1, 1, 0, 0, 0, 0, 0, 0, 0])  # 12 of a suit: a 3 makes a set
    nothing = table.empty
    pair = table.id(bytes([0, 0, 0, 0, 0, 0, 0, 0, 2]))
    one_set = 2 * 1  # one set, no pair
    set_and_pair = 2 * 1 + 1
    for _ in range(2):
        assert table.lowering(counts, nothing, one_set) == (1, 0b100)
        assert table.lowering(counts, pair, set_and_pair) == (1, 0b100)
        assert table.lowering(counts, nothing, set_and_pair)[0] == 3
    assert table.lowering(counts, nothing, set_and_pair)[1] != 0b100  # a 1 or a 2 helps too


def test_what_a_discard_leaves_depends_on_the_pattern() -> None:
    table = tables.suit_table(bytes([4] * 9), True)
    a = table.minus_ids(bytes([1, 1, 1, 0, 0, 0, 0, 0, 0]))
    b = table.minus_ids(bytes([1, 1, 0, 1, 0, 0, 0, 0, 0]))
    assert a != b and a[3] == -1 and b[2] == -1


def test_combined_suits_keep_their_order() -> None:
    table = tables.suit_table(bytes([4] * 9), True)
    ids = (table.id(bytes([3] + [0] * 8)), table.id(bytes([2] + [0] * 8)), table.empty,
           table.id(bytes([1, 1] + [0] * 7)))
    rests = {p: waits._combine(p)[1] for p in permutations(ids)}
    # the vector of "the other three" belongs to the suit in its place
    for p, rest in rests.items():
        for i in range(4):
            others = [x for j, x in enumerate(p) if j != i]
            assert tables.vector(rest[i]) == tables.vector(
                tables.conv_id(tables.conv_id(others[0], others[1]), others[2]))
    assert len({rest for rest in rests.values()}) > 1


def test_meld_tables_depend_on_the_joker() -> None:
    melded = bytes(34)
    plain = waits._meld_tables(melded, None)
    joker = waits._meld_tables(melded, Tile.parse("5z").index)
    assert plain[3].limits != joker[3].limits and joker[3].limits[4] == 0


def test_dead_waits_room_depends_on_the_counts() -> None:
    four = bytes([4] + [0] * 33)
    three = bytes([3] + [0] * 33)
    assert waits._room_mask(four) & 1 == 0 and waits._room_mask(three) & 1 == 1


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_winning_mask_on_the_same_counts_depends_on_melded_and_fifth(variant: Variant) -> None:
    concealed = bytes(_counts("1m 2p3p4p 5p6p7p 3s4s5s"))
    live = waits.winning_mask(concealed, bytes(Hand.parse("[999m]").melded), 1, variant)
    dead = waits.winning_mask(concealed, bytes(Hand.parse("[111m]").melded), 1, variant)
    assert live & 1 and not dead & 1


def _swap_suits(text: str) -> str:
    return text.translate(str.maketrans("mp", "pm"))


@pytest.mark.parametrize("variant", [Variant.HUANGYAN, Variant.GUIYANG])
def test_hands_with_swapped_suits_get_their_own_useful_tiles(variant: Variant) -> None:
    """Two hands whose suits hold each other's tiles: the same four suit vectors in another
    order. Asked one after the other, each gets the other's useful tiles with the suits swapped
    (a cache keyed by the vectors without their order hands the second one the first's)."""
    first = "1m1m1m2m3m4m5m 9p9p 4s5s6s 7s"
    second = _swap_suits(first)
    for _ in range(2):
        a = waits.useful_tiles(Hand.parse(first), variant)
        b = waits.useful_tiles(Hand.parse(second), variant)
        assert sorted(str(t) for t in b) == sorted(_swap_suits(str(t)) for t in a)
        assert {str(t) for t in a} != {str(t) for t in b}
