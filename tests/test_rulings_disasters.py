"""The rulings of docs/rulings.md about catastrophes, supply and the end of the game.

Each test is named in docs/rulings.md and shows exactly what its ruling says.
"""

from __future__ import annotations

from support import (
    CARDS,
    QUIET_B,
    QUIET_C,
    SUPPLY_B,
    PlacedSpec,
    PlayerSpec,
    cards_with,
    coin,
    events,
    expect_illegal,
    game_at,
    grain_of,
    income_of,
    inhabitants_of,
    placed,
    play_to_end,
    power_of,
    said,
)

from peloponnes_tui.engine import (
    BidPrompt,
    CatastropheAnswer,
    CatastrophePrompt,
    CompletePlan,
    CompletePrompt,
    FeedPlan,
    FeedPrompt,
)


def test_covered_card_counts_only_its_symbol():
    """R1: a covered card keeps only its catastrophe symbol."""
    game = game_at(
        # Olympia (drought symbol).  The Well (protects against plague, grain, power, drought
        # symbol) and the Market (inhabitant, power, bid bonus) lie under coins since the
        # earthquake.  Pine Forest: inhabitant, wood, grain, drought symbol.
        PlayerSpec(civ="olympia", hand=["grain", "stone", "stone", "stone"], luxury=0,
                   buildings=[PlacedSpec(card="well", covered_by="earthquake"),
                              PlacedSpec(card="market", covered_by="earthquake")],
                   landscapes=["pine-forest"]),
        PlayerSpec(civ="sparta", hand=["wood"], luxury=0, buildings=["aqueduct"]),
        round=4, order=[0, 1], struck=["earthquake"], markers={"plague": 1, "drought": 1},
        # Gymnasium (plague) and Vineyard (drought) come first: both catastrophes strike.
        reveal=["gymnasium", "vineyard", "agora", "theatre", "stockade", "bay"],
    )
    helena = game.players[0]
    # No inhabitants, production, power points from the covered Well and Market ...
    uncovered = ("olympia", "pine-forest")
    assert game.inhabitants(helena) == inhabitants_of(*uncovered)
    assert game.production(helena, "grain") == grain_of(*uncovered)
    assert game.production(helena, "wood") == (CARDS.civ_by_id["olympia"].production.wood
                                               + CARDS.power_by_id["pine-forest"].production.wood)
    assert game.power_points(helena) == power_of(*uncovered)
    # ... no special function and no protection symbol ...
    assert game.bid_bonus_halves(helena) == 0
    assert game.protector(helena, "plague") is None
    # ... but the Well's drought symbol still counts: Olympia + Well + Pine Forest = 3.
    assert game.symbols(helena, "drought") == 3

    # Plague strikes first: the covered Well does not protect Helena.
    prompt = game.pending
    assert isinstance(prompt, CatastrophePrompt)
    assert (prompt.player, prompt.catastrophe, prompt.candidates) == (0, "plague", ("civ",))
    game.answer(CatastropheAnswer((("civ", coin(game, 0, "grain")),)))
    # Then drought: Helena is protected by three drought symbols, one of them on the covered Well.
    protected = events(game, "protected", 0)
    assert [e.data.catastrophe for e in protected] == ["drought"]
    assert "three Drought symbols" in said(game, protected[0])
    assert placed(game, 0, "pine-forest").cover is None
    # The covered Market adds nothing to her bids.
    bid = game.pending
    assert isinstance(bid, BidPrompt) and bid.player == 0
    assert bid.bonus_halves == 0


def test_completion_uses_the_buildings_own_production():
    """R2: a building under construction produces, also toward its own completion."""
    # A Sawmill that costs the 1 wood it produces itself (the shipped one costs stone).
    cards = cards_with(sawmill={"cost": {"wood": 1}})
    game = game_at(
        # Messene and Barley Fields: 4 inhabitants, 4 grain; no wood apart from the Sawmill.
        PlayerSpec(civ="messene", hand=["stone", "grain"], luxury=0,
                   buildings=[PlacedSpec(card="sawmill", under_construction=True)],
                   landscapes=["barley-fields"]),
        PlayerSpec(civ="sparta", hand=[], luxury=0),
        cards=cards, round=4, order=[0, 1], reveal=SUPPLY_B,
    )
    prompt = game.pending
    assert isinstance(prompt, CompletePrompt)
    assert prompt.buildings == ("sawmill",)
    assert (prompt.production_wood, prompt.production_stone) == (1, 0)
    hand = list(game.players[0].hand)
    game.answer(CompletePlan(complete=("sawmill",)))
    sawmill = placed(game, 0, "sawmill")
    assert not sawmill.under_construction
    assert game.players[0].hand == hand
    assert game.players[0].luxury == 0


def test_completed_construction_coin_goes_to_discard():
    """R3: the coin under a completed building goes to the discard pile."""
    game = game_at(
        # Thebes (3 inhabitants, 1 stone, 1 grain) + Wheat Fields (1 inhabitant, 3 grain).
        # The Sawmill costs 1 stone: Thebes pays it.
        PlayerSpec(civ="thebes", hand=["wood"], luxury=0,
                   buildings=[PlacedSpec(card="sawmill", under_construction=True)],
                   landscapes=["wheat-fields"]),
        PlayerSpec(civ="sparta", hand=[], luxury=0),
        round=4, order=[0, 1], reveal=SUPPLY_B,
    )
    pledge = placed(game, 0, "sawmill").pledge
    assert pledge is not None
    assert isinstance(game.pending, CompletePrompt)
    game.answer(CompletePlan(complete=("sawmill",)))
    assert placed(game, 0, "sawmill").pledge is None
    assert game.table.discard == [pledge]
    assert pledge not in game.players[0].hand
    assert [said(game, e) for e in events(game, "completed", 0)] == ["Helena completes Sawmill."]


def test_removed_card_coins_go_to_discard():
    """R11: coins on or under a removed card go to the discard pile, the card to the box."""
    game = game_at(
        # Helena: the Theatre under construction, the Granary under construction AND covered
        # since the drought.  Earthquake and plague strike, then a supply phase follows.
        PlayerSpec(civ="argos", hand=["wood", "stone"], luxury=0,
                   buildings=[PlacedSpec(card="theatre", under_construction=True),
                              PlacedSpec(card="granary", under_construction=True,
                                         covered_by="drought")]),
        PlayerSpec(civ="sparta", hand=[], luxury=0, buildings=["cyclopean-masonry", "well"]),
        round=4, order=[0, 1], struck=["drought"], markers={"earthquake": 2, "plague": 1},
        reveal=["marble-quarry", "gymnasium", "eurotas-valley", "stockade", "oak-forest",
                "highlands"],
    )
    helena = game.players[0]
    theatre_pledge = placed(game, 0, "theatre").pledge
    granary = placed(game, 0, "granary")
    granary_coins = [granary.pledge, granary.cover]
    hand = list(helena.hand)

    # Earthquake: ⌈1/3⌉ = 1 of the uncovered buildings, the Theatre; Helena removes it.
    prompt = game.pending
    assert isinstance(prompt, CatastrophePrompt) and prompt.catastrophe == "earthquake"
    assert prompt.candidates == ("theatre",)
    game.answer(CatastropheAnswer((("theatre", "remove"),)))
    assert helena.find("theatre") is None
    assert "theatre" in game.table.box
    assert game.table.discard == [theatre_pledge]

    # Plague: Helena removes her civilization card; it goes back to the box.
    game.answer(CatastropheAnswer((("civ", "remove"),)))
    assert helena.civ_state == "removed"
    assert "argos" in game.table.civ_box
    assert helena.hand == hand

    # Supply: the covered Granary is not paid for and is lost with both its coins.
    prompt = game.pending
    assert isinstance(prompt, CompletePrompt) and prompt.buildings == ("granary",)
    game.answer(CompletePlan())
    assert helena.find("granary") is None
    assert "granary" in game.table.box
    assert game.table.discard == [theatre_pledge, *granary_coins]

    # Decline: a luxury card given up returns to the box (no coin lay on it).
    game = game_at(
        PlayerSpec(civ="argos", hand=["wood"], luxury=4),
        PlayerSpec(civ="sparta", hand=[], luxury=0, buildings=["port"]),
        round=4, order=[0, 1], markers={"decline": 1}, reveal=QUIET_B,
    )
    box = game.table.luxury_box
    game.answer(CatastropheAnswer((("luxury", "remove"),)))
    assert game.players[0].luxury_state == "removed"
    assert game.table.luxury_box == box + 1
    assert game.table.discard == []


def test_forced_catastrophe_removal():
    """R19: no coin cards and no luxury: cards hit without a choice are removed automatically."""
    game = game_at(
        # Helena: nothing to cover with, one landscape.  Leonidas: nothing to cover with, two
        # landscapes (tempest hits ⌈2/3⌉ = 1, and he chooses which).
        PlayerSpec(civ="argos", hand=[], luxury=0, landscapes=["forest"]),
        PlayerSpec(civ="sparta", hand=[], luxury=0, landscapes=["quarry", "pasture"]),
        round=4, order=[0, 1], markers={"plague": 1, "tempest": 2},
        reveal=["gymnasium", "oak-forest", "agora", "theatre", "stockade", "highlands"],
    )
    helena, leonidas = game.players
    # Plague took both civilization cards without asking; tempest took Helena's Forest.
    assert helena.civ_state == "removed" and leonidas.civ_state == "removed"
    assert {"argos", "sparta"} <= set(game.table.civ_box)
    assert helena.landscapes == []
    assert "forest" in game.table.box
    removed = events(game, "removed")
    assert [(e.player, e.data.catastrophe) for e in removed] == [
        (0, "plague"), (1, "plague"), (0, "tempest")]
    assert all("must remove" in said(game, e) for e in removed)
    # Leonidas has a choice of landscape, so he is asked; covering is impossible.
    prompt = game.pending
    assert isinstance(prompt, CatastrophePrompt)
    assert (prompt.player, prompt.count, prompt.candidates) == (1, 1, ("quarry", "pasture"))
    expect_illegal(game, CatastropheAnswer((("quarry", "luxury"),)), "cannot trade")
    expect_illegal(game, CatastropheAnswer((("quarry", 0),)), "not in your hand")
    game.answer(CatastropheAnswer((("pasture", "remove"),)))
    assert [x.card for x in leonidas.landscapes] == ["quarry"]
    assert "pasture" in game.table.box


def test_feeding_plan_minimal():
    """R16: no card removed that feeding does not need; no payment beyond the shortfall."""
    game = game_at(
        # Argos (5 inhabitants, 1 grain) + Wheat Fields (1 inhabitant, 3 grain): 2 short.
        PlayerSpec(civ="argos", hand=["grain", "grain", "grain", "inhabitants"], luxury=2,
                   landscapes=["wheat-fields"]),
        PlayerSpec(civ="messene", hand=[], luxury=0),
        round=4, order=[0, 1], reveal=SUPPLY_B,
    )
    prompt = game.pending
    assert isinstance(prompt, FeedPrompt)
    assert (prompt.inhabitants, prompt.grain, prompt.shortfall) == (6, 4, 2)
    g1, g2, g3 = (c for c in game.players[0].hand if game.coin_resource(c) == "grain")
    inh = coin(game, 0, "inhabitants")
    # Paying more than the 2 missing: refused (a spare coin card, or a spare luxury good).
    expect_illegal(game, FeedPlan(grain_coins=(g1, g2, g3)), "more than the shortfall")
    expect_illegal(game, FeedPlan(grain_coins=(g1, g2), luxury=1), "more than the shortfall")
    expect_illegal(game, FeedPlan(grain_coins=(g1,), inhabitant_coins=(inh,), luxury=1),
                   "more than the shortfall")
    # Removing the civilization card feeds everyone: any payment beside it is spare.
    expect_illegal(game, FeedPlan(grain_coins=(g1,), remove=("civ",)), "more than the shortfall")
    # ... and so is removing Wheat Fields as well.
    expect_illegal(game, FeedPlan(remove=("civ", "wheat-fields")),
                   "Wheat Fields need not be removed")
    # Removing Wheat Fields does not lower the shortfall (it feeds more than it eats).
    expect_illegal(game, FeedPlan(grain_coins=(g1, g2), luxury=2, remove=("wheat-fields",)),
                   "need not be removed")
    # Paying too little: refused.
    expect_illegal(game, FeedPlan(grain_coins=(g1,)), "would still go hungry")
    # Exactly the shortfall: accepted.
    game.answer(FeedPlan(grain_coins=(g1,), inhabitant_coins=(inh,)))
    assert game.table.discard == [g1, inh]
    assert game.players[0].civ_state == "active"
    assert game.players[0].luxury == 2


def test_excess_grain_after_removal():
    """R15: removing a card can leave more grain than inhabitants: the surplus is luxury."""
    game = game_at(
        # Argos (5 inhabitants, 1 grain) + Wheat Fields (1 inhabitant, 3 grain); nothing to pay.
        PlayerSpec(civ="argos", hand=[], luxury=0, landscapes=["wheat-fields"]),
        PlayerSpec(civ="messene", hand=[], luxury=0),
        round=4, order=[0, 1], reveal=SUPPLY_B,
    )
    prompt = game.pending
    assert isinstance(prompt, FeedPrompt) and prompt.shortfall == 2
    assert prompt.removable == ("civ", "wheat-fields")
    game.answer(FeedPlan(remove=("civ",)))
    helena = game.players[0]
    # Left: 1 inhabitant and 3 grain, so 2 excess grain become 2 luxury goods.
    assert helena.civ_state == "removed"
    assert helena.luxury == 2
    assert [e.data.gained for e in events(game, "luxury", 0)] == [2]


def test_inhabitant_coins_not_counted_as_coins_for_power():
    """R13: inhabitant coin cards count as population, not as coin cards for power."""
    game = game_at(
        # Messene + Barley Fields: 4 inhabitants, 4 grain.
        PlayerSpec(civ="messene", hand=["inhabitants"] * 6 + ["wood"], luxury=0,
                   landscapes=["barley-fields"]),
        PlayerSpec(civ="corinth", hand=[], luxury=0, landscapes=["wheat-fields"]),
        # Helena passes (3 coin cards), Leonidas passes (3), then income.
        round=8, order=[0, 1], reveal=QUIET_C, coins_next=["stone"] * 10,
    )
    play_to_end(game)
    score = game.scores[0]
    assert score.population_coins == 6
    assert score.population == 4 + 6 + 2
    # 1 wood + 3 + the income in stone drawn: one power point.  Counting the six inhabitant
    # coin cards as well would have made two power points.
    assert score.coins_left == 1 + 3 + income_of(4)
    assert score.power_from_coins == score.coins_left // 6 == 1
    assert (score.coins_left + 6) // 6 == 2
    assert score.power == power_of("messene", "barley-fields") + 1 + 2


def test_shared_win():
    """R14: still tied after both tie-breaks: both win."""
    game = game_at(
        # Messene + Barley Fields and Elis + Wheat Fields: 4 inhabitants, 4 grain, equal power.
        PlayerSpec(civ="messene", hand=[], luxury=0, landscapes=["barley-fields"]),
        PlayerSpec(civ="elis", hand=[], luxury=0, landscapes=["wheat-fields"]),
        round=8, order=[0, 1], reveal=QUIET_C, coins_next=["stone"] * 10,
    )
    play_to_end(game)
    first, second = game.scores
    assert power_of("messene", "barley-fields") == power_of("elis", "wheat-fields")
    power = power_of("messene", "barley-fields") + (3 + income_of(4)) // 6 + 2
    assert first.tiebreak == second.tiebreak == (min(power, 6), max(power, 6), 0)
    assert first.rank == second.rank == 1
    assert game.winners == (0, 1)
    assert "Helena and Leonidas win the game." in [said(game, e) for e in events(game, "winner")]


def test_restoration_chain():
    """R12: an uncovered protection building restores cards in turn."""
    game = game_at(
        # Plague covered Helena's civilization card, earthquake her Aqueduct (which protects
        # against plague).  She has since built the Treasury of Atreus (protects against
        # earthquake).
        PlayerSpec(civ="messene", civ_state="covered", hand=["wood"] * 4, luxury=0,
                   buildings=[PlacedSpec(card="aqueduct", covered_by="earthquake"),
                              "treasury-of-atreus"],
                   landscapes=["barley-fields"]),
        PlayerSpec(civ="corinth", hand=[], luxury=0, landscapes=["wheat-fields"]),
        # Plague is listed first, so one pass over the struck catastrophes is not enough.
        round=8, order=[0, 1], reveal=QUIET_C, struck=["plague", "earthquake"],
        coins_next=["stone"] * 10,
    )
    helena = game.players[0]
    civ_cover = helena.civ_cover
    aqueduct_cover = placed(game, 0, "aqueduct").cover
    assert civ_cover is not None and aqueduct_cover is not None
    play_to_end(game)
    assert placed(game, 0, "aqueduct").cover is None
    assert helena.civ_state == "active" and helena.civ_cover is None
    assert aqueduct_cover in game.table.discard and civ_cover in game.table.discard
    assert len(events(game, "restored", 0)) == 2
    score = game.scores[0]
    assert score.population_tableau == inhabitants_of("messene", "aqueduct", "barley-fields")
    assert score.power_tableau == power_of("messene", "aqueduct", "treasury-of-atreus")


def test_decline_cover_cannot_use_luxury():
    """R8: decline takes the luxury goods first; the covering coin must come from the hand."""
    game = game_at(
        PlayerSpec(civ="argos", hand=["wood"], luxury=5),
        PlayerSpec(civ="sparta", hand=[], luxury=0, buildings=["stoa"]),
        round=4, order=[0, 1], markers={"decline": 1}, reveal=QUIET_B,
    )
    helena = game.players[0]
    prompt = game.pending
    assert isinstance(prompt, CatastrophePrompt) and prompt.catastrophe == "decline"
    assert helena.luxury == 0
    assert prompt.luxury_usable == 0
    assert [e.data.lost for e in events(game, "luxury_lost", 0)] == [5]
    expect_illegal(game, CatastropheAnswer((("luxury", "luxury"),)), "cannot trade")
    wood = coin(game, 0, "wood")
    game.answer(CatastropheAnswer((("luxury", wood),)))
    assert helena.luxury_state == "covered"
    assert helena.luxury_cover == wood
    assert wood not in helena.hand
    assert game.luxury_cap(helena) == 3


def test_earthquake_counts_uncovered_buildings():
    """R9: a third (rounded up) of the uncovered buildings; under construction included."""
    game = game_at(
        # Four buildings, the Well covered since the drought: ⌈3/3⌉ = 1 is hit, not ⌈4/3⌉ = 2.
        PlayerSpec(civ="argos", hand=["wood", "stone"], luxury=0,
                   buildings=[PlacedSpec(card="well", covered_by="drought"), "granary",
                              "sawmill", PlacedSpec(card="gymnasium", under_construction=True)]),
        PlayerSpec(civ="sparta", hand=[], luxury=0),
        round=4, order=[0, 1], struck=["drought"], markers={"earthquake": 2},
        reveal=["hill-country", "theatre", "stockade", "agora", "oak-forest", "highlands"],
    )
    prompt = game.pending
    assert isinstance(prompt, CatastrophePrompt) and prompt.catastrophe == "earthquake"
    assert prompt.count == 1
    assert prompt.candidates == ("granary", "sawmill", "gymnasium")
    expect_illegal(game, CatastropheAnswer((("well", "remove"),)), "not one of the cards")
    expect_illegal(game, CatastropheAnswer((("granary", "remove"), ("sawmill", "remove"))),
                   "must be chosen, not 2")
    wood = coin(game, 0, "wood")
    game.answer(CatastropheAnswer((("gymnasium", wood),)))
    gymnasium = placed(game, 0, "gymnasium")
    assert gymnasium.cover == wood and gymnasium.cover_cause == "earthquake"
    assert gymnasium.under_construction


def test_drought_without_grain_cards():
    """R10: drought hits only uncovered power cards with grain; without one, nothing is hit."""
    game = game_at(
        # Helena: Messene makes 2 grain (a civilization card: never hit); Wheat Fields is covered.
        PlayerSpec(civ="messene", hand=["wood"], luxury=0, buildings=["sawmill"],
                   landscapes=["forest", PlacedSpec(card="wheat-fields", covered_by="tempest")]),
        # Leonidas: Pine Forest 1 grain, Barley Fields 2 grain: only Barley Fields is hit.
        PlayerSpec(civ="sparta", hand=["wood"], luxury=0,
                   landscapes=["pine-forest", "barley-fields"]),
        round=4, order=[0, 1], struck=["tempest"], markers={"drought": 1},
        reveal=["vineyard", "theatre", "stockade", "agora", "oak-forest", "highlands"],
    )
    unaffected = events(game, "unaffected", 0)
    assert len(unaffected) == 1 and "no power card that produces grain" in said(game, unaffected[0])
    prompt = game.pending
    assert isinstance(prompt, CatastrophePrompt)
    assert (prompt.player, prompt.catastrophe, prompt.candidates) == (1, "drought",
                                                                      ("barley-fields",))
    game.answer(CatastropheAnswer((("barley-fields", "remove"),)))
    assert game.players[0].civ_state == "active"
    assert placed(game, 0, "forest").cover is None and placed(game, 0, "sawmill").cover is None


def test_two_strikes_in_one_round_resolve_in_order():
    """R21: all six cards first, then the strikes in the order of their cards, then supply."""
    game = game_at(
        # Helena has one landscape and one building; Leonidas neither.
        PlayerSpec(civ="messene", hand=["wood", "stone", "grain"], luxury=0,
                   buildings=["sawmill"], landscapes=["barley-fields"]),
        PlayerSpec(civ="sparta", hand=[], luxury=0),
        round=4, order=[0, 1], markers={"tempest": 2, "earthquake": 2},
        # Oak Forest (tempest) first, Marble Quarry (earthquake) second, the supply card third.
        reveal=["oak-forest", "marble-quarry", "eurotas-valley", "theatre", "stockade", "agora"],
    )
    assert game.table.struck == ["tempest", "earthquake"]
    assert len(game.table.market) + len(game.table.conquest) == 6
    first = game.pending
    assert isinstance(first, CatastrophePrompt) and first.catastrophe == "tempest"
    game.answer(CatastropheAnswer((("barley-fields", coin(game, 0, "wood")),)))
    second = game.pending
    assert isinstance(second, CatastrophePrompt) and second.catastrophe == "earthquake"
    game.answer(CatastropheAnswer((("sawmill", coin(game, 0, "stone")),)))
    # Then the supply: Messene's 3 inhabitants eat its 2 grain (Barley Fields is covered).
    feed = game.pending
    assert isinstance(feed, FeedPrompt)
    assert (feed.inhabitants, feed.grain) == (3, 2)
    kinds = [e.kind for e in game.log if e.kind in ("reveal", "strike", "covered", "supply")]
    assert kinds == ["reveal", "strike", "covered", "strike", "covered", "supply"]
    strikes = [e.data.catastrophe for e in events(game, "strike")]
    assert strikes == ["tempest", "earthquake"]

    # Two matching symbols among the first two cards move a marker two spaces (and strike once).
    game = game_at(
        PlayerSpec(civ="messene", hand=["wood"], luxury=0, landscapes=["barley-fields"]),
        PlayerSpec(civ="sparta", hand=[], luxury=0),
        round=4, order=[0, 1], markers={"tempest": 1},
        reveal=["oak-forest", "highlands", "theatre", "stockade", "agora", "marble-quarry"],
    )
    assert game.table.markers["tempest"] == 3
    assert game.table.struck == ["tempest"]
    assert [e.data.catastrophe for e in events(game, "strike")] == ["tempest"]


def test_cover_with_luxury_draws_blind():
    """R24: a coin card a catastrophe demands may be drawn blind for one luxury good."""
    game = game_at(
        PlayerSpec(civ="argos", hand=[], luxury=3, landscapes=["forest"]),
        PlayerSpec(civ="sparta", hand=[], luxury=0, buildings=["well"]),
        round=4, order=[0, 1], markers={"plague": 1, "tempest": 2},
        reveal=["gymnasium", "oak-forest", "agora", "theatre", "stockade", "highlands"],
        coins_next=["grain-2", "inhabitants"],
    )
    helena = game.players[0]
    top = game.table.coin_pile[-1]
    assert game.coin_resource(top) == "grain" and game.coin_amount(top) == 2
    prompt = game.pending
    assert isinstance(prompt, CatastrophePrompt) and prompt.catastrophe == "plague"
    assert prompt.hand == () and prompt.luxury_usable == 3
    game.answer(CatastropheAnswer((("civ", "luxury"),)))
    assert helena.civ_state == "covered" and helena.civ_cover == top
    assert helena.luxury == 2 and helena.hand == []
    nxt = game.table.coin_pile[-1]
    game.answer(CatastropheAnswer((("forest", "luxury"),)))
    assert placed(game, 0, "forest").cover == nxt
    assert game.coin_resource(nxt) == "inhabitants"
    assert helena.luxury == 1
    assert "drawn for one luxury good" in said(game, events(game, "covered", 0)[0])


def test_supply_card_moves_no_marker():
    """R27: a supply card among the first two moves no marker, and the third card none either."""
    game = game_at(
        # Messene + Wheat Fields: 4 inhabitants, 5 grain.  Corinth + Orchards: 3 and 3.
        PlayerSpec(civ="messene", hand=[], luxury=0, landscapes=["wheat-fields"]),
        PlayerSpec(civ="corinth", hand=[], luxury=0, landscapes=["orchards"]),
        round=4, order=[0, 1],
        # Eurotas Valley (supply), Gymnasium (plague), Oak Forest (tempest, the third card).
        reveal=["eurotas-valley", "gymnasium", "oak-forest", "theatre", "stockade", "agora"],
    )
    assert game.table.markers == {"plague": 1, "earthquake": 0, "tempest": 0, "drought": 0,
                                  "decline": 0}
    assert [e.cards for e in events(game, "track")] == [("gymnasium",)]
    # The supply card still brings a supply phase: Helena's spare grain becomes luxury.
    assert len(events(game, "supply")) == 1
    assert [(e.player, e.data.gained) for e in events(game, "luxury")] == [(0, 1)]
    assert isinstance(game.pending, BidPrompt)
