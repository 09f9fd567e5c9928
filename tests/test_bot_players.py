"""The one loop that plays computer seats: the same game is played the same way wherever."""

from __future__ import annotations

import pytest

from peloponnes_tui.bots.players import BotPlayers, bot_seed
from peloponnes_tui.cards import load_cards
from peloponnes_tui.engine import BidPrompt, Game
from peloponnes_tui.simulate import NAMES, play_game
from peloponnes_tui.tui.session import Seat, Session


def test_headless_games_and_app_seats_play_alike():
    cards = load_cards()
    kinds = ["heuristic", "random", "heuristic"]
    headless = play_game(cards, kinds, seed=11)
    seats = [Seat(NAMES[i], kind=kind) for i, kind in enumerate(kinds)]
    session = Session.new(seats, 11, cards, privacy=False)
    moves = session.play_bots()
    assert session.game.over
    assert moves == len(headless.answers) == len(session.game.answers)
    assert session.game.snapshot() == headless.snapshot()


def test_play_stops_at_a_person_and_at_the_stop_condition():
    cards = load_cards()
    game = Game.new(["A", "B", "C"], 5, cards)
    first = game.pending
    assert first is not None
    person = (first.player + 1) % 3  # a person sits after whoever starts: the bots move first
    players = BotPlayers(cards, {s: "random" for s in range(3) if s != person}, 5)
    assert players.play(game) > 0
    assert game.pending is not None and game.pending.player == person
    assert players.to_move(game) is None
    with pytest.raises(ValueError, match="no computer player is to move"):
        players.decide(game)
    everyone = BotPlayers.seated(cards, ["random"] * 3, 5)
    played = everyone.play(game, stop=lambda p: not isinstance(p, BidPrompt))
    assert played > 0 and game.pending is not None
    assert not isinstance(game.pending, BidPrompt)


def test_bot_seeds_differ_by_seat_and_by_game():
    seeds = {bot_seed(g, s) for g in range(50) for s in range(5)}
    assert len(seeds) == 250
