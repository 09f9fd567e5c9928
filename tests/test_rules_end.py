"""The end of the game: final supply, restoration of covered cards, scoring and the winner.

Rulebook, "Game End" and "Scoring" (the German edition: "die beiden Bewohner/Machtpunkte der
Luxuskarte, sofern diese nicht vom Verfall betroffen ist oder abgerissen wurde").  Every game
test starts in round 8 from a prepared position; everyone passes, so each player draws 3 coin
cards for passing and then the final income, all of them stone coin cards fixed with
``coins_next``.  The rule of restoration is also checked as a function of a tableau given as
data (``scoring.restorations``), and against ``restore()`` at the end of seeded bot games.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import (
    CARDS,
    PlacedSpec,
    PlayerSpec,
    answer_bids,
    coins,
    events,
    expect_illegal,
    game_at,
    grain_of,
    income_of,
    inhabitants_of,
    placed,
    play_to_end,
    power_of,
    restored_by_hand,
    said,
)

from peloponnes_tui.engine import (
    CIV,
    LUXURY,
    BidPrompt,
    CompletePlan,
    CompletePrompt,
    FeedPlan,
    FeedPrompt,
    Game,
    GameOver,
    Pass,
    Placed,
    Player,
    Score,
    scoring,
)
from peloponnes_tui.engine.scoring import restorations
from peloponnes_tui.simulate import play_game

# The last six cards: Council House (decline) and Stoa (tempest) move their markers one space;
# nobody can be hit.  Council House (value 3) is in the market, so 3 coin cards make a bid prompt.
END_C = ["council-house", "stoa", "stadium", "odeon", "mountain-forest", "phidias-workshop"]
# Tegea + Orchards: 3 inhabitants, 3 grain.
LEONIDAS = PlayerSpec(civ="tegea", hand=["wood"] * 3, luxury=0, landscapes=["orchards"])


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
    game = last_round(PlayerSpec(civ="messene", hand=["wood"] * 4, luxury=1), LEONIDAS)
    answer_bids(game)
    prompt = game.pending
    assert isinstance(prompt, FeedPrompt) and prompt.player == 0
    assert (game.round, game.phase) == (8, "supply")
    kinds = [e.kind for e in game.log if e.round == 8 and e.kind in ("income", "supply")]
    assert kinds == ["income", "income", "supply"]
    assert all("(final income)" in said(game, e) for e in events(game, "income"))
    assert said(game, events(game, "supply")[-1]).startswith("Final supply")
    game.answer(FeedPlan(luxury=1))
    assert game.over and game.phase == "over"


def test_a_supply_card_in_round_8_does_not_replace_the_final_supply():
    game = last_round(PlayerSpec(civ="messene", hand=["wood"] * 4, luxury=2), LEONIDAS,
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
    # Leonidas: the Stockade (3 wood, 2 power) under construction, which he leaves unpaid.
    game = last_round(
        PlayerSpec(civ="messene", hand=["wood", "wood", "stone", "stone"], luxury=0,
                   buildings=[PlacedSpec(card="theatre", under_construction=True)],
                   landscapes=["barley-fields"]),
        LEONIDAS.model_copy(update={"buildings": [PlacedSpec(card="stockade",
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
    assert score_of(game, 0).power_tableau == power_of("messene", "theatre")
    assert score_of(game, 1).power_tableau == power_of("tegea", "orchards")  # no Stockade


# ------------------------------------------------------------------------------------------------
# restoration of covered cards


def test_late_protection_building_uncovers_cards_hit_by_its_catastrophe():
    # The earthquake covered the Palace; Helena has since built the Treasury of Atreus (protects
    # against earthquake).
    game = last_round(
        PlayerSpec(civ="messene", hand=["wood"] * 4, luxury=0,
                   buildings=[PlacedSpec(card="palace", covered_by="earthquake"),
                              "treasury-of-atreus"],
                   landscapes=["barley-fields"]),
        LEONIDAS, struck=["earthquake"],
    )
    cover = placed(game, 0, "palace").cover
    assert cover is not None
    play_to_end(game)
    palace = placed(game, 0, "palace")
    assert palace.cover is None and palace.cover_cause is None
    assert cover in game.table.discard
    assert "Palace is uncovered" in said(game, events(game, "restored", 0)[0])
    score = score_of(game, 0)
    assert score.population_tableau == inhabitants_of("messene", "palace", "barley-fields")
    assert score.power_tableau == power_of("messene", "palace", "treasury-of-atreus")


def test_late_protection_by_three_symbols_uncovers_cards():
    # Sparta, Quarry and the covered Barracks show three earthquake symbols.
    game = last_round(
        PlayerSpec(civ="sparta", hand=["wood"] * 4, luxury=0,
                   buildings=[PlacedSpec(card="barracks", covered_by="earthquake"), "well"],
                   landscapes=["quarry", "wheat-fields"]),
        LEONIDAS, struck=["earthquake"],
    )
    play_to_end(game)
    assert placed(game, 0, "barracks").cover is None
    assert said(game, events(game, "restored", 0)[0]) == (
        "Helena is now protected from Earthquake: Barracks is uncovered.")
    assert score_of(game, 0).power_tableau == power_of("sparta", "barracks", "well")


def test_late_protection_restores_the_civilization_card():
    # Plague covered Argos (1 grain); the Well protects against plague.
    game = last_round(
        PlayerSpec(civ="argos", civ_state="covered", hand=["wood"] * 4, luxury=0,
                   buildings=["well"], landscapes=["wheat-fields"]),
        LEONIDAS, struck=["plague"],
    )
    helena = game.players[0]
    cover = helena.civ_cover
    assert cover is not None
    play_to_end(game)
    assert helena.civ_state == "active" and helena.civ_cover is None
    assert cover in game.table.discard
    # The restoration comes after the final supply: Argos's inhabitants were not fed, and the
    # grain it would have eaten was excess (Well 1 + Wheat Fields 3 for 1 inhabitant: 3 luxury).
    assert [e.data.gained for e in events(game, "luxury", 0)] == [3]
    score = score_of(game, 0)
    assert score.population_tableau == inhabitants_of("argos", "wheat-fields")
    assert score.power_tableau == power_of("argos", "well")


def test_late_protection_restores_the_luxury_card():
    # Decline covered Helena's luxury card; the Port now protects against decline.
    game = last_round(
        PlayerSpec(civ="tegea", hand=["wood"] * 4, luxury=3, luxury_state="covered",
                   buildings=["port", "well"], landscapes=["orchards"]),
        PlayerSpec(civ="messene", hand=["wood"] * 3, luxury=0, luxury_state="covered",
                   landscapes=["barley-fields"]),
        struck=["decline"], draws=13,
    )
    helena, leonidas = game.players
    cover = helena.luxury_cover
    play_to_end(game)
    assert helena.luxury_state == "active" and cover in game.table.discard
    assert leonidas.luxury_state == "covered"
    helena_score, leonidas_score = score_of(game, 0), score_of(game, 1)
    assert (helena_score.population_luxury_card, helena_score.power_luxury_card) == (2, 2)
    assert (leonidas_score.population_luxury_card, leonidas_score.power_luxury_card) == (0, 0)


def test_no_restoration_without_protection():
    game = last_round(
        PlayerSpec(civ="argos", civ_state="covered", hand=["wood"] * 4, luxury=0,
                   buildings=[PlacedSpec(card="palace", covered_by="earthquake")],
                   landscapes=["wheat-fields"]),
        LEONIDAS, struck=["plague", "earthquake"],
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
    # The Treasury of Atreus protects against earthquake, not against the tempest that covered
    # the Pasture.
    game = last_round(
        PlayerSpec(civ="messene", hand=["wood"] * 4, luxury=0,
                   buildings=["treasury-of-atreus",
                              PlacedSpec(card="granary", covered_by="earthquake")],
                   landscapes=["barley-fields", PlacedSpec(card="pasture", covered_by="tempest")]),
        LEONIDAS, struck=["earthquake", "tempest"],
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
        LEONIDAS, struck=["plague", "decline"],
    )
    play_to_end(game)
    helena = game.players[0]
    assert helena.civ_state == "removed" and helena.luxury_state == "removed"
    score = score_of(game, 0)
    assert score.population_luxury_card == 0 and score.power_luxury_card == 0


def test_restoration_follows_the_final_supply():
    # The covered Palace is restored only after everyone was fed:
    # Messene + Barley Fields feed exactly 4 inhabitants, no prompt.
    game = last_round(
        PlayerSpec(civ="messene", hand=["wood"] * 4, luxury=0,
                   buildings=["treasury-of-atreus",
                              PlacedSpec(card="palace", covered_by="earthquake")],
                   landscapes=["barley-fields"]),
        LEONIDAS, struck=["earthquake"],
    )
    play_to_end(game)
    order = [e.kind for e in game.log if e.kind in ("supply", "fed", "restored", "score")]
    assert order[:4] == ["supply", "fed", "fed", "restored"]
    assert said(game, events(game, "fed", 0)[0]) == "Helena feeds 4 inhabitants from 4 grain."
    assert score_of(game, 0).population_tableau == inhabitants_of(
        "messene", "barley-fields", "palace")


# ------------------------------------------------------------------------------------------------
# restoration as a function of a tableau given as data (scoring.restorations, which restore()
# applies and the heuristic asks over imagined tableaus)


def protects(card: str, cat: str) -> bool:
    return CARDS.power_by_id[card].protection == cat


def symbols_of(cat: str, civ: str, *cards: str) -> int:
    return (CARDS.civ_by_id[civ].catastrophes.count(cat)
            + sum(1 for c in cards if CARDS.power_by_id[c].catastrophe == cat))


def test_restorations_uncover_what_a_late_protection_building_protects():
    assert protects("treasury-of-atreus", "earthquake")
    row = [("palace", "earthquake"), ("treasury-of-atreus", None), ("barley-fields", None)]
    assert restorations(CARDS, ["earthquake"], "messene", "active", "active", row) == (
        ("earthquake", "palace"),)


def test_restorations_uncover_by_three_symbols():
    # Sparta, the covered Barracks and the Quarry: three earthquake symbols, no building.
    assert symbols_of("earthquake", "sparta", "barracks", "well", "quarry", "wheat-fields") == 3
    row = [("barracks", "earthquake"), ("well", None), ("quarry", None), ("wheat-fields", None)]
    assert restorations(CARDS, ["earthquake"], "sparta", "active", "active", row) == (
        ("earthquake", "barracks"),)
    # without the Quarry two symbols are left: nothing comes off
    assert restorations(CARDS, ["earthquake"], "sparta", "active", "active",
                        [r for r in row if r[0] != "quarry"]) == ()


def test_restorations_chain_an_uncovered_protection_building():
    # Plague covered Messene, earthquake the Aqueduct (which protects against plague); the
    # Treasury of Atreus protects against earthquake.  Two plague symbols only (Messene, Barley
    # Fields), so only the Aqueduct, once uncovered, protects from plague.
    assert protects("aqueduct", "plague") and protects("treasury-of-atreus", "earthquake")
    cards = ("aqueduct", "treasury-of-atreus", "barley-fields")
    assert symbols_of("plague", "messene", *cards) == 2
    row = [("aqueduct", "earthquake"), ("treasury-of-atreus", None), ("barley-fields", None)]
    # plague first: the first pass uncovers the Aqueduct, the second Messene
    assert restorations(CARDS, ["plague", "earthquake"], "messene", "covered", "active",
                        row) == (("earthquake", "aqueduct"), ("plague", CIV))
    # earthquake first: both in one pass, in the same order
    assert restorations(CARDS, ["earthquake", "plague"], "messene", "covered", "active",
                        row) == (("earthquake", "aqueduct"), ("plague", CIV))
    # without the Treasury nothing comes off: the Aqueduct cannot protect while covered
    assert restorations(CARDS, ["plague", "earthquake"], "messene", "covered", "active",
                        [r for r in row if r[0] != "treasury-of-atreus"]) == ()


def test_restorations_give_back_the_civilization_card_after_a_plague():
    assert protects("well", "plague")
    row = [("well", None), ("wheat-fields", None)]
    assert restorations(CARDS, ["plague"], "argos", "covered", "active", row) == (
        ("plague", CIV),)
    # a removed civilization card stays removed
    assert restorations(CARDS, ["plague"], "argos", "removed", "active", row) == ()


def test_restorations_give_back_the_luxury_card_after_a_decline():
    assert protects("port", "decline")
    row = [("port", None), ("well", None), ("orchards", None)]
    assert restorations(CARDS, ["decline"], "tegea", "active", "covered", row) == (
        ("decline", LUXURY),)
    assert restorations(CARDS, ["decline"], "tegea", "active", "removed", row) == ()
    # without the Port: Tegea's decline symbol alone does not protect
    assert restorations(CARDS, ["decline"], "tegea", "active", "covered", row[1:]) == ()


def test_restorations_need_protection():
    # Argos under plague and the Palace under earthquake; nothing protects from either.
    row = [("palace", "earthquake"), ("wheat-fields", None)]
    assert symbols_of("plague", "argos", "palace", "wheat-fields") == 1
    assert symbols_of("earthquake", "argos", "palace", "wheat-fields") == 1
    assert restorations(CARDS, ["plague", "earthquake"], "argos", "covered", "active",
                        row) == ()


def test_restorations_keep_covers_of_another_catastrophe():
    # The Treasury of Atreus protects against earthquake, not against the tempest that covered
    # the Pasture, nor does anything else.
    row = [("treasury-of-atreus", None), ("granary", "earthquake"), ("barley-fields", None),
           ("pasture", "tempest")]
    assert symbols_of("tempest", "messene", *(c for c, _ in row)) == 0
    assert restorations(CARDS, ["earthquake", "tempest"], "messene", "active", "active",
                        row) == (("earthquake", "granary"),)
    # a cover by a catastrophe that has not struck (a game has none) stays too
    assert restorations(CARDS, ["tempest"], "messene", "active", "active", row) == ()


def placed_in(p: Player, card: str) -> Placed:
    found = p.find(card)
    assert found is not None
    return found


@pytest.mark.parametrize("bots", [["random"] * 2, ["random"] * 3, ["random"] * 5,
                                  ["heuristic", "random", "heuristic", "random"]])
def test_restore_lifts_exactly_the_restorations_at_every_game_end(monkeypatch, bots):
    """At the end of seeded bot games: restore() logs one "restored" event for each restoration
    of the tableau as it stood, in that order, which is the restoration done by hand; the coin
    cards go onto the discard pile, the other covers stay, and no card is left covered by a
    catastrophe the player is protected from."""
    real = scoring.restore
    lifted = 0

    def watched(core: Any) -> None:
        nonlocal lifted
        struck = list(core.table.struck)
        before = [p.copy() for p in core.players]
        expected = [restorations(core.cards, struck, p.civ, p.civ_state, p.luxury_state,
                                 [(x.card, x.cover_cause if x.covered else None)
                                  for x in p.placed()]) for p in before]
        start, discard = len(core.log), len(core.table.discard)
        real(core)
        logged = [(e.player, e.data.catastrophe, e.data.card) for e in core.log[start:]]
        assert logged == [(p.seat, cat, card) for p, r in zip(before, expected, strict=True)
                          for cat, card in r]
        coins: list[int | None] = []  # the covers' coin cards, in the order they came off
        for p, was, r in zip(core.players, before, expected, strict=True):
            assert list(r) == restored_by_hand(was, struck)
            back = {card for _, card in r}
            for _, card in r:
                if card == CIV:
                    coins.append(was.civ_cover)
                elif card == LUXURY:
                    coins.append(was.luxury_cover)
                else:
                    coins.append(placed_in(was, card).cover)
            for x, y in zip(p.placed(), was.placed(), strict=True):
                if x.card in back:
                    assert x.cover is None and y.cover is not None
                else:
                    assert (x.cover, x.cover_cause) == (y.cover, y.cover_cause)
            if CIV in back:
                assert (p.civ_state, p.civ_cover) == ("active", None)
                assert was.civ_state == "covered"
            else:
                assert (p.civ_state, p.civ_cover) == (was.civ_state, was.civ_cover)
            if LUXURY in back:
                assert (p.luxury_state, p.luxury_cover) == ("active", None)
                assert was.luxury_state == "covered"
            else:
                assert (p.luxury_state, p.luxury_cover) == (was.luxury_state, was.luxury_cover)
            for cat in struck:
                if core.protector(p, cat) is not None:
                    assert not any(x.cover_cause == cat for x in p.placed() if x.covered)
                    assert cat != "plague" or p.civ_state != "covered"
                    assert cat != "decline" or p.luxury_state != "covered"
        assert core.table.discard[discard:] == coins
        lifted += len(logged)

    monkeypatch.setattr(scoring, "restore", watched)
    ends = 0
    for seed in range(30):
        game = play_game(CARDS, bots, 500 + seed)
        assert game.over
        ends += 1
    assert ends == 30
    assert lifted >= 5, f"only {lifted} restorations at the ends of these games"


# ------------------------------------------------------------------------------------------------
# scoring


def test_score_shows_every_source():
    # Helena: Messene, Palace, Wheat Fields, Barley Fields: 7 inhabitants fed by 7 grain.
    # Hand: 2 inhabitant and 2 wood coin cards, 4 luxury.
    game = last_round(
        PlayerSpec(civ="messene", hand=["inhabitants", "inhabitants", "wood", "wood"], luxury=4,
                   buildings=["palace"], landscapes=["wheat-fields", "barley-fields"]),
        LEONIDAS,
    )
    play_to_end(game)
    s = score_of(game, 0)
    tableau = ("messene", "palace", "wheat-fields", "barley-fields")
    assert (s.seat, s.name) == (0, "Helena")
    assert s.population_tableau == inhabitants_of(*tableau) == 7
    assert s.population_coins == 2
    assert s.population_luxury_card == 2
    assert s.power_tableau == power_of(*tableau)
    # 2 wood + 3 drawn for passing + the final income for 7 inhabitants.
    assert s.coins_left == 2 + 3 + income_of(7)
    assert s.luxury_goods == 4
    assert s.power_from_coins == (s.coins_left + 4) // 6
    assert s.power_luxury_card == 2
    assert s.population == 7 + 2 + 2
    assert s.power == s.power_tableau + s.power_from_coins + 2
    assert s.score == min(s.population, s.power)
    # Leonidas: Tegea + Orchards and the luxury card; 3 wood + 3 drawn + income in hand.
    d = score_of(game, 1)
    d_inh = inhabitants_of("tegea", "orchards")
    assert d.population == d_inh + 2
    assert d.power == power_of("tegea", "orchards") + (3 + 3 + income_of(d_inh)) // 6 + 2
    assert d.score == min(d.population, d.power) < s.score
    assert (s.rank, d.rank) == (1, 2)
    assert game.winners == (0,)


def test_every_six_coin_cards_or_luxury_goods_make_one_power_point():
    # Both end with coin cards in hand = wood + 3 drawn for passing + the final income, and
    # 3 luxury goods: Helena 11 in all (one power point), Leonidas 12 (two power points).
    helena_income = income_of(inhabitants_of("messene", "barley-fields"))
    leonidas_income = income_of(inhabitants_of("tegea", "orchards"))
    helena_wood, leonidas_wood = 11 - 3 - 3 - helena_income, 12 - 3 - 3 - leonidas_income
    game = last_round(PlayerSpec(civ="messene", hand=["wood"] * helena_wood, luxury=3,
                                 landscapes=["barley-fields"]),
                      LEONIDAS.model_copy(update={"hand": ["wood"] * leonidas_wood,
                                                   "luxury": 3}))
    play_to_end(game)
    assert (score_of(game, 0).coins_left, score_of(game, 0).power_from_coins) == (8, 1)
    assert (score_of(game, 1).coins_left, score_of(game, 1).power_from_coins) == (9, 2)


def test_luxury_card_counts_only_if_decline_did_not_hit_it():
    game = last_round(
        PlayerSpec(civ="messene", hand=["wood"] * 3, luxury=2, luxury_state="covered",
                   landscapes=["barley-fields"]),
        LEONIDAS.model_copy(update={"luxury_state": "removed"}),
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
    helena_cards = ["argos", "granary", "lowland-plain", "vineyard", "pasture", "olive-grove",
                    "barley-fields", "orchards"]
    dimitrios_cards = ["messene", "palace", "barracks", "wheat-fields", "fertile-plain"]
    # Helena: 14 inhabitants, 15 grain, 8 power; Dimitrios: 8 inhabitants, 8 grain, 11 power.
    assert (inhabitants_of(*helena_cards), grain_of(*helena_cards), power_of(*helena_cards)) == (
        14, 15, 8)
    assert (inhabitants_of(*dimitrios_cards), grain_of(*dimitrios_cards),
            power_of(*dimitrios_cards)) == (8, 8, 11)
    game = last_round(
        PlayerSpec(civ="argos", hand=["inhabitants"], luxury=0, buildings=["granary"],
                   landscapes=helena_cards[2:]),
        PlayerSpec(civ="messene", hand=["wood"] * 5, luxury=0, buildings=["palace", "barracks"],
                   landscapes=["wheat-fields", "fertile-plain"]),
        draws=15, names=("Helena", "Dimitrios"),  # as in the rulebook
    )
    play_to_end(game)
    helena, dimitrios = game.scores
    # Dimitrios: 8 + luxury card 2 = 10; 11 + (5 + 3 + income for 8 coin cards) // 6 + 2 = 15.
    assert (5 + 3 + income_of(8)) // 6 == 2
    assert (dimitrios.population, dimitrios.power, dimitrios.score) == (10, 15, 10)
    # Helena: 14 + 1 inhabitant coin card + 2 = 17; 8 + (3 + income for 14 coin cards + the
    # luxury goods from income + 1 for excess grain) // 6 + 2 = 12.
    lux = CARDS.income_for(14).luxury + 1
    assert helena.luxury_goods == lux
    assert (3 + income_of(14) + lux) // 6 == 2
    assert (helena.population, helena.power, helena.score) == (17, 12, 12)
    assert game.winners == (0,)
    assert (helena.rank, dimitrios.rank) == (1, 2)
    assert "Helena wins the game." in [said(game, e) for e in events(game, "winner")]


def test_tie_broken_by_the_other_value():
    # Helena: Tegea + Orchards; Leonidas: Corinth + Barley Fields: 3 inhabitants each, fed,
    # and the same power points on the table.
    table_power = power_of("tegea", "orchards")
    assert power_of("corinth", "barley-fields") == table_power
    assert inhabitants_of("tegea", "orchards") == inhabitants_of("corinth", "barley-fields") == 3
    income = income_of(3)
    game = last_round(
        # 3 + 3 inhabitant coin cards + 2 = 8 population; coin cards: wood + 3 + income = 11,
        # one power point.
        PlayerSpec(civ="tegea", hand=["inhabitants"] * 3 + ["wood"] * (8 - income), luxury=0,
                   landscapes=["orchards"]),
        # 3 + 1 + 2 = 6 population; 1 wood + 3 + income + 3 luxury goods: one power point.
        PlayerSpec(civ="corinth", hand=["inhabitants", "wood"], luxury=3,
                   landscapes=["barley-fields"]),
    )
    play_to_end(game)
    helena, leonidas = game.scores
    assert helena.score == leonidas.score == table_power + 1 + 2
    assert (helena.population, leonidas.population) == (8, 6)
    assert leonidas.luxury_goods > helena.luxury_goods
    assert game.winners == (0,)
    assert (helena.rank, leonidas.rank) == (1, 2)


def test_tie_broken_by_luxury_goods():
    table_power = power_of("tegea", "orchards")
    assert power_of("corinth", "barley-fields") == table_power
    income = income_of(3)
    game = last_round(
        # 3 + 1 + 2 = 6 population; wood + 3 + income + 4 luxury = 11: one power point.
        PlayerSpec(civ="tegea", hand=["inhabitants"] + ["wood"] * (4 - income), luxury=4,
                   landscapes=["orchards"]),
        # 3 + 1 + 2 = 6 population; 1 wood + 3 + income + 2 luxury: one power point.
        PlayerSpec(civ="corinth", hand=["inhabitants", "wood"], luxury=2,
                   landscapes=["barley-fields"]),
    )
    play_to_end(game)
    helena, leonidas = game.scores
    power = table_power + 1 + 2
    assert power <= 6
    assert (helena.score, helena.population, helena.power) == (power, 6, power)
    assert (leonidas.score, leonidas.population, leonidas.power) == (power, 6, power)
    assert (helena.luxury_goods, leonidas.luxury_goods) == (4, 2)
    assert game.winners == (0,)


def test_the_finished_game_takes_no_more_answers():
    game = last_round(PlayerSpec(civ="messene", hand=["wood"] * 3, landscapes=["barley-fields"]),
                      LEONIDAS)
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
    expect_illegal(game, FeedPlan(), "the game is over")
