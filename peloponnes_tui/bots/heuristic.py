"""A rule-of-thumb computer player.

The bot keeps one idea throughout: estimate, from its own view and the prompt only, what its final
score will be (``min(population, power)``) and pick the answer whose outcome raises that estimate
most.  The estimate (:meth:`HeuristicBot.evaluate`) works like this:

* **Money.** Coin cards, luxury goods and the income still to come (by inhabitants, plus Port and
  Temple of Apollo) form the *funds*.  Grain shortfalls at the supplies still to come and the
  completion of buildings under construction are paid out of them first (what the hand cannot
  pay costs cards); excess grain adds luxury goods.
* **Future cards.** Each remaining bidding round offers an average card of its pile (A, B or C,
  from the cards not yet seen) at its minimum bid, plus a contention premium, plus the wood and
  stone the tableau cannot produce for it.  The funds buy a share ``0.95 * tanh(funds / cost)``
  of those cards; that is what a coin is worth, and why it is worth less and less as the rounds
  run out.  Money left over counts as power at the scoring rate (coins per power point).
* **Score.** A *soft* minimum of projected population and power, so a card is worth most when it
  raises the lower of the two; inhabitant coin cards count as population.
* **Risks.** The expected loss from every catastrophe that has not struck and the player is not
  protected from (protection buildings and enough symbols remove it), the chance that cards
  covered by a catastrophe are restored at the end, and buildings under construction that may
  not be paid for at the next supply.
* Market/Agora and Barracks/Stockade add a little per bidding round left.

Every decision compares the estimate of a few candidate outcomes: each affordable bid (building
cards paid, pledged or given up, whichever is best) against passing; paying, pledging or giving
up a won building; which cards a catastrophe hits and whether to cover or remove each; feeding
plans; which buildings under construction to complete.  Payments come from
:mod:`peloponnes_tui.engine.plans`, so the answers are legal by construction.

Its style (issue 24): a bid on a market card a later player could take may go up to three coins
above the least when the card matters to it (:meth:`HeuristicBot._guarded`), and each player
draws from its seed a lean towards passing and a fear of being outbid (:meth:`_personality`).

The rules themselves are the engine's: the terms of a building the bot might win
(:func:`~peloponnes_tui.engine.gaining.build_terms`) and the luxury goods paying it brings, the
targets a hand can afford, feeding checks, completion costs, whether a supply is the final one
(on the prompt), the tableau's sums, functions, protections and income over imagined rows
(:func:`~peloponnes_tui.engine.tableau.row_tallies` and its neighbours), how many cards an
earthquake or tempest hits, which covered cards the end of the game restores
(:func:`~peloponnes_tui.engine.scoring.restorations`), and every constant
(:func:`~peloponnes_tui.engine.numbers.rule_numbers`).  What the bot adds is its estimate of the
outcomes.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple, assert_never

from peloponnes_tui.bots.base import Bot
from peloponnes_tui.cards import CardSet, CatastropheId, CivilizationCard, PowerCard
from peloponnes_tui.engine import CIV, LUXURY, CardState
from peloponnes_tui.engine.answers import iter_answers, legal_answers
from peloponnes_tui.engine.catastrophes import drought_targets, hit_count
from peloponnes_tui.engine.gaining import build_terms, luxury_gained
from peloponnes_tui.engine.numbers import rule_numbers
from peloponnes_tui.engine.prompts import (
    Answer,
    AnyPrompt,
    BidPrompt,
    BidTarget,
    BuildPrompt,
    CatastropheAnswer,
    CatastrophePrompt,
    CompletePlan,
    CompletePrompt,
    FeedPlan,
    FeedPrompt,
    MoveBid,
    OutbidPrompt,
    Pass,
    PayBuilding,
    PlaceBid,
    StartConstruction,
    Treatment,
    Withdraw,
)
from peloponnes_tui.engine.scoring import restorations
from peloponnes_tui.engine.supply import (
    card_hunger,
    feed_units,
    grain_balance,
    missing_for,
    shortfall_after,
)
from peloponnes_tui.engine.tableau import (
    income_of,
    luxury_cap_for,
    luxury_kept,
    row_functions,
    row_protections,
    row_tallies,
    stats_for,
)
from peloponnes_tui.engine.view import PlayerView, View

LUXURY_VALUE = 0.8  # a luxury good relative to a coin card


class Slot(NamedTuple):
    """A power card in the evaluated tableau."""

    card: PowerCard
    uc: bool = False  # under construction
    cover: str | None = None  # catastrophe that covered it


class Pos(NamedTuple):
    """The bot's own position, reduced to what the estimate needs (hand as resource totals)."""

    me: PlayerView  # the view it was read from (the engine's totals before any imagined change)
    civ: CivilizationCard
    civ_state: CardState
    lux_state: CardState
    luxury: int
    slots: tuple[Slot, ...]
    wood: float  # units of wood on coin cards in hand
    stone: float
    grain: float
    inh: float  # inhabitants on coin cards in hand
    coins: float  # coin cards in hand that do not show inhabitants


@dataclass(frozen=True, slots=True)
class Future:
    """One bidding round still to come: what a card there usually costs and brings."""

    value: float  # average minimum bid
    pop: float
    pow: float
    building_share: float
    costs: tuple[tuple[int, int], ...]  # (wood, stone) of the buildings that may come


@dataclass(frozen=True, slots=True)
class Ctx:
    """When the decision is taken: what is still to come after it."""

    bids_left: int
    funding_incomes: int  # incomes before the last bid (their coins can still buy cards)
    late_incomes: int  # incomes after the last bid (their coins only count as power)
    future: tuple[Future, ...]
    contention: float  # coins above the minimum a card usually costs
    supplies: int  # supply phases still to come after this decision
    incomes_before_supply: int  # incomes before the next of them
    strike: dict[str, float]  # catastrophe -> chance it still strikes (0 if struck)
    struck: tuple[CatastropheId, ...]  # the catastrophes that have struck (in the tracks' order)
    restore_chance: dict[str, float]  # catastrophe -> chance of gaining protection later
    temperature: float


_CTX_CACHE: dict[tuple[object, ...], Ctx] = {}


def _poisson_at_least(lam: float, k: int) -> float:
    if k <= 0:
        return 1.0
    term = math.exp(-lam)
    below = 0.0
    for i in range(k):
        if i:
            term *= lam / i
        below += term
    return max(0.0, 1.0 - below)


def _sigmoid(x: float) -> float:
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


class HeuristicBot(Bot):
    name = "heuristic"

    # Tunable weights (score points unless said otherwise).
    future_share = 1.0  # share of an average future card a player gains per bidding round
    contention = (0.5, 0.25)  # coins above the minimum a card costs: base, per extra player
    hunger_cost = 0.75  # a unit of grain shortfall the hand cannot pay (cards/inhabitants lost)
    risk_scale = 0.6  # weight of the expected catastrophe losses
    bid_bonus_per_round = 0.15  # Market/Agora, per bidding round left
    discount_per_round = 0.12  # Barracks/Stockade, per bidding round left
    # added to the estimate of passing: with 0 the estimates of passing and of the best bid were
    # so close in rounds 1-4 that the bot passed 2.1 times in them and held 17 coin cards after
    # round 4 (6 % of seats passed all four); with -1 it passes 0.9 times there and wins as often
    # as before (3 players: 33.0 % against two bots at 0, 400 games; docs/bots.md)
    pass_bias = -1.0
    temperature = (1.5, 0.5)  # soft minimum of population and power: base, per round left
    restore_per_building = 0.3  # chance of restoring covered cards per unseen protection

    # Style (issue 24). ``styled``: a bid on a market card weighs the chance that a later player
    # takes the card from it (:meth:`_guarded`) and may go up to ``max_raise`` coins above the
    # least, so it bids more, or jumps, when a card matters and a rival could take it; False is
    # the bot as it was (one coin more at most, a fixed small penalty per rival).
    styled = True
    max_raise = 3
    raise_cards = 2  # the best market cards a later player could take: raises weighed for them
    # the chance that one later player who can afford it outbids a bid of ours at the least,
    # and by how much each coin above the least lowers it (a dearer card tempts less)
    outbid_fear = 0.35
    fear_per_coin = 0.45
    # ``personal``: the player's own taste, drawn once from its seed (:meth:`_personality`):
    # another lean towards passing (saving) and another fear of being outbid, so two players of
    # one strength differ from game to game; the same seed, the same player.
    personal = True
    pass_bias_range = (-1.2, -0.2)  # the lean towards passing a personality draws from
    outbid_fear_range = (0.4, 0.8)

    def __init__(self, cards: CardSet, seed: int, *, personal: bool | None = None) -> None:
        super().__init__(cards, seed)
        if personal is not None:
            self.personal = personal
        if self.styled and self.personal:
            self._personality()
        self._cards_key = cards.digest
        self.rules = rule_numbers(cards)
        self.power_cards = cards.power_by_id
        self.stats = stats_for(cards)
        self.catastrophes: tuple[str, ...] = tuple(c.id for c in cards.catastrophes)
        self.coin_res = [c.resource for c in cards.coins]
        self.coin_amt = [c.amount for c in cards.coins]
        self.supply_cards = {c.id: c.pile for c in cards.power_cards if c.supply}
        total = len(cards.coins)
        self.draw_share = {r: sum(c.amount for c in cards.coins if c.resource == r) / total
                           for r in ("wood", "stone", "grain", "inhabitants")}

    def _personality(self) -> None:
        """Draw this player's taste from its seed (not from :attr:`rng`: the same taste however
        many decisions came before, so a game loaded from a save goes on as it would have)."""
        key = hashlib.blake2b(f"style:{self.seed}".encode(), digest_size=8).digest()
        taste = random.Random(int.from_bytes(key, "big"))
        self.pass_bias = taste.uniform(*self.pass_bias_range)
        self.outbid_fear = taste.uniform(*self.outbid_fear_range)

    def plain(self) -> None:
        """Play as the bot did before issue 24's styles: no style, no personality, and a third of
        the row's worth as an earthquake's or tempest's loss (for measuring the difference)."""
        self.styled = False
        for attr in ("pass_bias", "outbid_fear"):
            self.__dict__.pop(attr, None)

    # ------------------------------------------------------------------------------------------
    # entry point

    def decide(self, prompt: AnyPrompt, view: View) -> Answer:
        pos = self._pos(view)
        match prompt:
            case BidPrompt():
                return self._bid(prompt, view, pos)
            case OutbidPrompt():
                return self._outbid(prompt, view, pos)
            case BuildPrompt():
                return self._build(prompt, pos, self._ctx(view, "gain"))[0]
            case CatastrophePrompt():
                return self._catastrophe(prompt, view, pos)
            case FeedPrompt():
                return self._feed(prompt, view, pos)
            case CompletePrompt():
                return self._complete(prompt, view, pos)
            case _:
                assert_never(prompt)

    # ------------------------------------------------------------------------------------------
    # reading the view

    def _hand_totals(self, hand: Iterable[int]) -> tuple[float, float, float, float, float]:
        w = s = g = i = n = 0
        for c in hand:
            res, amt = self.coin_res[c], self.coin_amt[c]
            if res == "wood":
                w += amt
            elif res == "stone":
                s += amt
            elif res == "grain":
                g += amt
            else:
                i += amt
                continue
            n += 1
        return w, s, g, i, n

    def _pos(self, view: View) -> Pos:
        me = view.me
        slots = tuple(Slot(self.power_cards[x.card], x.under_construction,
                           (x.cover_cause or "?") if x.covered else None)
                      for x in me.buildings + me.landscapes)
        w, s, g, i, n = self._hand_totals(view.hand)
        return Pos(me, self.cards.civ_by_id[me.civ], me.civ_state, me.luxury_state, me.luxury,
                   slots, w, s, g, i, n)

    def _ctx(self, view: View, when: str, *, this_supply_done: bool = False) -> Ctx:
        """Context for evaluating outcomes of a decision taken now.

        ``when``: "pre" (catastrophe or supply before the round's bidding), "bid", "gain"
        (after the round's bidding), "final" (the final supply).
        """
        # the context depends only on public information: bots of one card set share it
        key = (self._cards_key, self.future_share, self.contention, self.temperature,
               self.restore_per_building, view.round, when, this_supply_done, len(view.players),
               view.market, view.conquest, view.box,
               tuple(x.card for p in view.players for x in (*p.buildings, *p.landscapes)),
               tuple((t.advances, t.struck) for t in view.tracks))
        ctx = _CTX_CACHE.get(key)
        if ctx is None:
            if len(_CTX_CACHE) > 512:
                _CTX_CACHE.clear()
            ctx = _CTX_CACHE[key] = self._make_ctx(view, when, this_supply_done)
        return ctx

    def _make_ctx(self, view: View, when: str, this_supply_done: bool) -> Ctx:
        r = view.round
        rounds_total = self.rules.rounds
        seen: set[str] = set(view.market) | set(view.conquest) | set(view.box)
        for p in view.players:
            seen.update(x.card for x in p.buildings)
            seen.update(x.card for x in p.landscapes)
        unseen = [c for c in self.cards.power_cards if c.id not in seen]
        if when == "final":
            bids_left, first_income, first_bid = 0, rounds_total + 1, rounds_total + 1
        elif when == "pre":
            bids_left, first_income, first_bid = rounds_total - r + 1, r, r
        else:
            bids_left, first_income, first_bid = rounds_total - r, r, r + 1
        funding = max(0, rounds_total - first_income) if bids_left else 0
        late = 1 if first_income <= rounds_total else 0
        # supplies still to come, and the round whose reveal brings the next one
        supply_rounds: list[float] = []
        revealed_now = set(view.market) | set(view.conquest)
        for cid, pile in self.supply_cards.items():
            if cid not in seen:
                rounds = [k for k, letter in enumerate(self.rules.round_piles, 1)
                          if letter == pile and k > r]
                if rounds:
                    supply_rounds.append(sum(rounds) / len(rounds))
            elif cid in revealed_now and when == "pre" and not this_supply_done:
                supply_rounds.append(r)
        if when != "final":
            supply_rounds.append(rounds_total + 1)
        supply_rounds.sort()
        incomes_before = round(supply_rounds[0] - first_income) if supply_rounds else 0
        # catastrophes: chance of striking during the reveals still to come
        reveals_left = rounds_total - r
        unseen_n = max(1, len(unseen))
        symbols = dict.fromkeys(self.catastrophes, 0)
        for c in unseen:
            if c.catastrophe:
                symbols[c.catastrophe] += 1
        strike: dict[str, float] = {}
        struck = tuple(t.catastrophe for t in view.tracks if t.struck)
        for t in view.tracks:
            if t.struck:
                strike[t.catastrophe] = 0.0
            else:
                lam = (reveals_left * self.rules.cards_that_move_markers
                       * symbols.get(t.catastrophe, 0) / unseen_n)
                strike[t.catastrophe] = _poisson_at_least(lam, t.steps - t.advances)
        restore: dict[str, float] = {}
        for cat in self.catastrophes:
            k = sum(1 for c in unseen if c.protection == cat)
            restore[cat] = min(0.6, self.restore_per_building * k) if bids_left else 0.0
        future: list[Future] = []
        by_pile: dict[str, Future] = {}
        for k in range(first_bid, rounds_total + 1):
            letter = self.rules.round_piles[k - 1]
            if letter not in by_pile:
                left = [c for c in unseen if c.pile == letter and not c.supply] or [
                    c for c in self.cards.power_cards if c.pile == letter and not c.supply]
                n = len(left)
                blds = tuple((c.cost.wood, c.cost.stone) for c in left if c.kind == "building")
                by_pile[letter] = Future(
                    sum(c.value for c in left) / n,
                    self.future_share * sum(c.inhabitants for c in left) / n,
                    self.future_share * sum(c.power for c in left) / n,
                    len(blds) / n, blds)
            future.append(by_pile[letter])
        contention = self.contention[0] + self.contention[1] * (len(view.players) - 2)
        return Ctx(bids_left, funding, late, tuple(future), contention, len(supply_rounds),
                   incomes_before, strike, struck, restore,
                   self.temperature[0] + self.temperature[1] * bids_left)

    # ------------------------------------------------------------------------------------------
    # the estimate

    def _protected(self, pos: Pos, cat: str) -> bool:
        row = [(s.card.id, s.cover is not None) for s in pos.slots]
        return any(c == cat and by is not None
                   for c, by in row_protections(self.cards, pos.civ.id, pos.civ_state, row))

    def _restored(self, pos: Pos, ctx: Ctx,
                  protections: Sequence[tuple[CatastropheId, str | None]] | None = None
                  ) -> set[str]:
        """The covered cards of the position the end of the game restores as it stands (power
        card ids, CIV, LUXURY): the engine's rule (:func:`~.scoring.restorations`), chains of
        restored protection buildings included (``protections``: the position's, if known)."""
        return {card for _, card in restorations(
            self.cards, ctx.struck, pos.civ.id, pos.civ_state, pos.lux_state,
            [(s.card.id, s.cover) for s in pos.slots], protections)}

    def evaluate(self, pos: Pos, ctx: Ctx, parts: dict[str, float] | None = None) -> float:
        civ = pos.civ
        # the tableau's sums, functions and protections, as the engine counts them
        row = [(s.card.id, s.cover is not None) for s in pos.slots]
        inh, pw, wood, stone, grain = row_tallies(self.stats, civ.id, pos.civ_state, row)
        functions = row_functions(self.stats, row)
        coin_income = functions.get("coin_income", 0)
        bonus = functions.get("bid_bonus", 0)
        disc = functions.get("conquest_discount", 0)
        protections = row_protections(self.cards, civ.id, pos.civ_state, row)
        protected: dict[str, bool] = {cat: by is not None for cat, by in protections}
        active = [s for s in pos.slots if s.cover is None]
        cap = luxury_cap_for(self.cards, pos.lux_state)
        # money: the hand, luxury goods and the income still to come
        per_income = sum(income_of(self.cards, inh, coin_income, cap))
        funds = pos.coins + pos.luxury + ctx.funding_incomes * per_income
        late = ctx.late_incomes * per_income
        penalty = 0.0
        # feeding at the supplies to come: paid from grain coins and luxury, else cards lost
        food = pos.grain + pos.luxury + ctx.funding_incomes * per_income * self.draw_share["grain"]
        short, spare = grain_balance(inh, grain)
        surplus = luxury_kept(spare, 0, cap)  # luxury goods each supply brings
        for _ in range(ctx.supplies):
            if short > 0:
                paid = min(short, food)
                food -= paid
                funds -= paid
                penalty += (short - paid) * self.hunger_cost
            else:
                funds += surplus
        # buildings under construction
        pending = [s for s in pos.slots if s.uc and s.cover is None]
        lose_pending = 0.0
        if pending:
            mw, ms = missing_for(self.cards, (s.card.id for s in pending), wood, stone)
            draws = ctx.incomes_before_supply * per_income
            dw = max(0.0, mw - pos.wood - draws * self.draw_share["wood"])
            ds = max(0.0, ms - pos.stone - draws * self.draw_share["stone"])
            left = dw + ds - pos.luxury
            funds -= mw + ms - max(0.0, left)
            if left > 0:
                lose_pending = min(1.0, 0.5 * left)
        # the cards still to buy
        total_cost = sum_pop = sum_pow = 0.0
        miss_cache: dict[tuple[int, int, int], float] = {}
        for f in ctx.future:
            key = (id(f.costs), wood, stone)
            miss = miss_cache.get(key)
            if miss is None:
                miss = (sum(max(0, w - wood) + max(0, st - stone) for w, st in f.costs)
                        / len(f.costs)) if f.costs else 0.0
                miss_cache[key] = miss
            total_cost += f.value + ctx.contention + f.building_share * miss
            sum_pop += f.pop
            sum_pow += f.pow
        if total_cost > 0 and funds > 0:
            th = math.tanh(funds / total_cost)
            frac = 0.95 * th
            dfrac = 0.95 * (1 - th * th) / total_cost
        else:
            frac, dfrac = 0.0, 0.95 / max(total_cost, 1.0)
        leftover = max(0.0, funds - frac * total_cost) + late
        # population and power at the end
        pop = inh + pos.inh + frac * sum_pop
        power = pw + frac * sum_pow + leftover / self.rules.leftovers_per_power_point
        # covered cards: what the engine's restoration lifts at the end, as the tableau stands,
        # counts in full; the others by the chance of a protection still to come
        restored = self._restored(pos, ctx, protections)
        lux_on = pos.lux_state == "active" or LUXURY in restored
        if lux_on:
            pop += self.rules.luxury_card_inhabitants
            power += self.rules.luxury_card_power
        restorable = 0.0
        for s in pos.slots:
            if s.cover is not None:
                if s.card.id in restored:
                    pop += s.card.inhabitants
                    power += s.card.power
                else:
                    restorable += ctx.restore_chance.get(s.cover, 0.0) * (
                        0.5 * s.card.inhabitants + 0.5 * s.card.power)
        if pos.civ_state == "covered":
            if CIV in restored:
                pop += civ.inhabitants
                power += civ.power
            else:
                restorable += ctx.restore_chance["plague"] * 0.5 * (civ.inhabitants + civ.power)
        if pos.lux_state == "covered" and LUXURY not in restored:
            restorable += ctx.restore_chance["decline"] * 0.5 * (
                self.rules.luxury_card_inhabitants + self.rules.luxury_card_power)
        t = ctx.temperature
        lo = min(pop, power)
        soft = lo - t * math.log(math.exp((lo - pop) / t) + math.exp((lo - power) / t))
        g_pop = _sigmoid((power - pop) / t)
        g_pow = 1.0 - g_pop
        # what one more coin card is worth now
        cv = g_pop * sum_pop * dfrac + g_pow * (sum_pow * dfrac + (1 - dfrac * total_cost)
                                                / self.rules.leftovers_per_power_point)
        value = soft + restorable - penalty
        if lose_pending:
            value -= lose_pending * sum(g_pop * s.card.inhabitants + g_pow * s.card.power
                                        for s in pending)
        # catastrophes that may still strike
        for cat in self.catastrophes:
            p = ctx.strike.get(cat, 0.0)
            if p <= 0 or protected[cat]:
                continue
            value -= self.risk_scale * p * self._loss(cat, pos, active, g_pop, g_pow, cv)
        # bidding functions
        bonus, disc = min(2, bonus), min(2, disc)
        value += ctx.bids_left * (self.bid_bonus_per_round * bonus + self.discount_per_round * disc)
        if parts is not None:
            parts.update(pop=pop, power=power, soft=soft, funds=funds, frac=frac, cv=cv,
                         penalty=penalty, restorable=restorable, value=value,
                         lose_pending=lose_pending)
        return value

    def _worth(self, card: PowerCard | CivilizationCard, g_pop: float, g_pow: float,
               cv: float) -> float:
        prod = card.production
        return (g_pop * card.inhabitants + g_pow * card.power
                + 0.3 * (prod.wood + prod.stone) + 0.4 * prod.grain)

    def _loss(self, cat: str, pos: Pos, active: list[Slot], g_pop: float, g_pow: float,
              cv: float) -> float:
        if cat == "plague":
            return self._worth(pos.civ, g_pop, g_pow, cv) if pos.civ_state == "active" else 0.0
        if cat == "decline":
            loss = LUXURY_VALUE * cv * pos.luxury
            if pos.lux_state == "active":
                loss += (g_pop * self.rules.luxury_card_inhabitants
                         + g_pow * self.rules.luxury_card_power)
            return loss
        if cat == "drought":
            hit = set(drought_targets(self.cards, ((s.card.id, False) for s in active)))
            if not hit:
                return 0.0
            return min(self._worth(s.card, g_pop, g_pow, cv) for s in active
                       if s.card.id in hit)
        kind = "building" if cat == "earthquake" else "landscape"
        worths = sorted(self._worth(s.card, g_pop, g_pow, cv) for s in active
                        if s.card.kind == kind)
        if not self.styled:  # before issue 24: a third of the row's worth
            return sum(worths) / self.rules.row_share
        # the player chooses the cards hit, as many as the engine's rule says: the least worth
        return sum(worths[:hit_count(len(worths))])

    # ------------------------------------------------------------------------------------------
    # coins

    def _spend_order(self, hand: Sequence[int], pos: Pos) -> list[int]:
        """The hand, the coin cards the bot would rather give away first."""
        active = [s for s in pos.slots if s.cover is None]
        need, _, wood, stone, have = row_tallies(
            self.stats, pos.civ.id, pos.civ_state, [(s.card.id, s.cover is not None)
                                                    for s in pos.slots])
        base: dict[str, float] = {"inhabitants": 3.0}
        for res, target, prod in (("wood", 2, wood), ("stone", 3, stone)):
            cost = sum(getattr(s.card.cost, res) for s in active if s.uc)
            base[res] = 0.5 + (1.5 if cost > prod else 0.0) + (0.4 if prod < target else 0.0)
        hungry = need > have + pos.grain - 1

        def keep(coin: int) -> float:
            res, amt = self.coin_res[coin], self.coin_amt[coin]
            b = (2.0 if hungry else 1.0) if res == "grain" else base[res]
            return b + 0.3 * (amt - 1) + coin / 1000

        return sorted(hand, key=keep)

    def _without(self, pos: Pos, coins: Iterable[int], luxury: int = 0) -> Pos:
        w, s, g, i, n = self._hand_totals(coins)
        return pos._replace(wood=pos.wood - w, stone=pos.stone - s, grain=pos.grain - g,
                       inh=pos.inh - i, coins=pos.coins - n, luxury=pos.luxury - luxury)

    def _with_draws(self, pos: Pos, n: int) -> Pos:
        sh = self.draw_share
        inh_share = sh["inhabitants"]
        return pos._replace(wood=pos.wood + n * sh["wood"], stone=pos.stone + n * sh["stone"],
                       grain=pos.grain + n * sh["grain"], inh=pos.inh + n * inh_share,
                       coins=pos.coins + n * (1 - inh_share))

    # ------------------------------------------------------------------------------------------
    # bidding

    def _gain_outcome(self, card: PowerCard, pos: Pos, hand: Sequence[int], ctx: Ctx) -> float:
        """The estimate after winning ``card`` with ``hand`` left (best way to add a building).

        ``pos`` has the tableau of its view (only its hand and luxury goods may differ), so the
        view's production is the tableau's; a building is weighed on the terms the engine would
        offer (:func:`build_terms`), with every luxury good taken as tradable.
        """
        cap = luxury_cap_for(self.cards, pos.lux_state)
        if card.kind == "landscape":
            new = pos._replace(slots=(*pos.slots, Slot(card)))
            if card.income.coins:
                new = self._with_draws(new, card.income.coins)
            if card.income.luxury:
                new = new._replace(
                    luxury=new.luxury + luxury_kept(card.income.luxury, new.luxury, cap))
            return self.evaluate(new, ctx)
        wood, stone, _ = pos.me.production
        prompt = build_terms(self.cards, card, wood, stone, hand, pos.luxury, pos.luxury, cap,
                             player=pos.me.seat)
        return self._build(prompt, pos, ctx, quick=True)[1]

    def _lux_first(self, pos: Pos, ctx: Ctx) -> bool:
        """Whether luxury goods go on a bid first (decline is close and does not spare them)."""
        return ctx.strike.get("decline", 0.0) > 0.5 and not self._protected(pos, "decline")

    def _bid_luxury(self, amount: int, coins: int, luxury_usable: int, lux_first: bool) -> int:
        """The luxury goods the bot puts on a bid of ``amount`` from a hand of ``coins`` coin
        cards: as many as it may when ``lux_first``, else only what the hand cannot pay."""
        return min(luxury_usable, amount) if lux_first else max(0, amount - coins)

    def _bids(self, prompt: BidPrompt, view: View, pos: Pos, ctx: Ctx, raises: int = 1
              ) -> list[PlaceBid]:
        """The engine's bids (:func:`legal_answers`) the bot weighs: coin cards in its spending
        order, luxury goods as :meth:`_bid_luxury` says, up to ``raises`` above the least."""
        order = self._spend_order(prompt.hand, pos)
        lux_first = self._lux_first(pos, ctx)
        out: list[PlaceBid] = []
        for ans in legal_answers(prompt, self.cards, view.me.civ, order, raises):
            if isinstance(ans, PlaceBid) and ans.luxury == self._bid_luxury(
                    len(ans.coins) + ans.luxury, len(order), prompt.luxury_usable, lux_first):
                out.append(ans)
        return out

    def _bid_value(self, ans: PlaceBid, pos: Pos, hand: Sequence[int], ctx: Ctx) -> float:
        """The estimate after winning the card of ``ans`` with what ``ans`` leaves."""
        after = self._without(pos, ans.coins, ans.luxury)
        rest = [c for c in hand if c not in ans.coins]
        return self._gain_outcome(self.power_cards[ans.card], after, rest, ctx)

    def _rivals(self, view: View) -> list[PlayerView]:
        """The players still to bid after this one this round (they could outbid a market bid)."""
        later = view.order[view.order.index(view.seat) + 1:] if view.seat in view.order else ()
        return [view.players[s] for s in later if view.players[s].bid_card is None]

    def _bid(self, prompt: BidPrompt, view: View, pos: Pos) -> Answer:
        if self.styled:
            return max(self._styled_bids(prompt, view, pos), key=lambda o: o[0])[1]
        ctx = self._ctx(view, "bid")
        best: Answer = Pass()
        best_v = (self.evaluate(self._with_draws(pos, self.rules.coins_for_passing), ctx)
                  + self.pass_bias)
        rivals = self._rivals(view)
        targets = {t.card: t for t in prompt.targets}
        bids = self._bids(prompt, view, pos, ctx)
        scored: list[tuple[float, int, BidTarget, PlaceBid]] = []
        raised: dict[str, PlaceBid] = {}
        for ans in bids:
            t = targets[ans.card]
            if len(ans.coins) + ans.luxury > t.need_coins:
                raised[t.card] = ans
                continue
            v = self._bid_value(ans, pos, prompt.hand, ctx)
            if t.row == "market":
                # players still to bid may take a market card from us: count a small risk
                v -= 0.15 * sum(1 for p in rivals if p.hand_size + p.luxury > t.need_coins)
            scored.append((v, -len(scored), t, ans))
        if not scored:
            return best
        v, _, t, choice = max(scored, key=lambda x: (x[0], x[1]))
        # one coin more (a coin card or a luxury good traded for one) than the card needs
        more = raised.get(t.card)
        if t.row == "market" and more is not None:
            threat = sum(1 for p in rivals if p.hand_size + p.luxury > t.need_coins)
            if threat:
                v2 = self._bid_value(more, pos, prompt.hand, ctx) - 0.06 * threat
                if v2 > v:
                    v, choice = v2, more
        if v > best_v + 1e-9:
            best = choice
        return best

    def _styled_bids(self, prompt: BidPrompt, view: View, pos: Pos
                     ) -> list[tuple[float, Answer]]:
        """Passing and, for every card the bot can afford, its best bid from the least it may up
        to :attr:`max_raise` more (:meth:`_guarded`), each with its estimate; passing first.
        Raises are weighed only for the :attr:`raise_cards` best market cards a later player
        could take."""
        ctx = self._ctx(view, "bid")
        pass_v = self.evaluate(self._with_draws(pos, self.rules.coins_for_passing), ctx)
        out: list[tuple[float, Answer]] = [(pass_v + self.pass_bias, Pass())]
        targets = {t.card: t for t in prompt.targets}
        rivals = [p.hand_size + p.luxury for p in self._rivals(view)]
        by_card: dict[str, list[PlaceBid]] = {}
        for ans in self._bids(prompt, view, pos, ctx, self.max_raise if rivals else 0):
            by_card.setdefault(ans.card, []).append(ans)
        least: dict[str, tuple[float, PlaceBid]] = {}
        for card, bids in by_card.items():
            low = min(bids, key=lambda b: len(b.coins) + b.luxury)
            least[card] = (self._bid_value(low, pos, prompt.hand, ctx), low)
        threatened = [c for c in least if targets[c].row == "market"
                      and any(funds > targets[c].need_coins for funds in rivals)]
        threatened.sort(key=lambda c: -least[c][0])
        raise_for = set(threatened[: self.raise_cards])
        for card, (v0, low) in least.items():
            # if a later player takes the card, the bid moves on or is taken back: about as
            # good as the best other card, or passing
            alt = max([pass_v, *(v for c, (v, _) in least.items() if c != card)])
            scored = [(v0, low)]
            if card in raise_for:
                scored += [(self._bid_value(b, pos, prompt.hand, ctx), b)
                           for b in by_card[card] if b is not low]
            out.append(self._guarded(scored, targets[card], rivals, alt))
        return out

    def _guarded(self, bids: Sequence[tuple[float, PlaceBid]], target: BidTarget,
                 rivals: Sequence[int], alt: float) -> tuple[float, PlaceBid]:
        """The bid on one card worth most when a later player who could pay more may take a
        market card (each with the chance :attr:`outbid_fear`, lower by :attr:`fear_per_coin` for
        every coin above the least): a bid of ``n`` coins is worth
        its estimate, less that chance times what the card is worth above ``alt``. So the bot
        bids more than the least, or jumps, only when the card matters to it and the raise puts
        it out of a rival's reach."""
        best: tuple[float, PlaceBid] | None = None
        for v, ans in bids:
            amount = len(ans.coins) + ans.luxury
            if target.row == "market":
                threats = sum(1 for funds in rivals if funds > amount)
                fear = self.outbid_fear * self.fear_per_coin ** (amount - target.need_coins)
                taken = 1.0 - (1.0 - fear) ** threats
                v -= taken * max(0.0, v - alt)
            if best is None or v > best[0] + 1e-9:
                best = (v, ans)
        assert best is not None
        return best

    def _outbid(self, prompt: OutbidPrompt, view: View, pos: Pos) -> Answer:
        ctx = self._ctx(view, "bid")
        best: Answer = Withdraw()
        best_v = -math.inf
        for ans in legal_answers(prompt, self.cards, view.me.civ):
            v = self._outbid_value(ans, prompt, view, pos, ctx)
            if v > best_v + 1e-9:
                best, best_v = ans, v
        return best

    def _outbid_value(self, ans: Answer, prompt: OutbidPrompt, view: View, pos: Pos, ctx: Ctx
                      ) -> float:
        if isinstance(ans, MoveBid):
            return self._gain_outcome(self.power_cards[ans.card], pos, view.hand, ctx)
        # the bid's coins are off the table whatever happens: withdrawing returns them plus 3
        return self.evaluate(self._with_draws(pos, self.rules.coins_for_passing + prompt.coins),
                             ctx)

    # ------------------------------------------------------------------------------------------
    # buildings

    def _build(self, prompt: BuildPrompt, pos: Pos, ctx: Ctx, quick: bool = False
               ) -> tuple[Answer, float]:
        """The best way to add a won building, and the estimate after it.

        ``quick`` (when bidding looks ahead) skips the options that are rarely best.
        """
        options = self._build_options(prompt, pos, ctx, quick)
        if not options:  # neither payable nor pledgeable: the engine takes the building away
            return StartConstruction(None), self.evaluate(pos, ctx)
        v, ans = max(options, key=lambda o: o[0])
        return ans, v

    def _build_options(self, prompt: BuildPrompt, pos: Pos, ctx: Ctx, quick: bool = False
                       ) -> list[tuple[float, Answer]]:
        """The engine's ways to add a won building (:func:`legal_answers`, coin cards in the
        bot's spending order), each with its estimate; ``quick`` weighs only paying when it is
        possible, else the first way to put it under construction."""
        card = self.power_cards[prompt.card]
        options: list[tuple[float, Answer]] = []
        constructed = False  # quick: paying, else one way to put it under construction
        answers = iter_answers(prompt, self.cards, pos.civ.id,
                               self._spend_order(prompt.hand, pos))
        for ans in answers:
            if isinstance(ans, PayBuilding):
                new = self._without(pos, ans.coins, ans.luxury)
                new = new._replace(slots=(*new.slots, Slot(card)))
                gained = luxury_gained(prompt, ans.luxury)
                if gained:
                    new = new._replace(luxury=new.luxury + gained)
            elif isinstance(ans, StartConstruction):
                if quick and (constructed or options):
                    break
                if constructed and ans.coin is not None:
                    continue  # the first coin card in the spending order is the one to give
                constructed = True
                new_slots = (*pos.slots, Slot(card, uc=True))
                if ans.coin is None:
                    new = pos._replace(luxury=pos.luxury - 1, slots=new_slots)
                else:
                    new = self._without(pos, [ans.coin])._replace(slots=new_slots)
            else:  # pragma: no cover - the engine offers no other way
                continue
            if card.income.coins:
                new = self._with_draws(new, card.income.coins)
            options.append((self.evaluate(new, ctx), ans))
        return options

    # ------------------------------------------------------------------------------------------
    # catastrophes

    def _apply(self, pos: Pos, card: str, how: Treatment | str, cause: str) -> Pos:
        """Cover (how = "cover") or remove a card of the position."""
        cover = how != "remove"
        if card == CIV:
            return pos._replace(civ_state="covered" if cover else "removed")
        if card == LUXURY:
            return pos._replace(lux_state="covered" if cover else "removed", luxury=0)
        slots = list(pos.slots)
        for i, s in enumerate(slots):
            if s.card.id == card:
                if cover:
                    slots[i] = Slot(s.card, s.uc, cause)
                else:
                    del slots[i]
                break
        return pos._replace(slots=tuple(slots))

    def _catastrophe(self, prompt: CatastrophePrompt, view: View, pos: Pos) -> Answer:
        return max(self._catastrophe_options(prompt, view, pos), key=lambda o: o[0])[1]

    def _catastrophe_options(self, prompt: CatastrophePrompt, view: View, pos: Pos,
                             hit_sets: int = 1) -> list[tuple[float, Answer]]:
        """The engine's answers (which cards are hit, each removed or covered with the bot's
        least useful coin card or a luxury good), each with its estimate."""
        ctx = self._ctx(view, "pre")
        cat = prompt.catastrophe
        base = pos._replace(luxury=0) if cat == "decline" else pos
        prompts = [prompt]
        if prompt.count < len(prompt.candidates):
            # which cards to hit: the ``hit_sets`` sets whose removal costs least (the engine's
            # answers for every set would be many: C(n, k) sets times three ways for each card)
            loss = {c: self.evaluate(self._apply(base, c, "remove", cat), ctx)
                    for c in prompt.candidates}
            sets = sorted(itertools.combinations(prompt.candidates, prompt.count),
                          key=lambda hs: -sum(loss[c] for c in hs))[:hit_sets]
            prompts = [dataclasses.replace(prompt, candidates=hit) for hit in sets]
        order = self._spend_order(prompt.hand, pos)
        out: list[tuple[float, Answer]] = []
        for sub in prompts:
            for ans in legal_answers(sub, self.cards, view.me.civ, order):
                assert isinstance(ans, CatastropheAnswer)
                out.append((self._catastrophe_value(ans, base, cat, ctx), ans))
        return out

    def _catastrophe_value(self, ans: CatastropheAnswer, pos: Pos, cat: str, ctx: Ctx
                           ) -> float:
        for card, how in ans.treatments:
            if how == "remove":
                pos = self._apply(pos, card, "remove", cat)
            elif how == "luxury":
                pos = self._apply(pos._replace(luxury=pos.luxury - 1), card, "cover", cat)
            else:
                pos = self._apply(self._without(pos, [how]), card, "cover", cat)
        return self.evaluate(pos, ctx)

    # ------------------------------------------------------------------------------------------
    # supply

    def _supply_ctx(self, view: View, prompt: FeedPrompt | CompletePrompt) -> Ctx:
        return self._ctx(view, "final" if prompt.final else "pre", this_supply_done=True)

    def _feed(self, prompt: FeedPrompt, view: View, pos: Pos) -> Answer:
        return max(self._feed_options(prompt, view, pos), key=lambda o: o[0])[1]

    def _feed_options(self, prompt: FeedPrompt, view: View, pos: Pos
                      ) -> list[tuple[float, FeedPlan]]:
        """The engine's feeding plans (:func:`legal_answers`) for the sets of cards the bot
        would consider removing, each with its estimate."""
        ctx = self._supply_ctx(view, prompt)
        civ = view.me.civ
        hand = sorted(prompt.hand, key=lambda c: (-self.coin_amt[c], c))
        # which cards the bot would remove: for each card that saves grain, that card first and
        # then the others by least value per inhabitant saved, as far as the hand cannot pay
        saving = {c: h for c in prompt.removable if (h := card_hunger(self.cards, civ, c)) > 0}
        can_pay = feed_units(self.cards, FeedPlan(
            tuple(c for c in hand if self.coin_res[c] == "grain"),
            tuple(c for c in hand if self.coin_res[c] == "inhabitants"), prompt.luxury))
        drop_loss = {c: self.evaluate(self._apply(pos, c, "remove", ""), ctx) for c in saving}
        removal_order = sorted(saving, key=lambda c: -(drop_loss[c] / saving[c]))
        removals: list[tuple[str, ...]] = []
        for forced in [None, *removal_order]:
            removed: list[str] = [forced] if forced else []
            short = shortfall_after(self.cards, civ, prompt.shortfall, removed)
            for c in removal_order:
                if short <= can_pay:
                    break
                if c not in removed:
                    removed.append(c)
                    short -= saving[c]
            # drop removals the payment makes unnecessary (the rules forbid them)
            changed = True
            while changed:
                changed = False
                for c in list(removed):
                    if short + saving[c] <= can_pay and (c != forced or short + saving[c] <= 0):
                        removed.remove(c)
                        short += saving[c]
                        changed = True
            if tuple(removed) not in removals:
                removals.append(tuple(removed))
        options: list[tuple[float, FeedPlan]] = []
        for plan in legal_answers(prompt, self.cards, civ, hand, removals=removals):
            assert isinstance(plan, FeedPlan)
            new = self._without(pos, plan.grain_coins + plan.inhabitant_coins, plan.luxury)
            for c in plan.remove:
                new = self._apply(new, c, "remove", "")
            options.append((self.evaluate(new, ctx), plan))
        return options

    def _complete(self, prompt: CompletePrompt, view: View, pos: Pos) -> Answer:
        options = self._complete_options(prompt, view, pos)
        best_v, best = options[0]
        for v, plan in options[1:]:
            if v > best_v:
                best, best_v = plan, v
        return best

    def _complete_options(self, prompt: CompletePrompt, view: View, pos: Pos
                          ) -> list[tuple[float, CompletePlan]]:
        """Completing no building, then every affordable set (:func:`legal_answers`), with their
        estimates."""
        ctx = self._supply_ctx(view, prompt)
        blds = set(prompt.buildings)
        options: list[tuple[float, CompletePlan]] = []
        for plan in legal_answers(prompt, self.cards, view.me.civ,
                                  self._spend_order(prompt.hand, pos)):
            assert isinstance(plan, CompletePlan)
            new = self._without(pos, plan.coins, plan.luxury)
            slots = []
            for s in new.slots:
                if s.card.id in blds:
                    if s.card.id in plan.complete:
                        slots.append(Slot(s.card, False, s.cover))
                else:
                    slots.append(s)
            options.append((self.evaluate(new._replace(slots=tuple(slots)), ctx), plan))
        return options


__all__ = ["HeuristicBot"]
