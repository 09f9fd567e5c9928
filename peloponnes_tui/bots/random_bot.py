"""A bot that answers every prompt with a random legal choice."""

from __future__ import annotations

from peloponnes_tui.bots.base import Bot
from peloponnes_tui.engine.plans import feed_plan, pick_coins, resource_payment
from peloponnes_tui.engine.prompts import (
    Answer,
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
    Prompt,
    StartConstruction,
    Treatment,
    Withdraw,
)
from peloponnes_tui.engine.view import View


class RandomBot(Bot):
    name = "random"

    def decide(self, prompt: Prompt, view: View) -> Answer:
        rng = self.rng
        if isinstance(prompt, BidPrompt):
            funds = len(prompt.hand) + prompt.luxury_usable
            options = [t for t in prompt.targets if t.need_coins <= funds]
            if not options or rng.random() < 0.15:
                return Pass()
            t = rng.choice(options)
            amount = rng.randint(t.need_coins, min(funds, t.need_coins + 2))
            hand = list(prompt.hand)
            rng.shuffle(hand)
            coins = hand[: min(amount, len(hand))]
            return PlaceBid(t.card, tuple(coins), amount - len(coins))
        if isinstance(prompt, OutbidPrompt):
            if prompt.targets and rng.random() < 0.7:
                return MoveBid(rng.choice(prompt.targets).card)
            return Withdraw()
        if isinstance(prompt, BuildPrompt):
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
        if isinstance(prompt, CatastrophePrompt):
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
        if isinstance(prompt, FeedPrompt):
            order = list(prompt.removable)
            rng.shuffle(order)
            hand = list(prompt.hand)
            rng.shuffle(hand)
            luxury = prompt.luxury if rng.random() < 0.7 else 0
            grain, inh, lux, removed = feed_plan(self.cards, view.me.civ, prompt.shortfall,
                                                 hand, luxury, order)
            return FeedPlan(tuple(grain), tuple(inh), lux, tuple(removed))
        if isinstance(prompt, CompletePrompt):
            hand = list(prompt.hand)
            rng.shuffle(hand)
            chosen = [b for b in prompt.buildings if rng.random() < 0.8]
            while True:
                wood = sum(self.cards.power_by_id[b].cost.wood for b in chosen)
                stone = sum(self.cards.power_by_id[b].cost.stone for b in chosen)
                mw = max(0, wood - prompt.production_wood)
                ms = max(0, stone - prompt.production_stone)
                coins, rest = resource_payment(hand, self.cards, mw, ms)
                if rest <= prompt.luxury or not chosen:
                    return CompletePlan(tuple(chosen), tuple(coins), rest if chosen else 0)
                chosen.pop(rng.randrange(len(chosen)))
        raise TypeError(f"the random bot cannot answer a {prompt.kind} prompt")


__all__ = ["RandomBot", "pick_coins"]
