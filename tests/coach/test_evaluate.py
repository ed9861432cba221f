"""The evaluator: determinizations see only what the seat sees, replays are exact, and a
clearly better option is ranked first."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tutor.core.hand import MeldKind
from tutor.core.tiles import KINDS, Wind
from tutor.core.variant import Variant
from tutor.errors import InputError
from tutor.game.actions import Action, ActionKind
from tutor.game.bots import SensibleBot
from tutor.game.evaluate import determinize, evaluate, hidden_pool
from tutor.game.scenario import scripted
from tutor.game.state import HandState, Phase
from tutor.game.variants import hooks_for


def _positions(variant: Variant, seed: int, every: int = 7) -> list[HandState]:
    """Positions of a sensible-bot hand, every ``every`` actions (claims included)."""
    state = HandState.new(hooks_for(variant), seed=seed)
    bots = {w: SensibleBot() for w in Wind}
    out = []
    n = 0
    while not state.is_terminal():
        actor = state.current_actor()
        assert actor is not None
        if n % every == 0 or state.phase is not Phase.ACT:
            out.append(state.clone())
        state.apply(bots[actor].choose(state.view(actor)))
        n += 1
    return out


def _all_tiles(state: HandState) -> Counter[int]:
    """Every tile of the set where it lies now (hands, melds, unclaimed discards, the wall
    still to draw, burned tiles, replacements drawn)."""
    found: Counter[int] = Counter()
    for p in state.players.values():
        for i, n in enumerate(p.counts):
            found[i] += n
        for m in p.melds:
            for t in m.tiles:
                found[t.index] += 1
        for t, taken in zip(p.discards, p.taken, strict=True):
            if not taken:
                found[t.index] += 1
    wall = state.wall
    for t in wall.tiles[wall.front:wall.back + 1]:
        found[t.index] += 1
    last = len(wall.tiles) - 1
    for j in range(wall.burned):
        found[wall.tiles[last - 2 * j].index] += 1
    return found


@pytest.mark.parametrize("variant", list(Variant))
def test_determinization_keeps_the_seats_view_and_every_tile(variant: Variant) -> None:
    rng = random.Random(1)
    claims = 0
    for seed in (1, 2):
        for state in _positions(variant, seed):
            seat = state.current_actor()
            assert seat is not None
            claims += state.phase is not Phase.ACT
            before = state.view(seat)
            pool = Counter(t.index for t in hidden_pool(state, seat))
            world = determinize(state, seat, rng)
            assert world.view(seat) == before
            assert world.legal_actions() == state.legal_actions()
            assert _all_tiles(world) == _all_tiles(state)
            assert Counter(t.index for t in hidden_pool(world, seat)) == pool
            assert world.wall.live == state.wall.live and world.wall.dead == state.wall.dead
            for other, p in world.players.items():
                assert sum(p.counts) == sum(state.players[other].counts)
                assert len(p.melds) == len(state.players[other].melds)
    assert claims  # claim windows were covered


def test_determinization_deals_the_hidden_tiles_anew() -> None:
    state = _positions(Variant.HUANGYAN, 3)[2]
    seat = state.current_actor()
    assert seat is not None
    other = seat.next()
    hands = {tuple(determinize(state, seat, random.Random(k)).players[other].counts)
             for k in range(5)}
    assert len(hands) > 1
    walls = {determinize(state, seat, random.Random(k)).wall.tiles for k in range(5)}
    assert len(walls) > 1


def test_determinization_never_reads_the_hidden_tiles() -> None:
    """Two hands that look the same to East but hide different tiles give the same
    determinizations: only what East sees goes in."""
    hands: dict[Wind | str, str] = {"E": "1112345678999m 1p"}
    a = HandState(hooks_for(Variant.HUANGYAN), scripted(Variant.HUANGYAN, hands, seed=1))
    b = HandState(hooks_for(Variant.HUANGYAN), scripted(Variant.HUANGYAN, hands, seed=2))
    assert a.view(Wind.EAST) == b.view(Wind.EAST)
    assert a.players[Wind.SOUTH].counts != b.players[Wind.SOUTH].counts
    wa = determinize(a, Wind.EAST, random.Random(7))
    wb = determinize(b, Wind.EAST, random.Random(7))
    # the pools are the same multiset in a different order: compare as sorted deals
    assert sorted(hidden_pool(wa, Wind.EAST)) == sorted(hidden_pool(wb, Wind.EAST))


def test_other_seats_concealed_kongs_are_dealt_again() -> None:
    hands: dict[Wind | str, str] = {"E": "123456789m 1234p 5p", "S": "2222z 13579m 1357p"}
    state = HandState(hooks_for(Variant.HUANGYAN),
                      scripted(Variant.HUANGYAN, hands, draws="9p 1z"))
    state.apply(Action.parse("discard 5p"))  # South draws and may declare its kong
    assert state.current_actor() is Wind.SOUTH
    state.apply(Action.parse("concealed-kong 2z"))
    state.apply(state.legal_actions()[0])
    while state.current_actor() is not Wind.EAST:
        state.apply(Action.parse("pass") if state.phase is not Phase.ACT
                    else state.legal_actions()[0])
    kinds = set()
    for k in range(8):
        world = determinize(state, Wind.EAST, random.Random(k))
        kong = [m for m in world.players[Wind.SOUTH].melds
                if m.kind is MeldKind.CONCEALED_KONG]
        assert len(kong) == 1
        kinds.add(kong[0].tile)
        assert world.view(Wind.EAST) == state.view(Wind.EAST)
        assert _all_tiles(world) == _all_tiles(state)
    assert len(kinds) > 1


@pytest.mark.parametrize("variant", list(Variant))
def test_same_seed_same_numbers(variant: Variant) -> None:
    state = _positions(variant, 4)[3]
    first = evaluate(state, playouts=4, seed=11)
    again = evaluate(state, playouts=4, seed=11)
    assert first == again
    other = evaluate(state, playouts=4, seed=12)
    assert [e.samples for e in other.estimates] != [e.samples for e in first.estimates]


def test_common_random_numbers_an_option_alone_gets_the_same_samples() -> None:
    state = _positions(Variant.GUIYANG, 5)[2]
    legal = state.legal_actions()
    together = evaluate(state, legal[:3], playouts=5, seed=3)
    alone = evaluate(state, legal[1:2], playouts=5, seed=3)
    assert alone.of(legal[1]) == together.of(legal[1])


def test_a_huangyan_concealed_kong_is_ranked_first() -> None:
    """Four 1m in hand: the concealed kong adds 16 points to East's sheet whether or not East
    wins (the reckoning pays every sheet by difference); breaking the four gives that up."""
    hands: dict[Wind | str, str] = {"E": "1111m 258p 369s 1234z"}
    state = HandState(hooks_for(Variant.HUANGYAN), scripted(Variant.HUANGYAN, hands, seed=4))
    kong = Action.parse("concealed-kong 1m")
    broken = Action.parse("discard 1m")
    result = evaluate(state, [broken, kong], playouts=40, seed=0)
    assert result.best.action == kong
    mean, se = result.difference(kong, broken)
    assert mean > 3 * se and mean > 16


def test_bad_arguments() -> None:
    state = _positions(Variant.HUANGYAN, 1)[1]
    with pytest.raises(InputError):
        evaluate(state, playouts=0)
    with pytest.raises(InputError):
        evaluate(state, playouts=True)
    with pytest.raises(InputError):
        evaluate(state, [Action(ActionKind.DISCARD, t) for t in KINDS
                         if Action(ActionKind.DISCARD, t) not in state.legal_actions()][:1],
                 playouts=1)
    with pytest.raises(InputError):
        evaluate(state, [], playouts=1)
    with pytest.raises(InputError):
        evaluate(state, playouts=1, cpu=-1)
    with pytest.raises(InputError):
        evaluate(state, playouts=1, bot="nobody")
    legal = state.legal_actions()
    with pytest.raises(InputError):
        evaluate(state, [legal[0], legal[0]], playouts=1)
    done = _positions(Variant.HUANGYAN, 1)[-1]
    while not done.is_terminal():
        done.apply(done.legal_actions()[0])
    with pytest.raises(InputError):
        evaluate(done, playouts=1)


@pytest.mark.parametrize("variant", list(Variant))
def test_the_fast_copy_plays_as_the_deep_copy(variant: Variant) -> None:
    from tutor.game.evaluate import fast_clone

    for state in _positions(variant, 6, every=11):
        a, b = fast_clone(state), state.clone()
        bots = {w: SensibleBot() for w in Wind}
        for s in (a, b):
            while not s.is_terminal():
                actor = s.current_actor()
                assert actor is not None
                s.apply(bots[actor].choose(s.view(actor)))
        assert a.history == b.history
        assert a.settlement.ledger.net() == b.settlement.ledger.net()
        assert state.view(Wind.EAST) == state.clone().view(Wind.EAST)  # the original is kept
        assert not state.is_terminal()


@pytest.mark.parametrize("variant", list(Variant))
def test_the_trackers_copy_is_equal_and_apart(variant: Variant) -> None:
    """The play-outs' copy of a tracker equals a deep copy, and changing any of its containers
    leaves the original as it was."""
    import copy

    from tutor.game.evaluate import copy_tracker

    for state in _positions(variant, 6, every=9):
        tracker = state.tracker
        before = copy.deepcopy(tracker)
        fresh = copy_tracker(tracker)
        assert fresh == before and fresh is not tracker
        for name, value in vars(fresh).items():
            if isinstance(value, list):
                value.append(None)
            elif isinstance(value, dict):
                for inner in value.values():
                    if isinstance(inner, set):
                        inner.add(None)
                value[None] = None
            elif isinstance(value, set):
                value.add(None)
            else:
                continue
            assert getattr(tracker, name) == getattr(before, name), name
        assert tracker == before


def test_a_memo_gives_the_same_numbers_and_skips_the_play_outs_made(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import tutor.game.evaluate as ev

    state = _positions(Variant.HUANGYAN, 5)[2]
    legal = state.legal_actions()
    plain = evaluate(state, legal[:3], playouts=4, seed=9)
    memo: ev.Memo = {}
    assert evaluate(state, legal[:3], playouts=4, seed=9, memo=memo) == plain
    assert len(memo) == 12
    played: list[Action] = []
    real = ev._play

    def counted(world: HandState, action: Action, *args: object) -> int:
        played.append(action)
        return real(world, action, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(ev, "_play", counted)
    assert evaluate(state, legal[:3], playouts=4, seed=9, memo=memo) == plain
    assert played == []
    # an option not played yet is played, those known are taken from the memo
    wider = evaluate(state, legal[:4], playouts=4, seed=9, memo=memo)
    assert played == [legal[3]] * 4
    assert wider == evaluate(state, legal[:4], playouts=4, seed=9)
    # another seed is other play-outs
    played.clear()
    evaluate(state, legal[:1], playouts=2, seed=10, memo=memo)
    assert played == [legal[0]] * 2


def test_a_guiyang_settlement_without_details_pays_the_same() -> None:
    """Play-outs settle without the per-player results; the payments are the same, after a win
    and after a draw (which pays the ready hands' best patterns)."""
    from tutor.game.simulate import play_hand
    from tutor.game.variants.guiyang.describe import describe
    from tutor.variants.guiyang.settlement import settle

    kinds = set()
    for seed in range(12):
        state = play_hand(Variant.GUIYANG, seed, ("sensible", "random"))
        assert state.outcome is not None
        hand = describe(state, state.outcome)
        full = settle(hand, state.hooks.rules)  # type: ignore[attr-defined]
        quick = settle(hand, state.hooks.rules, details=False)  # type: ignore[attr-defined]
        assert quick.ledger == full.ledger and quick.players == () and len(full.players) == 4
        kinds.add(hand.win is None)
    assert kinds == {True, False}
