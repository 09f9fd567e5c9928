"""What an answer does, by the rules, for the player who gives it: the facts a coach explains.

:func:`answer_effects` reads the position the player sees (their :class:`View`), applies the
answer to an imagined copy of their tableau and hand, and counts both with the engine's own
functions (:mod:`.tableau`, the income table, :mod:`.bidding`): what the answer costs, the power
card it goes for (and, for a bid, that card's worth once won), the grain shortfall at a supply
before and after, the catastrophes it protects from or exposes to, the income and luxury goods
it brings, and which players still to bid could take a market card from the bid.  It returns
numbers and ids only; the app makes the sentences.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import assert_never

from peloponnes_tui.cards import CardSet, CatastropheId
from peloponnes_tui.engine import scoring, tableau
from peloponnes_tui.engine.bidding import coins_to_beat, effective_halves
from peloponnes_tui.engine.gaining import build_terms, luxury_gained
from peloponnes_tui.engine.prompts import (
    Answer,
    AnyAnswer,
    AnyPrompt,
    BuildPrompt,
    CatastropheAnswer,
    CompletePlan,
    FeedPlan,
    GiveUpBuilding,
    MoveBid,
    OutbidPrompt,
    Pass,
    PayBuilding,
    PlaceBid,
    Row,
    StartConstruction,
    Withdraw,
)
from peloponnes_tui.engine.state import CIV, LUXURY, Placed, PlacedRow, Player
from peloponnes_tui.engine.supply import grain_balance
from peloponnes_tui.engine.view import PlacedView, View


@dataclass(frozen=True, slots=True)
class Effects:
    """What one answer does (see :func:`answer_effects`); counts of coin cards, not units."""

    coins_paid: int = 0  # coin cards the answer gives from the hand
    luxury_paid: int = 0  # luxury goods it gives
    coins_drawn: int = 0  # coin cards it draws (passing, taking a bid back, with the bid's own)
    card: str | None = None  # the power card it bids on, moves to or adds
    row: Row | None = None
    won: bool = False  # the card joins the tableau now (False: only if the bid wins it)
    under_construction: bool = False  # the building goes under construction
    inhabitants: int = 0  # change of the tableau's inhabitants (the card, cards removed)
    power: int = 0  # change of its power points
    production: tuple[int, int, int] = (0, 0, 0)  # change of its wood, stone, grain production
    shortfall_before: int = 0  # inhabitants without grain at a supply, now
    shortfall_after: int = 0  # ... after the answer (the card won, cards removed)
    food_after: int = 0  # grain and inhabitant coin units and luxury goods left to pay it
    protects: tuple[CatastropheId, ...] = ()  # catastrophes the player is newly protected from
    # (those still to strike; see ``restores`` for those that struck)
    restores: tuple[CatastropheId, ...] = ()  # struck catastrophes whose covered cards of the
    # player's the new protection restores at the end
    steps_left: tuple[tuple[CatastropheId, int], ...] = ()  # for each catastrophe named here
    # that has not struck: the marker's steps left before it strikes
    exposes: tuple[CatastropheId, ...] = ()  # protections the answer gives up
    symbol: CatastropheId | None = None  # the card's catastrophe symbol
    symbols_after: int = 0  # symbols of that kind in the tableau with the card
    income_before: int = 0  # coin cards an income draws now (table and Port/Temple)
    income_after: int = 0
    luxury_income_after: int = 0  # luxury goods an income brings after the answer
    once_coins: int = 0  # the card's one-time income
    once_luxury: int = 0
    luxury_gained: int = 0  # luxury goods the payment brings (production left over, capped)
    removed: tuple[str, ...] = ()  # the player's cards the answer removes (or gives up)
    covered: tuple[str, ...] = ()  # ... covers
    completed: tuple[str, ...] = ()  # buildings under construction it completes
    lost: tuple[str, ...] = ()  # buildings under construction it lets go
    unbeatable: bool = False  # a conquest row bid: no one can take the card from it
    rivals: tuple[tuple[int, int], ...] = ()  # (seat, coin cards they need) of later players
    # who hold enough to beat the bid


def player_from_view(cards: CardSet, view: View) -> Player:
    """The deciding player as the engine's state, rebuilt from what their view shows (their
    own hand; a pledge or cover is shown by a placeholder coin)."""
    me = view.me

    def placed(x: PlacedView) -> Placed:
        cause = next((c.id for c in cards.catastrophes if c.id == x.cover_cause), None)
        return Placed(x.card, pledge=0 if x.under_construction else None,
                      cover=0 if x.covered else None, cover_cause=cause)

    return Player(me.seat, me.name, me.civ, me.civ_state, None, me.luxury_state, None,
                  me.luxury, list(view.hand), PlacedRow(placed(x) for x in me.buildings),
                  PlacedRow(placed(x) for x in me.landscapes))


def _income(cards: CardSet, p: Player) -> tuple[int, int]:
    stats = tableau.stats_for(cards)
    row = cards.income_for(tableau.inhabitants(stats, p))
    return row.coins + tableau.extra_income(stats, p), row.luxury


def _food(cards: CardSet, p: Player) -> int:
    backs = cards.coins
    return sum(backs[c].amount for c in p.hand
               if backs[c].resource in ("grain", "inhabitants")) + p.luxury


def _shortfall(cards: CardSet, p: Player) -> int:
    stats = tableau.stats_for(cards)
    return grain_balance(tableau.inhabitants(stats, p), tableau.production(stats, p, "grain"))[0]


def _take(p: Player, card: str, cover: bool) -> None:
    if card == CIV:
        p.civ_state = "covered" if cover else "removed"
        return
    if card == LUXURY:
        p.luxury_state = "covered" if cover else "removed"
        return
    x = p.find(card)
    if x is None:
        return
    if cover:
        x.cover = 0
    elif x in p.buildings:
        p.buildings.remove(x)
    else:
        p.landscapes.remove(x)


def answer_effects(cards: CardSet, view: View, prompt: AnyPrompt, answer: Answer) -> Effects:
    """What ``answer`` to ``prompt`` does for the player of ``view`` (see :class:`Effects`)."""
    before = player_from_view(cards, view)
    after = player_from_view(cards, view)
    power_cards = cards.power_by_id
    facts: dict[str, object] = {}
    card: str | None = None
    built = uc = False
    ans: AnyAnswer = answer  # type: ignore[assignment]
    match ans:
        case PlaceBid(card=c, coins=coins, luxury=lux):
            card = c
            facts.update(coins_paid=len(coins), luxury_paid=lux)
            for coin in coins:
                after.hand.remove(coin)
            after.luxury -= lux
            facts.update(_rivals(cards, view, c, len(coins) + lux))
        case MoveBid(card=c):
            card = c
            assert isinstance(prompt, OutbidPrompt)
            holder = next((q.seat for q in view.players
                           if q.bid_card == prompt.from_card and q.seat != view.seat), view.seat)
            facts.update(_rivals(cards, view, c, prompt.coins, after=holder))
        case Pass() | Withdraw():
            draws = getattr(prompt, "draws", 0)
            facts["coins_drawn"] = draws + (prompt.coins if isinstance(prompt, OutbidPrompt)
                                            else 0)
        case PayBuilding(coins=coins, luxury=lux):
            assert isinstance(prompt, BuildPrompt)
            card, built = prompt.card, True
            facts.update(coins_paid=len(coins), luxury_paid=lux,
                         luxury_gained=luxury_gained(prompt, lux))
            for coin in coins:
                after.hand.remove(coin)
            after.luxury -= lux
        case StartConstruction(coin=coin):
            assert isinstance(prompt, BuildPrompt)
            card, built, uc = prompt.card, True, True
            if coin is None:
                facts["luxury_paid"] = 1
                after.luxury -= 1
            else:
                facts["coins_paid"] = 1
                after.hand.remove(coin)
        case GiveUpBuilding():
            assert isinstance(prompt, BuildPrompt)
            facts["removed"] = (prompt.card,)
        case CatastropheAnswer(treatments=treatments):
            covered = tuple(c for c, how in treatments if how != "remove")
            removed = tuple(c for c, how in treatments if how == "remove")
            coins_used = [how for _, how in treatments if isinstance(how, int)]
            lux = sum(1 for _, how in treatments if how == "luxury")
            facts.update(covered=covered, removed=removed, coins_paid=len(coins_used),
                         luxury_paid=lux)
            for coin in coins_used:
                after.hand.remove(coin)
            after.luxury -= lux
            for c in covered:
                _take(after, c, cover=True)
            for c in removed:
                _take(after, c, cover=False)
        case FeedPlan(grain_coins=grain, inhabitant_coins=inh, luxury=lux, remove=remove):
            facts.update(coins_paid=len(grain) + len(inh), luxury_paid=lux, removed=remove)
            for coin in grain + inh:
                after.hand.remove(coin)
            after.luxury -= lux
            for c in remove:
                _take(after, c, cover=False)
        case CompletePlan(complete=complete, coins=coins, luxury=lux):
            pending = [x.card for x in after.buildings if x.under_construction]
            lost = tuple(c for c in pending if c not in complete)
            facts.update(coins_paid=len(coins), luxury_paid=lux, completed=tuple(complete),
                         lost=lost)
            for coin in coins:
                after.hand.remove(coin)
            after.luxury -= lux
            for x in after.buildings:
                if x.card in complete:
                    x.pledge = None
            for c in lost:
                _take(after, c, cover=False)
        case _:
            assert_never(ans)
    info_symbol: CatastropheId | None = None
    if card is not None:
        info = power_cards[card]
        info_symbol = info.catastrophe
        facts.update(card=card, row=_row_of(view, card), won=built, under_construction=uc,
                     once_coins=info.income.coins, once_luxury=info.income.luxury,
                     symbol=info.catastrophe)
        if not built and info.kind == "building" and isinstance(ans, PlaceBid | MoveBid):
            # weighed as the engine would offer it once won (paid if it can be)
            me = view.me
            terms = build_terms(cards, info, me.production[0], me.production[1], after.hand,
                                after.luxury, after.luxury, me.luxury_cap, player=me.seat)
            uc = not terms.can_pay
            facts["under_construction"] = uc
        placed = Placed(card, pledge=0 if uc else None)
        if info.kind == "building":
            after.buildings.append(placed)
        else:
            after.landscapes.append(placed)
        if info.catastrophe is not None:
            facts["symbols_after"] = tableau.symbols(cards, after, info.catastrophe)
    stats = tableau.stats_for(cards)
    facts["inhabitants"] = tableau.inhabitants(stats, after) - tableau.inhabitants(stats, before)
    facts["power"] = (tableau.power_points(stats, after)
                      - tableau.power_points(stats, before))
    facts["production"] = tuple(tableau.production(stats, after, r)
                                - tableau.production(stats, before, r)
                                for r in ("wood", "stone", "grain"))
    facts["shortfall_before"] = _shortfall(cards, before)
    facts["shortfall_after"] = _shortfall(cards, after)
    facts["food_after"] = _food(cards, after)
    facts["income_before"] = _income(cards, before)[0]
    facts["income_after"], facts["luxury_income_after"] = _income(cards, after)
    was = dict(tableau.protections(cards, before))
    now = dict(tableau.protections(cards, after))
    track = {t.catastrophe: t.struck for t in view.tracks}
    new = [c for c in now if now[c] and not was[c]]
    protects = tuple(c for c in new if not track.get(c))
    exposes = tuple(c for c in now if was[c] and not now[c] and not track.get(c))
    # what the end of the game would uncover with the card and not without it (the engine's
    # restoration, chains included: an uncovered building may protect from another one)
    struck = [t.catastrophe for t in view.tracks if t.struck]
    lifted = {cat for cat, _card in set(scoring.player_restorations(cards, struck, after))
              - set(scoring.player_restorations(cards, struck, before))}
    facts.update(protects=protects, exposes=exposes,
                 restores=tuple(c for c in now if c in lifted))
    named: set[str] = {*protects, *exposes}
    if info_symbol is not None:
        named.add(info_symbol)
    facts["steps_left"] = tuple((t.catastrophe, t.steps - t.advances) for t in view.tracks
                                if t.catastrophe in named and not t.struck)
    return Effects(**facts)  # type: ignore[arg-type]


def _row_of(view: View, card: str) -> Row | None:
    if card in view.market:
        return "market"
    if card in view.conquest:
        return "conquest"
    return None


def _rivals(cards: CardSet, view: View, card: str, coins: int, after: int | None = None
            ) -> dict[str, object]:
    """Who could still take ``card`` from a bid of ``coins`` coin cards: the players after the
    one bidding now (``after``, default the deciding player) in turn order who have not bid yet
    and hold enough (coin cards and luxury goods)."""
    if card in view.conquest:
        return {"unbeatable": True}
    me = view.me
    mine = effective_halves(coins, me.bid_bonus_halves)
    value = cards.power_by_id[card].value
    now = view.seat if after is None else after
    later = view.order[view.order.index(now) + 1:] if now in view.order else ()
    out: list[tuple[int, int]] = []
    for s in later:
        p = view.players[s]
        if p.bid_card is not None:
            continue
        need = max(value, coins_to_beat(mine, p.bid_bonus_halves))
        if p.hand_size + p.luxury >= need:
            out.append((s, need))
    return {"rivals": tuple(out)}


__all__ = ["Effects", "answer_effects", "player_from_view"]
