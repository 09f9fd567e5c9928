"""Bot strengths by name (beginner, standard, strong), the beginner bot, and the heuristic bot's
early passing (issue 12, part 4)."""

from __future__ import annotations

import json

import pytest
from support import session_at

from peloponnes_tui.bots import (
    BOT_NAMES,
    BOTS,
    STRENGTHS,
    BeginnerBot,
    HeuristicBot,
    RandomBot,
    SearchBot,
    make_bot,
)
from peloponnes_tui.bots.players import bot_seed
from peloponnes_tui.cards import CardSet
from peloponnes_tui.cli import main
from peloponnes_tui.engine import BidPrompt
from peloponnes_tui.engine.game import Game
from peloponnes_tui.simulate import NAMES, game_seed, play_game
from peloponnes_tui.tui.session import Session


def test_strength_names_resolve_weakest_first(cards):
    assert list(STRENGTHS) == ["beginner", "standard", "strong"]
    expected = {"random": RandomBot, "heuristic": HeuristicBot, "search": SearchBot,
                "beginner": BeginnerBot, "standard": HeuristicBot, "strong": SearchBot}
    assert dict(BOT_NAMES) == expected
    assert type(make_bot("beginner", cards, 1)) is BeginnerBot
    assert type(make_bot("standard", cards, 1)) is HeuristicBot
    assert type(make_bot("strong", cards, 1)) is SearchBot
    # the kinds the New game screen offers are still the three bots
    assert list(BOTS) == ["random", "heuristic", "search"]
    with pytest.raises(ValueError, match="unknown bot 'expert'; choose from random, heuristic, "
                                         "search, beginner, standard, strong"):
        make_bot("expert", cards, 1)


def test_standard_plays_exactly_as_heuristic(cards):
    a = play_game(cards, ["standard", "heuristic", "standard"], 4242)
    b = play_game(cards, ["heuristic", "heuristic", "heuristic"], 4242)
    assert a.answers == b.answers
    assert a.snapshot() == b.snapshot()


def test_simulate_accepts_the_strengths(capsys):
    assert main(["simulate", "--bots", "beginner,standard,random", "--games", "2", "--seed",
                 "5", "--json"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines() if x.startswith("{")]
    assert len(lines) == 2
    assert sorted(p["bot"] for p in lines[0]["players"]) == ["beginner", "random", "standard"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_beginner_finishes_games_without_illegal_answers(cards, players):
    # Game.answer raises IllegalAnswer on any illegal answer, so finishing proves legality.
    for seed in range(12):
        kinds = ("beginner", "heuristic", "random") if seed % 3 == 0 else ("beginner",)
        bots = [kinds[i % len(kinds)] for i in range(players)]
        game = play_game(cards, bots, 500 + seed)
        assert game.over and game.phase == "over"
        assert len(game.scores) == players


def test_beginner_is_deterministic_for_a_seed(cards):
    a = play_game(cards, ["beginner"] * 3, 77)
    b = play_game(cards, ["beginner"] * 3, 77)
    assert a.answers == b.answers


def test_beginner_makes_mistakes_the_heuristic_does_not(cards):
    """Same seats and deal: the beginner answers differently from the heuristic bot."""
    a = play_game(cards, ["beginner", "heuristic"], 31)
    b = play_game(cards, ["heuristic", "heuristic"], 31)
    assert a.answers != b.answers


def test_beginner_beats_random_and_loses_to_heuristic(cards):
    """60 two-player games each, seats rotated (measured on 400 games: 94.5 % against random;
    at 3 players against two heuristic bots it wins 16 %)."""
    def share(rival: str, first: int) -> float:
        wins = 0.0
        for i in range(60):
            seating = ["beginner", rival] if i % 2 == 0 else [rival, "beginner"]
            game = play_game(cards, seating, first + i)
            wins += sum(1 / len(game.winners) for w in game.winners if seating[w] == "beginner")
        return wins / 60

    assert share("random", 20_000) >= 0.8
    assert share("heuristic", 30_000) <= 0.45


def _early_passes(cards: CardSet, seed: int, pass_bias: float) -> list[int]:
    """Passes of each seat in rounds 1-4 of a 3-player game of the heuristic bot as issue 12
    left it (before the styles of issue 24: :meth:`HeuristicBot.plain`)."""
    game = Game.new(list(NAMES[:3]), seed, cards)
    bots = [HeuristicBot(cards, bot_seed(seed, k)) for k in range(3)]
    for bot in bots:
        bot.plain()
        bot.pass_bias = pass_bias
    while game.pending is not None:
        prompt = game.pending
        game.answer(bots[prompt.player].decide(prompt, game.view_for(prompt.player)))
    passes = [0, 0, 0]
    for e in game.log:
        if e.kind == "pass" and e.round <= 4 and e.player is not None:
            passes[e.player] += 1
    return passes


def test_heuristic_passes_less_in_rounds_1_to_4_than_before(cards):
    """The first 8 games of `simulate --seed 1` at 3 players, on the shipped card data: the bot as
    it was (no lean towards bidding) passes 35 times in rounds 1-4, four seats in three of the
    four rounds; as it is, twice."""
    assert HeuristicBot.pass_bias == -1.0
    before = [_early_passes(cards, game_seed(1, i), 0.0) for i in range(8)]
    after = [_early_passes(cards, game_seed(1, i), HeuristicBot.pass_bias) for i in range(8)]
    assert before == [[3, 3, 2], [3, 1, 2], [0, 1, 0], [1, 2, 0], [1, 2, 1], [3, 2, 0],
                      [2, 2, 1], [2, 0, 1]]
    assert after == [[0, 0, 0], [0, 0, 1], [0, 1, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0],
                     [0, 0, 0], [0, 0, 0]]


@pytest.mark.parametrize("kind", ["random", "heuristic", "search", "beginner", "standard",
                                  "strong"])
def test_saves_naming_any_bot_load_with_that_bot(cards, kind):
    session = session_at(cards, 3, lambda p: isinstance(p, BidPrompt) and p.player == 1)
    data = json.loads(session.dumps())
    data["extra"]["seats"][2]["kind"] = kind
    again = Session.loads(json.dumps(data), cards)
    assert again.seats[2].kind == kind
    assert again.bots is not None
    assert type(again.bots.bots[2]) is BOT_NAMES[kind]
