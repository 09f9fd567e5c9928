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
from peloponnes_tui.engine.words import plural

BUILDING_RESOURCES: tuple[Resource, ...] = ("wood", "stone")


def check_coins(cards: CardSet, hand: Sequence[int], coins: Sequence[int],
                resource: Resource | None = None) -> None:
    """Every coin card is in the hand, named once, and shows ``resource`` when one is asked."""
    if len(set(coins)) != len(coins):
        raise IllegalAnswer("the same coin card is named twice")
    backs = cards.coins
    for c in coins:
        if c not in hand:
            raise IllegalAnswer(f"coin card {c} is not in your hand")
        if resource is not None and backs[c].resource != resource:
            raise IllegalAnswer(f"coin card {c} shows {backs[c].resource}, not {resource}")


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
        raise IllegalAnswer(f"you have only {plural(held, 'luxury good')}")
    if limit is not None and amount > limit:
        raise IllegalAnswer(f"only {limit} coin cards are left to draw for luxury goods")


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
            raise IllegalAnswer(f"coin card {c} shows {res}, which is not missing")
        got[res] += backs[c].amount
        smallest[res] = min(smallest[res], backs[c].amount)
    for res in BUILDING_RESOURCES:
        if got[res] and got[res] - smallest[res] >= missing[res]:
            raise IllegalAnswer(f"you give more {res} coin cards than the {missing[res]} "
                                f"{res} missing")
    rest = max(0, missing_wood - got["wood"]) + max(0, missing_stone - got["stone"])
    if luxury < rest:
        raise IllegalAnswer(f"{rest} more wood/stone is missing: give coin cards or "
                            "luxury goods for it")
    if luxury > rest:
        raise IllegalAnswer("no luxury goods are needed" if rest == 0 else
                            f"only {plural(rest, 'luxury good')} needed, not {luxury}")
