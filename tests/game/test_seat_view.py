"""The learner's view shows only what that seat may know.

Thousands of seeded hands per game are played by random bots; one seat is "the learner". At
its decision points the table picture it would receive (what the browser gets) is checked:

* directly: the other hands are face down (a count only), their concealed kongs show no tile,
  the discards, melds and counts are the public ones, the own hand is the seat's hand;
* by changing what the seat cannot know (the other hands' tiles and drawn tiles, the tiles of
  their concealed kongs, the order of the wall, the tiles of their draws in the event list,
  their passes, blocked claims and refused wins, the hooks' private bookkeeping) and checking
  that the picture does not change at all;

and at the end of the hand every line of the seat's log is checked against what may be heard:
its own moves, the table's announcements, the others' discards, claims and added kongs, and
their draws and concealed kongs without the tile.

``TUTOR_SEAT_HANDS`` sets the hands per game (300 by default; ``make soak`` plays 3,000).
"""

from __future__ import annotations

import copy
import dataclasses
import os
import random
import re
from typing import Any

import pytest

from tutor.core.hand import Meld, MeldKind
from tutor.core.tiles import KINDS, Wind
from tutor.core.variant import Variant
from tutor.game.bots import RandomBot
from tutor.game.state import Event, HandState
from tutor.game.variants import hooks_for
from tutor.game.view import seat_log
from tutor.study.table import table_picture

HANDS = int(os.environ.get("TUTOR_SEAT_HANDS", "300"))
NAMES = {w.name.title() for w in Wind}
#: what another seat's line may say (after "Name: ")
OTHERS = re.compile(
    r"^(discard \d[mpsz]|(chow|pong|open-kong) \d[mpsz] \(from (East|South|West|North)\)"
    r"|open kong \d[mpsz]|added kong \d[mpsz]|hot discard \d[mpsz] \(.*\)"
    r"|joker restriction 5z \(.*\)|joker restriction ends \(.*\)"
    r"|first-turn matching discards \(.*\)|drew a tile|drew a replacement tile"
    r"|declared a concealed kong \(four tiles face down\))$")
PRIVATE = ("pass", "blocked", "kong pass", "window", "may declare", "not offered")


def _perturbed(state: HandState, learner: Wind, rng: random.Random) -> HandState:
    """A copy of ``state`` that differs only in what ``learner`` cannot know."""
    other = copy.copy(state)
    players = {}
    for seat, player in state.players.items():
        if seat is learner:
            players[seat] = player
            continue
        counts = [0] * 34
        for _ in range(player.concealed_count):
            counts[rng.randrange(34)] += 1
        melds = [Meld.kong(rng.choice(KINDS), MeldKind.CONCEALED_KONG)
                 if m.kind is MeldKind.CONCEALED_KONG else m for m in player.melds]
        drawn = rng.choice(KINDS) if player.drawn is not None else None
        players[seat] = dataclasses.replace(player, counts=counts, melds=melds, drawn=drawn)
    other.players = players
    events = []
    for event in state.events:
        if event.seat not in (None, learner):
            if event.kind in ("draw", "replacement", "concealed kong"):
                event = Event(event.seat, event.kind, rng.choice(KINDS), event.note)
            elif event.kind in ("pass", "pong blocked", "wins blocked", "kong pass",
                                "may declare Ten Honors Explosive Head"):
                continue  # a private event of another seat: drop it
        if event.kind == "window":
            continue
        events.append(event)
        if rng.random() < 0.05:  # and invent some private events of other seats
            seat = rng.choice([w for w in Wind if w is not learner])
            events.append(Event(seat, rng.choice(["pass", "wins blocked", "pong blocked"]),
                                rng.choice(KINDS), "invented"))
    other.events = events
    wall = copy.copy(state.wall)
    rest = list(wall.tiles[wall.front:])
    rng.shuffle(rest)
    wall.tiles = tuple(wall.tiles[:wall.front]) + tuple(rest)
    other.wall = wall
    tracker = copy.copy(state.tracker)
    for name in ("win_blocked", "win_offered"):
        if hasattr(tracker, name):
            setattr(tracker, name, {w for w in Wind if w is not learner and rng.random() < 0.5}
                    | (getattr(state.tracker, name) & {learner}))
    if hasattr(tracker, "pong_blocked"):
        tracker.pong_blocked = {w: {rng.choice(KINDS)} for w in Wind if w is not learner}
        if learner in state.tracker.pong_blocked:
            tracker.pong_blocked[learner] = state.tracker.pong_blocked[learner]
    if hasattr(tracker, "notes"):
        tracker.notes = []
    other.tracker = tracker
    return other


def _check_picture(state: HandState, learner: Wind, data: dict[str, Any]) -> None:
    by_seat = {s["seat"]: s for s in data["seats"]}
    for seat, player in state.players.items():
        shown = by_seat[seat.letter]
        assert shown["discards"] == [str(t) for t in player.discards]
        assert shown["count"] == player.concealed_count
        exposed = [m for m in player.melds if m.kind is not MeldKind.CONCEALED_KONG]
        kongs = len(player.melds) - len(exposed)
        if seat is learner:
            assert shown["place"] == "bottom"
            hand = sorted([*shown["concealed"], *([shown["drawn"]] if shown["drawn"] else [])])
            assert hand == sorted(str(t) for t in player.hand().concealed)
            continue
        assert shown["concealed"] is None and shown["drawn"] == ""
        hidden = [m for m in shown["melds"] if m["concealed"]]
        assert len(hidden) == kongs and all(m["tiles"] == ["back"] * 4 for m in hidden)
        assert [m["tiles"] for m in shown["melds"] if not m["concealed"]] == [
            [str(t) for t in m.tiles] for m in exposed]
    if data["to_act"]:
        assert state.current_actor() is learner
        assert {c["action"] for c in data["choices"]} | {f"discard {t}" for t in
                                                         data["discardable"]} == {
            str(a) for a in state.legal_actions()}
    assert data["live_wall"] == state.wall.live and data["dead_wall"] == state.wall.dead


def _check_log(lines: list[str], learner: Wind) -> None:
    mine = learner.name.title()
    for line in lines:
        name, _, rest = line.partition(": ")
        if name == mine:
            continue
        if name in NAMES:
            assert OTHERS.match(rest), f"{mine} should not hear {line!r}"
        else:  # an announcement of the table, or how the hand ended
            assert not any(word in line for word in PRIVATE), line


def _play(variant: Variant, seed: int, checks: int = 2) -> None:
    rng = random.Random(seed)
    state = HandState.new(hooks_for(variant), seed=seed)
    bots = {w: RandomBot(seed * 4 + i) for i, w in enumerate(Wind)}
    learner = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)[seed % 4]
    decisions = 0
    checked = 0
    while not state.is_terminal():
        actor = state.current_actor()
        assert actor is not None
        if actor is learner:
            decisions += 1
            if checked < checks and rng.random() < 0.12:
                checked += 1
                data = table_picture(state, learner).as_dict()
                _check_picture(state, learner, data)
                twin = table_picture(_perturbed(state, learner, rng), learner).as_dict()
                assert twin == data, f"{variant.value} seed {seed}: the picture changed"
                _check_log(data["log"], learner)
        state.apply(bots[actor].choose(state.view(actor)))
    _check_log(seat_log(state.events, learner), learner)


@pytest.mark.parametrize("variant", list(Variant))
def test_the_learner_sees_only_what_the_seat_may_know(variant: Variant) -> None:
    for seed in range(HANDS):
        _play(variant, seed)


def test_the_check_catches_a_leak() -> None:
    """The checks are not empty: a log with another seat's pass, or a picture with another
    seat's tiles, fails them."""
    with pytest.raises(AssertionError):
        _check_log(["South: pass"], Wind.EAST)
    with pytest.raises(AssertionError):
        _check_log(["North: draw 3m"], Wind.EAST)
    state = HandState.new(hooks_for("huangyan"), seed=1)
    data = table_picture(state, Wind.EAST, reveal=True).as_dict()
    with pytest.raises(AssertionError):
        _check_picture(state, Wind.EAST, data)
    twin = table_picture(_perturbed(state, Wind.EAST, random.Random(1)), Wind.EAST,
                         reveal=True).as_dict()
    assert twin != data  # the perturbation does change hidden tiles


def test_own_private_events_are_heard_and_others_are_not() -> None:
    events = [Event(None, "dice", None, "3+4"), Event(Wind.SOUTH, "draw", KINDS[0]),
              Event(Wind.EAST, "draw", KINDS[1]), Event(Wind.SOUTH, "pass"),
              Event(Wind.EAST, "pass"), Event(None, "window", KINDS[2], "South: pong"),
              Event(Wind.SOUTH, "concealed kong", KINDS[3]),
              Event(Wind.SOUTH, "wins blocked", None, "declined a win"),
              Event(Wind.SOUTH, "discard", KINDS[4])]
    assert seat_log(events, Wind.EAST) == [
        "Dice: 3+4", "South: drew a tile", "East: draw 2m", "East: pass",
        "South: declared a concealed kong (four tiles face down)", "South: discard 5m"]
