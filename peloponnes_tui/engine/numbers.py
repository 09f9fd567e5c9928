"""The numbers of the rules that players see, in one place for the app, the bots and the texts.

Nothing outside the engine writes "3 coin cards" or "up to 17 luxury goods" itself: it asks
:func:`rule_numbers` (the card data can change some of them, such as the luxury cap or the
income table).
"""

from __future__ import annotations

from dataclasses import dataclass

from peloponnes_tui.cards import CARDS_PER_ROUND, ROUNDS, CardSet
from peloponnes_tui.engine.bidding import COINS_FOR_PASSING, CONQUEST_MINIMUM, CONQUEST_SURCHARGE
from peloponnes_tui.engine.catastrophes import ROW_SHARE
from peloponnes_tui.engine.reveal import CARDS_THAT_MOVE_MARKERS
from peloponnes_tui.engine.scoring import LEFTOVERS_PER_POWER_POINT
from peloponnes_tui.engine.setup import MAX_PLAYERS, MIN_PLAYERS, PILE_ORDER
from peloponnes_tui.engine.tableau import (
    BID_BONUS_HALVES_PER_CARD,
    CONQUEST_DISCOUNT_PER_CARD,
    EXTRA_INCOME_PER_CARD,
    SYMBOLS_FOR_PROTECTION,
)


@dataclass(frozen=True, slots=True)
class RuleNumbers:
    min_players: int
    max_players: int
    rounds: int
    cards_per_round: int
    cards_that_move_markers: int  # the first cards revealed each round move catastrophe markers
    coins_for_passing: int  # coin cards drawn for passing or taking an outbid bid back
    conquest_surcharge: int  # added to a card's value in the conquest row
    conquest_minimum: int  # the least a conquest bid can be, whatever the discounts
    luxury_cap: int  # luxury goods a player may hold
    declined_luxury_cap: int  # ... once a decline has covered the luxury card
    luxury_income_from: int | None  # fewest inhabitants whose income brings luxury goods
    luxury_card_inhabitants: int
    luxury_card_power: int
    leftovers_per_power_point: int  # coin cards and luxury goods left over per power point
    symbols_for_protection: int  # catastrophe symbols of one kind that protect from it
    row_share: int  # earthquake and tempest hit one card in this many, rounded up
    round_piles: tuple[str, ...]  # the power card pile (A, B, C) each round reveals from, in order
    extra_income_per_card: int  # coin cards each Port/Temple adds to an income
    bid_bonus_halves_per_card: int  # half coins each Market/Agora adds to a bid
    conquest_discount_per_card: int  # coin cards each Barracks/Stockade takes off in conquest


def _numbers(cards: CardSet) -> RuleNumbers:
    lux = cards.luxury
    return RuleNumbers(
        min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, rounds=ROUNDS,
        cards_per_round=CARDS_PER_ROUND, cards_that_move_markers=CARDS_THAT_MOVE_MARKERS,
        coins_for_passing=COINS_FOR_PASSING,
        conquest_surcharge=CONQUEST_SURCHARGE, conquest_minimum=CONQUEST_MINIMUM,
        luxury_cap=lux.cap, declined_luxury_cap=lux.declined_cap,
        luxury_income_from=min((r.inhabitants for r in cards.income if r.luxury), default=None),
        luxury_card_inhabitants=lux.inhabitants, luxury_card_power=lux.power,
        leftovers_per_power_point=LEFTOVERS_PER_POWER_POINT,
        symbols_for_protection=SYMBOLS_FOR_PROTECTION, row_share=ROW_SHARE,
        round_piles=_round_piles(cards), extra_income_per_card=EXTRA_INCOME_PER_CARD,
        bid_bonus_halves_per_card=BID_BONUS_HALVES_PER_CARD,
        conquest_discount_per_card=CONQUEST_DISCOUNT_PER_CARD)


def _round_piles(cards: CardSet) -> tuple[str, ...]:
    """Each round's pile letter: the pile is stacked A on top of B on top of C, and every round
    reveals :data:`CARDS_PER_ROUND` cards from the top."""
    out: list[str] = []
    for letter in reversed(PILE_ORDER):
        out += [letter] * (sum(1 for c in cards.power_cards if c.pile == letter)
                           // CARDS_PER_ROUND)
    return tuple(out)


# kept by the card set's identity: a cache by equality hashed the whole card set at every call
# (a few hundred nested models), and the app asks at every decision panel it makes.  A program
# uses one card set; a few are kept, so that loading many (the tests) holds none of them for good.
_BY_IDENTITY: dict[int, tuple[CardSet, RuleNumbers]] = {}
_KEPT = 8


def rule_numbers(cards: CardSet) -> RuleNumbers:
    """The rule numbers for a card set (worked out once for each card set)."""
    known = _BY_IDENTITY.get(id(cards))
    if known is not None and known[0] is cards:
        return known[1]
    numbers = _numbers(cards)
    if len(_BY_IDENTITY) >= _KEPT:
        del _BY_IDENTITY[next(iter(_BY_IDENTITY))]  # the oldest
    _BY_IDENTITY[id(cards)] = (cards, numbers)
    return numbers


_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve")


def in_words(n: int) -> str:
    """A rule number as a rules text writes it: ``three`` up to twelve, digits beyond."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)
