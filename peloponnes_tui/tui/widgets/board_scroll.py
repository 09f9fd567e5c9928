"""The board's scrolling parts, which never take the keyboard from the decision panel, with a
scroll bar of their own, the box that holds the decision panel, and the cards on offer with a
tooltip for each card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.containers import Vertical, VerticalScroll
from textual.events import MouseMove, Resize
from textual.message import Message
from textual.widgets import ContentSwitcher, RichLog

from peloponnes_tui.tui.widgets.drawn import Drawn
from peloponnes_tui.tui.widgets.placed import PlacedByLayout, ScrollMark

if TYPE_CHECKING:
    from textual.app import ComposeResult

class BoardScroll(VerticalScroll, PlacedByLayout, can_focus=False):
    """A scrolling part of the board that never takes the keyboard from the decision panel: a
    click on it leaves the focus where it was (the wheel and PgUp/PgDn still scroll it).  Its
    scroll bar is a :class:`ScrollMark`, which keeps its column whether there is more to
    scroll or not (a column that came and went would narrow the text and lay the screen out
    again at an answer); Textual's own is given no column, and is always on (one that came
    and went, when the part began or ceased to overflow, asked for a second layout of the
    screen in an update of its own)."""

    DEFAULT_CSS = """
    BoardScroll { scrollbar-size-vertical: 0; overflow-x: hidden; overflow-y: scroll; }
    """

    def compose(self) -> ComposeResult:
        yield ScrollMark()


class ReadingScroll(BoardScroll, can_focus=True):
    """A :class:`BoardScroll` that takes the keyboard, for a screen that is read rather than
    answered (the end of a round): ↑/↓ and PgUp/PgDn scroll it."""


class PlacedVertical(Vertical, PlacedByLayout):
    """A box of parts one below the other whose new size, given by a layout (a part grew or
    shrank), asks for no second layout."""


class BoardSwitcher(ContentSwitcher, PlacedByLayout):
    """The board's three views (board, tableaux, log), one shown at a time; when the decision
    column below it grows or shrinks, the layout that resizes it asks for no second one."""


class BoardLog(RichLog, can_focus=False):
    """The log, scrolled like :class:`BoardScroll` without taking the focus."""


class PanelBox(Vertical, PlacedByLayout):
    """The decision panel and the note above it.  When a layout gives it a new size (a new
    panel was placed, or it grew), it tells the screen (:class:`PanelBox.Placed`), which
    scrolls it into view."""

    class Placed(Message):
        """The panel box was given a new size by a layout."""

    def on_resize(self, event: Resize) -> None:
        self.post_message(self.Placed())


class CardsView(Drawn):
    """The cards on offer; its tooltip describes the card under the mouse (``tips`` by card id,
    found through the ``card`` in the drawn cards' style meta), elsewhere the legend."""

    def __init__(self, legend: str, id: str | None = None) -> None:
        super().__init__(id=id)
        self.legend = legend
        self.tips: dict[str, str] = {}
        self.tooltip = legend

    def on_mouse_move(self, event: MouseMove) -> None:
        card = event.style.meta.get("card")
        tip = self.tips.get(card, self.legend) if isinstance(card, str) else self.legend
        if tip != self.tooltip:
            self.tooltip = tip


__all__ = ["BoardLog", "BoardScroll", "BoardSwitcher", "CardsView", "PanelBox", "PlacedVertical",
           "ReadingScroll"]
