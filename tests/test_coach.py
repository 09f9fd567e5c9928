"""The coach: the strong computer player's answer for a decision, with the rules' reasons."""

from __future__ import annotations

from support import game_at, grain_of, inhabitants_of, power_of

from peloponnes_tui.bots.coach import Coach
from peloponnes_tui.bots.players import BotPlayers
from peloponnes_tui.bots.search import SearchBot
from peloponnes_tui.engine import BidPrompt, Pass, PlaceBid
from peloponnes_tui.engine.answers import answer_key
from peloponnes_tui.engine.effects import answer_effects
from peloponnes_tui.engine.game import Game
from peloponnes_tui.engine.position import PlacedSpec, PlayerSpec

QUICK = {"playouts": 8, "max_candidates": 3, "time_limit": None}


def _positions(cards, seed: int, every: int, limit: int):
    """(game, prompt, view) at every ``every``-th decision of a seeded heuristic game."""
    game = Game.new(["Helena", "Leonidas", "Dimitrios"], seed, cards)
    bots = BotPlayers.seated(cards, ["heuristic"] * 3, seed)
    k = 0
    while game.pending is not None and k < limit:
        if k % every == 0:
            p = game.pending
            yield game, p, game.view_for(p.player)
        bots.move(game)
        k += 1


def test_the_advice_is_the_strong_players_decision_and_repeatable(cards):
    strong = SearchBot(cards, 3, **QUICK)  # it decides one decision after another, as in a game
    searched = 0
    for game, prompt, view in _positions(cards, 7, 9, 60):
        advice = Coach(cards, 3, **QUICK).advise(prompt, view)
        assert advice == Coach(cards, 3, **QUICK).advise(prompt, view)  # asked again: the same
        assert advice.best.answer == strong.decide(prompt, view)
        assert game.check(advice.best.answer) is None  # a legal answer for this decision
        assert advice.choices >= 1
        if advice.other is not None:
            assert game.check(advice.other.answer) is None
            # never the same answer with other coin cards of the same kinds
            assert answer_key(cards, advice.other.answer) != answer_key(cards, advice.best.answer)
        searched += advice.searched
    assert searched >= 3


def test_one_answer_worth_trying_needs_no_search(cards):
    coach = Coach(cards, 1, **QUICK)
    for game, prompt, view in _positions(cards, 11, 1, 200):
        if len(coach.search.candidates(prompt, view)) == 1:
            advice = coach.advise(prompt, view)
            assert not advice.searched and advice.other is None and not advice.close
            assert game.check(advice.best.answer) is None
            return
    raise AssertionError("no decision with a single answer in 200 decisions")


def test_the_coach_leaves_the_game_as_it_was(cards):
    game, prompt, view = next(_positions(cards, 5, 1, 1))
    before = game.state_json()
    Coach(cards, 2, **QUICK).advise(prompt, view)
    assert game.state_json() == before


def test_the_advice_is_the_same_whatever_the_others_hold(cards):
    """Two tables that look the same to Helena, the others' hands swapped: the same advice (the
    coach deals hidden cards from what she knows, not from where they lie)."""
    from peloponnes_tui.engine.position import Position

    def table(second: list[str], third: list[str]) -> Game:
        pos = Position(round=2, order=[0, 1, 2], players=[
            PlayerSpec(hand=["wood", "stone", "grain"]), PlayerSpec(hand=second),
            PlayerSpec(hand=third)])
        return Game.new(["Helena", "Leonidas", "Dimitrios"], 3, cards, pos)

    a = table(["wood", "wood", "grain"], ["stone", "inhabitants", "grain"])
    b = table(["stone", "inhabitants", "grain"], ["wood", "wood", "grain"])
    assert a.pending is not None and a.pending.player == 0 and a.pending == b.pending
    assert a.view_for(0) == b.view_for(0)
    advise = [Coach(cards, 4, **QUICK).advise(g.pending, g.view_for(0)) for g in (a, b)]
    assert advise[0] == advise[1]
    assert advise[0].searched  # a real choice was weighed


REVEAL = ["forest", "quarry", "pasture", "barley-fields", "coast", "granary"]


def test_the_reasons_are_the_engines_counts(cards):
    """A bid on Pasture (market) and on Coast (conquest row): what winning the card brings,
    the shortfall at a supply, who could still outbid it; passing keeps the coin cards."""
    game = game_at(PlayerSpec(civ="sparta", hand=["wood", "stone", "grain", "grain"]),
                   PlayerSpec(civ="tegea", hand=["stone", "grain", "wood", "wood"]),
                   PlayerSpec(civ="argos", hand=["wood"]),
                   reveal=REVEAL, order=[0, 1, 2], cards=cards)
    prompt = game.pending
    assert isinstance(prompt, BidPrompt) and prompt.player == 0
    view = game.view_for(0)
    need = {t.card: t.need_coins for t in prompt.targets}
    hand = list(prompt.hand)
    bid = PlaceBid("pasture", tuple(hand[: need["pasture"]]))
    e = answer_effects(cards, view, prompt, bid)
    assert e.card == "pasture" and e.row == "market" and not e.won
    assert e.coins_paid == need["pasture"]
    assert (e.inhabitants, e.power) == (inhabitants_of("pasture"), power_of("pasture"))
    assert e.production[2] == grain_of("pasture")
    me = game.players[0]
    civ_inh, civ_grain = (cards.civ_by_id[me.civ].inhabitants,
                          cards.civ_by_id[me.civ].production.grain)
    assert e.shortfall_before == max(0, civ_inh - civ_grain)
    assert e.shortfall_after == max(0, civ_inh + inhabitants_of("pasture")
                                    - civ_grain - grain_of("pasture"))
    # Leonidas bids after Helena and holds 4 coin cards; Dimitrios holds 1
    beat = need["pasture"] + 1
    assert e.rivals == (((1, beat),) if beat <= 4 else ())
    conquest = PlaceBid("coast", tuple(hand[: need["coast"]]))
    assert answer_effects(cards, view, prompt, conquest).unbeatable
    keep = answer_effects(cards, view, prompt, Pass())
    assert keep.coins_paid == 0 and keep.coins_drawn == prompt.draws and keep.card is None


def test_a_protection_that_uncovers_a_protection_restores_both(cards):
    """R12 with a chain, as the coach reads it: plague covered Messene, earthquake the Aqueduct
    (which protects from plague; Messene and the Barley Fields show two plague symbols only).
    Winning the Treasury of Atreus (protects from earthquake) would uncover the Aqueduct at
    the end, and the Aqueduct Messene: the bid restores both catastrophes' covers; a bid on
    another card restores none."""
    reveal = ["council-house", "stoa", "treasury-of-atreus", "stadium", "odeon",
              "mountain-forest"]  # (only the first two move markers: no catastrophe strikes)
    game = game_at(PlayerSpec(civ="messene", civ_state="covered", hand=["wood"] * 8,
                              buildings=[PlacedSpec(card="aqueduct", covered_by="earthquake")],
                              landscapes=["barley-fields"]),
                   PlayerSpec(civ="tegea", hand=["wood"] * 3, landscapes=["orchards"]),
                   round=8, reveal=reveal, order=[0, 1], struck=["plague", "earthquake"],
                   cards=cards)
    prompt = game.pending
    assert isinstance(prompt, BidPrompt) and prompt.player == 0
    view = game.view_for(0)
    need = {t.card: t.need_coins for t in prompt.targets}
    hand = list(prompt.hand)
    treasury = answer_effects(cards, view, prompt,
                              PlaceBid("treasury-of-atreus",
                                       tuple(hand[: need["treasury-of-atreus"]])))
    assert treasury.restores == ("plague", "earthquake")
    other = next(c for c in need if c != "treasury-of-atreus")
    assert answer_effects(cards, view, prompt,
                          PlaceBid(other, tuple(hand[: need[other]]))).restores == ()
