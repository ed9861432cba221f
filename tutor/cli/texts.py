"""The human output of ``tutor simulate``, ``tutor duel`` and ``tutor replay`` in the current
language. In English each is the result's own ``str()`` (unchanged); in another language it is
made here from the same figures, through the catalog. Numbers, seats' letters and tile notation
are the same in both; the JSON output never passes here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.i18n import C_, N_, _, comma, language, localize, padded, pgettext

if TYPE_CHECKING:
    from tutor.coach.model import Review
    from tutor.game.duel import DuelResult
    from tutor.game.simulate import Summary
    from tutor.game.state import Event
    from tutor.game.variants.guiyang.session import SessionReport as GuiyangReport

__all__ = ["duel_text", "replay_line_text", "review_text", "session_text", "summary_text"]

#: the ways of winning a summary counts (``WinKind`` values), in words
_WAYS = {"self-draw": C_("way of winning", "self-draw"),
         "discard": C_("way of winning", "discard"),
         "robbing the kong": C_("way of winning", "robbing the kong"),
         "special": C_("way of winning", "special")}

#: the extra figures of the three games' summaries, in words
_EXTRA = {"draw": N_("draws"), "liability": N_("liability"),
          "stage_reached": N_("Live Tile Stage reached"), "winner_total": N_("winner's total"),
          "first-turn penalty": N_("first-turn penalty"), "multiplier": N_("multiplier"),
          "special win": N_("special win"), "win after a gang": N_("win after a gang"),
          "win after a joker discard": N_("win after a joker discard"),
          "bean points": N_("bean points"), "chicken points": N_("chicken points"),
          "chicken tiles": N_("chicken tiles"), "golden chickens": N_("golden chickens"),
          "hot discard": N_("hot discard"), "kong draw": N_("kong draw"), "kongs": N_("kongs"),
          "multiple winners": N_("multiple winners"), "robbed kong": N_("robbed kong"),
          "tenpai settlement": N_("ready-hand settlement"), "win points": N_("win points")}


def _percent(x: float) -> str:
    return f"{x:.1%}"


def summary_text(summary: Summary) -> str:
    """``str(summary)`` in the current language."""
    if language() == "en":
        return str(summary)
    sep, n = comma(), summary.hands
    lines = [_("{hands} {game} hands, seed {seed}, bots {bots}").format(
        hands=n, game=localize(summary.variant.title), seed=summary.seed,
        bots=sep.join(summary.bots))]
    rate = sep.join(f"{s} {_percent(k / n)}" for s, k in summary.wins_by_seat.items())
    lines.append(_("win rate by seat: {rates}").format(rates=rate))
    ways = sep.join(f"{pgettext('way of winning', w) if w in _WAYS else w} {_percent(k / n)}"
                    for w, k in summary.wins_by_way.items())
    lines.append(_("ways of winning: {ways}").format(ways=ways or _("none")))
    lines.append(_("draws: {n} ({share})").format(n=summary.draws,
                                                  share=_percent(summary.draws / n)))
    if summary.mean_net:
        net = sep.join(f"{s} {v:+.2f}" for s, v in summary.mean_net.items())
        lines.append(_("mean net per hand: {net}").format(net=net))
        quantiles = {"min": _("min"), "median": _("median"), "p90": _("p90"), "max": _("max")}
        q = sep.join(f"{quantiles.get(k, k)} {v:g}" for k, v in summary.payment_quantiles.items())
        lines.append(_("winner's gain per won hand: {figures}").format(figures=q))
    lines.append(_("moves per hand: {n}").format(n=f"{summary.mean_moves:.1f}"))
    for key, value in summary.extra.items():
        name = _(_EXTRA[key]) if key in _EXTRA else key
        lines.append(_("{name}: {value}").format(name=name, value=f"{value:g}"))
    return "\n".join(lines)


def duel_text(result: DuelResult) -> str:
    """``str(result)`` in the current language (the table's columns kept aligned)."""
    if language() == "en":
        return str(result)
    a, b = result.bots
    liable = a.liability_rate is not None
    lines = [_("{deals} duplicate deals of {game} ({hands} hands: each deal four times, the "
               "seats rotated), seed {seed}").format(deals=f"{result.deals:,}",
                                                     game=localize(result.variant.title),
                                                     hands=f"{result.hands:,}",
                                                     seed=result.seed)]
    interval = _("{percent} interval").format(percent="95%")
    heads = [(_("bot"), 16, False), (_("points/hand"), 11, True), (interval, 18, True),
             (_("win rate"), 9, True), (_("deal-ins"), 9, True)]
    if liable:
        heads.append((_("liable"), 7, True))
    lines.append(" ".join(padded(h, w, right=r) for h, w, r in heads))
    for bot in result.bots:
        span = _("{low} to {high}").format(low=f"{bot.low:+.2f}", high=f"{bot.high:+.2f}")
        cells = [(bot.name, 16, False), (f"{bot.points:+.2f}", 11, True), (span, 18, True),
                 (_percent(bot.win_rate), 9, True), (_percent(bot.deal_in_rate), 9, True)]
        if liable and bot.liability_rate is not None:
            cells.append((_percent(bot.liability_rate), 7, True))
        lines.append(" ".join(padded(c, w, right=r) for c, w, r in cells))
    verdict = (_("the interval excludes zero") if result.significant
               else _("the interval includes zero: no difference shown"))
    lines.append(_("{a} minus {b}: {margin} points per hand ({percent} interval {low} to "
                   "{high}; {verdict})").format(a=a.name, b=b.name, percent="95%",
                                                margin=f"{result.margin:+.2f}",
                                        low=f"{result.margin_low:+.2f}",
                                        high=f"{result.margin_high:+.2f}", verdict=verdict))
    return "\n".join(lines)


def replay_line_text(event: Event, outcome: object = None) -> str:
    """One event of a replayed hand (:func:`tutor.game.view.replay_line`) in the current
    language; ``outcome`` (the hand's) is what its last event, ``end``, says."""
    from tutor.game.view import is_robbing_window, replay_line

    if language() == "en":
        return replay_line(event)
    if event.kind == "end" and outcome is not None:
        from tutor.i18n import Message

        seat = Message(event.seat.name.title()) if event.seat is not None else Message("table")
        tile = f" {event.tile}" if event.tile is not None else ""
        return _("{seat}: end{tile} ({outcome})").format(seat=localize(seat), tile=tile,
                                                         outcome=localize(outcome))
    if event.kind == "window" and event.note:  # who was offered what: "East: pong, ..."
        import dataclasses

        robbing = is_robbing_window(event)
        event = dataclasses.replace(event, note=_window_note(event.note))
        if robbing:
            return _("table: robbing window {tile} ({note})").format(tile=event.tile,
                                                                     note=event.note)
    return localize(event)


def _window_note(note: str) -> str:
    """``East: pong, South: rob`` with the seats and the claims in the current language."""
    from tutor.game.view import event_kind
    from tutor.i18n import Message

    parts = []
    for part in note.split(", "):
        seat, sep, claim = part.partition(": ")
        if not sep or seat not in ("East", "South", "West", "North"):
            return note  # not a list of offers: kept as it is
        parts.append(_("{seat}: {claim}").format(seat=localize(Message(seat)),
                                                 claim=localize(event_kind(claim))))
    return comma().join(parts)


def review_text(review: Review, number: int, count: int) -> str:
    """``tutor review``'s text: which hand of the file, then the review, in the current
    language."""
    if language() == "en":
        return f"hand {number} of {count}\n{review}"
    from tutor.coach.model import grade_word, legend
    from tutor.ledger import seat_name
    from tutor.study.review_panel import KIND_WORDS, option_words

    lines = [_("hand {number} of {count}").format(number=number, count=count),
             _("Review of {seat}'s play ({game}): {outcome}").format(
                 seat=localize(seat_name(review.seat)), game=localize(review.variant.title),
                 outcome=localize(review.outcome)),
             _("({legend}.)").format(legend=localize(legend(review.rules, review.variant)))]
    for d in review.decisions:
        better = "" if d.played == d.preferred else _(" (coach: {move})").format(
            move=localize(option_words(d.preferred.label)))
        lines.append(_("move {number} {kind} {played}{mark}{better}: {grade}. {reason}").format(
            number=f"{d.turn + 1:>3}", kind=localize(KIND_WORDS[d.kind]),
            played=localize(option_words(d.played.label)), mark=d.grade.symbol, better=better,
            grade=localize(grade_word(d.grade)), reason=localize(d.reason)))
    summary = review.summary
    lines.append(comma().join(_("{n} {grade}").format(n=n, grade=localize(grade_word(g, n)))
                              for g, n in summary.counts.items()))
    lines.append(localize(summary.lesson))
    return "\n".join(lines)


#: the statistics of a Huangyan or Hangzhou session (``tutor simulate --sessions``), in words
_SESSION_STATS = {
    "matches": N_("matches"), "mean_match_hands": N_("mean hands per match"),
    "longest_match_hands": N_("longest match (hands)"), "draws": N_("draws"),
    "draw_rate": N_("draw rate"), "liability_rate": N_("liability rate"),
    "liability_per_win": N_("liability per win"), "dealer_win_rate": N_("dealer's win rate"),
    "hands": N_("hands"), "draw rate": N_("draw rate"), "dealer streaks": N_("dealer streaks"),
    "mean dealer streak": N_("mean dealer streak"),
    "longest dealer streak": N_("longest dealer streak"), "special wins": N_("special wins"),
    "mean multiplier": N_("mean multiplier"), "first-turn penalties": N_("first-turn penalties"),
    "chicken points": N_("chicken points"), "bean points": N_("bean points"),
    "multiple-winner hands": N_("multiple-winner hands"),
    "tenpai settlements": N_("ready-hand settlements"), "dealer changes": N_("dealer changes")}


def _stat_lines(stats: dict[str, float]) -> list[str]:
    return [_("{name}: {value}").format(
        name=_(_SESSION_STATS[k]) if k in _SESSION_STATS else k, value=f"{v:g}")
        for k, v in stats.items()]


def _guiyang_session(report: GuiyangReport) -> str:
    sep = comma()
    seed = _(", seed {seed}").format(seed=report.seed) if report.seed is not None else ""
    who = _(", bots {bots}").format(bots=sep.join(report.bots)) if report.bots else ""
    lines = [_("Guiyang Chicken session: {hands} hands{seed}{bots}").format(
        hands=report.hands, seed=seed, bots=who)]
    for r in report.results:
        won = ""
        if r.winners:
            players = sep.join(f"P{p}" for p in r.winners)
            won = (_(" [won by {players} from {giver}]").format(players=players,
                                                               giver=f"P{r.giver}")
                   if r.giver is not None else _(" [won by {players}]").format(players=players))
        lines.append(_("hand {number}: dealer {dealer}; {headline}{won}").format(
            number=r.number, dealer=f"P{r.dealer}", headline=localize(r.headline), won=won))
        for p in range(4):
            points = r.points[p]
            lines.append("  " + _("{player} {seat}: {total} (win {win}, beans {beans}, chickens "
                                  "{chickens}), total {sum}").format(
                player=f"P{p}", seat=r.seats[p].letter, total=f"{points.total:+d}",
                win=f"{points.win:+d}", beans=f"{points.bean:+d}",
                chickens=f"{points.chicken:+d}", sum=f"{r.totals[p]:+d}"))
    lines.append(_("final: {scores}").format(
        scores=sep.join(f"P{p} {s:+d}" for p, s in report.scores.items())))
    lines.append(_("stats: {stats}").format(stats=sep.join(
        f"{_(_SESSION_STATS[k]) if k in _SESSION_STATS else k} {v:g}"
        for k, v in report.stats.items())))
    return "\n".join(lines)


def session_text(report: object) -> str:
    """A played session's report (``tutor simulate --sessions``) in the current language."""
    from tutor.game.variants.guiyang.session import SessionReport as GuiyangReport
    from tutor.game.variants.hangzhou.session import SessionReport as HangzhouReport
    from tutor.game.variants.huangyan.session import SessionReport as HuangyanReport

    if language() == "en":
        return str(report)
    sep = comma()
    if isinstance(report, HuangyanReport):
        scores = sep.join(_("player {i} ({bot}) {points}").format(
            i=i, bot=report.bots[i % len(report.bots)], points=n)
            for i, n in report.scores.items())
        rows = [_("Huangyan session, seed {seed}: {hands} hands in {matches} matches (hands "
                  "per match: {lengths})").format(
                      seed=report.seed, hands=report.hands, matches=len(report.match_hands),
                      lengths=sep.join(str(n) for n in report.match_hands)),
                _("scores: {scores} (total {total})").format(scores=scores, total=report.total)]
        return "\n".join(rows + _stat_lines(report.stats))
    if isinstance(report, HangzhouReport):
        why = (_("a score went below zero") if report.ended_below_zero
               else _("the hand cap was reached"))
        lines = [_("Hangzhou game, seed {seed}, bots {bots}: {hands} hands ({why})").format(
            seed=report.seed, bots=sep.join(report.bots), hands=report.hands, why=why)]
        if report.seating:
            rounds = []
            for i, seating in enumerate(report.seating):
                if i < len(report.seating) - 1:
                    rolls = sep.join(f"{r.player} {r.dice[0]}+{r.dice[1]}={r.total}"
                                     for r in seating.rolls)
                    rounds.append(_("roll {n}: {rolls} (a tie for the highest: roll "
                                    "again)").format(n=i + 1, rolls=rolls))
                else:
                    rounds.append(localize(seating) if len(report.seating) == 1 else
                                  _("roll {n}: {rolls}").format(n=i + 1,
                                                                rolls=localize(seating)))
            lines.append(_("seats by dice: {rolls}; P{dealer} deals first").format(
                rolls=pgettext("list separator", "; ").join(rounds),
                dealer=report.dealers[0]))
        lines.append(_("final scores: {scores}").format(scores=sep.join(
            _("player {i} {points}").format(i=p, points=n) for p, n in report.scores.items())))
        return "\n".join(lines + _stat_lines(report.stats))
    if isinstance(report, GuiyangReport):
        return _guiyang_session(report)
    return str(report)
