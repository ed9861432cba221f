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

from tutor.i18n import N_

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
    ("exposed_pong_simple", N_("Exposed Pong, simples"), "明刻",
     N_("a pong of a 2-8 that was claimed")),
    ("exposed_pong_terminal_honor", N_("Exposed Pong, terminals and honors"), "明刻",
     N_("a pong of a 1, a 9 or an honor that was claimed")),
    ("concealed_pong_simple", N_("Concealed Pong, simples"), "暗刻",
     N_("a pong of a 2-8 built in hand")),
    ("concealed_pong_terminal_honor", N_("Concealed Pong, terminals and honors"), "暗刻",
     N_("a pong of a 1, a 9 or an honor built in hand")),
    ("exposed_kong_simple", N_("Exposed Kong, simples"), "明杠",
     N_("an open or added kong of a 2-8")),
    ("exposed_kong_terminal_honor", N_("Exposed Kong, terminals and honors"), "明杠",
     N_("an open or added kong of a 1, a 9 or an honor")),
    ("concealed_kong_simple", N_("Concealed Kong, simples"), "暗杠",
     N_("a concealed kong of a 2-8")),
    ("concealed_kong_terminal_honor", N_("Concealed Kong, terminals and honors"), "暗杠",
     N_("a concealed kong of a 1, a 9 or an honor")),
    ("chow", N_("Chow"), "顺子", N_("a run of three in one suit")),
    # pairs
    ("dragon_pair", N_("Dragon Pair"), "箭牌对", N_("a pair of any dragon")),
    ("seat_wind_pair", N_("Seat Wind Pair"), "门风对", N_("a pair of the player's own seat wind")),
    ("prevailing_wind_pair", N_("Prevailing Wind Pair"), "圈风对",
     N_("a pair of the prevailing wind (only with the prevailing_wind option)")),
    # winner's points
    ("hu", N_("Hu"), "胡", N_("every win")),
    ("self_draw", N_("Self-Draw"), "自摸",
     N_("the winner drew the winning tile (from the wall or as a kong replacement)")),
    ("single_hook", N_("Single Hook"), "单钓",
     N_("the winning tile completed the pair, and only that kind could have won")),
    ("middle_hook", N_("Middle Hook"), "嵌张",
     N_("the winning tile was the middle of a chow, and only that kind could have won")),
    ("side_hook", N_("Side Hook"), "边张",
     N_("the winning tile was the 3 of 1-2-3 or the 7 of 7-8-9, and only that kind could "
        "have won")),
    # every player's doubles
    ("dragon_set", N_("Dragon Pong"), "箭刻", N_("each pong or kong of a dragon")),
    ("seat_wind_set", N_("Seat Wind Pong"), "门风刻",
     N_("a pong or kong of the player's seat wind")),
    ("prevailing_wind_set", N_("Prevailing Wind Pong"), "圈风刻",
     N_("a pong or kong of the prevailing wind (only with the prevailing_wind option)")),
    ("half_flush", N_("Half Flush"), "混一色", N_("one suit and honors, both present")),
    ("full_flush", N_("Full Flush"), "清一色", N_("one suit and no honor")),
    ("all_honors", N_("All Honors"), "字一色", N_("honors only")),
    ("little_three_dragons", N_("Little Three Dragons"), "小三元",
     N_("two dragon pongs or kongs and a dragon pair (added to the two Dragon Pong doubles)")),
    ("big_three_dragons", N_("Big Three Dragons"), "大三元",
     N_("three dragon pongs or kongs (added to the three Dragon Pong doubles)")),
    ("little_four_winds", N_("Little Four Winds"), "小四喜",
     N_("three wind pongs or kongs and a wind pair")),
    ("big_four_winds", N_("Big Four Winds"), "大四喜",
     N_("four wind pongs or kongs: the hand's doubles in all, every other double counted within")),
    # winner's doubles
    ("all_pongs", N_("All Pongs"), "碰碰胡", N_("no chow in the winning hand")),
    ("pinfu", N_("Pinfu"), "平胡", N_("four chows and a pair that scores no point")),
    ("kong_draw", N_("Kong Draw"), "杠上开花", N_("the winning tile was a kong's replacement")),
    ("robbing_the_kong", N_("Robbing the Kong"), "抢杠胡",
     N_("the winning tile was the one another player tried to add to a pong (an added kong)")),
    ("fishermans_win", N_("Fisherman's Win"), "海底捞月",
     N_("the winner self-drew the last tile of the live wall")),
    # the table
    ("ante", N_("Ante"), "底注",
     N_("what each player moves from the reserve to the table at a match's start")),
    ("reserve", N_("Reserve"), "本金", N_("each player's points at the start of a session")),
    ("matches_per_session", N_("Matches per session"), "",
     N_("a session ends when this many matches are over")),
    ("live_tile_stage_threshold", N_("Live Tile Stage threshold"), "生牌阶段",
     N_("the stage begins when the live wall holds this many tiles or fewer")),
    ("dead_wall", N_("Dead Wall"), "黄岩",
     N_("tiles kept back at the far end of the wall for kong replacements")),
    # options
    ("limit", N_("Limit"), "封顶",
     N_("a cap on any one player's total in a hand; none means no cap")),
    ("prevailing_wind", N_("Prevailing wind"), "圈风",
     N_("a prevailing (round) wind whose pair and pong score like the seat wind's")),
    ("rounding", N_("Rounding of halves"), "", N_("how an odd amount is halved: up or down")),
    ("liability_payee", N_("Liability payee"), "",
     N_("who receives the pair settlements a liable player pays: the winner, or each pair's "
     "normal receiver")),
    ("robbing_open_kong_double", N_("Robbing an Open Kong doubles"), "抢杠胡",
     N_("true: a win on an open kong's tile is Robbing the Kong (the double, no liability); "
        "false: a win on the discard the kong claimed, settled as any discard win")),
)

HANGZHOU = _items(
    ("base_from_dealer", N_("Base from the dealer"), "底",
     N_("what the dealer pays a non-dealer winner")),
    ("base_from_other", N_("Base from another player"), "底",
     N_("what each other non-dealer pays a non-dealer winner")),
    ("base_dealer_wins", N_("Base when the dealer wins"), "底",
     N_("what one token on the dealer's tally is worth from each other player (a dealer's win "
     "puts its multiplier product in tokens on the tally, paid when the deal passes)")),
    ("three_white_dragons", N_("Three White Dragons"), "",
     N_("exactly three jokers: in the winning hand, plus those the winner discarded in the chain")),
    ("four_white_dragons", N_("Four White Dragons"), "",
     N_("exactly four jokers, counted the same way")),
    ("after_gang", N_("After a gang"), "杠开", N_("each kong in the winner's chain")),
    ("white_dragon_pair_wait", N_("White Dragon Pair Wait"), "爆头",
     N_("before the winning draw, one joker set aside, the rest of the hand was complete")),
    ("after_white_dragon_discard", N_("After a White Dragon Discard"), "财飘",
     N_("each joker the winner discarded in the chain")),
    ("seven_pairs_pure", N_("Seven Pairs Pure"), "七对",
     N_("seven pairs and no joker in the hand")),
    ("seven_pairs_with_joker", N_("Seven Pairs with Joker"), "七对",
     N_("seven pairs using a joker")),
    ("tile_hog", N_("Tile Hog"), "四归一",
     N_("in seven pairs, each four identical natural tiles (jokers never make one)")),
    ("ten_honors_count", N_("Ten Honors: discards needed"), "",
     N_("honor discards that open Ten Honors Explosive Head")),
    ("ten_honors_multiplier", N_("Ten Honors: multiplier"), "",
     N_("its multiplier when declared at that count")),
    ("ten_honors_extra", N_("Ten Honors: each further honor"), "",
     N_("the factor for each further honor discarded before declaring")),
    ("first_turn_joker_factor", N_("First-turn payment, joker fourth"), "跟庄",
     N_("the factor on the dice total when the first three discards match and the fourth "
        "is a joker")),
    ("starting_points", N_("Starting points"), "",
     N_("each player's score at the start of a game")),
    ("scoring", N_("Scoring mode"), "",
     N_("multiply: every multiplier multiplies, no cap; mil-fan: each doubling is one fan, "
     "capped at fan_cap")),
    ("fan_cap", N_("Fan cap"), "番", N_("the most fan a hand counts under the mil-fan mode")),
    ("four_jokers_tile_hog", N_("Four jokers as a Tile Hog"), "",
     N_("whether four jokers in a seven-pairs hand count as a Tile Hog")),
    ("joker_fifth_copy", N_("Joker as a fifth copy"), "",
     N_("whether a joker may stand for a kind whose four natural copies are all held, "
        "melded or seen")),
)

HANGZHOU_PLAY = _items(
    ("max_chows", N_("Exposed chows allowed"), "吃",
     N_("how many chows one player may have exposed")),
    ("joker_restriction_players", N_("Players bound after a joker discard"), "",
     N_("how many players after the joker's discarder play a bound turn")),
    ("joker_restriction_all_calls", N_("Nobody calls while bound turns run"), "",
     N_("while the restriction runs, no player at all may call a discard")),
    ("session_hand_cap", N_("Hands in a game at most"), "",
     N_("a bot-played game stops after this many hands even if no score went below zero")),
)

GUIYANG = _items(
    ("plain", N_("Plain"), "平胡", N_("four groups and a pair with a run, in two or three suits")),
    ("all_triplets", N_("All triplets"), "大对子",
     N_("four pongs or kongs and a pair, two or three suits")),
    ("seven_pairs", N_("Seven pairs"), "七对", N_("seven pairs, two or three suits")),
    ("dragon_pairs", N_("Dragon pairs"), "龙七对",
     N_("seven pairs holding four identical tiles, two or three suits")),
    ("pure_suit", N_("Pure suit"), "清一色", N_("four groups and a pair with a run, one suit")),
    ("pure_triplets", N_("Pure triplets"), "清大对",
     N_("four pongs or kongs and a pair, one suit")),
    ("pure_seven_pairs", N_("Pure seven pairs"), "清七对", N_("seven pairs, one suit")),
    ("pure_dragon_pairs", N_("Pure dragon pairs"), "清龙七对",
     N_("seven pairs holding four identical tiles, one suit")),
    ("plain_discard_win_needs_kong", N_("The kong pass"), "",
     N_("a plain-pattern win on a discard needs a kong of the winner's own this hand")),
    ("self_draw_bonus", N_("Self-draw"), "自摸", N_("added to the pattern, paid by each opponent")),
    ("kong_draw_bonus", N_("Kong draw"), "杠上开花",
     N_("added again when the self-drawn tile was a kong's replacement")),
    ("hot_discard_bonus", N_("Hot discard"), "热炮", N_("added when the winning discard was hot")),
    ("concealed_kong_bean", N_("Concealed kong bean"), "闷豆", N_("from each opponent")),
    ("added_kong_bean", N_("Added kong bean"), "转弯豆", N_("from each opponent")),
    ("exposed_kong_bean", N_("Exposed kong bean"), "明豆",
     N_("from the player who discarded into it")),
    ("fixed_chicken", N_("Fixed chicken"), "幺鸡",
     N_("each One of Bamboo held, melded or discarded")),
    ("flipped_chicken", N_("Flipped chicken"), "翻牌鸡", N_("each flipped chicken held or melded")),
    ("golden_multiplier", N_("Golden chickens"), "金鸡",
     N_("multiplies every fixed-chicken value when the revealed tile is the 9 of Bamboo")),
    ("charging_chicken", N_("Charging chicken"), "冲锋鸡",
     N_("the first One of Bamboo discarded in the hand, to its discarder")),
    ("liability_chicken", N_("Liability chicken"), "责任鸡",
     N_("paid by the charging chicken's discarder to the player who punged or konged it")),
    ("session_hands", N_("Hands in a session"), "", N_("how many hands a session plays")),
)
