"""Wins in play and their sheets: the chain multipliers (After a gang, After a White Dragon
Discard, the jokers of Three/Four White Dragons), Ten Honors Explosive Head and the first-turn
matching discards penalty (the original rule text, sections 5 and 7)."""

from __future__ import annotations

from tutor.core.hand import Meld, MeldKind
from tutor.core.tiles import Tile
from tutor.game.record import digest, record, replay
from tutor.game.state import PlayerState, WinKind
from tutor.game.variants import hooks_for
from tutor.game.variants.hangzhou.play import HangzhouSettlement, honor_run, penalty_dice
from tutor.variants.hangzhou.special import SpecialWin

from .hz_play_helpers import (
    JOKER,
    E,
    N,
    S,
    W,
    act,
    deal,
    discard_drawn,
    legal,
    pass_claims,
    spare_suited,
    tsumogiri,
)

J = str(JOKER)


def _names(state: object) -> list[str]:
    settlement = state.settlement  # type: ignore[attr-defined]
    assert isinstance(settlement, HangzhouSettlement)
    return sorted(line.name for line in settlement.sheet.lines)


def _net(state: object) -> tuple[int, int, int, int]:
    net = state.settlement.ledger.net()  # type: ignore[attr-defined]
    assert sum(net.values()) == 0
    return net[E], net[S], net[W], net[N]


def test_rule_text_example_2_open_kong_joker_discard_win_is_x16() -> None:
    # South: 123 456 7白白 中中中 白. East throws the fourth 中; South kongs it, draws 7 as the
    # replacement, throws a 白 and wins on its next draw.
    state = deal({"E": "1p1p 3p3p 5p5p 7p7p 9p 1s2s 3s4s 7z",
                  "S": f"123m456m7s{J}{J}7z7z7z{J}"}, draws="2m 3m 4m 9p", replacements="7s")
    act(state, E, "discard 7z")
    assert "open-kong 7z" in legal(state)
    act(state, S, "open-kong 7z")
    assert state.players[S].drawn == Tile.parse("7s")
    act(state, S, f"discard {J}")
    for seat in (W, N, E):  # bound by the joker restriction
        discard_drawn(state, seat)
    pass_claims(state)
    assert "self-draw 9p" in legal(state)
    act(state, S, "self-draw 9p")
    assert state.settlement.product == 16
    assert _names(state) == ["After a White Dragon Discard", "After a gang",
                             "Three White Dragons", "White Dragon Pair Wait"]
    sheet = state.settlement.sheet
    assert (sheet.situation.kongs, sheet.situation.joker_discards) == (1, 1)
    assert _net(state) == (-128, 160, -16, -16)


def test_rule_text_example_1_the_dealer_throws_a_joker_and_wins_next_draw_x4() -> None:
    state = deal({"E": f"123m456m789m7z7z7z{J}{J}"}, draws="1s 2s 3s 4p")
    assert f"self-draw {J}" in legal(state)  # it could win at once for the base value
    act(state, E, f"discard {J}")
    for seat in (S, W, N):
        discard_drawn(state, seat)
    pass_claims(state)
    act(state, E, "self-draw 4p")
    assert _names(state) == ["After a White Dragon Discard", "White Dragon Pair Wait"]
    assert _net(state) == (96, -32, -32, -32)


def test_two_kongs_in_a_row_win_on_the_replacement() -> None:
    state = deal({"E": "1111m2222m345p66p7p"}, replacements="8p 9p")
    act(state, E, "concealed-kong 1m")
    act(state, E, "concealed-kong 2m")
    act(state, E, "self-draw 9p")
    assert state.outcome.kong_draw
    assert _names(state) == ["After a gang", "After a gang"]
    assert _net(state) == (96, -32, -32, -32)


def test_a_non_joker_discard_ends_the_chain() -> None:
    state = deal({"E": "1p1p 3p3p 5p5p 7p7p 9p 1s2s 3s4s 7z",
                  "S": "123m456m789m7z7z7z9p"}, draws="2m 3m 4m 9p", replacements="1s")
    act(state, E, "discard 7z")
    act(state, S, "open-kong 7z")
    act(state, S, "discard 1s")
    pass_claims(state)
    for seat in (W, N, E):
        discard_drawn(state, seat)
    pass_claims(state)
    act(state, S, "self-draw 9p")
    assert _names(state) == []
    assert _net(state) == (-8, 10, -1, -1)


# -- Ten Honors Explosive Head ---------------------------------------------------------------

SOUTH = "1m4m7m 2p5p8p 3s6s9s 1m4m7m 2p"
EAST = "2m5m8m 3p6p9p 1s4s7s 2m5m8m 3p 9s"
HONORS = "1z 2z 3z 4z 6z 7z 1z 2z 3z 4z 6z 7z"


def _honor_hand(south_draws: list[str]) -> object:
    spare = [str(t) for t in spare_suited(SOUTH + EAST + " " + " ".join(south_draws),
                                          3 * len(south_draws))]
    draws = " ".join(f"{d} {' '.join(spare[3 * i:3 * i + 3])}"
                     for i, d in enumerate(south_draws))
    state = deal({"E": EAST, "S": SOUTH}, draws=draws)
    act(state, E, "discard 9s")
    pass_claims(state)
    return state


def _south_turns(state: object, n: int) -> None:
    for _ in range(n):
        assert "special-win" not in legal(state)  # type: ignore[arg-type]
        tsumogiri(state, 4)  # type: ignore[arg-type]


def test_ten_honor_discards_offer_the_special_win_x4() -> None:
    state = _honor_hand(HONORS.split()[:11])
    _south_turns(state, 10)
    assert state.current_actor() == S and "special-win" in legal(state)
    assert state.events[-1].kind == "may declare Ten Honors Explosive Head"
    act(state, S, "special-win")
    assert state.outcome.how is WinKind.SPECIAL
    assert isinstance(state.settlement.sheet, SpecialWin) and state.settlement.product == 4
    assert _net(state) == (-32, 40, -4, -4)


def test_each_further_honor_doubles_the_special_win() -> None:
    state = _honor_hand(HONORS.split())
    _south_turns(state, 10)
    tsumogiri(state, 4)  # South keeps going: an eleventh honor
    act(state, S, "special-win")
    assert state.settlement.product == 8


def test_a_non_honor_discard_loses_the_state() -> None:
    state = _honor_hand(["9m", *HONORS.split()[:11]])
    _south_turns(state, 11)
    assert state.current_actor() == S and "special-win" not in legal(state)


def test_honor_run_needs_unclaimed_discards_and_no_calls() -> None:
    ten = [Tile.parse("1z")] * 10
    assert honor_run(PlayerState(S, discards=list(ten), taken=[False] * 10)) == 10
    assert honor_run(PlayerState(S, discards=list(ten), taken=[False] * 9 + [True])) == 0
    kong = Meld.kong(Tile.parse("2z"), MeldKind.CONCEALED_KONG)
    assert honor_run(PlayerState(S, discards=list(ten), taken=[False] * 10,
                                 melds=[kong])) == 10
    pong = Meld.pong(Tile.parse("2z"))
    assert honor_run(PlayerState(S, discards=list(ten), taken=[False] * 10,
                                 melds=[pong])) == 0
    with_joker = [JOKER, *ten[1:]]
    assert honor_run(PlayerState(S, discards=with_joker, taken=[False] * 10)) == 10


# -- First-turn matching discards --------------------------------------------------------------

FIRST = {"E": "1z 2m3m 5m6m 8m9m 2p3p 5p6p 8p9p 2s",
         "S": "1z 1m 4m 7m 1p 4p 7p 1s 4s 7s 2z 3z 4z",
         "W": "1z 2m 5m 8m 2p 5p 8p 3s 5s 8s 2z 3z 4z",
         "N": "1z 3m 6m 9m 3p 6p 9p 6s 9s 6z 7z 2z 3z"}


def _first_turn(north_throws: str, hands: dict[str, str] = FIRST) -> object:
    state = deal(hands, draws="1s 2s 3s")
    act(state, E, "discard 1z")
    for seat, tile in ((S, "1z"), (W, "1z"), (N, north_throws)):
        pass_claims(state)
        act(state, seat, f"discard {tile}")
    pass_claims(state)
    return state


def test_four_matching_first_discards_cost_the_dealer_the_dice() -> None:
    state = _first_turn("1z")
    penalty = state.tracker.first_turn
    dice = penalty_dice(state.chance)
    assert penalty.factor == 1 and penalty.dice == sum(dice)
    event = next(e for e in state.events if e.kind == "first-turn matching discards")
    assert f"dice {dice[0]}+{dice[1]}" in event.note
    while not state.is_terminal():
        tsumogiri(state, 1)
    total = sum(dice)
    assert _net(state) == (-3 * total, total, total, total)
    again = replay(record(state), hooks_for)
    assert digest(again) == digest(state)
    assert again.settlement.ledger == state.settlement.ledger


def test_three_matching_and_a_joker_cost_double() -> None:
    hands = dict(FIRST, N="1z 3m 6m 9m 3p 6p 9p 6s 9s 6z 白 2z 3z")
    state = _first_turn(J, hands)
    assert state.tracker.first_turn.factor == 2


def test_no_penalty_when_the_first_discards_differ() -> None:
    state = _first_turn("2z")
    assert state.tracker.first_turn is None
    assert not any(e.kind == "first-turn matching discards" for e in state.events)
