"""The coach: the strongest computer player's answer for a decision, with what it expects."""

from __future__ import annotations

from peloponnes_tui.bots.coach import Coach
from peloponnes_tui.bots.players import BotPlayers
from peloponnes_tui.engine.game import Game


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


def test_advice_is_legal_ranked_and_repeatable(cards):
    seen_choice = 0
    for game, prompt, view in _positions(cards, 7, 9, 60):
        advice = Coach(cards, 3, playouts=4, time_limit=None).advise(prompt, view)
        again = Coach(cards, 3, playouts=4, time_limit=None).advise(prompt, view)
        assert advice == again  # the same seed deals the same games
        assert game.check(advice.best.answer) is None  # a legal answer for this decision
        for other in advice.others:
            assert game.check(other.answer) is None
            assert other.win_share <= advice.best.win_share
            assert other.answer != advice.best.answer
        if advice.others:
            seen_choice += 1
            assert advice.best.games == 4  # every answer tried on the same four deals
            assert 0 <= advice.best.wins <= 4
            assert advice.best.population > 0 and advice.best.power > 0
    assert seen_choice >= 3


def test_one_possible_answer_needs_no_games(cards):
    coach = Coach(cards, 1, playouts=3, time_limit=None)
    for game, prompt, view in _positions(cards, 11, 1, 200):
        if len(coach.search.candidates(prompt, view)) == 1:
            advice = coach.advise(prompt, view)
            assert advice.others == () and advice.best.games == 0
            assert game.check(advice.best.answer) is None
            return
    raise AssertionError("no decision with a single answer in 200 decisions")


def test_the_coach_leaves_the_game_as_it_was(cards):
    game, prompt, view = next(_positions(cards, 5, 1, 1))
    before = game.state_json()
    Coach(cards, 2, playouts=3, time_limit=None).advise(prompt, view)
    assert game.state_json() == before


def test_the_advice_is_the_same_whatever_the_others_hold(cards):
    """Two tables that look the same to Helena, the others' hands swapped: the same advice word
    for word (the coach deals hidden cards from what she knows, not from where they lie)."""
    from peloponnes_tui.engine.position import PlayerSpec, Position

    def table(second: list[str], third: list[str]) -> Game:
        pos = Position(round=2, order=[0, 1, 2], players=[
            PlayerSpec(hand=["wood", "stone", "grain"]), PlayerSpec(hand=second),
            PlayerSpec(hand=third)])
        return Game.new(["Helena", "Leonidas", "Dimitrios"], 3, cards, pos)

    a = table(["wood", "wood", "grain"], ["stone", "inhabitants", "grain"])
    b = table(["stone", "inhabitants", "grain"], ["wood", "wood", "grain"])
    assert a.pending is not None and a.pending.player == 0 and a.pending == b.pending
    assert a.view_for(0) == b.view_for(0)
    advise = [Coach(cards, 4, playouts=3, time_limit=None).advise(g.pending, g.view_for(0))
              for g in (a, b)]
    assert advise[0] == advise[1]
    assert advise[0].others  # a real choice was weighed
