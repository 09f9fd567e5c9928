"""The coach against the strong player, on a fixed set of decisions (issue 24, section 2).

Run from the project root:

    .venv/bin/python bench/coach.py                 # 200 decisions, 2-5 players
    .venv/bin/python bench/coach.py --decisions 40  # a quicker look

The decisions: seeded games of standard (heuristic) computer players at 2, 3, 4 and 5 players
(game seeds 1, 2, ... per table size); of every game's decisions with more than one answer the
strong player would consider, a few are drawn with a seeded random choice, the same on every run,
until each table size has its share.  For each decision it measures:

* **agreement**: the coach's advice as the app asks it (the seat's seed, ``coach_seed``) against
  the decision of a strong player sitting in that seat (the bot seed the game gives the seat);
  answers that differ only in which of several coin cards of one kind are given count as the
  same (``answer_key``). The coach *is* that player's search, so anything below 100 % would be a
  fault (or, with ``--time-limit``, a search cut short);
* **another seed**: the coach's advice with the seat's seed against its advice with
  ``--other-seed`` (other deals of the hidden cards): how much of the advice is the search's
  noise;
* **time**: wall-clock and CPU time of each advice (the coach's search and its reasons), beside
  the baseline, the strong player's decision alone.

The old coach (playouts to the end, issue 24) is not run: it took about two seconds per advice;
its figures on 50 decisions are in the issue.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from peloponnes_tui.bots import search
from peloponnes_tui.bots.coach import Coach, coach_seed
from peloponnes_tui.bots.players import BotPlayers, bot_seed
from peloponnes_tui.bots.search import SearchBot
from peloponnes_tui.cards import CardSet, load_cards
from peloponnes_tui.engine.answers import answer_key
from peloponnes_tui.engine.game import Game
from peloponnes_tui.engine.prompts import Answer


def decisions(cards: CardSet, players: int, wanted: int, per_game: int, seed: int
              ) -> list[tuple[int, int]]:
    """(game seed, index of the decision in that game) of ``wanted`` decisions at ``players``."""
    out: list[tuple[int, int]] = []
    game_seed = seed
    probe = SearchBot(cards, 0)
    while len(out) < wanted:
        game = Game.new([f"P{i}" for i in range(players)], game_seed, cards)
        bots = BotPlayers.seated(cards, ["heuristic"] * players, game_seed)
        choice: list[int] = []
        k = 0
        while game.pending is not None:
            prompt = game.pending
            if len(probe.candidates(prompt, game.view_for(prompt.player))) > 1:
                choice.append(k)
            bots.move(game)
            k += 1
        pick = random.Random(game_seed * 1000 + players).sample(choice, min(per_game,
                                                                             len(choice)))
        out += [(game_seed, i) for i in sorted(pick)][: wanted - len(out)]
        game_seed += 1
    return out


def at(cards: CardSet, players: int, game_seed: int, index: int) -> Game:
    """The game of ``game_seed`` brought to its decision ``index`` by the standard players."""
    game = Game.new([f"P{i}" for i in range(players)], game_seed, cards)
    bots = BotPlayers.seated(cards, ["heuristic"] * players, game_seed)
    for _ in range(index):
        bots.move(game)
    return game


def pct(n: int, d: int) -> str:
    return f"{100 * n / d:5.1f} % ({n}/{d})"


def p95(xs: list[float]) -> float:
    return statistics.quantiles(xs, n=20, method="inclusive")[-1] if len(xs) > 1 else xs[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--per-game", type=int, default=10)
    parser.add_argument("--players", default="2,3,4,5",
                        help="the table sizes, comma-separated (the decisions are shared out)")
    parser.add_argument("--seed", type=int, default=1, help="the first game seed")
    parser.add_argument("--other-seed", type=int, default=202)
    parser.add_argument("--candidates", type=int, default=None,
                        help="the strong player's MAX_CANDIDATES_BY_PLAYERS for this run, at "
                        "every table size")
    parser.add_argument("--time-limit", type=float, default=0.0,
                        help="the search's time limit per decision in seconds; 0 (default): "
                        "none, so the figures do not depend on how busy the machine is")
    parser.add_argument("--steady", type=float, default=None,
                        help="the strong player's STEADY_BY_PLAYERS for this run, at every table "
                        "size (default: its own)")
    args = parser.parse_args(argv)
    if args.steady is not None:
        search.STEADY_BY_PLAYERS = dict.fromkeys(search.STEADY_BY_PLAYERS, args.steady)
    if args.candidates is not None:
        search.MAX_CANDIDATES_BY_PLAYERS = dict.fromkeys(search.MAX_CANDIDATES_BY_PLAYERS,
                                                         args.candidates)
    cards = load_cards()
    limit = args.time_limit or None
    sizes = [int(x) for x in args.players.split(",")]
    share, extra = divmod(args.decisions, len(sizes))
    sets = {n: decisions(cards, n, share + (1 if i < extra else 0), args.per_game, args.seed)
            for i, n in enumerate(sizes)}

    def same(a: Answer, b: Answer) -> bool:
        return answer_key(cards, a) == answer_key(cards, b)

    rows: dict[str, list[bool]] = {"agree": [], "reseed": []}
    by_table: dict[int, list[tuple[bool, bool]]] = {}
    wall: list[float] = []
    cpu: list[float] = []
    strong_wall: list[float] = []
    strong_cpu: list[float] = []
    start_all = time.perf_counter()
    for n, picks in sets.items():
        for game_seed, index in picks:
            game = at(cards, n, game_seed, index)
            prompt = game.pending
            assert prompt is not None
            view = game.view_for(prompt.player)
            t0, c0 = time.perf_counter(), time.process_time()
            strong: Answer = SearchBot(cards, bot_seed(game_seed, prompt.player),
                                       time_limit=limit).decide(prompt, view)
            strong_wall.append(time.perf_counter() - t0)
            strong_cpu.append(time.process_time() - c0)
            t0, c0 = time.perf_counter(), time.process_time()
            advice = Coach(cards, coach_seed(game_seed, prompt.player),
                           time_limit=limit).advise(prompt, view)
            wall.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
            again = Coach(cards, args.other_seed, time_limit=limit).advise(prompt, view)
            agree = same(advice.best.answer, strong)
            reseed = same(advice.best.answer, again.best.answer)
            rows["agree"].append(agree)
            rows["reseed"].append(reseed)
            by_table.setdefault(n, []).append((agree, reseed))
    total = len(rows["agree"])
    print(f"{total} decisions from seeded games of standard players at {args.players} players "
          f"(game seeds from {args.seed}, up to {args.per_game} per game); other seed "
          f"{args.other_seed}; time limit {limit or 'none'}; strong player's STEADY "
          f"{search.STEADY_BY_PLAYERS}, MAX_CANDIDATES {search.MAX_CANDIDATES_BY_PLAYERS}; "
          f"{time.perf_counter() - start_all:.0f} s")
    print(f"  coach agrees with the strong player in the seat: {pct(sum(rows['agree']), total)}")
    print(f"  coach, same advice on another seed:              {pct(sum(rows['reseed']), total)}")
    for n, rs in by_table.items():
        print(f"    {n} players: agreement {pct(sum(a for a, _ in rs), len(rs))}, "
              f"another seed {pct(sum(b for _, b in rs), len(rs))}")
    for label, w, c in (("time per advice", wall, cpu),
                        ("baseline, the strong player's decision alone", strong_wall,
                         strong_cpu)):
        print(f"  {label}: wall median {statistics.median(w) * 1000:.0f} ms, "
              f"p95 {p95(w) * 1000:.0f} ms, max {max(w) * 1000:.0f} ms; CPU median "
              f"{statistics.median(c) * 1000:.0f} ms, p95 {p95(c) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
