"""A message with a title and an OK button (a file that cannot be loaded, nothing to resume)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from peloponnes_tui.i18n import N_, _


class MessageScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,escape", "close", N_("OK"))]
    CSS_PATH = "message.tcss"

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(Text(self.title_text, style="bold"))
            yield Static(Text(self.text))
            yield Button(_("OK (Enter)"), id="ok")

    def on_button_pressed(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


__all__ = ["MessageScreen"]
