"""Headless games between bots, with per-game records and a summary."""

from __future__ import annotations

import math
import os
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from peloponnes_tui.bots.players import BotPlayers
from peloponnes_tui.cards import ROUNDS, CardSet
from peloponnes_tui.engine.game import Game
from peloponnes_tui.i18n import number

NAMES = ("Helena", "Leonidas", "Dimitrios", "Ariadne", "Perikles")
SEED_LIMIT = 2**63  # game seeds, like --seed, are 0 .. 2**63-1
_MASK64 = 2**64 - 1


def _mix64(x: int) -> int:
    """SplitMix64's finalizer: a bijection of 64-bit numbers that spreads every input bit."""
    x &= _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def game_seed(run_seed: int, i: int) -> int:
    """The seed of game ``i`` (from 0) of a run started with ``--seed run_seed``.

    Runs with different seeds play different games: the run seed and the game's number are
    mixed, so ``--seed 1`` and ``--seed 2`` share no game (before, game ``i`` used
    ``run_seed + i`` and the two runs shared all games but one). Printed with every game (the
    ``--json`` lines, the ``--save-games`` files) so a single game can be played again.
    """
    return _mix64(_mix64(run_seed) ^ _mix64(i + 0x9E3779B97F4A7C15)) % SEED_LIMIT


def seat_number(seat: int) -> int:
    """Seats as players and the tables count them: the first seat is 1."""
    return seat + 1


def share_text(wins: float) -> str:
    """Wins shared among tied winners, rounded for reading: ``2.33``, ``12.5``, ``7`` (German
    ``2,33``)."""
    return number(wins, 2, fixed=False)


def play_game(cards: CardSet, bots: Sequence[str], seed: int) -> Game:
    """Play one game to the end; seat i is played by bot ``bots[i]``."""
    game = Game.new(list(NAMES[: len(bots)]), seed, cards)
    BotPlayers.seated(cards, bots, seed).play(game)
    return game


def game_record(game: Game, bots: Sequence[str]) -> dict[str, Any]:
    """The per-game JSON object (one line per game with --json); seats count from 1."""
    civ = game.cards.civ_by_id
    return {
        "seed": game.seed,
        "players": [
            {"seat": seat_number(s.seat), "name": game.names[s.seat], "bot": bots[s.seat],
             "civilization": civ[game.players[s.seat].civ].name.en,
             "population": s.population, "power": s.power, "score": s.score, "rank": s.rank}
            for s in game.scores
        ],
        "winner": seat_number(game.winners[0]) if game.winners else 0,
        "winners": [seat_number(w) for w in game.winners],
        "catastrophes": list(game.table.struck),
        "rounds": ROUNDS,
    }


def save_game(game: Game, bots: Sequence[str], folder: Path, i: int) -> Path:
    """Write a finished game as a save the app can open (seats played by ``bots``); the file
    name holds the game's number and seed. Returns the path."""
    from peloponnes_tui.engine.save import dumps
    from peloponnes_tui.files import atomic_write
    from peloponnes_tui.seating import COLOURS, seat_json

    colours = list(COLOURS)
    seats = [seat_json(name, colours[k % len(colours)], bots[k])
             for k, name in enumerate(game.names)]
    extra = {"seats": seats, "privacy": False, "round": game.round, "over": game.over}
    path = folder / f"game-{i + 1:05d}-seed-{game.seed}.json"
    try:
        atomic_write(path, dumps(game, extra))
    except OSError as exc:
        raise GameNotWritten(str(path), exc.strerror or str(exc)) from None
    return path


class GameNotWritten(Exception):
    """A game's save file could not be written (a full disk, a folder that went away): a
    refusal of the folder, not a bug. Its arguments (the path, the reason) are plain strings,
    so it crosses from a worker process whole."""

    @property
    def path(self) -> str:
        return str(self.args[0])

    @property
    def reason(self) -> str:
        return str(self.args[1])


@dataclass(frozen=True)
class Run:
    """What every game of a ``simulate`` run shares: the card data, the bots in their seats
    (rotated one place per game), the run's seed and the folder for the save files."""

    cards: CardSet
    bots: tuple[str, ...]
    seed: int
    folder: Path | None = None

    def game(self, i: int) -> tuple[dict[str, Any], int, Path | None]:
        """Game ``i`` (from 0): its record, its seed and its save file (None: not saved)."""
        shift = i % len(self.bots)  # rotate seats so no bot keeps the same seat
        seating = self.bots[shift:] + self.bots[:shift]
        game = play_game(self.cards, seating, game_seed(self.seed, i))
        saved = save_game(game, seating, self.folder, i) if self.folder is not None else None
        return game_record(game, seating), game.seed, saved


_RUN: Run | None = None  # the run a worker process plays games of


def _start_worker(run: Run) -> None:
    global _RUN
    _RUN = run


def _worker_game(i: int) -> tuple[dict[str, Any], int, Path | None]:
    assert _RUN is not None
    return _RUN.game(i)


def default_workers() -> int:
    """Every core: ``os.process_cpu_count`` where there is one (3.13), else ``os.cpu_count``."""
    count = getattr(os, "process_cpu_count", os.cpu_count)()
    return max(1, count or 1)


def play_games(run: Run, games: int, workers: int = 1
               ) -> Iterator[tuple[dict[str, Any], int, Path | None]]:
    """Games 0 to ``games - 1`` of ``run``, in their order, played by up to ``workers``
    processes.  Every game depends only on the run and its number, so the results are the same
    whatever the number of workers."""
    workers = max(1, min(workers, games))
    if workers == 1:
        for i in range(games):
            yield run.game(i)
        return
    from concurrent.futures import ProcessPoolExecutor

    # games go out in chunks, a few per worker at a time, so that the first records come soon
    chunk = max(1, min(64, games // (workers * 8)))
    with ProcessPoolExecutor(workers, initializer=_start_worker, initargs=(run,)) as pool:
        try:
            yield from pool.map(_worker_game, range(games), chunksize=chunk)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


@dataclass
class Summary:
    games: int = 0
    # wins are shared among tied winners, so they are counted as fractions; seats from 1
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
