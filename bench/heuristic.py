"""How long a whole game of heuristic bots takes (the figure tests must not assert).

Run from the project root:

    .venv/bin/python bench/heuristic.py             # 5 players, 20 games
    .venv/bin/python bench/heuristic.py --players 2 --games 100

Times each game (seeds 1..N, after one warm-up game with seed 0) in one process: wall clock
(time.perf_counter) and CPU time (time.process_time), median and maximum, including every view
built for the bots, exactly as `peloponnes simulate` plays.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from peloponnes_tui.cards import load_cards
from peloponnes_tui.simulate import play_game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args(argv)
    cards = load_cards()
    bots = ["heuristic"] * args.players
    play_game(cards, bots, 0)  # warm up caches and imports
    wall: list[float] = []
    cpu: list[float] = []
    for seed in range(1, args.games + 1):
        start, start_cpu = time.perf_counter(), time.process_time()
        play_game(cards, bots, seed)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    print(f"{args.games} games of {args.players} heuristic bots (seeds 1..{args.games})")
    for label, ts in (("wall", wall), ("CPU", cpu)):
        print(f"  {label:4} per game: median {statistics.median(ts) * 1000:.0f} ms, "
              f"max {max(ts) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
