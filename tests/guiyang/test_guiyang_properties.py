"""Properties of the Guiyang settlement over random finished hands (hypothesis)."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor import Hand, Meld, MeldKind, RulesError, Seat, Tile
from tutor.variants.guiyang import (
    Discard,
    FinishedHand,
    MeldRecord,
    Pattern,
    Place,
    PlayerRecord,
    Win,
    WinKind,
    hand_to_json,
    pattern_of,
    read_hand,
    readiness,
    settle,
)

TILES = [Tile(i) for i in range(27)]


class _Pool:
    def __init__(self) -> None:
        self.left = [4] * 27

    def take(self, i: int, n: int = 1) -> None:
        assert self.left[i] >= n
        self.left[i] -= n

    def kinds(self, n: int) -> list[int]:
        return [i for i in range(27) if self.left[i] >= n]


def _set(rng: random.Random, pool: _Pool) -> list[int] | None:
    runs = [i for i in range(27) if i % 9 <= 6 and all(pool.left[i + k] for k in range(3))]
    if runs and rng.random() < 0.6:
        i = rng.choice(runs)
        return [i, i + 1, i + 2]
    pongs = pool.kinds(3)
    return [rng.choice(pongs)] * 3 if pongs else None


def _player(rng: random.Random, pool: _Pool, seat: Seat) -> PlayerRecord | None:
    melds: list[MeldRecord] = []
    for _ in range(rng.choice([0, 0, 1, 2])):
        kind = rng.choice(list(MeldKind)[1:])
        size = 3 if kind is MeldKind.PONG else 4
        options = pool.kinds(size)
        if not options:
            return None
        i = rng.choice(options)
        pool.take(i, size)
        source = None if kind is MeldKind.CONCEALED_KONG else seat.next(rng.randint(1, 3))
        melds.append(MeldRecord(Meld(kind, (TILES[i],) * size), source))
    need = 13 - 3 * len(melds)
    tiles: list[int] = []
    style = rng.choice(["ready", "ready", "pairs", "junk"])
    if style == "pairs" and not melds:
        for _ in range(7):
            options = pool.kinds(2)
            if not options:
                return None
            i = rng.choice(options)
            pool.take(i, 2)
            tiles += [i, i]
    elif style != "junk":
        for _ in range(4 - len(melds)):
            group = _set(rng, pool)
            if group is None:
                return None
            for i in group:
                pool.take(i)
            tiles += group
        options = pool.kinds(2)
        if not options:
            return None
        i = rng.choice(options)
        pool.take(i, 2)
        tiles += [i, i]
    if tiles:
        dropped = tiles.pop(rng.randrange(len(tiles)))
        pool.left[dropped] += 1
    while len(tiles) < need:
        i = rng.choice(pool.kinds(1))
        pool.take(i)
        tiles.append(i)
    return PlayerRecord(tuple(TILES[i] for i in tiles), tuple(melds))


def _win(rng: random.Random, pool: _Pool, players: list[PlayerRecord]) -> Win | None:
    candidates = [(s, t) for s in Seat for t in readiness(players[s - 1].hand).waits
                  if pool.left[t.index]]
    if not candidates or rng.random() < 0.15:
        return None
    seat, tile = rng.choice(candidates)
    pool.take(tile.index)
    kind = rng.choice(list(WinKind))
    record = players[seat - 1]
    if kind is WinKind.KONG_DRAW and not record.has_kong:
        kind = WinKind.SELF_DRAW
    if not kind.from_other:
        return Win(kind, (seat,), tile)
    source = seat.next(rng.randint(1, 3))
    if kind is WinKind.HOT_DISCARD and not players[source - 1].has_kong:
        kind = WinKind.DISCARD
    robbable = [s for s in Seat if s != seat and any(
        m.meld.kind is MeldKind.PONG and m.meld.tile == tile for m in players[s - 1].melds)]
    if kind is WinKind.ROBBED_KONG:
        if not robbable:
            kind = WinKind.DISCARD
        else:
            source = rng.choice(robbable)
    winners = [seat] + [s for s in Seat if s not in (seat, source) and rng.random() < 0.7
                        and tile in readiness(players[s - 1].hand).waits]
    return Win(kind, tuple(winners), tile, source)


def _discards(rng: random.Random, pool: _Pool, players: list[PlayerRecord]) -> list[Discard]:
    out: list[Discard] = []
    for _ in range(rng.randint(0, 12)):
        options = pool.kinds(1)
        fixed = [18] if pool.left[18] else []
        i = rng.choice(options + fixed * 4)  # 1s often, to make charging chickens
        pool.take(i)
        out.append(Discard(rng.choice(list(Seat)), TILES[i]))
    for seat in Seat:
        for m in players[seat - 1].melds:
            if m.claimed_from is not None:
                out.insert(rng.randint(0, len(out)), Discard(m.claimed_from, m.meld.tile, seat))
    return out


@st.composite
def finished_hands(draw: st.DrawFn) -> FinishedHand:
    rng = draw(st.randoms(use_true_random=False))
    for _ in range(50):
        pool = _Pool()
        players = [_player(rng, pool, s) for s in Seat]
        if any(p is None for p in players):
            continue
        ready_players = [p for p in players if p is not None]
        win = _win(rng, pool, ready_players)
        discards = _discards(rng, pool, ready_players)
        revealed = None
        if win is not None and pool.kinds(1) and rng.random() < 0.9:
            revealed = TILES[rng.choice([*pool.kinds(1), 26])]  # 9s now and then: golden
            if pool.left[revealed.index] == 0:
                revealed = None
        hand = FinishedHand((ready_players[0], ready_players[1], ready_players[2],
                             ready_players[3]), tuple(discards), win, revealed)
        return hand.validate()
    raise AssertionError("could not deal a hand")


# -- an independent classifier: the expected pattern never comes from the engine's own ------
# The rule book's table (original rule text): the highest pattern a hand shows scores.
VALUES = {Pattern.PLAIN: 1, Pattern.ALL_TRIPLETS: 5, Pattern.SEVEN_PAIRS: 7,
          Pattern.DRAGON_PAIRS: 10, Pattern.PURE_SUIT: 10, Pattern.PURE_TRIPLETS: 15,
          Pattern.PURE_SEVEN_PAIRS: 17, Pattern.PURE_DRAGON_PAIRS: 20}


def _sets_and_pair(counts: list[int], sets: int, pair: bool, runs: bool) -> bool:
    """Whether ``counts`` (27 suited kinds) split into ``sets`` sets and a pair (if ``pair``),
    the sets pongs only unless ``runs``: plain recursion on the lowest tile left."""
    i = next((k for k, n in enumerate(counts) if n), None)
    if i is None:
        return sets == 0 and not pair
    if counts[i] >= 3 and sets:
        counts[i] -= 3
        found = _sets_and_pair(counts, sets - 1, pair, runs)
        counts[i] += 3
        if found:
            return True
    if counts[i] >= 2 and pair:
        counts[i] -= 2
        found = _sets_and_pair(counts, sets, False, runs)
        counts[i] += 2
        if found:
            return True
    if runs and sets and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        for k in (i, i + 1, i + 2):
            counts[k] -= 1
        found = _sets_and_pair(counts, sets - 1, pair, runs)
        for k in (i, i + 1, i + 2):
            counts[k] += 1
        return found
    return False


def independent_pattern(hand: Hand) -> Pattern | None:
    """The highest Guiyang pattern of a 14-tile hand, worked out from its tiles alone (``None``
    if it is not complete): purity from every tile, concealed and melded; seven pairs from the
    concealed counts; all triplets when the concealed tiles are pongs and a pair."""
    every = list(hand.concealed) + [t for m in hand.melds for t in m.tiles]
    pure = len({t.index // 9 for t in every}) == 1
    counts = [0] * 27
    for t in hand.concealed:
        counts[t.index] += 1
    sets = 4 - len(hand.melds)
    found: list[Pattern] = []
    if not hand.melds and all(n % 2 == 0 for n in counts) and sum(counts) == 14:
        dragon = any(n == 4 for n in counts)
        found.append({(False, False): Pattern.SEVEN_PAIRS, (False, True): Pattern.DRAGON_PAIRS,
                      (True, False): Pattern.PURE_SEVEN_PAIRS,
                      (True, True): Pattern.PURE_DRAGON_PAIRS}[pure, dragon])
    if _sets_and_pair(counts, sets, True, runs=False):
        found.append(Pattern.PURE_TRIPLETS if pure else Pattern.ALL_TRIPLETS)
    if _sets_and_pair(counts, sets, True, runs=True):
        found.append(Pattern.PURE_SUIT if pure else Pattern.PLAIN)
    return max(found, key=lambda p: (VALUES[p], list(Pattern).index(p)), default=None)


def _refused(hand: FinishedHand) -> bool:
    """Whether some winner has a plain discard win without a kong (must be refused)."""
    win = hand.win
    if win is None or win.kind is not WinKind.DISCARD:
        return False
    return any(independent_pattern(hand.final_hand(s)) is Pattern.PLAIN
               and not hand.player(s).has_kong for s in win.winners)


@st.composite
def complete_hands(draw: st.DrawFn) -> Hand:
    """Complete Guiyang hands, often with a concealed part in one suit and melds in another."""
    rng = draw(st.randoms(use_true_random=False))
    pool = _Pool()
    suit = rng.randrange(3) * 9
    if rng.random() < 0.2:  # seven pairs
        kinds = [k for k in range(suit, suit + 9)] if rng.random() < 0.5 else list(range(27))
        tiles: list[int] = []
        while len(tiles) < 14:
            i = rng.choice([k for k in kinds if pool.left[k] >= 2])
            pool.take(i, 2)
            tiles += [i, i]
        return Hand(tuple(TILES[i] for i in tiles))
    melds = []
    for _ in range(rng.choice([0, 1, 1, 2, 3])):
        kind = rng.choice(list(MeldKind)[1:])
        size = 3 if kind is MeldKind.PONG else 4
        other = rng.random() < 0.6  # a meld of another suit than the concealed part
        kinds = [k for k in range(27) if pool.left[k] >= size
                 and ((k // 9 != suit // 9) if other else (k // 9 == suit // 9))]
        i = rng.choice(kinds)
        pool.take(i, size)
        melds.append(Meld(kind, (TILES[i],) * size))
    tiles = []
    one_suit = rng.random() < 0.7
    for _ in range(4 - len(melds)):
        low = suit if one_suit else rng.randrange(3) * 9
        runs = [i for i in range(low, low + 7) if all(pool.left[i + k] for k in range(3))]
        pongs = [i for i in range(low, low + 9) if pool.left[i] >= 3]
        if not runs and not pongs:  # that suit is used up: any suit
            pongs = pool.kinds(3)
        if runs and (rng.random() < 0.6 or not pongs):
            i = rng.choice(runs)
            for k in range(3):
                pool.take(i + k)
            tiles += [i, i + 1, i + 2]
        else:
            i = rng.choice(pongs)
            pool.take(i, 3)
            tiles += [i] * 3
    low = suit if one_suit else rng.randrange(3) * 9
    i = rng.choice([k for k in range(low, low + 9) if pool.left[k] >= 2] or pool.kinds(2))
    pool.take(i, 2)
    tiles += [i, i]
    return Hand(tuple(TILES[i] for i in tiles), tuple(melds))


@settings(max_examples=300, deadline=None)
@given(complete_hands())
def test_the_classifier_agrees_with_an_independent_one(hand: Hand) -> None:
    assert pattern_of(hand).pattern is independent_pattern(hand)


def test_the_independent_classifier_on_hands_with_a_meld_of_another_suit() -> None:
    assert independent_pattern(Hand.parse("123m456m789m11m [555p]", "guiyang")) is Pattern.PLAIN
    assert independent_pattern(Hand.parse("123m456m789m11m [555m]", "guiyang")) is \
        Pattern.PURE_SUIT
    assert independent_pattern(Hand.parse("11m33m55m77m99m22p44p", "guiyang")) is \
        Pattern.SEVEN_PAIRS
    assert independent_pattern(Hand.parse("123m456m789m12p55s", "guiyang")) is None


SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(finished_hands())
def test_settlement_sums_to_zero_and_ineligible_never_collect(hand: FinishedHand) -> None:
    try:
        s = settle(hand)
    except RulesError:
        assert _refused(hand)
        return
    assert not _refused(hand)
    for category, nets in s.by_category().items():
        assert sum(nets.values()) == 0, category
    assert sum(s.net().values()) == 0
    assert [p.net for p in s.players] == [s.net()[seat] for seat in Seat]
    hot = hand.win.source if hand.win and hand.win.kind is WinKind.HOT_DISCARD else None
    for p in s.players:
        received = {q.category for q in s.ledger if q.payee == p.seat}
        if not p.eligible:
            assert not received & {"bean", "chicken", "liability chicken"}
        elif p.seat == hot:  # forfeits chicken and bean receipts; liability chickens still apply
            assert not received & {"bean", "chicken"}
        if not p.eligible:
            assert "tenpai" not in received and "win" not in received
    if hand.win is None:
        assert not s.ledger.where(category="chicken")
    elif hot is None:
        # a player who is not eligible pays their visible fixed chickens to each eligible
        # player, plus each eligible player's chickens as an opponent: their held and flipped
        # chickens neither earn nor cost anything
        eligible = [p for p in s.players if p.eligible]
        for p in s.players:
            if p.eligible:
                continue
            visible = sum(c.value for c in p.chickens if c.kind.is_fixed
                          and c.place in (Place.MELDED, Place.DISCARDED))
            paid = sum(q.amount for q in s.ledger.where(category="chicken", payer=p.seat))
            assert paid == visible * len(eligible) + sum(e.chicken_value for e in eligible)


@SETTINGS
@given(finished_hands())
def test_win_payments_follow_the_pattern(hand: FinishedHand) -> None:
    if hand.win is None or _refused(hand):
        return
    s = settle(hand)
    rules = s.rules
    for seat in hand.win.winners:
        result = s.player(seat).pattern
        assert result is not None
        got = sum(p.amount for p in s.ledger.where(category="win", payee=seat))
        kind = hand.win.kind
        if kind is WinKind.DISCARD:
            assert got == result.value
        elif kind is WinKind.HOT_DISCARD:
            assert got == result.value + rules.hot_discard_bonus
        elif kind is WinKind.KONG_DRAW:
            assert got == 3 * (result.value + rules.self_draw_bonus + rules.kong_draw_bonus)
        else:
            assert got == 3 * (result.value + rules.self_draw_bonus)
        assert not s.ledger.where(category="win", payer=seat)


def _rotate(hand: FinishedHand, k: int) -> FinishedHand:
    def r(seat: Seat | None) -> Seat | None:
        return None if seat is None else seat.next(k)

    def rs(seat: Seat) -> Seat:
        return seat.next(k)

    players = [PlayerRecord(p.concealed, tuple(MeldRecord(m.meld, r(m.claimed_from))
                                               for m in p.melds)) for p in hand.players]
    order = [players[(i - k) % 4] for i in range(4)]
    win = hand.win
    if win is not None:
        win = replace(win, winners=tuple(rs(s) for s in win.winners), source=r(win.source))
    return FinishedHand((order[0], order[1], order[2], order[3]),
                        tuple(Discard(rs(d.seat), d.tile, r(d.claimed_by))
                              for d in hand.discards), win, hand.revealed)


@SETTINGS
@given(finished_hands(), st.integers(1, 3))
def test_rotating_the_table_rotates_the_nets(hand: FinishedHand, k: int) -> None:
    if _refused(hand):
        return
    before = settle(hand).net()
    after = settle(_rotate(hand, k)).net()
    assert {seat.next(k): n for seat, n in before.items()} == after


@SETTINGS
@given(finished_hands())
def test_json_round_trip(hand: FinishedHand) -> None:
    assert read_hand(hand_to_json(hand)) == hand
