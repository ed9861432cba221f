"""HTML for Guiyang settlements (plain strings, no display library needed)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from tutor.i18n import _, localize
from tutor.ledger import seat_name

if TYPE_CHECKING:
    from tutor.variants.guiyang.settlement import Settlement

__all__ = ["settlement_html"]


def _e(text: object) -> str:
    return html.escape(localize(text))


def settlement_html(s: Settlement) -> str:
    rows = []
    for p in s.players:
        pattern = ""
        if p.pattern is not None:
            text = (_("best possible: {pattern} {value}") if p.potential else
                    _("{pattern} {value}")).format(pattern=localize(p.pattern.pattern.title),
                                                   value=p.pattern.value)
            pattern = _e(text)
            if p.pattern_note:
                pattern += f"<br><i>{_e(p.pattern_note)}</i>"
        if p.winning_tile_note:
            pattern += f"<br><i>{_e(p.winning_tile_note)}</i>"
        notes = p.chicken_notes or ("",) * len(p.chickens)
        chickens = "<br>".join(_e(c) + (f" <i>({_e(n)})</i>" if n else "")
                               for c, n in zip(p.chickens, notes, strict=True)) or "-"
        if p.chicken_summary:
            chickens = f"<i>{_e(p.chicken_summary)}</i><br>{chickens}"
        mark = "" if p.eligible and not p.forfeited else (
            " " + _("(forfeited: hot discard)") if p.eligible else " " + _("(void)"))
        beans = "<br>".join(_e(b) + _e(mark) for b in p.beans) or "-"
        hand = s.hand.player(p.seat)
        rows.append(
            f"<tr><td>{_e(seat_name(p.seat))}</td><td><code>{_e(hand)}</code></td>"
            f"<td>{_e(p.status())}</td><td>{_e(_('yes') if p.eligible else _('no'))}</td>"
            f"<td>{pattern}</td><td>{chickens}</td><td>{beans}</td>"
            f"<td><b>{p.net:+d}</b></td></tr>")
    head = "".join(f"<th>{_e(h)}</th>" for h in (
        _("seat"), _("tiles"), _("status"), _("eligible"), _("pattern"), _("chickens"),
        _("beans"), _("net")))
    cats = s.by_category()
    cat_rows = "".join(
        f"<tr><td>{_e(c)}</td>" + "".join(f"<td>{n:+d}</td>" for n in nets.values()) + "</tr>"
        for c, nets in cats.items())
    seats = "".join(f"<th>{_e(seat_name(p.seat))}</th>" for p in s.players)
    return (f"<div class='tutor-guiyang'><p><b>{_e(s.headline())}</b></p>"
            f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
            f"<table><thead><tr><th>{_e(_('category'))}</th>{seats}</tr></thead><tbody>"
            f"{cat_rows}</tbody></table>{s.ledger._repr_html_()}</div>")
