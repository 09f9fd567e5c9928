"""Supply (phase 2 when a supply symbol came up, and once more after the last round).

In turn order every player feeds their inhabitants: each needs one grain.  The tableau's grain
production counts first; the shortfall is paid with grain or inhabitant coin cards and luxury goods
(one unit each), or cards with inhabitants are removed until it is covered.  Excess grain becomes
luxury goods.  Then every building under construction must be paid for (the tableau's production
counts once for all of them, the rest is paid as when building); any left unpaid is lost.

The checks here are pure functions of the card data, the prompt and the answer, so the app and the
computer players ask them too (:func:`feed_refusal`, :func:`feed_preview`,
:func:`completion_cost`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from peloponnes_tui.cards import CardSet
from peloponnes_tui.engine.core import Flow, GameCore
from peloponnes_tui.engine.log import CompletedData, FedData, LostData, RemovedData, SupplyData
from peloponnes_tui.engine.names import card_ref, shown
from peloponnes_tui.engine.payment import check_coins, check_luxury, check_payment
from peloponnes_tui.engine.prompts import (
    CompletePlan,
    CompletePrompt,
    FeedPlan,
    FeedPrompt,
    IllegalAnswer,
)
from peloponnes_tui.engine.state import CIV, Player
from peloponnes_tui.message import message_n


def supply(core: GameCore, final: bool) -> Flow:
    core.event(SupplyData(final))
    for seat in list(core.order):
        p = core.players[seat]
        need, grain = core.inhabitants(p), core.production(p, "grain")
        short, spare = grain_balance(need, grain)
        if not short:
            core.event(FedData(need, grain), p.seat)
            if spare:
                core.gain_luxury(p, spare, "excess_grain")
        else:
            ans = yield FeedPrompt(
                player=seat, inhabitants=need, grain=grain, shortfall=short,
                removable=tuple(inhabited(core, p)), hand=tuple(p.hand), luxury=p.luxury,
                final=final)
            assert isinstance(ans, FeedPlan)
            apply_feed(core, p, ans)
        pending = [x.card for x in p.buildings if x.under_construction]
        if pending:
            wood, stone = core.production(p, "wood"), core.production(p, "stone")
            ans = yield CompletePrompt(
                player=seat, buildings=tuple(pending), production_wood=wood, production_stone=stone,
                hand=tuple(p.hand), luxury=p.luxury, final=final)
            assert isinstance(ans, CompletePlan)
            apply_complete(core, p, ans)


def grain_balance(inhabitants: int, grain: int) -> tuple[int, int]:
    """(shortfall, spare grain) of a supply for a tableau of ``inhabitants`` that produces
    ``grain``: the grain the hand must pay (or cards be removed for), and the grain left over,
    each luxury good due (one of the two is 0)."""
    return max(0, inhabitants - grain), max(0, grain - inhabitants)


def inhabited(core: GameCore, p: Player) -> list[str]:
    """The cards a player may remove to lower the need for grain (uncovered, with inhabitants)."""
    power_cards = core.cards.power_by_id
    out = [CIV] if p.civ_state == "active" and core.civilization(p).inhabitants > 0 else []
    out += [x.card for x in p.placed() if not x.covered and power_cards[x.card].inhabitants > 0]
    return out


# -- feeding ---------------------------------------------------------------------------------


def card_balance(cards: CardSet, civ: str, card: str) -> tuple[int, int]:
    """(inhabitants, grain) that a tableau card contributes; ``civ`` names the civilization."""
    info = cards.civ_by_id[civ] if card == CIV else cards.power_by_id[card]
    return info.inhabitants, info.production.grain


def card_hunger(cards: CardSet, civ: str, card: str) -> int:
    """How much removing ``card`` lowers the shortfall: its inhabitants less its grain."""
    inhabitants, grain = card_balance(cards, civ, card)
    return inhabitants - grain


def shortfall_after(cards: CardSet, civ: str, shortfall: int, removed: Iterable[str]) -> int:
    """The grain still missing once ``removed`` cards are gone (negative: grain to spare)."""
    return shortfall - sum(card_hunger(cards, civ, c) for c in removed)


def feed_units(cards: CardSet, plan: FeedPlan) -> int:
    """What a feeding plan pays: the coin cards' amounts plus one per luxury good."""
    backs = cards.coins
    return sum(backs[c].amount for c in plan.grain_coins + plan.inhabitant_coins) + plan.luxury


@dataclass(frozen=True, slots=True)
class FeedPreview:
    """What a feeding plan comes to (see :func:`feed_preview`)."""

    saved: int  # grain the removed cards no longer need (their inhabitants less their grain)
    remaining: int  # the shortfall left after the removals (never below zero)
    paid: int  # what the coin cards and luxury goods pay
    hungry: int  # inhabitants still unfed after the payment: the plan is refused unless 0


def feed_preview(cards: CardSet, civ: str, prompt: FeedPrompt, plan: FeedPlan) -> FeedPreview:
    """What the removals in ``plan`` save, what its payment covers and how many would go hungry.

    ``civ`` is the deciding player's civilization.  ``hungry`` is 0 exactly when the engine's
    check does not refuse the plan for a shortfall (it may still refuse it for paying too much
    or removing a card that is not needed).
    """
    saved = sum(card_hunger(cards, civ, c) for c in plan.remove)
    short = shortfall_after(cards, civ, prompt.shortfall, plan.remove)
    paid = feed_units(cards, plan)
    return FeedPreview(saved, max(0, short), paid, max(0, short - paid))


def feed_refusal(cards: CardSet, civ: str, prompt: FeedPrompt, plan: FeedPlan) -> str | None:
    """Why ``plan`` would be refused for ``prompt`` (a sentence), or None if it is legal.

    ``civ`` is the deciding player's civilization.  The engine checks feeding with this very
    function.
    """
    try:
        check_feed(cards, civ, prompt, plan)
    except IllegalAnswer as exc:
        return str(exc)
    return None


def check_feed(cards: CardSet, civ: str, prompt: FeedPrompt, plan: FeedPlan) -> None:
    check_coins(cards, prompt.hand, plan.grain_coins, "grain")
    check_coins(cards, prompt.hand, plan.inhabitant_coins, "inhabitants")
    check_luxury(prompt.luxury, plan.luxury)
    if len(set(plan.remove)) != len(plan.remove):
        raise IllegalAnswer("the same card is named twice")
    for c in plan.remove:
        if c not in prompt.removable:
            raise IllegalAnswer("{card} cannot be removed to save grain (it is not an "
                                "uncovered card of yours with inhabitants)",
                                card=card_ref(cards, c, civ))
    backs = cards.coins
    paid_units = [backs[c].amount for c in plan.grain_coins + plan.inhabitant_coins]
    paid_units += [1] * plan.luxury
    paid = sum(paid_units)
    short = shortfall_after(cards, civ, prompt.shortfall, plan.remove)
    hungry = feed_preview(cards, civ, prompt, plan).hungry
    if hungry:
        raise IllegalAnswer(message_n(
            "{n} inhabitant would still go hungry: pay more or remove more cards",
            "{n} inhabitants would still go hungry: pay more or remove more cards", hungry))
    if paid_units and paid - min(paid_units) >= max(short, 0):
        raise IllegalAnswer("you pay more than the shortfall needs")
    for c in plan.remove:
        if short + card_hunger(cards, civ, c) <= paid:
            raise IllegalAnswer("{card} need not be removed: the others and your payment "
                                "already cover the shortfall", card=card_ref(cards, c, civ))


def apply_feed(core: GameCore, p: Player, plan: FeedPlan) -> None:
    for card in plan.remove:
        core.remove(p, card)
        core.event(RemovedData(card, p.civ), p.seat, core.power_cards_of(card))
    core.discard(p, plan.grain_coins + plan.inhabitant_coins)
    p.luxury -= plan.luxury
    need, grain = core.inhabitants(p), core.production(p, "grain")
    core.event(FedData(need, grain, len(plan.grain_coins), len(plan.inhabitant_coins),
                       plan.luxury), p.seat)
    if grain > need:
        core.gain_luxury(p, grain - need, "excess_grain")


# -- completing constructions ----------------------------------------------------------------


def completion_cost(cards: CardSet, prompt: CompletePrompt, complete: Iterable[str]
                    ) -> tuple[int, int]:
    """(wood, stone) still missing to complete ``complete`` after the tableau's production."""
    return missing_for(cards, complete, prompt.production_wood, prompt.production_stone)


def missing_for(cards: CardSet, buildings: Iterable[str], wood: int, stone: int
                ) -> tuple[int, int]:
    """(wood, stone) the coin cards must pay to complete ``buildings`` (under construction) in
    one supply phase, when the tableau produces ``wood`` and ``stone``: their costs together,
    less the production."""
    power_cards = cards.power_by_id
    chosen = list(buildings)
    need_wood = sum(power_cards[c].cost.wood for c in chosen)
    need_stone = sum(power_cards[c].cost.stone for c in chosen)
    return max(0, need_wood - wood), max(0, need_stone - stone)


def check_complete(cards: CardSet, prompt: CompletePrompt, plan: CompletePlan) -> None:
    if len(set(plan.complete)) != len(plan.complete):
        raise IllegalAnswer("the same building is named twice")
    for c in plan.complete:
        if c not in prompt.buildings:
            raise IllegalAnswer("{card} is not one of your buildings under construction",
                                card=shown(c))
    wood, stone = completion_cost(cards, prompt, plan.complete)
    check_payment(cards, prompt.hand, prompt.luxury, wood, stone, plan.coins, plan.luxury)


def apply_complete(core: GameCore, p: Player, plan: CompletePlan) -> None:
    core.discard(p, plan.coins)
    p.luxury -= plan.luxury
    for x in list(p.buildings):
        if not x.under_construction:
            continue
        if x.card in plan.complete:
            assert x.pledge is not None
            core.table.discard.append(x.pledge)
            x.pledge = None
            core.event(CompletedData(), p.seat, (x.card,))
        else:
            core.remove(p, x.card)
            core.event(LostData("unpaid"), p.seat, (x.card,))
