"""Play a hand: the model (the learner's seat, bots elsewhere, hints, take-backs) and its table
widget, driven with the messages the browser sends."""

from __future__ import annotations

import pytest

from tutor.core.tiles import Tile, Wind
from tutor.core.variant import Variant
from tutor.display.widgets.play import PlayView
from tutor.errors import IllegalActionError
from tutor.game.actions import ActionKind
from tutor.game.bots import SensibleBot
from tutor.study.play import PlayTable


def _finish(table: PlayTable) -> None:
    bot = SensibleBot(0)
    for _ in range(500):
        if table.finished:
            return
        table.play(bot.choose(table.view()))
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("variant", list(Variant))
def test_the_learner_acts_only_in_turn_and_the_hand_settles(variant: Variant) -> None:
    table = PlayTable(variant, seed=5, seat="S")
    assert table.seat is Wind.SOUTH
    assert table.to_act or table.finished
    _finish(table)
    assert table.legal() == []
    result = table.result()
    assert result is not None and str(table.state.outcome).split(" on ")[0] in result
    ledger = getattr(table.state.settlement, "ledger", None)
    if ledger is not None:
        assert sum(ledger.net().values()) == 0
    with pytest.raises(IllegalActionError, match="over"):
        table.play("pass")
    picture = table.picture()
    assert picture.finished and all(s.concealed is not None for s in picture.seats)


def test_others_draws_stay_hidden_even_at_the_end() -> None:
    table = PlayTable("huangyan", seed=1)
    table.play(next(a for a in table.legal() if a.kind is ActionKind.DISCARD))
    others = [line for line in table.log(50) if not line.startswith(("East", "Dice", "Deal"))]
    assert any(line.endswith(": drew a tile") for line in others)
    assert not any(": draw " in line for line in others)
    _finish(table)
    log = table.log(400)
    assert not any(": draw " in line and not line.startswith("East") for line in log)
    assert not any(line.endswith(": pass") and not line.startswith("East") for line in log)


def test_hint_names_the_best_discards_and_the_stage() -> None:
    table = PlayTable("huangyan", seed=3)
    hint = table.hint()
    assert "from ready (shanten)" in hint and "Discard " in hint
    advice = table.advice()
    assert advice.action == f"discard {advice.tiles[0]}"
    assert f"Discard {advice.tiles[0]}" in hint
    for _ in range(200):  # play on until the Live Tile Stage, if it comes
        if table.finished or table.view().stage:
            break
        table.play(SensibleBot(0).choose(table.view()))
    if not table.finished and table.to_act and any(
            a.kind is ActionKind.DISCARD for a in table.legal()):
        assert "Live Tile Stage: Live" in table.hint()
        seen = table.view().discarded_kinds()
        assert set(table.advice().tiles) <= seen or not any(
            t in seen for t in table.view().hand.concealed)


def test_advice_on_a_claim_and_a_win() -> None:
    for seed in range(40):
        table = PlayTable("guiyang", seed=seed)
        for _ in range(300):
            if table.finished:
                break
            kinds = {a.kind for a in table.legal()}
            if ActionKind.PASS in kinds:
                advice = table.advice()
                legal = {str(a) for a in table.legal()}
                assert advice.action in legal
                if ActionKind.WIN in kinds:
                    assert advice.action.startswith("win")
                return
            table.play(SensibleBot(0).choose(table.view()))
    pytest.fail("no claim offered in 40 hands")


def test_an_illegal_move_is_refused() -> None:
    table = PlayTable("guiyang", seed=2)
    with pytest.raises(IllegalActionError):
        table.play("pong 1m")


def test_take_back_replays_the_record_without_the_last_decision() -> None:
    table = PlayTable("huangyan", seed=4)
    assert not table.can_take_back
    with pytest.raises(IllegalActionError, match="nothing to take back"):
        table.take_back()
    before = [a for _, a in table.state.history]
    hand_before = table.view().hand
    first = table.legal()[0]
    table.play(first)
    assert table.can_take_back and len(table.state.history) > len(before)
    assert table.take_back() == first
    assert [a for _, a in table.state.history] == before
    assert table.view().hand == hand_before and table.to_act
    table.play(table.legal()[-1])  # a different move: the game goes on from there
    strict = PlayTable("huangyan", seed=4, practice=False)
    strict.play(strict.legal()[0])
    with pytest.raises(IllegalActionError, match="not a practice game"):
        strict.take_back()


def test_the_table_widget_plays_hints_and_takes_back() -> None:
    view = PlayView("huangyan", seed=4)
    assert view.summary().startswith("PlayView(huangyan, seed 4, East:")
    data = view.widget.table
    assert data["viewer"] == "E" and data["seats"][0]["place"] == "bottom"
    assert data["to_act"] and data["discardable"]
    before = len(view.table.state.history)
    view.widget.handle({"event": "act", "action": f"discard {data['discardable'][0]}"})
    assert len(view.table.state.history) > before and view.widget.can_undo
    view.widget.handle({"event": "hint"})
    assert "shanten" in view.widget.hint or "win" in view.widget.hint
    assert view.widget.highlight_tiles and view.widget.suggest
    view.widget.handle({"event": "undo"})
    assert len(view.table.state.history) == before
    assert view.widget.message.startswith("Took back your discard")
    assert view.widget.hint == "" and view.widget.highlight_tiles == []
    view.widget.handle({"event": "act", "action": "pong 9z"})
    assert view.widget.message_kind == "error" and "Traceback" not in view.widget.message
    view.widget.handle({"event": "act", "action": "x" * 500})  # refused before parsing
    assert view.widget.message == "ignored a move that is not one"


def test_claim_buttons_show_their_tiles() -> None:
    for seed in range(60):
        view = PlayView("huangyan", seed=seed)
        for _ in range(200):
            table = view.table
            if table.finished:
                break
            choices = view.widget.table["choices"]
            pongs = [c for c in choices if c["kind"] == "pong"]
            if pongs:
                pong = pongs[0]
                tile = pong["action"].split()[1]
                assert pong["tiles"] == [tile] * 3 and pong["claimed"] == tile
                assert any(c["kind"] == "pass" for c in choices)
                view.widget.handle({"event": "act", "action": pong["action"]})
                me = view.widget.table["seats"][0]
                assert any(m["kind"] == "pong" and m["tiles"] == [tile] * 3
                           for m in me["melds"])
                return
            view.play(SensibleBot(0).choose(table.view()))
    pytest.fail("no pong offered in 60 hands")


def test_new_hand_and_reset_to_the_example() -> None:
    view = PlayView("huangyan", seed=4)
    view.variant.value = "guiyang"
    view.seat.value = "W"
    view.seed.value = 11
    view.deal.click()
    assert view.table.variant is Variant.GUIYANG and view.table.seat is Wind.WEST
    assert view.widget.table["viewer"] == "W" and view.table.seed == 11
    assert view.widget.table["markers"][0]["key"] == "chicken"
    view.reset_button.click()
    assert view.table.variant is Variant.HUANGYAN and view.table.seed == 4
    assert view.variant.value == "huangyan" and view.widget.message == "Back to the example hand."


def test_the_end_shows_every_hand_and_the_settlement() -> None:
    view = PlayView("guiyang", seed=5)
    _finish(view.table)
    view.refresh()
    data = view.widget.table
    assert data["finished"] and all(s["concealed"] is not None for s in data["seats"])
    assert "tutor-result-outcome" in view.widget.result
    assert "<svg" in view.widget.result or "no payments" in view.widget.result.lower()
    assert any(m["key"] == "reveal" for m in data["markers"])
    assert data["marks"] == {"1s": "chicken"}


def test_stage_marks_live_tiles() -> None:
    table = PlayTable("huangyan", seed=3, overrides={"live_tile_stage_threshold": "200"})
    picture = table.picture()
    keys = [m.key for m in picture.markers]
    assert keys == ["stage", "live"] and picture.markers[0].active
    discarded = {str(t) for s in picture.seats for t in s.discards}
    assert {c for c, v in picture.marks.items() if v == "safe"} == discarded
    assert len(picture.marks) == 34 and Tile.parse("1m")
    assert picture.markers[1].tiles == tuple(c for c, v in picture.marks.items() if v == "live")


def test_the_joker_restriction_is_marked() -> None:
    for seed in range(200):
        table = PlayTable("hangzhou", seed=seed, bots=("random",))
        for _ in range(300):
            if table.finished:
                break
            restricted = table.state.tracker.restricted
            if restricted and table.to_act:
                picture = table.picture()
                rule = next(m for m in picture.markers if m.key == "restriction")
                assert rule.active and restricted[0].name.title() in rule.text
                notes = {s.seat: s.notes for s in picture.seats}
                assert all(notes[w] for w in restricted)
                assert not any(notes[w] for w in Wind if w not in restricted)
                return
            table.play(SensibleBot(0).choose(table.view()))
    pytest.fail("no joker restriction in 200 hands")


def test_the_strong_bots_are_an_opponent_level() -> None:
    from tutor.game.strong import StrongBot

    view = PlayView("hangzhou", seed=3)
    assert "strong bots" in view.bots.options
    view.bots.value = "strong bots"
    view.deal.click()
    assert view.table.bot_names == ("strong",)
    others = [b for s, b in view.table.bots.items() if s != view.table.seat]
    assert others and all(isinstance(b, StrongBot) for b in others)
    _finish(view.table)
    assert view.table.finished
