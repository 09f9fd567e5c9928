"""Help: the current phase, the keys, the game in short, the phases and the board's legend."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

if TYPE_CHECKING:
    from peloponnes_tui.cards import CardSet
    from peloponnes_tui.engine import View
    from peloponnes_tui.engine.prompts import AnyPrompt


def phase_help(cards: CardSet) -> dict[str, str]:
    """What happens in each phase, with the rule numbers the engine gives for ``cards``."""
    from peloponnes_tui.engine.numbers import in_words, rule_numbers

    n = rule_numbers(cards)
    luxury_income = ("" if n.luxury_income_from is None else
                     f", luxury goods from {n.luxury_income_from} inhabitants on")
    return {
        "setup": "The game is being set up.",
        "reveal": "New power cards come up: one per player in the market, the rest (up to "
                  f"{in_words(n.cards_per_round)}) in the conquest row. The first "
                  f"{in_words(n.cards_that_move_markers)} move catastrophe markers.",
        "catastrophes": "A catastrophe has struck. Players without protection (a protecting "
                        f"building, or {in_words(n.symbols_for_protection)} matching symbols) "
                        "choose which cards are hit and either cover each with a coin card — it "
                        "stays in the tableau but does nothing until protection comes later — or "
                        "remove it to the box.",
        "supply": "Supply: everyone feeds each inhabitant (not those on the luxury card) with one "
                  "grain. Grain production counts first, then grain coin cards; the rest can be "
                  "paid with inhabitant coin cards or luxury goods, or by removing inhabited "
                  "cards. Buildings under construction must be paid now, all together, or are "
                  "lost.",
        "bidding": "Bidding, in turn order: put coin cards on a power card (at least its value; "
                   f"in the conquest row its value + {n.conquest_surcharge}) or pass and draw "
                   f"{in_words(n.coins_for_passing)} coin cards. Beating a bid in the market "
                   "pushes that player to move the bid or withdraw. Conquest bids cannot be "
                   "beaten. Market/Agora make your bids count half a coin more.",
        "gain": "Gaining cards: landscapes go to the right. A building is paid at once from "
                "production plus wood/stone coin cards (leftover production becomes luxury goods "
                "if you pay without luxury) or put under construction with a coin card beneath "
                "it; only when neither is possible is it lost.",
        "income": "Income: coin cards by inhabitants (the income table below), one-time income of "
                  f"new cards{luxury_income}.",
        "over": "The game is over: each player scores the lower of population and power.",
    }


def general_rules(cards: CardSet) -> str:
    """The game in short, with the rule numbers the engine gives for ``cards``."""
    from peloponnes_tui.engine.numbers import in_words, rule_numbers

    n = rule_numbers(cards)
    return (
        f"{in_words(n.rounds).capitalize()} rounds. Each round: reveal power cards, catastrophes "
        "and supply, bidding, new turn order (highest bid first), gain power cards, income. At "
        "the end: income, a final supply, covered cards of now-protected players come back, then "
        "scoring.\n\n"
        "Score = the LOWER of population (inhabitants on your cards, inhabitant coin cards in "
        "hand, the luxury card) and power (power points on cards, 1 per "
        f"{n.leftovers_per_power_point} coin cards and luxury goods left, the luxury card). "
        "Ties: the higher other value, then more luxury goods.\n\n"
        "Luxury goods stand in for any one missing resource, grain or coin card (drawn blind). "
        f"You can hold up to {n.luxury_cap}, only {n.declined_luxury_cap} after Decline covers "
        "your luxury card."
    )


KEYS_HELP = (
    "Board: m board · t tableaux (again: next player) · v log · PgUp/PgDn scroll · h help · "
    "Ctrl+Z undo · Ctrl+S save · Ctrl+P commands · q quit\n"
    "Decisions: 1-9 or ↑↓ pick a card · a-g add coin cards of one kind (cycles) · 0 clear · "
    "+/− luxury goods · Enter confirm · p pass, w withdraw (each then Enter) · "
    "u under construction · "
    "k change pledge · l/r luxury cover/remove · space hit/not hit\n"
    "Mouse: click cards (on the board or in the panel), coin kinds and buttons."
)


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,h,q,question_mark", "close", "Close")]
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
            parts.append(Text(f"Now — round {self.view.round}, {phase}", style="bold"))
            key = "catastrophes" if phase == "catastrophe" else phase
            parts.append(Text(help_for.get(key, "") + "\n"))
            if self.pending is not None:
                from peloponnes_tui.i18n import _
                from peloponnes_tui.prompt_text import prompt_text

                asks = prompt_text(self.pending, self.cards)
                parts.append(Text(_("The engine asks: {question}").format(question=asks) + "\n",
                                  style="italic"))
        parts.append(Text("Keys", style="bold"))
        parts.append(Text(KEYS_HELP + "\n"))
        parts.append(Text("The game in short", style="bold"))
        parts.append(Text(general_rules(self.cards) + "\n"))
        parts.append(Text("Phases", style="bold"))
        for k in ("reveal", "catastrophes", "supply", "bidding", "gain", "income"):
            parts.append(Text(f"{k.title()}: {help_for[k]}"))
        from peloponnes_tui.tui.render import board_legend

        parts += [Text(""), board_legend(self.cards)]
        with VerticalScroll(id="box"):
            yield Static(Group(*parts))
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


__all__ = ["KEYS_HELP", "HelpScreen", "general_rules", "phase_help"]
