"""Headless games between bots, with per-game records and a summary."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from peloponnes_tui.bots.players import BotPlayers
from peloponnes_tui.cards import ROUNDS, CardSet
from peloponnes_tui.engine.game import Game

NAMES = ("Helena", "Leonidas", "Dimitrios", "Ariadne", "Perikles")


def play_game(cards: CardSet, bots: Sequence[str], seed: int) -> Game:
    """Play one game to the end; seat i is played by bot ``bots[i]``."""
    game = Game.new(list(NAMES[: len(bots)]), seed, cards)
    BotPlayers.seated(cards, bots, seed).play(game)
    return game


def game_record(game: Game, bots: Sequence[str]) -> dict[str, Any]:
    """The per-game JSON object (one line per game with --json)."""
    civ = game.cards.civ_by_id
    return {
        "seed": game.seed,
        "players": [
            {"seat": s.seat, "bot": bots[s.seat],
             "civilization": civ[game.players[s.seat].civ].name.en,
             "population": s.population, "power": s.power, "score": s.score, "rank": s.rank}
            for s in game.scores
        ],
        "winner": game.winners[0] if game.winners else -1,
        "winners": list(game.winners),
        "catastrophes": list(game.table.struck),
        "rounds": ROUNDS,
    }


@dataclass
class Summary:
    games: int = 0
    # wins are shared among tied winners, so they are counted as fractions
    seat_wins: defaultdict[int, float] = field(default_factory=lambda: defaultdict(float))
    civ_wins: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    civ_games: Counter[str] = field(default_factory=Counter)
    bot_wins: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    bot_games: Counter[str] = field(default_factory=Counter)
    bot_scores: dict[str, list[int]] = field(default_factory=dict)
    scores: Counter[int] = field(default_factory=Counter)
    catastrophes: Counter[str] = field(default_factory=Counter)

    def add(self, record: dict[str, Any]) -> None:
        self.games += 1
        share = 1.0 / max(1, len(record["winners"]))
        for p in record["players"]:
            self.civ_games[p["civilization"]] += 1
            self.bot_games[p["bot"]] += 1
            self.bot_scores.setdefault(p["bot"], []).append(p["score"])
            self.scores[p["score"]] += 1
            if p["seat"] in record["winners"]:
                self.seat_wins[p["seat"]] += share
                self.civ_wins[p["civilization"]] += share
                self.bot_wins[p["bot"]] += share
        self.catastrophes.update(record["catastrophes"])


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval for a win rate."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))
