"""The model of the Guiyang settlement walker: a finished hand, walked category by category.

The walker loads a preset hand description (the JSON of ``tutor settle guiyang``, read with
:func:`tutor.variants.guiyang.read_hand`) or the learner's own JSON, settles it with the rule text's
pattern table or the app table, and steps through the settlement: first the players (pattern,
readiness, eligibility, chickens, beans), then one category of payments at a time with the
running nets, then the total. No display library here; the view is
:mod:`tutor.display.widgets.guiyang`.

>>> walker = SettlementWalker("two_winners_liability")
>>> [step.title for step in walker.steps()][1:]
['win', 'bean', 'chicken', 'liability chicken', 'total']
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from tutor.errors import HandError, RulesError
from tutor.i18n import C_, N_, Message, _, comma, join, localize, pgettext, pmessage, shown
from tutor.ledger import Ledger, Seat, seat_name
from tutor.variants.guiyang.description import FinishedHand, WinKind
from tutor.variants.guiyang.handfile import loads_hand, read_hand
from tutor.variants.guiyang.rules import PRESETS as TABLES
from tutor.variants.guiyang.rules import GuiyangRules
from tutor.variants.guiyang.settlement import Category, PlayerResult, settle

__all__ = ["PRESETS", "Preset", "SettlementWalker", "WalkStep", "preset_hand"]


@dataclass(frozen=True)
class Preset:
    """A finished hand to study: a title, what happens in it, and its JSON description."""

    title: str
    description: str
    json: str


PRESETS: dict[str, Preset] = {
    "self_draw_beans": Preset(
        N_('East self-draws: beans of every kind'),
        N_("East self-draws a plain hand on 5s. Beans of all three kinds (East's concealed "
            "kong, South's added kong, West's void exposed kong); West's charging chicken in "
            'the pond; the revealed 4s makes 5s the flipped chicken.'),
        """\
{
  "players": {
    "E": {"concealed": "234m456m234p5s", "melds": ["(7777p)"]},
    "S": {"concealed": "789m55m11s234s", "melds": [{"meld": "{9999p}", "from": "W"}]},
    "W": {"concealed": "13579m2468p9s", "melds": [{"meld": "[6666s]", "from": "N"}]},
    "N": {"concealed": "2468m3568p248s1s7s", "melds": []}
  },
  "discards": ["E 9m", "S 5s", "W 9p > S", "N 6s > W", "W 1s", "E 3s"],
  "win": {"how": "self_draw", "tile": "5s", "winners": ["E"]},
  "revealed": "4s"
}"""),
    "two_winners_liability": Preset(
        N_('Two winners on one discard, a liability chicken'),
        N_('North discards the last 1s and both East (plain, with a concealed kong) and '
            "South (pure suit) win on it. West punged North's earlier 1s, the charging "
            'chicken, so North owes West a liability chicken. Only East, the first winner in '
            'turn order after North, counts the winning 1s as a chicken.'),
        """\
{
  "players": {
    "E": {"concealed": "456m22p789p23s", "melds": ["(9999m)"]},
    "S": {"concealed": "23s456s789s55s666s", "melds": []},
    "W": {"concealed": "345m678m345p8s", "melds": [{"meld": "[111s]", "from": "N"}]},
    "N": {"concealed": "1m3m7m1p6p9p4s7s8s2m4m6p5p", "melds": []}
  },
  "discards": ["E 9s", "N 1s > W", "W 9s", "S 1m"],
  "win": {"how": "discard", "tile": "1s", "winners": ["S", "E"], "from": "N"},
  "revealed": "2s"
}"""),
    "hot_discard_golden": Preset(
        N_('A hot discard and golden chickens'),
        N_('South makes a concealed kong and then discards 7m, on which West wins: a hot '
            'discard. The revealed 9s makes the fixed chickens golden. South forfeits its own '
            'receipts and pays, alone, what East and West would have received.'),
        """\
{
  "players": {
    "E": {"concealed": "111p99p345m67s", "melds": [{"meld": "[2222s]", "from": "N"}]},
    "S": {"concealed": "1s222m456s789s", "melds": ["(8888m)"]},
    "W": {"concealed": "56m234p678p345s99m", "melds": []},
    "N": {"concealed": "13579m257p3689s2m", "melds": []}
  },
  "discards": ["N 1s", "N 2s > E", "W 4m", "N 1s"],
  "win": {"how": "hot_discard", "tile": "7m", "winners": ["W"], "from": "S"},
  "revealed": "9s"
}"""),
    "robbed_kong": Preset(
        N_('Robbing a kong'),
        N_('South adds the fourth 4p to its pong and East robs it (a plain hand, which needs '
            'no kong when robbing). South pays all three self-draw shares; the unfinished '
            "kong stays a pong and earns nothing. North punged West's charging chicken but is "
            'not ready, so it collects no liability and pays its melded 1s to each eligible '
            'player.'),
        """\
{
  "players": {
    "E": {"concealed": "111m222s777s99m35p", "melds": []},
    "S": {"concealed": "1m4m7m1p3p8p4s7s9s2m", "melds": [{"meld": "[444p]", "from": "W"}]},
    "W": {"concealed": "234m567m345s8s", "melds": ["(6666p)"]},
    "N": {"concealed": "3m5m8m2p5p7p9p3s6s9s", "melds": [{"meld": "[111s]", "from": "W"}]}
  },
  "discards": ["W 1s > N", "W 4p > S", "E 5s"],
  "win": {"how": "robbed_kong", "tile": "4p", "winners": ["E"], "from": "S"},
  "revealed": "1s"
}"""),
    "kong_draw_empty_wall": Preset(
        N_('A kong draw, an empty wall'),
        N_('West wins pure triplets on the replacement tile of its concealed kong. The wall '
            'is empty, so nothing is revealed: no flipped chicken. East discarded the '
            'charging chicken and is not ready, so it pays its value to West.'),
        """\
{
  "players": {
    "E": {"concealed": "1m3m5m7m9m2p4p6s8s3s2m4m6m", "melds": []},
    "S": {"concealed": "1m3m5m7m9m3p6p8p1s3s5s8s9s", "melds": []},
    "W": {"concealed": "111p999p22p77p", "melds": ["(5555p)"]},
    "N": {"concealed": "2m4m6m8m4s6s8s9s3p6p8p9m8m", "melds": []}
  },
  "discards": ["E 1s", "S 9p"],
  "win": {"how": "kong_draw", "tile": "7p", "winners": ["W"]},
  "revealed": null
}"""),
    "draw_2_ready": Preset(
        N_('An exhaustive draw, two players ready'),
        N_('Exhaustive draw with 2 ready players (East and South).'),
        """\
{
  "players": {
    "E": {"concealed": "11m33m55m77m99m22p4p", "melds": []},
    "S": {"concealed": "234m567m23p55p", "melds": ["(7777s)"]},
    "W": {"concealed": "1s3s5s9s8m6m4m2m6p8p7p2s6s", "melds": []},
    "N": {"concealed": "1s3s5s9s8m7p1p5p3p9p", "melds": [{"meld": "[4444s]", "from": "E"}]}
  },
  "discards": ["E 4s > N"],
  "exhaustive_draw": true
}"""),
}
"""Hand descriptions copied from ``tests/data/guiyang/`` (so nothing depends on the tests)."""


def preset_hand(name: str) -> FinishedHand:
    """The finished hand of a preset, read and validated by the package's reader."""
    if name not in PRESETS:
        raise HandError(Message("no preset hand {name} (presets: {names})", name=repr(name),
                                names=", ".join(PRESETS)))
    return read_hand(json.loads(PRESETS[name].json))


def _name(seat: Seat) -> str:
    """A seat's name, translated when shown (``East``, 东家)."""
    return seat_name(seat)


def _seats(seats: list[Seat] | tuple[Seat, ...]) -> str:
    names = [_name(s) for s in seats]
    if not names:
        return Message("nobody")
    if len(names) == 1:
        return names[0]
    return Message("{some} and {last}", some=join(Message(", "), names[:-1]), last=names[-1])


#: the pattern tables' names as the walker shows them
TABLE_NAMES = (C_("pattern table", "original"), C_("pattern table", "app"))
#: the beans' kinds as the players' table names them
BEAN_NAMES = (C_("bean", "concealed kong"), C_("bean", "added kong"), C_("bean", "exposed kong"))


class _FirstLine:
    """A player's result in one line (its first), in the language it is shown in."""

    def __init__(self, player: PlayerResult) -> None:
        self.player = player

    def __str__(self) -> str:
        return str(self.player).split("\n", 1)[0]


@dataclass(frozen=True)
class WalkStep:
    """One step of the walk: the players (step 0), one category, or the total (last step)."""

    number: int
    title: str
    category: Category | None
    payments: Ledger
    running: dict[Seat, int]
    explanation: tuple[str, ...]

    def __str__(self) -> str:
        """The step in the current language (English: as the walker's plain text)."""
        nets = comma().join(f"{localize(_name(s))} {n:+d}" for s, n in self.running.items())
        lines = [_("step {number}: {title}").format(number=self.number, title=localize(self.title)),
                 *("  " + localize(x) for x in self.explanation)]
        if self.category is not None:
            lines += [f"  {p}" for p in self.payments] or ["  " + _("(no payments)")]
        lines.append("  " + _("running nets: {nets}").format(nets=nets))
        return "\n".join(lines)


class SettlementWalker:
    """A finished Guiyang hand, its settlement, and the step the learner is looking at."""

    def __init__(self, preset: str = "self_draw_beans", *, table: str = "original") -> None:
        if table not in TABLES:
            raise RulesError(Message("no pattern table {name} (tables: {names})",
                                     name=repr(table), names=", ".join(TABLES)))
        self.table = table
        self.preset: str | None = preset
        self.hand = preset_hand(preset)
        self.settlement = settle(self.hand, self.rules)
        self.step = 0
        self._example = (preset, table)

    def reset(self) -> WalkStep:
        """Back to the hand and table the walker was made with, at the first step."""
        preset, table = self._example
        return self._use(preset_hand(preset), table, preset, 0)

    @property
    def rules(self) -> GuiyangRules:
        return TABLES[self.table]

    def _use(self, hand: FinishedHand, table: str, preset: str | None, step: int) -> WalkStep:
        if table not in TABLES:
            raise RulesError(Message("no pattern table {name} (tables: {names})",
                                     name=repr(table), names=", ".join(TABLES)))
        result = settle(hand, TABLES[table])  # raises before anything changes
        self.hand, self.table, self.preset, self.settlement = hand, table, preset, result
        self.step = min(step, self.last_step)
        return self.current()

    def load(self, name: str) -> WalkStep:
        """Load a preset hand, back at the first step."""
        return self._use(preset_hand(name), self.table, name, 0)

    def load_json(self, text: str) -> WalkStep:
        """Load the learner's own description (the JSON of ``tutor settle guiyang``)."""
        return self._use(loads_hand(text), self.table, None, 0)

    def set_table(self, table: str) -> WalkStep:
        """Settle again with the ``"original"`` or the ``"app"`` pattern table (same step)."""
        return self._use(self.hand, table, self.preset, self.step)

    def categories(self) -> list[Category]:
        """The categories this hand settles, in the settlement's order."""
        if self.hand.win is None:
            return [Category.TENPAI, Category.BEAN]
        return [Category.WIN, Category.BEAN, Category.CHICKEN, Category.LIABILITY]

    def steps(self) -> list[WalkStep]:
        return [self.at(i) for i in range(len(self.categories()) + 2)]

    @property
    def last_step(self) -> int:
        return len(self.categories()) + 1

    def goto(self, step: int) -> WalkStep:
        if not 0 <= step <= self.last_step:
            raise RulesError(Message("step {n} does not exist (0 to {last})", n=step,
                                     last=self.last_step))
        self.step = step
        return self.current()

    def next(self) -> WalkStep:
        return self.goto(min(self.step + 1, self.last_step))

    def back(self) -> WalkStep:
        return self.goto(max(self.step - 1, 0))

    @property
    def at_start(self) -> bool:
        return self.step == 0

    @property
    def at_end(self) -> bool:
        return self.step == self.last_step

    def first(self) -> WalkStep:
        return self.goto(0)

    def last(self) -> WalkStep:
        return self.goto(self.last_step)

    def current(self) -> WalkStep:
        return self.at(self.step)

    def at(self, step: int) -> WalkStep:
        s = self.settlement
        cats = self.categories()
        zero = {seat: 0 for seat in Seat}
        if step == 0:
            return WalkStep(0, Message("players"), None, Ledger(), zero, self._overview())
        if step == len(cats) + 1:
            lines = [Message("{category}: {nets}", category=Message(c.value),
                             nets=join(Message(", "), (
                                 Message("{seat} {net:+d}", seat=_name(seat), net=n)
                                 for seat, n in self.category_net(c).items())))
                     for c in cats]
            return WalkStep(step, Message("total"), None, s.ledger, s.net(),
                            (*lines, Message("every category sums to zero, and so does the "
                                             "total")))
        category = cats[step - 1]
        payments = s.ledger.where(category=category.value)
        running = dict(zero)
        for c in cats[:step]:
            for seat, n in self.category_net(c).items():
                running[seat] += n
        return WalkStep(step, Message(category.value), category, payments, running,
                        self._explain(category))

    def category_net(self, category: Category) -> dict[Seat, int]:
        return self.settlement.ledger.where(category=category.value).net()

    # --- explanations, computed from the settlement ---------------------------------------

    def _overview(self) -> tuple[str, ...]:
        s = self.settlement
        eligible = [p.seat for p in s.players if p.eligible]
        lines = [s.headline(), Message("pattern table: {table}",
                                             table=pmessage("pattern table", self.table)),
                 Message("eligible (a winner or ready): {seats}", seats=_seats(eligible))]
        lines += [shown(_FirstLine(p)) for p in s.players]
        return tuple(lines)

    def _explain(self, category: Category) -> tuple[str, ...]:
        return {Category.WIN: self._explain_win, Category.BEAN: self._explain_beans,
                Category.CHICKEN: self._explain_chickens,
                Category.LIABILITY: self._explain_liability,
                Category.TENPAI: self._explain_tenpai}[category]()

    def _explain_win(self) -> tuple[str, ...]:
        win = self.hand.win
        assert win is not None
        r = self.rules
        rule = {
            WinKind.DISCARD: Message("the discarder pays each winner the pattern value"),
            WinKind.SELF_DRAW: Message("each opponent pays the pattern value + {bonus}",
                                       bonus=r.self_draw_bonus),
            WinKind.KONG_DRAW: Message("each opponent pays the pattern value + {bonus} "
                                       "(self-draw) + {kong} (kong draw)",
                                       bonus=r.self_draw_bonus, kong=r.kong_draw_bonus),
            WinKind.HOT_DISCARD: Message("the discarder pays the pattern value + {bonus} (hot "
                                         "discard)", bonus=r.hot_discard_bonus),
            WinKind.ROBBED_KONG: Message("valued as a self-draw (pattern + {bonus}); the "
                                         "robbed player pays all three shares",
                                         bonus=r.self_draw_bonus),
        }[win.kind]
        lines = [Message("{how}: {rule}", how=win.kind.title, rule=rule)]
        for seat in win.in_turn_order():
            p = self.settlement.player(seat)
            assert p.pattern is not None
            lines.append(Message("{seat}: {pattern} {value}", seat=_name(seat),
                                 pattern=p.pattern.pattern.title, value=p.pattern.value))
        return tuple(lines)

    def _explain_beans(self) -> tuple[str, ...]:
        lines: list[str] = []
        hot = self._hot_discarder()
        for p in self.settlement.players:
            for bean in p.beans:
                state = Message("collected") if p.eligible else Message("void: not eligible")
                if p.eligible and p.seat == hot:
                    state = Message("forfeited: a hot discard")
                lines.append(Message("{seat}: {bean} ({state})", seat=_name(p.seat),
                                     bean=shown(bean), state=state))
        if not lines:
            lines.append(Message("nobody made a kong: no beans"))
        lines += self._hot_note()
        return tuple(lines)

    def _hot_discarder(self) -> Seat | None:
        win = self.hand.win
        if win is None or win.kind is not WinKind.HOT_DISCARD:
            return None
        return win.source

    def _hot_note(self) -> list[str]:
        hot = self._hot_discarder()
        if hot is None:
            return []
        return [Message("hot discard: {seat} forfeits its own receipts and pays the other "
                        "players' shares alone", seat=_name(hot))]

    def _explain_chickens(self) -> tuple[str, ...]:
        s = self.settlement
        lines = [shown(s.reveal)] if s.reveal else []
        hot = self._hot_discarder()
        for p in s.players:
            if p.eligible and p.chicken_value and p.seat == hot:
                lines.append(Message("{seat} would collect {value} from each opponent, but "
                                     "forfeits it (a hot discard)", seat=_name(p.seat),
                                     value=p.chicken_value))
            elif p.eligible and p.chicken_value:
                lines.append(Message("{seat} (eligible) collects {value} from each opponent: "
                                     "{chickens}", seat=_name(p.seat), value=p.chicken_value,
                                     chickens=join(Message("; "),
                                                   (shown(c) for c in p.chickens))))
            elif not p.eligible and p.visible_fixed_value:
                lines.append(Message("{seat} (not eligible) pays {value} to each eligible "
                                     "player for its visible fixed chickens",
                                     seat=_name(p.seat), value=p.visible_fixed_value))
            elif p.chickens:
                lines.append(Message("{seat} (not eligible) collects nothing; its chickens "
                                     "are hidden, so it pays nothing for them",
                                     seat=_name(p.seat)))
        if len(lines) == (1 if s.reveal else 0):
            lines.append(Message("no chickens to settle"))
        lines += self._hot_note()
        return tuple(lines)

    def _explain_liability(self) -> tuple[str, ...]:
        s = self.settlement
        if s.liability is None:
            return (Message("no liability chicken: the charging chicken (the first 1s "
                            "discarded) was not punged or konged"),)
        payee = s.player(s.liability.payee)
        if not payee.eligible:
            return (Message("{liability}, but {seat} is not eligible: not paid",
                            liability=shown(s.liability), seat=_name(payee.seat)),)
        return (Message("{liability}: the charging chicken was claimed",
                        liability=shown(s.liability)),)

    def _explain_tenpai(self) -> tuple[str, ...]:
        s = self.settlement
        ready = [p for p in s.players if p.eligible]
        if len(ready) in (0, 4):
            return ((Message("everyone is ready: no tenpai payments, only beans settle")
                     if ready else
                     Message("no one is ready: no tenpai payments, only beans settle")),)
        lines = [Message("each not-ready player pays each ready player that player's best "
                         "possible pattern (as a discard win)")]
        for p in ready:
            assert p.pattern is not None
            lines.append(Message("{seat}: {pattern}", seat=_name(p.seat),
                                 pattern=shown(p.pattern)))
        return tuple(lines)

    # --- for the view ---------------------------------------------------------------------

    def player_rows(self) -> list[tuple[str, str, str, str, str, str, str]]:
        """Seat, tiles, status, eligible, pattern, chickens, beans for each player, in the
        current language."""
        rows = []
        for p in self.settlement.players:
            pattern = ""
            if p.pattern is not None:
                label = _("best possible: ") if p.potential else ""
                pattern = f"{label}{localize(p.pattern.pattern.title)} {p.pattern.value}"
            chickens = _("; ").join(
                _("{tile} {kind} ({place}) {value}").format(
                    tile=c.tile, kind=_(c.kind.value), place=_(c.place.value), value=c.value)
                for c in p.chickens) or "-"
            beans = _("; ").join(
                _("{kind} {meld} {value} each from {seats}").format(
                    kind=pgettext("bean", b.kind.value), meld=b.meld, value=b.value,
                    seats=localize(_seats(b.payers))) + ("" if p.eligible else _(" (void)"))
                for b in p.beans) or "-"
            rows.append((localize(_name(p.seat)), str(self.hand.player(p.seat)), p.status(),
                         _("yes") if p.eligible else _("no"), pattern, chickens, beans))
        return rows

    def player(self, seat: Seat) -> PlayerResult:
        return self.settlement.player(seat)

    def summary(self) -> str:
        step = self.current()
        nets = " ".join(f"{s.letter}={n:+d}" for s, n in step.running.items())
        name = self.preset or "custom hand"
        return (f"SettlementWalker({name}, {self.table} table, step {step.number} of "
                f"{self.last_step}: {step.title}; running {nets})")

    def __repr__(self) -> str:
        return self.summary()
