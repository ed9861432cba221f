"""Play a hand: the model (the learner's seat, bots elsewhere, hints) and its widget."""

from __future__ import annotations

import pytest

from tutor.core.tiles import Wind
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


def test_others_draws_stay_hidden_until_the_end() -> None:
    table = PlayTable("huangyan", seed=1)
    table.play(next(a for a in table.legal() if a.kind is ActionKind.DISCARD))
    others = [line for line in table.log(50) if not line.startswith(("East", "table"))]
    assert any(line.endswith(": draw") for line in others)
    assert not any(": draw " in line for line in others)
    _finish(table)
    assert any(": draw " in line and not line.startswith("East") for line in table.log(400))


def test_hint_names_the_best_discards_and_the_stage() -> None:
    table = PlayTable("huangyan", seed=3)
    hint = table.hint()
    assert "from ready (shanten)" in hint and "Discard " in hint
    for _ in range(200):  # play on until the Live Tile Stage, if it comes
        if table.finished or table.view().stage:
            break
        table.play(SensibleBot(0).choose(table.view()))
    if not table.finished and table.to_act and any(
            a.kind is ActionKind.DISCARD for a in table.legal()):
        assert "Live Tile Stage: Live" in table.hint()


def test_an_illegal_move_is_refused() -> None:
    table = PlayTable("guiyang", seed=2)
    with pytest.raises(IllegalActionError):
        table.play("pong 1m")


def test_view_buttons_play_and_errors_show_as_messages() -> None:
    view = PlayView("huangyan", seed=4)
    assert view.summary().startswith("PlayView(huangyan, seed 4, East:")
    classes = [c for b in view.actions.children for c in b._dom_classes]
    assert any(c.startswith("action-discard-") for c in classes)
    before = len(view.table.state.history)
    view.actions.children[0].click()
    assert len(view.table.state.history) > before
    view.play("pong 9z")
    assert "tutor-error" in view.hint.value and "Traceback" not in view.hint.value
    view.hint_button.click()
    assert "shanten" in view.hint.value or "win" in view.hint.value
    view.seed.value = 11
    view.deal.click()
    assert view.table.seed == 11 and "seed 11" in view.header.value
    assert "<svg" in view.own.value
