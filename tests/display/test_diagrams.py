"""The payment diagrams: labels never overlap, whatever the settlement; the SVG is stable."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.core.tiles import Wind
from tutor.display.diagrams import (
    HEIGHT,
    LANES,
    SLOT_W,
    TABLE_H,
    TABLE_TOP,
    WIDTH,
    Box,
    PaymentDiagram,
    payment_diagram,
    payments_svg,
    seat_box,
)
from tutor.errors import RulesError
from tutor.ledger import Payment
from tutor.study.guiyang import PRESETS as GUIYANG_PRESETS
from tutor.study.guiyang import SettlementWalker
from tutor.study.hangzhou import TallyStepper
from tutor.study.huangyan import PRESETS as HUANGYAN_PRESETS
from tutor.study.huangyan import SettlementWalk
from tutor.variants.hangzhou.ledger import HandResult
from tutor.variants.huangyan.reckoning import reckon
from tutor.variants.huangyan.rules import HUANGYAN_RULES, LiabilityPayee

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
SVG = "{http://www.w3.org/2000/svg}"


def _grown(box: Box, margin: float) -> Box:
    return Box(box.x - margin, box.y - margin, box.w + 2 * margin, box.h + 2 * margin)


def assert_clear(diagram: PaymentDiagram) -> None:
    """No two labels overlap, each stays in its slot, off the seats and off every lane."""
    boxes = diagram.label_boxes()
    for a, b in itertools.combinations(boxes, 2):
        assert not a.overlaps(b), (a, b)
    for arrow in diagram.arrows:
        assert arrow.lane.slot.contains(arrow.label), (arrow.lane.payer, arrow.lane.payee)
        for seat in Wind:
            assert not arrow.label.overlaps(seat_box(seat))
        for lane in LANES.values():
            for segment in lane.segments:
                assert not _grown(arrow.label, 3).meets_segment(*segment)


# --- the fixed geometry --------------------------------------------------------------------

def test_the_twelve_slots_are_disjoint_and_clear_of_seats_and_lanes() -> None:
    """The proof behind every other test: a label never leaves its slot, and the slots (the
    largest labels) touch nothing; widened by the line width, no lane crosses a slot."""
    assert len(LANES) == 12
    slots = {key: lane.slot for key, lane in LANES.items()}
    for (ka, a), (kb, b) in itertools.combinations(slots.items(), 2):
        assert not a.overlaps(b), (ka, kb)
    table = Box(0, TABLE_TOP, WIDTH, TABLE_H)
    for key, slot in slots.items():
        assert table.contains(slot), key  # never on the title or the legend
        for seat in Wind:
            assert not slot.overlaps(seat_box(seat)), (key, seat)
        for other_key, lane in LANES.items():
            margin = 4 if other_key == key else 8  # beside its own lane, away from others
            for segment in lane.segments:
                assert not _grown(slot, margin).meets_segment(*segment), (key, other_key)


def test_both_directions_between_two_seats_have_their_own_lane() -> None:
    for a, b in itertools.permutations(Wind, 2):
        there, back = LANES[(a, b)], LANES[(b, a)]
        assert set(there.points).isdisjoint(back.points)
        assert there.points[0] != back.points[-1]


def test_box_geometry() -> None:
    box = Box(0, 0, 10, 10)
    assert box.overlaps(Box(5, 5, 10, 10)) and not box.overlaps(Box(10, 0, 5, 5))
    assert box.meets_segment((-5, 5), (15, 5)) and not box.meets_segment((-5, 20), (15, 20))
    assert box.meets_segment((2, 2), (3, 3))  # inside
    assert not box.meets_segment((11, -5), (11, 20))  # vertical, beside it


# --- every step of every preset ------------------------------------------------------------

def _huangyan_diagrams(walk: SettlementWalk) -> list[PaymentDiagram]:
    out = []
    for step in range(len(walk.steps) + 1):
        current = walk.steps[step - 1].payments if step else ()
        out.append(payment_diagram(walk.payments_so_far(step), net=walk.net_after(step),
                                   stacks=walk.stacks_after(step), current=current,
                                   winners=walk.reckoning.winner, dealer=walk.reckoning.dealer))
    return out


@pytest.mark.parametrize("payee", list(LiabilityPayee))
@pytest.mark.parametrize("name", list(HUANGYAN_PRESETS))
def test_huangyan_walk_labels_never_overlap(name: str, payee: LiabilityPayee) -> None:
    walk = SettlementWalk.preset(name, rules=HUANGYAN_RULES.replace(liability_payee=payee))
    for diagram in _huangyan_diagrams(walk):
        assert_clear(diagram)


def test_hangzhou_tally_labels_never_overlap() -> None:
    stepper = TallyStepper()
    for number in range(stepper.steps):
        step = stepper.at(number)
        assert_clear(payment_diagram(step.payments, net=step.payments.net()))


def test_the_tally_step_that_overlapped_is_now_apart() -> None:
    """Step 3 of the tally: South's win and East's streak run both ways between East and South
    (the old matplotlib picture put the two labels on top of each other)."""
    step = TallyStepper().at(3)
    diagram = payment_diagram(step.payments, net=step.payments.net())
    arrows = {(a.lane.payer, a.lane.payee): a for a in diagram.arrows}
    assert [c.text for c in arrows[(E, S)].chips] == ["32"]
    assert [c.text for c in arrows[(S, E)].chips] == ["16+32"]
    assert not arrows[(E, S)].label.overlaps(arrows[(S, E)].label)
    assert_clear(diagram)


@pytest.mark.parametrize("table", ["original", "app"])
@pytest.mark.parametrize("name", list(GUIYANG_PRESETS))
def test_guiyang_walk_labels_never_overlap(name: str, table: str) -> None:
    walker = SettlementWalker(name, table=table)
    for step in walker.steps():
        assert_clear(payment_diagram(step.payments, net=step.running))


# --- random settlements --------------------------------------------------------------------

seats = st.sampled_from(list(Wind))
payments = st.builds(
    lambda pair, amount, wave, category: Payment(pair[0], pair[1], amount, "r", wave=wave,
                                                 category=category),
    st.permutations(list(Wind)).map(lambda p: (p[0], p[1])),
    st.one_of(st.integers(0, 99), st.integers(0, 10**12)),
    st.sampled_from([None, None, 1, 2]),
    st.sampled_from([None, "win", "bean", "chicken", "liability chicken", "tenpai",
                     "dealer tally", "something new"]))


@given(st.lists(payments, max_size=40), st.data())
def test_random_payments_never_overlap(items: list[Payment], data: st.DataObject) -> None:
    current = data.draw(st.lists(st.sampled_from(items), max_size=5)) if items else None
    diagram = payment_diagram(items, current=current, net={s: 0 for s in Wind})
    assert_clear(diagram)
    assert {(a.lane.payer, a.lane.payee) for a in diagram.arrows} == {
        (p.payer, p.payee) for p in items if p.amount}
    for arrow in diagram.arrows:
        assert sum(c.total for c in arrow.chips) == arrow.amount


@given(winner=seats, dealer=seats, liable=st.one_of(st.none(), seats),
       totals=st.fixed_dictionaries({s: st.integers(0, 400) for s in Wind}),
       stacks=st.one_of(st.none(), st.fixed_dictionaries({s: st.integers(0, 80) for s in Wind})),
       payee=st.sampled_from(list(LiabilityPayee)))
def test_random_huangyan_walks_never_overlap(winner: Wind, dealer: Wind, liable: Wind | None,
                                             totals: dict[Wind, int],
                                             stacks: dict[Wind, int] | None,
                                             payee: LiabilityPayee) -> None:
    if liable == winner:
        liable = None
    rules = HUANGYAN_RULES.replace(liability_payee=payee)
    walk = SettlementWalk(winner=winner, dealer=dealer, totals=totals, liable=liable,
                          stacks=stacks, rules=rules)
    assert walk.reckoning == reckon(winner=winner, dealer=dealer, totals=totals, liable=liable,
                                    stacks=stacks, rules=rules)
    for diagram in _huangyan_diagrams(walk):
        assert_clear(diagram)


results = st.one_of(st.builds(HandResult.win, seats, st.integers(1, 4096)),
                    st.builds(HandResult.draw))


@given(st.lists(results, max_size=8))
def test_random_hangzhou_tallies_never_overlap(sequence: list[HandResult]) -> None:
    stepper = TallyStepper([])
    for result in sequence:  # as a learner adds hands, until a score goes below zero
        try:
            stepper.set_results([*stepper.results, result])
        except RulesError:
            break
    for number in range(stepper.steps):
        step = stepper.at(number)
        assert_clear(payment_diagram(step.payments, net=step.payments.net()))


# --- the SVG -------------------------------------------------------------------------------

TALLY = TallyStepper().at(3).payments


def _svg(**kwargs: object) -> ET.Element:
    return ET.fromstring(payments_svg(TALLY, **kwargs))  # type: ignore[arg-type]


def test_svg_is_deterministic_and_scales_with_its_viewbox() -> None:
    assert payments_svg(TALLY, title="t") == payments_svg(TALLY, title="t")
    root = _svg(size=960, title="hand 3")
    assert root.get("viewBox") == f"0 0 {WIDTH:g} {HEIGHT:g}"
    assert float(root.get("width", "0")) == 960
    assert float(root.get("height", "0")) == pytest.approx(960 * HEIGHT / WIDTH, abs=0.1)
    assert "payment-diagram" in root.get("class", "")
    untitled = _svg(size=960)  # no title: the band kept for it is cut off
    top = TABLE_TOP - 6
    assert untitled.get("viewBox") == f"0 {top:g} {WIDTH:g} {HEIGHT - top:g}"
    for slot in (lane.slot for lane in LANES.values()):
        assert slot.y > top
    with pytest.raises(ValueError, match="positive"):
        payments_svg(TALLY, size=0)


def test_svg_draws_the_layout() -> None:
    """Each payer-payee pair is one arrow and one label whose chips sit inside the label box
    the layout (and so the overlap tests) computed."""
    diagram = payment_diagram(TALLY)
    root = ET.fromstring(diagram.svg())
    arrows = root.findall(f".//{SVG}g[@class='payment']")
    labels = root.findall(f".//{SVG}g[@class='payment-label']")
    assert len(arrows) == len(labels) == len(diagram.arrows) == 6
    by_pair = {(a.lane.payer.letter, a.lane.payee.letter): a for a in diagram.arrows}
    for label in labels:
        arrow = by_pair[(label.get("data-payer", ""), label.get("data-payee", ""))]
        assert label.get("data-amount") == str(arrow.amount)
        for rect in label.iter(f"{SVG}rect"):
            x, y = float(rect.get("x", "nan")), float(rect.get("y", "nan"))
            w, h = float(rect.get("width", "nan")), float(rect.get("height", "nan"))
            assert _grown(arrow.label, 0.01).contains(Box(x, y, w, h))
        texts = [t.text for t in label.iter(f"{SVG}text")]
        assert texts == [c.text for c in arrow.chips]
    chips = {c.get("class") for c in root.iter(f"{SVG}g") if "chip" in c.get("class", "")}
    assert chips == {"chip chip-win", "chip chip-dealer-tally"}


def test_seats_show_names_nets_stacks_and_roles() -> None:
    root = ET.fromstring(payments_svg(TALLY, net=TALLY.net(), stacks=dict.fromkeys(Wind, 20),
                                      winners=S, dealer=E))
    seat_groups = {g.get("data-seat"): g for g in root.iter(f"{SVG}g")
                   if g.get("data-seat") and "seat" in g.get("class", "").split()}
    assert set(seat_groups) == {"E", "S", "W", "N"}
    assert "seat-winner" in seat_groups["S"].get("class", "")
    south = [t.text for t in seat_groups["S"].iter(f"{SVG}text")]
    assert south == ["South 南", f"{TALLY.net()[S]:+d}", "winner · stack 20"]
    east = [t.text for t in seat_groups["E"].iter(f"{SVG}text")]
    assert east[-1] == "dealer · stack 20"
    legend = [t.text for t in root.iter(f"{SVG}text") if t.text in (
        "win", "dealer tally", "winner")]
    assert legend == ["win", "dealer tally", "winner"]


def test_zero_payments_draw_nothing_and_earlier_payments_are_pale() -> None:
    first = Payment(S, E, 20, "wave one", wave=1)
    zero = Payment(N, E, 0, "capped", wave=1)
    second = Payment(W, S, 11, "pair", wave=2)
    diagram = payment_diagram([first, zero, second], current=[second])
    assert [(a.lane.payer, a.lane.payee) for a in diagram.arrows] == [(S, E), (W, S)]
    text = diagram.svg()
    assert text.count('opacity="0.4"') == 1 + 1  # the earlier arrow, and its legend swatch
    assert "payment-current" in text and "earlier steps" in text
    assert "earlier steps" not in payments_svg([first, second])


def test_long_labels_collapse_and_shrink_but_stay_in_their_slot() -> None:
    many = [Payment(W, N, amount, "r", wave=1) for amount in (12, 6, 6)]
    many += [Payment(W, N, amount, "r", wave=2) for amount in (8, 14, 3)]
    arrow = payment_diagram(many).arrows[0]
    assert [c.text for c in arrow.chips] == ["24", "25"]  # three payments each: their sums
    huge = payment_diagram([Payment(W, N, 10**15, "r", category=f"c{i}") for i in range(4)])
    (arrow,) = huge.arrows
    assert arrow.label.w <= SLOT_W and len(arrow.chips) == 1
    assert arrow.chips[0].text == str(4 * 10**15)
    short = payment_diagram([Payment(E, S, 16, "r", hand=1), Payment(E, S, 32, "r", hand=2)])
    assert [c.text for c in short.arrows[0].chips] == ["16+32"]


def test_the_repr_is_an_svg_picture() -> None:
    diagram = payment_diagram(TALLY, title="hand 3")
    assert diagram._repr_svg_() == diagram.svg()
    assert repr(diagram) == ("<PaymentDiagram 'hand 3': E->S 32, S->E 48, W->E 48, W->S 4, "
                             "N->E 48, N->S 4>")
    assert repr(payment_diagram([])) == "<PaymentDiagram no payments>"
    assert re.search(r"<text[^>]*class=\"diagram-title\"[^>]*>hand 3</text>", diagram.svg())
