"""How the engine names cards in its sentences: one place for every card and catastrophe name.

``civ`` and ``luxury`` stand for a player's civilization card and luxury card in prompts and
answers (see :mod:`peloponnes_tui.engine.state`); everything else is a power card id.
"""

from __future__ import annotations

from peloponnes_tui.cards import CardSet
from peloponnes_tui.engine.state import CIV, LUXURY
from peloponnes_tui.inputs import printable, shown
from peloponnes_tui.message import CardRef, Param, message

__all__ = ["card_label", "card_ref", "catastrophe_name", "printable", "shown"]


def card_label(cards: CardSet, card: str, civ: str | None = None) -> str:
    """A readable name for any card id a prompt or answer uses.

    ``civ`` is the civilization of the player whose ``civ`` card is meant.  An id that names no
    card is shown shortened, so a refusal never echoes unbounded input.
    """
    if card == CIV:
        name = cards.civ_by_id[civ].name.en if civ in cards.civ_by_id else "?"
        return f"the civilization card {name}"
    if card == LUXURY:
        return "the luxury card"
    info = cards.power_by_id.get(card)
    if info is not None:
        return info.name.en
    return printable(card)


def card_ref(cards: CardSet, card: str, civ: str | None = None) -> Param:
    """Any card id a prompt or answer uses, as a value of a message (see :func:`card_label`):
    a power card by its names, the civilization and the luxury card as phrases, an id that
    names no card shortened."""
    if card == CIV:
        info = cards.civ_by_id.get(civ) if civ is not None else None
        name = CardRef(CIV, "?", "?") if info is None else CardRef(info.id, info.name.en,
                                                                 info.name.de)
        return message("the civilization card {name}", name=name)
    if card == LUXURY:
        return message("the luxury card")
    power = cards.power_by_id.get(card)
    if power is not None:
        return CardRef(card, power.name.en, power.name.de)
    return printable(card)


def catastrophe_name(cards: CardSet, cat: str) -> str:
    found = cards.catastrophe_by_id.get(cat)
    return found.name.en if found is not None else printable(cat)

