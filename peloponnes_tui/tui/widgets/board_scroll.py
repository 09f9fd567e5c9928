"""The board's scrolling parts, which never take the keyboard from the decision panel, and the
cards on offer with a tooltip for each card."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.events import MouseMove
from textual.widgets import RichLog, Static


class BoardScroll(VerticalScroll, can_focus=False):
    """A scrolling part of the board that never takes the keyboard from the decision panel: a
    click on it leaves the focus where it was (the wheel and PgUp/PgDn still scroll it)."""


class BoardLog(RichLog, can_focus=False):
    """The log, scrolled like :class:`BoardScroll` without taking the focus."""


class CardsView(Static):
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


__all__ = ["BoardLog", "BoardScroll", "CardsView"]
