"""Values printed on the cards, for rules tests.

Tests compute their expectations from the card data, so that rebalancing the designed values
(docs/card-data.md, "Balance") does not change what they test.
"""

from __future__ import annotations

from typing import Any

from peloponnes_tui.cards import load_cards

CARDS = load_cards()


def _printed(card_id: str) -> Any:
    return CARDS.civ_by_id.get(card_id) or CARDS.power_by_id[card_id]


def power_of(*card_ids: str) -> int:
    """Power points printed on these civilization and power cards together."""
    return sum(_printed(c).power for c in card_ids)


def inhabitants_of(*card_ids: str) -> int:
    """Inhabitants printed on these civilization and power cards together."""
    return sum(_printed(c).inhabitants for c in card_ids)


def grain_of(*card_ids: str) -> int:
    """Grain production printed on these civilization and power cards together."""
    return sum(_printed(c).production.grain for c in card_ids)


def income_of(inhabitants: int) -> int:
    """Coin cards the summary card pays for this many inhabitants."""
    return CARDS.income_for(inhabitants).coins
