"""The rule numbers the app and the bots read from the engine agree with what the rules do."""

from __future__ import annotations

from peloponnes_tui.cards import load_cards
from peloponnes_tui.engine.numbers import rule_numbers
from peloponnes_tui.simulate import play_game


def test_rule_numbers_follow_the_rulebook_and_the_card_data():
    cards = load_cards()
    n = rule_numbers(cards)
    assert (n.min_players, n.max_players, n.rounds) == (2, 5, 8)
    assert n.coins_for_passing == 3
    assert (n.conquest_surcharge, n.conquest_minimum) == (3, 1)
    assert n.luxury_cap == cards.luxury.cap and n.declined_luxury_cap == cards.luxury.declined_cap
    assert n.luxury_income_from == min(r.inhabitants for r in cards.income if r.luxury)
    assert n.symbols_for_protection == 3
    assert n.leftovers_per_power_point == 6
    assert rule_numbers(cards) is n  # one object per card set


def test_round_piles_are_the_piles_the_rounds_reveal_from():
    cards = load_cards()
    n = rule_numbers(cards)
    assert n.round_piles == ("A", "A", "A", "B", "B", "B", "C", "C")
    assert n.cards_that_move_markers == 2
    for seed in range(5):
        game = play_game(cards, ["random"] * (2 + seed % 4), seed)
        revealed = [e.cards for e in game.log if e.kind == "reveal"]
        assert [{cards.power_by_id[c].pile for c in drawn} for drawn in revealed] == [
            {letter} for letter in n.round_piles]


def test_each_card_set_has_its_own_numbers():
    """The numbers are kept by the card set itself: another card set (here one whose luxury
    cap differs) gets its own, and an equal copy gets equal ones."""
    cards = load_cards()
    other = cards.model_copy(update={"luxury": cards.luxury.model_copy(
        update={"cap": cards.luxury.cap + 4})})
    assert rule_numbers(other).luxury_cap == cards.luxury.cap + 4
    assert rule_numbers(cards).luxury_cap == cards.luxury.cap
    copy = cards.model_copy()
    assert copy is not cards and rule_numbers(copy) == rule_numbers(cards)
