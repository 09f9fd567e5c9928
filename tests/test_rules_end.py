"""The end of the game: final supply, restoration of covered cards, scoring and the winner.

Rulebook, "Game End" and "Scoring" (the German edition: "die beiden Bewohner/Machtpunkte der
Luxuskarte, sofern diese nicht vom Verfall betroffen ist oder abgerissen wurde").  Every test
starts in round 8 from a prepared position; everyone passes, so each player draws 3 coin cards for
passing and then the final income, all of them stone coin cards fixed with ``coins_next``.
"""

from __future__ import annotations

from helpers_disasters import (
    PlacedSpec,
    PlayerSpec,
    answer_bids,
    assert_illegal,
    coins,
    events,
    game_at,
    placed,
    play_to_end,
)

from peloponnes_tui.engine import (
    BidPrompt,
    CompletePlan,
    CompletePrompt,
    FeedPlan,
    FeedPrompt,
    Game,
    GameOver,
    Pass,
    Score,
)

# The last six cards: Council House (decline) and Stoa (tempest) move their markers one space;
# nobody can be hit.  Council House (value 3) is in the market, so 3 coin cards make a bid prompt.
END_C = ["council-house", "stoa", "stadium", "odeon", "mountain-forest", "phidias-workshop"]
# Tegea + Orchards: 3 inhabitants, 3 grain, 1 power point.
DIMITRIOS = PlayerSpec(civ="tegea", hand=["wood"] * 3, luxury=0, landscapes=["orchards"])


def last_round(*players: PlayerSpec, draws: int = 12, **position) -> Game:
    """Round 8 with the quiet C cards; the next ``draws`` coin cards drawn are stone."""
    position.setdefault("reveal", END_C)
    position.setdefault("order", list(range(len(players))))
    return game_at(*players, round=8, coins_next=["stone"] * draws, **position)


def score_of(game: Game, seat: int) -> Score:
    assert game.over
    return game.scores[seat]


# ------------------------------------------------------------------------------------------------
# final supply


def test_final_supply_comes_after_the_eighth_income():
    # Messene: 3 inhabitants, 2 grain; one luxury good to feed the third.
    game = last_round(PlayerSpec(civ="messene", hand=["wood"] * 4, luxury=1), DIMITRIOS)
    answer_bids(game)
    prompt = game.pending
    assert isinstance(prompt, FeedPrompt) and prompt.player == 0
    assert (game.round, game.phase) == (8, "supply")
    kinds = [e.kind for e in game.log if e.round == 8 and e.kind in ("income", "supply")]
    assert kinds == ["income", "income", "supply"]
    assert all("(final income)" in e.text for e in events(game, "income"))
    assert events(game, "supply")[-1].text.startswith("Final supply")
    game.answer(FeedPlan(luxury=1))
    assert game.over and game.phase == "over"


def test_a_supply_card_in_round_8_does_not_replace_the_final_supply():
    game = last_round(PlayerSpec(civ="messene", hand=["wood"] * 4, luxury=2), DIMITRIOS,
                      reveal=["council-house", "stoa", "alpheios-valley", "odeon",
                              "mountain-forest", "phidias-workshop"])
    prompt = game.pending
    assert isinstance(prompt, FeedPrompt) and game.phase == "supply"
    game.answer(FeedPlan(luxury=1))
    answer_bids(game)
    assert isinstance(game.pending, FeedPrompt)
    game.answer(FeedPlan(luxury=1))
    assert game.over
    assert len(events(game, "supply")) == 2


def test_final_supply_completes_or_loses_buildings_under_construction():
    # Helena: the Theatre (2 wood, 2 stone, 3 power) under construction; Messene makes neither.
    # Dimitrios: the Stockade (3 wood, 2 power) under construction, which he leaves unpaid.
    game = last_round(
        PlayerSpec(civ="messene", hand=["wood", "wood", "stone", "stone"], luxury=0,
                   buildings=[PlacedSpec(card="theatre", under_construction=True)],
                   landscapes=["barley-fields"]),
        DIMITRIOS.model_copy(update={"buildings": [PlacedSpec(card="stockade",
                                                              under_construction=True)]}),
    )
    theatre_pledge = placed(game, 0, "theatre").pledge
    stockade_pledge = placed(game, 1, "stockade").pledge
    answer_bids(game)
    prompt = game.pending
    assert isinstance(prompt, CompletePrompt) and prompt.player == 0
    helena_hand = game.players[0].hand
    paid = (*coins(game, 0, "wood", 1)[:2], *coins(game, 0, "stone", 1)[:2])
    assert len(paid) == 4 and all(c in helena_hand for c in paid)
    game.answer(CompletePlan(complete=("theatre",), coins=paid))
    assert isinstance(game.pending, CompletePrompt) and game.pending.player == 1
    game.answer(CompletePlan())
    assert game.over
    assert not placed(game, 0, "theatre").under_construction
    assert game.players[1].find("stockade") is None
    assert {theatre_pledge, stockade_pledge, *paid} <= set(game.table.discard)
    assert score_of(game, 0).power_tableau == 1 + 3  # Messene + Theatre
    assert score_of(game, 1).power_tableau == 1  # Tegea; the Stockade is gone


# ------------------------------------------------------------------------------------------------
# restoration of covered cards


def test_late_protection_building_uncovers_cards_hit_by_its_catastrophe():
    # The earthquake covered the Palace (2 inhabitants, 5 power); Helena has since built the
    # Treasury of Atreus (4 power, protects against earthquake).
    game = last_round(
        PlayerSpec(civ="messene", hand=["wood"] * 4, luxury=0,
                   buildings=[PlacedSpec(card="palace", covered_by="earthquake"),
                              "treasury-of-atreus"],
                   landscapes=["barley-fields"]),
        DIMITRIOS, struck=["earthquake"],
    )
    cover = placed(game, 0, "palace").cover
    assert cover is not None
    play_to_end(game)
    palace = placed(game, 0, "palace")
    assert palace.cover is None and palace.cover_cause is None
    assert cover in game.table.discard
    assert "Palace is uncovered" in events(game, "restored", 0)[0].text
    score = score_of(game, 0)
    assert score.population_tableau == 3 + 2 + 1  # Messene, Palace, Barley Fields
    assert score.power_tableau == 1 + 5 + 4  # Messene, Palace, Treasury


def test_late_protection_by_three_symbols_uncovers_cards():
    # Sparta, Quarry and the covered Barracks show three earthquake symbols.
    game = last_round(
        PlayerSpec(civ="sparta", hand=["wood"] * 4, luxury=0,
                   buildings=[PlacedSpec(card="barracks", covered_by="earthquake"), "well"],
                   landscapes=["quarry", "wheat-fields"]),
        DIMITRIOS, struck=["earthquake"],
    )
    play_to_end(game)
    assert placed(game, 0, "barracks").cover is None
    assert events(game, "restored", 0)[0].text == (
        "Helena is now protected from Earthquake: Barracks is uncovered.")
    assert score_of(game, 0).power_tableau == 3 + 2 + 1  # Sparta, Barracks, Well


def test_late_protection_restores_the_civilization_card():
    # Plague covered Argos (5 inhabitants, 1 power, 1 grain); the Well protects against plague.
    game = last_round(
        PlayerSpec(civ="argos", civ_state="covered", hand=["wood"] * 4, luxury=0,
                   buildings=["well"], landscapes=["wheat-fields"]),
        DIMITRIOS, struck=["plague"],
    )
    helena = game.players[0]
    cover = helena.civ_cover
    assert cover is not None
    play_to_end(game)
    assert helena.civ_state == "active" and helena.civ_cover is None
    assert cover in game.table.discard
    # The restoration comes after the final supply: Argos's inhabitants were not fed, and the
    # grain it would have eaten was excess (Well 1 + Wheat Fields 3 for 1 inhabitant: 3 luxury).
    assert [e.get("gained") for e in events(game, "luxury", 0)] == [3]
    score = score_of(game, 0)
    assert score.population_tableau == 5 + 1
    assert score.power_tableau == 1 + 1


def test_late_protection_restores_the_luxury_card():
    # Decline covered Helena's luxury card; the Port now protects against decline.
    game = last_round(
        PlayerSpec(civ="tegea", hand=["wood"] * 4, luxury=3, luxury_state="covered",
                   buildings=["port", "well"], landscapes=["orchards"]),
        PlayerSpec(civ="messene", hand=["wood"] * 3, luxury=0, luxury_state="covered",
                   landscapes=["barley-fields"]),
        struck=["decline"], draws=13,
    )
    helena, dimitrios = game.players
    cover = helena.luxury_cover
    play_to_end(game)
    assert helena.luxury_state == "active" and cover in game.table.discard
    assert dimitrios.luxury_state == "covered"
    helena_score, dimitrios_score = score_of(game, 0), score_of(game, 1)
    assert (helena_score.population_luxury_card, helena_score.power_luxury_card) == (2, 2)
    assert (dimitrios_score.population_luxury_card, dimitrios_score.power_luxury_card) == (0, 0)


def test_no_restoration_without_protection():
    game = last_round(
        PlayerSpec(civ="argos", civ_state="covered", hand=["wood"] * 4, luxury=0,
                   buildings=[PlacedSpec(card="palace", covered_by="earthquake")],
                   landscapes=["wheat-fields"]),
        DIMITRIOS, struck=["plague", "earthquake"],
    )
    helena = game.players[0]
    civ_cover, palace_cover = helena.civ_cover, placed(game, 0, "palace").cover
    play_to_end(game)
    assert helena.civ_state == "covered" and helena.civ_cover == civ_cover
    assert placed(game, 0, "palace").cover == palace_cover
    assert events(game, "restored") == []
    score = score_of(game, 0)
    assert (score.population_tableau, score.power_tableau) == (1, 0)  # Wheat Fields only


def test_protection_restores_only_cards_hit_by_that_catastrophe():
    # The Cyclopean Masonry protects against earthquake, not against the tempest that covered
    # the Pasture.
    game = last_round(
        PlayerSpec(civ="messene", hand=["wood"] * 4, luxury=0,
                   buildings=["cyclopean-masonry",
                              PlacedSpec(card="granary", covered_by="earthquake")],
                   landscapes=["barley-fields", PlacedSpec(card="pasture", covered_by="tempest")]),
        DIMITRIOS, struck=["earthquake", "tempest"],
    )
    play_to_end(game)
    assert placed(game, 0, "granary").cover is None
    assert placed(game, 0, "pasture").covered
    assert placed(game, 0, "pasture").cover_cause == "tempest"


def test_removed_cards_stay_removed():
    game = last_round(
        PlayerSpec(civ="argos", civ_state="removed", hand=["wood"] * 4, luxury=0,
                   luxury_state="removed", buildings=["well", "port"],
                   landscapes=["wheat-fields"]),
        DIMITRIOS, struck=["plague", "decline"],
    )
    play_to_end(game)
    helena = game.players[0]
    assert helena.civ_state == "removed" and helena.luxury_state == "removed"
    score = score_of(game, 0)
    assert score.population_luxury_card == 0 and score.power_luxury_card == 0


def test_restoration_follows_the_final_supply():
    # The covered Palace (2 inhabitants) is restored only after everyone was fed:
    # Messene + Barley Fields feed exactly 4 inhabitants, no prompt.
    game = last_round(
        PlayerSpec(civ="messene", hand=["wood"] * 4, luxury=0,
                   buildings=["cyclopean-masonry",
                              PlacedSpec(card="palace", covered_by="earthquake")],
                   landscapes=["barley-fields"]),
        DIMITRIOS, struck=["earthquake"],
    )
    play_to_end(game)
    order = [e.kind for e in game.log if e.kind in ("supply", "fed", "restored", "score")]
    assert order[:4] == ["supply", "fed", "fed", "restored"]
    assert events(game, "fed", 0)[0].text == "Helena feeds 4 inhabitants from 4 grain."
    assert score_of(game, 0).population_tableau == 3 + 1 + 2


# ------------------------------------------------------------------------------------------------
# scoring


def test_score_shows_every_source():
    # Helena: Messene (3 inhabitants, 1 power), Palace (2, 5), Wheat Fields (1), Barley Fields
    # (1): 7 inhabitants fed by 7 grain.  Hand: 2 inhabitant and 2 wood coin cards, 4 luxury.
    game = last_round(
        PlayerSpec(civ="messene", hand=["inhabitants", "inhabitants", "wood", "wood"], luxury=4,
                   buildings=["palace"], landscapes=["wheat-fields", "barley-fields"]),
        DIMITRIOS,
    )
    play_to_end(game)
    s = score_of(game, 0)
    assert (s.seat, s.name) == (0, "Helena")
    assert s.population_tableau == 7
    assert s.population_coins == 2
    assert s.population_luxury_card == 2
    assert s.power_tableau == 6
    # 2 wood + 3 drawn for passing + 4 final income (7 inhabitants) = 9 coin cards.
    assert s.coins_left == 9
    assert s.luxury_goods == 4
    assert s.power_from_coins == (9 + 4) // 6 == 2
    assert s.power_luxury_card == 2
    assert (s.population, s.power, s.score) == (11, 10, 10)
    # Dimitrios: 3 + 2 population, 1 + (3 + 3 + 2) // 6 + 2 power.
    d = score_of(game, 1)
    assert (d.population, d.power, d.score) == (5, 4, 4)
    assert (s.rank, d.rank) == (1, 2)
    assert game.winners == (0,)


def test_every_six_coin_cards_or_luxury_goods_make_one_power_point():
    # Helena: 3 wood + 3 + 2 drawn = 8 coin cards and 3 luxury goods: 11, one power point.
    # Dimitrios: 4 wood + 3 + 2 drawn = 9 coin cards and 3 luxury goods: 12, two power points.
    game = last_round(PlayerSpec(civ="messene", hand=["wood"] * 3, luxury=3,
                                 landscapes=["barley-fields"]),
                      DIMITRIOS.model_copy(update={"hand": ["wood"] * 4, "luxury": 3}))
    play_to_end(game)
    assert (score_of(game, 0).coins_left, score_of(game, 0).power_from_coins) == (8, 1)
    assert (score_of(game, 1).coins_left, score_of(game, 1).power_from_coins) == (9, 2)


def test_luxury_card_counts_only_if_decline_did_not_hit_it():
    game = last_round(
        PlayerSpec(civ="messene", hand=["wood"] * 3, luxury=2, luxury_state="covered",
                   landscapes=["barley-fields"]),
        DIMITRIOS.model_copy(update={"luxury_state": "removed"}),
        PlayerSpec(civ="corinth", hand=["wood"] * 3, luxury=0, landscapes=["wheat-fields"]),
        struck=["decline"], draws=15,
    )
    play_to_end(game)
    for seat in (0, 1):
        assert score_of(game, seat).population_luxury_card == 0
        assert score_of(game, seat).power_luxury_card == 0
    assert score_of(game, 0).luxury_goods == 2  # the goods on the covered card still count
    assert (score_of(game, 2).population_luxury_card, score_of(game, 2).power_luxury_card) == (
        2, 2)


def test_rulebook_example_helena_beats_dimitrios():
    # "Dimitrios has 10 population points and 15 power points for a final score of 10. Helena has
    # 17 population points and 12 power points, so her final score is 12. Helena is the winner!"
    game = last_round(
        # Argos (5 inhabitants, 1 power, 1 grain), Theatre (3 power), Granary (1 power, 2 grain),
        # Lowland Plain (3, 1, 3), Vineyard (2, 1, 2), Sacred Grove (2, 2, 1), Olive Grove (0, 0,
        # 2), Barley Fields (1, 0, 2), Orchards (1, 0, 2): 14 inhabitants, 15 grain, 9 power.
        PlayerSpec(civ="argos", hand=["inhabitants"], luxury=0, buildings=["theatre", "granary"],
                   landscapes=["lowland-plain", "vineyard", "sacred-grove", "olive-grove",
                               "barley-fields", "orchards"]),
        # Messene (3, 1, 2), Palace (2, 5), Sanctuary of Zeus (0, 5), Wheat Fields (1, 0, 3),
        # Fertile Plain (2, 0, 3): 8 inhabitants, 8 grain, 11 power.
        PlayerSpec(civ="messene", hand=["wood"] * 5, luxury=0,
                   buildings=["palace", "sanctuary-of-zeus"],
                   landscapes=["wheat-fields", "fertile-plain"]),
        draws=15,
    )
    play_to_end(game)
    helena, dimitrios = game.scores
    # Dimitrios: 8 + luxury card 2 = 10; 11 + (5 + 3 + 4 coin cards) // 6 + 2 = 15.
    assert (dimitrios.population, dimitrios.power, dimitrios.score) == (10, 15, 10)
    # Helena: 14 + 1 inhabitant coin card + 2 = 17; 9 + (3 + 5 coin cards + 2 luxury from income
    # + 1 for excess grain) // 6 + 2 = 12.
    assert helena.luxury_goods == 3
    assert (helena.population, helena.power, helena.score) == (17, 12, 12)
    assert game.winners == (0,)
    assert (helena.rank, dimitrios.rank) == (1, 2)
    assert "Helena wins the game." in [e.text for e in events(game, "winner")]


def test_tie_broken_by_the_other_value():
    # Helena: Tegea + Orchards (3 inhabitants, 1 power); Dimitrios: Corinth + Barley Fields (3, 2).
    game = last_round(
        # 3 + 3 inhabitant coin cards + 2 = 8 population; 1 + (7 + 5) // 6 + 2 = 5 power.
        PlayerSpec(civ="tegea", hand=["inhabitants"] * 3 + ["wood"] * 7, luxury=0,
                   landscapes=["orchards"]),
        # 3 + 1 + 2 = 6 population; 2 + (1 + 5 + 3 luxury) // 6 + 2 = 5 power.
        PlayerSpec(civ="corinth", hand=["inhabitants", "wood"], luxury=3,
                   landscapes=["barley-fields"]),
    )
    play_to_end(game)
    helena, dimitrios = game.scores
    assert helena.score == dimitrios.score == 5
    assert (helena.population, dimitrios.population) == (8, 6)
    assert dimitrios.luxury_goods > helena.luxury_goods
    assert game.winners == (0,)
    assert (helena.rank, dimitrios.rank) == (1, 2)


def test_tie_broken_by_luxury_goods():
    game = last_round(
        # 3 + 1 + 2 = 6 population; 1 + (5 + 5 + 4 luxury) // 6 + 2 = 5 power.
        PlayerSpec(civ="tegea", hand=["inhabitants"] + ["wood"] * 5, luxury=4,
                   landscapes=["orchards"]),
        # 3 + 1 + 2 = 6 population; 2 + (1 + 5 + 2 luxury) // 6 + 2 = 5 power.
        PlayerSpec(civ="corinth", hand=["inhabitants", "wood"], luxury=2,
                   landscapes=["barley-fields"]),
    )
    play_to_end(game)
    helena, dimitrios = game.scores
    assert (helena.score, helena.population, helena.power) == (5, 6, 5)
    assert (dimitrios.score, dimitrios.population, dimitrios.power) == (5, 6, 5)
    assert (helena.luxury_goods, dimitrios.luxury_goods) == (4, 2)
    assert game.winners == (0,)


def test_the_finished_game_takes_no_more_answers():
    game = last_round(PlayerSpec(civ="messene", hand=["wood"] * 3, landscapes=["barley-fields"]),
                      DIMITRIOS)
    assert isinstance(game.pending, BidPrompt)
    play_to_end(game)
    assert game.pending is None
    before = game.snapshot()
    try:
        game.answer(Pass())
    except GameOver as exc:
        assert "the game is over" in str(exc)
    else:
        raise AssertionError("an answer after the end was accepted")
    assert game.snapshot() == before
    assert_illegal(game, FeedPlan(), "the game is over")
