"""How well the heuristic's estimate, read at the start of a round's bidding, predicts who wins.

Run from the project root:

    .venv/bin/python bench/leaf_fit.py --games 4000 --seed 100000

Plays heuristic bots against each other at 2 players (game i: seed S + i) and, when the bidding
of every round starts, reads each player's estimate as the search bot reads it at the end of a
cut-short playout (:meth:`peloponnes_tui.bots.search.SearchBot.leaf_score`, for every
``--power-weight`` given). Then, for every round, it fits the scale ``k`` that makes
``sigmoid(lead / k)`` the best prediction of the result (maximum likelihood; the lead is the
player's estimate minus the other's, a shared win counts half) and prints ``k`` with the mean
log-likelihood per player (-0.693 is a coin toss; higher is better). The scales by round of
``bench/tournament.py --margin-scale k2,k3,...,k8`` (the search bot's ``margin_scale``) come from
this table.
"""

from __future__ import annotations

import argparse
import functools
import math
import os
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from peloponnes_tui.bots.heuristic import HeuristicBot
from peloponnes_tui.bots.search import SearchBot
from peloponnes_tui.cards import CardSet, load_cards
from peloponnes_tui.engine.game import Game
from peloponnes_tui.simulate import NAMES

# (round, power weight) -> [(lead, result)], one entry per player
Samples = dict[tuple[int, float], list[tuple[float, float]]]


@functools.cache
def _readers(weights: tuple[float, ...]) -> tuple[CardSet, dict[float, SearchBot]]:
    cards = load_cards()
    return cards, {w: SearchBot(cards, 0, power_weight=w) for w in weights}


def one_game(seed: int, weights: tuple[float, ...]
             ) -> tuple[list[tuple[int, float, list[float]]], list[float]]:
    """One game: the leaf's estimates at the start of each round's bidding, and the result."""
    cards, readers = _readers(weights)
    game = Game.new(list(NAMES[:2]), seed, cards)
    bots = [HeuristicBot(cards, seed * 7919 + k) for k in range(2)]
    seen: set[int] = set()
    taken: list[tuple[int, float, list[float]]] = []
    while game.pending is not None:
        if game.phase == "bidding" and game.round not in seen:
            seen.add(game.round)
            for w, reader in readers.items():
                est = [reader.leaf_score(game.view_for(s)) for s in range(2)]
                taken.append((game.round, w, est))
        prompt = game.pending
        game.answer(bots[prompt.player].decide(prompt, game.view_for(prompt.player)))
    result = [1.0 / len(game.winners) if s in game.winners else 0.0 for s in range(2)]
    return taken, result


def collect(games: int, seed: int, weights: Sequence[float], workers: int = 1) -> Samples:
    out: Samples = {}
    seeds = [seed + i for i in range(games)]
    if workers > 1:  # in the games' order: the same samples as one process
        with ProcessPoolExecutor(workers) as pool:
            played = list(pool.map(one_game, seeds, [tuple(weights)] * games, chunksize=16))
    else:
        played = [one_game(s, tuple(weights)) for s in seeds]
    for taken, result in played:
        for rnd, w, est in taken:
            rows = out.setdefault((rnd, w), [])
            rows += [(est[0] - est[1], result[0]), (est[1] - est[0], result[1])]
    return out


def log_likelihood(rows: Sequence[tuple[float, float]], k: float) -> float:
    total = 0.0
    for lead, won in rows:
        p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, lead / k))))
        p = min(1 - 1e-9, max(1e-9, p))
        total += won * math.log(p) + (1 - won) * math.log(1 - p)
    return total / len(rows)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=100000)
    ap.add_argument("--power-weight", default="0,0.4",
                    help="comma list of the leaf's power weights to compare")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                    help="processes (default: one per core); the results are the same")
    args = ap.parse_args(argv)
    weights = [float(x) for x in args.power_weight.split(",")]
    start = time.perf_counter()
    samples = collect(args.games, args.seed, weights, args.workers)
    print(f"{args.games} games of heuristic against heuristic, 2 players, seed {args.seed}, "
          f"{time.perf_counter() - start:.0f} s")
    scales = [0.25 * i for i in range(2, 61)]
    rounds = sorted({r for r, _ in samples})
    for w in weights:
        fitted = []
        total = 0.0
        for r in rounds:
            rows = samples[(r, w)]
            k = max(scales, key=lambda k, rows=rows: log_likelihood(rows, k))
            ll = log_likelihood(rows, k)
            total += ll
            fitted.append(f"round {r}: k {k:g} ({ll:.4f})")
        print(f"power weight {w:g}: sum of log-likelihoods {total:.4f}")
        print("  " + "; ".join(fitted))
    return 0


if __name__ == "__main__":
    sys.exit(main())
