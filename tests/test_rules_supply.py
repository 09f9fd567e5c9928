"""Supply rules: feeding the inhabitants, excess grain, and completing buildings under construction.

Rulebook, "Catastrophes/Supply", "Supply" and "Luxury Goods".  The supply phases of rounds 4 (the B
supply card) and 7 (the C supply card) are prepared positions with the supply card among the six
cards revealed; the final supply is in test_rules_end.py.
"""

from __future__ import annotations

import pytest
from support import (
    QUIET_B,
    SUPPLY_B,
    PlacedSpec,
    PlayerSpec,
    backs,
    coin,
    coins,
    events,
    expect_illegal,
    game_at,
    placed,
    said,
)

from peloponnes_tui.engine import (
    BidPrompt,
    CatastropheAnswer,
    CompletePlan,
    CompletePrompt,
    FeedPlan,
    FeedPrompt,
    Game,
    PlaceBid,
)

# Tegea + Orchards: 3 inhabitants, 3 grain, nothing under construction: no prompt at supply.
QUIET_LEONIDAS = PlayerSpec(civ="tegea", hand=["wood"] * 3, luxury=0, landscapes=["orchards"])
# Tegea alone: 2 inhabitants, 1 grain.  He is asked to feed after Helena, which holds the game
# still while the test looks at what Helena's supply did.
HUNGRY_LEONIDAS = PlayerSpec(civ="tegea", hand=["grain"], luxury=0)
# Argos (5 inhabitants, 1 grain) + Pasture (2, 1) + Olive Grove (0, 2): the rulebook's picture,
# "7 inhabitants but only 4 grain production".
SEVEN_AND_FOUR = ["pasture", "olive-grove"]


def supply(helena: PlayerSpec, leonidas: PlayerSpec = HUNGRY_LEONIDAS, **position) -> Game:
    """Round 4 with the B supply card among the six: the supply phase comes first."""
    position.setdefault("reveal", SUPPLY_B)
    return game_at(helena, leonidas, round=4, order=[0, 1], **position)


def feed_prompt(game: Game) -> FeedPrompt:
    prompt = game.pending
    assert isinstance(prompt, FeedPrompt), prompt
    return prompt


def complete_prompt(game: Game) -> CompletePrompt:
    prompt = game.pending
    assert isinstance(prompt, CompletePrompt), prompt
    return prompt


# ------------------------------------------------------------------------------------------------
# when a supply phase happens


def test_the_b_supply_card_brings_a_supply_after_all_six_cards():
    game = supply(PlayerSpec(civ="argos", hand=["grain"] * 3, landscapes=SEVEN_AND_FOUR))
    # Eurotas Valley was the fourth card (in the conquest row); all six lie open.
    assert game.table.market == ["theatre", "stockade"]
    assert "eurotas-valley" in game.table.conquest and len(game.table.conquest) == 4
    kinds = [e.kind for e in game.log if e.kind in ("reveal", "track", "supply")]
    assert kinds == ["reveal", "track", "track", "supply"]
    assert game.phase == "supply"
    feed_prompt(game)


def test_the_c_supply_card_brings_a_supply():
    game = game_at(PlayerSpec(civ="argos", hand=["grain"] * 3, landscapes=SEVEN_AND_FOUR),
                   QUIET_LEONIDAS, round=7, order=[0, 1],
                   reveal=["stadium", "stoa", "council-house", "odeon", "alpheios-valley",
                           "phidias-workshop"])
    assert len(events(game, "supply")) == 1
    assert feed_prompt(game).shortfall == 3


def test_no_supply_without_a_supply_card():
    game = game_at(PlayerSpec(civ="argos", hand=["grain"] * 3, landscapes=SEVEN_AND_FOUR,
                              buildings=[PlacedSpec(card="sawmill", under_construction=True)]),
                   QUIET_LEONIDAS, round=4, order=[0, 1], reveal=QUIET_B)
    assert events(game, "supply") == []
    assert isinstance(game.pending, BidPrompt)
    assert placed(game, 0, "sawmill").under_construction


def test_supply_goes_through_the_players_in_turn_order():
    game = game_at(PlayerSpec(civ="argos", hand=["grain"] * 3, landscapes=SEVEN_AND_FOUR),
                   PlayerSpec(civ="messene", hand=["grain"] * 2,
                              buildings=[PlacedSpec(card="sawmill", under_construction=True)]),
                   round=4, order=[1, 0], reveal=SUPPLY_B)
    # Leonidas first: feed (3 inhabitants, 2 grain), then his building; then Helena.
    prompt = feed_prompt(game)
    assert prompt.player == 1 and prompt.shortfall == 1
    game.answer(FeedPlan(grain_coins=(coin(game, 1, "grain"),)))
    assert complete_prompt(game).player == 1
    game.answer(CompletePlan())
    assert feed_prompt(game).player == 0


# ------------------------------------------------------------------------------------------------
# feeding from production; excess grain


def test_grain_production_feeds_everyone_without_a_prompt():
    # Corinth + Barley Fields: 3 inhabitants, 3 grain.
    game = supply(PlayerSpec(civ="corinth", hand=["wood"] * 3, landscapes=["barley-fields"]),
                  PlayerSpec(civ="elis", hand=["wood"] * 3, landscapes=["wheat-fields"]))
    assert [said(game, e) for e in events(game, "fed")] == [
        "Helena feeds 3 inhabitants from 3 grain.", "Leonidas feeds 4 inhabitants from 4 grain."]
    assert events(game, "luxury") == []
    assert isinstance(game.pending, BidPrompt)


def test_luxury_card_inhabitants_are_never_fed():
    # 3 inhabitants on the tableau, 3 grain: the luxury card's 2 inhabitants eat nothing.
    game = supply(PlayerSpec(civ="corinth", hand=["wood"] * 3, luxury=0,
                             landscapes=["barley-fields"]))
    helena = game.players[0]
    assert helena.luxury_state == "active"
    assert game.inhabitants(helena) == 3
    assert said(game, events(game, "fed", 0)[0]) == "Helena feeds 3 inhabitants from 3 grain."
    assert feed_prompt(game).player == 1


def test_excess_grain_becomes_luxury_goods_helena_example():
    # "Helena produces 12 grain. She has 9 inhabitants during a supply phase. She obtains 3
    # luxury goods for the excess grain."  Messene (3 inhabitants, 2 grain), the Well (0, 1),
    # Wheat Fields (1, 3), Fertile Plain (2, 3), Lowland Plain (3, 3).
    game = supply(PlayerSpec(civ="messene", hand=["wood"] * 3, luxury=1, buildings=["well"],
                             landscapes=["wheat-fields", "fertile-plain", "lowland-plain"]))
    helena = game.players[0]
    assert game.inhabitants(helena) == 9
    assert game.production(helena, "grain") == 12
    assert helena.luxury == 1 + 3
    assert events(game, "luxury", 0)[0].data.gained == 3


def test_excess_grain_stops_at_seventeen_luxury_goods():
    game = supply(PlayerSpec(civ="messene", hand=["wood"] * 3, luxury=16, buildings=["well"],
                             landscapes=["wheat-fields", "fertile-plain", "lowland-plain"]))
    assert game.players[0].luxury == 17
    assert "capped at 17" in said(game, events(game, "luxury", 0)[0])


def test_excess_grain_after_decline_covered_and_removed():
    game = supply(PlayerSpec(civ="messene", hand=["wood"] * 3, luxury=1, luxury_state="covered",
                             buildings=["well"],
                             landscapes=["wheat-fields", "fertile-plain", "lowland-plain"]),
                  PlayerSpec(civ="elis", hand=["wood"] * 3, luxury_state="removed",
                             landscapes=["barley-fields", "pine-forest", "olive-grove"]),
                  struck=["decline"])
    assert game.players[0].luxury == 3  # the covered luxury card shows 0-3
    assert game.players[1].luxury == 0  # no luxury card: no luxury goods
    assert "no luxury card left" in said(game, events(game, "luxury", 1)[0])


# ------------------------------------------------------------------------------------------------
# feeding a shortfall


def test_feed_prompt_shows_the_shortfall():
    game = supply(PlayerSpec(civ="argos", hand=["grain", "wood", "inhabitants"], luxury=2,
                             buildings=["well",
                                        PlacedSpec(card="market", covered_by="earthquake")],
                             landscapes=SEVEN_AND_FOUR),
                  struck=["earthquake"])
    prompt = feed_prompt(game)
    # Argos 5 + Pasture 2 inhabitants (the covered Market's one does not count); grain: Argos 1,
    # Pasture 1, Olive Grove 2, Well 1.
    assert (prompt.player, prompt.inhabitants, prompt.grain, prompt.shortfall) == (0, 7, 5, 2)
    # Removable: uncovered cards with inhabitants.
    assert prompt.removable == ("civ", "pasture")
    assert set(prompt.hand) == set(game.players[0].hand) and prompt.luxury == 2


def test_feed_with_grain_coin_cards():
    game = supply(PlayerSpec(civ="argos", hand=["grain", "grain", "grain", "wood"],
                             landscapes=SEVEN_AND_FOUR))
    grain = coins(game, 0, "grain")
    game.answer(FeedPlan(grain_coins=tuple(grain)))
    helena = game.players[0]
    assert game.table.discard == grain
    assert [game.coin_resource(c) for c in helena.hand] == ["wood"]
    assert helena.civ_state == "active" and len(helena.landscapes) == 2
    assert "3 grain coin cards" in said(game, events(game, "fed", 0)[0])


def test_feed_a_two_grain_coin_card_counts_two():
    game = supply(PlayerSpec(civ="argos", hand=["grain-2", "grain", "wood"],
                             landscapes=SEVEN_AND_FOUR))
    two, one = coin(game, 0, "grain", 2), coin(game, 0, "grain", 1)
    game.answer(FeedPlan(grain_coins=(two, one)))
    assert game.table.discard == [two, one]


def test_feed_with_inhabitant_coin_cards():
    game = supply(PlayerSpec(civ="argos", hand=["inhabitants"] * 3, landscapes=SEVEN_AND_FOUR))
    inh = coins(game, 0, "inhabitants")
    game.answer(FeedPlan(inhabitant_coins=tuple(inh)))
    assert game.table.discard == inh
    assert game.players[0].hand == []


def test_feed_with_luxury_goods():
    game = supply(PlayerSpec(civ="argos", hand=["wood"] * 3, luxury=5, landscapes=SEVEN_AND_FOUR))
    game.answer(FeedPlan(luxury=3))
    assert game.players[0].luxury == 2
    assert game.table.discard == []


def test_feed_by_removing_a_power_card():
    # 7 inhabitants, 4 grain; removing Pasture (2 inhabitants, 1 grain) saves one grain.
    game = supply(PlayerSpec(civ="argos", hand=["grain"] * 2 + ["wood"],
                             landscapes=SEVEN_AND_FOUR))
    g1, g2 = coins(game, 0, "grain")
    game.answer(FeedPlan(grain_coins=(g1, g2), remove=("pasture",)))
    helena = game.players[0]
    assert helena.find("pasture") is None and "pasture" in game.table.box
    assert game.table.discard == [g1, g2]
    assert "Helena removes Pasture for want of grain." in [said(game, e) for e in
                                                            events(game, "removed", 0)]


def test_feed_by_removing_the_civilization():
    game = supply(PlayerSpec(civ="argos", hand=["wood"] * 3, landscapes=SEVEN_AND_FOUR))
    game.answer(FeedPlan(remove=("civ",)))
    helena = game.players[0]
    assert helena.civ_state == "removed" and "argos" in game.table.civ_box
    # Pasture (2 inhabitants) and 3 grain are left: 1 excess grain becomes a luxury good.
    assert helena.luxury == 1


def test_feed_removing_a_building_under_construction_skips_its_completion():
    # Market under construction: 1 inhabitant, no grain.  Its coin goes to the discard pile.
    game = supply(PlayerSpec(civ="corinth", hand=["wood"] * 3, landscapes=["barley-fields"],
                             buildings=[PlacedSpec(card="market", under_construction=True)]))
    pledge = placed(game, 0, "market").pledge
    assert feed_prompt(game).removable == ("civ", "market", "barley-fields")
    game.answer(FeedPlan(remove=("market",)))
    assert game.players[0].find("market") is None
    assert game.table.discard == [pledge]
    assert feed_prompt(game).player == 1  # Helena has nothing left to complete


def test_feed_combining_payment_and_removal():
    # Shortfall 3: remove Pasture (saves 1), pay 1 grain coin and 1 luxury good.
    game = supply(PlayerSpec(civ="argos", hand=["grain", "wood", "wood"], luxury=1,
                             landscapes=SEVEN_AND_FOUR))
    grain = coin(game, 0, "grain")
    game.answer(FeedPlan(grain_coins=(grain,), luxury=1, remove=("pasture",)))
    assert game.players[0].luxury == 0
    assert game.players[0].find("pasture") is None


@pytest.fixture
def hungry():
    """Helena: 7 inhabitants, 4 grain; a grain, a wood, an inhabitant coin card, 2 luxury."""
    game = supply(PlayerSpec(civ="argos", hand=["grain", "wood", "inhabitants", "grain-2"],
                             luxury=2, buildings=["well"], landscapes=SEVEN_AND_FOUR),
                  PlayerSpec(civ="messene", hand=["grain"]))
    # The Well adds 1 grain: 7 inhabitants, 5 grain, 2 missing.
    assert feed_prompt(game).shortfall == 2
    return game


def test_illegal_feed_not_enough(hungry):
    expect_illegal(hungry, FeedPlan(grain_coins=(coin(hungry, 0, "grain", 1),)),
                   "would still go hungry")
    expect_illegal(hungry, FeedPlan(), "2 inhabitants would still go hungry")


def test_illegal_feed_too_much(hungry):
    one, two = coin(hungry, 0, "grain", 1), coin(hungry, 0, "grain", 2)
    expect_illegal(hungry, FeedPlan(grain_coins=(one, two)), "more than the shortfall")
    expect_illegal(hungry, FeedPlan(grain_coins=(two,), luxury=1), "more than the shortfall")
    expect_illegal(hungry, FeedPlan(luxury=1, remove=("civ",)), "more than the shortfall")


def test_illegal_feed_coin_of_the_wrong_resource(hungry):
    wood, inh = coin(hungry, 0, "wood"), coin(hungry, 0, "inhabitants")
    expect_illegal(hungry, FeedPlan(grain_coins=(wood, coin(hungry, 0, "grain", 1))),
                   f"coin card {wood} shows wood, not grain")
    expect_illegal(hungry, FeedPlan(grain_coins=(inh, coin(hungry, 0, "grain", 1))),
                   "shows inhabitants, not grain")
    expect_illegal(hungry, FeedPlan(inhabitant_coins=(coin(hungry, 0, "grain", 2),)),
                   "not inhabitants")


def test_illegal_feed_coin_not_in_hand(hungry):
    other = coin(hungry, 1, "grain")
    expect_illegal(hungry, FeedPlan(grain_coins=(other, coin(hungry, 0, "grain", 1))),
                   f"coin card {other} is not in your hand")
    expect_illegal(hungry, FeedPlan(grain_coins=(coin(hungry, 0, "grain", 1),) * 2),
                   "the same coin card is named twice")


def test_illegal_feed_more_luxury_than_owned(hungry):
    expect_illegal(hungry, FeedPlan(luxury=3), "you have only 2 luxury goods")
    expect_illegal(hungry, FeedPlan(luxury=-1), "whole number")


def test_illegal_feed_removing_a_card_without_inhabitants(hungry):
    expect_illegal(hungry, FeedPlan(luxury=2, remove=("well",)), "cannot be removed")
    expect_illegal(hungry, FeedPlan(luxury=2, remove=("luxury",)), "cannot be removed")
    expect_illegal(hungry, FeedPlan(luxury=2, remove=("palace",)), "cannot be removed")


def test_illegal_feed_removing_a_card_not_needed(hungry):
    # Removing Argos (5 inhabitants, 1 grain) suffices; Pasture as well is one too many.
    expect_illegal(hungry, FeedPlan(remove=("civ", "pasture")), "Pasture need not be removed")
    two = coin(hungry, 0, "grain", 2)
    expect_illegal(hungry, FeedPlan(grain_coins=(two,), remove=("pasture",)),
                   "Pasture need not be removed")
    expect_illegal(hungry, FeedPlan(remove=("civ", "civ")), "named twice")


def test_illegal_feed_malformed(hungry):
    expect_illegal(hungry, FeedPlan(grain_coins=[1]),  # type: ignore[arg-type]
                   "coin cards must be given as a list")
    expect_illegal(hungry, FeedPlan(remove="civ"),  # type: ignore[arg-type]
                   "cards to remove must be a list")
    expect_illegal(hungry, CompletePlan(), "must answer with feed")


def test_feed_after_refusals_a_legal_plan_applies(hungry):
    expect_illegal(hungry, FeedPlan(luxury=3), "only 2")
    hungry.answer(FeedPlan(grain_coins=(coin(hungry, 0, "grain", 2),)))
    assert hungry.players[0].luxury == 2
    assert feed_prompt(hungry).player == 1


# ------------------------------------------------------------------------------------------------
# completing buildings under construction


def test_completion_prompt_lists_the_buildings_and_the_production():
    # Sparta (2 inhabitants, 1 stone), Sawmill (1 wood), Well (1 grain), Market under
    # construction (1 inhabitant), Granary under construction (2 grain), Forest (1, 2 wood),
    # Quarry (1, 2 stone), Wheat Fields (1, 3 grain): 6 inhabitants, 6 grain.
    game = supply(PlayerSpec(civ="sparta", hand=["wood"], luxury=1,
                             buildings=["sawmill", "well",
                                        PlacedSpec(card="market", under_construction=True),
                                        PlacedSpec(card="granary", under_construction=True)],
                             landscapes=["forest", "quarry", "wheat-fields"]))
    prompt = complete_prompt(game)
    assert prompt.player == 0
    assert prompt.buildings == ("market", "granary")
    # Sawmill 1 + Forest 2 wood; Sparta 1 + Quarry 2 stone.
    assert (prompt.production_wood, prompt.production_stone) == (3, 3)
    assert prompt.luxury == 1 and set(prompt.hand) == set(game.players[0].hand)


def test_completing_several_buildings_uses_production_once():
    # Market and Granary cost 2 wood each; production is 3 wood: 1 wood is missing.
    game = supply(PlayerSpec(civ="sparta", hand=["wood", "wood"], luxury=0,
                             buildings=["sawmill", "well",
                                        PlacedSpec(card="market", under_construction=True),
                                        PlacedSpec(card="granary", under_construction=True)],
                             landscapes=["forest", "quarry", "wheat-fields"]))
    expect_illegal(game, CompletePlan(complete=("market", "granary")),
                   "1 more wood/stone is missing")
    # Each alone would be paid from production, but not both.
    wood = coin(game, 0, "wood")
    game.answer(CompletePlan(complete=("market", "granary"), coins=(wood,)))
    helena = game.players[0]
    assert not placed(game, 0, "market").under_construction
    assert not placed(game, 0, "granary").under_construction
    assert wood in game.table.discard
    assert helena.luxury == 0


def test_completing_with_coin_cards_and_luxury():
    # The Temple of Apollo costs 2 wood, 2 stone; Sparta makes 1 stone: 2 wood, 1 stone missing.
    game = supply(PlayerSpec(civ="sparta", hand=["wood", "stone-2"], luxury=2,
                             buildings=[PlacedSpec(card="temple-of-apollo",
                                                   under_construction=True)],
                             landscapes=["wheat-fields"]))
    wood, stone2 = coin(game, 0, "wood"), coin(game, 0, "stone", 2)
    expect_illegal(game, CompletePlan(complete=("temple-of-apollo",), coins=(wood, stone2),
                                      luxury=2), "only 1 luxury good needed, not 2")
    game.answer(CompletePlan(complete=("temple-of-apollo",), coins=(wood, stone2), luxury=1))
    assert not placed(game, 0, "temple-of-apollo").under_construction
    assert game.players[0].luxury == 1
    assert set(game.table.discard) >= {wood, stone2}


def test_no_luxury_goods_for_completing_a_building():
    # The Sawmill costs 1 stone; Sparta and Quarry produce 3: no luxury for the 2 left over.
    # (Sparta, Quarry, Wheat Fields, Well: 4 inhabitants, 4 grain.)
    game = supply(PlayerSpec(civ="sparta", hand=["wood"], luxury=0,
                             buildings=["well",
                                        PlacedSpec(card="sawmill", under_construction=True)],
                             landscapes=["quarry", "wheat-fields"]))
    game.answer(CompletePlan(complete=("sawmill",)))
    assert game.players[0].luxury == 0
    assert events(game, "luxury", 0) == []


def test_an_unpaid_building_is_lost_and_its_coin_discarded():
    game = supply(PlayerSpec(civ="sparta", hand=["wood"], luxury=0,
                             buildings=[PlacedSpec(card="theatre", under_construction=True)],
                             landscapes=["wheat-fields"]),
                  reveal=["gymnasium", "stockade", "agora", "eurotas-valley", "marble-quarry",
                          "highlands"])
    pledge = placed(game, 0, "theatre").pledge
    game.answer(CompletePlan())
    assert game.players[0].find("theatre") is None
    assert "theatre" in game.table.box
    assert game.table.discard == [pledge]
    assert "it is lost" in said(game, events(game, "lost", 0)[0])


def test_complete_some_buildings_and_lose_the_others():
    game = supply(PlayerSpec(civ="sparta", hand=["wood"], luxury=0,
                             buildings=[PlacedSpec(card="sawmill", under_construction=True),
                                        PlacedSpec(card="granary", under_construction=True)],
                             landscapes=["barley-fields"]))
    sawmill_pledge = placed(game, 0, "sawmill").pledge
    granary_pledge = placed(game, 0, "granary").pledge
    game.answer(CompletePlan(complete=("sawmill",)))
    assert not placed(game, 0, "sawmill").under_construction
    assert game.players[0].find("granary") is None
    assert game.table.discard == [sawmill_pledge, granary_pledge]


def test_a_covered_building_under_construction_must_still_be_paid():
    # The earthquake covered the Sawmill under construction; it still costs 1 stone.
    game = supply(PlayerSpec(civ="sparta", hand=["wood", "wood"], luxury=0,
                             buildings=[PlacedSpec(card="sawmill", under_construction=True,
                                                   covered_by="earthquake")],
                             landscapes=["wheat-fields"]),
                  struck=["earthquake"])
    prompt = complete_prompt(game)
    assert prompt.buildings == ("sawmill",)
    assert prompt.production_stone == 1
    game.answer(CompletePlan(complete=("sawmill",)))
    sawmill = placed(game, 0, "sawmill")
    assert not sawmill.under_construction and sawmill.covered



def test_a_lost_covered_construction_discards_its_pledge_and_then_its_cover():
    # The Granary (2 wood) under construction, a 2 Wood coin card under it, was covered by the
    # drought with a 2 Grain coin card.  Helena makes no wood and leaves it unpaid: it is lost,
    # and both coin cards go onto the discard pile, which held one Inhabitant card.
    game = supply(PlayerSpec(civ="sparta", hand=["stone"], luxury=0,
                             buildings=[PlacedSpec(card="granary", pledge="wood-2",
                                                   covered_by="drought", cover="grain-2")],
                             landscapes=["wheat-fields"]),
                  struck=["drought"], discard=["inhabitants"])
    granary = placed(game, 0, "granary")
    assert backs(game, [granary.pledge, granary.cover]) == ["wood-2", "grain-2"]
    (before,) = game.table.discard
    assert complete_prompt(game).buildings == ("granary",)
    game.answer(CompletePlan())
    assert game.players[0].find("granary") is None
    assert game.table.discard == [before, granary.pledge, granary.cover]


def test_the_discard_pile_after_a_supply_holds_the_payments_in_order():
    # Argos, Pasture and Olive Grove: 7 inhabitants, 4 grain; the Temple of Apollo (2 wood,
    # 2 stone) under construction on an Inhabitant coin card; Argos makes 1 wood.  The discard
    # pile holds a Grain and a 2 Wood card.  Helena feeds with Grain and 2 Grain, then completes
    # the Temple with Wood and 2 Stone; the coin card under it follows them.
    game = supply(PlayerSpec(civ="argos", hand=["grain-2", "grain", "wood", "stone-2"], luxury=0,
                             buildings=[PlacedSpec(card="temple-of-apollo", pledge="inhabitants")],
                             landscapes=SEVEN_AND_FOUR),
                  QUIET_LEONIDAS, discard=["grain", "wood-2"])
    start = list(game.table.discard)
    assert backs(game, start) == ["grain-1", "wood-2"]
    pledge = placed(game, 0, "temple-of-apollo").pledge
    feed = (coin(game, 0, "grain", 1), coin(game, 0, "grain", 2))
    game.answer(FeedPlan(grain_coins=feed))
    assert game.table.discard == [*start, *feed]
    build = (coin(game, 0, "wood"), coin(game, 0, "stone"))
    game.answer(CompletePlan(complete=("temple-of-apollo",), coins=build))
    assert game.table.discard == [*start, *feed, *build, pledge]
    assert backs(game, game.table.discard) == [
        "grain-1", "wood-2", "grain-1", "grain-2", "wood-1", "stone-2", "inhabitants-1"]
    assert said(game, events(game, "completed", 0)[0]) == "Helena completes Temple of Apollo."


@pytest.fixture
def building():
    """Helena must complete the Market (2 wood) and the Granary (2 wood); she makes 1 wood.

    Corinth (2 inhabitants, 1 wood, 1 grain), Market (1 inhabitant), Granary (2 grain),
    Barracks, Vineyard (2 inhabitants, 2 grain): 5 inhabitants, 5 grain.
    """
    game = supply(PlayerSpec(civ="corinth", hand=["wood", "wood", "wood-2", "stone"], luxury=1,
                             buildings=[PlacedSpec(card="market", under_construction=True),
                                        PlacedSpec(card="granary", under_construction=True),
                                        "barracks"],
                             landscapes=["vineyard"]))
    prompt = complete_prompt(game)
    assert (prompt.production_wood, prompt.production_stone) == (1, 0)
    return game


def test_illegal_complete_a_building_not_under_construction(building):
    expect_illegal(building, CompletePlan(complete=("barracks",)),
                   "not one of your buildings under construction")
    expect_illegal(building, CompletePlan(complete=("palace",)),
                   "not one of your buildings under construction")
    expect_illegal(building, CompletePlan(complete=("market", "market"),
                                          coins=(coin(building, 0, "wood", 2),)),
                   "the same building is named twice")


def test_illegal_complete_not_enough(building):
    expect_illegal(building, CompletePlan(complete=("market", "granary"),
                                          coins=(coin(building, 0, "wood", 2),)),
                   "1 more wood/stone is missing")


def test_illegal_complete_spare_coin_card(building):
    w1, w2 = coins(building, 0, "wood", 1)
    two = coin(building, 0, "wood", 2)
    expect_illegal(building, CompletePlan(complete=("market",), coins=(w1, w2)),
                   "more wood coin cards than the 1 wood missing")
    expect_illegal(building, CompletePlan(complete=("market", "granary"), coins=(w1, w2, two)),
                   "more wood coin cards")


def test_illegal_complete_coin_not_missing(building):
    stone = coin(building, 0, "stone")
    expect_illegal(building, CompletePlan(complete=("market",), coins=(stone,)),
                   f"coin card {stone} shows stone, which is not missing")


def test_illegal_complete_luxury(building):
    two = coin(building, 0, "wood", 2)
    expect_illegal(building, CompletePlan(complete=("market", "granary"), coins=(two,),
                                          luxury=2), "you have only 1 luxury good")
    # The 2-wood coin card already covers the 1 wood missing for the Market alone.
    expect_illegal(building, CompletePlan(complete=("market",), coins=(two,), luxury=1),
                   "no luxury goods are needed")


def test_illegal_complete_malformed(building):
    expect_illegal(building, CompletePlan(complete="market"),  # type: ignore[arg-type]
                   "name the buildings to complete as a list")
    expect_illegal(building, FeedPlan(), "must answer with complete")
    expect_illegal(building, PlaceBid(card="theatre"), "must answer with complete")


def test_complete_with_luxury_for_the_rest(building):
    two = coin(building, 0, "wood", 2)
    building.answer(CompletePlan(complete=("market", "granary"), coins=(two,), luxury=1))
    assert building.players[0].luxury == 0
    assert not placed(building, 0, "market").under_construction
    assert not placed(building, 0, "granary").under_construction


def test_supply_after_a_catastrophe_sees_its_damage():
    # Tempest strikes first; Helena covers her Barley Fields (2 grain); supply follows.
    game = game_at(PlayerSpec(civ="corinth", hand=["wood", "grain", "grain"], luxury=0,
                              landscapes=["barley-fields"]),
                   HUNGRY_LEONIDAS,
                   round=4, order=[0, 1], markers={"tempest": 2},
                   reveal=["oak-forest", "theatre", "eurotas-valley", "agora", "stockade",
                           "highlands"])
    game.answer(CatastropheAnswer((("barley-fields", coin(game, 0, "wood")),)))
    prompt = feed_prompt(game)
    # Corinth only: 2 inhabitants, 1 grain.
    assert (prompt.inhabitants, prompt.grain, prompt.removable) == (2, 1, ("civ",))
