"""The board's scrolling parts, which never take the keyboard from the decision panel."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import RichLog


class BoardScroll(VerticalScroll, can_focus=False):
    """A scrolling part of the board that never takes the keyboard from the decision panel: a
    click on it leaves the focus where it was (the wheel and PgUp/PgDn still scroll it)."""


class BoardLog(RichLog, can_focus=False):
    """The log, scrolled like :class:`BoardScroll` without taking the focus."""


__all__ = ["BoardLog", "BoardScroll"]
