"""The bidding panels: bid or pass, and move or withdraw an outbid bid."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType

from peloponnes_tui.engine import Answer, BidPrompt, MoveBid, OutbidPrompt, Pass, PlaceBid, Withdraw
from peloponnes_tui.engine.bidding import affordable, bid_coins, effective_halves
from peloponnes_tui.engine.payment import spending_order
from peloponnes_tui.engine.words import halves
from peloponnes_tui.i18n import N_, _, name, ngettext
from peloponnes_tui.tui.render import offer_cards
from peloponnes_tui.tui.widgets.panel import DecisionPanel, click


class CardChoice(DecisionPanel):
    """Shared by bid and outbid: a cursor over the cards on offer."""

    chosen_card: str | None = None  # the card chosen (None: none, as when passing)
    # told of each new choice (the board: it highlights the card in the same screen update as
    # the panel's own)
    on_card: Callable[[str | None], None] | None = None
    # every card on offer listed under the chosen one (the board below 120 columns shows
    # them numbered, in the rows the list would take: it leaves it out)
    list_cards = True

    @property
    def card(self) -> str | None:
        """The card chosen (None: none, as when passing)."""
        return self.chosen_card

    @card.setter
    def card(self, card: str | None) -> None:
        if card != self.chosen_card:
            self.chosen_card = card
            if self.on_card is not None:
                self.on_card(card)

    def offer(self) -> list[str]:
        return offer_cards(self.view)

    def pick(self, n: int) -> None:
        offer = self.offer()
        if 1 <= n <= len(offer):
            self.select(offer[n - 1])

    def move(self, delta: int) -> None:
        offer = self.offer()
        if not offer:
            return
        i = offer.index(self.card) if self.card in offer else -1
        self.select(offer[(i + delta) % len(offer)])

    def select(self, card: str) -> None:
        self.card = card

    def action_select_card(self, card: str) -> None:
        self.select(card)
        self.changed()

    def card_list(self, targets: dict[str, str]) -> Text:
        """The chosen card on one line, then every card that is open, clickable.

        For a chosen card that is not open to the player, the line above gives the engine's
        reason (with the number needed and the number offered)."""
        t = Text()
        power_cards = self.cards.power_by_id
        offer = self.offer()
        if self.card in offer:
            n = offer.index(self.card) + 1
            t.append(f"▶ {n} {name(power_cards[self.card].name)}: ", style="bold")
            if self.card in targets:
                t.append(targets[self.card] + "\n")
            else:
                t.append(_("not open to you (why: see above)") + "\n", style="yellow")
        if not self.list_cards:
            return t
        t.append(_("Cards: "), style="bold")
        for n, cid in enumerate(offer, 1):
            open_ = cid in targets
            style = Style(bold=cid == self.card, dim=not open_, reverse=cid == self.card)
            t.append(f"{n} {name(power_cards[cid].name)}",
                     style=style + click(f"select_card('{cid}')"))
            t.append("  ")
        t.append("\n")
        return t


class BidPanel(CardChoice):
    # p only chooses to pass (drawing coin cards cannot be taken back): Enter confirms it
    BINDINGS: ClassVar[list[BindingType]] = [Binding("p", "pass_", N_("Choose pass"))]
    title = N_("bid or pass")
    prompt: BidPrompt

    passing = False  # p chose to pass: Enter passes

    def setup(self) -> None:
        self.luxury_max = self.prompt.luxury_usable
        legal = affordable(self.prompt)
        if legal:
            self.select(min(legal, key=lambda t: t.need_coins).card)

    def select(self, card: str) -> None:
        self.card = card
        self.passing = False
        target = next((t for t in self.prompt.targets if t.card == card), None)
        if target is None:
            return
        # suggest the fewest coin cards that win it, those that cost least first (the engine's
        # order: inhabitant coin cards last), luxury goods for the rest
        need = target.need_coins
        self.choose_coins(spending_order(self.cards, self.hand)[:need])
        self.luxury = max(0, min(self.prompt.luxury_usable, need - len(self.hand)))

    def answer(self) -> Answer | None:
        if self.passing:
            return Pass()
        if self.card is None:
            return None
        return PlaceBid(self.card, self.coins_chosen(), self.luxury)

    def body(self) -> Text:
        t = Text()
        targets = {}
        for x in self.prompt.targets:
            # "min": the fewest coin cards to bid now, as at the foot of the card on the board
            s = _("min {n}").format(n=x.need_coins)
            if x.holder is not None:
                st = self.session.seats[x.holder]
                s += " (" + _("beats {player} {bid}").format(
                    player=st.tag, bid=halves(x.holder_effective_halves)) + ")"
            targets[x.card] = s
        t.append_text(self.card_list(targets))
        if self.passing:
            t.append(ngettext("Enter: pass and draw {n} coin card",
                              "Enter: pass and draw {n} coin cards",
                              self.prompt.draws).format(n=self.prompt.draws), style="bold")
            t.append(" " + _("(they cannot be put back) — or pick a card to bid instead."))
            return t
        t.append_text(self.coin_lines())
        t.append("\n")
        if self.prompt.luxury_usable:
            t.append_text(self.luxury_line())
            t.append("\n")
        ans = self.answer()
        if self.card and isinstance(ans, PlaceBid):
            total = bid_coins(ans)
            eff = effective_halves(total, self.prompt.bonus_halves)
            card = name(self.cards.power_by_id[self.card].name)
            t.append(ngettext("Bid {n} coin card on {card}: counts {counts}",
                              "Bid {n} coin cards on {card}: counts {counts}", total).format(
                                  n=total, card=card, counts=halves(eff)), style="bold")
            if self.prompt.bonus_halves:
                t.append(" " + _("(Market/Agora +{bonus})").format(
                    bonus=halves(self.prompt.bonus_halves)))
        return t

    def keys_help(self) -> str:
        if self.passing:
            return _("Enter pass (draw {n}) · 1-9/↑↓ a card to bid on instead").format(
                n=self.prompt.draws)
        # one line at 80 columns (Enter bids: the panel's first line and the footer say so)
        return _("1-9/↑↓ card · a-g coins · 0 clear · +/− luxury · p, Enter pass "
                 "(draws {n})").format(n=self.prompt.draws)

    def suggest(self, answer: Answer) -> bool:
        match answer:
            case PlaceBid(card=card, coins=coins, luxury=luxury):
                self.select(card)
                self.choose_coins(coins)
                self.luxury = luxury
                return True
            case Pass():
                self.action_pass_()
                return True
        return False

    def action_pass_(self) -> None:
        self.passing = True
        self.card = None
        self.changed()

    def action_back(self, i: int) -> None:
        if not self.passing:
            super().action_back(i)

    def action_luxury(self, delta: int) -> None:
        if not self.passing:
            super().action_luxury(delta)


class OutbidPanel(CardChoice):
    # w only chooses to withdraw (drawing coin cards cannot be taken back): Enter confirms it
    BINDINGS: ClassVar[list[BindingType]] = [Binding("w", "withdraw", N_("Choose withdraw"))]
    title = N_("you were outbid")
    prompt: OutbidPrompt

    withdrawing = False  # w chose to take the bid back: Enter does it

    def setup(self) -> None:
        if self.prompt.targets:
            self.card = self.prompt.targets[0].card

    def select(self, card: str) -> None:
        self.card = card
        self.withdrawing = False

    def answer(self) -> Answer | None:
        if self.withdrawing:
            return Withdraw()
        return MoveBid(self.card) if self.card else None

    def body(self) -> Text:
        t = Text()
        frm = self.cards.power_by_id.get(self.prompt.from_card)
        t.append(ngettext(
            "Your bid of {coins} ({counts}) on {card} was beaten. Move it unchanged to another "
            "card, or withdraw it and draw {n} coin card.",
            "Your bid of {coins} ({counts}) on {card} was beaten. Move it unchanged to another "
            "card, or withdraw it and draw {n} coin cards.", self.prompt.draws).format(
                coins=self.prompt.coins, counts=halves(self.prompt.effective_halves),
                card=name(frm.name) if frm else self.prompt.from_card, n=self.prompt.draws)
            + "\n")
        targets = {x.card: _("min {n}").format(n=x.min_coins) + (
            ", " + _("beats {player} {bid}").format(
                player=self.session.seats[x.holder].tag, bid=halves(x.holder_effective_halves))
            if x.holder is not None else "") for x in self.prompt.targets}
        t.append_text(self.card_list(targets))
        if self.withdrawing:
            t.append(ngettext("Enter: withdraw your bid and draw {n} coin card",
                              "Enter: withdraw your bid and draw {n} coin cards",
                              self.prompt.draws).format(n=self.prompt.draws), style="bold")
            t.append(" " + _("(they cannot be put back) — or pick a card to move the bid to.")
                     + "\n")
        if not self.prompt.targets:
            t.append(_("No card can take your bid: withdraw.") + "\n", style="yellow")
        return t

    def keys_help(self) -> str:
        if self.withdrawing:
            return _("Enter withdraw (draw {n}) · 1-9/↑↓ a card to move the bid to "
                     "instead").format(n=self.prompt.draws)
        return _("1-9/↑↓ card · Enter move bid · w withdraw, then Enter (draws {n})").format(
            n=self.prompt.draws)

    def suggest(self, answer: Answer) -> bool:
        match answer:
            case MoveBid(card=card):
                self.select(card)
                return True
            case Withdraw():
                self.action_withdraw()
                return True
        return False

    def action_withdraw(self) -> None:
        self.withdrawing = True
        self.card = None
        self.changed()


def choose_on_board(panel: DecisionPanel | None, card: str) -> None:
    """A card on the board was clicked: choose it in the decision panel when the panel offers a
    choice of cards, and give the keyboard back to the panel."""
    if panel is None:
        return
    if isinstance(panel, CardChoice) and card in panel.offer():
        panel.action_select_card(card)
    panel.focus()


__all__ = ["BidPanel", "CardChoice", "OutbidPanel", "choose_on_board"]
