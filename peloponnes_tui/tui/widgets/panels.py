"""The decision panel for each kind of prompt."""

from __future__ import annotations

from typing import assert_never

from peloponnes_tui.engine import (
    AnyPrompt,
    BidPrompt,
    BuildPrompt,
    CatastrophePrompt,
    CompletePrompt,
    FeedPrompt,
    OutbidPrompt,
)
from peloponnes_tui.tui.session import Session
from peloponnes_tui.tui.widgets.bid_panels import BidPanel, OutbidPanel
from peloponnes_tui.tui.widgets.build_panel import BuildPanel
from peloponnes_tui.tui.widgets.catastrophe_panel import CatastrophePanel
from peloponnes_tui.tui.widgets.panel import DecisionPanel
from peloponnes_tui.tui.widgets.supply_panels import CompletePanel, FeedPanel


def panel_for(session: Session, prompt: AnyPrompt) -> DecisionPanel:
    """The decision panel for a prompt (every kind of prompt has one)."""
    match prompt:
        case BidPrompt():
            return BidPanel(session, prompt)
        case OutbidPrompt():
            return OutbidPanel(session, prompt)
        case BuildPrompt():
            return BuildPanel(session, prompt)
        case CatastrophePrompt():
            return CatastrophePanel(session, prompt)
        case FeedPrompt():
            return FeedPanel(session, prompt)
        case CompletePrompt():
            return CompletePanel(session, prompt)
        case _:
            assert_never(prompt)


__all__ = ["panel_for"]
