"""How the computer players bid: their style, side by side with the bots as they were.

Run from the project root:

    .venv/bin/python bench/style.py --bots standard,standard,standard --games 300
    .venv/bin/python bench/style.py --bots strong,standard --games 40 --workers 2

Game i is the game `peloponnes simulate` plays with the same bots and ``--seed`` (seed
``simulate.game_seed(seed, i)``, seats rotated by i places, bot seeds from
:func:`peloponnes_tui.bots.players.bot_seed`); the strong player runs without its time limit, so
the figures do not depend on the machine. Every game is played twice: by the bots as they are
and by the bots as they were before their styles (``baseline``: :func:`baseline_bot`), on the
same deals. Per bot it prints:

* bids: how many bids it placed, the share at exactly the least it may (``need_coins``), how far
  above it (+1, +2, +3 or more), and *jump bids* (at least 2 above);
* passes: the share of its bidding turns on which it passed;
* outbid: the share of its outbid bids it took back (the rest it moved on);
* rounds 1-2 without a card: the share of its rounds 1 and 2 that ended with no bid lying (it
  passed, or took an outbid bid back);
* win rate (95 % Wilson interval) and mean score;
* head to head: a bot named ``standard@baseline`` is always the bot as it was, so
  ``--bots standard,standard@baseline --no-baseline`` plays the two against each other;
* variety (``--variety N``): of the first N games, the share that the bot plays differently when
  only the bots' seeds change (the same deal; a game with the same seeds replays exactly).
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import sys
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from peloponnes_tui.bots import BOT_NAMES, Bot, SearchBot, make_bot
from peloponnes_tui.bots.heuristic import HeuristicBot
from peloponnes_tui.bots.players import bot_seed
from peloponnes_tui.cards import CardSet, load_cards
from peloponnes_tui.engine.game import Game
from peloponnes_tui.engine.prompts import (
    BidPrompt,
    MoveBid,
    OutbidPrompt,
    Pass,
    PlaceBid,
    Withdraw,
)
from peloponnes_tui.simulate import NAMES, game_seed, wilson


def current_bot(name: str, cards: CardSet, seed: int) -> Bot:
    """The bot as it is now (the strong player without its time limit)."""
    if BOT_NAMES[name] is SearchBot:
        return SearchBot(cards, seed, time_limit=None)
    return make_bot(name, cards, seed)


def baseline_bot(name: str, cards: CardSet, seed: int) -> Bot:
    """The bot as it was before the styles of issue 24: no personality from its seed, bids at
    the least it may (one more only against a later player who could outbid it), the search
    with the heuristic as it was in its ranking and playouts (its candidates and steadiness as
    now), the beginner with its old mistakes only."""
    bot = current_bot(name, cards, seed)
    if isinstance(bot, HeuristicBot):
        bot.plain()
    if isinstance(bot, SearchBot):
        bot.plain()
    return bot


MAKERS = {"current": current_bot, "baseline": baseline_bot}


def _agent(which: str, name: str, cards: CardSet, seed: int) -> Bot:
    base, _, kind = name.partition("@")
    return MAKERS[kind or which](base, cards, seed)


def play(which: str, cards: CardSet, seating: Sequence[str], seed: int,
         seat_seed: int = 0) -> dict[str, Any]:
    """One game; the bots' decisions counted per seat. ``seat_seed`` shifts the bots' seeds."""
    game = Game.new(list(NAMES[: len(seating)]), seed, cards)
    agents = [_agent(which, name, cards, bot_seed(seed, k) + seat_seed)
              for k, name in enumerate(seating)]
    n = len(seating)
    stats: list[dict[str, Any]] = [
        {"bids": 0, "above": [0, 0, 0, 0], "turns": 0, "passes": 0, "outbid": 0,
         "withdraw": 0, "early": 0, "early_empty": 0} for _ in range(n)]
    answers: list[str] = []
    while game.pending is not None:
        prompt = game.pending
        seat = prompt.player
        ans = agents[seat].decide(prompt, game.view_for(seat))
        answers.append(repr(ans))
        st = stats[seat]
        if isinstance(prompt, BidPrompt):
            st["turns"] += 1
            if isinstance(ans, Pass):
                st["passes"] += 1
            elif isinstance(ans, PlaceBid):
                need = next(t.need_coins for t in prompt.targets if t.card == ans.card)
                st["bids"] += 1
                st["above"][min(3, len(ans.coins) + ans.luxury - need)] += 1
        elif isinstance(prompt, OutbidPrompt):
            st["outbid"] += 1
            st["withdraw"] += isinstance(ans, Withdraw)
            assert isinstance(ans, (Withdraw, MoveBid))
        game.answer(ans)
    for e in game.log:  # a player ends a round's bidding with a card, or passed / took back
        if e.kind in ("pass", "withdraw") and e.player is not None and 1 <= e.round <= 2:
            stats[e.player]["early_empty"] += 1
    for s in range(n):
        stats[s]["early"] = 2
    winners = game.winners
    return {"seats": [{"bot": seating[s.seat], "score": s.score,
                       "win": 1 / len(winners) if s.seat in winners else 0.0,
                       **stats[s.seat]} for s in game.scores],
            "answers": answers}


def _pct(a: float, b: float) -> str:
    return f"{a / b:.1%}" if b else "-"


def figures(records: list[dict[str, Any]]) -> dict[str, dict[str, str]]:
    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        for s in r["seats"]:
            by[s["bot"]].append(s)
    out: dict[str, dict[str, str]] = {}
    for name, seats in sorted(by.items()):
        tot = {k: sum(s[k] for s in seats) for k in
               ("bids", "turns", "passes", "outbid", "withdraw", "early", "early_empty")}
        above = [sum(s["above"][k] for s in seats) for k in range(4)]
        w = sum(s["win"] for s in seats)
        lo, hi = wilson(w, len(seats))
        out[name] = {
            "bids placed": str(tot["bids"]),
            "exact minimum": _pct(above[0], tot["bids"]),
            "+1 / +2 / +3 or more": " / ".join(_pct(a, tot["bids"]) for a in above[1:]),
            "jump bids (+2 or more)": _pct(above[2] + above[3], tot["bids"]),
            "passes (of bidding turns)": _pct(tot["passes"], tot["turns"]),
            "outbid: takes back": f"{_pct(tot['withdraw'], tot['outbid'])} of {tot['outbid']}",
            "rounds 1-2 without a card": _pct(tot["early_empty"], tot["early"]),
            "win rate": f"{w / len(seats):.1%} ({lo:.1%}-{hi:.1%})",
            "mean score": f"{statistics.mean(s['score'] for s in seats):.2f}",
        }
    return out


def run(which: str, cards: CardSet, seatings: list[list[str]], seeds: list[int], workers: int,
        seat_seed: int = 0) -> list[dict[str, Any]]:
    n = len(seeds)
    args = ([which] * n, [cards] * n, seatings, seeds, [seat_seed] * n)
    if workers > 1:  # in the games' order: the same records as one process
        with ProcessPoolExecutor(workers) as pool:
            return list(pool.map(play, *args, chunksize=max(1, n // (4 * workers))))
    return [play(*a) for a in zip(*args, strict=True)]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bots", default="standard,standard,standard")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variety", type=int, default=0,
                    help="replay the first N games with other bot seeds (same deals)")
    ap.add_argument("--no-baseline", action="store_true", help="the bots as they are only")
    ap.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    args = ap.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if any(b.partition("@")[0] not in BOT_NAMES or b.partition("@")[2] not in ("", *MAKERS)
           for b in bots) or not 2 <= len(bots) <= 5:
        ap.error(f"need 2-5 known bots ({', '.join(BOT_NAMES)})")
    cards = load_cards()
    seatings = [bots[i % len(bots):] + bots[:i % len(bots)] for i in range(args.games)]
    seeds = [game_seed(args.seed, i) for i in range(args.games)]
    print("$ " + shlex.join([".venv/bin/python", "bench/style.py",
                             *(sys.argv[1:] if argv is None else argv)]))
    print(f"{args.games} games, {len(bots)} players ({', '.join(bots)}), seed {args.seed}")
    kinds = ["current"] if args.no_baseline else ["baseline", "current"]
    recs = {k: run(k, cards, seatings, seeds, args.workers) for k in kinds}
    figs = {k: figures(v) for k, v in recs.items()}
    for name in sorted(set(bots)):
        print(f"{name}:")
        print(f"  {'':28}" + "".join(f"{k:>26}" for k in kinds))
        for label in figs[kinds[-1]][name]:
            print(f"  {label:28}" + "".join(f"{figs[k][name][label]:>26}" for k in kinds))
    if args.variety:
        m = min(args.variety, args.games)
        for k in kinds:
            other = run(k, cards, seatings[:m], seeds[:m], args.workers, seat_seed=1)
            same = run(k, cards, seatings[:m], seeds[:m], args.workers)
            differ = sum(a["answers"] != b["answers"] for a, b in zip(recs[k], other, strict=False))
            replay = sum(a["answers"] == b["answers"] for a, b in zip(recs[k], same, strict=False))
            print(f"variety ({k}): {differ} of {m} games play differently with other bot seeds "
                  f"on the same deal; {replay} of {m} replay exactly with the same seeds")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
