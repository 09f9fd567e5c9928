"""The hints of a game played with hints on (the course's first game): at each decision a short
word on what the decision is about, in the current language; the coach's pick and its reasons
follow it (``tui/coach.py``).  The numbers come from the engine's rule numbers and the prompt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

from peloponnes_tui.engine.numbers import rule_numbers
from peloponnes_tui.engine.prompts import (
    BidPrompt,
    BuildPrompt,
    CatastrophePrompt,
    CompletePrompt,
    FeedPrompt,
    OutbidPrompt,
)
from peloponnes_tui.i18n import _, ngettext
from peloponnes_tui.tui.coach import answer_phrase, reasons

if TYPE_CHECKING:
    from peloponnes_tui.bots.coach import Advice
    from peloponnes_tui.cards import CardSet
    from peloponnes_tui.engine import AnyPrompt, View


def decision_about(prompt: AnyPrompt, cards: CardSet) -> str:
    """What the decision is about, for a newcomer: what is at stake and what each way costs."""
    numbers = rule_numbers(cards)
    match prompt:
        case BidPrompt():
            n = numbers.coins_for_passing
            return ngettext(
                "Bidding: a power card adds to your tableau, and the coin cards bid are spent; "
                "passing keeps them and draws {n} more.",
                "Bidding: a power card adds to your tableau, and the coin cards bid are spent; "
                "passing keeps them and draws {n} more.", n).format(n=n)
        case OutbidPrompt():
            n = numbers.coins_for_passing
            return ngettext(
                "Outbid: move your bid as it is to a card it still beats, or take it back and "
                "draw {n} coin card.",
                "Outbid: move your bid as it is to a card it still beats, or take it back and "
                "draw {n} coin cards.", n).format(n=n)
        case BuildPrompt():
            return _("A building costs wood and stone: production pays first, then coin cards "
                     "or luxury goods; unpaid, it waits under construction until the next "
                     "supply.")
        case CatastrophePrompt():
            return _("Catastrophe: a covered card counts again at the end if you are protected "
                     "by then; a removed card is gone for good.")
        case FeedPrompt():
            return _("Supply: each inhabitant eats one grain; what production lacks is paid "
                     "with grain or inhabitant coin cards or luxury goods, or cards are removed.")
        case CompletePrompt():
            return _("Supply: a building under construction is completed now, or lost with the "
                     "coin card under it.")
        case _:
            assert_never(prompt)


def hint_advice(advice: Advice, prompt: AnyPrompt, view: View, cards: CardSet) -> str:
    """The coach's pick and the rules' reasons for it, shorter than the advice asked for with
    the key ``i`` (``tui/coach.py``'s ``advice_text``): without the other answer it weighed, so
    that the hint and the decision panel fit the screen together."""
    best = advice.best
    text = _("The coach would {action}.").format(
        action=answer_phrase(best.answer, prompt, view, cards))
    why = reasons(best, prompt, view, cards)
    if why:
        text += " " + _("By the rules: {reasons}.").format(reasons="; ".join(why))
    return text


__all__ = ["decision_about", "hint_advice"]
