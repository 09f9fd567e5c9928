"""Phase 5 of a round: gaining power cards.

In the new turn order every player with a bid pays it (the coin cards go to the discard pile)
and takes the card.  A landscape joins the tableau at once.  A building must be paid for with
wood and stone: the tableau's production counts first, coin cards showing wood or stone and
luxury goods (one unit each) pay the rest, and production left over becomes luxury goods.  A
building that cannot be paid can be put under construction with a coin card slid under it (from
the hand, or drawn blind for a luxury good); only when neither is possible is it lost.  Giving up a
building that could be paid for or put under construction is not a choice (ruling R34).
"""

from __future__ import annotations

from collections.abc import Sequence

from peloponnes_tui.cards import CardSet, PowerCard
from peloponnes_tui.engine.core import Flow, GameCore
from peloponnes_tui.engine.log import BuildData, ConstructionData, GainData, LostData
from peloponnes_tui.engine.payment import check_payment, payment_outcome
from peloponnes_tui.engine.prompts import (
    BuildPrompt,
    GiveUpBuilding,
    IllegalAnswer,
    PayBuilding,
    StartConstruction,
)
from peloponnes_tui.engine.state import Placed, Player
from peloponnes_tui.engine.tableau import luxury_kept


def gain(core: GameCore) -> Flow:
    t = core.table
    for seat in core.order:
        p = core.players[seat]
        if p.bid_card is not None:
            t.discard.extend(p.bid_coins)
            p.bid_coins = []
    power_cards = core.cards.power_by_id
    for seat in list(core.order):
        p = core.players[seat]
        card = p.bid_card
        if card is None:
            continue
        p.bid_card = None
        # A won building stays in its row while its winner decides (the BuildPrompt below),
        # so every power card lies in exactly one place at every prompt.
        row = t.market if card in t.market else t.conquest
        info = power_cards[card]
        if info.kind == "landscape":
            row.remove(card)
            p.landscapes.append(Placed(card))
            p.won.append(card)
            core.event(GainData(), seat, (card,))
            continue
        prompt = build_prompt(core, p, info)
        if not prompt.can_pay and not prompt.can_construct:
            row.remove(card)
            t.box.append(card)
            core.event(LostData("cannot_build"), seat, (card,))
            continue
        ans = yield prompt
        row.remove(card)
        if isinstance(ans, StartConstruction):
            if ans.coin is None:
                coin = core.coin_for_luxury(p)
            else:
                p.hand.remove(ans.coin)
                coin = ans.coin
            p.buildings.append(Placed(card, pledge=coin))
            p.won.append(card)
            core.event(ConstructionData("luxury" if ans.coin is None else "coin"), seat, (card,))
        else:
            assert isinstance(ans, PayBuilding)
            core.discard(p, ans.coins)
            p.luxury -= ans.luxury
            p.buildings.append(Placed(card))
            p.won.append(card)
            core.event(BuildData(len(ans.coins), ans.luxury), seat, (card,))
            if not ans.luxury and prompt.excess:
                core.gain_luxury(p, prompt.excess, "excess_production")


def build_prompt(core: GameCore, p: Player, info: PowerCard) -> BuildPrompt:
    return build_terms(core.cards, info, core.production(p, "wood"), core.production(p, "stone"),
                       p.hand, p.luxury, core.luxury_for_coins(p), core.luxury_cap(p),
                       player=p.seat)


def build_terms(cards: CardSet, card: PowerCard, production_wood: int, production_stone: int,
                hand: Sequence[int], luxury: int, luxury_usable: int, luxury_cap: int, *,
                player: int) -> BuildPrompt:
    """The terms on which a won building joins the tableau, as the engine asks about it.

    ``production_wood``/``production_stone`` are the tableau's production without the new
    building; ``hand`` and ``luxury`` what the player holds; ``luxury_usable`` the luxury goods
    that can be traded for blind coin cards now; ``luxury_cap`` the most the player may hold.
    Production pays first, coin cards showing wood or stone and luxury goods the rest; production
    left over is the excess (luxury goods before the cap, see :func:`luxury_gained`).  A pure
    function: the engine builds its prompt with it, and the computer players weigh a building
    they might win with it.
    """
    cost = card.cost
    mw, ms = max(0, cost.wood - production_wood), max(0, cost.stone - production_stone)
    excess = max(0, production_wood - cost.wood) + max(0, production_stone - cost.stone)
    short = payment_outcome(cards, mw, ms, hand).missing  # with every wood/stone card
    return BuildPrompt(
        player=player, card=card.id, cost_wood=cost.wood, cost_stone=cost.stone,
        production_wood=production_wood, production_stone=production_stone, missing_wood=mw,
        missing_stone=ms, excess=excess, hand=tuple(hand), luxury=luxury,
        luxury_usable=luxury_usable, luxury_cap=luxury_cap, can_pay=short <= luxury,
        can_construct=bool(hand) or luxury_usable > 0)


def luxury_gained(prompt: BuildPrompt, luxury_spent: int) -> int:
    """Luxury goods a payment of the building brings: the excess production, up to the cap,
    and none when luxury goods are part of the payment."""
    if luxury_spent:
        return 0
    return luxury_kept(prompt.excess, prompt.luxury, prompt.luxury_cap)


def check(core: GameCore, prompt: BuildPrompt,
          ans: PayBuilding | StartConstruction | GiveUpBuilding) -> None:
    if isinstance(ans, GiveUpBuilding):
        # The rulebook loses a won building only as the fallback, when it can be neither paid
        # for nor put under construction; the engine then takes it away without asking.
        if prompt.can_pay:
            raise IllegalAnswer("{card} can be paid for, so it cannot be given up: a won "
                                "building is lost only when neither is possible",
                                card=core.ref(prompt.card))
        raise IllegalAnswer("{card} can be put under construction, so it cannot be given up: "
                            "a won building is lost only when neither is possible",
                            card=core.ref(prompt.card))
    if isinstance(ans, PayBuilding):
        if not prompt.can_pay:
            raise IllegalAnswer("you cannot pay for this building: put it under "
                                "construction")
        check_payment(core.cards, prompt.hand, prompt.luxury, prompt.missing_wood,
                      prompt.missing_stone, ans.coins, ans.luxury)
    elif isinstance(ans, StartConstruction):
        if ans.coin is None:
            if prompt.luxury_usable < 1:
                raise IllegalAnswer("you have no luxury good to trade for a coin card")
        elif ans.coin not in prompt.hand:
            raise IllegalAnswer("that coin card is not in your hand")
