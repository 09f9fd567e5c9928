"""A whole game between random bots runs to the end and produces scores."""

from __future__ import annotations

from peloponnes_tui.simulate import game_record, play_game


def test_random_game_runs_to_scoring(cards):
    game = play_game(cards, ["random"] * 4, seed=11)
    assert game.over
    assert game.phase == "over"
    assert len(game.scores) == 4
    assert game.winners
    record = game_record(game, ["random"] * 4)
    assert record["rounds"] == 8
    # seats are numbered as the tables number them, from 1
    assert {p["seat"] for p in record["players"]} == {1, 2, 3, 4}
    assert record["winners"] == [w + 1 for w in game.winners]
    best = max(s.tiebreak for s in game.scores)
    assert all(game.scores[w].tiebreak == best for w in game.winners)
