"""Helpers that build legal answers for the combinatorial prompts (payments, feeding).

They use only what the deciding player can see (their hand, the public card data), so bots and the
app can both call them.  The engine still validates whatever comes back.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from peloponnes_tui.cards import CardSet
from peloponnes_tui.engine.payment import payment_outcome
from peloponnes_tui.engine.prompts import FeedPlan
from peloponnes_tui.engine.supply import card_hunger, feed_units


def pick_coins(hand: Iterable[int], cards: CardSet, resource: str, amount: int,
               avoid: Sequence[int] = ()) -> list[int]:
    """Coin cards showing ``resource`` that together reach ``amount`` without a spare card.

    Returns as many as the hand allows (maybe less than ``amount``); prefers cards listed first.
    """
    out: list[int] = []
    got = 0
    coins = cards.coins
    for c in hand:
        if got >= amount:
            break
        if c in avoid or coins[c].resource != resource:
            continue
        out.append(c)
        got += coins[c].amount
    # a larger card picked late can make a smaller one spare: drop those
    for c in sorted(out, key=lambda c: coins[c].amount):
        if got - coins[c].amount >= amount:
            out.remove(c)
            got -= coins[c].amount
    return out


def resource_payment(hand: Sequence[int], cards: CardSet, missing_wood: int, missing_stone: int
                     ) -> tuple[list[int], int]:
    """Coins from the hand for the missing wood and stone, and the luxury goods still needed."""
    chosen = (pick_coins(hand, cards, "wood", missing_wood)
              + pick_coins(hand, cards, "stone", missing_stone))
    return chosen, payment_outcome(cards, missing_wood, missing_stone, chosen).luxury_needed


def feed_plan(cards: CardSet, civ: str, shortfall: int, hand: Sequence[int], luxury: int,
              removal_order: Sequence[str]) -> tuple[list[int], list[int], int, list[str]]:
    """A legal feeding plan: (grain coins, inhabitant coins, luxury, cards removed).

    Pays from the hand (grain, then inhabitants, then luxury) as far as it can, and removes cards
    in ``removal_order`` (only those that lower the shortfall) for the rest; no card is removed
    that the payment could spare.
    """
    coins = cards.coins
    can_pay = feed_units(cards, FeedPlan(
        tuple(c for c in hand if coins[c].resource == "grain"),
        tuple(c for c in hand if coins[c].resource == "inhabitants"), luxury))
    removed: list[str] = []
    short = shortfall
    for card in removal_order:
        if short <= can_pay:
            break
        saved = card_hunger(cards, civ, card)
        if saved > 0:
            removed.append(card)
            short -= saved
    # drop removals the payment could make unnecessary
    changed = True
    while changed:
        changed = False
        for card in list(removed):
            saved = card_hunger(cards, civ, card)
            if short + saved <= can_pay:
                removed.remove(card)
                short += saved
                changed = True
    short = max(0, short)
    grain_coins = pick_coins(hand, cards, "grain", short)
    got = sum(coins[c].amount for c in grain_coins)
    inh_coins = pick_coins(hand, cards, "inhabitants", short - got)
    got += sum(coins[c].amount for c in inh_coins)
    return grain_coins, inh_coins, max(0, short - got), removed
