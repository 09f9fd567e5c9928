"""Balance measures for the card data: headless bot games, summarised against the design targets.

Run from the project root:

    .venv/bin/python bench/balance.py                          # 2000 4-player heuristic games
    .venv/bin/python bench/balance.py --games 400 --jobs 2     # quicker
    .venv/bin/python bench/balance.py --cards my-cards.yaml    # another card file

It plays the games exactly as `peloponnes simulate` does (game i's seed is
``simulate.game_seed(seed, i)``, until 2026-11-24 ``seed + i``; the seats rotate from game to
game) in ``--jobs`` processes, then prints:

* the final scores: mean, percentiles, the share in 8-20 and the distribution;
* how often each catastrophe strikes (target: each in >= 70 % of games);
* each civilization's win rate with a 95 % Wilson interval and its distance from the mean
  (target: none more than 5 points away);
* how often each named building is gained into a tableau ("gain", "build" and "construction"
  events), as a share of games;
* how often the conquest row is used ("bid" events whose row is "conquest");
* per player: power cards gained, bids, passes, cards removed and covered;
* supply, per player: how often the tableau's grain fell short, the cards removed for want of
  grain, and the coin cards and luxury goods paid for grain.

The design targets are in ``docs/card-data.md`` (section "Balance").
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import Counter
from multiprocessing import Pool
from typing import Any

from peloponnes_tui.cards import CardSet, load_cards
from peloponnes_tui.engine.log import BidData, FedData, RemovedData
from peloponnes_tui.simulate import game_seed, play_game, wilson

_CARDS: CardSet | None = None
_BOTS: list[str] = []


def _init(path: str | None, bots: list[str]) -> None:
    global _CARDS, _BOTS
    _CARDS = load_cards(path)
    _BOTS = bots


def _play(args: tuple[int, int]) -> dict[str, Any]:
    """Play game ``i`` (seed ``game_seed(seed, i)``) and keep only what the summary needs."""
    seed, i = args
    assert _CARDS is not None
    bots = _BOTS
    shift = i % len(bots)
    seating = bots[shift:] + bots[:shift]
    game = play_game(_CARDS, seating, game_seed(seed, i))
    named = {c.id for c in _CARDS.power_cards if c.function or c.protection}
    gained: set[str] = set()
    conquest = 0
    per_kind: Counter[str] = Counter()
    for e in game.log:
        if e.kind in ("gain", "build", "construction"):
            per_kind["cards"] += 1
            gained.update(c for c in e.cards if c in named)
        elif isinstance(e.data, BidData):
            per_kind["bids"] += 1
            if e.data.row == "conquest":
                conquest += 1
        elif e.kind in ("pass", "withdraw", "removed", "covered", "lost"):
            per_kind[e.kind] += 1
            if isinstance(e.data, RemovedData) and e.data.catastrophe is None:
                per_kind["starved"] += 1
        elif isinstance(e.data, FedData) and e.data.grain_coins is not None:
            per_kind["short"] += 1
            per_kind["fed_coins"] += e.data.grain_coins + e.data.inhabitant_coins
            per_kind["fed_luxury"] += e.data.luxury
    civ = _CARDS.civ_by_id
    return {
        "players": [
            {"civ": civ[game.players[s.seat].civ].name.en, "score": s.score,
             "population": s.population, "power": s.power,
             "win": (1.0 / len(game.winners)) if s.seat in game.winners else 0.0}
            for s in game.scores
        ],
        "struck": list(game.table.struck),
        "named": sorted(gained),
        "conquest": conquest,
        "events": dict(per_kind),
    }


def percentile(xs: list[int], q: float) -> float:
    xs = sorted(xs)
    k = (len(xs) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def report(records: list[dict[str, Any]], cards: CardSet, players: int) -> None:
    n = len(records)
    scores = [p["score"] for r in records for p in r["players"]]
    pops = [p["population"] for r in records for p in r["players"]]
    powers = [p["power"] for r in records for p in r["players"]]
    win_scores = [max(p["score"] for p in r["players"]) for r in records]
    print(f"{n} games, {players} players")
    print(f"final scores: mean {statistics.mean(scores):.2f} (sd {statistics.pstdev(scores):.2f}),"
          f" percentiles 10/25/50/75/90: "
          + " / ".join(f"{percentile(scores, q):g}" for q in (0.1, 0.25, 0.5, 0.75, 0.9)))
    inside = sum(8 <= s <= 20 for s in scores) / len(scores)
    print(f"  in 8-20: {inside:.1%}   below 8: {sum(s < 8 for s in scores) / len(scores):.1%}"
          f"   above 20: {sum(s > 20 for s in scores) / len(scores):.1%}")
    print(f"  winning score: mean {statistics.mean(win_scores):.2f}; population mean "
          f"{statistics.mean(pops):.2f}, power mean {statistics.mean(powers):.2f}")
    dist = Counter(scores)
    print("  distribution: " + " ".join(f"{k}:{dist[k]}" for k in sorted(dist)))

    struck = Counter(c for r in records for c in r["struck"])
    print("catastrophes struck in: " + ", ".join(
        f"{c.id} {struck[c.id] / n:.0%}" for c in cards.catastrophes))

    games: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for r in records:
        for p in r["players"]:
            games[p["civ"]] += 1
            wins[p["civ"]] += p["win"]
    mean = sum(wins.values()) / sum(games.values())
    print(f"civilization win rates (mean {mean:.1%}, target: within 5 points):")
    worst = 0.0
    for civ in sorted(games):
        g, w = games[civ], wins[civ]
        lo, hi = wilson(w, g)
        dev = w / g - mean
        worst = max(worst, abs(dev))
        flag = "  <-- outside" if abs(dev) > 0.05 else ""
        print(f"  {civ:<10} {g:>5} games {w:>7.1f} wins  {w / g:6.1%} ({lo:.1%}-{hi:.1%})"
              f"  {dev * 100:+5.1f}{flag}")
    print(f"  largest deviation: {worst * 100:.1f} points")

    named = Counter(c for r in records for c in r["named"])
    print("named buildings gained into a tableau (share of games):")
    for c in cards.power_cards:
        if c.function or c.protection:
            print(f"  {c.name.en:<20} pile {c.pile}  {named[c.id] / n:6.1%}")
    conq = [r["conquest"] for r in records]
    print(f"conquest row: {sum(conq)} bids in {n} games ({sum(conq) / n:.2f} a game), "
          f"used in {sum(x > 0 for x in conq) / n:.1%} of games")
    ev: Counter[str] = Counter()
    for r in records:
        ev.update(r["events"])
    per = n * players
    print("per player and game: " + ", ".join(
        f"{k} {ev[k] / per:.2f}" for k in
        ("cards", "bids", "pass", "withdraw", "removed", "covered", "lost")))
    print(f"supply, per player and game: short of grain {ev['short'] / per:.2f} times, "
          f"cards removed for want of grain {ev['starved'] / per:.2f}, "
          f"coin cards paid {ev['fed_coins'] / per:.2f}, "
          f"luxury goods paid {ev['fed_luxury'] / per:.2f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", default=None, help="card file (default: the shipped one)")
    ap.add_argument("--bots", default="heuristic,heuristic,heuristic,heuristic")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", "--jobs", dest="jobs", type=int, default=os.cpu_count() or 1,
                    help="processes (default: one per core); the results are the same")
    args = ap.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    cards = load_cards(args.cards)
    start = time.perf_counter()
    jobs = [(args.seed, i) for i in range(args.games)]
    if args.jobs > 1:
        with Pool(args.jobs, initializer=_init, initargs=(args.cards, bots)) as pool:
            records = pool.map(_play, jobs, chunksize=20)
    else:
        _init(args.cards, bots)
        records = [_play(j) for j in jobs]
    report(records, cards, len(bots))
    print(f"({time.perf_counter() - start:.0f} s, {args.jobs} processes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
