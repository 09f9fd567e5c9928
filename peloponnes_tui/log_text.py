"""The game log's sentences, made where they are shown, in the language chosen now.

The engine logs each event as a kind plus data (:class:`~peloponnes_tui.engine.log.Event`);
:func:`event_text` turns one into a sentence for players, with gettext messages and the card
data's names in the current language.  A saved game is replayed into the same events, so its log
reads in whichever language is chosen when it is shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from peloponnes_tui.card_text import catastrophe_name, symbols_text
from peloponnes_tui.cards import CardSet
from peloponnes_tui.engine.log import (
    BidData,
    BuildData,
    CoinsOutData,
    CompletedData,
    ConstructionData,
    CoveredData,
    DiscardedData,
    Event,
    FedData,
    GainData,
    IncomeData,
    LostData,
    LuxuryData,
    LuxuryLostData,
    MoveBidData,
    OutbidData,
    PassData,
    PositionData,
    ProtectedData,
    RemovedData,
    ReshuffleData,
    RestoredData,
    RevealData,
    ScoreData,
    SetupData,
    StartOrderData,
    StrikeData,
    SupplyData,
    TrackData,
    TurnOrderData,
    UnaffectedData,
    WinnerData,
    WithdrawData,
)
from peloponnes_tui.engine.numbers import rule_numbers
from peloponnes_tui.engine.state import CIV, LUXURY
from peloponnes_tui.engine.tableau import BY_SYMBOLS
from peloponnes_tui.i18n import _, name, ngettext, number_of


def card_name(cards: CardSet, card: str, civ: str | None = None) -> str:
    """A card an event names: a power card's name, or the civilization card of ``civ`` or the
    luxury card (``civ``/``luxury`` in the event's data)."""
    if card == CIV:
        found = cards.civ_by_id.get(civ or "")
        return _("the civilization card {civilization}").format(
            civilization=name(found.name) if found is not None else "?")
    if card == LUXURY:
        return _("the luxury card")
    info = cards.power_by_id.get(card)
    return name(info.name) if info is not None else card


def joined(items: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    if len(items) <= 1:
        return "".join(items)
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def coin_cards(n: int) -> str:
    return ngettext("{n} coin card", "{n} coin cards", n).format(n=n)


def luxury_goods(n: int) -> str:
    return ngettext("{n} luxury good", "{n} luxury goods", n).format(n=n)


def event_text(ev: Event, cards: CardSet, names: Sequence[str]) -> str:
    """The sentence for ``ev`` in the current language; ``names`` are the seats' player names."""
    player = names[ev.player] if ev.player is not None else ""
    card = card_name(cards, ev.cards[0]) if ev.cards else ""
    # the card's name as a subject: 2 when it takes a plural verb ("Gerstenfelder rücken")
    info = cards.power_by_id.get(ev.cards[0]) if ev.cards else None
    number = number_of(info.name) if info is not None else 1
    match ev.data:
        case SetupData(civ=civ_id, coins=n):
            civ = cards.civ_by_id[civ_id]
            return ngettext(
                "{player} leads {civilization} (start number {number}) and holds {n} coin card.",
                "{player} leads {civilization} (start number {number}) and holds {n} coin "
                "cards.", n).format(player=player, civilization=name(civ.name),
                                    number=civ.number, n=n)
        case StartOrderData(order=order):
            return _("Start order: {players}.").format(
                players=", ".join(names[s] for s in order))
        case PositionData(round=start):
            return _("Play starts from a prepared position in round {round}.").format(
                round=start)
        case RevealData(pile=pile, market=market_ids, conquest=conquest_ids):
            market = ", ".join(card_name(cards, c) for c in market_ids)
            conquest = ", ".join(card_name(cards, c) for c in conquest_ids)
            return _("Round {round} ({pile} cards): {market} go to the market; {conquest} to "
                     "the conquest row.").format(round=ev.round, pile=pile,
                                                 market=market, conquest=conquest or _("nothing"))
        case TrackData(catastrophe=shows, left=None):
            return ngettext("{card} shows {catastrophe}, which has already struck: its "
                            "marker stays.",
                            "{card} show {catastrophe}, which has already struck: its "
                            "marker stays.", number).format(
                card=card, catastrophe=catastrophe_name(cards, shows))
        case TrackData(catastrophe=moved, left=left):
            cat = catastrophe_name(cards, moved)
            if left == 0:
                return ngettext("{card} moves {catastrophe} one space on to its last space.",
                                "{card} move {catastrophe} one space on to its last space.",
                                number).format(card=card, catastrophe=cat)
            return ngettext("{card} moves {catastrophe} one space on ({left} to go).",
                            "{card} move {catastrophe} one space on ({left} to go).",
                            number).format(card=card, catastrophe=cat, left=left)
        case StrikeData(catastrophe=struck):
            return _("{catastrophe} strikes!").format(
                catastrophe=catastrophe_name(cards, struck))
        case ProtectedData(catastrophe=struck, by=by):
            cat = catastrophe_name(cards, struck)
            if by == BY_SYMBOLS:
                return _("{player} is protected from {catastrophe} by {symbols}.").format(
                    player=player, catastrophe=cat, symbols=symbols_text(cards, struck))
            return _("{player} is protected from {catastrophe} by {building}.").format(
                player=player, catastrophe=cat, building=card_name(cards, by))
        case UnaffectedData(catastrophe=struck):
            match struck:
                case "plague":
                    return _("{player} has no civilization left to lay waste.").format(
                        player=player)
                case "earthquake":
                    return _("{player} has no uncovered buildings to lose.").format(player=player)
                case "tempest":
                    return _("{player} has no uncovered landscapes to lose.").format(player=player)
                case _:  # drought (a decline always finds the luxury goods or the card)
                    return _("{player} has no power card that produces grain.").format(
                        player=player)
        case LuxuryLostData(lost=n):
            return ngettext("{player} loses {n} luxury good.",
                            "{player} loses all {n} luxury goods.", n).format(player=player, n=n)
        case RemovedData(card=removed, civ=civ_id, catastrophe=struck, forced=forced):
            what = card_name(cards, removed, civ_id)
            if struck is None:
                return _("{player} removes {card} for want of grain.").format(player=player,
                                                                              card=what)
            if forced:
                return _("{player} must remove {card} ({catastrophe}).").format(
                    player=player, card=what, catastrophe=catastrophe_name(cards, struck))
            return _("{player} removes {card} ({catastrophe}).").format(
                player=player, card=what, catastrophe=catastrophe_name(cards, struck))
        case CoveredData(card=covered, civ=civ_id, catastrophe=struck, paid=how):
            what = card_name(cards, covered, civ_id)
            cat = catastrophe_name(cards, struck)
            if how == "luxury":
                return _("{player} covers {card} with a coin card drawn for one luxury good "
                         "({catastrophe}).").format(player=player, card=what, catastrophe=cat)
            return _("{player} covers {card} with a coin card ({catastrophe}).").format(
                player=player, card=what, catastrophe=cat)
        case SupplyData(final=final):
            if final:
                return _("Final supply: every inhabitant must be fed and every building under "
                         "construction completed.")
            return _("Supply: every inhabitant must be fed and every building under "
                     "construction completed.")
        case FedData() as fed:
            return _fed(fed, player)
        case CompletedData():
            return _("{player} completes {card}.").format(player=player, card=card)
        case LostData(why=why):
            if why == "cannot_build":
                return _("{player} can neither pay for {card} nor put it under construction: "
                         "it is lost.").format(player=player, card=card)
            return _("{player} cannot or will not pay for {card}: it is lost.").format(
                player=player, card=card)
        case BidData() as bid:
            return _bid(bid, player, card)
        case OutbidData():
            return _("{player} is outbid on {card}.").format(player=player, card=card)
        case MoveBidData(coins=n, row=row):
            if row == "conquest":
                return _("{player} moves the bid of {n} to {card} in the conquest row.").format(
                    player=player, n=n, card=card)
            return _("{player} moves the bid of {n} to {card}.").format(
                player=player, n=n, card=card)
        case PassData(why=why, coins=n):
            if why == "cannot_afford":
                return _("{player} cannot afford any card and passes and draws {coins}.").format(
                    player=player, coins=coin_cards(n))
            return _("{player} passes and draws {coins}.").format(
                player=player, coins=coin_cards(n))
        case WithdrawData(why=why, coins=n):
            if why == "nowhere_to_move":
                return _("{player} has nowhere to move the bid and takes it back and draws "
                         "{coins}.").format(player=player, coins=coin_cards(n))
            return _("{player} takes the bid back and draws {coins}.").format(
                player=player, coins=coin_cards(n))
        case DiscardedData():
            return _("Nobody bid on {card}: it leaves the game.").format(card=card)
        case TurnOrderData(order=order, bids=bids):
            return _("New turn order: {players}.").format(players=", ".join(
                f"{names[s]} ({bid})" for s, bid in zip(order, bids, strict=True)))
        case GainData():
            return _("{player} adds the landscape {card}.").format(player=player, card=card)
        case BuildData(coins=n, luxury=luxury):
            paid = []
            if n:
                paid.append(coin_cards(n))
            if luxury:
                paid.append(luxury_goods(luxury))
            if not paid:
                return _("{player} builds {card} from production.").format(player=player,
                                                                          card=card)
            return _("{player} builds {card} paying {paid} beside production.").format(
                player=player, card=card, paid=joined(paid))
        case ConstructionData(paid=how):
            if how == "luxury":
                return _("{player} puts {card} under construction with a coin card drawn for a "
                         "luxury good.").format(player=player, card=card)
            return _("{player} puts {card} under construction.").format(player=player,
                                                                         card=card)
        case IncomeData() as income:
            return _income(income, cards, player, card)
        case LuxuryData() as luxury:
            return _luxury(luxury, cards, player)
        case CoinsOutData():
            return _("The coin cards have run out: nothing more to draw.")
        case ReshuffleData(coins=n):
            return ngettext("The discard pile ({n} coin card) is shuffled into a new draw pile.",
                            "The discard pile ({n} coin cards) is shuffled into a new draw "
                            "pile.", n).format(n=n)
        case RestoredData(catastrophe=struck, card=restored):
            cat = catastrophe_name(cards, struck)
            if restored == CIV:
                return _("{player} is now protected from {catastrophe}: the civilization "
                         "card is uncovered.").format(player=player, catastrophe=cat)
            if restored == LUXURY:
                return _("{player} is now protected from {catastrophe}: the luxury card "
                         "counts again.").format(player=player, catastrophe=cat)
            return ngettext("{player} is now protected from {catastrophe}: {card} is "
                            "uncovered.",
                            "{player} is now protected from {catastrophe}: {card} are "
                            "uncovered.", number).format(
                player=player, catastrophe=cat, card=card)
        case ScoreData(population=population, power=power, score=score):
            return _("{player}: population {population}, power {power}, score {score}.").format(
                player=player, population=population, power=power, score=score)
        case WinnerData(winners=winners):
            return ngettext("{players} wins the game.", "{players} win the game.",
                            len(winners)).format(players=joined([names[w] for w in winners]))
        case _:
            assert_never(ev.data)


def _fed(ev: FedData, player: str) -> str:
    need, grain = ev.inhabitants, ev.grain
    if ev.grain_coins is None:  # the tableau's grain was enough: nothing was asked
        return ngettext("{player} feeds {n} inhabitant from {grain} grain.",
                        "{player} feeds {n} inhabitants from {grain} grain.", need).format(
            player=player, n=need, grain=grain)
    parts = []
    if ev.grain_coins:
        n = ev.grain_coins
        parts.append(ngettext("{n} grain coin card", "{n} grain coin cards", n).format(n=n))
    if ev.luxury:
        parts.append(luxury_goods(ev.luxury))
    if ev.inhabitant_coins:
        # inhabitant coin cards feed no one: they are given up for the inhabitants not fed
        k = ev.inhabitant_coins
        given = ngettext("{n} inhabitant coin card", "{n} inhabitant coin cards", k).format(n=k)
        if parts:
            return ngettext("{player} feeds {n} inhabitant with {grain} grain and {paid} and "
                            "gives up {given} for the rest.",
                            "{player} feeds {n} inhabitants with {grain} grain and {paid} and "
                            "gives up {given} for the rest.", need).format(
                player=player, n=need, grain=grain, paid=", ".join(parts), given=given)
        if grain:
            return ngettext("{player} feeds {n} inhabitant with {grain} grain and gives up "
                            "{given} for the rest.",
                            "{player} feeds {n} inhabitants with {grain} grain and gives up "
                            "{given} for the rest.", need).format(
                player=player, n=need, grain=grain, given=given)
        return ngettext("{player} cannot feed {n} inhabitant and gives up {given} instead.",
                        "{player} cannot feed {n} inhabitants and gives up {given} instead.",
                        need).format(player=player, n=need, given=given)
    if not parts:
        return ngettext("{player} feeds {n} inhabitant with {grain} grain.",
                        "{player} feeds {n} inhabitants with {grain} grain.", need).format(
            player=player, n=need, grain=grain)
    return ngettext("{player} feeds {n} inhabitant with {grain} grain and {paid}.",
                    "{player} feeds {n} inhabitants with {grain} grain and {paid}.",
                    need).format(player=player, n=need, grain=grain, paid=", ".join(parts))


def _bid(ev: BidData, player: str, card: str) -> str:
    n, luxury = ev.coins, ev.luxury
    conquest = ev.row == "conquest"
    if luxury and conquest:
        return ngettext("{player} bids {n} on {card} in the conquest row ({luxury} of them "
                        "drawn for a luxury good).",
                        "{player} bids {n} on {card} in the conquest row ({luxury} of them "
                        "drawn for luxury goods).", luxury).format(
            player=player, n=n, card=card, luxury=luxury)
    if luxury:
        return ngettext("{player} bids {n} on {card} ({luxury} of them drawn for a luxury "
                        "good).",
                        "{player} bids {n} on {card} ({luxury} of them drawn for luxury goods).",
                        luxury).format(player=player, n=n, card=card, luxury=luxury)
    if conquest:
        return _("{player} bids {n} on {card} in the conquest row.").format(
            player=player, n=n, card=card)
    return _("{player} bids {n} on {card}.").format(player=player, n=n, card=card)


def _income(ev: IncomeData, cards: CardSet, player: str, card: str) -> str:
    coins = coin_cards(ev.coins)
    if ev.once:
        return _("{player} draws {coins}, the one-time income of {card}.").format(
            player=player, coins=coins, card=card)
    notes = ""
    if ev.extra:
        notes += " " + _("({n} from {cards})").format(
            n=rule_numbers(cards).extra_income_per_card * len(ev.extra),
            cards=joined([card_name(cards, c) for c in ev.extra]))
    if ev.final:
        notes += " " + _("(final income)")
    inhabitants = ev.inhabitants
    return ngettext("{player} has {n} inhabitant and draws {coins}{notes}.",
                    "{player} has {n} inhabitants and draws {coins}{notes}.",
                    inhabitants).format(player=player, n=inhabitants, coins=coins, notes=notes)


def _luxury(ev: LuxuryData, cards: CardSet, player: str) -> str:
    match ev.why:
        case "excess_production":
            reason = _("excess production")
        case "excess_grain":
            reason = _("excess grain")
        case "one_time":
            reason = _("the one-time income of {card}").format(
                card=card_name(cards, ev.card or ""))
        case "inhabitants":
            n = ev.inhabitants or 0
            reason = ngettext("{n} inhabitant", "{n} inhabitants", n).format(n=n)
        case _:
            assert_never(ev.why)
    goods = luxury_goods(ev.gained)
    if ev.gained < ev.amount:
        if ev.cap == 0:
            return _("{player} gains {goods} for {reason} (no luxury card left).").format(
                player=player, goods=goods, reason=reason)
        return _("{player} gains {goods} for {reason} (capped at {cap}).").format(
            player=player, goods=goods, reason=reason, cap=ev.cap)
    return _("{player} gains {goods} for {reason}.").format(player=player, goods=goods,
                                                            reason=reason)


__all__ = ["card_name", "catastrophe_name", "coin_cards", "event_text", "joined",
           "luxury_goods"]
