"""The game log's sentences, made where they are shown, in the language chosen now.

The engine logs each event as a kind plus data (:class:`~peloponnes_tui.engine.log.Event`);
:func:`event_text` turns one into a sentence for players, with gettext messages and the card
data's names in the current language.  A saved game is replayed into the same events, so its log
reads in whichever language is chosen when it is shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from peloponnes_tui.card_text import catastrophe_name
from peloponnes_tui.cards import CardSet
from peloponnes_tui.engine.log import Event
from peloponnes_tui.engine.numbers import rule_numbers
from peloponnes_tui.engine.state import CIV, LUXURY
from peloponnes_tui.engine.tableau import BY_SYMBOLS
from peloponnes_tui.i18n import _, in_words, name, ngettext


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
    match ev.kind:
        case "setup":
            civ = cards.civ_by_id[ev.get("civ")]
            n = ev.get("coins")
            return ngettext(
                "{player} leads {civilization} (start number {number}) and holds {n} coin card.",
                "{player} leads {civilization} (start number {number}) and holds {n} coin "
                "cards.", n).format(player=player, civilization=name(civ.name),
                                    number=civ.number, n=n)
        case "start_order":
            return _("Start order: {players}.").format(
                players=", ".join(names[s] for s in ev.get("order")))
        case "position":
            return _("Play starts from a prepared position in round {round}.").format(
                round=ev.get("round"))
        case "reveal":
            market = ", ".join(card_name(cards, c) for c in ev.get("market"))
            conquest = ", ".join(card_name(cards, c) for c in ev.get("conquest"))
            return _("Round {round} ({pile} cards): {market} go to the market; {conquest} to "
                     "the conquest row.").format(round=ev.round, pile=ev.get("pile"),
                                                 market=market, conquest=conquest or _("nothing"))
        case "track":
            shows = ev.get("shows")
            if shows is not None:
                return _("{card} shows {catastrophe}, which has already struck: its marker "
                         "stays.").format(card=card, catastrophe=catastrophe_name(cards, shows))
            cat, left = catastrophe_name(cards, ev.get("catastrophe")), ev.get("left")
            if left == 0:
                return _("{card} moves {catastrophe} one space on to its last space.").format(
                    card=card, catastrophe=cat)
            return _("{card} moves {catastrophe} one space on ({left} to go).").format(
                card=card, catastrophe=cat, left=left)
        case "strike":
            return _("{catastrophe} strikes!").format(
                catastrophe=catastrophe_name(cards, ev.get("catastrophe")))
        case "protected":
            cat = catastrophe_name(cards, ev.get("catastrophe"))
            if ev.get("by") == BY_SYMBOLS:
                return _("{player} is protected from {catastrophe} by {n} {catastrophe} "
                         "symbols.").format(player=player, catastrophe=cat, n=in_words(
                             rule_numbers(cards).symbols_for_protection))
            return _("{player} is protected from {catastrophe} by {building}.").format(
                player=player, catastrophe=cat, building=card_name(cards, ev.get("by")))
        case "unaffected":
            match ev.get("catastrophe"):
                case "plague":
                    return _("{player} has no civilization left to lay waste.").format(
                        player=player)
                case "earthquake":
                    return _("{player} has no buildings to lose.").format(player=player)
                case "tempest":
                    return _("{player} has no landscapes to lose.").format(player=player)
                case _:  # drought (a decline always finds the luxury goods or the card)
                    return _("{player} has no power card that produces grain.").format(
                        player=player)
        case "luxury_lost":
            n = ev.get("lost")
            return ngettext("{player} loses {n} luxury good.",
                            "{player} loses all {n} luxury goods.", n).format(player=player, n=n)
        case "removed":
            what = card_name(cards, ev.get("card"), ev.get("civ"))
            cat = ev.get("catastrophe")
            if cat is None:
                return _("{player} removes {card} for want of grain.").format(player=player,
                                                                              card=what)
            if ev.get("forced"):
                return _("{player} must remove {card} ({catastrophe}).").format(
                    player=player, card=what, catastrophe=catastrophe_name(cards, cat))
            return _("{player} removes {card} ({catastrophe}).").format(
                player=player, card=what, catastrophe=catastrophe_name(cards, cat))
        case "covered":
            what = card_name(cards, ev.get("card"), ev.get("civ"))
            cat = catastrophe_name(cards, ev.get("catastrophe"))
            if ev.get("paid") == "luxury":
                return _("{player} covers {card} with a coin card drawn for one luxury good "
                         "({catastrophe}).").format(player=player, card=what, catastrophe=cat)
            return _("{player} covers {card} with a coin card ({catastrophe}).").format(
                player=player, card=what, catastrophe=cat)
        case "supply":
            if ev.get("final"):
                return _("Final supply: every inhabitant must be fed and every building under "
                         "construction completed.")
            return _("Supply: every inhabitant must be fed and every building under "
                     "construction completed.")
        case "fed":
            return _fed(ev, player)
        case "completed":
            return _("{player} completes {card}.").format(player=player, card=card)
        case "lost":
            if ev.get("why") == "cannot_build":
                return _("{player} can neither pay for {card} nor put it under construction: "
                         "it is lost.").format(player=player, card=card)
            return _("{player} cannot or will not pay for {card}: it is lost.").format(
                player=player, card=card)
        case "bid":
            return _bid(ev, player, card)
        case "outbid":
            return _("{player} is outbid on {card}.").format(player=player, card=card)
        case "move_bid":
            if ev.get("row") == "conquest":
                return _("{player} moves the bid of {n} to {card} in the conquest row.").format(
                    player=player, n=ev.get("coins"), card=card)
            return _("{player} moves the bid of {n} to {card}.").format(
                player=player, n=ev.get("coins"), card=card)
        case "pass":
            if ev.get("why") == "cannot_afford":
                return _("{player} cannot afford any card and passes and draws {coins}.").format(
                    player=player, coins=coin_cards(ev.get("coins")))
            return _("{player} passes and draws {coins}.").format(
                player=player, coins=coin_cards(ev.get("coins")))
        case "withdraw":
            if ev.get("why") == "nowhere_to_move":
                return _("{player} has nowhere to move the bid and takes it back and draws "
                         "{coins}.").format(player=player, coins=coin_cards(ev.get("coins")))
            return _("{player} takes the bid back and draws {coins}.").format(
                player=player, coins=coin_cards(ev.get("coins")))
        case "discarded":
            return _("Nobody bid on {card}: it leaves the game.").format(card=card)
        case "turn_order":
            return _("New turn order: {players}.").format(players=", ".join(
                f"{names[s]} ({bid})"
                for s, bid in zip(ev.get("order"), ev.get("bids"), strict=True)))
        case "gain":
            return _("{player} adds the landscape {card}.").format(player=player, card=card)
        case "build":
            paid = []
            if ev.get("coins"):
                paid.append(coin_cards(ev.get("coins")))
            if ev.get("luxury"):
                paid.append(luxury_goods(ev.get("luxury")))
            if not paid:
                return _("{player} builds {card} from production.").format(player=player,
                                                                          card=card)
            return _("{player} builds {card} paying {paid} beside production.").format(
                player=player, card=card, paid=joined(paid))
        case "construction":
            if ev.get("paid") == "luxury":
                return _("{player} puts {card} under construction with a coin card drawn for a "
                         "luxury good.").format(player=player, card=card)
            return _("{player} puts {card} under construction.").format(player=player,
                                                                         card=card)
        case "income":
            return _income(ev, cards, player, card)
        case "luxury":
            return _luxury(ev, cards, player)
        case "coins_out":
            return _("The coin cards have run out: nothing more to draw.")
        case "reshuffle":
            n = ev.get("coins")
            return ngettext("The discard pile ({n} coin card) is shuffled into a new draw pile.",
                            "The discard pile ({n} coin cards) is shuffled into a new draw "
                            "pile.", n).format(n=n)
        case "restored":
            cat = catastrophe_name(cards, ev.get("catastrophe"))
            match ev.get("card"):
                case "civ":
                    return _("{player} is now protected from {catastrophe}: the civilization "
                             "card is uncovered.").format(player=player, catastrophe=cat)
                case "luxury":
                    return _("{player} is now protected from {catastrophe}: the luxury card "
                             "counts again.").format(player=player, catastrophe=cat)
                case _:
                    return _("{player} is now protected from {catastrophe}: {card} is "
                             "uncovered.").format(player=player, catastrophe=cat, card=card)
        case "score":
            return _("{player}: population {population}, power {power}, score {score}.").format(
                player=player, population=ev.get("population"), power=ev.get("power"),
                score=ev.get("score"))
        case "winner":
            winners = ev.get("winners")
            return ngettext("{players} wins the game.", "{players} win the game.",
                            len(winners)).format(players=joined([names[w] for w in winners]))
        case _:
            assert_never(ev.kind)


def _fed(ev: Event, player: str) -> str:
    need, grain = ev.get("inhabitants"), ev.get("grain")
    if ev.get("grain_coins") is None:  # the tableau's grain was enough: nothing was asked
        return ngettext("{player} feeds {n} inhabitant from {grain} grain.",
                        "{player} feeds {n} inhabitants from {grain} grain.", need).format(
            player=player, n=need, grain=grain)
    parts = []
    if ev.get("grain_coins"):
        n = ev.get("grain_coins")
        parts.append(ngettext("{n} grain coin card", "{n} grain coin cards", n).format(n=n))
    if ev.get("inhabitant_coins"):
        n = ev.get("inhabitant_coins")
        parts.append(ngettext("{n} inhabitant coin card", "{n} inhabitant coin cards",
                              n).format(n=n))
    if ev.get("luxury"):
        parts.append(luxury_goods(ev.get("luxury")))
    if not parts:
        return ngettext("{player} feeds {n} inhabitant with {grain} grain.",
                        "{player} feeds {n} inhabitants with {grain} grain.", need).format(
            player=player, n=need, grain=grain)
    return ngettext("{player} feeds {n} inhabitant with {grain} grain and {paid}.",
                    "{player} feeds {n} inhabitants with {grain} grain and {paid}.",
                    need).format(player=player, n=need, grain=grain, paid=", ".join(parts))


def _bid(ev: Event, player: str, card: str) -> str:
    n, luxury = ev.get("coins"), ev.get("luxury")
    conquest = ev.get("row") == "conquest"
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


def _income(ev: Event, cards: CardSet, player: str, card: str) -> str:
    coins = coin_cards(ev.get("coins"))
    if ev.get("once"):
        return _("{player} draws {coins}, the one-time income of {card}.").format(
            player=player, coins=coins, card=card)
    notes = ""
    extra = ev.get("extra")
    if extra:
        notes += " " + _("({n} from {cards})").format(
            n=len(extra), cards=joined([card_name(cards, c) for c in extra]))
    if ev.get("final"):
        notes += " " + _("(final income)")
    inhabitants = ev.get("inhabitants")
    return ngettext("{player} has {n} inhabitant and draws {coins}{notes}.",
                    "{player} has {n} inhabitants and draws {coins}{notes}.",
                    inhabitants).format(player=player, n=inhabitants, coins=coins, notes=notes)


def _luxury(ev: Event, cards: CardSet, player: str) -> str:
    why = ev.get("why")
    match why:
        case "excess_production":
            reason = _("excess production")
        case "excess_grain":
            reason = _("excess grain")
        case "one_time":
            reason = _("the one-time income of {card}").format(
                card=card_name(cards, ev.get("card")))
        case _:  # inhabitants
            n = ev.get("inhabitants")
            reason = ngettext("{n} inhabitant", "{n} inhabitants", n).format(n=n)
    goods = luxury_goods(ev.get("gained"))
    if ev.get("gained") < ev.get("amount"):
        if ev.get("cap") == 0:
            return _("{player} gains {goods} for {reason} (no luxury card left).").format(
                player=player, goods=goods, reason=reason)
        return _("{player} gains {goods} for {reason} (capped at {cap}).").format(
            player=player, goods=goods, reason=reason, cap=ev.get("cap"))
    return _("{player} gains {goods} for {reason}.").format(player=player, goods=goods,
                                                            reason=reason)


__all__ = ["card_name", "catastrophe_name", "coin_cards", "event_text", "joined",
           "luxury_goods"]
