"""Phase 2 of a round: catastrophes.

A struck catastrophe hits every player in turn order who is not protected (by an uncovered
building against it, or by three of its symbols in the tableau):

- plague: the civilization card; earthquake: a third of the buildings (rounded up); tempest: a
  third of the landscapes; drought: the power card with the most grain (one of the tied ones);
  decline: all luxury goods are lost and the luxury card is hit.
- Each card hit is covered with a coin card from the hand, with a coin card drawn blind for one
  luxury good (not in a decline), or removed.  A player who has nothing to cover with removes the
  cards without being asked.
"""

from __future__ import annotations

from collections.abc import Iterable

from peloponnes_tui.cards import CardSet, CatastropheId
from peloponnes_tui.engine.core import Flow, GameCore
from peloponnes_tui.engine.log import (
    CoveredData,
    CoverPayment,
    LuxuryLostData,
    ProtectedData,
    RemovedData,
    StrikeData,
    UnaffectedData,
)
from peloponnes_tui.engine.names import shown
from peloponnes_tui.engine.payment import check_coins
from peloponnes_tui.engine.prompts import CatastropheAnswer, CatastrophePrompt, IllegalAnswer
from peloponnes_tui.engine.state import CIV, LUXURY, Player
from peloponnes_tui.engine.tableau import RowCard
from peloponnes_tui.message import message_n

# Earthquake and tempest hit one card in three of the row, rounded up.
ROW_SHARE = 3


def hit_count(row_size: int) -> int:
    """How many of ``row_size`` buildings (earthquake) or landscapes (tempest) are hit."""
    return -(-row_size // ROW_SHARE)


def drought_targets(cards: CardSet, row: Iterable[RowCard]) -> tuple[str, ...]:
    """The cards of a row (:data:`RowCard`, in tableau order) of which a drought hits one: the
    uncovered power cards with the most grain production (none when no uncovered card produces
    grain)."""
    power_cards = cards.power_by_id
    grains = [(power_cards[card].production.grain, card) for card, covered in row if not covered]
    top = max((g for g, _ in grains), default=0)
    if top == 0:
        return ()
    return tuple(c for g, c in grains if g == top)


def strike(core: GameCore, cat: CatastropheId) -> Flow:
    core.event(StrikeData(cat))
    for seat in list(core.order):
        p = core.players[seat]
        protector = core.protector(p, cat)
        if protector is not None:
            core.event(ProtectedData(cat, protector), seat)
            continue
        prompt = catastrophe_prompt(core, p, cat)
        if prompt is None:
            continue
        forced = (not prompt.hand and not prompt.luxury_usable
                  and prompt.count >= len(prompt.candidates))
        if forced:
            ans = CatastropheAnswer(tuple((c, "remove") for c in prompt.candidates))
        else:
            reply = yield prompt
            assert isinstance(reply, CatastropheAnswer)
            ans = reply
        apply(core, p, cat, ans, forced)


def catastrophe_prompt(core: GameCore, p: Player, cat: CatastropheId
                       ) -> CatastrophePrompt | None:
    """The choice the catastrophe leaves ``p`` (None when it finds nothing to hit).

    A decline takes the luxury goods here, before the prompt, as the rulebook has it.
    """
    luxury_usable = core.luxury_for_coins(p)
    if cat == "decline":
        if p.luxury:
            core.event(LuxuryLostData(p.luxury), p.seat)
            p.luxury = 0
        if p.luxury_state != "active":
            return None
        candidates: tuple[str, ...] = (LUXURY,)
        count = 1
        luxury_usable = 0
    elif cat == "plague":
        if p.civ_state != "active":
            core.event(UnaffectedData(cat), p.seat)
            return None
        candidates, count = (CIV,), 1
    elif cat in ("earthquake", "tempest"):
        row = p.buildings if cat == "earthquake" else p.landscapes
        candidates = tuple(x.card for x in row if not x.covered)
        count = hit_count(len(candidates))
        if count == 0:
            core.event(UnaffectedData(cat), p.seat)
            return None
    else:  # drought
        candidates = drought_targets(core.cards, ((x.card, x.covered) for x in p.placed()))
        if not candidates:
            core.event(UnaffectedData(cat), p.seat)
            return None
        count = 1
    return CatastrophePrompt(player=p.seat, catastrophe=cat, count=count,
                             candidates=candidates, hand=tuple(p.hand),
                             luxury_usable=luxury_usable)


def check(core: GameCore, prompt: CatastrophePrompt, ans: CatastropheAnswer) -> None:
    tr = ans.treatments
    cards = [c for c, _ in tr]
    if len(tr) != prompt.count:
        raise IllegalAnswer(message_n("{n} card must be chosen, not {chosen}",
                                      "{n} cards must be chosen, not {chosen}", prompt.count,
                                      chosen=len(tr)))
    for c in cards:
        if c not in prompt.candidates:
            raise IllegalAnswer("{card} is not one of the cards this catastrophe can hit",
                                card=shown(c))
    if len(set(cards)) != len(cards):
        raise IllegalAnswer("the same card is named twice")
    check_coins(core.cards, prompt.hand, tuple(h for _, h in tr if not isinstance(h, str)))
    lux = sum(1 for _, h in tr if h == "luxury")
    if lux > prompt.luxury_usable:
        raise IllegalAnswer("you cannot trade that many luxury goods for coin cards now")


def apply(core: GameCore, p: Player, cat: CatastropheId, ans: CatastropheAnswer,
          forced: bool) -> None:
    for card, how in ans.treatments:
        if how == "remove":
            core.remove(p, card)
            core.event(RemovedData(card, p.civ, cat, forced), p.seat, core.power_cards_of(card))
            continue
        paid: CoverPayment
        if how == "luxury":
            coin = core.coin_for_luxury(p)
            paid = "luxury"
        else:
            p.hand.remove(how)
            coin = how
            paid = "coin"
        if card == CIV:
            p.civ_state, p.civ_cover = "covered", coin
        elif card == LUXURY:
            p.luxury_state, p.luxury_cover = "covered", coin
        else:
            placed = p.find(card)
            assert placed is not None
            placed.cover, placed.cover_cause = coin, cat
        core.event(CoveredData(card, p.civ, cat, paid), p.seat, core.power_cards_of(card))
