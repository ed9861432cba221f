"""The shared game engine: actions, walls, scripted deals, the state machine, records."""

from __future__ import annotations

import json
import random

import pytest

from tutor.core.tiles import KINDS, Tile, Wind
from tutor.core.variant import Variant
from tutor.errors import HandError, IllegalActionError, NotationError
from tutor.game.actions import Action, ActionKind
from tutor.game.bots import RandomBot, SensibleBot
from tutor.game.record import RecordError, digest, record, replay, seal
from tutor.game.scenario import scripted
from tutor.game.simulate import play_hand, simulate
from tutor.game.state import Chance, HandState, Phase
from tutor.game.variants import hooks_for
from tutor.game.wall import DEAD_WALL, Wall, break_position

VARIANTS = list(Variant)


def _hooks(variant: Variant, rules: dict[str, object]) -> object:
    return hooks_for(variant, rules)


@pytest.mark.parametrize("text", ["discard 3m", "chow 345p", "pong 7z", "pass", "win 5s",
                                  "concealed-kong 1m", "added-kong 9p", "open-kong 2s",
                                  "self-draw 4m", "rob 6p", "special-win"])
def test_action_round_trip(text: str) -> None:
    action = Action.parse(text)
    assert str(action) == text
    assert eval(repr(action)) == action


@pytest.mark.parametrize("text", ["throw 3m", "chow 34p", "discard 0m"])
def test_action_parse_errors(text: str) -> None:
    with pytest.raises(NotationError):
        Action.parse(text)


@pytest.mark.parametrize("variant", VARIANTS)
def test_wall_sizes(variant: Variant) -> None:
    tiles = tuple(t for t in variant.kinds for _ in range(4))
    wall = Wall(variant, tiles)
    assert wall.live == variant.tile_count - DEAD_WALL[variant]
    assert wall.dead == DEAD_WALL[variant]
    assert wall.remaining == variant.tile_count


def test_huangyan_replacement_shrinks_dead_wall_only() -> None:
    wall = Wall(Variant.HUANGYAN, tuple(KINDS[i % 34] for i in range(136)))
    live = wall.live
    tile = wall.replacement()
    assert tile == wall.tiles[135]
    assert (wall.live, wall.dead) == (live, 15)


def test_hangzhou_replacement_burns_and_replenishes() -> None:
    wall = Wall(Variant.HANGZHOU, tuple(KINDS[i % 34] for i in range(136)))
    live = wall.live
    tile = wall.replacement()
    assert tile == wall.tiles[134]  # the far tile (135) is burned
    assert (wall.live, wall.dead, wall.burned) == (live - 2, 20, 1)


def test_guiyang_replacement_comes_off_the_single_wall() -> None:
    wall = Wall(Variant.GUIYANG, tuple(KINDS[i % 27] for i in range(108)))
    wall.replacement()
    assert (wall.live, wall.dead) == (107, 0)
    for _ in range(107):
        wall.draw()
    assert wall.live == 0 and not wall.can_replace()
    with pytest.raises(IllegalActionError):
        wall.draw()


@pytest.mark.parametrize("variant", VARIANTS)
def test_break_position_in_range(variant: Variant) -> None:
    for a in range(1, 7):
        for b in range(1, 7):
            assert 0 <= break_position(variant.tile_count, (a, b), variant) < variant.tile_count


def test_scripted_deal_gives_the_chosen_hands_and_draws() -> None:
    chance = scripted("huangyan", {"E": "123m456p789s11225z", "S": "1112345678999m"},
                      draws="3z 4z", replacements="7z")
    state = HandState(hooks_for("huangyan"), chance)
    east = state.players[Wind.EAST]
    assert str(east.hand()) == "123m456p789s11225z"
    assert east.drawn == Tile.parse("5z")
    assert str(state.players[Wind.SOUTH].hand()) == "1112345678999m"
    assert state.wall.tiles[state.wall.front] == Tile.parse("3z")
    assert state.wall.tiles[state.wall.back] == Tile.parse("7z")


def test_scripted_refuses_a_fifth_copy() -> None:
    with pytest.raises(HandError):
        scripted("huangyan", {"E": "11112345678999m", "S": "1m23456789p1234z"})


def test_illegal_action_is_refused_and_changes_nothing() -> None:
    state = HandState.new(hooks_for("huangyan"), seed=1)
    before = digest(state)
    absent = next(t for t in KINDS if state.players[Wind.EAST].counts[t.index] == 0)
    with pytest.raises(IllegalActionError):
        state.apply(Action(ActionKind.DISCARD, absent))
    with pytest.raises(IllegalActionError):
        state.apply(Action(ActionKind.PONG, absent))
    assert digest(state) == before


def test_view_hides_other_hands() -> None:
    state = HandState.new(hooks_for("huangyan"), seed=3)
    view = state.view(Wind.SOUTH)
    assert view.hand == state.players[Wind.SOUTH].hand()
    assert not view.to_act and view.legal == ()
    east = view.others[Wind.EAST]
    assert east.tiles_in_hand == 14
    assert not hasattr(east, "counts") and not hasattr(east, "hand")


def _play(variant: Variant, seed: int, bot: str) -> HandState:
    state = HandState.new(hooks_for(variant), seed=seed)
    bots = {s: (RandomBot(seed + i) if bot == "random" else SensibleBot(seed + i))
            for i, s in enumerate(state.players)}
    for _ in range(2000):
        if state.is_terminal():
            break
        seat = state.current_actor()
        assert seat is not None
        legal = state.legal_actions()
        assert legal, "a live state always has a legal action"
        state.apply(bots[seat].choose(state.view(seat)))
        assert state.tiles_accounted() == variant.tile_count
    assert state.is_terminal(), "hands always end"
    return state


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("bot", ["random", "sensible"])
def test_random_hands_conserve_tiles_settle_and_replay(variant: Variant, bot: str) -> None:
    for seed in range(40):
        state = _play(variant, seed, bot)
        ledger = getattr(state.settlement, "ledger", None)
        if ledger is not None:
            assert sum(ledger.net().values()) == 0
        again = replay(json.loads(json.dumps(record(state))), _hooks)  # type: ignore[arg-type]
        assert digest(again) == digest(state)
        assert again.history == state.history


def _a_record(seed: int = 2) -> dict[str, object]:
    return record(play_hand(Variant.HUANGYAN, seed, ["random"]))


def test_record_refuses_an_altered_action() -> None:
    data = _a_record()
    actions = data["actions"]
    assert isinstance(actions, list)
    actions[0][1] = "discard 1m" if actions[0][1] != "discard 1m" else "discard 2m"
    with pytest.raises(RecordError):
        replay(data, _hooks)  # type: ignore[arg-type]


def test_record_refuses_a_wrong_seat_or_a_changed_digest() -> None:
    data = _a_record()
    actions = data["actions"]
    assert isinstance(actions, list)
    actions[0][0] = "S"
    with pytest.raises(RecordError, match="'actions' was changed"):
        replay(data, _hooks)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="is to act"):  # resealed: the replay itself refuses
        replay(seal(data), _hooks)  # type: ignore[arg-type]
    data = _a_record()
    data["final"] = "0" * 16
    with pytest.raises(RecordError, match="'final' was changed"):
        replay(data, _hooks)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="does not end in the recorded state"):
        replay(seal(data), _hooks)  # type: ignore[arg-type]


@pytest.mark.parametrize("change", [
    ("schema", "chess"), ("version", 9), ("variant", "riichi"), ("actions", "none")])
def test_record_refuses_malformed_fields(change: tuple[str, object]) -> None:
    data = _a_record()
    data[change[0]] = change[1]
    with pytest.raises(RecordError):
        replay(data, _hooks)  # type: ignore[arg-type]


def test_record_refuses_a_shuffle_that_is_not_a_full_set() -> None:
    data = _a_record()
    chance = data["chance"]
    assert isinstance(chance, dict)
    chance["order"] = " ".join(chance["order"].split()[1:])
    with pytest.raises(RecordError, match="'chance' was changed"):
        replay(data, _hooks)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="full"):
        replay(seal(data), _hooks)  # type: ignore[arg-type]


def test_chance_is_reproducible() -> None:
    a = Chance.roll(Variant.GUIYANG, random.Random(9))
    b = Chance.roll(Variant.GUIYANG, random.Random(9))
    assert a == b and len(a.order) == 108


def test_simulation_depends_only_on_the_seed() -> None:
    one = simulate("huangyan", 12, seed=5, bots=["random"], workers=1)
    two = simulate("huangyan", 12, seed=5, bots=["random"], workers=2)
    assert one.as_dict() == two.as_dict()
    assert one.hands == 12


def test_ended_hand_has_no_actor() -> None:
    state = play_hand(Variant.GUIYANG, 4, ["sensible"])
    assert state.phase is Phase.ENDED
    assert state.current_actor() is None and state.legal_actions() == []
    with pytest.raises(IllegalActionError):
        state.apply(Action(ActionKind.PASS))


def _an_illegal_action(state: HandState, rng: random.Random) -> Action:
    legal = set(state.legal_actions())
    while True:
        action = Action(rng.choice(list(ActionKind)), rng.choice(KINDS))
        if action not in legal:
            return action


@pytest.mark.parametrize("variant", VARIANTS)
def test_thousands_of_random_hands_end_conserve_tiles_settle_and_replay(
        variant: Variant) -> None:
    """2,000 seeded random-bot hands per game, through each game's own rules of play: an
    illegal action tried at a random moment is refused and changes nothing; every hand ends,
    accounts for every tile, settles to zero, and its record replays to the same state."""
    for seed in range(2000):
        rng = random.Random(seed)
        state = HandState.new(hooks_for(variant), seed=50_000 + seed)
        bots = {s: RandomBot(seed * 4 + i) for i, s in enumerate(state.players)}
        probe = rng.randrange(40)
        for move in range(2000):
            if state.is_terminal():
                break
            if move == probe:
                before = digest(state)
                with pytest.raises(IllegalActionError):
                    state.apply(_an_illegal_action(state, rng))
                assert digest(state) == before
            seat = state.current_actor()
            assert seat is not None
            state.apply(bots[seat].choose(state.view(seat)))
        assert state.is_terminal()
        assert state.tiles_accounted() == variant.tile_count
        ledger = getattr(state.settlement, "ledger", None)
        assert ledger is not None, f"{variant.title} hands settle"
        assert sum(ledger.net().values()) == 0
        assert digest(replay(record(state), _hooks)) == digest(state)  # type: ignore[arg-type]
