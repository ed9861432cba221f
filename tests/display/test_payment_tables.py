"""Payment and net tables show a settlement's ledger as it is: every payment once, nets that sum to
zero, escaped HTML, and a repr that rebuilds the table."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tutor.display.payments import NetsTable, PaymentTable, ledger_of
from tutor.display.tables import SideBySide, TextTable
from tutor.docs.pictures import Picture
from tutor.errors import InputError
from tutor.ledger import Ledger, Payment, Seat
from tutor.variants.guiyang import read_hand, settle

E, S, W, N = Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH


def guiyang_ledger() -> Ledger:
    description = {
        "players": {
            "E": {"concealed": "456m22p789p23s", "melds": ["(9999m)"]},
            "S": {"concealed": "23s456s789s55s666s", "melds": []},
            "W": {"concealed": "345m678m345p8s", "melds": [{"meld": "[111s]", "from": "N"}]},
            "N": {"concealed": "1m3m7m1p6p9p4s7s8s2m4m6p5p", "melds": []},
        },
        "discards": ["E 9s", "N 1s > W", "W 9s", "S 1m"],
        "win": {"how": "discard", "tile": "1s", "winners": ["S", "E"], "from": "N"},
        "revealed": "2s",
    }
    return settle(read_hand(description)).ledger


LEDGERS = {
    "small": Ledger.of([Payment(S, E, 8, "self-draw"), Payment(W, E, 8, "self-draw"),
                        Payment(N, E, 3, "kong <b> & 'co'", wave=2)]),
    "categories": Ledger.of([Payment(E, S, 2, "chicken", category="chickens"),
                             Payment(W, S, 2, "chicken", category="chickens"),
                             Payment(S, N, 10, "pattern", category="win"),
                             Payment(E, N, 1, "bean", category="beans")]),
    "empty": Ledger(),
}


def html_rows(html: str) -> list[list[str]]:
    root = ET.fromstring(html)
    return [["".join(c.itertext()) for c in row] for row in root.iter("tr")]


@pytest.mark.parametrize("name", LEDGERS)
def test_every_payment_appears_once(name: str) -> None:
    ledger = LEDGERS[name]
    table = PaymentTable(ledger)
    assert len(table) == len(ledger)
    if not ledger:
        assert str(table) == "(no payments)"
        return
    rows = html_rows(table._repr_html_())[1:]
    assert len(rows) == len(ledger)
    for row, payment in zip(rows, ledger, strict=True):
        assert row[-4:] == [payment.payer.name.title(), payment.payee.name.title(),
                            str(payment.amount), payment.reason]
    text_rows = str(table).splitlines()[2:]
    assert len(text_rows) == len(ledger)
    for line, payment in zip(text_rows, ledger, strict=True):
        assert payment.reason in line and f" {payment.amount} " in f" {line} "


@pytest.mark.parametrize("name", LEDGERS)
def test_nets_sum_to_zero_and_match_the_ledger(name: str) -> None:
    ledger = LEDGERS[name]
    for by in (None, "wave", "category"):
        table = NetsTable(ledger, by=by)
        rows = table.rows
        assert [r[0] for r in rows] == ["East", "South", "West", "North", "total"]
        net = ledger.net()
        assert [int(str(r[-1])) for r in rows[:4]] == [net[s] for s in Seat]
        for column in range(1, len(table.headers)):
            values = [int(str(r[column])) for r in rows]
            assert sum(values[:4]) == 0 and values[4] == 0
        parsed = html_rows(table._repr_html_())
        assert parsed[-1][0] == "total" and len(parsed) == 6


def test_split_columns_add_up_to_the_net() -> None:
    table = NetsTable(LEDGERS["categories"], by="category")
    assert table.headers == ["seat", "chickens", "win", "beans", "net"]
    for row in table.rows[:4]:
        assert sum(int(str(v)) for v in row[1:-1]) == int(str(row[-1]))


def test_html_escapes_reasons_and_titles() -> None:
    table = PaymentTable(LEDGERS["small"], title="<script>alert(1)</script>")
    html = table._repr_html_()
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "kong &lt;b&gt; &amp; 'co'" in html or "kong &lt;b&gt; &amp; &#x27;co&#x27;" in html
    ET.fromstring(html)  # well-formed
    assert "<b>" not in NetsTable(LEDGERS["small"], title="<b>")._repr_html_()


@pytest.mark.parametrize("name", LEDGERS)
def test_repr_is_the_constructor_call(name: str) -> None:
    namespace = {"PaymentTable": PaymentTable, "NetsTable": NetsTable, "Ledger": Ledger,
                 "Payment": Payment, "Seat": Seat}
    for table in (PaymentTable(LEDGERS[name], title="a 'title'"),
                  NetsTable(LEDGERS[name], by="wave")):
        text = repr(table)
        assert text.startswith(type(table).__name__ + "(")
        assert eval(text, namespace) == table  # our own repr, our own names


def test_settlement_objects_are_read_through_their_ledger() -> None:
    ledger = guiyang_ledger()
    table = PaymentTable(type("Settled", (), {"ledger": ledger})())
    nets = NetsTable(ledger, by="category")
    assert [int(str(v)) for v in nets.rows[-1][1:]] == [0] * (len(nets.headers) - 1)
    assert table.ledger == ledger and ledger_of(ledger) is ledger
    assert len(html_rows(table._repr_html_())) == len(ledger) + 1
    with pytest.raises(InputError):
        PaymentTable("East pays South 8")
    with pytest.raises(InputError):
        NetsTable(ledger, by="colour")


def test_pretty_printing_is_the_plain_text_table() -> None:
    from IPython.lib.pretty import pretty

    table = PaymentTable(LEDGERS["small"])
    assert pretty(table) == str(table) and "PaymentTable(" not in pretty(table)
    assert pretty(NetsTable(LEDGERS["small"])).splitlines()[-1].startswith("total")


def test_text_table_and_side_by_side() -> None:
    table = TextTable(["rule", "points"], [["pong <of> honors", 4], ["kong", 8]], title="Sets")
    assert table.numeric == [1]
    assert eval(repr(table), {"TextTable": TextTable}) == table
    html = table._repr_html_()
    assert "pong &lt;of&gt; honors" in html and html_rows(html)[1] == ["pong <of> honors", "4"]
    with pytest.raises(InputError):
        TextTable(["a", "b"], [[1]])
    picture = Picture("<svg xmlns='http://www.w3.org/2000/svg'/>", "a blank table")
    both = SideBySide(table, picture, labels=("rules", "table"))
    assert "<svg" in both._repr_html_() and "pong &lt;of&gt; honors" in both._repr_html_()
    lines = str(both).splitlines()
    assert lines[0].startswith("rules") and "|  table" in lines[0]
    assert any("Picture: a blank table" in line for line in lines)
    with pytest.raises(InputError):
        SideBySide(table, table, labels=("only one",))  # type: ignore[arg-type]
