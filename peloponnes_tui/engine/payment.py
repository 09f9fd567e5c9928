"""Paying with coin cards and luxury goods: the checks shared by every phase that takes payment.

A payment names coin cards from the hand (each at most once, no spare card) and luxury goods,
each of which stands in for one missing unit.  Building (gaining power cards) and completing
constructions (supply) pay wood and stone this way; bids, feeding and covering use the coin and
luxury checks.  Answers reach these checks already shape-checked (:mod:`.shape`), so they deal
with the rules only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from peloponnes_tui.cards import CardSet, Resource
from peloponnes_tui.engine.prompts import IllegalAnswer
from peloponnes_tui.message import Message, message, message_n

BUILDING_RESOURCES: tuple[Resource, ...] = ("wood", "stone")

# what a coin card shows, as a word in a refusal
RESOURCE_WORDS: dict[Resource, Message] = {
    "wood": message("wood"), "stone": message("stone"), "grain": message("grain"),
    "inhabitants": message("inhabitants"),
}


def check_coins(cards: CardSet, hand: Sequence[int], coins: Sequence[int],
                resource: Resource | None = None) -> None:
    """Every coin card is in the hand, named once, and shows ``resource`` when one is asked."""
    if len(set(coins)) != len(coins):
        raise IllegalAnswer("the same coin card is named twice")
    backs = cards.coins
    for c in coins:
        if c not in hand:
            raise IllegalAnswer("coin card {coin} is not in your hand", coin=c)
        if resource is not None and backs[c].resource != resource:
            raise IllegalAnswer("coin card {coin} shows {shows}, not {wanted}", coin=c,
                                shows=RESOURCE_WORDS[backs[c].resource],
                                wanted=RESOURCE_WORDS[resource])


def spending_order(cards: CardSet, coins: Sequence[int]) -> tuple[int, ...]:
    """The coin cards in the order that costs their owner least to spend them.

    Inhabitant coin cards come last: left in the hand at the end each counts as one inhabitant
    of the population, while any other coin card counts only towards the leftovers that make
    power points.  Among the rest the smaller amounts go first (a 2 Wood pays more later), and
    cards of equal worth keep their order in the hand.
    """
    backs = cards.coins
    return tuple(sorted(coins, key=lambda c: (backs[c].resource == "inhabitants",
                                              backs[c].amount)))


def check_luxury(held: int, amount: int, limit: int | None = None) -> None:
    """The player holds ``amount`` luxury goods, and no more than ``limit`` may be traded now."""
    if amount > held:
        raise IllegalAnswer(message_n("you have only {n} luxury good",
                                      "you have only {n} luxury goods", held))
    if limit is not None and amount > limit:
        raise IllegalAnswer(message_n("only {n} coin card is left to draw for luxury goods",
                                      "only {n} coin cards are left to draw for luxury goods",
                                      limit))


@dataclass(frozen=True, slots=True)
class PaymentOutcome:
    """What a payment of wood and stone comes to (see :func:`payment_outcome`)."""

    wood: int  # wood the chosen coin cards show
    stone: int
    missing_wood: int  # still missing after those coin cards
    missing_stone: int
    luxury_needed: int  # luxury goods that would pay the rest (one per missing unit)

    @property
    def missing(self) -> int:
        return self.missing_wood + self.missing_stone


def payment_outcome(cards: CardSet, missing_wood: int, missing_stone: int,
                    coins: Sequence[int]) -> PaymentOutcome:
    """What ``coins`` pay towards ``missing_wood``/``missing_stone`` and what remains."""
    backs = cards.coins
    wood = sum(backs[c].amount for c in coins if backs[c].resource == "wood")
    stone = sum(backs[c].amount for c in coins if backs[c].resource == "stone")
    mw, ms = max(0, missing_wood - wood), max(0, missing_stone - stone)
    return PaymentOutcome(wood, stone, mw, ms, mw + ms)


def check_payment(cards: CardSet, hand: Sequence[int], held: int, missing_wood: int,
                  missing_stone: int, coins: Sequence[int], luxury: int) -> None:
    """Coin cards and luxury goods pay exactly the missing wood and stone, with no spare card.

    ``hand`` and ``held`` are the payer's coin cards and luxury goods.
    """
    check_coins(cards, hand, coins)
    check_luxury(held, luxury)
    backs = cards.coins
    got = {"wood": 0, "stone": 0}
    smallest = {"wood": 99, "stone": 99}
    missing = {"wood": missing_wood, "stone": missing_stone}
    for c in coins:
        res = backs[c].resource
        if res not in got or not missing[res]:
            raise IllegalAnswer("coin card {coin} shows {shows}, which is not missing", coin=c,
                                shows=RESOURCE_WORDS[res])
        got[res] += backs[c].amount
        smallest[res] = min(smallest[res], backs[c].amount)
    for res in BUILDING_RESOURCES:
        if got[res] and got[res] - smallest[res] >= missing[res]:
            raise IllegalAnswer(message_n(
                "you give more {resource} coin cards than the {n} {resource} missing",
                "you give more {resource} coin cards than the {n} {resource} missing",
                missing[res], resource=RESOURCE_WORDS[res]))
    rest = max(0, missing_wood - got["wood"]) + max(0, missing_stone - got["stone"])
    if luxury < rest:
        raise IllegalAnswer(message_n(
            "{n} more wood/stone is missing: give coin cards or luxury goods for it",
            "{n} more wood/stone is missing: give coin cards or luxury goods for it", rest))
    if luxury > rest:
        if rest == 0:
            raise IllegalAnswer("no luxury goods are needed")
        raise IllegalAnswer(message_n("only {n} luxury good needed, not {given}",
                                      "only {n} luxury goods needed, not {given}", rest,
                                      given=luxury))
