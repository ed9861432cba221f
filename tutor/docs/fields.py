"""What each ruleset field means, in the rule book's words, kept next to the generator.

Every field of :class:`~tutor.variants.huangyan.rules.HuangyanRules`,
:class:`~tutor.variants.hangzhou.rules.HangzhouRules`,
:class:`~tutor.game.variants.hangzhou.play_rules.HangzhouPlay` and
:class:`~tutor.variants.guiyang.rules.GuiyangRules` has an :class:`Item` here: the name a score
sheet or the rule book gives it, its Chinese name where the game has one, and one line on what
it does. The tests fail when a field has none, so a new field cannot reach the rule book
without its description.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["GUIYANG", "HANGZHOU", "HANGZHOU_PLAY", "HUANGYAN", "Item"]


@dataclass(frozen=True)
class Item:
    """One ruleset field as the rule book shows it."""

    label: str
    chinese: str
    meaning: str


def _items(*rows: tuple[str, str, str, str]) -> dict[str, Item]:
    return {field: Item(label, chinese, meaning) for field, label, chinese, meaning in rows}


HUANGYAN = _items(
    # sets (shown in one table by size and kind)
    ("exposed_pong_simple", "Exposed Pong, simples", "明刻", "a pong of a 2-8 that was claimed"),
    ("exposed_pong_terminal_honor", "Exposed Pong, terminals and honors", "明刻",
     "a pong of a 1, a 9 or an honor that was claimed"),
    ("concealed_pong_simple", "Concealed Pong, simples", "暗刻", "a pong of a 2-8 built in hand"),
    ("concealed_pong_terminal_honor", "Concealed Pong, terminals and honors", "暗刻",
     "a pong of a 1, a 9 or an honor built in hand"),
    ("exposed_kong_simple", "Exposed Kong, simples", "明杠", "an open or added kong of a 2-8"),
    ("exposed_kong_terminal_honor", "Exposed Kong, terminals and honors", "明杠",
     "an open or added kong of a 1, a 9 or an honor"),
    ("concealed_kong_simple", "Concealed Kong, simples", "暗杠", "a concealed kong of a 2-8"),
    ("concealed_kong_terminal_honor", "Concealed Kong, terminals and honors", "暗杠",
     "a concealed kong of a 1, a 9 or an honor"),
    ("chow", "Chow", "顺子", "a run of three in one suit"),
    # pairs
    ("dragon_pair", "Dragon Pair", "箭牌对", "a pair of any dragon"),
    ("seat_wind_pair", "Seat Wind Pair", "门风对", "a pair of the player's own seat wind"),
    ("prevailing_wind_pair", "Prevailing Wind Pair", "圈风对",
     "a pair of the prevailing wind (only with the prevailing_wind option)"),
    # winner's points
    ("hu", "Hu", "胡", "every win"),
    ("self_draw", "Self-Draw", "自摸",
     "the winner drew the winning tile (from the wall or as a kong replacement)"),
    ("single_hook", "Single Hook", "单钓",
     "the winning tile completed the pair, and only that kind could have won"),
    ("middle_hook", "Middle Hook", "嵌张",
     "the winning tile was the middle of a chow, and only that kind could have won"),
    ("side_hook", "Side Hook", "边张",
     "the winning tile was the 3 of 1-2-3 or the 7 of 7-8-9, and only that kind could have won"),
    # every player's doubles
    ("dragon_set", "Dragon Pong", "箭刻", "each pong or kong of a dragon"),
    ("seat_wind_set", "Seat Wind Pong", "门风刻", "a pong or kong of the player's seat wind"),
    ("prevailing_wind_set", "Prevailing Wind Pong", "圈风刻",
     "a pong or kong of the prevailing wind (only with the prevailing_wind option)"),
    ("half_flush", "Half Flush", "混一色", "one suit and honors, both present"),
    ("full_flush", "Full Flush", "清一色", "one suit and no honor"),
    ("all_honors", "All Honors", "字一色", "honors only"),
    ("little_three_dragons", "Little Three Dragons", "小三元",
     "two dragon pongs or kongs and a dragon pair (added to the two Dragon Pong doubles)"),
    ("big_three_dragons", "Big Three Dragons", "大三元",
     "three dragon pongs or kongs (added to the three Dragon Pong doubles)"),
    ("little_four_winds", "Little Four Winds", "小四喜",
     "three wind pongs or kongs and a wind pair"),
    ("big_four_winds", "Big Four Winds", "大四喜",
     "four wind pongs or kongs: the hand's doubles in all, every other double counted within"),
    # winner's doubles
    ("all_pongs", "All Pongs", "碰碰胡", "no chow in the winning hand"),
    ("pinfu", "Pinfu", "平胡", "four chows and a pair that scores no point"),
    ("kong_draw", "Kong Draw", "杠上开花", "the winning tile was a kong's replacement"),
    ("robbing_the_kong", "Robbing the Kong", "抢杠胡",
     "the winning tile was the one another player tried to add to a pong (an added kong)"),
    ("fishermans_win", "Fisherman's Win", "海底捞月",
     "the winner self-drew the last tile of the live wall"),
    # the table
    ("ante", "Ante", "底注",
     "what each player moves from the reserve to the table at a match's start"),
    ("reserve", "Reserve", "本金", "each player's points at the start of a session"),
    ("matches_per_session", "Matches per session", "",
     "a session ends when this many matches are over"),
    ("live_tile_stage_threshold", "Live Tile Stage threshold", "生牌阶段",
     "the stage begins when the live wall holds this many tiles or fewer"),
    ("dead_wall", "Dead Wall", "黄岩",
     "tiles kept back at the far end of the wall for kong replacements"),
    # options
    ("limit", "Limit", "封顶",
     "a cap on any one player's total in a hand; none means no cap"),
    ("prevailing_wind", "Prevailing wind", "圈风",
     "a prevailing (round) wind whose pair and pong score like the seat wind's"),
    ("rounding", "Rounding of halves", "", "how an odd amount is halved: up or down"),
    ("liability_payee", "Liability payee", "",
     "who receives the pair settlements a liable player pays: the winner, or each pair's "
     "normal receiver"),
    ("robbing_open_kong_double", "Robbing an Open Kong doubles", "抢杠胡",
     "true: a win on an open kong's tile is Robbing the Kong (the double, no liability); false: a "
     "win on the discard the kong claimed, settled as any discard win"),
)

HANGZHOU = _items(
    ("base_from_dealer", "Base from the dealer", "底", "what the dealer pays a non-dealer winner"),
    ("base_from_other", "Base from another player", "底",
     "what each other non-dealer pays a non-dealer winner"),
    ("base_dealer_wins", "Base when the dealer wins", "底",
     "what one token on the dealer's tally is worth from each other player (a dealer's win "
     "puts its multiplier product in tokens on the tally, paid when the deal passes)"),
    ("three_white_dragons", "Three White Dragons", "",
     "exactly three jokers: in the winning hand, plus those the winner discarded in the chain"),
    ("four_white_dragons", "Four White Dragons", "", "exactly four jokers, counted the same way"),
    ("after_gang", "After a gang", "杠开", "each kong in the winner's chain"),
    ("white_dragon_pair_wait", "White Dragon Pair Wait", "爆头",
     "before the winning draw, one joker set aside, the rest of the hand was complete"),
    ("after_white_dragon_discard", "After a White Dragon Discard", "财飘",
     "each joker the winner discarded in the chain"),
    ("seven_pairs_pure", "Seven Pairs Pure", "七对", "seven pairs and no joker in the hand"),
    ("seven_pairs_with_joker", "Seven Pairs with Joker", "七对", "seven pairs using a joker"),
    ("tile_hog", "Tile Hog", "四归一",
     "in seven pairs, each four identical natural tiles (jokers never make one)"),
    ("ten_honors_count", "Ten Honors: discards needed", "",
     "honor discards that open Ten Honors Explosive Head"),
    ("ten_honors_multiplier", "Ten Honors: multiplier", "",
     "its multiplier when declared at that count"),
    ("ten_honors_extra", "Ten Honors: each further honor", "",
     "the factor for each further honor discarded before declaring"),
    ("first_turn_joker_factor", "First-turn payment, joker fourth", "跟庄",
     "the factor on the dice total when the first three discards match and the fourth is a joker"),
    ("starting_points", "Starting points", "", "each player's score at the start of a game"),
    ("scoring", "Scoring mode", "",
     "multiply: every multiplier multiplies, no cap; mil-fan: each doubling is one fan, "
     "capped at fan_cap"),
    ("fan_cap", "Fan cap", "番", "the most fan a hand counts under the mil-fan mode"),
    ("four_jokers_tile_hog", "Four jokers as a Tile Hog", "",
     "whether four jokers in a seven-pairs hand count as a Tile Hog"),
    ("joker_fifth_copy", "Joker as a fifth copy", "",
     "whether a joker may stand for a kind whose four natural copies are all held, melded or seen"),
)

HANGZHOU_PLAY = _items(
    ("max_chows", "Exposed chows allowed", "吃", "how many chows one player may have exposed"),
    ("joker_restriction_players", "Players bound after a joker discard", "",
     "how many players after the joker's discarder play a bound turn"),
    ("joker_restriction_all_calls", "Nobody calls while bound turns run", "",
     "while the restriction runs, no player at all may call a discard"),
    ("session_hand_cap", "Hands in a game at most", "",
     "a bot-played game stops after this many hands even if no score went below zero"),
)

GUIYANG = _items(
    ("plain", "Plain", "平胡", "four groups and a pair with a run, in two or three suits"),
    ("all_triplets", "All triplets", "大对子",
     "four pongs or kongs and a pair, two or three suits"),
    ("seven_pairs", "Seven pairs", "七对", "seven pairs, two or three suits"),
    ("dragon_pairs", "Dragon pairs", "龙七对",
     "seven pairs holding four identical tiles, two or three suits"),
    ("pure_suit", "Pure suit", "清一色", "four groups and a pair with a run, one suit"),
    ("pure_triplets", "Pure triplets", "清大对", "four pongs or kongs and a pair, one suit"),
    ("pure_seven_pairs", "Pure seven pairs", "清七对", "seven pairs, one suit"),
    ("pure_dragon_pairs", "Pure dragon pairs", "清龙七对",
     "seven pairs holding four identical tiles, one suit"),
    ("plain_discard_win_needs_kong", "The kong pass", "",
     "a plain-pattern win on a discard needs a kong of the winner's own this hand"),
    ("self_draw_bonus", "Self-draw", "自摸", "added to the pattern, paid by each opponent"),
    ("kong_draw_bonus", "Kong draw", "杠上开花",
     "added again when the self-drawn tile was a kong's replacement"),
    ("hot_discard_bonus", "Hot discard", "热炮", "added when the winning discard was hot"),
    ("concealed_kong_bean", "Concealed kong bean", "闷豆", "from each opponent"),
    ("added_kong_bean", "Added kong bean", "转弯豆", "from each opponent"),
    ("exposed_kong_bean", "Exposed kong bean", "明豆", "from the player who discarded into it"),
    ("fixed_chicken", "Fixed chicken", "幺鸡", "each One of Bamboo held, melded or discarded"),
    ("flipped_chicken", "Flipped chicken", "翻牌鸡", "each flipped chicken held or melded"),
    ("golden_multiplier", "Golden chickens", "金鸡",
     "multiplies every fixed-chicken value when the revealed tile is the 9 of Bamboo"),
    ("charging_chicken", "Charging chicken", "冲锋鸡",
     "the first One of Bamboo discarded in the hand, to its discarder"),
    ("liability_chicken", "Liability chicken", "责任鸡",
     "paid by the charging chicken's discarder to the player who punged or konged it"),
    ("session_hands", "Hands in a session", "", "how many hands a session plays"),
)
