"""The rulings of docs/rulings.md on bidding, paying and income, one test each.

Each test's docstring names the ruling it holds the engine to.
"""

from __future__ import annotations

import pytest
from support import (
    PlacedSpec,
    answer_as,
    bid,
    coins,
    events,
    expect_illegal,
    game_at,
    inhabitants_of,
    pass_,
    power_of,
    said,
    texts,
)

from peloponnes_tui.cards import ROUNDS, load_cards
from peloponnes_tui.engine import (
    MoveBid,
    PayBuilding,
    PlaceBid,
    StartConstruction,
    Withdraw,
)
from peloponnes_tui.simulate import play_game

CARDS = load_cards()


def test_under_construction_building_counts_fully():
    """R2: a building under construction is fully usable: production, inhabitants, power,
    protection and special function all count."""
    uc = [PlacedSpec(card=c, under_construction=True)
          for c in ("market", "barracks", "port", "stonemasons-lodge")]
    # Helena: Sparta (1 stone) and four buildings under construction
    game = game_at(dict(civ="sparta", hand=["grain"] * 3, buildings=uc),
                   dict(civ="tegea", hand=["grain"] * 3),
                   reveal=["well", "quarry", "pasture", "barley-fields", "coast", "granary"],
                   order=[0, 1], quiet_next=True)
    h = game.players[0]
    assert all(x.under_construction for x in h.buildings)
    prompt = game.pending
    assert prompt.bonus_halves == 1             # Market: +½
    assert prompt.discount == 1           # Barracks: conquest row −1
    assert {t.card: t.min_coins for t in prompt.targets}["coast"] == 4
    assert game.protector(h, "decline") == "port"
    tableau = ("sparta", "market", "barracks", "port", "stonemasons-lodge")
    assert game.inhabitants(h) == inhabitants_of(*tableau)
    assert game.power_points(h) == power_of(*tableau)
    # the Lodge's stone pays (with Sparta's) for the Well (2 stone)
    bid(game, 0, "well", 1)
    pass_(game, 1)
    build = game.pending
    assert build.card == "well"
    assert (build.production_stone, build.missing_stone, build.excess) == (2, 0, 0)
    game.answer(PayBuilding())
    # income: the summary card for the inhabitants, +1 for the Port under construction
    income = [e for e in events(game, "income", 0) if not e.data.once]
    assert [e.data.coins for e in income] == [
        CARDS.income_for(inhabitants_of(*tableau)).coins + 1]
    assert "(1 from Port)" in said(game, income[0])


def test_market_bonus_does_not_meet_minimum():
    """R4: the Market/Agora half coin never counts toward a card's minimum bid."""
    game = game_at(dict(civ="sparta", hand=["wood"] * 4),
                   dict(civ="tegea", hand=["grain"] * 4, buildings=["market", "agora"]),
                   reveal=["forest", "river-valley", "pasture", "barley-fields", "coast",
                           "granary"],
                   order=[0, 1], quiet_next=True)
    bid(game, 0, "forest", 1)
    prompt = game.pending
    assert prompt.bonus_halves == 2
    targets = {t.card: t for t in prompt.targets}
    # River Valley (value 3): 2 coin cards count 3 but are still 2 coin cards
    assert (targets["river-valley"].min_coins, targets["river-valley"].need_coins) == (3, 3)
    expect_illegal(game, PlaceBid("river-valley", tuple(game.players[1].hand[:2])),
                   "River Valley needs at least 3 coin cards; you offered 2")
    # the conquest row the same: Coast (value 2) needs 5 coin cards, not 4 counting 5
    assert targets["coast"].need_coins == 5
    expect_illegal(game, PlaceBid("coast", tuple(game.players[1].hand[:4])),
                   "needs at least 5 coin cards in the conquest row")
    # where the minimum is met, the bonus decides: 1 coin card (counting 2) beats Helena's 1
    assert targets["forest"].need_coins == 1
    bid(game, 1, "forest", 1)
    # Helena's 1 fits neither River Valley (3) nor the conquest row: she must take it back
    assert "Helena has nowhere to move the bid and takes it back and draws 3 coin cards." in \
        texts(game, "withdraw")
    assert [x.card for x in game.players[1].landscapes] == ["forest"]


def test_outbid_player_may_move_to_conquest_row():
    """R5: an outbid player may move the unchanged bid to a conquest row card if it meets value
    + 3 (less Barracks/Stockade) and nobody has bid there; it then cannot be beaten."""
    # Leonidas bids first; conquest row: Coast (2 -> 5), River Valley (3 -> 6), Granary (2 -> 5)
    reveal = ["quarry", "forest", "pasture", "coast", "river-valley", "granary"]
    game = game_at(dict(civ="sparta", hand=["wood"] * 6),
                   dict(civ="tegea", hand=["grain"] * 5),
                   dict(civ="corinth", hand=["stone"] * 6),
                   reveal=reveal, order=[1, 2, 0], quiet_next=True)
    bid(game, 1, "quarry", 5)      # Leonidas 5 on Quarry (value 1)
    bid(game, 2, "granary", 5)     # Dimitrios takes Granary in the conquest row
    bid(game, 0, "quarry", 6)      # Helena beats Leonidas
    prompt = game.pending
    assert prompt.player == 1 and prompt.kind == "outbid"
    cards = {t.card: t for t in prompt.targets}
    # Coast (needs 5) is open; River Valley (needs 6) is too dear; Granary already has a bid
    assert set(cards) == {"forest", "pasture", "coast"}
    assert cards["coast"].row == "conquest"
    expect_illegal(game, MoveBid("river-valley"),
                   "River Valley needs at least 6 coin cards in the conquest row (value 3 + 3); "
                   "your bid is 5")
    expect_illegal(game, MoveBid("granary"), "cannot be beaten")
    game.answer(MoveBid("coast"))
    assert "Leonidas moves the bid of 5 to Coast in the conquest row." in texts(game, "move_bid")
    assert [x.card for x in game.players[1].landscapes] == ["coast"]

    # with Barracks, River Valley (3 + 3 − 1 = 5) is in reach of the same bid of 5
    game = game_at(dict(civ="sparta", hand=["wood"] * 6),
                   dict(civ="tegea", hand=["grain"] * 5, buildings=["barracks"]),
                   dict(civ="corinth", hand=["stone"] * 6),
                   reveal=reveal, order=[1, 2, 0], quiet_next=True)
    bid(game, 1, "quarry", 5)
    pass_(game, 2)
    bid(game, 0, "quarry", 6)
    assert "river-valley" in {t.card for t in game.pending.targets}
    game.answer(MoveBid("river-valley"))
    assert [x.card for x in game.players[1].landscapes] == ["river-valley"]


def test_luxury_bid_cards_return_on_withdraw():
    """R20: luxury goods in a bid become coin cards drawn blind; taken back, they go to the hand
    with the others (the luxury goods are spent)."""
    game = game_at(dict(civ="tegea", hand=["wood"], luxury=2),
                   dict(civ="sparta", hand=["stone"] * 4),
                   reveal=["pasture", "forest", "quarry", "barley-fields", "coast", "granary"],
                   order=[0, 1], coins_next=["inhabitants", "grain-2", "stone-2", "wood-2",
                                             "grain"], quiet_next=True)
    own = game.players[0].hand[0]
    pile = game.table.coin_pile
    blind, refill = pile[-1:-3:-1], pile[-3:-6:-1]
    bid(game, 0, "pasture", use=(own,), luxury=2)
    h = game.players[0]
    assert h.bid_coins == [own, *blind] and h.luxury == 0
    assert [CARDS.coins[c].id for c in blind] == ["inhabitants-1", "grain-2"]
    bid(game, 1, "pasture", 4)
    answer_as(game, 0, Withdraw(), "outbid")
    assert h.hand[:6] == [own, *blind, *refill]
    assert h.luxury == 0  # the luxury goods do not come back
    assert h.bid_coins == [] and h.bid_count == 0
    assert "Helena takes the bid back and draws 3 coin cards." in texts(game, "withdraw")
    # a bid is at least one coin card
    game2 = game_at(dict(civ="tegea", hand=["wood"], luxury=2), dict(civ="sparta"),
                    reveal=["pasture", "forest", "quarry", "barley-fields", "coast", "granary"],
                    order=[0, 1], quiet_next=True)
    expect_illegal(game2, PlaceBid("pasture", ()), "Pasture needs at least 1 coin card")


def test_turn_order_ties_keep_order():
    """R26: equal numbers of coin cards keep their previous relative order; passing and taking
    a bid back count 0; the Market/Agora bonus is ignored."""
    # previous order: Dimitrios, Helena, Ariadne, Leonidas
    game = game_at(dict(civ="sparta", hand=["wood"] * 3),
                   dict(civ="tegea", hand=["stone"] * 3),
                   dict(civ="corinth", hand=["grain"] * 3, buildings=["market"]),
                   dict(civ="thebes", hand=["inhabitants"] * 3),
                   reveal=["forest", "quarry", "pasture", "barley-fields", "coast", "granary"],
                   order=[2, 0, 3, 1], quiet_next=True)
    bid(game, 2, "forest", 2)      # Dimitrios 2 (with the Market: 2½)
    bid(game, 0, "quarry", 1)      # Helena 1
    pass_(game, 3)                 # Ariadne passes: 0
    bid(game, 1, "quarry", 2)      # Leonidas 2 beats Helena's 1
    answer_as(game, 0, Withdraw(), "outbid")  # Helena takes it back: 0
    # 2 and 2: Dimitrios stays before Leonidas although his bid counted 2½;
    # 0 and 0: Helena stays before Ariadne
    assert game.order == [2, 1, 0, 3]
    assert texts(game, "turn_order")[0] == \
        "New turn order: Dimitrios (2), Leonidas (2), Helena (0), Ariadne (0)."


def test_forced_decisions():
    """R19: a player who cannot afford any card passes; an outbid player with nowhere to move
    takes the bid back; a won building that can be neither paid nor pledged is lost — each
    automatically, with a log entry and no prompt."""
    # market: Barracks 2, Forest 1, Wheat Fields 2, Olive Grove 2; conquest: Coast 5, Granary 5
    game = game_at(dict(civ="sparta", hand=["grain"] * 2),        # Helena
                   dict(civ="tegea", hand=["stone"]),             # Leonidas
                   dict(civ="messene", hand=[]),                  # Dimitrios: nothing
                   dict(civ="corinth", hand=["wood"] * 2),        # Ariadne
                   reveal=["barracks", "forest", "wheat-fields", "olive-grove", "coast", "granary"],
                   order=[2, 0, 1, 3], coins_next=["inhabitants"] * 3, quiet_next=True)
    # Dimitrios was passed automatically and drew 3 coin cards; Helena is asked first
    assert game.pending.player == 0
    assert "Dimitrios cannot afford any card and passes and draws 3 coin cards." in \
        texts(game, "pass")
    assert [game.coin_resource(c) for c in game.players[2].hand] == ["inhabitants"] * 3
    bid(game, 0, "barracks", 2)    # all of Helena's coin cards
    bid(game, 1, "forest", 1)      # Leonidas' only coin card
    bid(game, 3, "forest", 2)      # Ariadne beats him: his 1 fits nowhere else
    assert "Leonidas has nowhere to move the bid and takes it back and draws 3 coin cards." in \
        texts(game, "withdraw")
    assert not [e for e in game.log if e.kind == "move_bid"]
    # Helena won the Barracks (1 wood, 2 stone) with no coin card, no luxury, 1 stone
    assert "Helena can neither pay for Barracks nor put it under construction: it is lost." in \
        texts(game, "lost")
    assert game.players[0].buildings == [] and "barracks" in game.table.box
    # none of this needed an answer: Helena, Leonidas and Ariadne answered one bid each
    assert len(game.answers) == 3


def test_payment_no_spare_coins():
    """R17: every coin card given must be needed, and luxury goods fill exactly the rest."""
    # Messene produces no stone; Cyclopean Masonry costs 4 stone
    game = game_at(dict(civ="messene", hand=["grain"] * 3 + ["stone-2", "stone-2", "stone"],
                        luxury=3),
                   dict(civ="tegea", hand=["grain"]),
                   reveal=["cyclopean-masonry", "forest", "pasture", "barley-fields", "coast",
                           "granary"], order=[0, 1], quiet_next=True)
    bid(game, 0, "cyclopean-masonry", use=coins(game, 0, "grain"))
    pass_(game, 1)
    assert game.pending.missing_stone == 4
    two = coins(game, 0, "stone", 2)
    (one,) = coins(game, 0, "stone", 1)
    expect_illegal(game, PayBuilding((*two, one)),
                   "you give more stone coin cards than the 4 stone missing")
    expect_illegal(game, PayBuilding((*two,), 1), "no luxury goods are needed")
    expect_illegal(game, PayBuilding((two[0], one), 0), "1 more wood/stone is missing")
    expect_illegal(game, PayBuilding((two[0], one), 2), "only 1 luxury good needed, not 2")
    expect_illegal(game, PayBuilding((), 3), "4 more wood/stone is missing")
    game.answer(PayBuilding((two[0], one), 1))
    h = game.players[0]
    assert h.luxury == 2
    assert two[1] in h.hand
    assert [x.card for x in h.buildings] == ["cyclopean-masonry"]


def test_coins_run_out():
    """R18: with the coin pile and the discard pile both empty, draws take what there is and
    stop; luxury goods cannot be traded for coin cards that do not exist."""
    # all 72 coin cards are in the two hands
    game = game_at(dict(civ="sparta", hand=["wood"] * 18 + ["stone"] * 18, luxury=2),
                   dict(civ="corinth", hand=["grain"] * 20 + ["inhabitants"] * 16),
                   reveal=["forest", "quarry", "pasture", "barley-fields", "coast", "granary"],
                   order=[0, 1], quiet_next=True)
    t = game.table
    assert t.coin_pile == [] and t.discard == []
    prompt = game.pending
    assert prompt.luxury_usable == 0
    expect_illegal(game, PlaceBid("forest", (), luxury=1),
                   "only 0 coin cards are left to draw for luxury goods")
    hand = list(game.players[0].hand)
    pass_(game, 0)
    assert game.players[0].hand[:36] == hand
    assert "Helena passes and draws 0 coin cards." in texts(game, "pass")
    assert "The coin cards have run out: nothing more to draw." in texts(game, "coins_out")
    bid(game, 1, "forest", 2)
    # Leonidas' 2 coin cards went to the discard pile; his income (Corinth 2 + Forest 1 = 3
    # inhabitants: 2 coin cards) reshuffles and takes both; Helena's income finds nothing.
    leo_income, hel_income = (
        [e for e in events(game, "income", s) if not e.data.once] for s in (1, 0))
    assert [e.data.coins for e in leo_income] == [2]
    assert [e.data.coins for e in hel_income] == [0]
    assert len(game.players[0].hand) == 36
    assert len(game.players[1].hand) == 36
    assert t.coin_pile == [] and t.discard == []


def test_eight_incomes_in_a_game():
    """R6: the eighth round's income is the final income; then comes the final supply, and
    there is no ninth income."""
    game = play_game(CARDS, ["random"] * 3, seed=5)
    assert game.over
    incomes = [e for e in game.log if e.kind == "income" and not e.data.once]
    for seat in range(3):
        mine = [e for e in incomes if e.player == seat]
        assert [e.round for e in mine] == list(range(1, ROUNDS + 1))
        assert [e for e in mine if "(final income)" in said(game, e)] == [mine[-1]]
    final = [e for e in game.log if e.kind == "supply" and said(game, e).startswith("Final supply")]
    assert len(final) == 1
    assert max(e.seq for e in incomes) < final[0].seq
    between = [e.kind for e in game.log if incomes[-1].seq < e.seq < final[0].seq]
    assert set(between) <= {"luxury"}  # at most the last player's luxury income
    after = [e.kind for e in game.log if e.seq > final[0].seq]
    assert "income" not in after and "reveal" not in after and "bid" not in after
    assert after.index("score") > 0
    assert game.round == ROUNDS


def test_luxury_card_inhabitants_not_counted_for_income():
    """R7: the luxury card's 2 inhabitants count only at scoring, never for income."""
    # Helena: Sparta alone (2 more with the luxury card would draw more coin cards).
    # Leonidas: Tegea 2 + Vineyard 2 + Goat Pasture 2 + Hill Country 2 + Orchards 1 = 9.
    spec_l = dict(civ="tegea", hand=["grain"],
                  landscapes=["vineyard", "goat-pasture", "hill-country", "orchards"])
    game = game_at(dict(civ="sparta", hand=["wood"]), spec_l,
                   reveal=["forest", "quarry", "pasture", "barley-fields", "coast", "granary"],
                   order=[0, 1], quiet_next=True)
    h, leo = game.players
    n = inhabitants_of("sparta")
    assert game.inhabitants(h) == n and h.luxury_state == "active"
    assert game.inhabitants(leo) == 9  # 11 with the luxury card would give a luxury good
    pass_(game, 0)
    pass_(game, 1)
    coins_drawn = {s: [e.data.coins for e in events(game, "income", s)] for s in (0, 1)}
    assert coins_drawn == {0: [CARDS.income_for(n).coins], 1: [CARDS.income_for(9).coins]}
    assert CARDS.income_for(n).coins != CARDS.income_for(n + 2).coins
    assert CARDS.income_for(11).luxury > 0
    assert events(game, "luxury") == []
    assert leo.luxury == 0


@pytest.mark.parametrize(("how", "gets"), [
    ("pay", True), ("construct", True), ("lost", False)])
def test_one_time_income_only_for_kept_cards(how, gets):
    """R25: one-time income comes in the income phase of the round the card is gained, before
    the round income; a building lost yields none."""
    # Treasury of Atreus: costs 1 wood 4 stone, one-time income 2 coin cards
    # Sparta produces 1 stone: 1 wood and 3 stone are missing
    hand = {"pay": ["wood", "stone", "stone-2"], "construct": ["grain"],
            "lost": []}[how]
    game = game_at(dict(civ="sparta", hand=["inhabitants"] * 5 + hand),
                   dict(civ="tegea", hand=["grain"]),
                   reveal=["treasury-of-atreus", "forest", "pasture", "barley-fields", "coast",
                    "granary"], order=[0, 1], quiet_next=True)
    bid(game, 0, "treasury-of-atreus", use=coins(game, 0, "inhabitants"))
    pass_(game, 1)
    if how == "pay":
        game.answer(PayBuilding(tuple(coins(game, 0, "wood") + coins(game, 0, "stone"))))
    elif how == "construct":
        game.answer(StartConstruction(game.players[0].hand[0]))
    else:
        assert "it is lost" in texts(game, "lost")[0]
    inc = events(game, "income", 0)
    n = inhabitants_of("sparta")
    round_income = f"Helena has {n} inhabitants and draws {CARDS.income_for(n).coins} coin card"
    if gets:
        assert said(game, inc[0]) == \
            "Helena draws 2 coin cards, the one-time income of Treasury of Atreus."
        assert said(game, inc[1]).startswith(round_income)
        assert len(inc) == 2
    else:
        assert len(inc) == 1 and said(game, inc[0]).startswith(round_income)
    assert game.players[0].won == []


def test_cards_are_gained_in_the_new_turn_order():
    """R32: the cards are taken up 'at the same time'; the engine settles them one player after
    another in the new turn order, which only decides the order of blind draws and prompts."""
    game = game_at(dict(civ="sparta", hand=["grain", "grain"]),
                   dict(civ="tegea", hand=["grain", "grain", "grain"]),
                   reveal=["granary", "sawmill", "pasture", "barley-fields", "coast", "forest"],
                   order=[0, 1], quiet_next=True)
    bid(game, 0, "sawmill", use=coins(game, 0, "grain")[:1])
    bid(game, 1, "granary", use=coins(game, 1, "grain")[:2])
    # seat 1 bid more, so it now goes first and is asked about its building first
    assert list(game.order) == [1, 0]
    assert game.pending.kind == "build" and game.pending.player == 1
    game.answer(StartConstruction(game.players[1].hand[0]))
    assert game.pending.kind == "build" and game.pending.player == 0
    game.answer(StartConstruction(game.players[0].hand[0]))
    gained = [e.player for e in game.log if e.kind == "construction"]
    assert gained == [1, 0]
