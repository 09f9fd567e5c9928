"""A look-ahead computer player: determinized Monte Carlo over the engine.

For a prompt with several sensible answers, the bot lists a few candidates (the heuristic bot's
choice first, then its next-best alternatives) and tries each on copies of the game dealt from its
own view (:meth:`View.sample`: other hands, face-down bids and pile orders redrawn at random). On
each copy it applies the candidate and lets heuristic bots play every seat, either to the end of
the game or for a few rounds, after which the heuristic's score estimate of every player stands
in for the final result. A playout is worth the win (or, when cut short, the chance of winning
from the estimated margin) plus a little of the score margin over the best opponent.

All candidates are played on the same copies (common random numbers), so they are compared on
the same hidden cards. The playouts are shared out by *sequential halving*: after each round of
copies the worse half of the candidates is dropped and the rest get more copies. The budget is a
number of playouts (deterministic for a seed; by default set by the number of players) with a
wall-clock cap as a safety net.

The bot never sees the real game: only the prompt and its view, whose ``sample`` deals copies.
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, assert_never

from peloponnes_tui.bots.base import Bot
from peloponnes_tui.bots.heuristic import HeuristicBot, Pos
from peloponnes_tui.cards import CardSet
from peloponnes_tui.engine.answers import answer_key, legal_answers
from peloponnes_tui.engine.prompts import (
    Answer,
    AnyPrompt,
    BidPrompt,
    BuildPrompt,
    CatastrophePrompt,
    CompletePrompt,
    FeedPrompt,
    IllegalAnswer,
    OutbidPrompt,
    Pass,
    PlaceBid,
)
from peloponnes_tui.engine.view import Sample, View


class _Ranker(HeuristicBot):
    """The heuristic bot, asked for its scored options instead of only its choice.

    ``coin_choices``: a bid on each card is also offered with up to this many other sets of
    coin cards than the heuristic would give (:meth:`_coin_sets`, the best by the estimate).
    """

    coin_choices = 0

    def estimate(self, view: View, power_weight: float = 0.0) -> float:
        """The heuristic's estimate of this player's final score, before a round's bidding,
        plus ``power_weight`` times the power points it projects."""
        pos = self._pos(view)
        ctx = self._ctx(view, "pre", this_supply_done=True)
        if not power_weight:
            return self.evaluate(pos, ctx)
        parts: dict[str, float] = {}
        return self.evaluate(pos, ctx, parts) + power_weight * parts["power"]

    def options(self, prompt: AnyPrompt, view: View) -> list[tuple[float, Answer]]:
        """Legal answers worth trying, each with the heuristic's estimate (higher is better)."""
        pos = self._pos(view)
        match prompt:
            case BidPrompt():
                return self._bid_options(prompt, view, pos)
            case OutbidPrompt():
                ctx = self._ctx(view, "bid")
                return [(self._outbid_value(ans, prompt, view, pos, ctx), ans)
                        for ans in legal_answers(prompt, self.cards, view.me.civ)]
            case BuildPrompt():
                return self._build_options(prompt, pos, self._ctx(view, "gain"))
            case CatastrophePrompt():
                return self._catastrophe_options(prompt, view, pos, hit_sets=3)
            case FeedPrompt():
                return list(self._feed_options(prompt, view, pos))
            case CompletePrompt():
                return list(self._complete_options(prompt, view, pos))
            case _:
                assert_never(prompt)

    def _bid_options(self, prompt: BidPrompt, view: View, pos: Pos
                     ) -> list[tuple[float, Answer]]:
        ctx = self._ctx(view, "bid")
        out: list[tuple[float, Answer]] = [
            (self.evaluate(self._with_draws(pos, self.rules.coins_for_passing), ctx)
             + self.pass_bias, Pass())]
        rivals = self._rivals(view)
        targets = {t.card: t for t in prompt.targets}
        seen = set()
        for ans in self._bids(prompt, view, pos, ctx):
            t = targets[ans.card]
            threat = 0
            if t.row == "market":
                threat = sum(1 for p in rivals if p.hand_size + p.luxury > t.need_coins)
            v = self._bid_value(ans, pos, prompt.hand, ctx)
            if len(ans.coins) + ans.luxury > t.need_coins:
                # one coin more, so that a later player cannot take the card as cheaply
                if threat:
                    out.append((v - 0.06 * threat, ans))
                continue
            out.append((v - 0.15 * threat, ans))
            seen.add(answer_key(self.cards, ans))
            if self.coin_choices:
                card = self.power_cards[t.card]
                alts: list[tuple[float, Answer]] = []
                for other, olux in self._coin_sets(prompt.hand, t.need_coins,
                                                   prompt.luxury_usable, pos, ans.coins,
                                                   ans.luxury):
                    alt = PlaceBid(t.card, tuple(other), olux)
                    key = answer_key(self.cards, alt)
                    if key in seen:  # the same kinds of coin cards: the same bid
                        continue
                    seen.add(key)
                    rest = [c for c in prompt.hand if c not in other]
                    ov = self._gain_outcome(card, self._without(pos, other, olux), rest, ctx)
                    alts.append((ov - 0.15 * threat, alt))
                alts.sort(key=lambda o: -o[0])  # stable
                out += alts[: self.coin_choices]
        return out

    def _coin_sets(self, hand: Sequence[int], amount: int, luxury_usable: int, pos: Pos,
                   coins: Sequence[int], lux: int) -> list[tuple[list[int], int]]:
        """Other ways to put ``amount`` coins on a bid than the heuristic's (``coins`` and
        ``lux`` luxury goods): keeping every coin card of one resource as long as possible, or
        giving them first; and, with luxury goods to trade, as many or as few of them as can
        be. Each set of coin cards once, the heuristic's own left out."""
        order = self._spend_order(hand, pos)
        seen = {(tuple(sorted(coins)), lux)}
        out: list[tuple[list[int], int]] = []
        orders = []
        for res in ("wood", "stone", "grain", "inhabitants"):
            orders.append(sorted(order, key=lambda c: self.coin_res[c] == res))  # kept last
            orders.append(sorted(order, key=lambda c: self.coin_res[c] != res))  # given first
        luxes = {lux, max(0, amount - len(order)), min(luxury_usable, amount)}
        for n_lux in sorted(luxes):
            for o in [order, *orders]:
                spent = o[: amount - n_lux]
                key = (tuple(sorted(spent)), n_lux)
                if key not in seen:
                    seen.add(key)
                    out.append((spent, n_lux))
        return out


@dataclass(frozen=True, slots=True)
class Ranked:
    """A candidate of a search: the mean value of its playouts (None: not searched) and their
    number."""

    answer: Answer
    value: float | None
    playouts: int


def _raised(prompt: BidPrompt, bid: PlaceBid) -> bool:
    """Whether ``bid`` puts more on its card than the least the card needs."""
    return any(t.card == bid.card and len(bid.coins) + bid.luxury > t.need_coins
               for t in prompt.targets)


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


# Playouts per decision by the number of players, when none is given: a playout at a bigger table
# is longer (more seats to play), so fewer of them keep a decision well under a second. 64 at 5
# players since the styles of issue 24 (96, then 80 before; the styled heuristic that plays the
# playouts is slower), for a p95 of at most half a second per decision there.
PLAYOUTS_BY_PLAYERS = {2: 128, 3: 128, 4: 96, 5: 64}

# Rounds a playout plays on before the estimate, by the number of players, when none is given
# (``horizon="table"``): two at 2 players, where a playout is short enough to keep a decision
# well under a second (docs/bots.md, "search": it won more against the heuristic), one at bigger
# tables, where two would pass the second.
HORIZON_BY_PLAYERS = {2: 2, 3: 1, 4: 1, 5: 1}

# Other sets of coin cards tried for a bid on each card (besides the heuristic's): one won 3.6
# points more against the heuristic on the tuning seeds, but no more on seeds 1 and 11001
# (docs/bots.md, "search"); 0 is the bot as it was before.
COIN_CHOICES = 1

# Playouts a decision may add, by the number of players, to tell its two best candidates apart
# when sequential halving leaves them close (``close_playouts``); 0: none.
CLOSE_PLAYOUTS_BY_PLAYERS = {2: 0, 3: 0, 4: 0, 5: 0}

# Answers a decision compares at most (the heuristic's choice and its next best), by the number
# of players. 8 everywhere before issue 24; 4 at 3 to 5 players since: each gets more of the
# playouts, so the choice depends less on the copies dealt (docs/bots.md, "The coach"). At 2
# players 8 again, with STEADY 0 (below): the strong player won 76.0 % of 200 games of seed 1
# against the standard player instead of 69.0 %, and the coach's advice was the same on another
# seed as often (docs/bots.md, "The ladder").
MAX_CANDIDATES_BY_PLAYERS = {2: 8, 3: 4, 4: 4, 5: 4}

# How clearly (in standard errors of the paired mean difference) the best answer in the playouts
# must beat an answer the heuristic ranks higher before the bot plays it instead (0: the best
# mean wins, as before issue 24), by the number of players. Among answers the playouts cannot
# tell apart, the heuristic's order decides, not the copies dealt (docs/bots.md, "The coach").
STEADY_BY_PLAYERS = {2: 0.0, 3: 2.0, 4: 2.0, 5: 2.0}

# In the bidding of rounds up to EARLY_ROUNDS, passing must beat every bid the heuristic ranks
# higher by EARLY_PASS_Z standard errors (of the paired differences) before the bot passes (never
# fewer than the table's STEADY_BY_PLAYERS; where that is 0, the best mean decides). Off (0): with
# 3, one strong player among three standard players at 4 players won 7 of 24 games, against 9.5
# of the same 24 without it (docs/bots.md, "The ladder").
EARLY_ROUNDS = 2
EARLY_PASS_Z = 0.0

# Whether the search ranks its candidates and plays its playouts with the styled heuristic (the
# standard player's bids above the least, the engine's earthquake and tempest losses in the
# estimate at a playout's end) or with the heuristic as it was before the styles (False, the
# default): among three styled standard players at 4 players the latter won 13 of 24 games, the
# styled search 7 of the same 24 (docs/bots.md, "The ladder").
STYLED_SEARCH = False

# The strong player's own style (issue 24): a styled standard player with the bot's own seed and
# personality (``stylist``) names the answer it would give. "weigh": when that answer bids more
# than the least, the search weighs it too (so a raise or a jump bid is tried when that player
# would make it for a card that matters); "raises": and among answers the playouts cannot tell
# apart (:data:`STEADY_BY_PLAYERS`) it prefers such a raise of its own; "all": it prefers the
# stylist's answer whatever it is, passing included; "none": the heuristic's candidates and
# order only, the same player for every seed. One strong player among three standard players won
# 20, 17 and 14.5 of the same 40 games with "weigh", "raises" and "all", and 22 with "none" (35 of
# 80 each for "weigh" and "none"); at 2 players 155.5 and 155 of 200 with "weigh" and "none"
# (docs/bots.md, "The strong player's own style").
Style = Literal["none", "weigh", "raises", "all"]
STYLE: Style = "weigh"

# From which round on a playout goes to the end of the game (the real score instead of an
# estimate), whatever the horizon; None: never. From round 7 on was tried and did not help
# (docs/bots.md, "search").
TO_END_FROM: int | None = None


class SearchBot(Bot):
    """Determinized Monte Carlo with heuristic playouts.

    ``playouts``: playouts per decision (shared among the candidates; None: by the number of
    players, :data:`PLAYOUTS_BY_PLAYERS`); ``horizon``: rounds to
    play on before the heuristic estimate replaces the rest of the game (None: to the end;
    ``"table"``: by the number of players, :data:`HORIZON_BY_PLAYERS`);
    ``to_end_from``: the round from which playouts go to the end of the game whatever the
    horizon (None: never); ``margin_scale``: the estimated margin (points) at which a cut-short
    playout counts 73 % won, one number or one by the round the playout stopped at
    (``bench/leaf_fit.py`` fits them); ``power_weight``: the share of the power points projected
    by the estimate that a cut-short playout adds to it (:meth:`leaf_score`); ``coin_choices``:
    other sets of coin cards tried for a bid on each card (0: only the heuristic's; by default
    :data:`COIN_CHOICES`);
    ``close_playouts``: playouts a decision may add, 8 copies at a time, while its two best
    candidates are within two standard errors of each other (None: by the number of players,
    :data:`CLOSE_PLAYOUTS_BY_PLAYERS`); ``max_candidates``: answers tried per decision (None:
    by the number of players, :data:`MAX_CANDIDATES_BY_PLAYERS`); ``steady``: standard errors by
    which an answer must beat those the heuristic ranks higher (None: by the number of players,
    :data:`STEADY_BY_PLAYERS`);
    ``time_limit``: seconds per decision after which the search stops early (None: no limit;
    with a limit, a very slow machine may make a game differ from run to run).
    """

    name = "search"

    margin_weight = 0.05  # score margin, in wins per point, added to the win (or its chance)

    def __init__(self, cards: CardSet, seed: int, playouts: int | None = None,
                 horizon: int | Literal["table"] | None = "table",
                 max_candidates: int | None = None,
                 time_limit: float | None = 0.9, to_end_from: int | None = TO_END_FROM,
                 margin_scale: float | Mapping[int, float] = 1.5,
                 power_weight: float = 0.0, coin_choices: int = COIN_CHOICES,
                 close_playouts: int | None = None, steady: float | None = None,
                 style: Style = STYLE) -> None:
        super().__init__(cards, seed)
        self.steady = steady
        self.early_rounds = EARLY_ROUNDS
        self.early_pass_z = EARLY_PASS_Z
        self.playouts = playouts
        self.horizon = horizon
        self.to_end_from = to_end_from
        self.margin_scale = margin_scale
        self.power_weight = power_weight
        self.max_candidates = max_candidates
        self.time_limit = time_limit
        # the ranker and the playouts' players have no personality: the search's own judgement
        self.ranker = _Ranker(cards, seed, personal=False)
        self.ranker.coin_choices = coin_choices
        self.close_playouts = close_playouts
        self.policy = HeuristicBot(cards, seed, personal=False)
        if not STYLED_SEARCH:
            self.ranker.plain()
            self.policy.plain()
        # the player's own style: the answer a styled standard player with this seed's
        # personality would give, weighed when it is a raise (and preferred, by ``style``)
        self.style = style
        self.stylist: HeuristicBot | None = HeuristicBot(cards, seed) if style != "none" \
            else None
        self.last_styled: Answer | None = None  # what the stylist named at the last decision
        self.last_raised = False  # whether that was a bid above the least
        # what the last search found, best first (the coach explains it): each candidate with
        # the mean value of its playouts and how many it had
        self.last_ranking: list[Ranked] = []
        self.last_close = False  # whether the best two could not be told apart
        # statistics, for tests and measurements
        self.last_playouts = 0
        self.total_playouts = 0
        self.searches = 0

    def plain(self) -> None:
        """Play as the bot did before the styles of issue 24 (for measuring the difference)."""
        self.ranker.plain()
        self.policy.plain()
        self.early_rounds = 0
        self.stylist = None

    # ------------------------------------------------------------------------------------------

    def budget(self, view: View) -> int:
        """Playouts per decision at this table."""
        if self.playouts is not None:
            return self.playouts
        return PLAYOUTS_BY_PLAYERS[len(view.players)]

    def candidate_limit(self, view: View) -> int:
        """Answers a decision at this table compares at most."""
        if self.max_candidates is not None:
            return self.max_candidates
        return MAX_CANDIDATES_BY_PLAYERS[len(view.players)]

    def steadiness(self, view: View) -> float:
        """Standard errors by which the best answer must beat those the heuristic ranks higher
        at this table."""
        if self.steady is not None:
            return self.steady
        return STEADY_BY_PLAYERS[len(view.players)]

    def stop_round(self, view: View) -> int | None:
        """The round at whose bidding a playout from this view stops (None: the end of the
        game)."""
        horizon = HORIZON_BY_PLAYERS[len(view.players)] if self.horizon == "table" \
            else self.horizon
        if horizon is None or (self.to_end_from is not None and view.round >= self.to_end_from):
            return None
        return view.round + horizon

    def candidates(self, prompt: AnyPrompt, view: View) -> list[Answer]:
        """The answers the search compares: the heuristic's choice first, then its best others;
        in a bid passing always, and the player's own styled answer (:attr:`stylist`) when it
        bids more than the least."""
        self.last_raised = False
        self.last_styled = (self.stylist.decide(prompt, view)
                            if self.stylist is not None and isinstance(prompt, BidPrompt)
                            else None)
        first = self.ranker.decide(prompt, view)
        scored = self.ranker.options(prompt, view)
        scored.sort(key=lambda o: -o[0])  # stable: equal estimates keep the heuristic's order
        out = [first]
        keys = {answer_key(self.cards, first)}
        for _, ans in scored:
            key = answer_key(self.cards, ans)
            if key not in keys:  # coin cards of the same kinds: the same answer
                keys.add(key)
                out.append(ans)
        most = self.candidate_limit(view)
        limit = max(2, min(most, self.budget(view) // 2))
        if isinstance(prompt, BidPrompt):
            # passing is always worth a look, and so is the player's own raise
            styled = self.last_styled
            wanted: list[Answer] = [Pass()]
            self.last_raised = isinstance(styled, PlaceBid) and _raised(prompt, styled)
            if self.last_raised and styled is not None:
                wanted.append(styled)
            return self._with(out, wanted, limit)
        return out[:limit]

    def _with(self, out: Sequence[Answer], wanted: Sequence[Answer], limit: int
              ) -> list[Answer]:
        """At most ``limit`` of ``out`` (best first), ``wanted`` among them whatever their
        place: the others that fit keep their order, and a wanted answer not in ``out`` comes
        last."""
        musts: dict[object, Answer] = {}
        for a in wanted:
            musts.setdefault(answer_key(self.cards, a), a)
        free = max(1, limit - len(musts))
        picked: list[Answer] = []
        seen: set[object] = set()
        for a in out:
            k = answer_key(self.cards, a)
            if k in musts:
                picked.append(a)
                seen.add(k)
            elif free:
                picked.append(a)
                free -= 1
        picked += [a for k, a in musts.items() if k not in seen]
        return picked[:limit]

    def decide(self, prompt: AnyPrompt, view: View) -> Answer:
        self.last_playouts = 0
        self.last_ranking, self.last_close = [], False
        cands = self.candidates(prompt, view)
        if len(cands) == 1 or self.budget(view) < len(cands) or view.sampler is None:
            self.last_ranking = [Ranked(a, None, 0) for a in cands]
            return cands[0]
        self.searches += 1
        return self._search(cands, view)

    def deal_seed(self, view: View) -> int:
        """The first of the seeds that deal this decision's copies: a function of the bot's seed
        and of the decision (seat, round, how far the game's log has come), not of the decisions
        before it, so the same decision gets the same search wherever it is asked (the coach
        asks it from the middle of a game)."""
        key = f"{self.seed}:{view.seat}:{view.round}:{len(view.log)}".encode()
        return int.from_bytes(hashlib.blake2b(key, digest_size=6).digest(), "big")

    # ------------------------------------------------------------------------------------------

    def _search(self, cands: Sequence[Answer], view: View) -> Answer:
        start = time.perf_counter()
        base = self.deal_seed(view)
        n = len(cands)
        out_at = [0] * n  # the phase in which a candidate was dropped (phases: still in)
        totals = [0.0] * n
        counts = [0] * n
        values: list[dict[int, float]] = [{} for _ in range(n)]  # by copy, for close decisions
        alive = list(range(n))
        phases = max(1, math.ceil(math.log2(n)))
        budget = self.budget(view)
        used = 0
        deal = 0
        for phase in range(phases):
            share = (budget - used) // (phases - phase)
            copies = max(1, share // len(alive))
            for _ in range(copies):
                if used + len(alive) > budget:
                    break
                if (self.time_limit is not None and used
                        and time.perf_counter() - start > self.time_limit):
                    break
                seed = base + deal
                deal += 1
                for i in list(alive):
                    value = self._playout(view, cands[i], seed)
                    used += 1
                    if value is None:  # not legal after all: never choose it
                        alive.remove(i)
                        counts[i] = 0
                        continue
                    totals[i] += value
                    counts[i] += 1
                    values[i][seed] = value
            if not alive:
                break
            alive.sort(key=lambda i: (-(totals[i] / counts[i]) if counts[i] else math.inf, i))
            if phase < phases - 1:
                for i in alive[max(1, math.ceil(len(alive) / 2)):]:
                    out_at[i] = phase
                alive = alive[: max(1, math.ceil(len(alive) / 2))]
        extra = self.close_budget(view)
        while len(alive) >= 2 and extra >= 2 and self._close(values[alive[0]], values[alive[1]]):
            # the two best are not clearly apart: more copies for both, 8 at a time
            if self.time_limit is not None and time.perf_counter() - start > self.time_limit:
                break
            for _ in range(min(8, extra // 2)):
                seed = base + deal
                deal += 1
                for i in alive[:2]:
                    value = self._playout(view, cands[i], seed)
                    used += 1
                    extra -= 1
                    if value is None:  # pragma: no cover - both were legal on earlier copies
                        value = -math.inf
                    totals[i] += value
                    counts[i] += 1
                    values[i][seed] = value
            alive[:2] = sorted(alive[:2], key=lambda i: (-(totals[i] / counts[i]), i))
        self.last_playouts = used
        self.total_playouts += used
        steady = self.steadiness(view)
        if alive and steady:
            # the first candidate in the heuristic's order that the best is not clearly better
            # than: among answers of about the same worth the search's noise does not decide
            top = alive[0]
            z = steady
            if isinstance(cands[top], Pass) and view.round <= self.early_rounds:
                z = max(z, self.early_pass_z)
            keep = next(i for i in self._preferred(cands) if i == top or (
                counts[i] and not self._better(values[top], values[i], z)))
            alive = [keep, *(i for i in alive if i != keep)]
        for i in alive:
            out_at[i] = phases
        if alive:
            out_at[alive[0]] = phases + 1
        ranked = sorted((i for i in range(n) if counts[i]),
                        key=lambda i: (-out_at[i], -(totals[i] / counts[i]), i))
        self.last_ranking = [Ranked(cands[i], totals[i] / counts[i], counts[i]) for i in ranked]
        if len(ranked) >= 2:
            self.last_close = self._close(values[ranked[0]], values[ranked[1]])
        if not alive:
            return cands[0]
        return cands[alive[0]]

    def _preferred(self, cands: Sequence[Answer]) -> list[int]:
        """The candidates' indices in the order the player prefers them when its playouts cannot
        tell them apart: its own styled answer first (:attr:`stylist`), then the heuristic's
        order."""
        order = list(range(len(cands)))
        mine = self.last_styled
        if mine is None or not (self.style == "all"
                                or (self.style == "raises" and self.last_raised)):
            return order
        key = answer_key(self.cards, mine)
        first = [i for i in order if answer_key(self.cards, cands[i]) == key]
        return first + [i for i in order if i not in first]

    def close_budget(self, view: View) -> int:
        """Playouts a decision may add for its two best candidates while they are close."""
        if self.close_playouts is not None:
            return self.close_playouts
        return CLOSE_PLAYOUTS_BY_PLAYERS[len(view.players)]

    @staticmethod
    def _better(a: Mapping[int, float], b: Mapping[int, float], z: float) -> bool:
        """Whether ``a`` beat ``b`` on the copies both were played on by more than ``z``
        standard errors of their mean difference (paired, as the copies are shared)."""
        diffs = [a[k] - b[k] for k in a.keys() & b.keys()]
        if len(diffs) < 2:
            return False
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
        return mean > z * math.sqrt(var / len(diffs))

    @staticmethod
    def _close(a: Mapping[int, float], b: Mapping[int, float]) -> bool:
        """Whether two candidates' values on the copies both were played on differ by less
        than twice the standard error of their mean difference (paired, as the copies are
        shared)."""
        diffs = [a[k] - b[k] for k in a.keys() & b.keys()]
        if len(diffs) < 2:
            return True
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
        return abs(mean) < 2.0 * math.sqrt(var / len(diffs))

    def _playout(self, view: View, answer: Answer, seed: int) -> float | None:
        """Play ``answer`` on a copy dealt with ``seed`` and on with heuristic bots."""
        g = view.sample(random.Random(seed))
        try:
            g.answer(answer)
        except IllegalAnswer:
            return None
        stop = self.stop_round(view)
        policy = self.policy
        while g.pending is not None:
            if stop is not None and g.round >= stop and g.phase == "bidding":
                break
            q = g.pending
            try:
                g.answer(policy.decide(q, g.view_for(q.player)))
            except IllegalAnswer:  # pragma: no cover - the heuristic answers legally
                break
        return self._value(g, view.seat)

    def leaf_score(self, view: View) -> float:
        """What a cut-short playout counts as the final score of the player of ``view``."""
        return self.ranker.estimate(view, self.power_weight)

    def leaf_scale(self, round_: int) -> float:
        """The lead (in points of :meth:`leaf_score`) at which a playout cut short when the
        bidding of ``round_`` starts counts 73 % won: ``margin_scale``, or its entry for the
        round (the last round's for a round it does not list)."""
        scale = self.margin_scale
        if isinstance(scale, Mapping):
            return scale.get(round_, scale[max(scale)])
        return scale

    def _value(self, g: Sample, seat: int) -> float:
        if g.pending is None:
            scores = {s.seat: s.score for s in g.scores}
            mine = scores.pop(seat)
            margin = mine - max(scores.values())
            win = 1.0 / len(g.winners) if seat in g.winners else 0.0
            return win + self.margin_weight * margin
        est = [self.leaf_score(g.view_for(s)) for s in range(len(g.players))]
        own = est.pop(seat)
        lead = own - max(est)
        return _sigmoid(lead / self.leaf_scale(g.round)) + self.margin_weight * lead


__all__ = ["COIN_CHOICES", "Ranked", "SearchBot"]
