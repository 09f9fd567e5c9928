"""A card described in words, in the current language: one home for the board, its tooltips and
``peloponnes cards check`` (they used to word the same things apart).

Only the card data, the translations and the engine's rule numbers: nothing here draws (no rich)
or knows the app.
"""

from __future__ import annotations

from peloponnes_tui.cards import CardSet, PowerCard
from peloponnes_tui.engine.numbers import rule_numbers
from peloponnes_tui.engine.tableau import BY_SYMBOLS
from peloponnes_tui.engine.words import halves
from peloponnes_tui.i18n import _, in_words, name, ngettext


def resource_short(resource: str, n: int) -> str:
    """``2W``: wood, stone or grain in the board's short form."""
    match resource:
        case "wood":
            return _("{n}W").format(n=n)
        case "stone":
            return _("{n}S").format(n=n)
        case _:
            return _("{n}G").format(n=n)


def prod_text(wood: int, stone: int, grain: int) -> str:
    """``1W 2G``; nothing gives ``-``."""
    parts = [resource_short(r, n) for n, r in ((wood, "wood"), (stone, "stone"), (grain, "grain"))
             if n]
    return " ".join(parts) or "-"


def cost_text(card: PowerCard) -> str:
    """A building's cost, ``1W 2S``."""
    return prod_text(card.cost.wood, card.cost.stone, 0)


def catastrophe_name(cards: CardSet, cat: str) -> str:
    """A catastrophe's name (its id if the card data does not know it)."""
    found = cards.catastrophe_by_id.get(cat)
    return name(found.name) if found is not None else cat


def function_text(function: str, cards: CardSet) -> str:
    """A power card's special function, in a few words (its amount as the engine's rules say)."""
    n = rule_numbers(cards)
    match function:
        case "coin_income":
            extra = n.extra_income_per_card
            return ngettext("+{n} coin card each income", "+{n} coin cards each income",
                            extra).format(n=extra)
        case "bid_bonus":
            return _("bids count +{bonus}").format(bonus=bonus_text(n.bid_bonus_halves_per_card))
        case "conquest_discount":
            return _("conquest row −{n}").format(n=n.conquest_discount_per_card)
        case _:
            return function


def bonus_text(bonus_halves: int) -> str:
    """Half coins added to a bid, as players write them: ``½``, ``1``, ``1½``."""
    return "½" if bonus_halves == 1 else halves(bonus_halves)


def bonus_coins(bonus_halves: int) -> str:
    """Half coins added to a bid, with the word: ``½ coin``, ``1½ coins``."""
    return ngettext("{bonus} coin", "{bonus} coins", 1 if bonus_halves <= 2 else 2).format(
        bonus=bonus_text(bonus_halves))


def special_text(card: PowerCard, cards: CardSet) -> str:
    """What a card does besides its numbers: the catastrophe it protects from, its special
    function, the supply symbol; empty when it does none of these."""
    parts = []
    if card.protection:
        parts.append(_("protects from {catastrophe}").format(
            catastrophe=catastrophe_name(cards, card.protection)))
    if card.function:
        parts.append(function_text(card.function, cards))
    if card.supply:
        parts.append(_("SUPPLY"))
    return ", ".join(parts)


def symbols_text(cards: CardSet, cat: str) -> str:
    """``three Tempest symbols``: the symbols of one catastrophe that protect from it (as many
    as the engine's rules say)."""
    n = rule_numbers(cards).symbols_for_protection
    return ngettext("{n} {catastrophe} symbol", "{n} {catastrophe} symbols", n).format(
        n=in_words(n), catastrophe=catastrophe_name(cards, cat))


def protector_text(cards: CardSet, cat: str, protector: str) -> str:
    """What protects a player from ``cat``, as the engine tells it (``PlayerView.protection``):
    the building's name, or the symbols."""
    if protector == BY_SYMBOLS:
        return symbols_text(cards, cat)
    card = cards.power_by_id.get(protector)
    return name(card.name) if card is not None else protector


def inhabitants_short(n: int) -> str:
    """``3 inh``: inhabitants in the board's short form."""
    return _("{n} inh").format(n=n)


def income_text(card: PowerCard) -> str:
    """What gaining the card gives: its inhabitants, or its one-time income."""
    if card.inhabitants:
        return inhabitants_short(card.inhabitants)
    if card.income.coins:
        return ngettext("+{n} coin", "+{n} coins", card.income.coins).format(n=card.income.coins)
    if card.income.luxury:
        return _("+{n} luxury").format(n=card.income.luxury)
    return "-"


__all__ = ["bonus_coins", "bonus_text", "catastrophe_name", "cost_text", "function_text",
           "income_text", "inhabitants_short", "prod_text", "protector_text", "resource_short",
           "special_text", "symbols_text"]
