"""Agreement with the ``mahjong`` library (2.1.0, riichi rules) where the rules coincide.

The peer knows the standard shape (four sets and a pair), seven pairs and thirteen orphans, no
jokers, and only the concealed tiles it is given. So the comparisons use joker-free hands and:

* win check and shanten of the standard shape (Huangyan has no other shape). For shanten, hands
  where the four-copy limit can bite are skipped: the engine never counts on a fifth copy (melded
  copies included), while the peer sees only the concealed tiles and may plan on a copy that is
  in the player's own meld or does not exist (see ``test_documented_differences``). Skipped: a
  kind held four times, or a melded kind with concealed tiles of its suit within two ranks;
* seven pairs (Guiyang; Hangzhou without White Dragons, which are jokers there), skipping hands
  with three or four identical tiles: the engine counts four identical undeclared tiles as two
  pairs, so with three held the fourth copy completes a pair, which riichi rules do not accept.
  Thirteen orphans is switched off (no variant here has it).

The hands are seeded, so every run compares the same thousands of hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from mahjong.agari import Agari
from mahjong.shanten import Shanten

from tutor.core.hand import Hand
from tutor.core.notation import parse_hand
from tutor.core.tiles import KINDS
from tutor.core.variant import Variant
from tutor.core.waits import is_win, shanten, waits

from . import generate as gen

HUANGYAN, HANGZHOU, GUIYANG = Variant.HUANGYAN, Variant.HANGZHOU, Variant.GUIYANG


def concealed_34(hand: Hand) -> list[int]:
    counts = [0] * 34
    for tile in hand.concealed:
        counts[tile.index] += 1
    return counts


def full_34(hand: Hand) -> tuple[list[int], list[list[int]]]:
    counts = list(hand.held_counts)
    melds = [[t.index for t in m.tiles] for m in hand.melds]
    return counts, melds


def limit_may_bite(hand: Hand) -> bool:
    """Whether the four-copy limit could make the engine and the peer differ (see above)."""
    if max(hand.held_counts) >= 4:
        return True
    concealed = {t.index for t in hand.concealed}
    for meld in hand.melds:
        for t in meld.tiles:
            near = range(t.index - 2, t.index + 3) if t.is_suited else [t.index]
            if any(k in concealed and k // 9 == t.index // 9 for k in near):
                return True
    return False


def peer_standard_shanten(hand: Hand) -> int:
    return Shanten.calculate_shanten_for_regular_hand(concealed_34(hand))


def peer_shanten(hand: Hand) -> int:
    """Standard shape or seven pairs, no thirteen orphans."""
    return Shanten.calculate_shanten(concealed_34(hand), use_chiitoitsu=True, use_kokushi=False)


def peer_other_shape_complete(counts: Sequence[int]) -> bool:
    return (sum(counts) == 14 and (
        Shanten.calculate_shanten_for_chiitoitsu_hand(counts) == -1
        or Shanten.calculate_shanten_for_kokushi_hand(counts) == -1))


def report(problems: list[str]) -> None:
    assert not problems, f"{len(problems)} disagreements, first:\n" + "\n".join(problems[:10])


def _fourteen(rng: random.Random, variant: Variant, i: int) -> Hand:
    if i % 3 == 0:
        return gen.random_complete(rng, variant, jokers=0, seven_pairs=0.3)
    if i % 3 == 1:
        return gen.near_complete(rng, variant)
    return gen.random_hand(rng, variant, 14, jokers=0)


def test_standard_win_check_agrees() -> None:
    rng = random.Random("peer-win")
    problems: list[str] = []
    wins = 0
    for i in range(3000):
        hand = _fourteen(rng, HUANGYAN, i)
        ours = is_win(hand, HUANGYAN)
        wins += ours
        theirs = peer_standard_shanten(hand) == -1
        if ours != theirs:
            problems.append(f"{hand}: is_win {ours}, peer regular shanten says {theirs}")
        counts, melds = full_34(hand)
        if not peer_other_shape_complete(concealed_34(hand)):
            agari = Agari.is_agari(counts, melds or None)
            if ours != agari:
                problems.append(f"{hand}: is_win {ours}, peer is_agari {agari}")
    report(problems)
    assert wins >= 900


def test_standard_shanten_agrees() -> None:
    rng = random.Random("peer-shanten")
    problems: list[str] = []
    compared = 0
    for i in range(6500):
        if i % 4 == 0:
            hand = gen.random_ready(rng, HUANGYAN, jokers=0)
        else:
            hand = gen.random_hand(rng, HUANGYAN, 13 if i % 2 else 14, jokers=0)
        if limit_may_bite(hand):
            continue  # the four-copy limit: see the module docstring
        compared += 1
        ours, theirs = shanten(hand, HUANGYAN), peer_standard_shanten(hand)
        if ours != theirs:
            problems.append(f"{hand}: shanten {ours}, peer {theirs}")
    report(problems)
    assert compared >= 3000


def test_waits_agree_with_peer_win_check_over_34_kinds() -> None:
    """Waits the way the peer's users compute them: its win check over every kind."""
    rng = random.Random("peer-waits")
    problems: list[str] = []
    for _ in range(1200):
        hand = gen.random_ready(rng, HUANGYAN, jokers=0)
        counts = concealed_34(hand)
        held = hand.held_counts
        theirs = []
        for k in range(34):
            if held[k] >= 4:
                continue  # no copy left to draw (the peer does not know this)
            counts[k] += 1
            if Shanten.calculate_shanten_for_regular_hand(counts) == -1:
                theirs.append(str(KINDS[k]))
            counts[k] -= 1
        ours = [str(t) for t in waits(hand, HUANGYAN).waits]
        if ours != theirs:
            problems.append(f"{hand}: waits {ours}, peer {theirs}")
    report(problems)


def _seven_pairs_hand(rng: random.Random, variant: Variant, i: int) -> Hand | None:
    """A joker-free, meld-free hand of 13 or 14 tiles, or None if it must be skipped."""
    kind = i % 4
    if kind == 0:
        hand = gen.random_complete(rng, variant, jokers=0, seven_pairs=0.6)
    elif kind == 1:
        hand = gen.random_ready(rng, variant, jokers=0)
    else:
        hand = gen.random_hand(rng, variant, 13 if kind == 2 else 14, jokers=0, melds=0)
    if hand.melds or any(t == variant.joker for t in hand.tiles):
        return None
    if max(hand.held_counts) >= 3:
        return None  # four-as-two-pairs: see the module docstring
    return hand


@pytest.mark.parametrize("variant", [GUIYANG, HANGZHOU], ids=["guiyang", "hangzhou"])
def test_seven_pairs_shanten_and_win_agree(variant: Variant) -> None:
    rng = random.Random(f"peer-seven-{variant.value}")
    problems: list[str] = []
    compared = seven = 0
    for i in range(3000):
        hand = _seven_pairs_hand(rng, variant, i)
        if hand is None:
            continue
        compared += 1
        ours, theirs = shanten(hand, variant), peer_shanten(hand)
        if ours != theirs:
            problems.append(f"{hand}: shanten {ours}, peer {theirs}")
        if hand.size == 14:
            counts = concealed_34(hand)
            seven += Shanten.calculate_shanten_for_chiitoitsu_hand(counts) == -1
            if is_win(hand, variant) != Agari.is_agari(counts):
                problems.append(f"{hand}: is_win {is_win(hand, variant)}, peer is_agari")
    report(problems)
    assert compared >= 1500 and seven >= 100


def test_documented_differences() -> None:
    """Where the rules differ, the engine follows its own rules (these would be bugs there)."""
    # The peer waits on a fourth 3m that sits in the player's own kong.
    hand = parse_hand("24m36z [345p] [3333m] {8888s}")
    assert shanten(hand, HUANGYAN) == 2 and peer_standard_shanten(hand) == 1
    # Three 7s held: the fourth makes two pairs in Guiyang (dragon pairs), not in riichi.
    hand = parse_hand("66m445588p11777s")
    assert shanten(hand, GUIYANG) == 0 and peer_shanten(hand) == 1
    assert [str(t) for t in waits(hand, GUIYANG).waits] == ["7s"]
    four = parse_hand("66m445588p117777s")
    assert is_win(four, GUIYANG) and not Agari.is_agari(concealed_34(four))
