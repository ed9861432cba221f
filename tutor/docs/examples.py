"""The original rule texts' worked examples, recomputed by the engine for the rule book.

The figures the texts print are recorded here as data (``TEXT_*``), once, next to the check:
each generated table shows what the text says, what the engine computes and whether they
agree, so a disagreement is stated by the engine rather than typed into the prose. The tables
are made in the language of the moment (a payment's reason is the engine's own message).
"""

from __future__ import annotations

from collections.abc import Mapping

from tutor.core.hand import Hand
from tutor.core.tiles import Tile, Wind
from tutor.core.waits import waits
from tutor.docs.tables import md_table, yes
from tutor.i18n import N_, _, localize, pgettext
from tutor.variants.hangzhou.rules import HANGZHOU
from tutor.variants.hangzhou.scoring import Situation, score
from tutor.variants.huangyan.reckoning import Reckoning, reckon
from tutor.variants.huangyan.rules import HUANGYAN_RULES

__all__ = ["TEXT_HANGZHOU", "TEXT_HUANGYAN_NETS", "TEXT_HUANGYAN_PAYMENTS", "TEXT_TOTALS",
           "hangzhou_examples", "hangzhou_waits", "huangyan_example", "huangyan_nets",
           "huangyan_stage_with_kongs"]

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH

#: the four hand totals both Huangyan worked examples use
TEXT_TOTALS = {E: 20, S: 28, W: 6, N: 12}
#: the winner of each Huangyan example (East is the dealer in both)
TEXT_WINNERS = {1: E, 2: N}
#: every payment the Huangyan text prints: (payer, payee) -> amount
TEXT_HUANGYAN_PAYMENTS: dict[int, dict[tuple[Wind, Wind], int]] = {
    1: {(S, E): 20, (W, E): 20, (N, E): 20, (W, S): 11, (N, S): 8, (W, N): 3},
    2: {(E, N): 12, (S, N): 6, (W, N): 6, (E, S): 8, (W, E): 14, (W, S): 11},
}
#: the four results the Huangyan text prints for its first example
TEXT_HUANGYAN_NETS = {E: 60, S: 27, W: -34, N: -25}
#: the tiles left, Dead Wall included, at which the Huangyan text starts the Live Tile Stage
TEXT_STAGE_COUNT = 30


def _name(seat: Wind) -> str:
    """A seat's name (East), in the language of the moment (东家)."""
    return _(seat.name.title())


def _reckoning(number: int) -> Reckoning:
    return reckon(winner=TEXT_WINNERS[number], totals=TEXT_TOTALS, dealer=E,
                  rules=HUANGYAN_RULES)


def huangyan_example(number: int) -> str:
    """The payments of the Huangyan text's example ``number``, the engine's beside the text's."""
    result = _reckoning(number)
    text = TEXT_HUANGYAN_PAYMENTS[number]
    rows = []
    for p in result.payments:
        said = text.get((p.payer, p.payee))
        rows.append((_("wave {wave}").format(wave=p.wave),
                     _("{payer} pays {payee}").format(payer=_name(p.payer),
                                                       payee=_name(p.payee)),
                     localize(p.reason), p.amount, "-" if said is None else said,
                     yes(said == p.amount)))
    return md_table((_("wave"), _("payment"), _("why"), _("engine"), _("the text"),
                     _("agree")), rows)


def huangyan_nets() -> str:
    """Each player's result in the first example: the engine's net and the text's figure."""
    result = _reckoning(1)
    rows = []
    for seat in (E, S, W, N):
        net, said = result.net[seat], TEXT_HUANGYAN_NETS[seat]
        rows.append((_name(seat), str(TEXT_TOTALS[seat]), f"{net:+d}", f"{said:+d}",
                     yes(net == said)))
    total_engine = sum(result.net.values())
    total_text = sum(TEXT_HUANGYAN_NETS.values())
    rows.append((_("sum"), "", f"{total_engine:+d}" if total_engine else "0",
                 f"{total_text:+d}" if total_text else "0", yes(total_engine == total_text)))
    return md_table((_("player"), _("hand total"), _("net (engine)"), _("the text"),
                     _("agree")), rows)


def huangyan_values() -> dict[str, str]:
    """Figures the prose quotes about the first example (results signed, as the text writes
    them)."""
    result = _reckoning(1)
    wave_one = sum(p.amount for p in result.payments if p.wave == 1 and p.payer == S)
    received = [p.amount for p in result.payments if p.payee == S]
    return {"example1.south_total": str(TEXT_TOTALS[S]),
            "example1.south_net": f"{result.net[S]:+d}",
            "example1.south_text": f"{TEXT_HUANGYAN_NETS[S]:+d}",
            "example1.south_text_sum": " + ".join([f"{TEXT_TOTALS[S]} - {wave_one}",
                                                   *map(str, received)]),
            "example1.south_pays": str(wave_one),
            "example1.south_receives": " + ".join(map(str, received)),
            "example1.sum_text": f"{sum(TEXT_HUANGYAN_NETS.values()):+d}",
            "totals": pgettext("rule book", ", ").join(f"{_name(s)} {n}"
                                                   for s, n in TEXT_TOTALS.items()),
            "text_stage_count": str(TEXT_STAGE_COUNT)}


def huangyan_stage_with_kongs(kongs: int = 3) -> str:
    """When the Live Tile Stage begins after 0..``kongs`` kongs: the literal count of the text
    (live wall plus what is left of the Dead Wall) against the project's live-wall count."""
    rules = HUANGYAN_RULES
    literal = TEXT_STAGE_COUNT
    rows = []
    for k in range(kongs + 1):
        dead_left = rules.dead_wall - k
        rows.append((str(k), str(dead_left), str(literal - dead_left),
                     str(rules.live_tile_stage_threshold)))
    return md_table((_("kongs declared"), _("Dead Wall left"),
                     _("live wall when live + dead = {literal} (the literal count)").format(
                         literal=literal),
                     _("live wall when the project's stage begins")), rows)


# -- Hangzhou ---------------------------------------------------------------------------------

#: the Hangzhou text's examples: (label, hand before the winning draw, drawn, chain kongs,
#: chain joker discards, the multiplier the text gives)
TEXT_HANGZHOU: tuple[tuple[str, str, str, int, int, int], ...] = (
    (N_("Example 1, immediate win"), "123m456m789m 中中中 白", "白", 0, 0, 1),
    (N_("Example 1, discard a joker, then win"), "123m456m789m 中中中 白", "1p", 0, 1, 4),
    (N_("Example 2, open kong, joker discard, then win"), "123m456m77m白白 [中中中中]", "3p", 1,
     1, 16),
    (N_("Example 3, seven pairs with a lone joker"), "11m22m33m44m55m66m 白", "9p", 0, 0, 4),
    (N_("Tile Hog example (with a pair of 9p added)"), "4477m 9p 中中中中 東東東東", "9p", 0, 0,
     16),
)

#: the Hangzhou text's ready hands and the waits it lists
TEXT_HANGZHOU_WAITS: tuple[tuple[str, str], ...] = (
    ("45m 56p 777s 南南南 中中 白", "3m 6m 4p 7p"),
    ("45m 56p 77s 南南南 中中 白白", "3m 6m 4p 7p 7s 中"),
)


def hangzhou_examples() -> str:
    """The Hangzhou text's multiplier examples, scored by the engine."""
    rows = []
    for label, before, drawn, kongs, jokers, said in TEXT_HANGZHOU:
        tile = Tile.parse(drawn)
        hand = Hand.parse(before, "hangzhou").add(tile)
        sheet = score(hand, tile, Situation(winner=S, kongs=kongs, joker_discards=jokers),
                      rules=HANGZHOU)
        lines = (pgettext("rule book", ", ").join(f"{localize(line.name)} x{line.multiplier}"
                                              for line in sheet.lines)
                 or pgettext("rule book", "none"))
        rows.append((_(label), f"`{before}` + `{drawn}`", kongs, jokers, lines,
                     f"x{sheet.product}", f"x{said}", yes(said == sheet.product)))
    return md_table((_("example"), _("hand + drawn tile"), _("chain kongs"),
                     _("chain joker discards"), _("multipliers (engine)"), _("engine"),
                     _("the text"), _("agree")), rows)


def hangzhou_waits() -> str:
    """The Hangzhou text's ready hands with jokers: the waits it lists and the engine's."""
    rows = []
    for text, said in TEXT_HANGZHOU_WAITS:
        found = waits(Hand.parse(text, "hangzhou"), "hangzhou").waits
        listed = tuple(sorted(Tile.parse(t) for t in said.split()))
        shown = " ".join(str(t) for t in found)
        rows.append((f"`{text}`", f"`{said}`", f"`{shown}`",
                     yes(tuple(sorted(found)) == listed)))
    return md_table((_("ready hand"), _("the text's waits"), _("engine's waits"), _("agree")),
                    rows)


def hangzhou_values() -> Mapping[str, str]:
    """Figures the prose quotes: each example's product."""
    out = {}
    for i, (_label, before, drawn, kongs, jokers, said) in enumerate(TEXT_HANGZHOU, 1):
        tile = Tile.parse(drawn)
        sheet = score(Hand.parse(before, "hangzhou").add(tile), tile,
                      Situation(winner=S, kongs=kongs, joker_discards=jokers))
        out[f"example{i}.engine"] = f"x{sheet.product}"
        out[f"example{i}.text"] = f"x{said}"
    return out
