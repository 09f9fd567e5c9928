"""The coach's advice in words a player understands (the coach itself is ``bots/coach.py``).

Every sentence is made here, at the time it is shown, in the current language: what the coach
would answer (:func:`answer_phrase`, one phrase for every kind of answer), what the games it
played on from there gave, and the best other answer it tried (:func:`advice_text`).  The phrases
name only the deciding player's own choices: cards on offer or in their own tableau and the
number of their own coin cards; the advice was made from that player's :class:`View` alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never, cast

from peloponnes_tui.engine import (
    AnyAnswer,
    BidPrompt,
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
    StartConstruction,
    Withdraw,
)
from peloponnes_tui.i18n import _, name, ngettext, number, percent
from peloponnes_tui.tui.render import card_name

if TYPE_CHECKING:
    from collections.abc import Sequence

    from peloponnes_tui.bots.coach import Advice, Outlook
    from peloponnes_tui.cards import CardSet
    from peloponnes_tui.engine import Answer, AnyPrompt, View


def payment(coins: int, luxury: int) -> str:
    """What is paid with: ``with 3 coin cards``, ``with 1 luxury good``, ``with 2 coin cards and
    1 luxury good`` (at least one of the two is more than none)."""
    if coins and luxury:
        return ngettext("with {coins} and {n} luxury good", "with {coins} and {n} luxury goods",
                        luxury).format(coins=ngettext("{n} coin card", "{n} coin cards",
                                                      coins).format(n=coins), n=luxury)
    if coins:
        return ngettext("with {n} coin card", "with {n} coin cards", coins).format(n=coins)
    return ngettext("with {n} luxury good", "with {n} luxury goods", luxury).format(n=luxury)


def card_list(cards: CardSet, view: View, ids: Sequence[str]) -> str:
    """Cards of the player's own tableau by name (``civ``: the civilization, ``luxury``: the
    luxury card), joined by commas."""
    return ", ".join(card_name(cards, view.me.civ, c) for c in ids)


def answer_phrase(answer: Answer, prompt: AnyPrompt, view: View, cards: CardSet) -> str:
    """What the answer does, as the end of "The coach would …" ("bid 3 coin cards on Sawmill")."""
    def power(card: str) -> str:
        info = cards.power_by_id.get(card)
        return name(info.name) if info is not None else card

    draws = prompt.draws if isinstance(prompt, BidPrompt | OutbidPrompt) else 0
    building = power(prompt.card) if isinstance(prompt, BuildPrompt) else ""
    ans = cast("AnyAnswer", answer)
    match ans:
        case PlaceBid(card=card, coins=coins, luxury=luxury):
            total = len(coins) + luxury
            text = ngettext("bid {n} coin card on {card}", "bid {n} coin cards on {card}",
                            total).format(n=total, card=power(card))
            if luxury:
                text += " " + ngettext("({n} of them drawn blind for a luxury good)",
                                       "({n} of them drawn blind for luxury goods)",
                                       luxury).format(n=luxury)
            return text
        case Pass():
            return ngettext("pass and draw {n} coin card", "pass and draw {n} coin cards",
                            draws).format(n=draws)
        case MoveBid(card=card):
            return _("move the bid unchanged to {card}").format(card=power(card))
        case Withdraw():
            return ngettext("withdraw the bid and draw {n} coin card",
                            "withdraw the bid and draw {n} coin cards", draws).format(n=draws)
        case PayBuilding(coins=coins, luxury=luxury):
            if not coins and not luxury:
                return _("pay for {card} now from the production alone").format(card=building)
            return _("pay for {card} now {payment}").format(
                card=building, payment=payment(len(coins), luxury))
        case StartConstruction(coin=coin):
            if coin is None:
                return _("put {card} under construction with a coin card drawn blind for a "
                         "luxury good").format(card=building)
            return _("put {card} under construction, sliding a {kind} coin card under it").format(
                card=building, kind=name(cards.coins[coin].name))
        case GiveUpBuilding():
            return _("give up {card}").format(card=building)
        case CatastropheAnswer(treatments=treatments):
            covered = [c for c, how in treatments if how != "remove"]
            removed = [c for c, how in treatments if how == "remove"]
            if covered and removed:
                return _("cover {covered} and remove {removed}").format(
                    covered=card_list(cards, view, covered),
                    removed=card_list(cards, view, removed))
            if covered:
                return _("cover {covered}").format(covered=card_list(cards, view, covered))
            if removed:
                return _("remove {removed}").format(removed=card_list(cards, view, removed))
            return _("let the catastrophe hit none of the cards")
        case FeedPlan(grain_coins=grain, inhabitant_coins=inhabitants, luxury=luxury,
                      remove=remove):
            paid = len(grain) + len(inhabitants)
            if (paid or luxury) and remove:
                return _("feed the inhabitants {payment} and remove {cards}").format(
                    payment=payment(paid, luxury), cards=card_list(cards, view, remove))
            if paid or luxury:
                return _("feed the inhabitants {payment}").format(
                    payment=payment(paid, luxury))
            if remove:
                return _("remove {cards} to feed the other inhabitants").format(
                    cards=card_list(cards, view, remove))
            return _("feed the inhabitants from the production alone")
        case CompletePlan(complete=complete, coins=coins, luxury=luxury):
            if not complete:
                return _("complete none of the buildings under construction (they are lost)")
            if not coins and not luxury:
                return _("complete {cards} from the production alone").format(
                    cards=card_list(cards, view, complete))
            return _("complete {cards} {payment}").format(
                cards=card_list(cards, view, complete), payment=payment(len(coins), luxury))
        case _:
            assert_never(ans)


def outlook_text(outlook: Outlook) -> str:
    """How the games played on after the coach's answer went."""
    return ngettext(
        "In {games} game played on from here it won {wins} ({share}), ending with about "
        "{population} population and {power} power.",
        "In {games} games played on from here it won {wins} ({share}), ending with about "
        "{population} population and {power} power.", outlook.games).format(
            games=number(outlook.games), wins=number(outlook.wins, 1, fixed=False),
            share=percent(outlook.win_share, 0),
            population=round(outlook.population), power=round(outlook.power))


def advice_text(advice: Advice, prompt: AnyPrompt, view: View, cards: CardSet) -> str:
    """The coach's advice in one or two sentences: its answer, what the games it played on
    gave, and the best other answer it tried."""
    best = advice.best
    action = answer_phrase(best.answer, prompt, view, cards)
    if not best.games:
        return _("The coach would {action}: nothing else is worth trying here.").format(
            action=action)
    text = _("The coach would {action}.").format(action=action) + " " + outlook_text(best)
    if advice.others:
        other = advice.others[0]
        text += " " + _("Next best: {action} (won {wins}).").format(
            action=answer_phrase(other.answer, prompt, view, cards),
            wins=number(other.wins, 1, fixed=False))
    return text


__all__ = ["advice_text", "answer_phrase", "number", "outlook_text", "payment"]
