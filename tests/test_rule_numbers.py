"""The rule numbers the app and the bots read from the engine agree with what the rules do."""

from __future__ import annotations

from peloponnes_tui.cards import load_cards
from peloponnes_tui.cli import PLAYERS
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
    assert (n.min_players, n.max_players) == PLAYERS  # the command line's own copy
    assert (n.extra_income_per_card, n.bid_bonus_halves_per_card,
            n.conquest_discount_per_card) == (1, 1, 1)


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


def test_texts_take_their_numbers_from_the_engine(monkeypatch):
    """``cards check``, the card texts, the help and the narrator write no rule number of their
    own: with other numbers in the engine they say those."""
    import peloponnes_tui.engine.numbers as numbers
    from peloponnes_tui.card_text import function_text
    from peloponnes_tui.cards_report import _legend, _pile_rounds
    from peloponnes_tui.demo.narrator import rules
    from peloponnes_tui.engine import Event
    from peloponnes_tui.engine.log import IncomeData
    from peloponnes_tui.log_text import event_text
    from peloponnes_tui.tui.screens.help import phase_help

    for name, value in (("CONQUEST_SURCHARGE", 4), ("EXTRA_INCOME_PER_CARD", 2),
                        ("BID_BONUS_HALVES_PER_CARD", 3), ("CONQUEST_DISCOUNT_PER_CARD", 2)):
        monkeypatch.setattr(numbers, name, value)
    cards = load_cards().model_copy()  # a card set of its own: its numbers are worked out anew
    assert "(+4 in the conquest row)" in _legend(cards)
    assert [_pile_rounds(cards, p) for p in "ABC"] == ["rounds 1-3", "rounds 4-6", "rounds 7-8"]
    assert [function_text(f, cards) for f in ("coin_income", "bid_bonus", "conquest_discount")
            ] == ["+2 coin cards each income", "bids count +1½", "conquest row −2"]
    assert "your bids count 1½ coins more" in phase_help(cards)["bidding"]
    assert "(Barracks and Stockade take two off each)" in rules(cards)["bid"]
    income = Event(0, 3, "income", IncomeData(5, False, 4, ("port",), False), 0)
    assert "(2 from Port)" in event_text(income, cards, ["Helena"])
