"""Help: the current phase, the keys, the game in short, the phases and the board's legend."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from peloponnes_tui.i18n import N_, _
from peloponnes_tui.tui.widgets.footer import KeysFooter

if TYPE_CHECKING:
    from peloponnes_tui.cards import CardSet
    from peloponnes_tui.engine import View
    from peloponnes_tui.engine.prompts import AnyPrompt


def phase_help(cards: CardSet) -> dict[str, str]:
    """What happens in each phase, with the rule numbers the engine gives for ``cards``."""
    from peloponnes_tui.card_text import bonus_coins
    from peloponnes_tui.engine.numbers import rule_numbers
    from peloponnes_tui.i18n import in_words

    n = rule_numbers(cards)
    income = (_("Coin cards by inhabitants (the income table below), one-time income of new "
                "cards.") if n.luxury_income_from is None else
              _("Coin cards by inhabitants (the income table below), one-time income of new "
                "cards, luxury goods from {n} inhabitants on.").format(
                    n=n.luxury_income_from))
    return {
        "setup": _("The game is being set up."),
        "reveal": _("New power cards come up: one per player in the market, the rest (up to "
                    "{cards}) in the conquest row. The first {moving} move catastrophe "
                    "markers.").format(cards=in_words(n.cards_per_round),
                                       moving=in_words(n.cards_that_move_markers)),
        "catastrophes": _("A catastrophe has struck. Players without protection (a protecting "
                          "building, or {n} matching symbols) choose which cards are hit and "
                          "either cover each with a coin card — it stays in the tableau but does "
                          "nothing until protection comes later — or remove it to the "
                          "box.").format(n=in_words(n.symbols_for_protection)),
        "supply": _("Everyone feeds each inhabitant (not those on the luxury card) with "
                    "one grain. Grain production counts first, then grain coin cards; the rest "
                    "can be paid with inhabitant coin cards or luxury goods, or by removing "
                    "inhabited cards. Buildings under construction must be paid now, all "
                    "together, or are lost."),
        "bidding": _("In turn order: put coin cards on a power card (at least its "
                     "value; in the conquest row its value + {surcharge}) or pass and draw "
                     "{draws} coin cards. Beating a bid in the market pushes that player to move "
                     "the bid or withdraw. Conquest bids cannot be beaten. Market/Agora make "
                     "your bids count {bonus} more.").format(
                         surcharge=n.conquest_surcharge, draws=in_words(n.coins_for_passing),
                         bonus=bonus_coins(n.bid_bonus_halves_per_card)),
        "gain": _("Landscapes go to the right. A building is paid at once from "
                  "production plus wood/stone coin cards (leftover production becomes luxury "
                  "goods if you pay without luxury) or put under construction with a coin card "
                  "beneath it; only when neither is possible is it lost."),
        "income": income,
        "over": _("The game is over: each player scores the lower of population and power."),
    }


def phase_title(key: str) -> str:
    """The phases' names in the help's list of them."""
    return {"reveal": _("Reveal"), "catastrophes": _("Catastrophes"), "supply": _("Supply"),
            "bidding": _("Bidding"), "gain": _("Gaining cards"),
            "income": _("Income")}.get(key, key)


def general_rules(cards: CardSet) -> str:
    """The game in short, with the rule numbers the engine gives for ``cards``."""
    from peloponnes_tui.engine.numbers import rule_numbers
    from peloponnes_tui.i18n import in_words

    n = rule_numbers(cards)
    return _(
        "{rounds} rounds. Each round: reveal power cards, catastrophes and supply, bidding, new "
        "turn order (highest bid first), gain power cards, income. At the end: income, a final "
        "supply, covered cards of now-protected players come back, then scoring.\n\n"
        "Score = the LOWER of population (inhabitants on your cards, inhabitant coin cards in "
        "hand, the luxury card) and power (power points on cards, 1 per {leftovers} coin cards "
        "and luxury goods left, the luxury card). Ties: the higher other value, then more luxury "
        "goods.\n\n"
        "Luxury goods stand in for any one missing resource, grain or coin card (drawn blind). "
        "You can hold up to {cap}, only {declined} after Decline covers your luxury card."
    ).format(rounds=in_words(n.rounds).capitalize(), leftovers=n.leftovers_per_power_point,
             cap=n.luxury_cap, declined=n.declined_luxury_cap)


def keys_help() -> str:
    """Every key of the board and the decision panels, and the mouse; the keys named as the
    footer names them (``^z``, ``PgUp``, ``space``: :func:`~peloponnes_tui.tui.widgets.footer.
    key_display`)."""
    from peloponnes_tui.tui.widgets.footer import key_display

    return _(
        "Board: m board · t tableaux (again: next player) · v log · {pgup}/{pgdn} scroll · "
        "? the card legend on or off · h help · "
        "i ask the coach · {undo} undo · {save} save · {commands} commands · q quit\n"
        "Decisions: 1-9 or ↑↓ pick a card · a-g add coin cards of one kind (cycles) · 0 clear · "
        "+/− luxury goods · Enter confirm · p pass, w withdraw (each then Enter) · "
        "u under construction · "
        "k change pledge · l/r luxury cover/remove · {space} hit/not hit\n"
        "Mouse: click cards (on the board or in the panel), coin kinds and buttons."
    ).format(pgup=key_display("pgup"), pgdn=key_display("pgdn"), undo=key_display("^z"),
             save=key_display("^s"), commands=key_display("^p"), space=key_display("space"))


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,h,q,question_mark", "close", N_("Close"))]
    CSS_PATH = "help.tcss"

    def __init__(self, cards: CardSet, view: View | None = None,
                 pending: AnyPrompt | None = None) -> None:
        """``view`` (any player's) and ``pending`` describe the game in progress, if any."""
        super().__init__()
        self.cards = cards
        self.view = view
        self.pending = pending

    def compose(self) -> ComposeResult:
        parts: list[RenderableType] = []
        help_for = phase_help(self.cards)
        if self.view is not None:
            phase = self.view.phase
            from peloponnes_tui.tui.render import phase_name

            parts.append(Text(_("Now — round {round}, {phase}").format(
                round=self.view.round, phase=phase_name(phase)), style="bold"))
            key = "catastrophes" if phase == "catastrophe" else phase
            parts.append(Text(help_for.get(key, "") + "\n"))
            if self.pending is not None:
                from peloponnes_tui.prompt_text import prompt_text

                asks = prompt_text(self.pending, self.cards)
                parts.append(Text(_("The engine asks: {question}").format(question=asks) + "\n",
                                  style="italic"))
        parts.append(Text(_("Keys"), style="bold"))
        parts.append(Text(keys_help() + "\n"))
        parts.append(Text(_("The game in short"), style="bold"))
        parts.append(Text(general_rules(self.cards) + "\n"))
        parts.append(Text(_("Phases"), style="bold"))
        for k in ("reveal", "catastrophes", "supply", "bidding", "gain", "income"):
            parts.append(Text(f"{phase_title(k)}: {help_for[k]}"))
        from peloponnes_tui.tui.render import board_legend

        parts += [Text(""), board_legend(self.cards)]
        with VerticalScroll(id="box"):
            yield Static(Group(*parts))
        yield KeysFooter()

    def action_close(self) -> None:
        self.dismiss(None)


__all__ = ["HelpScreen", "general_rules", "keys_help", "phase_help", "phase_title"]
