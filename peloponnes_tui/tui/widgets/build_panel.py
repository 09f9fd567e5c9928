"""The panel for a won building: pay it now or put it under construction."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType

from peloponnes_tui.engine import Answer, BuildPrompt, PayBuilding, StartConstruction
from peloponnes_tui.engine.gaining import luxury_gained
from peloponnes_tui.engine.payment import payment_outcome, spending_order
from peloponnes_tui.engine.plans import resource_payment
from peloponnes_tui.engine.words import plural
from peloponnes_tui.tui.widgets.panel import DecisionPanel


class BuildPanel(DecisionPanel):
    title = "new building"
    prompt: BuildPrompt
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "construct", "Under construction"),
        Binding("k", "pledge", "Pledge coin", show=False),
    ]
    pledge: int | None = None  # index into hand for construction; None = luxury draw

    def setup(self) -> None:
        p = self.prompt
        self.luxury_max = p.luxury
        coins, rest = resource_payment(p.hand, self.cards, p.missing_wood, p.missing_stone)
        self.choose_coins(coins)
        self.luxury = min(rest, p.luxury)
        # the coin card that costs least to slide under it (the engine's order)
        self.pledge = p.hand.index(spending_order(self.cards, p.hand)[0]) if p.hand else None

    def back_allowed(self, back: str) -> bool:
        res = next(b.resource for b in self.cards.coin_backs if b.id == back)
        return res in ("wood", "stone")

    def answer(self) -> Answer | None:
        if not self.prompt.can_pay and self.prompt.can_construct:
            # Enter does what is possible: with nothing to pay with, it pledges a coin
            return self._construction()
        return PayBuilding(self.coins_chosen(), self.luxury)

    def _construction(self) -> StartConstruction:
        coin = None if self.pledge is None else self.prompt.hand[self.pledge]
        return StartConstruction(coin)

    def body(self) -> Text:
        p = self.prompt
        info = self.cards.power_by_id[p.card]
        t = Text()
        t.append(f"You won {info.name.en}: costs {p.cost_wood} wood, {p.cost_stone} stone. "
                 f"Your production: {p.production_wood} wood, {p.production_stone} stone "
                 "(used first).\n")
        t.append(f"Missing: {p.missing_wood} wood, {p.missing_stone} stone.  ")
        if p.excess:
            gain = luxury_gained(p, 0)
            t.append(f"Paid without luxury goods you gain {plural(gain, 'luxury good')}.",
                     style="green")
        t.append("\n")
        t.append("Pay now (Enter): ", style="bold")
        if not p.can_pay:
            t.append("not possible — you lack the resources.\n", style="yellow")
        else:
            paid = payment_outcome(self.cards, p.missing_wood, p.missing_stone,
                                   self.coins_chosen())
            t.append(f"{paid.wood} wood and {paid.stone} stone from coin cards, "
                     f"{plural(self.luxury, 'luxury good')}")
            if p.excess:
                t.append(f" → gain {luxury_gained(p, self.luxury)} luxury", style="green")
            t.append("\n")
            t.append_text(self.coin_lines("Pay with"))
            t.append("\n")
            if p.luxury:
                t.append_text(self.luxury_line())
                t.append("\n")
        t.append("Under construction (u" + (" or Enter" if not p.can_pay else "") + "): ",
                 style="bold")
        if not p.can_construct:
            t.append("not possible — no coin card to slide under it.", style="yellow")
        elif self.pledge is None:
            t.append("draw a coin card blind for one luxury good  (k: change)")
        else:
            back = self.cards.coins[p.hand[self.pledge]]
            t.append(f"slide a {back.name.en} coin card under it  (k: change)")
        return t

    def keys_help(self) -> str:
        return "a-g coins · +/− luxury · Enter pay · u under construction · k pledge"

    def action_pledge(self) -> None:
        p = self.prompt
        options: list[int | None] = []
        seen: set[str] = set()
        for i, c in enumerate(p.hand):
            if self.cards.coins[c].id not in seen:
                seen.add(self.cards.coins[c].id)
                options.append(i)
        if p.luxury_usable:
            options.append(None)
        if not options:
            return
        i = options.index(self.pledge) if self.pledge in options else -1
        self.pledge = options[(i + 1) % len(options)]
        self.changed()

    def action_construct(self) -> None:
        self.submit(self._construction())


__all__ = ["BuildPanel"]
