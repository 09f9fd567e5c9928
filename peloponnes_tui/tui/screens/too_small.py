"""Shown over everything while the terminal is smaller than the app needs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

from peloponnes_tui.i18n import _


class TooSmallScreen(ModalScreen[None]):
    CSS_PATH = "too_small.tcss"

    def compose(self) -> ComposeResult:
        yield Static(_("The terminal is too small.\nPeloponnes needs at least {size}.\n"
                       "Please enlarge the window.").format(size="80×24"), id="toosmall")


__all__ = ["TooSmallScreen"]
