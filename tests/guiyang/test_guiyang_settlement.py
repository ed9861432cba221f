"""Golden settlements of Guiyang hands (tests/data/guiyang), each computed by hand from
the rule book (notebooks/rules/guiyang.md)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tutor import RulesError, Seat
from tutor.variants.guiyang import (
    APP_TABLE_RULES,
    BeanKind,
    ChickenKind,
    Pattern,
    Place,
    Settlement,
    load_hand,
    read_hand,
    settle,
)

DATA = Path(__file__).parent.parent / "data" / "guiyang"
E, S, W, N = Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH


def data(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    return loaded


def run(name: str) -> Settlement:
    return settle(load_hand(DATA / f"{name}.json"))


def nets(s: Settlement) -> list[int]:
    return [s.net()[seat] for seat in Seat]


def cat(s: Settlement, category: str) -> list[int]:
    return [s.ledger.where(category=category).net()[seat] for seat in Seat]


def kinds(s: Settlement, seat: Seat) -> list[tuple[str, ChickenKind, Place, int]]:
    return [(str(c.tile), c.kind, c.place, c.value) for c in s.player(seat).chickens]


def test_self_draw_with_every_bean_kind() -> None:
    s = run("self_draw_beans")
    assert [p.eligible for p in s.players] == [True, True, False, False]
    pattern = s.player(E).pattern
    assert pattern is not None and pattern.pattern is Pattern.PLAIN
    # win: plain 1 + self-draw 1 from each opponent
    assert cat(s, "win") == [6, -2, -2, -2]
    # beans: East's concealed kong 2 from each; South's added kong 3 from each; West's exposed
    # kong is void (West is not ready)
    assert [b.kind for b in s.player(W).beans] == [BeanKind.EXPOSED]
    assert cat(s, "bean") == [6 - 3, 9 - 2, -2 - 3, -2 - 3]
    # chickens: flipped 5s (revealed 4s) held and winning for East; 1s x2 held for South; West
    # is not ready and pays its charging chicken (3) to East and South. South's discarded 5s
    # (a flipped chicken) does not count.
    assert kinds(s, E) == [("5s", ChickenKind.FLIPPED, Place.HELD, 1),
                           ("5s", ChickenKind.FLIPPED, Place.WINNING, 1)]
    assert kinds(s, S) == [("1s", ChickenKind.FIXED, Place.HELD, 1)] * 2
    assert kinds(s, W) == [("1s", ChickenKind.CHARGING, Place.DISCARDED, 3)]
    assert cat(s, "chicken") == [6 - 2 + 3, 6 - 2 + 3, -2 - 2 - 6, -2 - 2]
    assert nets(s) == [16, 12, -17, -11]


def test_two_winners_first_counts_the_discard_and_liability() -> None:
    s = run("two_winners_liability")
    assert s.hand.win is not None and s.hand.win.in_turn_order() == (E, S)
    assert cat(s, "win") == [1, 10, 0, -11]
    # the winning 1s is a chicken for East only (first after North in turn order)
    assert ("1s", ChickenKind.FIXED, Place.WINNING, 1) in kinds(s, E)
    assert all(c.place is not Place.WINNING for c in s.player(S).chickens)
    # West punged North's charging chicken: 3 melded chickens and a liability of 2
    assert s.player(W).chicken_value == 3
    assert s.ledger.where(category="liability chicken").as_dicts() == [
        {"payer": "N", "payee": "W", "amount": 2,
         "reason": "liability chicken (责任鸡): North's charging chicken 1s was claimed",
         "category": "liability chicken"}]
    assert nets(s) == [9, 6, 6, -21]


def test_hot_discard_with_golden_chickens() -> None:
    s = run("hot_discard_golden")
    assert s.reveal is not None and s.reveal.golden
    assert kinds(s, N) == [("1s", ChickenKind.CHARGING, Place.DISCARDED, 6),
                           ("1s", ChickenKind.GOLDEN, Place.DISCARDED, 2)]
    # South, the hot discarder, pays every payment; its own receipts (kong, golden 1s) are gone
    assert {p.payer for p in s.ledger} == {S}
    assert cat(s, "win") == [0, -2, 2, 0]  # plain 1 + hot discard 1
    assert cat(s, "bean") == [1, -1, 0, 0]  # East's exposed kong, paid for North
    assert cat(s, "chicken") == [8, -16, 8, 0]  # North's visible fixed chickens, paid for North
    assert nets(s) == [9, -19, 10, 0]


def test_the_same_discard_without_heat_is_refused() -> None:
    d = data("hot_discard_golden")
    d["win"]["how"] = "discard"
    with pytest.raises(RulesError, match="needs a kong"):
        settle(read_hand(d))


def test_plain_discard_win_with_a_kong_is_allowed() -> None:
    s = run("two_winners_liability")
    pattern = s.player(E).pattern
    assert pattern is not None and pattern.pattern is Pattern.PLAIN


def test_robbed_kong() -> None:
    s = run("robbed_kong")
    # plain 1 + self-draw 1, all three shares paid by South; no kong needed to rob
    wins = s.ledger.where(category="win")
    assert [(p.payer, p.amount) for p in wins] == [(S, 6)]  # the three shares, one payment
    assert s.player(S).beans == ()  # the robbed added kong stays a pong
    # North punged West's charging chicken but is not ready: no liability, and it pays its
    # three melded 1s to East and West
    assert s.liability is not None and s.liability.payee == N
    assert not s.ledger.where(category="liability chicken")
    assert "not paid: North is not eligible" in str(s)
    assert nets(s) == [16, -11, 6, -11]


def test_kong_draw_and_empty_wall() -> None:
    s = run("kong_draw_empty_wall")
    assert s.reveal is not None and s.reveal.flipped is None
    assert cat(s, "win") == [-17, -17, 51, -17]  # pure triplets 15 + self-draw 1 + kong 1
    assert nets(s) == [-22, -19, 60, -19]


@pytest.mark.parametrize(("ready", "expected"), [
    (0, [0, 0, 0, 0]),
    (1, [21, -7, -7, -7]),
    (2, [12, 8, -10, -10]),
    (3, [5, 7, 8, -20]),
    (4, [-3, 6, -2, -1]),
])
def test_exhaustive_draw(ready: int, expected: list[int]) -> None:
    s = run(f"draw_{ready}_ready")
    assert sum(p.ready for p in s.players) == ready
    assert nets(s) == expected
    assert not s.ledger.where(category="chicken")
    assert all(p.chickens == () for p in s.players)
    if ready in (0, 4):
        assert not s.ledger.where(category="tenpai")
    for p in s.players:  # beans of not-ready players are void
        if not p.ready:
            assert not s.ledger.where(payee=p.seat)


def test_draw_uses_best_possible_pattern() -> None:
    s = run("draw_3_ready")
    tenpai = {p.payee: p.amount for p in s.ledger.where(category="tenpai")}
    assert tenpai == {E: 7, S: 1, W: 10}  # seven pairs, plain, pure suit (nine gates)
    assert s.player(W).potential


def test_app_table_changes_only_pattern_values() -> None:
    seed = run("draw_1_ready")
    app = settle(load_hand(DATA / "draw_1_ready.json"), APP_TABLE_RULES)
    assert nets(seed) == [21, -7, -7, -7]
    assert nets(app) == [30, -10, -10, -10]  # seven pairs is 10 in the app table


def test_charging_chicken_won_on_has_no_bonus() -> None:
    d = data("two_winners_liability")
    d = copy.deepcopy(d)
    # North's first 1s stays in the pond instead: West has a concealed 1s pair and no pong
    d["players"]["W"] = {"concealed": "345m678m345p8s11s", "melds": []}
    d["players"]["W"]["concealed"] = "345m678m345p88s11s"
    d["discards"] = ["E 9s", "W 9s", "S 1m"]
    d["players"]["N"]["concealed"] = "1m3m7m1p6p9p4s7s2m4m6p5p5m"
    s = settle(read_hand(d))
    # the winning 1s is the first 1s discarded: a plain chicken for East, no charging, no
    # liability
    assert s.liability is None
    assert all(c.kind is not ChickenKind.CHARGING for p in s.players for c in p.chickens)
    assert ("1s", ChickenKind.FIXED, Place.WINNING, 1) in kinds(s, E)


def test_golden_liability_doubles() -> None:
    d = copy.deepcopy(data("two_winners_liability"))
    d["revealed"] = "9s"
    s = settle(read_hand(d))
    assert s.reveal is not None and s.reveal.golden
    assert [p.amount for p in s.ledger.where(category="liability chicken")] == [4]
    assert s.player(W).chicken_value == 6  # three golden 1s in the pong
    assert ("1s", ChickenKind.GOLDEN, Place.WINNING, 2) in kinds(s, E)


def test_every_category_sums_to_zero_and_reports_match() -> None:
    for path in sorted(DATA.glob("*.json")):
        if path.name == "bad_seat.json":
            continue
        s = settle(load_hand(path))
        for nets_ in s.by_category().values():
            assert sum(nets_.values()) == 0
        assert [p.net for p in s.players] == nets(s)
        out = s.as_dict()
        assert out["net"] == {seat.letter: n for seat, n in s.net().items()}
        assert "<table" in s._repr_html_()
