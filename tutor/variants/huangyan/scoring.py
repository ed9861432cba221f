"""Score sheets: the winner's completed hand and each non-winner's partial hand.

Every player scores ``base x 2^doubles`` (the rule book, notebooks/rules/huangyan.md).
The winner's hand
is read every way it splits into four groups and a pair, and with every group the winning tile
could have completed; the highest-scoring reading is the sheet. A non-winner's partial hand is
read by fixed rules: declared melds, concealed triplets, and honor pairs that score.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tutor.core.hand import Hand, MeldKind, format_tiles
from tutor.core.notation import parse_hand, parse_tile
from tutor.core.shapes import Decomposition, GroupKind, decompositions, require_size
from tutor.core.tiles import KINDS, Tile, Wind
from tutor.core.variant import Variant
from tutor.core.waits import waits
from tutor.errors import RulesError
from tutor.i18n import N_, Message, _
from tutor.variants.huangyan.rules import HUANGYAN_RULES, HuangyanRules
from tutor.variants.huangyan.sheet import ScoreLine, ScoreSheet, WinSituation

__all__ = ["score_non_winner", "score_winner"]

_V = Variant.HUANGYAN
_DEFAULT_SITUATION = WinSituation()


@dataclass(frozen=True)
class _Set:
    """A set as scoring sees it: chow, pong or kong, and whether it is exposed."""

    kind: GroupKind
    tiles: tuple[Tile, ...]
    exposed: bool

    @property
    def tile(self) -> Tile:
        return self.tiles[0]


def _hand(hand: Hand | str) -> Hand:
    return parse_hand(hand, _V) if isinstance(hand, str) else hand.check(_V)


def _set_line(s: _Set, rules: HuangyanRules) -> ScoreLine:
    if s.kind is GroupKind.CHOW:
        return ScoreLine(N_("Chow"), "顺子", rules.chow, tiles=s.tiles)
    big = s.tile.is_terminal_or_honor
    note = N_("terminals/honors") if big else N_("simples")
    if s.kind is GroupKind.PONG:
        if s.exposed:
            pts = rules.exposed_pong_terminal_honor if big else rules.exposed_pong_simple
            return ScoreLine(N_("Exposed Pong"), "明刻", pts, tiles=s.tiles, note=note)
        pts = rules.concealed_pong_terminal_honor if big else rules.concealed_pong_simple
        return ScoreLine(N_("Concealed Pong"), "暗刻", pts, tiles=s.tiles, note=note)
    if s.exposed:
        pts = rules.exposed_kong_terminal_honor if big else rules.exposed_kong_simple
        return ScoreLine(N_("Exposed Kong"), "明杠", pts, tiles=s.tiles, note=note)
    pts = rules.concealed_kong_terminal_honor if big else rules.concealed_kong_simple
    return ScoreLine(N_("Concealed Kong"), "暗杠", pts, tiles=s.tiles, note=note)


def _pair_lines(tile: Tile, seat: Wind, rules: HuangyanRules, *, show_zero: bool
                ) -> list[ScoreLine]:
    pair = (tile, tile)
    lines = []
    if tile.is_dragon:
        lines.append(ScoreLine(N_("Dragon Pair"), "箭牌对", rules.dragon_pair, tiles=pair))
    if tile == seat.tile:
        lines.append(ScoreLine(N_("Seat Wind Pair"), "门风对", rules.seat_wind_pair, tiles=pair))
    if rules.prevailing_wind is not None and tile == rules.prevailing_wind.tile:
        lines.append(ScoreLine(N_("Prevailing Wind Pair"), "圈风对", rules.prevailing_wind_pair,
                               tiles=pair))
    if not lines and show_zero:
        lines.append(ScoreLine(N_("Pair"), "将", 0, tiles=pair))
    return lines


def _doubles(lines: list[ScoreLine], item: str, chinese: str, doubles: int,
             tiles: Iterable[Tile]) -> None:
    if doubles:
        lines.append(ScoreLine(item, chinese, doubles=doubles, tiles=tuple(sorted(tiles))))


def _pattern_lines(sets: list[_Set], pairs: list[Tile], tiles: tuple[Tile, ...], seat: Wind,
                   rules: HuangyanRules) -> list[ScoreLine]:
    """Doubles every player can score, judged on all of the player's tiles."""
    lines: list[ScoreLine] = []
    pongs = [s for s in sets if s.kind is not GroupKind.CHOW]
    dragons = [s for s in pongs if s.tile.is_dragon]
    winds = [s for s in pongs if s.tile.is_wind]
    for s in dragons:
        _doubles(lines, N_("Dragon Pong"), "箭刻", rules.dragon_set, s.tiles)
    for s in winds:
        if s.tile == seat.tile:
            _doubles(lines, N_("Seat Wind Pong"), "门风刻", rules.seat_wind_set, s.tiles)
        if rules.prevailing_wind is not None and s.tile == rules.prevailing_wind.tile:
            _doubles(lines, N_("Prevailing Wind Pong"), "圈风刻", rules.prevailing_wind_set,
                     s.tiles)
    suits = {t.suit for t in tiles if t.is_suited}
    has_honors = any(t.is_honor for t in tiles)
    if not suits:
        _doubles(lines, N_("All Honors"), "字一色", rules.all_honors, tiles)
    elif len(suits) == 1:
        if has_honors:
            _doubles(lines, N_("Half Flush"), "混一色", rules.half_flush, tiles)
        else:
            _doubles(lines, N_("Full Flush"), "清一色", rules.full_flush, tiles)
    dragon_tiles = [t for s in dragons for t in s.tiles]
    dragon_pairs = [t for t in pairs if t.is_dragon]
    if len(dragons) == 3:
        _doubles(lines, N_("Big Three Dragons"), "大三元", rules.big_three_dragons, dragon_tiles)
    elif len(dragons) == 2 and dragon_pairs:
        _doubles(lines, N_("Little Three Dragons"), "小三元", rules.little_three_dragons,
                 dragon_tiles + [dragon_pairs[0]] * 2)
    wind_tiles = [t for s in winds for t in s.tiles]
    wind_pairs = [t for t in pairs if t.is_wind]
    if len(winds) == 4:
        _doubles(lines, N_("Big Four Winds"), "大四喜", rules.big_four_winds, wind_tiles)
    elif len(winds) == 3 and wind_pairs:
        _doubles(lines, N_("Little Four Winds"), "小四喜", rules.little_four_winds,
                 wind_tiles + [wind_pairs[0]] * 2)
    return lines


def _big_four_winds_in_all(lines: list[ScoreLine]) -> list[ScoreLine]:
    """Big Four Winds is 13 doubles in all: every other double is shown but counted within it."""
    if not any(line.item == "Big Four Winds" for line in lines):
        return lines
    return [ScoreLine(line.item, line.chinese, line.points, 0, line.tiles,
                      Message("{n} double(s) counted within Big Four Winds", n=line.doubles))
            if line.doubles and line.item != "Big Four Winds" else line for line in lines]


def _meld_set(kind: MeldKind, tiles: tuple[Tile, ...]) -> _Set:
    if kind is MeldKind.CHOW:
        return _Set(GroupKind.CHOW, tiles, True)
    if kind is MeldKind.PONG:
        return _Set(GroupKind.PONG, tiles, True)
    return _Set(GroupKind.KONG, tiles, kind is not MeldKind.CONCEALED_KONG)


def _hook(reading: Decomposition, win_index: int, win_tile: Tile, rules: HuangyanRules
          ) -> ScoreLine | None:
    group = reading.groups[win_index]
    if group.kind is GroupKind.PAIR:
        return ScoreLine(N_("Single Hook"), "单钓", rules.single_hook, tiles=group.tiles)
    if group.kind is not GroupKind.CHOW:
        return None
    low, mid, high = group.tiles
    if win_tile == mid:
        return ScoreLine(N_("Middle Hook"), "嵌张", rules.middle_hook, tiles=group.tiles)
    if (low.rank == 1 and win_tile == high) or (low.rank == 7 and win_tile == low):
        return ScoreLine(N_("Side Hook"), "边张", rules.side_hook, tiles=group.tiles)
    return None


def _winner_sheet(hand: Hand, reading: Decomposition, win_index: int, win_tile: Tile,
                  sit: WinSituation, one_wait: bool, rules: HuangyanRules) -> ScoreSheet:
    lines = [ScoreLine(N_("Hu"), "胡", rules.hu)]
    if sit.drawn:
        lines.append(ScoreLine(N_("Self-Draw"), "自摸", rules.self_draw, tiles=(win_tile,)))
    hook = _hook(reading, win_index, win_tile, rules) if one_wait else None
    if hook is not None:
        lines.append(hook)
    sets: list[_Set] = []
    for i, g in enumerate(reading.groups):
        if not g.is_set:
            continue
        if g.meld is not None:
            sets.append(_meld_set(g.meld.kind, g.tiles))
        else:  # a concealed pong completed by a claimed tile is exposed
            sets.append(_Set(g.kind, g.tiles, i == win_index and not sit.drawn))
    lines += [_set_line(s, rules) for s in sets]
    pair = reading.pair.tile
    pair_lines = _pair_lines(pair, sit.seat, rules, show_zero=True)
    lines += pair_lines
    lines += _pattern_lines(sets, [pair], hand.tiles, sit.seat, rules)
    chows = sum(s.kind is GroupKind.CHOW for s in sets)
    if chows == 0:
        _doubles(lines, N_("All Pongs"), "碰碰胡", rules.all_pongs, ())
    if chows == 4 and sum(line.points for line in pair_lines) == 0:
        _doubles(lines, N_("Pinfu"), "平胡", rules.pinfu, ())
    if sit.kong_draw:
        _doubles(lines, N_("Kong Draw"), "杠上开花", rules.kong_draw, (win_tile,))
    if sit.robbing_the_kong:
        _doubles(lines, N_("Robbing the Kong"), "抢杠胡", rules.robbing_the_kong, (win_tile,))
    if sit.last_tile and sit.self_draw:
        _doubles(lines, N_("Fisherman's Win"), "海底捞月", rules.fishermans_win, (win_tile,))
    text = Message("{groups} (the winning {tile} completed {tiles})",
                   groups=" ".join(str(g) for g in reading.groups), tile=str(win_tile),
                   tiles=format_tiles(reading.groups[win_index].tiles))
    return ScoreSheet(hand, sit.seat, True, tuple(_big_four_winds_in_all(lines)), win_tile, sit,
                      text, rules.limit)


def score_winner(hand: Hand | str, win_tile: Tile | str,
                 situation: WinSituation = _DEFAULT_SITUATION, *,
                 rules: HuangyanRules = HUANGYAN_RULES) -> ScoreSheet:
    """The winner's sheet: the highest-scoring reading of a complete 14-tile hand.

    ``win_tile`` must be one of the concealed tiles. Raises :class:`RulesError` when the hand is
    not four groups and a pair, or the situation cannot have happened.
    """
    shown = repr(hand) if isinstance(hand, str) else str(hand)
    hand = _hand(hand)
    tile = parse_tile(win_tile, _V) if isinstance(win_tile, str) else win_tile
    require_size(hand, (14,), "a win")
    if tile not in hand.concealed:
        raise RulesError(_("{hand}: the winning tile {tile} must be one of the concealed "
                           "tiles").format(hand=shown, tile=tile))
    if situation.kong_draw and not any(m.is_kong for m in hand.melds):
        raise RulesError(_("{hand}: a Kong Draw needs a declared kong in the hand").format(
            hand=shown))
    readings = decompositions(hand, _V)
    if not readings:
        extra = ""
        if not hand.melds and all(n in (0, 2, 4) for n in hand.counts):
            extra = _(" (seven pairs is not a winning shape in Huangyan Reckoning)")
        raise RulesError(_("{hand} is not a winning hand: Huangyan Reckoning needs four groups "
                           "and a pair{extra}").format(hand=shown, extra=extra))
    one_wait = len(waits(hand.remove(tile), _V).waits) == 1
    best: ScoreSheet | None = None
    for reading in readings:
        for i, group in enumerate(reading.groups):
            if group.meld is not None or tile not in group.tiles:
                continue
            sheet = _winner_sheet(hand, reading, i, tile, situation, one_wait, rules)
            if best is None or (sheet.raw_total, sheet.base) > (best.raw_total, best.base):
                best = sheet
    assert best is not None
    return best


def score_non_winner(hand: Hand | str, *, seat: Wind = Wind.EAST,
                     rules: HuangyanRules = HUANGYAN_RULES) -> ScoreSheet:
    """A non-winner's sheet for a 13-tile partial hand (a kong counting as 3).

    Declared melds score as sets; among concealed tiles each three or four of a kind is a
    concealed pong and each remaining pair of dragons or of the seat wind scores its pair
    points; flushes and the dragon and wind patterns are judged on all the tiles.
    """
    hand = _hand(hand)
    require_size(hand, (13,), "a non-winner's hand")
    sets = [_meld_set(m.kind, m.tiles) for m in hand.melds]
    pairs: list[Tile] = []
    for tile, n in zip(KINDS, hand.counts, strict=True):
        if n >= 3:
            sets.append(_Set(GroupKind.PONG, (tile,) * 3, False))
        elif n == 2:
            pairs.append(tile)
    lines = [_set_line(s, rules) for s in sets]
    for tile in pairs:
        lines += _pair_lines(tile, seat, rules, show_zero=False)
    lines += _pattern_lines(sets, pairs, hand.tiles, seat, rules)
    return ScoreSheet(hand, seat, False, tuple(_big_four_winds_in_all(lines)), limit=rules.limit)
