"""Engine benchmark: random-bot games, replaying a save, games per second, views, dealt copies.

Run from the project root:

    .venv/bin/python bench/engine.py                      # the figures in docs/performance.md
    .venv/bin/python bench/engine.py --baseline 01e0b08   # ... beside those of an older commit
    .venv/bin/python bench/engine.py --quick              # fewer games, for a smoke run

Times are wall-clock (time.perf_counter) in one process on one core; the CPU time of the process
(time.process_time) is printed beside them, as it is less disturbed by other work on the machine.
A "game" is a whole game between random bots, including the bots' decisions and the view each one
is given before every answer (peloponnes_tui.simulate.play_game), exactly as `peloponnes simulate`
plays it.

With ``--baseline REV`` the package as it was at git revision REV (``git archive``, into a
temporary directory) is measured in the same run: each figure is measured in a fresh process for
this tree and for the baseline in turn, ``--rounds`` times (the best of them is shown), so both
columns see the same machine and the same load.  The measurements use only the public API that
both have (``play_game``, ``dumps``/``loads``, ``Game.view_for``, ``Game.determinize``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from functools import partial
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
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


# -- the measurements (run in the measuring process; they use the API both versions have) ----


def measure(args: argparse.Namespace) -> dict[str, Any]:
    """Every figure of the bench, for the package this process imports."""
    from peloponnes_tui.cards import load_cards
    from peloponnes_tui.engine.game import Game
    from peloponnes_tui.engine.save import dumps, loads
    from peloponnes_tui.simulate import play_game

    cards = load_cards()
    random5 = ["random"] * 5
    for seed in range(5):  # warm up caches (card lookups, imports, the allocator)
        play_game(cards, random5, seed)
    out: dict[str, Any] = {}

    # 1. one 5-player game
    cpu: list[float] = []
    times = [timed(partial(play_game, cards, random5, seed), cpu) for seed in range(args.games)]
    out["game"] = {"median": statistics.median(times) * 1000, "min": min(times) * 1000,
                   "max": max(times) * 1000, "cpu": statistics.median(cpu) * 1000}

    # 2. replaying a saved 5-player game
    game = play_game(cards, random5, 0)
    text = dumps(game)
    assert loads(text, cards).snapshot() == game.snapshot()
    cpu = []
    times = [timed(partial(loads, text, cards), cpu) for _ in range(args.replays)]
    out["replay"] = {"median": statistics.median(times) * 1000, "min": min(times) * 1000,
                     "max": max(times) * 1000, "cpu": statistics.median(cpu) * 1000,
                     "answers": len(game.answers), "bytes": len(text)}

    # 3. throughput
    def many(bots: Callable[[int], list[str]]) -> None:
        for seed in range(args.throughput):
            play_game(cards, bots(seed), seed)

    for key, bots in (("throughput5", lambda seed: random5),
                      ("throughput_mixed", lambda seed: ["random"] * (2 + seed % 4))):
        cpu = []
        elapsed = timed(partial(many, bots), cpu)
        out[key] = {"wall": args.throughput / elapsed, "cpu": args.throughput / cpu[0]}

    # 4. views: every view a 5-player random-bot game builds, timed alone
    from peloponnes_tui.bots import make_bot

    view_times: list[float] = []
    for seed in range(args.view_games):
        g = Game.new(["A", "B", "C", "D", "E"], seed, cards)
        agents = [make_bot("random", cards, seed * 7919 + i) for i in range(5)]
        while g.pending is not None:
            prompt = g.pending
            start = time.perf_counter()
            view = g.view_for(prompt.player)
            view_times.append(time.perf_counter() - start)
            g.answer(agents[prompt.player].decide(prompt, view))
    out["view"] = {"mean": statistics.mean(view_times) * 1e6, "count": len(view_times)}

    # 5. dealt copies for the search bot: Game.determinize at every decision of heuristic games
    for players in (2, 5):
        copy_times: list[float] = []
        cpu = []
        for seed in range(args.copy_games):
            g = Game.new(["A", "B", "C", "D", "E"][:players], 1000 + seed, cards)
            agents = [make_bot("heuristic", cards, seed * 7919 + i) for i in range(players)]
            rng = random.Random(seed)
            while g.pending is not None:
                prompt = g.pending
                copy_times.append(timed(partial(g.determinize, prompt.player, rng), cpu))
                g.answer(agents[prompt.player].decide(prompt, g.view_for(prompt.player)))
        out[f"copy{players}"] = {"median": statistics.median(copy_times) * 1000,
                                 "mean": statistics.mean(copy_times) * 1000,
                                 "cpu": statistics.median(cpu) * 1000, "count": len(copy_times)}
    return out


# -- running both versions and printing ------------------------------------------------------


def baseline_tree(rev: str, where: Path) -> Path:
    """The package at git revision ``rev``, unpacked into the directory ``where``."""
    data = subprocess.run(["git", "archive", rev, "peloponnes_tui"], cwd=ROOT, check=True,
                          capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(where, filter="data")
    return where


def run_child(path: Path, args: argparse.Namespace) -> dict[str, Any]:
    """The figures measured in a fresh process that imports the package from ``path``."""
    cmd = [sys.executable, str(Path(__file__).resolve()), "--json",
           "--games", str(args.games), "--replays", str(args.replays),
           "--throughput", str(args.throughput), "--view-games", str(args.view_games),
           "--copy-games", str(args.copy_games)]
    env = dict(os.environ, PYTHONPATH=str(path))
    done = subprocess.run(cmd, env=env, cwd=ROOT, check=True, capture_output=True, text=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def best(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Per figure the best run: least time, most games per second."""
    out: dict[str, Any] = {}
    for key in runs[0]:
        if key.startswith("throughput"):
            out[key] = max((r[key] for r in runs), key=lambda f: f["cpu"])
        else:
            field = "median" if "median" in runs[0][key] else "mean"
            out[key] = min((r[key] for r in runs), key=lambda f: f[field])
    return out


def verdict(value_ms: float, target_ms: float) -> str:
    return f"target ≤ {target_ms:g} ms: {'met' if value_ms <= target_ms else 'MISSED'}"


def report(columns: list[tuple[str, dict[str, Any]]], args: argparse.Namespace) -> bool:
    """Print the figures, one column per version; True if this tree meets the targets."""
    names = [name for name, _ in columns]
    figs = [f for _, f in columns]
    width = max(14, *(len(n) + 2 for n in names))

    def row(label: str, cells: list[str], note: str = "") -> None:
        print(f"   {label:44s}" + "".join(f"{c:>{width}}" for c in cells)
              + (f"   {note}" if note else ""))

    print()
    row("", names)
    f0 = figs[0]
    print(f"1. One 5-player random-bot game (median of {args.games}, seeds 0..{args.games - 1})")
    row("wall clock, median", [f"{f['game']['median']:.2f} ms" for f in figs],
        verdict(f0["game"]["median"], GAME_TARGET_MS))
    row("  (min / max of this tree)", [f"{f0['game']['min']:.2f} / {f0['game']['max']:.2f}"])
    row("CPU time, median", [f"{f['game']['cpu']:.2f} ms" for f in figs])
    print(f"2. Replaying a saved 5-player game (seed 0, {f0['replay']['answers']} answers, "
          f"{f0['replay']['bytes']} bytes of JSON): loads(text, cards), median of {args.replays}")
    row("wall clock, median", [f"{f['replay']['median']:.2f} ms" for f in figs],
        verdict(f0["replay"]["median"], REPLAY_TARGET_MS))
    row("CPU time, median", [f"{f['replay']['cpu']:.2f} ms" for f in figs])
    print(f"3. Games per second over {args.throughput} games, one process (wall clock; CPU)")
    for key, label in (("throughput5", "5 players"),
                       ("throughput_mixed", "mixed, 2-5 players (seed % 4 + 2)")):
        row(label, [f"{f[key]['wall']:.1f} /s" for f in figs])
        row("  per CPU second", [f"{f[key]['cpu']:.1f} /s" for f in figs])
    print(f"4. Game.view_for before every answer of {args.view_games} 5-player random-bot games "
          f"({f0['view']['count']} views)")
    row("wall clock, mean per view", [f"{f['view']['mean']:.1f} µs" for f in figs])
    print(f"5. Game.determinize (a dealt copy for the search bot) before every answer of "
          f"{args.copy_games} heuristic-bot games")
    for players in (2, 5):
        key = f"copy{players}"
        row(f"{players} players ({f0[key]['count']} copies): wall, median",
            [f"{f[key]['median']:.3f} ms" for f in figs])
        row("  wall, mean", [f"{f[key]['mean']:.3f} ms" for f in figs])
        row("  CPU, median", [f"{f[key]['cpu']:.3f} ms" for f in figs])
    return (f0["game"]["median"] <= GAME_TARGET_MS
            and f0["replay"]["median"] <= REPLAY_TARGET_MS)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200,
                        help="5-player games timed one by one (default 200)")
    parser.add_argument("--replays", type=int, default=100,
                        help="repeats of replaying one saved game (default 100)")
    parser.add_argument("--throughput", type=int, default=1000,
                        help="games in each throughput run (default 1000)")
    parser.add_argument("--view-games", type=int, default=50,
                        help="games whose views are timed (default 50)")
    parser.add_argument("--copy-games", type=int, default=10,
                        help="games with a dealt copy timed before every answer (default 10)")
    parser.add_argument("--baseline", metavar="REV",
                        help="also measure the package at this git revision, in the same run")
    parser.add_argument("--rounds", type=int, default=2,
                        help="with --baseline: runs of each version, alternating (default 2)")
    parser.add_argument("--quick", action="store_true",
                        help="20 games, 20 replays, 100 games, 10 view games, 3 copy games")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.replays, args.throughput = 20, 20, 100
        args.view_games, args.copy_games = 10, 3

    if args.json:  # a measuring child: figures only
        print(json.dumps(measure(args)))
        return 0

    print("Engine benchmark")
    print("  command : " + " ".join([".venv/bin/python", "bench/engine.py", *sys.argv[1:]]))
    print(f"  machine : {platform.platform()}; {os.cpu_count()} CPU(s) reported by os.cpu_count(); "
          f"{cpu_model()}")
    print(f"  python  : {platform.python_implementation()} {platform.python_version()} "
          f"({sys.executable})")
    if hasattr(os, "getloadavg"):
        load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
        print(f"  load    : {load} (1, 5, 15 min; figures are only meaningful near 0)")

    if args.baseline is None:
        met = report([("this tree", measure(args))], args)
        return 0 if met else 1
    print(f"  baseline: the package at {args.baseline} (git archive), measured in the same run; "
          f"each version {args.rounds} times in turn, the best run shown")
    mine: list[dict[str, Any]] = []
    theirs: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="peloponnes-baseline-") as tmp:
        base = baseline_tree(args.baseline, Path(tmp))
        for _ in range(args.rounds):
            mine.append(run_child(ROOT, args))
            theirs.append(run_child(base, args))
    met = report([("this tree", best(mine)), (f"at {args.baseline}", best(theirs))], args)
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
