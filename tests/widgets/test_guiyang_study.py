"""The Guiyang settlement walker model."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.errors import HandError, RulesError
from tutor.ledger import Seat
from tutor.study.guiyang import PRESETS, SettlementWalker, preset_hand
from tutor.variants.guiyang import APP_TABLE_RULES, Category, FieldError, load_hand, settle

DATA = Path(__file__).resolve().parents[1] / "data" / "guiyang"


@pytest.mark.parametrize("name", list(PRESETS))
def test_presets_are_the_example_files(name: str) -> None:
    assert preset_hand(name) == load_hand(DATA / f"{name}.json")
    file = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    assert PRESETS[name].description == file["description"]


@pytest.mark.parametrize("name", list(PRESETS))
def test_walk_adds_up_to_the_settlement(name: str) -> None:
    walker = SettlementWalker(name)
    expected = settle(load_hand(DATA / f"{name}.json"))
    steps = walker.steps()
    assert steps[0].title == "players" and steps[-1].title == "total"
    running = {s: 0 for s in Seat}
    for step in steps[1:-1]:
        assert step.category is not None
        assert sum(step.payments.net().values()) == 0
        assert all(p.category == step.category.value for p in step.payments)
        for seat, n in step.payments.net().items():
            running[seat] += n
        assert step.running == running
    assert running == expected.net() == steps[-1].running
    assert len(steps[-1].payments) == len(expected.ledger)
    assert sum(len(s.payments) for s in steps[1:-1]) == len(expected.ledger)


def test_categories_follow_the_outcome() -> None:
    assert SettlementWalker("self_draw_beans").categories() == [
        Category.WIN, Category.BEAN, Category.CHICKEN, Category.LIABILITY]
    assert SettlementWalker("draw_2_ready").categories() == [Category.TENPAI, Category.BEAN]


def test_stepping() -> None:
    walker = SettlementWalker("two_winners_liability")
    assert walker.current().number == 0
    assert walker.next().title == "win"
    assert walker.next().title == "bean"
    assert walker.back().title == "win"
    assert walker.last().title == "total" and walker.next().title == "total"
    assert walker.first().title == "players" and walker.back().title == "players"
    with pytest.raises(RulesError, match="does not exist"):
        walker.goto(6)
    assert "step 0 of 5: players" in walker.summary()


def test_explanations_name_the_rules() -> None:
    liability = SettlementWalker("two_winners_liability")
    assert "North pays West 2: the charging chicken was claimed" in liability.at(4).explanation[0]
    chicken = "\n".join(liability.at(3).explanation)
    assert "revealed 2s: flipped chicken 3s" in chicken
    assert "West (eligible) collects 3 from each opponent" in chicken
    robbed = SettlementWalker("robbed_kong")
    assert "North is not eligible: not paid" in robbed.at(4).explanation[0]
    assert "the robbed player pays all three shares" in robbed.at(1).explanation[0]
    hot = SettlementWalker("hot_discard_golden")
    beans = "\n".join(hot.at(2).explanation)
    assert "forfeited: a hot discard" in beans and "South forfeits" in beans
    assert "golden" in hot.at(3).explanation[0]
    plain = SettlementWalker("self_draw_beans")
    assert "not punged or konged" in plain.at(4).explanation[0]
    assert "void: not eligible" in "\n".join(plain.at(2).explanation)
    draw = SettlementWalker("draw_2_ready")
    assert "best possible pattern" in draw.at(1).explanation[0]


def test_player_rows_show_patterns_readiness_eligibility_chickens_and_beans() -> None:
    rows = SettlementWalker("two_winners_liability").player_rows()
    east, south, west, north = rows
    assert east[2] == "winner" and east[3] == "yes" and east[4] == "Plain (平胡) 1"
    assert "concealed kong (9999m) 2 each from South, West and North" in east[6]
    assert south[4] == "Pure suit (清一色) 10"
    assert west[2] == "ready on 8s" and west[4] == "best possible: Plain (平胡) 1"
    assert west[5].count("1s fixed chicken (melded) 1") == 3
    assert north[2] == "not ready" and north[3] == "no" and north[4] == ""


def test_app_table_changes_the_tenpai_payment_and_keeps_the_step() -> None:
    walker = SettlementWalker("draw_2_ready")
    walker.goto(1)
    seed = walker.current()
    app = walker.set_table("app")
    assert walker.step == 1 and walker.rules == APP_TABLE_RULES
    assert seed.running[Seat.EAST] == 14 and app.running[Seat.EAST] == 20
    assert app.running == settle(preset_hand("draw_2_ready"), APP_TABLE_RULES).ledger.where(
        category="tenpai").net()
    with pytest.raises(RulesError, match="no pattern table"):
        walker.set_table("club")
    assert walker.table == "app"


def test_own_json_and_errors_leave_the_walker_unchanged() -> None:
    walker = SettlementWalker("self_draw_beans")
    walker.goto(2)
    with pytest.raises(FieldError, match="not JSON"):
        walker.load_json("{bad")
    with pytest.raises(FieldError, match=r"players\.S\.melds"):
        walker.load_json((DATA / "bad_seat.json").read_text(encoding="utf-8"))
    no_kong = json.loads(PRESETS["two_winners_liability"].json)
    no_kong["players"]["E"] = {"concealed": "456m22p789p23s999m"}
    with pytest.raises(RulesError, match="needs a kong"):
        walker.load_json(json.dumps(no_kong))
    assert walker.preset == "self_draw_beans" and walker.step == 2
    with pytest.raises(HandError, match="no preset hand"):
        walker.load("nothing")
    everyone = walker.load_json((DATA / "draw_4_ready.json").read_text(encoding="utf-8"))
    assert walker.preset is None and everyone.number == 0
    assert walker.at(1).explanation == ("everyone is ready: no tenpai payments, only beans "
                                        "settle",)
    assert "custom hand" in walker.summary()
