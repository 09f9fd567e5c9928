"""The coach's note above the decision panel: that it is thinking, then its advice.

It keeps what it shows as data (the advice, the decision and the view it was made for) and
makes the words when it is drawn, so a change of language shows them in the new one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual.message import Message
from textual.widget import Widget

from peloponnes_tui.i18n import _
from peloponnes_tui.tui.coach import advice_text
from peloponnes_tui.tui.widgets.panel import click

if TYPE_CHECKING:
    from peloponnes_tui.bots.coach import Advice
    from peloponnes_tui.cards import CardSet
    from peloponnes_tui.engine import AnyPrompt, View


@dataclass(frozen=True)
class Advised:
    """The coach's advice for one decision, with what it was made from."""

    advice: Advice
    prompt: AnyPrompt
    view: View
    cards: CardSet


class CoachNote(Widget):
    """Hidden until the coach is asked; then "thinking", then the advice (until the answer).
    With hints on (``show_hint``) it opens at each decision by itself, with a word on what the
    decision is about above the coach's pick (``tui/hints.py``).  It says when it appears or
    goes (:class:`Shown`): the screen makes room for it."""

    class Shown(Message):
        """The note appeared or went (``shown``)."""

        def __init__(self, shown: bool) -> None:
            super().__init__()
            self.shown = shown

    DEFAULT_CSS = """
    CoachNote { height: auto; padding: 0 1; display: none; border-left: thick $success;
                background: $boost; }
    """

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id)
        self.thinking = False
        self.advised: Advised | None = None
        self.taken = False  # the advised answer was chosen in the panel
        self.hint: tuple[AnyPrompt, CardSet] | None = None  # the decision a hint is about

    def show_hint(self, prompt: AnyPrompt, cards: CardSet) -> None:
        """A hint on this decision: what it is about, and the coach thinking (then its pick)."""
        self.hint = (prompt, cards)
        self.show_thinking()

    def show_thinking(self) -> None:
        self.thinking, self.advised, self.taken = True, None, False
        self._shown()

    def show_advice(self, advised: Advised) -> None:
        self.thinking, self.advised, self.taken = False, advised, False
        self._shown()

    def show_taken(self) -> None:
        self.taken = True
        self._shown()

    def clear(self) -> None:
        if self.thinking or self.advised is not None or self.hint is not None:
            self.thinking, self.advised, self.taken, self.hint = False, None, False, None
            self._shown()

    def _shown(self) -> None:
        shown = self.thinking or self.advised is not None
        if shown != self.display:
            self.post_message(self.Shown(shown))
        self.display = shown
        self.refresh(layout=True)

    def render(self) -> Text:
        t = Text()
        if self.hint is not None:
            from peloponnes_tui.tui.hints import decision_about

            t.append(_("Hint") + ": ", style="bold")
            t.append(decision_about(*self.hint) + "\n")
        t.append(_("Coach") + ": ", style="bold")
        if self.thinking:
            t.append(_("thinking… it plays the game on from here a few times."), style="italic")
            return t
        advised = self.advised
        if advised is None:
            return t
        if self.hint is not None:
            from peloponnes_tui.tui.hints import hint_advice

            # the key on the same line: the hint and the panel have to share a small screen
            t.append(hint_advice(advised.advice, advised.prompt, advised.view, advised.cards))
            if self.taken:
                t.append(" " + _("Chosen in the panel: confirm it there, or choose something "
                                 "else."), style="dim")
            else:
                t.append(" ")
                t.append(" " + _("i: choose it") + " ",
                         style=Style(reverse=True) + click("app.coach"))
            return t
        t.append(advice_text(advised.advice, advised.prompt, advised.view, advised.cards))
        t.append("\n")
        if self.taken:
            t.append(_("Chosen in the panel: confirm it there, or choose something else."),
                     style="dim")
        else:
            t.append(" " + _("i again: choose it in the panel") + " ",
                     style=Style(reverse=True) + click("app.coach"))
            t.append(" " + _("(you still confirm it yourself)"), style="dim")
        return t


__all__ = ["Advised", "CoachNote"]
