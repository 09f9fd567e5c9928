"""The computer players: legal answers, determinism, information they use, strength."""

from __future__ import annotations

import ast
import copy
import dataclasses
import inspect
import time

import pytest

from peloponnes_tui.bots import BOTS, HeuristicBot, make_bot
from peloponnes_tui.bots import heuristic as heuristic_module
from peloponnes_tui.engine.game import Game
from peloponnes_tui.engine.view import View
from peloponnes_tui.simulate import NAMES, play_game


def test_heuristic_is_registered(cards):
    assert BOTS["heuristic"] is HeuristicBot
    bot = make_bot("heuristic", cards, 1)
    assert isinstance(bot, HeuristicBot)
    assert bot.name == "heuristic"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_heuristic_finishes_games_without_illegal_answers(cards, players):
    # Game.answer raises IllegalAnswer on any illegal answer, so finishing proves legality.
    for seed in range(12):
        mixed = seed % 3 == 0
        bots = [("heuristic", "random")[i % 2] if mixed else "heuristic" for i in range(players)]
        game = play_game(cards, bots, seed)
        assert game.over and game.phase == "over"
        assert len(game.scores) == players
        assert all(s.score >= 0 for s in game.scores)


def test_heuristic_is_deterministic_for_a_seed(cards):
    bots = ["heuristic"] * 4
    a = play_game(cards, bots, 77)
    b = play_game(cards, bots, 77)
    assert a.answers == b.answers
    assert a.snapshot() == b.snapshot()
    # a fresh bot with the same seed answers a prompt the same way
    game = Game.new(list(NAMES[:3]), 5, cards)
    prompt = game.pending
    assert prompt is not None
    view = game.view_for(prompt.player)
    assert (make_bot("heuristic", cards, 3).decide(prompt, view)
            == make_bot("heuristic", cards, 3).decide(prompt, view))


def test_heuristic_decides_from_prompt_and_view_only(cards):
    """The bot never reaches the Game: it gets detached copies and answers the same."""
    # The module does not import the game engine's state machine.
    tree = ast.parse(inspect.getsource(heuristic_module))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not any(m and (m.endswith("engine.game") or m.endswith("engine.state"))
                   for m in imported)
    assert "Game" not in {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
                          for a in n.names}
    # Apart from its optional ``sampler`` (for search bots; dropped here, so the bot cannot use
    # it), the view is plain data with no route back to the game.
    game = Game.new(list(NAMES[:4]), 21, cards)
    seen: set[int] = set()

    def no_game(obj: object) -> None:
        if id(obj) in seen or isinstance(obj, (str, int, float, bool, type(None))):
            return
        seen.add(id(obj))
        assert not isinstance(obj, Game)
        if isinstance(obj, dict):
            for k, v in obj.items():
                no_game(k)
                no_game(v)
        elif isinstance(obj, (tuple, list, set, frozenset)):
            for v in obj:
                no_game(v)
        elif hasattr(obj, "__slots__") or hasattr(obj, "__dict__"):
            for name in getattr(obj, "__slots__", ()) or vars(obj):
                no_game(getattr(obj, name, None))

    bots = [make_bot("heuristic", cards, i) for i in range(4)]
    twins = [make_bot("heuristic", cards, i) for i in range(4)]
    while game.pending is not None:
        prompt = game.pending
        view = game.view_for(prompt.player)
        assert isinstance(view, View)
        if hasattr(view, "sampler"):
            view = dataclasses.replace(view, sampler=None)
        no_game(view)
        answer = bots[prompt.player].decide(prompt, view)
        detached = twins[prompt.player].decide(copy.deepcopy(prompt), copy.deepcopy(view))
        assert answer == detached
        game.answer(answer)
    assert game.over


def test_heuristic_beats_random_by_a_wide_margin(cards):
    """Over 200 two-player games with seats rotated (measured: about 98 % wins)."""
    games = 200
    wins = 0.0
    for i in range(games):
        seating = ["heuristic", "random"] if i % 2 == 0 else ["random", "heuristic"]
        game = play_game(cards, seating, 10_000 + i)
        for w in game.winners:
            if seating[w] == "heuristic":
                wins += 1 / len(game.winners)
    assert wins / games >= 0.80, f"heuristic won only {wins / games:.1%} against random"


def test_heuristic_game_is_fast(cards):
    """A 5-player game of heuristic bots takes well under 100 ms (generous bound for CI)."""
    play_game(cards, ["heuristic"] * 5, 0)  # warm up caches and imports
    start = time.process_time()
    for seed in range(1, 6):
        play_game(cards, ["heuristic"] * 5, seed)
    per_game = (time.process_time() - start) / 5
    assert per_game < 0.5, f"{per_game * 1000:.0f} ms per 5-player game"
