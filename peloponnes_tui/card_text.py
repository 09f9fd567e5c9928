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
            return _("bids count +{bonus}").format(bonus=halves(n.bid_bonus_halves_per_card))
        case "conquest_discount":
            return _("conquest row −{n}").format(n=n.conquest_discount_per_card)
        case _:
            return function


def bonus_coins(bonus_halves: int) -> str:
    """Half coins added to a bid, with the word: ``½ coin``, ``1½ coins``."""
    return ngettext("{bonus} coin", "{bonus} coins", 1 if bonus_halves <= 2 else 2).format(
        bonus=halves(bonus_halves))


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


# The short forms of a card's figures: one form per figure, the same on the cards on offer, in
# the tableaux, the players' lines and the legend that explains them (each fits the narrowest
# card on offer: 10 cells inside its frame at 80 columns, beside a cost or a power).
PRODUCES = "⚒"  # production: ⚒2W1G
COSTS = "⌂"  # a building's cost: ⌂1W2S


def inhabitants_short(n: int) -> str:
    """``3 inh``: inhabitants in the board's short form."""
    return _("{n} inh").format(n=n)


def value_short(n: int) -> str:
    """``v2``: a power card's value in the board's short form."""
    return _("v{n}").format(n=n)


def power_short(n: int) -> str:
    """``3pow``: power points in the board's short form."""
    return _("{n}pow").format(n=n)


def income_short(card: PowerCard) -> str:
    """What gaining the card gives, in the board's short form: ``2 inh``, ``+2c`` (coin
    cards), ``+1lux`` (luxury goods); ``-`` when nothing."""
    if card.inhabitants:
        return inhabitants_short(card.inhabitants)
    if card.income.coins:
        return _("+{n}c").format(n=card.income.coins)
    if card.income.luxury:
        return _("+{n}lux").format(n=card.income.luxury)
    return "-"


def cost_short(card: PowerCard) -> str:
    """``⌂1W2S``: a building's cost in the board's short form; nothing gives ``-``."""
    paid = "".join(resource_short(r, n) for n, r in ((card.cost.wood, "wood"),
                                                      (card.cost.stone, "stone")) if n)
    return COSTS + paid if paid else "-"


def prod_short(wood: int, stone: int, grain: int) -> str:
    """``⚒1W2G``: production in the board's short form; nothing gives ``-``."""
    made = "".join(resource_short(r, n) for n, r in ((wood, "wood"), (stone, "stone"),
                                                      (grain, "grain")) if n)
    return PRODUCES + made if made else "-"


__all__ = ["COSTS", "PRODUCES", "bonus_coins", "catastrophe_name", "cost_short",
           "cost_text", "function_text", "income_short", "inhabitants_short", "power_short",
           "prod_short", "prod_text",
           "protector_text", "resource_short", "special_text", "symbols_text", "value_short"]
