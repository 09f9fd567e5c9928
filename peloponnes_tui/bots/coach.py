"""The coach: what the strongest computer player would do in a player's decision, and why.

The coach sees exactly what the player sees (the player's :class:`View`): it deals the hidden
cards at random as the search bot does (``View.sample``), tries the answers the search bot would
consider, and plays each one on to the end of the game with heuristic players on several such
deals. What it reports is what a player can weigh: the answer it would give, the share of those
games it won, and the population and power it ended with on average, beside the best other
answer. It holds no words: the app makes the sentence (``tui/coach.py``).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from peloponnes_tui.bots.heuristic import HeuristicBot
from peloponnes_tui.bots.search import SearchBot
from peloponnes_tui.cards import CardSet
from peloponnes_tui.engine.prompts import Answer, AnyPrompt, IllegalAnswer
from peloponnes_tui.engine.view import View

PLAYOUTS = 20  # games played on from the decision for each answer tried, at most
CANDIDATES = 4  # answers tried, at most (the search bot's first choices)
TIME_LIMIT = 2.0  # seconds, after which the coach answers with what it has played so far


@dataclass(frozen=True, slots=True)
class Outlook:
    """How the games played on after ``answer`` went for the player who asked."""

    answer: Answer
    games: int  # games played on to the end
    wins: float  # games won (a shared win counts its share)
    population: float  # mean population at the end
    power: float  # mean power points at the end

    @property
    def win_share(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class Advice:
    """The answer the coach would give (``best``) and the others it tried, best first."""

    best: Outlook
    others: tuple[Outlook, ...]

    @property
    def games(self) -> int:
        return self.best.games + sum(o.games for o in self.others)


class Coach:
    """Advises one decision at a time; ``seed`` makes its deals (and so its advice) repeatable."""

    def __init__(self, cards: CardSet, seed: int, playouts: int = PLAYOUTS,
                 candidates: int = CANDIDATES, time_limit: float | None = TIME_LIMIT) -> None:
        self.cards = cards
        self.seed = seed
        self.playouts = playouts
        self.time_limit = time_limit
        self.search = SearchBot(cards, seed, max_candidates=candidates, playouts=4 * candidates)
        self.policy = HeuristicBot(cards, seed)

    def advise(self, prompt: AnyPrompt, view: View) -> Advice:
        """The coach's answer to ``prompt`` for the player of ``view`` (its own seat)."""
        cands = self.search.candidates(prompt, view)
        stats = {i: [0, 0.0, 0, 0] for i in range(len(cands))}  # games, wins, population, power
        if len(cands) > 1 and view.sampler is not None:
            start = time.perf_counter()
            rng = random.Random(self.seed ^ (view.round << 8) ^ len(view.log))
            for _ in range(self.playouts):
                if self.time_limit is not None and time.perf_counter() - start > self.time_limit:
                    break
                deal = rng.getrandbits(48)  # every answer is tried on the same deals
                for i, ans in enumerate(cands):
                    result = self._play_on(view, ans, deal)
                    if result is None:
                        continue
                    s = stats[i]
                    s[0] += 1
                    s[1] += result[0]
                    s[2] += result[1]
                    s[3] += result[2]
        outlooks = [Outlook(ans, int(stats[i][0]), stats[i][1],
                            stats[i][2] / stats[i][0] if stats[i][0] else 0.0,
                            stats[i][3] / stats[i][0] if stats[i][0] else 0.0)
                    for i, ans in enumerate(cands)]
        # the most wins; then the search bot's order (its first choice is the heuristic's)
        order = sorted(range(len(outlooks)), key=lambda i: (-outlooks[i].win_share, i))
        ranked = [outlooks[i] for i in order if outlooks[i].games or len(cands) == 1]
        if not ranked:  # nothing could be played on: the search bot's first choice
            ranked = [outlooks[0]]
        return Advice(ranked[0], tuple(ranked[1:]))

    def _play_on(self, view: View, answer: Answer, deal: int
                 ) -> tuple[float, int, int] | None:
        """(win share, population, power) of the player at the end of one game played on."""
        g = view.sample(random.Random(deal))
        try:
            g.answer(answer)
        except IllegalAnswer:
            return None
        while g.pending is not None:
            q = g.pending
            g.answer(self.policy.decide(q, g.view_for(q.player)))
        mine = next(s for s in g.scores if s.seat == view.seat)
        win = 1.0 / len(g.winners) if view.seat in g.winners else 0.0
        return win, mine.population, mine.power


__all__ = ["Advice", "Coach", "Outlook"]
