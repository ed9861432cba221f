"""The settlement walk: the reckoning one payment step at a time, with nets and stacks."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tutor.core.tiles import Wind
from tutor.errors import RulesError
from tutor.i18n import N_, Message, _, comma, localize
from tutor.ledger import Payment, Seat, seat_name
from tutor.study.huangyan.common import SEATS
from tutor.variants.huangyan.reckoning import Reckoning, reckon
from tutor.variants.huangyan.rules import HUANGYAN_RULES, HuangyanRules
from tutor.variants.huangyan.scoring import score_non_winner, score_winner
from tutor.variants.huangyan.sheet import ScoreSheet, WinSituation

# -- 2. the settlement walk ---------------------------------------------------------------------

@dataclass(frozen=True)
class WalkStep:
    """One step of the walk: wave one (all its payments), or one pair settlement of wave two."""

    title: str
    payments: tuple[Payment, ...]

    def __str__(self) -> str:
        return "\n".join([self.title, *(f"  {p}" for p in self.payments)])


#: The original rule text's two worked examples (and two variations on the second) as walk presets.
PRESETS: dict[str, dict[str, object]] = {
    N_("Rule text example 1: East (dealer) wins 20"): {
        "winner": Wind.EAST, "dealer": Wind.EAST,
        "totals": {Wind.EAST: 20, Wind.SOUTH: 28, Wind.WEST: 6, Wind.NORTH: 12}},
    N_("Rule text example 2: North wins 12"): {
        "winner": Wind.NORTH, "dealer": Wind.EAST,
        "totals": {Wind.EAST: 20, Wind.SOUTH: 28, Wind.WEST: 6, Wind.NORTH: 12}},
    N_("Rule text example 2 with stacks of 20"): {
        "winner": Wind.NORTH, "dealer": Wind.EAST,
        "totals": {Wind.EAST: 20, Wind.SOUTH: 28, Wind.WEST: 6, Wind.NORTH: 12},
        "stacks": dict.fromkeys(Wind, 20)},
    N_("Rule text example 2 with West liable"): {
        "winner": Wind.NORTH, "dealer": Wind.EAST,
        "totals": {Wind.EAST: 20, Wind.SOUTH: 28, Wind.WEST: 6, Wind.NORTH: 12},
        "liable": Wind.WEST},
}


#: how the reckoning tells a payment capped by the payer's stack
_CAPPED = "{reason}; {due} due, capped at {payer}'s stack of {paid}"


def split_cap(reason: str) -> tuple[str, str]:
    """A payment's reason without its stack cap, and the cap (``""`` if none): messages
    translated when shown, whose English is the reason split at its first ``"; "``."""
    pieces: tuple[object, ...] = getattr(reason, "_pieces", ())
    piece = pieces[0] if len(pieces) == 1 else None
    if isinstance(piece, tuple) and piece[0] == _CAPPED:
        args = dict(piece[3])
        base = args.pop("reason")
        assert isinstance(base, str)
        return base, Message("{due} due, capped at {payer}'s stack of {paid}", **args)
    first, _sep, rest = reason.partition("; ")
    return first, rest


def _steps(result: Reckoning) -> tuple[WalkStep, ...]:
    assert result.winner is not None
    steps: list[WalkStep] = []
    first = tuple(p for p in result.payments if p.wave == 1)
    if first:
        who = (Message("the liable player pays it all") if result.liable
               else Message("the winner collects"))
        steps.append(WalkStep(Message("Wave one: {who}", who=who), first))
    for n, p in enumerate((p for p in result.payments if p.wave == 2), start=1):
        reason = split_cap(p.reason)[0]  # a stack cap is told in the payment itself
        steps.append(WalkStep(Message("Wave two, settlement {n}: {reason}", n=n, reason=reason),
                              (p,)))
    return tuple(steps)


class SettlementWalk:
    """A reckoning taken one step at a time: step 0 is before any payment, step ``k`` after
    the first ``k`` steps (wave one counts as one step, each pair of wave two as one)."""

    def __init__(self, *, winner: Seat, totals: Mapping[Seat, int | ScoreSheet],
                 dealer: Seat = Wind.EAST, liable: Seat | None = None,
                 stacks: Mapping[Seat, int] | None = None,
                 rules: HuangyanRules = HUANGYAN_RULES) -> None:
        self.reckoning = reckon(winner=winner, totals=totals, dealer=dealer, liable=liable,
                                stacks=stacks, rules=rules)
        self.steps = _steps(self.reckoning)
        self.current = 0

    @classmethod
    def preset(cls, name: str, *, rules: HuangyanRules = HUANGYAN_RULES) -> SettlementWalk:
        if name not in PRESETS:
            raise RulesError(Message("no preset named {name} (known: {names})", name=repr(name),
                                     names=", ".join(PRESETS)))
        return cls(**PRESETS[name], rules=rules)  # type: ignore[arg-type]

    @staticmethod
    def sheets_from_hands(*, winner: Seat, hands: Mapping[Seat, str], win_tile: str,
                          self_draw: bool = False, rules: HuangyanRules = HUANGYAN_RULES
                          ) -> dict[Seat, ScoreSheet]:
        """Every seat's sheet: the winner's 14 tiles won on ``win_tile``, the others' 13."""
        missing = [s.letter for s in SEATS if not str(hands.get(s, "")).strip()]
        if missing:
            raise RulesError(Message("a hand is needed for every seat; missing: {seats}",
                                     seats=", ".join(missing)))
        sheets = {}
        for seat in SEATS:
            if seat == winner:
                sit = WinSituation(seat=seat, self_draw=self_draw)
                sheets[seat] = score_winner(hands[seat], win_tile, sit, rules=rules)
            else:
                sheets[seat] = score_non_winner(hands[seat], seat=seat, rules=rules)
        return sheets

    # -- moving ---------------------------------------------------------------------------
    @property
    def at_start(self) -> bool:
        return self.current == 0

    @property
    def at_end(self) -> bool:
        return self.current == len(self.steps)

    def next(self) -> WalkStep | None:
        """Take the next step; None (and no change) at the end."""
        if self.at_end:
            return None
        self.current += 1
        return self.steps[self.current - 1]

    def back(self) -> None:
        if not self.at_start:
            self.current -= 1

    def reset(self) -> None:
        self.current = 0

    def goto(self, step: int) -> None:
        self.current = self._step(step)

    def last(self) -> None:
        self.current = len(self.steps)

    # -- the state after a step -------------------------------------------------------------
    def _step(self, step: int | None) -> int:
        k = self.current if step is None else step
        if not 0 <= k <= len(self.steps):
            raise RulesError(Message("step {n} is out of range 0-{last}", n=k,
                                     last=len(self.steps)))
        return k

    def payments_so_far(self, step: int | None = None) -> tuple[Payment, ...]:
        k = self._step(step)
        return tuple(p for s in self.steps[:k] for p in s.payments)

    def net_after(self, step: int | None = None) -> dict[Seat, int]:
        net = dict.fromkeys(SEATS, 0)
        for p in self.payments_so_far(step):
            net[p.payer] -= p.amount
            net[p.payee] += p.amount
        return net

    def stacks_after(self, step: int | None = None) -> dict[Seat, int] | None:
        before = self.reckoning.stacks_before
        if before is None:
            return None
        net = self.net_after(step)
        return {s: before[s] + net[s] for s in SEATS}

    @property
    def step_title(self) -> str:
        if self.at_start:
            return Message("Before any payment")
        return self.steps[self.current - 1].title

    def __str__(self) -> str:
        """The step, its payments, the nets so far and the stacks, in the current language."""
        rows = [_("step {current} of {total}: {title}").format(
            current=self.current, total=len(self.steps), title=localize(self.step_title))]
        if not self.at_start:
            rows += [f"  {p}" for p in self.steps[self.current - 1].payments]
        net = self.net_after()
        rows.append("  " + _("nets so far: {nets}").format(nets=comma().join(
            _("{seat} {net:+d}").format(seat=localize(seat_name(s)), net=net[s]) for s in SEATS)))
        stacks = self.stacks_after()
        if stacks is not None:
            rows.append("  " + _("stacks: {stacks}").format(stacks=comma().join(
                _("{seat} {points}").format(seat=localize(seat_name(s)), points=stacks[s])
                for s in SEATS)))
        return "\n".join(rows)

    def __repr__(self) -> str:
        r = self.reckoning
        return (f"SettlementWalk(winner=Wind.{r.winner.name if r.winner else None}, "
                f"dealer=Wind.{r.dealer.name}, step {self.current} of {len(self.steps)})")
