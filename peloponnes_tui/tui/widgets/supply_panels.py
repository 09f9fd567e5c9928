"""The supply panels: feed the inhabitants, complete the buildings under construction."""

from __future__ import annotations

from collections.abc import Iterable

from rich.style import Style
from rich.text import Text

from peloponnes_tui.card_text import cost_short, inhabitants_short, prod_short
from peloponnes_tui.engine import Answer, CompletePlan, CompletePrompt, FeedPlan, FeedPrompt
from peloponnes_tui.engine.plans import feed_plan, resource_payment
from peloponnes_tui.engine.supply import card_balance, completion_cost, feed_preview
from peloponnes_tui.i18n import N_, _, name, ngettext
from peloponnes_tui.tui.render import card_name
from peloponnes_tui.tui.widgets.panel import DecisionPanel, click


class FeedPanel(DecisionPanel):
    title = N_("supply: feed your inhabitants")
    prompt: FeedPrompt

    def setup(self) -> None:
        p = self.prompt
        self.luxury_max = p.luxury
        civ = self.view.me.civ
        grain, inh, lux, removed = feed_plan(self.cards, civ, p.shortfall, p.hand, p.luxury,
                                             list(reversed(p.removable)))
        self.choose_coins(grain + inh)
        self.luxury = lux
        self.removed: set[str] = set(removed)

    def back_allowed(self, back: str) -> bool:
        res = next(b.resource for b in self.cards.coin_backs if b.id == back)
        return res in ("grain", "inhabitants")

    def answer(self) -> FeedPlan:
        coins = self.coins_chosen()
        grain = tuple(c for c in coins if self.cards.coins[c].resource == "grain")
        inh = tuple(c for c in coins if self.cards.coins[c].resource == "inhabitants")
        return FeedPlan(grain, inh, self.luxury,
                        tuple(c for c in self.prompt.removable if c in self.removed))

    def body(self) -> Text:
        p = self.prompt
        civ = self.view.me.civ
        t = Text()
        t.append(ngettext("{inhabitants} inhabitants to feed, {grain} grain produced: short "
                          "by {shortfall}. Pay grain or inhabitant coin cards or luxury goods, "
                          "or remove cards with inhabitants.",
                          "{inhabitants} inhabitants to feed, {grain} grain produced: short "
                          "by {shortfall}. Pay grain or inhabitant coin cards or luxury goods, "
                          "or remove cards with inhabitants.", p.shortfall).format(
                              inhabitants=p.inhabitants, grain=p.grain,
                              shortfall=p.shortfall) + "\n")
        for i, card in enumerate(p.removable):
            inh, grain = card_balance(self.cards, civ, card)
            on = card in self.removed
            t.append(f" {i + 1} [{'x' if on else ' '}] {card_name(self.cards, civ, card)}",
                     style=Style(bold=on) + click(f"pick({i + 1})"))
            # in the cards' short forms: its inhabitants and the grain it makes
            t.append(" (" + ", ".join([inhabitants_short(inh)]
                                      + ([prod_short(0, 0, grain)] if grain else []))
                     + ")\n", style="dim")
        t.append_text(self.coin_lines(_("Pay with")))
        t.append("\n")
        if p.luxury:
            t.append_text(self.luxury_line())
            t.append("\n")
        preview = feed_preview(self.cards, civ, p, self.answer())
        t.append(_("Preview: removals save {saved}, payment covers {paid} of the remaining "
                   "{remaining}").format(saved=preview.saved, paid=preview.paid,
                                         remaining=preview.remaining), style="bold")
        if preview.hungry:
            t.append(" — " + _("{n} would go hungry").format(n=preview.hungry), style="red")
        return t

    def keys_help(self) -> str:
        return _("1-9 remove/keep card · a-g coins · 0 clear · +/− luxury · Enter confirm")

    def suggest(self, answer: Answer) -> bool:
        if not isinstance(answer, FeedPlan):
            return False
        self.choose_coins(answer.grain_coins + answer.inhabitant_coins)
        self.luxury = answer.luxury
        self.removed = set(answer.remove)
        return True

    def pick(self, n: int) -> None:
        if 1 <= n <= len(self.prompt.removable):
            card = self.prompt.removable[n - 1]
            self.removed ^= {card}


class CompletePanel(DecisionPanel):
    title = N_("supply: complete your constructions")
    prompt: CompletePrompt

    def setup(self) -> None:
        p = self.prompt
        self.luxury_max = p.luxury
        self.complete: set[str] = set(p.buildings)
        chosen = list(p.buildings)
        while True:
            mw, ms = self.missing(chosen)
            coins, rest = resource_payment(p.hand, self.cards, mw, ms)
            if rest <= p.luxury or not chosen:
                break
            chosen.pop()
        self.complete = set(chosen)
        self.choose_coins(coins if chosen else [])
        self.luxury = rest if chosen else 0

    def missing(self, chosen: Iterable[str]) -> tuple[int, int]:
        """(wood, stone) still missing to complete ``chosen`` (the engine's completion cost)."""
        return completion_cost(self.cards, self.prompt, chosen)

    def back_allowed(self, back: str) -> bool:
        res = next(b.resource for b in self.cards.coin_backs if b.id == back)
        return res in ("wood", "stone")

    def answer(self) -> Answer | None:
        return CompletePlan(tuple(b for b in self.prompt.buildings if b in self.complete),
                            self.coins_chosen(), self.luxury)

    def body(self) -> Text:
        p = self.prompt
        power_cards = self.cards.power_by_id
        t = Text()
        t.append(_("Production: {wood} wood, {stone} stone, used once for all buildings "
                   "together. Unpaid buildings are lost.").format(
                       wood=p.production_wood, stone=p.production_stone) + "\n")
        for i, b in enumerate(p.buildings):
            on = b in self.complete
            t.append(f" {i + 1} [{'x' if on else ' '}] {name(power_cards[b].name)}",
                     style=Style(bold=on) + click(f"pick({i + 1})"))
            t.append(f" ({cost_short(power_cards[b])})"
                     + ("" if on else " — " + _("will be lost")) + "\n",
                     style="dim" if on else "red")
        mw, ms = self.missing(self.complete)
        t.append(_("Missing after production: {wood} wood, {stone} stone").format(
            wood=mw, stone=ms) + "\n", style="bold")
        t.append_text(self.coin_lines(_("Pay with")))
        t.append("\n")
        if p.luxury:
            t.append_text(self.luxury_line())
        return t

    def keys_help(self) -> str:
        return _("1-9 complete/let go · a-g coins · 0 clear · +/− luxury · Enter confirm")

    def suggest(self, answer: Answer) -> bool:
        if not isinstance(answer, CompletePlan):
            return False
        self.complete = set(answer.complete)
        self.choose_coins(answer.coins)
        self.luxury = answer.luxury
        return True

    def pick(self, n: int) -> None:
        if 1 <= n <= len(self.prompt.buildings):
            self.complete ^= {self.prompt.buildings[n - 1]}


__all__ = ["CompletePanel", "FeedPanel"]
