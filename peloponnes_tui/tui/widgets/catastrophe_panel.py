"""The panel for a catastrophe: which cards are hit, and how each is covered or removed."""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType

from peloponnes_tui.engine import Answer, CatastropheAnswer, CatastrophePrompt, Treatment
from peloponnes_tui.engine.payment import spending_order
from peloponnes_tui.i18n import N_, _, name, ngettext
from peloponnes_tui.tui.render import card_name
from peloponnes_tui.tui.widgets.panel import BACK_KEYS, DecisionPanel, click


class CatastrophePanel(DecisionPanel):
    title = N_("catastrophe")
    prompt: CatastrophePrompt
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "toggle_hit", N_("Hit/not hit")),
        Binding("l", "treat('luxury')", N_("Cover via luxury"), show=False),
        Binding("r", "treat('remove')", N_("Remove"), show=False),
    ]

    def setup(self) -> None:
        p = self.prompt
        self.cursor = 0
        # card -> back id to cover with, "luxury" or "remove"; cards not in it are not hit
        self.treat: dict[str, str] = {}
        spare = list(spending_order(self.cards, p.hand))  # those that cost least first
        lux = p.luxury_usable
        for card in p.candidates[: p.count]:
            if spare:
                self.treat[card] = self.cards.coins[spare.pop(0)].id
            elif lux:
                lux -= 1
                self.treat[card] = "luxury"
            else:
                self.treat[card] = "remove"

    def label_of(self, card: str) -> str:
        return card_name(self.cards, self.view.me.civ, card)

    def answer(self) -> Answer | None:
        used: Counter[str] = Counter()
        out: list[tuple[str, Treatment]] = []
        for card in self.prompt.candidates:
            how = self.treat.get(card)
            if how is None:
                continue
            if how == "luxury":
                out.append((card, "luxury"))
                continue
            if how == "remove":
                out.append((card, "remove"))
                continue
            coins = [c for c in self.hand if self.cards.coins[c].id == how]
            if used[how] < len(coins):
                out.append((card, coins[used[how]]))
            else:
                out.append((card, -1))  # more than the hand holds: the engine refuses it
            used[how] += 1
        return CatastropheAnswer(tuple(out))

    def body(self) -> Text:
        p = self.prompt
        cat = name(self.cards.catastrophe_by_id[p.catastrophe].name)
        t = Text()
        t.append(ngettext("{catastrophe} strikes! {n} of your cards below is hit. Cover it with "
                          "a coin card (it stays, inactive until restored) or remove it to the "
                          "box.",
                          "{catastrophe} strikes! {n} of your cards below are hit. Cover each "
                          "with a coin card (it stays, inactive until restored) or remove it to "
                          "the box.", p.count).format(catastrophe=cat, n=p.count) + "\n")
        for i, card in enumerate(p.candidates):
            how = self.treat.get(card)
            mark = "▶" if i == self.cursor else " "
            t.append(f"{mark}{i + 1} {self.label_of(card)}: ",
                     style=Style(bold=i == self.cursor) + click(f"pick({i + 1})"))
            if how is None:
                t.append(_("not hit") + "\n", style="dim")
            elif how == "remove":
                t.append(_("remove") + "\n", style="red")
            elif how == "luxury":
                t.append(_("cover with a coin drawn for a luxury good") + "\n", style="yellow")
            else:
                info = next(b for b in self.cards.coin_backs if b.id == how)
                t.append(_("cover with {kind}").format(kind=name(info.name)) + "\n",
                         style="green")
        t.append(_("Cover the selected card with: "), style="bold")
        key_style = Style(bold=True, reverse=True)
        for i, _back, n in self.hand_backs():
            info = self.cards.coin_backs[i]
            t.append(f" {BACK_KEYS[i]} ", style=key_style + click(f"back({i})"))
            t.append(f" {name(info.name)} ×{n} ", style=click(f"back({i})"))
        if p.luxury_usable:
            t.append(" l ", style=Style(reverse=True) + click("treat('luxury')"))
            t.append(" " + _("luxury ({n})").format(n=p.luxury_usable) + " ")
        t.append(" r ", style=Style(reverse=True) + click("treat('remove')"))
        t.append(" " + _("remove"))
        return t

    def keys_help(self) -> str:
        if self.prompt.count < len(self.prompt.candidates):
            return _("1-9/↑↓ card · a-g cover with coin · l luxury · r remove · space hit/not "
                     "hit · Enter confirm")
        return _("1-9/↑↓ card · a-g cover with coin · l luxury · r remove · Enter confirm")

    def suggest(self, answer: Answer) -> bool:
        if not isinstance(answer, CatastropheAnswer):
            return False
        self.treat = {card: how if isinstance(how, str) else self.cards.coins[how].id
                      for card, how in answer.treatments}
        return True

    def pick(self, n: int) -> None:
        if 1 <= n <= len(self.prompt.candidates):
            self.cursor = n - 1

    def move(self, delta: int) -> None:
        self.cursor = (self.cursor + delta) % max(1, len(self.prompt.candidates))

    def _set(self, how: str) -> None:
        card = self.prompt.candidates[self.cursor]
        self.treat[card] = how
        self.changed()

    def action_back(self, i: int) -> None:
        if i >= len(self.cards.coin_backs):
            return
        back = self.cards.coin_backs[i].id
        card = self.prompt.candidates[self.cursor]
        have = sum(1 for c in self.hand if self.cards.coins[c].id == back)
        used = sum(1 for k, v in self.treat.items() if v == back and k != card)
        if used >= have:
            self.app.bell()
            return
        self._set(back)

    def action_treat(self, how: str) -> None:
        self._set(how)

    def action_toggle_hit(self) -> None:
        card = self.prompt.candidates[self.cursor]
        if card in self.treat:
            del self.treat[card]
            self.changed()
        else:
            self._set("remove")


__all__ = ["CatastrophePanel"]
