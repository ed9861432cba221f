"""What the Guiyang settlement text tells a learner: which chickens and beans are paid and which
are not (and why), the tile a second winner did not count, one payment per payer with its reason,
and a best possible pattern that is shown but not used."""

from __future__ import annotations

from pathlib import Path

from tutor import Seat
from tutor.variants.guiyang import Settlement, load_hand, settle

DATA = Path(__file__).parent.parent / "data" / "guiyang"
E, S, W, N = Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH


def run(name: str) -> Settlement:
    return settle(load_hand(DATA / f"{name}.json"))


def block(s: Settlement, seat: Seat) -> list[str]:
    """The lines of the text about one player."""
    return str(s.player(seat)).splitlines()


def test_a_not_ready_players_concealed_kong_of_chickens_is_paid() -> None:
    s = run("concealed_kong_of_chickens")
    assert [s.net()[seat] for seat in Seat] == [10, -2, -2, -6]
    north = s.player(N)
    assert not north.eligible and north.visible_fixed_value == 4
    assert [(p.payer, p.payee, p.amount) for p in s.ledger.where(category="chicken")] == [
        (N, E, 4)]
    assert block(s, N)[1] == "  chickens (pays 4 to East (eligible)): " + "; ".join(
        ["1s fixed chicken (幺鸡), melded: 1 [paid: in a concealed kong, which counts as "
         "melded]"] * 4)
    assert block(s, N)[2].endswith("[void: not eligible]")
    # South is not ready too: its held flipped chicken neither earns nor costs
    assert block(s, S)[1] == (
        "  chickens (nothing paid: South is not ready and shows no fixed chicken): 4s flipped "
        "chicken (翻牌鸡), held: 1 [not paid: a flipped chicken, and South is not ready]")
    assert not s.ledger.where(payer=S, category="chicken")


def test_which_chickens_an_ineligible_player_pays() -> None:
    s = run("self_draw_beans")
    assert block(s, W)[1] == ("  chickens (pays 3 to East and South (eligible)): 1s charging "
                              "chicken (冲锋鸡), discarded: 3 [paid: discarded, visible]")
    assert block(s, N)[1] == (
        "  chickens (nothing paid: North is not ready and shows no fixed chicken): 1s fixed "
        "chicken (幺鸡), held: 1 [not paid: held, and North is not ready]")
    assert block(s, E)[2].startswith("  chickens (2, collected from each opponent): ")
    data = s.player(N).as_dict()
    assert data["chicken_notes"] == ["not paid: held, and North is not ready"]
    assert data["chicken_summary"] == ("nothing paid: North is not ready and shows no fixed "
                                       "chicken")


def test_a_ready_hot_discarder_forfeits_its_beans_and_chickens() -> None:
    s = run("hot_discard_golden")
    south = block(s, S)
    assert south[2] == ("  chickens (2, forfeited: South made the hot discard): 1s golden "
                        "chicken (金鸡), held: 2")
    assert south[3] == ("  concealed kong bean (闷豆) (8888m): 2 from West, North, East "
                        "[forfeited: South made the hot discard]")
    assert s.player(S).forfeited and s.player(S).as_dict()["forfeited"] is True
    assert not s.player(E).forfeited and "forfeited" not in str(s.player(E))
    assert block(s, N)[1].startswith(
        "  chickens (pays 8 to East and West (eligible); South pays it for North: the hot "
        "discard): ")


def test_hot_discard_payments_are_one_per_payer_with_the_shares_named() -> None:
    s = run("hot_discard_shares")
    assert [s.net()[seat] for seat in Seat] == [14, -24, 10, 0]
    beans = s.ledger.where(category="bean")
    assert [str(p) for p in beans] == [
        "[bean] South pays East 6 (concealed kong bean (闷豆) (2222s) [hot discard (热炮): "
        "South pays its own, West's and North's shares of 2])"]
    chickens = s.ledger.where(category="chicken")
    assert [(p.payer, p.payee, p.amount) for p in chickens] == [(S, E, 8), (S, W, 8)]
    assert all(p.reason.endswith("[hot discard (热炮): South pays North's share of 8]")
               for p in chickens)
    # one payment per payer, payee and item: no two payments say the same thing
    keys = [(p.payer, p.payee, p.category, p.reason) for p in s.ledger]
    assert len(keys) == len(set(keys))


def test_robbing_is_one_payment_of_the_three_shares() -> None:
    s = run("robbed_kong")
    assert [str(p) for p in s.ledger.where(category="win")] == [
        "[win] South pays East 6 (Plain (平胡) 1 + self-draw 1, robbing South's added kong of "
        "4p (抢杠胡): South pays all three shares of 2 (South's, West's and North's))"]


def test_a_second_winner_is_told_the_tile_counted_for_the_first() -> None:
    s = run("two_winners_liability")
    assert block(s, S)[2] == ("  the winning 1s counts for East only, the first winner after "
                              "North in turn order: it is East's fixed chicken, not South's")
    assert not any("counts for" in line for line in block(s, E))
    assert s.player(S).as_dict()["winning_tile_note"] == block(s, S)[2].strip()


def test_a_ready_non_winners_best_pattern_is_marked_not_used() -> None:
    s = run("self_draw_beans")
    south = s.player(S)
    assert south.potential and not south.pattern_used
    assert block(s, S)[1].endswith(
        "[not used: a ready player's pattern is paid only after an exhaustive draw]")
    assert s.player(E).pattern_used and "not used" not in str(s.player(E))
    draw = run("draw_3_ready")  # the tenpai settlement pays it: no mark
    assert draw.player(W).pattern_used and "not used" not in str(draw.player(W))
    everyone = run("draw_4_ready")
    assert all(not p.pattern_used for p in everyone.players)
    assert "[not used: every player is ready, so only beans settle]" in str(everyone)
    assert south.as_dict()["pattern_used"] is False
