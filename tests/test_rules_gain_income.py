"""Rules tests: gaining power cards (paying, construction, luxury from excess production), income,
and the coin pile.

Each test sets up the exact situation with a Position and checks the exact outcome.
"""

from __future__ import annotations

from collections import Counter

import pytest
from support import (
    PlacedSpec,
    answer_as,
    backs,
    bid,
    cards_with,
    coins,
    events,
    expect_illegal,
    game_at,
    income_of,
    inhabitants_of,
    pass_,
    said,
    texts,
)

from peloponnes_tui.cards import load_cards
from peloponnes_tui.engine import (
    BuildPrompt,
    Game,
    GiveUpBuilding,
    Pass,
    PayBuilding,
    PlaceBid,
    StartConstruction,
)
from peloponnes_tui.prompt_text import prompt_text

CARDS = load_cards()


def duel(helena: dict, leonidas: dict | None = None, *, market=("forest", "quarry"),
         conquest=("pasture", "barley-fields", "coast", "granary"), **kw) -> Game:
    """Two players: Helena (seat 0) bids first, Leonidas (seat 1) second."""
    leonidas = leonidas if leonidas is not None else dict(civ="tegea", hand=["grain"])
    return game_at(helena, leonidas, reveal=[*market, *conquest], order=[0, 1], quiet_next=True,
                   **kw)


def win(game: Game, card: str, n: int | None = None, use=None, luxury: int = 0) -> None:
    """Helena bids on ``card``; Leonidas passes; the game goes on to Helena's card."""
    bid(game, 0, card, n, use=use, luxury=luxury)
    pass_(game, 1)


def income_coins(game: Game, seat: int) -> list[int]:
    """Coin cards drawn as round income (the data of the income event)."""
    return [e.data.coins for e in events(game, "income", seat) if not e.data.once]


def luxury_gained(game: Game, seat: int) -> list[int]:
    return [e.data.gained for e in events(game, "luxury", seat)]


def coin_cards(n: int) -> str:
    return f"{n} coin card" + ("" if n == 1 else "s")


def goods(n: int) -> str:
    return f"{n} luxury good" + ("" if n == 1 else "s")


def inhabitants_word(n: int) -> str:
    return f"{n} inhabitant" + ("" if n == 1 else "s")


def coin_places(game: Game) -> Counter[int]:
    t = game.table
    out = [c for p in game.players for c in p.hand + p.bid_coins] + t.coin_pile + t.discard
    for p in game.players:
        out += [c for x in p.placed() for c in (x.pledge, x.cover) if c is not None]
        out += [c for c in (p.civ_cover, p.luxury_cover) if c is not None]
    return Counter(out)


# ---------------------------------------------------------------------------------------------
# 5. Gain power cards: where they go


def test_landscapes_go_right_of_the_civilization_in_order():
    game = duel(dict(civ="sparta", hand=["wood"] * 2, landscapes=["pasture"]),
                conquest=("barley-fields", "coast", "granary", "well"))
    win(game, "forest", 1)
    h = game.players[0]
    assert [x.card for x in h.landscapes] == ["pasture", "forest"]
    assert h.buildings == []
    assert "Helena adds the landscape Forest." in texts(game, "gain")


def test_buildings_go_left_of_the_civilization_in_order():
    # Sparta produces 1 stone: the Sawmill (1 stone) is paid from production
    game = duel(dict(civ="sparta", hand=["wood"] * 2, buildings=["well"]),
                market=("sawmill", "quarry"))
    win(game, "sawmill", 1)
    assert isinstance(game.pending, BuildPrompt)
    answer_as(game, 0, PayBuilding(), "build")
    h = game.players[0]
    assert [x.card for x in h.buildings] == ["well", "sawmill"]  # the newest is leftmost
    assert h.landscapes == []
    assert "Helena builds Sawmill from production." in texts(game, "build")


def test_winning_bid_coins_go_to_the_face_up_discard_pile():
    game = duel(dict(civ="sparta", hand=["wood", "stone", "grain"]))
    used = bid(game, 0, "forest", 2)
    pass_(game, 1)
    assert set(used) <= set(game.table.discard)
    assert not set(used) & set(game.players[0].hand)
    assert game.players[0].bid_coins == []
    view = game.view_for(1)
    assert set(used) <= set(view.discard)  # the discard pile lies face up
    assert sorted(coin_places(game)) == list(range(72))


# ---------------------------------------------------------------------------------------------
# Paying for buildings


def test_building_paid_from_production_alone_and_excess_becomes_luxury():
    # Arcadia (1 wood, 1 stone) + Limestone Hills (1 wood, 2 stone): 2 wood, 3 stone.
    # Agora costs 1 wood and 2 stone: 1 wood + 1 stone are left over -> 2 luxury goods.
    game = duel(dict(civ="arcadia", hand=["grain"] * 3, landscapes=["limestone-hills"]),
                market=("agora", "quarry"))
    win(game, "agora", 2)
    prompt = game.pending
    assert (prompt.cost_wood, prompt.cost_stone) == (1, 2)
    assert (prompt.production_wood, prompt.production_stone) == (2, 3)
    assert (prompt.missing_wood, prompt.missing_stone, prompt.excess) == (0, 0, 2)
    assert prompt.can_pay and prompt.can_construct
    game.answer(PayBuilding())
    h = game.players[0]
    assert [x.card for x in h.buildings] == ["agora"] and not h.buildings[0].under_construction
    assert h.luxury == 2
    assert "Helena gains 2 luxury goods for excess production." in texts(game, "luxury")


def test_leonidas_first_example_pays_three_stone_and_gains_two_luxury():
    # "Leonidas produces 1 stone and 2 wood. His newly-acquired building costs 4 stone to build.
    # He pays the 3 missing stone from his hand and obtains 2 luxury goods for the excess wood."
    # Sparta (1 stone) + Forest (2 wood); Cyclopean Masonry costs 4 stone.
    game = duel(dict(civ="olympia", hand=["grain"] * 3), dict(
        civ="sparta", hand=["stone"] * 3 + ["grain"] * 3, landscapes=["forest"]),
        market=("quarry", "cyclopean-masonry"), conquest=("pasture", "barley-fields", "coast",
                                                          "granary"))
    pass_(game, 0)
    bid(game, 1, "cyclopean-masonry", use=coins(game, 1, "grain"))
    prompt = game.pending
    assert prompt.player == 1 and prompt.card == "cyclopean-masonry"
    assert (prompt.cost_wood, prompt.cost_stone) == (0, 4)
    assert (prompt.production_wood, prompt.production_stone) == (2, 1)
    assert (prompt.missing_wood, prompt.missing_stone, prompt.excess) == (0, 3, 2)
    stones = coins(game, 1, "stone")
    assert len(stones) == 3
    game.answer(PayBuilding(tuple(stones)))
    leo = game.players[1]
    assert leo.luxury == 2
    assert not set(stones) & set(leo.hand)
    assert set(stones) <= set(game.table.discard)
    assert "Leonidas builds Cyclopean Masonry paying 3 coin cards beside production." in \
        texts(game, "build")
    assert "Leonidas gains 2 luxury goods for excess production." in texts(game, "luxury")


LEONIDAS_2 = dict(civ="messene", landscapes=["forest", "oak-forest", "quarry"])  # 4 wood, 2 stone


def leonidas_second_example(luxury: int, hand: list[str]) -> Game:
    # "Leonidas produces 2 stone and 4 wood. His newly-acquired building costs 5 wood to build."
    # No card costs exactly 5 wood, so the Stockade is changed to cost 5 wood for this test.
    cards = cards_with(stockade={"cost": {"wood": 5, "stone": 0}})
    game = game_at(dict(civ="olympia", hand=["grain"]),
                   dict(LEONIDAS_2, luxury=luxury, hand=["grain"] * 2 + hand),
                   reveal=["pasture", "stockade", "barley-fields", "coast", "granary", "well"],
                   order=[0, 1], cards=cards, quiet_next=True)
    pass_(game, 0)
    bid(game, 1, "stockade", use=coins(game, 1, "grain"))
    prompt = game.pending
    assert prompt.card == "stockade" and (prompt.cost_wood, prompt.cost_stone) == (5, 0)
    assert (prompt.production_wood, prompt.production_stone) == (4, 2)
    assert (prompt.missing_wood, prompt.missing_stone, prompt.excess) == (1, 0, 2)
    return game


def test_leonidas_second_example_pays_with_luxury_and_gains_none():
    # "He uses a luxury good to pay for the missing wood. He does not obtain 2 luxury goods
    # for the excess stone."
    game = leonidas_second_example(luxury=3, hand=[])
    game.answer(PayBuilding((), 1))
    leo = game.players[1]
    assert leo.luxury == 2
    assert [x.card for x in leo.buildings] == ["stockade"]
    assert not leo.buildings[0].under_construction
    assert "Leonidas builds Stockade paying 1 luxury good beside production." in \
        texts(game, "build")
    assert luxury_gained(game, 1) == []


def test_leonidas_second_example_with_a_wood_coin_gains_the_excess():
    # the contrast: paying the missing wood with a coin card keeps the luxury for the stone
    game = leonidas_second_example(luxury=3, hand=["wood"])
    game.answer(PayBuilding(tuple(coins(game, 1, "wood")), 0))
    assert game.players[1].luxury == 5
    assert luxury_gained(game, 1) == [2]


def test_the_new_buildings_own_production_does_not_count():
    # Messene produces no wood or stone.  The Stonemason's Lodge costs 1 wood and produces
    # 1 stone: its stone neither pays for it nor counts as excess.
    game = duel(dict(civ="messene", hand=["grain", "wood"]), market=("stonemasons-lodge",
                                                                      "quarry"))
    win(game, "stonemasons-lodge", use=coins(game, 0, "grain"))
    prompt = game.pending
    assert (prompt.production_wood, prompt.production_stone) == (0, 0)
    assert (prompt.missing_wood, prompt.missing_stone, prompt.excess) == (1, 0, 0)
    expect_illegal(game, PayBuilding(), "1 more wood/stone is missing")
    game.answer(PayBuilding(tuple(coins(game, 0, "wood"))))
    assert game.players[0].luxury == 0
    assert game.production(game.players[0], "stone") == 1  # from now on it produces


def test_paying_mixes_coin_cards_and_luxury_goods():
    # Agora costs 1 wood 2 stone; Messene produces none: 1 wood coin, 1 stone coin, 1 luxury
    game = duel(dict(civ="messene", hand=["grain"] * 2 + ["wood", "stone"], luxury=2),
                market=("agora", "quarry"))
    win(game, "agora", use=coins(game, 0, "grain"))
    prompt = game.pending
    assert (prompt.missing_wood, prompt.missing_stone) == (1, 2)
    pay = tuple(coins(game, 0, "wood") + coins(game, 0, "stone"))
    expect_illegal(game, PayBuilding(pay, 0), "1 more wood/stone is missing")
    expect_illegal(game, PayBuilding(pay, 2), "only 1 luxury good needed, not 2")
    game.answer(PayBuilding(pay, 1))
    h = game.players[0]
    assert h.luxury == 1 and not set(pay) & set(h.hand)
    assert [x.card for x in h.buildings] == ["agora"]
    assert set(pay) <= set(game.table.discard)


def test_a_two_resource_coin_pays_two():
    game = duel(dict(civ="messene", hand=["grain"] * 2 + ["stone-2"]), market=("well", "quarry"))
    win(game, "well", 1)
    assert game.pending.missing_stone == 2
    (two,) = coins(game, 0, "stone")
    assert game.coin_amount(two) == 2
    game.answer(PayBuilding((two,)))
    assert [x.card for x in game.players[0].buildings] == ["well"]


def test_a_building_under_construction_contributes_its_production_to_paying():
    # Sawmill (1 wood) under construction pays the wood of the Stonemason's Lodge
    game = duel(dict(civ="messene", hand=["grain"] * 2,
                     buildings=[PlacedSpec(card="sawmill", under_construction=True)]),
                market=("stonemasons-lodge", "quarry"))
    win(game, "stonemasons-lodge", 1)
    prompt = game.pending
    assert (prompt.production_wood, prompt.missing_wood, prompt.excess) == (1, 0, 0)
    game.answer(PayBuilding())
    assert [x.card for x in game.players[0].buildings] == ["sawmill", "stonemasons-lodge"]


def test_covered_cards_do_not_produce_for_paying():
    game = duel(dict(civ="messene", hand=["grain"] * 2 + ["wood"],
                     landscapes=[PlacedSpec(card="forest", covered_by="tempest")]),
                market=("stonemasons-lodge", "quarry"))
    win(game, "stonemasons-lodge", 1)
    assert (game.pending.production_wood, game.pending.missing_wood) == (0, 1)


# ---------------------------------------------------------------------------------------------
# Construction, giving up, losing


def test_start_construction_with_a_coin_card_from_the_hand():
    game = duel(dict(civ="messene", hand=["grain"] * 4), market=("cyclopean-masonry", "quarry"))
    win(game, "cyclopean-masonry", 3)
    prompt = game.pending
    assert not prompt.can_pay and prompt.can_construct
    (pledge,) = game.players[0].hand
    expect_illegal(game, PayBuilding(), "you cannot pay for this building")
    game.answer(StartConstruction(pledge))
    h = game.players[0]
    assert pledge not in h.hand
    assert [(x.card, x.pledge) for x in h.buildings] == [("cyclopean-masonry", pledge)]
    assert h.buildings[0].under_construction
    assert pledge not in game.table.discard
    assert "Helena puts Cyclopean Masonry under construction." in texts(game, "construction")


def test_start_construction_by_choice_even_when_payable_gives_no_luxury():
    # Arcadia + Limestone Hills could pay Agora with 2 excess; a player may still pledge
    game = duel(dict(civ="arcadia", hand=["grain"] * 3, landscapes=["limestone-hills"]),
                market=("agora", "quarry"))
    win(game, "agora", 2)
    assert game.pending.can_pay
    game.answer(StartConstruction(game.players[0].hand[0]))
    assert game.players[0].luxury == 0 and luxury_gained(game, 0) == []
    assert game.players[0].buildings[0].under_construction


def test_start_construction_with_a_coin_card_drawn_for_a_luxury_good():
    # Leonidas's pass draws the first three coin cards; the blind draw takes the fourth
    game = duel(dict(civ="messene", hand=["grain"] * 3, luxury=1),
                market=("cyclopean-masonry", "quarry"),
                coins_next=["wood", "wood", "wood", "inhabitants"])
    win(game, "cyclopean-masonry", 3)
    prompt = game.pending
    assert prompt.hand == () and prompt.luxury_usable == 1 and prompt.can_construct
    assert not prompt.can_pay  # 4 stone missing, 1 luxury good
    expect_illegal(game, StartConstruction(5), "that coin card is not in your hand")
    drawn = game.table.coin_pile[-1]
    game.answer(StartConstruction(None))
    h = game.players[0]
    assert h.luxury == 0
    assert h.buildings[0].pledge == drawn and game.coin_resource(drawn) == "inhabitants"
    assert "Helena puts Cyclopean Masonry under construction with a coin card drawn for a " \
        "luxury good." in texts(game, "construction")


def test_start_construction_without_luxury_needs_a_coin_card():
    game = duel(dict(civ="messene", hand=["grain"] * 4), market=("cyclopean-masonry", "quarry"))
    win(game, "cyclopean-masonry", 3)
    expect_illegal(game, StartConstruction(None), "you have no luxury good to trade")


def test_a_building_that_can_be_put_under_construction_cannot_be_given_up():
    """R34: losing a won building is the fallback when neither paying nor a pledge is possible
    (EN: "lost if you have neither the resources nor a coin card"; DE: "Kann er weder ... noch
    ..., ist das Gebäude verloren"), not a choice."""
    game = duel(dict(civ="messene", hand=["grain"] * 4), market=("cyclopean-masonry", "quarry"))
    win(game, "cyclopean-masonry", 3)
    prompt = game.pending
    assert isinstance(prompt, BuildPrompt) and not prompt.can_pay and prompt.can_construct
    expect_illegal(game, GiveUpBuilding(),
                   "Cyclopean Masonry can be put under construction, so it cannot be given up")
    assert prompt_text(prompt, game.cards) == (
        "You won Cyclopean Masonry (costs 0 wood, 4 stone). Pay for it now, or put it under "
        "construction with a coin card.")


def test_a_building_that_can_be_paid_for_cannot_be_given_up():
    game = duel(dict(civ="messene", hand=["grain"] * 4, luxury=10),
                market=("cyclopean-masonry", "quarry"))
    win(game, "cyclopean-masonry", 3)
    prompt = game.pending
    assert isinstance(prompt, BuildPrompt) and prompt.can_pay
    expect_illegal(game, GiveUpBuilding(), "can be paid for, so it cannot be given up")


def test_building_lost_when_neither_payment_nor_pledge_is_possible():
    game = duel(dict(civ="messene", hand=["grain"] * 3), market=("cyclopean-masonry", "quarry"))
    bid(game, 0, "cyclopean-masonry", 3)
    pass_(game, 1)
    # no prompt: the building is lost at once
    assert not any(e.kind == "build" for e in game.log)
    assert game.players[0].buildings == []
    assert "cyclopean-masonry" in game.table.box
    assert "Helena can neither pay for Cyclopean Masonry nor put it under construction: it is " \
        "lost." in texts(game, "lost")


def test_illegal_payments_are_refused():
    game = duel(dict(civ="messene", hand=["grain"] * 2 + ["wood", "wood", "stone", "stone-2"],
                     luxury=1), market=("agora", "quarry"))
    win(game, "agora", use=coins(game, 0, "grain"))
    wood = coins(game, 0, "wood")
    s1 = coins(game, 0, "stone", 1)
    s2 = coins(game, 0, "stone", 2)
    expect_illegal(game, PayBuilding((wood[0], wood[1], *s2)),
                   "you give more wood coin cards than the 1 wood missing")
    expect_illegal(game, PayBuilding((wood[0], *s1, *s2)),
                   "you give more stone coin cards than the 2 stone missing")
    expect_illegal(game, PayBuilding((wood[0], 999)), "coin card 999 is not in your hand")
    expect_illegal(game, PayBuilding((wood[0], wood[0], *s2)), "named twice")
    expect_illegal(game, PayBuilding((wood[0],), 2), "you have only 1 luxury good")
    expect_illegal(game, PayBuilding((wood[0], *s2), -1), "whole number")
    expect_illegal(game, PlaceBid("forest", ()), "must answer with pay building or start "
                   "construction")
    expect_illegal(game, Pass(), "must answer with pay building")
    game.answer(PayBuilding((wood[0], *s2)))
    assert [x.card for x in game.players[0].buildings] == ["agora"]


def test_payment_may_overshoot_with_a_single_needed_card():
    """R17: a 2-stone coin card for 1 missing stone is needed (no smaller card does it)."""
    game = game_at(dict(civ="sparta", hand=["grain"] * 2 + ["stone-2"]),
                   dict(civ="tegea", hand=["grain"]),
                   reveal=["well", "forest", "pasture", "barley-fields", "coast", "granary"],
                   order=[0, 1], quiet_next=True)
    bid(game, 0, "well", use=coins(game, 0, "grain")[:1])
    pass_(game, 1)
    assert game.pending.missing_stone == 1
    game.answer(PayBuilding(tuple(coins(game, 0, "stone"))))
    assert [x.card for x in game.players[0].buildings] == ["well"]
    assert game.players[0].luxury == 0


def test_coin_cards_of_a_resource_not_missing_are_refused():
    # production pays everything: paying from the hand to gain luxury is not allowed
    game = duel(dict(civ="arcadia", hand=["grain"] * 2 + ["stone"], luxury=1,
                     landscapes=["limestone-hills"]),
                market=("agora", "quarry"))
    win(game, "agora", use=coins(game, 0, "grain"))
    expect_illegal(game, PayBuilding(tuple(coins(game, 0, "stone"))),
                   "shows stone, which is not missing")
    expect_illegal(game, PayBuilding((), 1), "no luxury goods are needed")


# ---------------------------------------------------------------------------------------------
# Luxury goods from excess production: caps


@pytest.mark.parametrize(("state", "before", "after", "note"), [
    ("active", 16, 17, " (capped at 17)"),
    ("active", 14, 16, ""),
    ("covered", 2, 3, " (capped at 3)"),
    ("removed", 0, 0, " (no luxury card left)"),
])
def test_luxury_from_excess_production_is_capped(state, before, after, note):
    # Arcadia + Limestone Hills: 2 excess on the Agora
    game = duel(dict(civ="arcadia", hand=["grain"] * 2, landscapes=["limestone-hills"],
                     luxury=before, luxury_state=state),
                market=("agora", "quarry"))
    win(game, "agora", 2)
    game.answer(PayBuilding())
    h = game.players[0]
    assert h.luxury == after
    text = texts(game, "luxury")[0]
    assert text == f"Helena gains {goods(after - before)} for excess production{note}."


# ---------------------------------------------------------------------------------------------
# 6. Income


def tableau_with(inhabitants: int) -> dict:
    """A player spec with exactly this many inhabitants (civilization + landscapes, no grain
    needed since there is no supply)."""
    if inhabitants == 0:
        return dict(civ="arcadia", civ_state="removed", hand=["wood"])
    pool = [c for c in CARDS.power_cards if c.kind == "landscape" and c.inhabitants
            and not c.supply and c.id not in ("forest", "quarry")]
    pool.sort(key=lambda c: -c.inhabitants)
    left, chosen = inhabitants - 1, []  # Arcadia has 1 inhabitant
    for c in pool:
        if c.inhabitants <= left:
            chosen.append(c.id)
            left -= c.inhabitants
    assert left == 0
    return dict(civ="arcadia", landscapes=chosen, hand=["wood"])


INCOME_CASES = sorted({n for row in CARDS.income for n in (row.inhabitants, row.inhabitants + 1,
                                                           max(0, row.inhabitants - 1))}
                      | {19})


@pytest.mark.parametrize("inhabitants", INCOME_CASES)
def test_income_follows_the_summary_card(inhabitants):
    row = CARDS.income_for(inhabitants)
    game = duel(tableau_with(inhabitants), market=("forest", "quarry"),
                conquest=("well", "sawmill", "stonemasons-lodge", "granary"))
    h = game.players[0]
    assert game.inhabitants(h) == inhabitants
    pass_(game, 0)
    pass_(game, 1)
    assert income_coins(game, 0) == [row.coins]
    assert len(h.hand) == 1 + 3 + row.coins
    assert texts(game, "income")[0] == \
        f"Helena has {inhabitants_word(inhabitants)} and draws {coin_cards(row.coins)}."
    assert luxury_gained(game, 0) == ([row.luxury] if row.luxury else [])
    if row.luxury:
        assert f"for {inhabitants} inhabitants" in texts(game, "luxury")[0]


def test_income_table_values():
    # the designed summary card (cards.yaml, version 2): 0-2: 2, 3-4: 3, 5-6: 4, 7-8: 5, 9+: 6
    # coin cards; 11-12: +1, 13-14: +2, 15+: +3 luxury goods
    table = {n: (CARDS.income_for(n).coins, CARDS.income_for(n).luxury) for n in range(0, 18)}
    assert [table[n] for n in (0, 2, 3, 4, 5, 7, 9, 10, 11, 12, 13, 15, 17)] == [
        (2, 0), (2, 0), (3, 0), (3, 0), (4, 0), (5, 0), (6, 0), (6, 0), (6, 1), (6, 1), (6, 2),
        (6, 3), (6, 3)]


def test_income_luxury_respects_the_cap():
    spec = tableau_with(15)
    game = duel(dict(spec, luxury=16), market=("forest", "quarry"),
                conquest=("well", "sawmill", "stonemasons-lodge", "granary"))
    pass_(game, 0)
    pass_(game, 1)
    assert game.players[0].luxury == 17
    assert "Helena gains 1 luxury good for 15 inhabitants (capped at 17)." in texts(game,
                                                                                 "luxury")


@pytest.mark.parametrize(("buildings", "extra", "source"), [
    (["port"], 1, "Port"),
    (["temple-of-apollo"], 1, "Temple of Apollo"),
    (["port", "temple-of-apollo"], 2, "Port and Temple of Apollo"),
    ([PlacedSpec(card="port", under_construction=True)], 1, "Port"),
    ([PlacedSpec(card="port", covered_by="earthquake"), "temple-of-apollo"], 1,
     "Temple of Apollo"),
])
def test_port_and_temple_of_apollo_each_add_a_coin_card(buildings, extra, source):
    game = duel(dict(civ="sparta", hand=["wood"], buildings=buildings),
                market=("forest", "quarry"),
                conquest=("well", "sawmill", "stonemasons-lodge", "granary"))
    h = game.players[0]
    inhabitants = game.inhabitants(h)
    base = CARDS.income_for(inhabitants).coins
    pass_(game, 0)
    pass_(game, 1)
    assert income_coins(game, 0) == [base + extra]
    assert f"draws {coin_cards(base + extra)} ({extra} from {source})" in \
        texts(game, "income")[0]


def test_one_time_income_coin_cards_come_before_the_round_income():
    # Coast: one-time income of 3 coin cards
    game = duel(dict(civ="sparta", hand=["wood"] * 5),
                market=("quarry", "forest"),
                conquest=("coast", "pasture", "granary", "well"))
    bid(game, 0, "coast", 5)
    pass_(game, 1)
    h = game.players[0]
    assert [x.card for x in h.landscapes] == ["coast"]
    inc = events(game, "income", 0)
    assert said(game, inc[0]) == "Helena draws 3 coin cards, the one-time income of Coast."
    n = inhabitants_of("sparta")
    assert said(game, inc[1]) == f"Helena has {n} inhabitants and draws {coin_cards(income_of(n))}."
    assert len(h.hand) == 3 + income_of(n)
    # once only: in the next round's income Coast gives nothing more
    assert h.won == []


def test_one_time_income_luxury_goods():
    # Olive Grove: one-time income of 2 luxury goods
    game = duel(dict(civ="sparta", hand=["wood"] * 2, luxury=1),
                market=("olive-grove", "quarry"))
    win(game, "olive-grove", 2)
    assert game.players[0].luxury == 3
    assert "Helena gains 2 luxury goods for the one-time income of Olive Grove." in \
        texts(game, "luxury")


# ---------------------------------------------------------------------------------------------
# The coin pile


def test_the_discard_pile_is_shuffled_into_a_new_pile_when_the_pile_runs_out():
    # 2 players hold 70 of the 72 coin cards; 2 remain in the pile.  Both bid, so 5 coin
    # cards lie on the discard pile when income needs more than the pile holds.
    res = ["wood"] * 18 + ["stone"] * 17
    game = game_at(dict(civ="sparta", hand=res),
                   dict(civ="corinth", hand=["stone"] + ["grain"] * 20 + ["inhabitants"] * 14),
                   reveal=["forest", "quarry", "pasture", "barley-fields", "coast", "granary"],
                   order=[0, 1], quiet_next=True)
    assert len(game.table.coin_pile) == 2 and game.table.discard == []
    pile = list(game.table.coin_pile)
    paid = list(bid(game, 0, "forest", 3))
    hands = [list(p.hand) for p in game.players]
    paid += bid(game, 1, "quarry", 2)
    # (the next round's first bid prompt is pending: the income has been drawn)
    assert "The discard pile (5 coin cards) is shuffled into a new draw pile." in \
        texts(game, "reshuffle")
    drawn = [c for p, old in zip(game.players, hands, strict=True) for c in p.hand
             if c not in old]
    assert set(drawn) <= set(pile) | set(paid)
    assert set(pile) <= set(drawn)  # the old pile was drawn first
    assert game.table.discard == []
    assert sorted(coin_places(game)) == list(range(72))
    # the reshuffle happened in the income phase, after the pile ran dry
    ev = events(game, "reshuffle")[0]
    assert ev.phase == "income"


def test_the_discard_pile_is_shuffled_as_soon_as_the_pile_runs_out():
    # "Sobald der Münzkartenstapel aufgebraucht ist": the new pile is formed at once, not at the
    # next draw.  The pile holds just enough for Leonidas' pass (3 coin cards), then Helena's
    # income (Sparta + Forest) and Leonidas' (Corinth): the last of the pile.
    helena_income = income_of(inhabitants_of("sparta", "forest"))
    leonidas_income = income_of(inhabitants_of("corinth"))
    left = 3 + helena_income + leonidas_income
    game = game_at(dict(civ="sparta", hand=["wood"] * 18 + ["stone"] * 15),
                   dict(civ="corinth", hand=["grain"] * 20 + ["inhabitants"] * (19 - left)),
                   reveal=["forest", "quarry", "pasture", "barley-fields", "coast", "granary"],
                   order=[0, 1], quiet_next=True)
    assert len(game.table.coin_pile) == left
    paid = bid(game, 0, "forest", 2)
    pass_(game, 1)
    # round 2 is waiting for Helena's bid; the pile ran out with Leonidas' income
    assert game.round == 2 and game.pending.player == 0
    assert sorted(game.table.coin_pile) == sorted(paid)
    assert game.table.discard == []
    (ev,) = events(game, "reshuffle")
    assert (ev.round, ev.phase) == (1, "income")
    assert said(game, ev) == "The discard pile (2 coin cards) is shuffled into a new draw pile."
    assert [e.data.coins for e in events(game, "income")] == [helena_income, leonidas_income]
    assert not events(game, "coins_out")


# Every coin card but these is in a hand, so that the discard pile holds exactly what the test
# names: Helena holds all wood and stone, Leonidas the grain and the other inhabitants.
ALL_WOOD_AND_STONE = dict(civ="sparta", hand=["wood"] * 16 + ["wood-2"] * 2 + ["stone"] * 16
                          + ["stone-2"] * 2)


def test_a_pass_that_empties_the_pile_draws_the_rest_from_the_reshuffled_discard_pile():
    # The pile holds the two 2 Grain cards, the discard pile three Inhabitant cards.  Helena
    # passes: she draws both 2 Grain, the pile is used up, the discard pile becomes the new pile
    # at once, and her third card is an Inhabitant card from it.
    game = game_at(ALL_WOOD_AND_STONE,
                   dict(civ="corinth", hand=["grain"] * 18 + ["inhabitants"] * 13),
                   reveal=["forest", "quarry", "pasture", "barley-fields", "coast", "granary"],
                   order=[0, 1], coins_next=["grain-2", "grain-2"],
                   discard=["inhabitants"] * 3)
    assert backs(game, game.table.coin_pile) == ["grain-2", "grain-2"]
    old_discard = list(game.table.discard)
    assert backs(game, old_discard) == ["inhabitants-1"] * 3
    before = list(game.players[0].hand)
    log_size = len(game.log)
    pass_(game, 0)
    drawn = game.players[0].hand[len(before):]
    assert backs(game, drawn) == ["grain-2", "grain-2", "inhabitants-1"]
    assert drawn[2] in old_discard
    assert sorted([*game.table.coin_pile, drawn[2]]) == sorted(old_discard)
    assert game.table.discard == []
    assert [e.kind for e in game.log[log_size:]] == ["reshuffle", "pass"]
    assert texts(game, "reshuffle") == [
        "The discard pile (3 coin cards) is shuffled into a new draw pile."]


def test_a_pass_that_takes_the_last_card_reshuffles_at_once():
    # "Sobald": the pile holds exactly the three cards of Helena's pass; the discard pile (two
    # Inhabitant cards) is shuffled into a new pile as soon as the last one is drawn, not at the
    # next draw.
    game = game_at(ALL_WOOD_AND_STONE,
                   dict(civ="corinth", hand=["grain"] * 18 + ["inhabitants"] * 13),
                   reveal=["forest", "quarry", "pasture", "barley-fields", "coast", "granary"],
                   order=[0, 1], coins_next=["grain-2", "grain-2", "inhabitants"],
                   coin_pile_size=3, discard=["inhabitants"] * 2)
    old_discard = list(game.table.discard)
    pass_(game, 0)
    assert backs(game, game.players[0].hand[-3:]) == ["grain-2", "grain-2", "inhabitants-1"]
    assert sorted(game.table.coin_pile) == sorted(old_discard)
    assert game.table.discard == []
    (ev,) = events(game, "reshuffle")
    assert (ev.round, ev.phase) == (1, "bidding")
    assert game.pending is not None and game.pending.player == 1
