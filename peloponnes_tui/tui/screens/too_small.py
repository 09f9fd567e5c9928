"""Shown over everything while the terminal is smaller than the app needs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static


class TooSmallScreen(ModalScreen[None]):
    CSS_PATH = "too_small.tcss"

    def compose(self) -> ComposeResult:
        yield Static("The terminal is too small.\nPeloponnes needs at least 80×24.\n"
                     "Please enlarge the window.", id="toosmall")


__all__ = ["TooSmallScreen"]
