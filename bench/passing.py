"""How much bots pass, how many coin cards they hold, and whether passing pays.

Run from the project root:

    .venv/bin/python bench/passing.py --bots heuristic,heuristic,heuristic --games 400
    .venv/bin/python bench/passing.py --bots hoarder,heuristic,heuristic --games 400

Game i is the game `peloponnes simulate` plays with the same bots and ``--seed`` (seed
``simulate.game_seed(seed, i)``, seats rotated by i places, bot seeds from
:func:`peloponnes_tui.bots.players.bot_seed`). Besides the registered bots it knows two policies
that exist only here, to measure whether passing is too strong:

* ``hoarder``: passes in every bidding round 1-4 (and takes every outbid bid back), then plays
  as the heuristic bot; ``hoarder:N`` saves through round N instead;
* ``passer``: the heuristic bot with a bias of 1 score point towards passing in every round;
  ``passer:X`` (or ``heuristic:X``) sets the bias to X points (negative: towards bidding).

It prints per bot: the win rate (95 % Wilson interval), the mean score, passes (``pass`` and
``withdraw`` events) per player in each round, and coin cards in hand at the end of each round;
and for the table: the share of games in which a catastrophe strikes in round 1 (before any
bid: a round's catastrophes come after its reveal and before its bidding), which ones, and
the mean final score in those games and in the others.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from peloponnes_tui.bots import Bot, HeuristicBot, make_bot
from peloponnes_tui.bots.players import bot_seed
from peloponnes_tui.cards import ROUNDS, CardSet, load_cards
from peloponnes_tui.engine.game import Game
from peloponnes_tui.engine.log import StrikeData
from peloponnes_tui.engine.prompts import (
    Answer,
    AnyPrompt,
    BidPrompt,
    OutbidPrompt,
    Pass,
    Withdraw,
)
from peloponnes_tui.engine.view import View
from peloponnes_tui.simulate import NAMES, game_seed, wilson


class Hoarder(HeuristicBot):
    """Passes in bidding rounds 1 to ``until`` (4), then plays as the heuristic bot."""

    name = "hoarder"
    until = 4  # the last round it saves in

    def decide(self, prompt: AnyPrompt, view: View) -> Answer:
        if view.round <= self.until and isinstance(prompt, BidPrompt):
            return Pass()
        if view.round <= self.until and isinstance(prompt, OutbidPrompt):
            return Withdraw()
        return super().decide(prompt, view)


class Passer(HeuristicBot):
    """The heuristic bot, leaning towards passing by one score point."""

    name = "passer"
    pass_bias = 1.0


EXTRA: dict[str, type[HeuristicBot]] = {"hoarder": Hoarder, "passer": Passer}


def bot(name: str, cards: CardSet, seed: int) -> Bot:
    base, _, bias = name.partition(":")
    extra = EXTRA.get(base)
    agent = extra(cards, seed) if extra else make_bot(base, cards, seed)
    if bias and isinstance(agent, Hoarder):  # "hoarder:3": saves through round 3
        agent.until = int(bias)
    elif bias:  # "passer:-0.5": another bias towards passing (negative: towards bidding)
        assert isinstance(agent, HeuristicBot)
        agent.pass_bias = float(bias)
    return agent


def play(cards: CardSet, seating: Sequence[str], seed: int) -> dict[str, Any]:
    game = Game.new(list(NAMES[: len(seating)]), seed, cards)
    agents = [bot(name, cards, bot_seed(seed, k)) for k, name in enumerate(seating)]
    n = len(seating)
    hands: list[list[int]] = [[0] * ROUNDS for _ in range(n)]
    rnd = game.round
    while game.pending is not None:
        prompt = game.pending
        game.answer(agents[prompt.player].decide(prompt, game.view_for(prompt.player)))
        if game.round != rnd and 1 <= rnd <= ROUNDS:
            for s in range(n):  # the hands at the end of round rnd (its income drawn)
                hands[s][rnd - 1] = len(game.players[s].hand)
        rnd = game.round
    for s in range(n):
        hands[s][ROUNDS - 1] = hands[s][ROUNDS - 1] or len(game.players[s].hand)
    passes = [[0] * ROUNDS for _ in range(n)]
    early: list[str] = []
    for e in game.log:
        if e.kind in ("pass", "withdraw") and e.player is not None and 1 <= e.round <= ROUNDS:
            passes[e.player][e.round - 1] += 1
        elif isinstance(e.data, StrikeData) and e.round == 1:
            early.append(e.data.catastrophe)
    winners = game.winners
    return {
        "seats": [{"bot": seating[s.seat], "score": s.score,
                   "win": 1 / len(winners) if s.seat in winners else 0.0,
                   "passes": passes[s.seat], "hands": hands[s.seat]} for s in game.scores],
        "round1": early,
    }


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bots", default="heuristic,heuristic,heuristic")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cards", default=None)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                    help="processes (default: one per core); the results are the same")
    args = ap.parse_args(argv)
    shown = list(sys.argv[1:] if argv is None else argv)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    cards = load_cards(args.cards)
    seatings = [bots[i % len(bots):] + bots[:i % len(bots)] for i in range(args.games)]
    seeds = [game_seed(args.seed, i) for i in range(args.games)]
    if args.workers > 1:  # in the games' order: the same records as one process
        with ProcessPoolExecutor(args.workers) as pool:
            records = list(pool.map(play, [cards] * args.games, seatings, seeds, chunksize=8))
    else:
        records = [play(cards, seating, seed)
                   for seating, seed in zip(seatings, seeds, strict=True)]
    n = len(records)
    print(f"$ .venv/bin/python bench/passing.py {' '.join(shown)}")
    print(f"{n} games, {len(bots)} players ({', '.join(bots)}), seed {args.seed}")
    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        for s in r["seats"]:
            by[s["bot"]].append(s)
    for name, seats in sorted(by.items()):
        w = sum(s["win"] for s in seats)
        lo, hi = wilson(w, len(seats))
        print(f"{name}: {len(seats)} seats, win rate {w / len(seats):.1%} ({lo:.1%}-{hi:.1%}), "
              f"mean score {statistics.mean(s['score'] for s in seats):.2f}")
        per_round = [statistics.mean(s["passes"][k] for s in seats) for k in range(ROUNDS)]
        print("  passes per player, rounds 1-8: "
              + " ".join(f"{x:.2f}" for x in per_round)
              + f"  (rounds 1-4: {sum(per_round[:4]):.2f}, all: {sum(per_round):.2f})")
        all4 = sum(1 for s in seats if all(s["passes"][k] for k in range(4))) / len(seats)
        print(f"  passed in all of rounds 1-4: {all4:.1%} of seats")
        print("  coin cards in hand at the end of rounds 1-8: " + " ".join(
            f"{statistics.mean(s['hands'][k] for s in seats):.1f}" for k in range(ROUNDS))
              + f"; most ever held {max(max(s['hands']) for s in seats)}")
    early = [r for r in records if r["round1"]]
    kinds = Counter(c for r in early for c in r["round1"])
    print(f"a catastrophe strikes in round 1: {len(early)} of {n} games ({len(early) / n:.1%}): "
          + ", ".join(f"{k} {v}" for k, v in kinds.most_common()))
    def mean_score(games: list[dict[str, Any]]) -> str:
        scores = [s["score"] for r in games for s in r["seats"]]
        return f"{statistics.mean(scores):.2f} ({len(games)} games)" if scores else "-"

    calm = [r for r in records if not r["round1"]]
    print(f"  mean score: no strike in round 1 {mean_score(calm)}"
          + "".join(f"; {k} in round 1 {mean_score([r for r in early if k in r['round1']])}"
                    for k in sorted(kinds)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
