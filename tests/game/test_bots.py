"""The bots: the fast sensible bot makes exactly the choices of the efficiency ranking it
documents (checked against a plain implementation on top of ``tutor.core.waits``), from its own
view only, deterministically."""

from __future__ import annotations

import random

import pytest

from tutor.core.tiles import Wind
from tutor.core.variant import Variant
from tutor.errors import TutorError
from tutor.game.actions import Action, ActionKind
from tutor.game.bots import (
    BOT_NAMES,
    PlainSensibleBot,
    RandomBot,
    SensibleBot,
    make_bot,
    play_out,
)
from tutor.game.simulate import play_hand
from tutor.game.state import HandState
from tutor.game.variants import hooks_for
from tutor.game.view import PlayerView

VARIANTS = list(Variant)


@pytest.mark.parametrize("variant", VARIANTS)
def test_sensible_bot_chooses_as_the_plain_ranking(variant: Variant) -> None:
    """Every decision of many seeded hands, one fast bot object per seat kept across hands (as
    in a session), positions varied by an occasional random move."""
    fast = {s: SensibleBot() for s in Wind}
    plain = PlainSensibleBot()
    decisions = discards = claims = 0
    for seed in range(40):
        state = HandState.new(hooks_for(variant, None), seed=seed)
        shake = RandomBot(seed)
        moves = 0
        while not state.is_terminal():
            seat = state.current_actor()
            assert seat is not None
            view = state.view(seat)
            expected = plain.choose(view)
            assert fast[seat].choose(view) == expected, (seed, seat, str(view.hand), view.offer)
            decisions += 1
            discards += expected.kind is ActionKind.DISCARD
            claims += expected.kind in (ActionKind.PONG, ActionKind.OPEN_KONG)
            moves += 1
            state.apply(shake.choose(view) if seed % 3 == 0 and moves % 7 == 0 else expected)
    assert decisions > 1000 and discards > 500 and claims > 5


def test_sensible_bot_in_a_danger_stage_prefers_safe_discards() -> None:
    """Late in Huangyan hands (the Live Tile Stage), the bot discards an already discarded kind
    whenever its hand holds one it may discard."""
    checked = 0
    for seed in range(30):
        state = HandState.new(hooks_for(Variant.HUANGYAN, None), seed=seed)
        bots = {s: SensibleBot() for s in state.players}
        while not state.is_terminal():
            seat = state.current_actor()
            assert seat is not None
            view = state.view(seat)
            action = bots[seat].choose(view)
            if action.kind is ActionKind.DISCARD and view.stage is not None:
                options = {a.tile for a in view.legal if a.kind is ActionKind.DISCARD}
                if options & view.discarded_kinds() and len(options) > 1:
                    assert action.tile in view.discarded_kinds()
                    checked += 1
            state.apply(action)
    assert checked > 20


@pytest.mark.parametrize("variant", VARIANTS)
def test_seeded_hands_are_deterministic(variant: Variant) -> None:
    for seed in (0, 7):
        one = play_hand(variant, seed, ["sensible", "random"])
        two = play_hand(variant, seed, ["sensible", "random"])
        assert one.history == two.history
        assert one.outcome == two.outcome


def test_bots_see_only_their_own_view() -> None:
    """The bot gets a PlayerView: other seats appear only as shown melds, discards and tile
    counts; it never receives the state."""
    seen: list[object] = []

    class Spy(SensibleBot):
        def choose(self, view: PlayerView) -> Action:
            seen.append(view)
            return super().choose(view)

    state = HandState.new(hooks_for(Variant.HANGZHOU, None), seed=3)
    play_out(state, {s: Spy() for s in state.players})
    assert seen and all(type(v) is PlayerView for v in seen)
    for view in seen:
        assert isinstance(view, PlayerView)
        assert all(not hasattr(o, "counts") for o in view.others.values())


def test_make_bot_names() -> None:
    assert BOT_NAMES == ("random", "sensible")
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("sensible", 1), SensibleBot)
    with pytest.raises(TutorError, match="unknown bot 'clever'"):
        make_bot("clever")


def test_random_bot_is_seeded() -> None:
    legal = tuple(Action(ActionKind.DISCARD, t) for t in Variant.HUANGYAN.kinds[:9])
    view = HandState.new(hooks_for(Variant.HUANGYAN, None), seed=0).view(Wind.EAST)
    view = PlayerView(**{**view.__dict__, "legal": legal})
    picks = [RandomBot(5).choose(view) for _ in range(3)]
    assert picks[0] == picks[1] == picks[2]
    rng = random.Random(5)
    assert picks[0] == rng.choice(legal)
