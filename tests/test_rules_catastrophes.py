"""Catastrophe rules: the tracks, the five catastrophes, covering and removing, protection.

Rulebook, "Reveal Power Cards", "Catastrophes/Supply" and "Catastrophes".  Every test starts from
a prepared position: the six power cards of the round are named in draw order and the markers are
placed so that exactly the catastrophe under test strikes.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import (
    CARDS,
    QUIET_B,
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
    CatastrophePrompt,
    FeedPlan,
    FeedPrompt,
    Game,
    Pass,
    answer_from_dict,
)
from peloponnes_tui.prompt_text import prompt_text

# A B card showing each catastrophe (none of them protects against anything).
TRIGGER = {"plague": "gymnasium", "earthquake": "marble-quarry", "tempest": "oak-forest",
           "drought": "vineyard", "decline": "theatre"}
B_CARDS = [c.id for c in CARDS.power_cards if c.pile == "B" and not c.supply]


def tableau_cards(*players: PlayerSpec) -> set[str]:
    out: set[str] = set()
    for spec in players:
        for item in [*spec.buildings, *spec.landscapes]:
            out.add(item if isinstance(item, str) else item.card)
    return out


def strike(cat: str, *players: PlayerSpec, **position: Any) -> Game:
    """A round-4 game in which ``cat`` strikes with the first card revealed.

    The second card moves another track one space; the rest of the six are quiet B cards that
    no player holds.
    """
    first = TRIGGER[cat]
    taken = {first} | tableau_cards(*players)
    second = next(c for c in B_CARDS if c not in taken
                  and CARDS.power_by_id[c].catastrophe not in (cat, None))
    taken.add(second)
    rest = [c for c in B_CARDS if c not in taken][:4]
    steps = CARDS.catastrophe_by_id[cat].steps
    markers = {cat: steps - 1, **position.pop("markers", {})}
    position.setdefault("order", list(range(len(players))))
    return game_at(*players, round=4, reveal=[first, second, *rest], markers=markers,
                   **position)


def cat_prompt(game) -> CatastrophePrompt:
    prompt = game.pending
    assert isinstance(prompt, CatastrophePrompt), prompt
    return prompt


# ------------------------------------------------------------------------------------------------
# the tracks


def test_first_two_revealed_cards_advance_their_markers():
    # Theatre (decline), Stockade (tempest), then Agora (decline), Oak Forest (tempest), Marble
    # Quarry (earthquake), Highlands (tempest): only the first two count.
    game = game_at(PlayerSpec(civ="argos", hand=["wood"] * 3), PlayerSpec(civ="sparta", hand=[]),
                   round=4, reveal=QUIET_B)
    assert game.table.markers == {"plague": 0, "earthquake": 0, "tempest": 1, "drought": 0,
                                  "decline": 1}
    assert game.table.struck == []
    assert [e.cards for e in events(game, "track")] == [("theatre",), ("stockade",)]
    assert game.table.market == ["theatre", "stockade"]
    assert game.table.conquest == ["agora", "oak-forest", "marble-quarry", "highlands"]


def test_first_two_cards_are_the_first_drawn_whatever_the_player_count():
    # With three players the first two cards drawn still decide, the third goes to the market too.
    game = game_at(PlayerSpec(civ="argos", hand=["wood"] * 3), PlayerSpec(civ="sparta", hand=[]),
                   PlayerSpec(civ="thebes", hand=[]),
                   round=4, reveal=["gymnasium", "stockade", "vineyard", "agora", "oak-forest",
                                    "highlands"])
    assert game.table.market == ["gymnasium", "stockade", "vineyard"]
    assert game.table.markers["plague"] == 1 and game.table.markers["tempest"] == 1
    assert game.table.markers["drought"] == 0


def test_marker_short_of_the_last_space_does_not_strike():
    game = game_at(PlayerSpec(civ="argos", hand=["wood"] * 3, buildings=["sawmill"]),
                   PlayerSpec(civ="sparta", hand=[]),
                   round=4, markers={"earthquake": 1},
                   reveal=["marble-quarry", *QUIET_B[:4], "highlands"])
    assert CARDS.catastrophe_by_id["earthquake"].steps == 3
    assert game.table.markers["earthquake"] == 2
    assert game.table.struck == []
    assert isinstance(game.pending, BidPrompt)


def test_reaching_the_last_space_strikes_immediately():
    game = strike(
        "plague",
        PlayerSpec(civ="argos", hand=["wood"] * 3),
        PlayerSpec(civ="sparta", hand=["stone"]),
        order=[1, 0],
    )
    assert game.table.markers["plague"] == CARDS.catastrophe_by_id["plague"].steps
    assert game.table.struck == ["plague"]
    # It strikes before the bidding, for every player in turn order.
    prompt = cat_prompt(game)
    assert (prompt.player, prompt.catastrophe) == (1, "plague")
    game.answer(CatastropheAnswer((("civ", "remove"),)))
    prompt = cat_prompt(game)
    assert (prompt.player, prompt.catastrophe) == (0, "plague")
    assert events(game, "bid") == [] and events(game, "pass") == []


def test_a_catastrophe_strikes_only_once_and_its_marker_stays():
    game = game_at(PlayerSpec(civ="argos", hand=["wood"] * 3, landscapes=["forest"]),
                   PlayerSpec(civ="sparta", hand=[]),
                   round=4, struck=["plague", "tempest"],
                   reveal=["gymnasium", "oak-forest", "theatre", "stockade", "agora",
                           "highlands"])
    # Gymnasium (plague) and Oak Forest (tempest) show catastrophes that have struck already.
    assert game.table.markers["plague"] == CARDS.catastrophe_by_id["plague"].steps
    assert game.table.markers["tempest"] == CARDS.catastrophe_by_id["tempest"].steps
    assert game.table.struck == ["plague", "tempest"]
    assert events(game, "strike") == []
    assert all("already struck" in said(game, e) for e in events(game, "track"))
    assert game.players[0].civ_state == "active"
    assert isinstance(game.pending, BidPrompt)


# ------------------------------------------------------------------------------------------------
# plague


def test_plague_cover_the_civilization_with_a_hand_coin():
    # Argos: 5 inhabitants, 1 power, 1 wood, 1 grain; plague symbol.
    game = strike(
        "plague",
        PlayerSpec(civ="argos", hand=["stone", "wood", "wood", "wood"], landscapes=["forest"]),
        PlayerSpec(civ="sparta", hand=[], buildings=["well"]),
        order=[0, 1],
    )
    helena = game.players[0]
    prompt = cat_prompt(game)
    assert (prompt.count, prompt.candidates) == (1, ("civ",))
    assert set(prompt.hand) == set(helena.hand)
    stone = coin(game, 0, "stone")
    game.answer(CatastropheAnswer((("civ", stone),)))
    assert helena.civ_state == "covered" and helena.civ_cover == stone
    assert stone not in helena.hand and stone not in game.table.discard
    # Only the Forest counts now: 1 inhabitant, 2 wood, no power.
    assert game.inhabitants(helena) == 1
    assert game.production(helena, "wood") == 2
    assert game.production(helena, "grain") == 0
    assert game.power_points(helena) == 0
    # The civilization card's own symbol still shows.
    assert game.symbols(helena, "plague") == 1


def test_plague_remove_the_civilization():
    game = strike(
        "plague",
        PlayerSpec(civ="argos", hand=["stone", "wood", "wood", "wood"]),
        PlayerSpec(civ="sparta", hand=[], buildings=["aqueduct"]),
        order=[0, 1],
    )
    helena = game.players[0]
    hand = list(helena.hand)
    game.answer(CatastropheAnswer((("civ", "remove"),)))
    assert helena.civ_state == "removed" and helena.civ_cover is None
    assert "argos" in game.table.civ_box
    assert helena.hand == hand
    assert game.inhabitants(helena) == 0 and game.power_points(helena) == 0
    assert game.symbols(helena, "plague") == 0
    assert events(game, "removed", 0)[0].data.catastrophe == "plague"


def test_plague_leaves_power_cards_alone():
    game = strike(
        "plague",
        PlayerSpec(civ="argos", hand=["stone", "wood", "wood", "wood"], buildings=["sawmill"],
                   landscapes=["forest"]),
        PlayerSpec(civ="sparta", hand=[], buildings=["well"]),
        order=[0, 1],
    )
    assert cat_prompt(game).candidates == ("civ",)
    game.answer(CatastropheAnswer((("civ", "remove"),)))
    assert placed(game, 0, "sawmill").cover is None
    assert placed(game, 0, "forest").cover is None


def test_plague_passes_over_a_player_without_civilization():
    game = strike(
        "plague",
        PlayerSpec(civ="argos", civ_state="removed", hand=["wood"] * 3),
        PlayerSpec(civ="sparta", hand=[], buildings=["well"]),
        order=[0, 1],
    )
    assert [e.player for e in events(game, "unaffected")] == [0]
    assert [e.player for e in events(game, "protected")] == [1]
    assert isinstance(game.pending, BidPrompt)


# ------------------------------------------------------------------------------------------------
# earthquake

NO_QUAKE_SYMBOL = ["well", "market", "sawmill", "granary", "port", "aqueduct", "agora",
                   "stockade"]


@pytest.mark.parametrize(("n", "hit"), [(1, 1), (2, 1), (3, 1), (4, 2), (5, 2), (6, 2), (7, 3),
                                        (8, 3)])
def test_earthquake_hits_a_third_of_the_buildings_rounded_up(n, hit):
    buildings = NO_QUAKE_SYMBOL[:n]
    game = strike(
        "earthquake",
        PlayerSpec(civ="argos", hand=["wood"] * 4, buildings=buildings, landscapes=["quarry"]),
        PlayerSpec(civ="sparta", hand=[], buildings=["cyclopean-masonry"]),
        order=[0, 1],
    )
    prompt = cat_prompt(game)
    assert prompt.catastrophe == "earthquake"
    assert prompt.count == hit
    assert prompt.candidates == tuple(buildings)  # landscapes are not hit


def test_earthquake_the_player_chooses_and_may_cover_and_remove_together():
    game = strike(
        "earthquake",
        PlayerSpec(civ="argos", hand=["stone", "wood", "wood"],
                   buildings=["well", "market", "sawmill", "granary"]),
        PlayerSpec(civ="sparta", hand=[], buildings=["treasury-of-atreus"]),
        order=[0, 1],
    )
    helena = game.players[0]
    stone = coin(game, 0, "stone")
    game.answer(CatastropheAnswer((("granary", stone), ("market", "remove"))))
    granary = placed(game, 0, "granary")
    assert granary.cover == stone and granary.cover_cause == "earthquake"
    assert helena.find("market") is None and "market" in game.table.box
    assert placed(game, 0, "well").cover is None and placed(game, 0, "sawmill").cover is None
    assert stone not in helena.hand


def test_earthquake_may_hit_a_building_under_construction():
    game = strike(
        "earthquake",
        PlayerSpec(civ="argos", hand=["stone", "wood", "wood"],
                   buildings=["well", PlacedSpec(card="market", under_construction=True)]),
        PlayerSpec(civ="sparta", hand=[], buildings=["cyclopean-masonry"]),
        order=[0, 1],
    )
    prompt = cat_prompt(game)
    assert prompt.candidates == ("well", "market")
    pledge = placed(game, 0, "market").pledge
    stone = coin(game, 0, "stone")
    game.answer(CatastropheAnswer((("market", stone),)))
    market = placed(game, 0, "market")
    assert market.cover == stone and market.pledge == pledge
    assert market.under_construction and market.covered



def test_a_building_under_construction_removed_by_the_earthquake_discards_its_pledge():
    # The Market under construction lies on a 2 Stone coin card; the discard pile holds one
    # Grain card.  Helena removes the Market: it goes to the box, the 2 Stone onto the discard.
    game = strike(
        "earthquake",
        PlayerSpec(civ="argos", hand=["wood"],
                   buildings=["well", PlacedSpec(card="market", pledge="stone-2")]),
        PlayerSpec(civ="sparta", hand=[], buildings=["cyclopean-masonry"]),
        order=[0, 1], discard=["grain"],
    )
    pledge = placed(game, 0, "market").pledge
    assert backs(game, [pledge]) == ["stone-2"]
    (before,) = game.table.discard
    assert cat_prompt(game).candidates == ("well", "market")
    game.answer(CatastropheAnswer((("market", "remove"),)))
    assert game.players[0].find("market") is None
    assert "market" in game.table.box
    assert game.table.discard == [before, pledge]

def test_earthquake_passes_over_a_player_without_buildings():
    game = strike(
        "earthquake",
        PlayerSpec(civ="argos", hand=["wood"] * 3, landscapes=["forest"]),
        PlayerSpec(civ="sparta", hand=[], buildings=["cyclopean-masonry"]),
        order=[0, 1],
    )
    assert said(game, events(game, "unaffected", 0)[0]) == (
        "Helena has no uncovered buildings to lose.")
    assert isinstance(game.pending, BidPrompt)


def test_a_tempest_passes_over_a_player_whose_only_landscape_is_covered():
    """The log says why: not that she has no landscapes (the covered one is still hers)."""
    game = strike(
        "tempest",
        PlayerSpec(civ="argos", hand=["wood"] * 3,
                   landscapes=[PlacedSpec(card="forest", covered_by="drought")]),
        PlayerSpec(civ="sparta", hand=[], buildings=["acrocorinth"]),
        order=[0, 1],
    )
    assert said(game, events(game, "unaffected", 0)[0]) == (
        "Helena has no uncovered landscapes to lose.")


# ------------------------------------------------------------------------------------------------
# tempest

NO_TEMPEST_SYMBOL = ["pine-forest", "quarry", "limestone-hills", "wheat-fields", "barley-fields",
                     "olive-grove", "pasture", "river-valley"]


@pytest.mark.parametrize(("n", "hit"), [(1, 1), (3, 1), (4, 2), (6, 2), (7, 3)])
def test_tempest_hits_a_third_of_the_landscapes_rounded_up(n, hit):
    landscapes = NO_TEMPEST_SYMBOL[:n]
    game = strike(
        "tempest",
        PlayerSpec(civ="argos", hand=["wood"] * 4, buildings=["well"], landscapes=landscapes),
        PlayerSpec(civ="sparta", hand=[], buildings=["acrocorinth"]),
        order=[0, 1],
    )
    prompt = cat_prompt(game)
    assert prompt.catastrophe == "tempest"
    assert prompt.count == hit
    assert prompt.candidates == tuple(landscapes)  # buildings are not hit


def test_tempest_cover_or_remove_the_chosen_landscapes():
    game = strike(
        "tempest",
        PlayerSpec(civ="argos", hand=["grain", "wood", "wood"],
                   landscapes=["pine-forest", "quarry", "wheat-fields", "pasture"]),
        PlayerSpec(civ="sparta", hand=[], buildings=["phidias-workshop"]),
        order=[0, 1],
    )
    helena = game.players[0]
    grain = coin(game, 0, "grain")
    game.answer(CatastropheAnswer((("wheat-fields", grain), ("pasture", "remove"))))
    assert placed(game, 0, "wheat-fields").cover == grain
    assert placed(game, 0, "wheat-fields").cover_cause == "tempest"
    assert helena.find("pasture") is None and "pasture" in game.table.box
    # Wheat Fields (1 inhabitant, 3 grain) and Pasture (2, 1) no longer count.
    assert game.inhabitants(helena) == 5 + 1 + 1
    assert game.production(helena, "grain") == 1 + 1


# ------------------------------------------------------------------------------------------------
# drought


def test_drought_hits_the_power_card_with_most_grain_never_the_civilization():
    # Argos produces 1 grain, the Granary 2, Pasture 1, Wheat Fields 3.
    game = strike(
        "drought",
        PlayerSpec(civ="argos", hand=["grain", "wood", "wood"], buildings=["granary"],
                   landscapes=["pasture", "wheat-fields"]),
        PlayerSpec(civ="sparta", hand=[], buildings=["lion-gate"]),
        order=[0, 1],
    )
    prompt = cat_prompt(game)
    assert (prompt.count, prompt.candidates) == (1, ("wheat-fields",))
    expect_illegal(game, CatastropheAnswer((("civ", "remove"),)), "not one of the cards")
    expect_illegal(game, CatastropheAnswer((("granary", "remove"),)), "not one of the cards")
    game.answer(CatastropheAnswer((("wheat-fields", coin(game, 0, "grain")),)))
    assert placed(game, 0, "wheat-fields").cover_cause == "drought"
    assert game.players[0].civ_state == "active"


def test_drought_civilization_with_more_grain_than_any_power_card_is_still_spared():
    # Messene (2 grain) outproduces Pine Forest (1): the Pine Forest is hit.
    game = strike(
        "drought",
        PlayerSpec(civ="messene", hand=["grain", "wood", "wood"],
                   landscapes=["pine-forest", "forest"]),
        PlayerSpec(civ="sparta", hand=[], buildings=["temple-of-apollo"]),
        order=[0, 1],
    )
    assert cat_prompt(game).candidates == ("pine-forest",)


def test_drought_tie_the_player_chooses():
    # Granary, Barley Fields and Olive Grove all produce 2 grain; Pasture 1.
    game = strike(
        "drought",
        PlayerSpec(civ="argos", hand=["grain", "wood", "wood"], buildings=["granary"],
                   landscapes=["barley-fields", "olive-grove", "pasture"]),
        PlayerSpec(civ="sparta", hand=[], buildings=["lion-gate"]),
        order=[0, 1],
    )
    prompt = cat_prompt(game)
    assert prompt.count == 1
    assert set(prompt.candidates) == {"granary", "barley-fields", "olive-grove"}
    assert prompt_text(prompt, game.cards) == (
        "Drought: your power card with the most grain is hit (choose one of the tied cards); "
        "cover it with a coin card or remove it.")
    expect_illegal(game, CatastropheAnswer((("granary", "remove"), ("olive-grove", "remove"))),
                   "must be chosen, not 2")
    game.answer(CatastropheAnswer((("olive-grove", "remove"),)))
    assert game.players[0].find("olive-grove") is None
    assert placed(game, 0, "granary").cover is None
    assert placed(game, 0, "barley-fields").cover is None


def test_drought_may_hit_a_building_under_construction():
    game = strike(
        "drought",
        PlayerSpec(civ="argos", hand=["grain", "wood", "wood"],
                   buildings=[PlacedSpec(card="granary", under_construction=True)],
                   landscapes=["pasture"]),
        PlayerSpec(civ="sparta", hand=[], buildings=["lion-gate"]),
        order=[0, 1],
    )
    assert cat_prompt(game).candidates == ("granary",)


# ------------------------------------------------------------------------------------------------
# decline


def test_decline_cover_the_luxury_card_holds_three_luxury_goods_at_most():
    # Decline strikes, then the supply card brings a supply phase in the same round.
    # Messene (3 inhabitants, 2 grain) + Wheat Fields (1, 3) + Fertile Plain (2, 3) + Olive Grove
    # (0, 2): 4 spare grain.
    game = game_at(PlayerSpec(civ="messene", hand=["stone", "wood", "wood"], luxury=6,
                              landscapes=["wheat-fields", "fertile-plain", "olive-grove"]),
                   PlayerSpec(civ="sparta", hand=[], buildings=["port"]),
                   order=[0, 1], round=4, markers={"decline": 1},
                   reveal=["theatre", "stockade", "eurotas-valley", "agora", "oak-forest",
                           "highlands"])
    helena = game.players[0]
    prompt = cat_prompt(game)
    assert (prompt.catastrophe, prompt.candidates, prompt.count) == ("decline", ("luxury",), 1)
    assert helena.luxury == 0  # all luxury goods are lost at once
    stone = coin(game, 0, "stone")
    game.answer(CatastropheAnswer((("luxury", stone),)))
    assert helena.luxury_state == "covered" and helena.luxury_cover == stone
    # Supply: 4 spare grain, but the covered luxury card shows only 0-3.
    assert helena.luxury == 3
    assert "capped at 3" in said(game, events(game, "luxury", 0)[-1])


def test_decline_remove_the_luxury_card_no_more_luxury_goods():
    game = game_at(PlayerSpec(civ="messene", hand=["stone", "wood", "wood"], luxury=6,
                              landscapes=["wheat-fields", "fertile-plain"]),
                   PlayerSpec(civ="sparta", hand=[], buildings=["stoa"]),
                   order=[0, 1], round=4, markers={"decline": 1},
                   reveal=["theatre", "stockade", "eurotas-valley", "agora", "oak-forest",
                           "highlands"])
    helena = game.players[0]
    game.answer(CatastropheAnswer((("luxury", "remove"),)))
    assert helena.luxury_state == "removed" and helena.luxury == 0
    assert game.luxury_cap(helena) == 0
    assert "no luxury card left" in said(game, events(game, "luxury", 0)[-1])


def test_decline_leaves_a_protected_player_their_luxury_goods():
    game = strike(
        "decline",
        PlayerSpec(civ="argos", hand=["wood"] * 3, luxury=5),
        PlayerSpec(civ="sparta", hand=["wood"], luxury=4, buildings=["port"]),
        order=[1, 0],
    )
    assert game.players[0].luxury == 0
    assert game.players[1].luxury == 4
    assert "Port" in said(game, events(game, "protected", 1)[0])


# ------------------------------------------------------------------------------------------------
# protection


PROTECTORS = [(c.id, c.protection) for c in CARDS.power_cards if c.protection]


def test_every_protection_building_of_the_rulebook_is_in_the_card_data():
    assert sorted(PROTECTORS) == sorted([
        ("port", "decline"), ("well", "plague"), ("lion-gate", "drought"),
        ("aqueduct", "plague"), ("cyclopean-masonry", "earthquake"),
        ("acrocorinth", "tempest"), ("temple-of-apollo", "drought"),
        ("treasury-of-atreus", "earthquake"), ("phidias-workshop", "tempest"),
        ("stoa", "decline")])


@pytest.mark.parametrize(("building", "cat"), PROTECTORS)
def test_a_protection_building_lets_its_owner_ignore_the_catastrophe(building, cat):
    # Helena would be hit: a civilization, luxury, one building and one landscape with grain.
    game = strike(
        cat,
        PlayerSpec(civ="argos", hand=["wood"] * 4, luxury=2, buildings=["sawmill"],
                   landscapes=["pine-forest"]),
        PlayerSpec(civ="sparta", hand=["wood"] * 4, luxury=2, buildings=[building]),
        order=[1, 0],
    )
    prompt = cat_prompt(game)
    assert prompt.player == 0 and prompt.catastrophe == cat
    protected = events(game, "protected", 1)
    assert len(protected) == 1 and CARDS.power_by_id[building].name.en in said(game, protected[0])
    assert game.players[1].luxury == 2


def test_a_protection_building_under_construction_protects():
    game = strike(
        "plague",
        PlayerSpec(civ="argos", hand=["wood"] * 3,
                   buildings=[PlacedSpec(card="well", under_construction=True)]),
        PlayerSpec(civ="sparta", hand=["wood"] * 3, buildings=["aqueduct"]),
        order=[0, 1],
    )
    assert [e.player for e in events(game, "protected")] == [0, 1]
    assert isinstance(game.pending, BidPrompt)


def test_a_covered_protection_building_does_not_protect():
    game = strike(
        "plague",
        PlayerSpec(civ="argos", hand=["wood"] * 3,
                   buildings=[PlacedSpec(card="well", covered_by="earthquake")]),
        PlayerSpec(civ="sparta", hand=["wood"] * 3, buildings=["aqueduct"]),
        order=[0, 1],
        struck=["earthquake"],
    )
    assert cat_prompt(game).player == 0


def test_three_matching_symbols_on_power_and_civilization_cards_protect():
    # Thebes (decline, tempest) + Forest (tempest) + Sawmill (tempest): three tempest symbols.
    game = strike(
        "tempest",
        PlayerSpec(civ="thebes", hand=["wood"] * 3, buildings=["sawmill"],
                   landscapes=["forest", "quarry"]),
        # Elis (tempest, plague) + Coast (tempest): only two.
        PlayerSpec(civ="elis", hand=["wood"] * 3, landscapes=["coast", "pasture"]),
        order=[0, 1],
    )
    assert game.symbols(game.players[0], "tempest") == 3
    assert game.symbols(game.players[1], "tempest") == 2
    assert "three Tempest symbols" in said(game, events(game, "protected", 0)[0])
    prompt = cat_prompt(game)
    assert prompt.player == 1 and prompt.candidates == ("coast", "pasture")


def test_three_symbols_count_a_covered_civilization_but_not_a_removed_one():
    # Helena: covered Elis (tempest) + Sawmill + Forest (tempest): three symbols.
    # Leonidas: removed Thebes (tempest) + Port + Coast (tempest): two symbols only.
    game = strike(
        "tempest",
        PlayerSpec(civ="elis", civ_state="covered", hand=["wood"] * 3, buildings=["sawmill"],
                   landscapes=["forest"]),
        PlayerSpec(civ="thebes", civ_state="removed", hand=["wood"] * 3, buildings=["port"],
                   landscapes=["coast"]),
        order=[0, 1],
        struck=["plague"],
    )
    assert [e.player for e in events(game, "protected")] == [0]
    assert cat_prompt(game).player == 1


def test_three_symbols_count_buildings_under_construction():
    game = strike(
        "tempest",
        PlayerSpec(civ="thebes", hand=["wood"] * 3,
                   buildings=[PlacedSpec(card="sawmill", under_construction=True)],
                   landscapes=["forest"]),
        PlayerSpec(civ="sparta", hand=["wood"] * 3, buildings=["acrocorinth"]),
        order=[0, 1],
    )
    assert [e.player for e in events(game, "protected")] == [0, 1]


# ------------------------------------------------------------------------------------------------
# illegal answers


@pytest.fixture
def quake():
    """Earthquake hits two of Helena's four buildings; she holds two stone and one wood."""
    game = strike(
        "earthquake",
        PlayerSpec(civ="argos", hand=["stone", "stone", "wood"], luxury=1,
                   buildings=["well", "market", "sawmill", "granary"], landscapes=["forest"]),
        PlayerSpec(civ="sparta", hand=["grain"], buildings=["cyclopean-masonry"]),
        order=[0, 1],
    )
    prompt = cat_prompt(game)
    assert prompt.count == 2 and prompt.luxury_usable == 1
    return game


def test_illegal_wrong_number_of_cards(quake):
    expect_illegal(quake, CatastropheAnswer((("well", "remove"),)), "2 cards must be chosen")
    expect_illegal(quake, CatastropheAnswer(()), "2 cards must be chosen, not 0")


def test_illegal_card_not_hit(quake):
    expect_illegal(quake, CatastropheAnswer((("well", "remove"), ("forest", "remove"))),
                   "not one of the cards this catastrophe can hit")
    expect_illegal(quake, CatastropheAnswer((("well", "remove"), ("civ", "remove"))),
                   "not one of the cards this catastrophe can hit")


def test_illegal_same_card_twice(quake):
    expect_illegal(quake, CatastropheAnswer((("well", "remove"), ("well", "remove"))),
                   "the same card is named twice")


def test_illegal_coin_not_in_hand(quake):
    other = coin(quake, 1, "grain")
    expect_illegal(quake, CatastropheAnswer((("well", other), ("market", "remove"))),
                   f"coin card {other} is not in your hand")


def test_illegal_same_coin_for_two_cards(quake):
    stone = coin(quake, 0, "stone")
    expect_illegal(quake, CatastropheAnswer((("well", stone), ("market", stone))),
                   "the same coin card is named twice")


def test_illegal_unknown_treatment(quake):
    expect_illegal(quake, CatastropheAnswer((("well", "burn"), ("market", "remove"))),
                   "cover with a coin card, with a luxury good, or remove")


def test_illegal_more_luxury_than_owned(quake):
    expect_illegal(quake, CatastropheAnswer((("well", "luxury"), ("market", "luxury"))),
                   "cannot trade that many luxury goods")


def test_illegal_malformed_treatments(quake):
    expect_illegal(quake, CatastropheAnswer(("well",)),  # type: ignore[arg-type]
                   "name each card hit")
    expect_illegal(quake, CatastropheAnswer(((["well"], "remove"), ("market", "remove"))),
                   # type: ignore[arg-type]
                   "not one of the cards")
    expect_illegal(quake, CatastropheAnswer((("well", True), ("market", "remove"))),
                   "coin cards must be given")


def test_illegal_wrong_kind_of_answer(quake):
    expect_illegal(quake, Pass(), "must answer with catastrophe")
    expect_illegal(quake, FeedPlan(), "must answer with catastrophe")


def test_a_legal_answer_after_refusals_still_applies(quake):
    stone1, stone2 = coins(quake, 0, "stone")
    expect_illegal(quake, CatastropheAnswer((("well", stone1), ("well", stone2))), "twice")
    quake.answer(CatastropheAnswer((("well", stone1), ("sawmill", "luxury"))))
    assert placed(quake, 0, "well").cover == stone1
    assert placed(quake, 0, "sawmill").covered
    assert quake.players[0].luxury == 0
    assert len(quake.answers) == 1
    assert not isinstance(quake.pending, FeedPrompt)


def test_catastrophe_answers_replay_exactly():
    # Plague and tempest strike; Helena covers both with coin cards drawn blind for luxury goods.
    game = game_at(PlayerSpec(civ="argos", hand=["wood"] * 3, luxury=2, landscapes=["forest"]),
                   PlayerSpec(civ="sparta", hand=["stone"] * 3, luxury=0,
                              landscapes=["quarry", "pasture"]),
                   round=4, order=[0, 1], markers={"plague": 1, "tempest": 2},
                   reveal=["gymnasium", "oak-forest", "agora", "theatre", "stockade",
                           "highlands"])
    game.answer(CatastropheAnswer((("civ", "luxury"),)))
    game.answer(CatastropheAnswer((("civ", coin(game, 1, "stone")),)))
    game.answer(CatastropheAnswer((("forest", "luxury"),)))
    game.answer(CatastropheAnswer((("pasture", "remove"),)))
    answers = [answer_from_dict(a.to_dict()) for a in game.answers]
    assert answers == game.answers
    again = Game.replay(game.names, game.seed, answers, game.cards, game.position)
    assert again.snapshot() == game.snapshot()
    assert game.undo(1).snapshot() != game.snapshot()
