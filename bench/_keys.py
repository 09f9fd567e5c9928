"""The keys a hurried player presses, for the benches (``bench/tui.py``, ``bench/terminal.py``).

Two forms:

- :func:`key_for` asks the decision panel on the screen (the in-process bench has it): the
  tests' own hurried player (``tests/support.py``), its one home;
- :func:`keys_for_prompt` decides from the game state alone (the terminal bench runs the app in
  another process and reads the state from the autosave), with the card the panel suggests
  first (:func:`suggested_card`) for the digit keys.

Both give the same keys for the same decision: Enter, or p/w then Enter, or u.
"""

from __future__ import annotations

import sys
from pathlib import Path
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
from peloponnes_tui.engine.bidding import affordable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from support import key_for  # (the tests' hurried player: its one home)


def keys_for_prompt(prompt: AnyPrompt) -> tuple[str, ...]:
    """The same keys decided from the prompt alone: a bid panel suggests the cheapest card the
    player can win, so Enter bids when there is one (else p, Enter passes)."""
    match prompt:
        case BidPrompt():
            return ("enter",) if affordable(prompt) else ("p", "enter")
        case OutbidPrompt():
            return ("w", "enter")
        case BuildPrompt():
            return ("enter",) if prompt.can_pay else ("u",)
        case CatastrophePrompt() | FeedPrompt() | CompletePrompt():
            return ("enter",)
        case _:
            assert_never(prompt)


def suggested_card(prompt: AnyPrompt) -> str | None:
    """The card a bid or outbid panel has chosen when it opens (None: other panels, or none)."""
    if isinstance(prompt, BidPrompt):
        legal = affordable(prompt)
        return min(legal, key=lambda t: t.need_coins).card if legal else None
    if isinstance(prompt, OutbidPrompt):
        return prompt.targets[0].card if prompt.targets else None
    return None


__all__ = ["key_for", "keys_for_prompt", "suggested_card"]
