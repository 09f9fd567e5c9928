"""A setting with a few values, stepped through with the arrow keys; a seat's colour."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Static

from peloponnes_tui.i18n import N_
from peloponnes_tui.tui.colours import colour_name
from peloponnes_tui.tui.session import Seat

if TYPE_CHECKING:
    from collections.abc import Sequence


class Choice(Static, can_focus=True):
    """One setting with a few values: ← and → (or Enter, space, a click) step through them."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", N_("Previous"), show=False),
        Binding("right,enter,space", "step(1)", N_("Next"), show=False),
    ]

    class Changed(Message):
        def __init__(self, choice: Choice) -> None:
            super().__init__()
            self.choice = choice

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(self, values: Sequence[tuple[str, str]], value: str, *, id: str,
                 tooltip: str) -> None:
        """``values``: (value, label) pairs; the widget is as wide as the longest label."""
        super().__init__(id=id)
        self.values = list(values)
        self.index = next((i for i, (v, _label) in enumerate(self.values) if v == value), 0)
        self.tooltip = tooltip
        self.styles.width = max(len(label) for _value, label in self.values) + 6

    @property
    def value(self) -> str:
        return self.values[self.index][0]

    @value.setter
    def value(self, value: str) -> None:
        self.index = next(i for i, (v, _label) in enumerate(self.values) if v == value)
        self.refresh()

    def render(self) -> Text:
        return Text.assemble(("◀ ", "dim"), self.label(), (" ▶", "dim"))

    def label(self) -> Text:
        return Text(self.values[self.index][1])

    def action_step(self, by: int) -> None:
        self.index = (self.index + by) % len(self.values)
        self.refresh()
        self.post_message(self.Changed(self))

    def on_click(self) -> None:
        self.focus()
        self.action_step(1)


class ColourChoice(Choice):
    """A seat's colour, drawn in that colour with the player's letter and symbol."""

    def label(self) -> Text:
        colour = self.value
        seat = Seat("", colour)
        return Text(f"{seat.tag} {colour_name(colour)}", style=f"bold {seat.rich_colour}")


__all__ = ["Choice", "ColourChoice"]
