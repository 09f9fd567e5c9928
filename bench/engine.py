"""Engine benchmark: random-bot games, replaying a save, games per second.

Run from the project root:

    .venv/bin/python bench/engine.py            # the figures in docs/performance.md
    .venv/bin/python bench/engine.py --quick    # fewer games, for a smoke run

Times are wall-clock (time.perf_counter) in one process on one core; the CPU time of the process
(time.process_time) is printed beside them, as it is less disturbed by other work on the machine.
A "game" is a whole game between random bots, including the bots' decisions and the view each one
is given before every answer (peloponnes_tui.simulate.play_game), exactly as `peloponnes simulate`
plays it.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from peloponnes_tui.cards import load_cards
from peloponnes_tui.engine.save import dumps, loads
from peloponnes_tui.simulate import play_game

GAME_TARGET_MS = 20.0
REPLAY_TARGET_MS = 50.0


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def timed(fn: Callable[[], object], cpu: list[float] | None = None) -> float:
    """Wall-clock seconds of ``fn()``; its CPU seconds (this process) go to ``cpu``."""
    start_cpu = time.process_time()
    start = time.perf_counter()
    fn()
    wall = time.perf_counter() - start
    if cpu is not None:
        cpu.append(time.process_time() - start_cpu)
    return wall


def verdict(value_ms: float, target_ms: float) -> str:
    return f"target ≤ {target_ms:g} ms: {'met' if value_ms <= target_ms else 'MISSED'}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200,
                        help="5-player games timed one by one (default 200)")
    parser.add_argument("--replays", type=int, default=100,
                        help="repeats of replaying one saved game (default 100)")
    parser.add_argument("--throughput", type=int, default=1000,
                        help="games in each throughput run (default 1000)")
    parser.add_argument("--quick", action="store_true", help="20 games, 20 replays, 100 games")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.replays, args.throughput = 20, 20, 100

    print("Engine benchmark")
    print(f"  machine : {platform.platform()}; {os.cpu_count()} CPU(s) reported by os.cpu_count(); "
          f"{cpu_model()}")
    print(f"  python  : {platform.python_implementation()} {platform.python_version()} "
          f"({sys.executable})")
    if hasattr(os, "getloadavg"):
        load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
        print(f"  load    : {load} (1, 5, 15 min; figures are only meaningful near 0)")

    cards = load_cards()
    random5 = ["random"] * 5
    for seed in range(5):  # warm up caches (card lookups, imports, the allocator)
        play_game(cards, random5, seed)

    # 1. one 5-player game
    cpu: list[float] = []
    times = [timed(partial(play_game, cards, random5, seed), cpu) for seed in range(args.games)]
    game_ms = statistics.median(times) * 1000
    print(f"\n1. One 5-player random-bot game (median of {args.games}, seeds 0..{args.games - 1})")
    print(f"   median {game_ms:.2f} ms   (min {min(times) * 1000:.2f}, "
          f"max {max(times) * 1000:.2f})   {verdict(game_ms, GAME_TARGET_MS)}")
    print(f"   CPU time: median {statistics.median(cpu) * 1000:.2f} ms")

    # 2. replaying a saved 5-player game
    game = play_game(cards, random5, 0)
    text = dumps(game)
    assert loads(text, cards).snapshot() == game.snapshot()
    cpu = []
    times = [timed(partial(loads, text, cards), cpu) for _ in range(args.replays)]
    replay_ms = statistics.median(times) * 1000
    print(f"\n2. Replaying a saved 5-player game (seed 0, {len(game.answers)} answers, "
          f"{len(text)} bytes of JSON): loads(text, cards), median of {args.replays}")
    print(f"   median {replay_ms:.2f} ms   (min {min(times) * 1000:.2f}, "
          f"max {max(times) * 1000:.2f})   {verdict(replay_ms, REPLAY_TARGET_MS)}")
    print(f"   CPU time: median {statistics.median(cpu) * 1000:.2f} ms")

    # 3. throughput
    print(f"\n3. Games per second over {args.throughput} games, one process")
    runs: list[tuple[str, Callable[[int], list[str]]]] = [
        ("5 players", lambda seed: random5),
        ("mixed, 2-5 players (seed % 4 + 2)", lambda seed: ["random"] * (2 + seed % 4)),
    ]

    def many(bots: Callable[[int], list[str]]) -> None:
        for seed in range(args.throughput):
            play_game(cards, bots(seed), seed)

    for label, bots in runs:
        cpu = []
        elapsed = timed(partial(many, bots), cpu)
        print(f"   {label:36s} {args.throughput / elapsed:7.1f} games/s "
              f"({elapsed:.2f} s in all; {args.throughput / cpu[0]:.1f} games per CPU second)")

    missed = game_ms > GAME_TARGET_MS or replay_ms > REPLAY_TARGET_MS
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
