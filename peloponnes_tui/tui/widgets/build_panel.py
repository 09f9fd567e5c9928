"""The panel for a won building: pay it now or put it under construction."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType

from peloponnes_tui.engine import Answer, BuildPrompt, PayBuilding, StartConstruction
from peloponnes_tui.engine.gaining import luxury_gained
from peloponnes_tui.engine.payment import payment_outcome, spending_order
from peloponnes_tui.engine.plans import resource_payment
from peloponnes_tui.i18n import N_, _, name, ngettext
from peloponnes_tui.tui.widgets.panel import DecisionPanel


class BuildPanel(DecisionPanel):
    title = N_("new building")
    prompt: BuildPrompt
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "construct", N_("Under construction")),
        Binding("k", "pledge", N_("Pledge coin"), show=False),
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
        t.append(_("You won {card}: costs {wood} wood, {stone} stone. Your production: "
                   "{made_wood} wood, {made_stone} stone (used first).").format(
                       card=name(info.name), wood=p.cost_wood, stone=p.cost_stone,
                       made_wood=p.production_wood, made_stone=p.production_stone) + "\n")
        t.append(_("Missing: {wood} wood, {stone} stone.").format(
            wood=p.missing_wood, stone=p.missing_stone) + "  ")
        if p.excess and p.can_pay:
            gain = luxury_gained(p, 0)
            t.append(ngettext("Paid without luxury goods you gain {n} luxury good.",
                              "Paid without luxury goods you gain {n} luxury goods.",
                              gain).format(n=gain), style="green")
        t.append("\n")
        t.append(_("Pay now (Enter): "), style="bold")
        if not p.can_pay:
            t.append(_("not possible — you lack the resources.") + "\n", style="yellow")
        else:
            paid = payment_outcome(self.cards, p.missing_wood, p.missing_stone,
                                   self.coins_chosen())
            t.append(ngettext("{wood} wood and {stone} stone from coin cards, {n} luxury good",
                              "{wood} wood and {stone} stone from coin cards, {n} luxury goods",
                              self.luxury).format(wood=paid.wood, stone=paid.stone,
                                                  n=self.luxury))
            if p.excess:
                t.append(" " + _("→ gain {n} luxury").format(n=luxury_gained(p, self.luxury)),
                         style="green")
            t.append("\n")
            t.append_text(self.coin_lines(_("Pay with")))
            t.append("\n")
            if p.luxury:
                t.append_text(self.luxury_line())
                t.append("\n")
        t.append(_("Under construction (u): ") if p.can_pay else
                 _("Under construction (u or Enter): "), style="bold")
        if not p.can_construct:
            t.append(_("not possible — no coin card to slide under it."), style="yellow")
        elif self.pledge is None:
            t.append(_("draw a coin card blind for one luxury good") + "  " + _("(k: change)"))
        else:
            back = self.cards.coins[p.hand[self.pledge]]
            t.append(_("slide a coin card ({kind}) under it").format(kind=name(back.name))
                     + "  " + _("(k: change)"))
        return t

    def keys_help(self) -> str:
        return _("a-g coins · +/− luxury · Enter pay · u under construction · k pledge")

    def suggest(self, answer: Answer) -> bool:
        match answer:
            case PayBuilding(coins=coins, luxury=luxury):
                self.choose_coins(coins)
                self.luxury = luxury
                return True
            case StartConstruction(coin=coin):  # u puts it under construction
                self.pledge = None if coin is None else self.prompt.hand.index(coin)
                return True
        return False

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
