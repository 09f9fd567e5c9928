"""A bot that answers every prompt with a random legal choice."""

from __future__ import annotations

from typing import assert_never

from peloponnes_tui.bots.base import Bot
from peloponnes_tui.engine.bidding import affordable, most_coins
from peloponnes_tui.engine.plans import feed_plan, resource_payment
from peloponnes_tui.engine.prompts import (
    Answer,
    AnyPrompt,
    BidPrompt,
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
from peloponnes_tui.engine.supply import completion_cost
from peloponnes_tui.engine.view import View


class RandomBot(Bot):
    name = "random"

    def decide(self, prompt: AnyPrompt, view: View) -> Answer:
        match prompt:
            case BidPrompt():
                return self._bid(prompt)
            case OutbidPrompt():
                if prompt.targets and self.rng.random() < 0.7:
                    return MoveBid(self.rng.choice(prompt.targets).card)
                return Withdraw()
            case BuildPrompt():
                return self._build(prompt)
            case CatastrophePrompt():
                return self._catastrophe(prompt)
            case FeedPrompt():
                return self._feed(prompt, view)
            case CompletePrompt():
                return self._complete(prompt)
            case _:
                assert_never(prompt)

    def _bid(self, prompt: BidPrompt) -> Answer:
        rng = self.rng
        options = affordable(prompt)
        if not options or rng.random() < 0.15:
            return Pass()
        t = rng.choice(options)
        funds = most_coins(prompt)  # coin cards, and luxury goods traded
        amount = rng.randint(t.need_coins, min(funds, t.need_coins + 2))
        hand = list(prompt.hand)
        rng.shuffle(hand)
        coins = hand[: min(amount, len(hand))]
        return PlaceBid(t.card, tuple(coins), amount - len(coins))

    def _build(self, prompt: BuildPrompt) -> Answer:
        rng = self.rng
        choices: list[Answer] = []
        if prompt.can_pay:
            hand = list(prompt.hand)
            rng.shuffle(hand)
            coins, rest = resource_payment(hand, self.cards, prompt.missing_wood,
                                           prompt.missing_stone)
            choices += [PayBuilding(tuple(coins), rest)] * 6
        if prompt.can_construct:
            if prompt.hand:
                choices += [StartConstruction(rng.choice(prompt.hand))] * 3
            if prompt.luxury_usable:
                choices.append(StartConstruction(None))
        return rng.choice(choices)

    def _catastrophe(self, prompt: CatastrophePrompt) -> Answer:
        rng = self.rng
        hit = rng.sample(prompt.candidates, prompt.count)
        hand = list(prompt.hand)
        rng.shuffle(hand)
        lux = prompt.luxury_usable
        treatments: list[tuple[str, Treatment]] = []
        for card in hit:
            opts: list[Treatment] = ["remove"]
            if hand:
                opts += [hand[-1]] * 3
            if lux:
                opts.append("luxury")
            how = rng.choice(opts)
            if how == "luxury":
                lux -= 1
            elif how != "remove":
                hand.pop()
            treatments.append((card, how))
        return CatastropheAnswer(tuple(treatments))

    def _feed(self, prompt: FeedPrompt, view: View) -> Answer:
        rng = self.rng
        order = list(prompt.removable)
        rng.shuffle(order)
        hand = list(prompt.hand)
        rng.shuffle(hand)
        luxury = prompt.luxury if rng.random() < 0.7 else 0
        grain, inh, lux, removed = feed_plan(self.cards, view.me.civ, prompt.shortfall,
                                             hand, luxury, order)
        return FeedPlan(tuple(grain), tuple(inh), lux, tuple(removed))

    def _complete(self, prompt: CompletePrompt) -> Answer:
        rng = self.rng
        hand = list(prompt.hand)
        rng.shuffle(hand)
        chosen = [b for b in prompt.buildings if rng.random() < 0.8]
        while True:
            mw, ms = completion_cost(self.cards, prompt, chosen)
            coins, rest = resource_payment(hand, self.cards, mw, ms)
            if rest <= prompt.luxury or not chosen:
                return CompletePlan(tuple(chosen), tuple(coins), rest if chosen else 0)
            chosen.pop(rng.randrange(len(chosen)))


__all__ = ["RandomBot"]
