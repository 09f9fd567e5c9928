"""Bot tournaments in parallel processes, with the same seating as `peloponnes simulate`.

Run from the project root:

    .venv/bin/python bench/tournament.py --bots search,heuristic --games 400 --seed 1
    .venv/bin/python bench/tournament.py --bots search,heuristic,heuristic,heuristic,heuristic \\
        --games 6 --workers 1            # per-decision times of the search bot at 5 players

Game i uses seed ``game_seed(S, i)`` (:func:`peloponnes_tui.simulate.game_seed`; until
2026-11-24 it was ``S + i``, so figures recorded before then came from other games of the same
kind) and seats the bots rotated by ``i`` places, and bot seeds are derived
as in :func:`peloponnes_tui.simulate.play_game`, so a game here is the game `simulate` plays
(for bots with their default settings). The ``--playouts``, ``--horizon``, ``--to-end-from``,
``--margin-scale``, ``--power-weight``, ``--coin-choices``, ``--close-playouts``, ``--candidates``
and ``--time-limit`` options set up every search bot. The statistics: win rate with a 95 % Wilson
interval, mean score and spread per bot, wins per seat, and the time per search-bot decision
(wall clock, in the worker process; only decisions with a choice are searched, the others take no
time and are counted separately).
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import sys
import time
from collections.abc import Sequence
from multiprocessing import Pool
from typing import Any, get_args

from peloponnes_tui.bots import BOT_NAMES, Bot, make_bot
from peloponnes_tui.bots.search import (
    COIN_CHOICES,
    MAX_CANDIDATES_BY_PLAYERS,
    STEADY_BY_PLAYERS,
    STYLE,
    TO_END_FROM,
    SearchBot,
    Style,
)
from peloponnes_tui.cards import load_cards
from peloponnes_tui.engine.game import Game
from peloponnes_tui.simulate import NAMES, Summary, game_record, game_seed, share_text, wilson

_OPTS: dict[str, Any] = {}


def _bot(name: str, seed: int) -> Bot:
    cards = _OPTS["cards"]
    if BOT_NAMES[name] is SearchBot:  # "search" or "strong"
        bot = SearchBot(cards, seed, playouts=_OPTS["playouts"], horizon=_OPTS["horizon"],
                         max_candidates=_OPTS["candidates"], time_limit=_OPTS["time_limit"],
                         to_end_from=_OPTS["to_end_from"], margin_scale=_OPTS["margin_scale"],
                         power_weight=_OPTS["power_weight"],
                         coin_choices=_OPTS["coin_choices"],
                         close_playouts=_OPTS["close_playouts"], steady=_OPTS["steady"],
                         style=_OPTS["style"])
        if _OPTS["early_pass_z"] is not None:
            bot.early_pass_z = _OPTS["early_pass_z"]
        if _OPTS["plain_search"]:
            bot.plain()
        return bot
    return make_bot(name, cards, seed)


def _init(opts: dict[str, Any]) -> None:
    _OPTS.update(opts)
    _OPTS["cards"] = load_cards()


def play(job: tuple[int, Sequence[str], int]
         ) -> tuple[int, dict[str, Any], list[tuple[float, float]], int]:
    """Play game ``i``; return its record, the search decisions' (wall, CPU) times and the
    number of decisions that needed no search."""
    i, seating, seed = job
    cards = _OPTS["cards"]
    game = Game.new(list(NAMES[: len(seating)]), seed, cards)
    agents = [_bot(name, seed * 7919 + k) for k, name in enumerate(seating)]
    times: list[tuple[float, float]] = []
    quick = 0
    while game.pending is not None:
        prompt = game.pending
        bot = agents[prompt.player]
        start, start_cpu = time.perf_counter(), time.process_time()
        ans = bot.decide(prompt, game.view_for(prompt.player))
        took = (time.perf_counter() - start, time.process_time() - start_cpu)
        if isinstance(bot, SearchBot):
            if bot.last_playouts:
                times.append(took)
            else:
                quick += 1
        game.answer(ans)
    return i, game_record(game, seating), times, quick


def _progress(results: list[tuple[int, dict[str, Any], list[tuple[float, float]], int]],
              every: int) -> None:
    """Every ``every`` games: the wins so far, by bot (games finish in any order)."""
    if not every or len(results) % every:
        return
    summary = Summary()
    for _, record, _, _ in results:
        summary.add(record)
    print(f"after {len(results)} games: " + ", ".join(
        f"{bot} {share_text(summary.bot_wins[bot])} of {games}"
        for bot, games in sorted(summary.bot_games.items())), file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bots", default="search,heuristic")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--playouts", type=int, default=0,
                    help="per decision; 0: the bot's default for the table size")
    ap.add_argument("--horizon", type=int, default=-1,
                    help="rounds per playout; 0: to the end; -1: the bot's default for the "
                         "table size")
    ap.add_argument("--candidates", type=int, default=0,
                    help="answers compared per decision; 0: the bot's default for the table size "
                    "(MAX_CANDIDATES_BY_PLAYERS)")
    ap.add_argument("--to-end-from", type=int, default=TO_END_FROM or 0,
                    help="round from which playouts go to the end of the game; 0: never")
    ap.add_argument("--margin-scale", default="1.5",
                    help="estimated margin (points) at which a cut-short playout counts 73 %% won;"
                    " a comma list: one for each round 2, 3, ... the playout stops at")
    ap.add_argument("--power-weight", type=float, default=0.0,
                    help="projected power points added to the estimate at a playout's end")
    ap.add_argument("--coin-choices", type=int, default=COIN_CHOICES,
                    help="other sets of coin cards tried for a bid on each card; 0: none")
    ap.add_argument("--close-playouts", type=int, default=-1,
                    help="playouts added while the two best candidates are close; -1: the bot's"
                    " default for the table size")
    ap.add_argument("--time-limit", type=float, default=0.9, help="seconds; 0: none")
    ap.add_argument("--steady", type=float, default=-1,
                    help="standard errors by which another answer must beat the heuristic's "
                    "order; -1: the bot's default for the table size (STEADY_BY_PLAYERS)")
    ap.add_argument("--early-pass-z", type=float, default=-1,
                    help="standard errors by which a pass in rounds 1-2 must beat the bids the "
                    "heuristic ranks higher (EARLY_PASS_Z); -1: the bot's default")
    ap.add_argument("--plain-search", action="store_true",
                    help="the search bots as before the styles of issue 24 (SearchBot.plain)")
    ap.add_argument("--style", choices=get_args(Style), default=STYLE,
                    help="the search bots' own style (STYLE in bots/search.py): none, weigh "
                    "their styled raise, prefer it among answers of about equal worth (raises), "
                    "or prefer any styled answer (all)")
    ap.add_argument("--first", type=int, default=0,
                    help="the first game's number: --first 100 --games 100 plays games 100-199 of "
                    "the seed's run (the same games as in a longer run)")
    ap.add_argument("--progress", type=int, default=0,
                    help="print the wins so far after every N games (to stderr)")
    args = ap.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    unknown = [b for b in bots if b not in BOT_NAMES]
    if unknown or not 2 <= len(bots) <= 5:
        ap.error(f"need 2-5 known bots ({', '.join(BOT_NAMES)})")
    scales = [float(x) for x in args.margin_scale.split(",")]
    scale = scales[0] if len(scales) == 1 else dict(enumerate(scales, 2))
    horizon = "table" if args.horizon < 0 else args.horizon or None
    opts = {"playouts": args.playouts or None, "horizon": horizon,
            "candidates": args.candidates or None, "time_limit": args.time_limit or None,
            "to_end_from": args.to_end_from or None, "margin_scale": scale,
            "power_weight": args.power_weight, "coin_choices": args.coin_choices,
            "close_playouts": None if args.close_playouts < 0 else args.close_playouts,
            "steady": None if args.steady < 0 else args.steady,
            "early_pass_z": None if args.early_pass_z < 0 else args.early_pass_z,
            "plain_search": args.plain_search, "style": args.style}
    jobs = []
    for i in range(args.first, args.first + args.games):
        shift = i % len(bots)
        jobs.append((i, bots[shift:] + bots[:shift], game_seed(args.seed, i)))
    print("$ " + shlex.join([".venv/bin/python", "bench/tournament.py", *sys.argv[1:]]))
    start = time.perf_counter()
    results: list[tuple[int, dict[str, Any], list[tuple[float, float]], int]] = []
    if args.workers > 1:
        with Pool(args.workers, initializer=_init, initargs=(opts,)) as pool:
            for r in pool.imap_unordered(play, jobs, chunksize=1):
                results.append(r)
                _progress(results, args.progress)
    else:
        _init(opts)
        for j in jobs:
            results.append(play(j))
            _progress(results, args.progress)
    wall = time.perf_counter() - start
    results.sort(key=lambda r: r[0])
    summary = Summary()
    times: list[tuple[float, float]] = []
    quick = 0
    for _, record, t, q in results:
        summary.add(record)
        times += t
        quick += q
    n = summary.games
    print(f"{n} games, {len(bots)} players, seed {args.seed}, search bots: "
          f"{args.playouts or 'default'} playouts, "
          f"horizon {'default' if horizon == 'table' else horizon or 'end'}, "
          f"{args.candidates or MAX_CANDIDATES_BY_PLAYERS[len(bots)]} candidates, "
          f"steady {STEADY_BY_PLAYERS[len(bots)] if args.steady < 0 else args.steady:g}, "
          f"to the end from round {args.to_end_from or 'never'}, "
          f"margin scale {args.margin_scale}, power weight {args.power_weight:g}, "
          f"coin choices {args.coin_choices}, "
          f"close playouts {'default' if args.close_playouts < 0 else args.close_playouts}, "
          f"time limit {args.time_limit or 'none'} s; "
          f"{args.workers} worker(s), {wall:.0f} s")
    print(f"{'bot':10} {'games':>5} {'wins':>6}  {'win rate (95% CI)':20} "
          f"{'mean score':>10} {'spread (sd)':>11}")
    for bot, games in sorted(summary.bot_games.items()):
        w = summary.bot_wins[bot]
        lo, hi = wilson(w, games)
        sc = summary.bot_scores[bot]
        rate = f"{w / games:.1%} ({lo:.1%}–{hi:.1%})"
        print(f"{bot:10} {games:>5} {share_text(w):>6}  {rate:20} {statistics.mean(sc):>10.2f} "
              f"{statistics.pstdev(sc):>11.2f}")
    print("seats: " + ", ".join(f"{s} {summary.seat_wins[s] / n:.1%}"
                                for s in range(1, len(bots) + 1)))
    print("final scores: " + " ".join(f"{k}:{v}" for k, v in sorted(summary.scores.items())))
    if times:
        print(f"search decisions: {len(times)} searched, {quick} with a single candidate")
        for label, k in (("wall", 0), ("CPU", 1)):
            ts = sorted(t[k] for t in times)
            p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
            print(f"  {label:4} per searched decision: median {statistics.median(ts) * 1000:.0f} "
                  f"ms, p95 {p95 * 1000:.0f} ms, max {ts[-1] * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
