"""The coach's advice in words a player understands (the coach itself is ``bots/coach.py``).

Every sentence is made here, at the time it is shown, in the current language: what the coach
would answer (:func:`answer_phrase`, one phrase for every kind of answer), the rules' facts the
engine gives about it (:func:`reasons`, from :class:`~peloponnes_tui.engine.effects.Effects`),
which coin cards are interchangeable, and the best other answer it weighed, about as good or
clearly worse (:func:`advice_text`).  The phrases name only what the deciding player may know:
cards on offer or in their own tableau, their own coin cards, the other players' names; the
advice was made from that player's :class:`View` alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never, cast

from peloponnes_tui.card_text import catastrophe_name
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
from peloponnes_tui.engine.answers import answer_coins
from peloponnes_tui.engine.numbers import rule_numbers
from peloponnes_tui.i18n import _, name, ngettext
from peloponnes_tui.tui.render import card_name

if TYPE_CHECKING:
    from collections.abc import Sequence

    from peloponnes_tui.bots.coach import Advice, Option
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
            if luxury and coins:
                return text + " " + ngettext(
                    "({kinds}, and {n} drawn blind for a luxury good)",
                    "({kinds}, and {n} drawn blind for luxury goods)",
                    luxury).format(kinds=kinds_text(cards, coins), n=luxury)
            if luxury:
                return text + " " + ngettext("({n} of them drawn blind for a luxury good)",
                                             "({n} of them drawn blind for luxury goods)",
                                             luxury).format(n=luxury)
            return text + f" ({kinds_text(cards, coins)})"
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


def kinds_text(cards: CardSet, coins: Sequence[int]) -> str:
    """Coin cards by name, grouped by kind: ``Wood, Grain, Grain``."""
    backs = cards.coins
    ordered = sorted(coins, key=lambda c: (backs[c].resource, backs[c].amount))
    return ", ".join(name(backs[c].name) for c in ordered)


def kind_name(cards: CardSet, kind: tuple[str, int]) -> str:
    """The name of a kind of coin card (resource, amount): ``Wood``, ``2 Stone``."""
    back = next(b for b in cards.coins if (b.resource, b.amount) == kind)
    return name(back.name)


def _amounts(coins: int, luxury: int) -> str:
    """``3 coin cards``, ``1 luxury good``, ``2 coin cards and 1 luxury good``."""
    c = ngettext("{n} coin card", "{n} coin cards", coins).format(n=coins)
    lux = ngettext("{n} luxury good", "{n} luxury goods", luxury).format(n=luxury)
    if coins and luxury:
        return _("{coins} and {luxury}").format(coins=c, luxury=lux)
    return c if coins else lux


def _cats(cards: CardSet, cats: Sequence[str]) -> str:
    return ", ".join(catastrophe_name(cards, c) for c in cats)


def reasons(option: Option, prompt: AnyPrompt, view: View, cards: CardSet) -> list[str]:
    """The rules' facts about one answer (what the engine says it does), as short clauses."""
    e = option.effects
    out: list[str] = []
    ans = option.answer
    coins = answer_coins(ans)
    if isinstance(ans, PlaceBid):
        pass  # the phrase names the coin cards already
    elif e.coins_paid or e.luxury_paid:
        what = _amounts(e.coins_paid, e.luxury_paid)
        if coins:
            what += f" ({kinds_text(cards, coins)})"
        out.append(_("it costs {what}").format(what=what))
    elif isinstance(ans, Pass):
        out.append(_("you keep your coin cards"))
    elif isinstance(ans, Withdraw) and isinstance(prompt, OutbidPrompt):
        out.append(ngettext("the bid's {n} coin card comes back to your hand",
                            "the bid's {n} coin cards come back to your hand",
                            prompt.coins).format(n=prompt.coins))
    if e.card is not None:
        card = card_name(cards, view.me.civ, e.card)
        gains = []
        if e.inhabitants:
            gains.append(ngettext("{n} inhabitant", "{n} inhabitants",
                                  e.inhabitants).format(n=e.inhabitants))
        if e.power:
            gains.append(ngettext("{n} power point", "{n} power points",
                                  e.power).format(n=e.power))
        words = (_("wood"), _("stone"), _("grain"))
        made = [f"{amount} {label}" for amount, label in zip(e.production, words, strict=True)
                if amount > 0]
        if made:
            gains.append(_("production of {what}").format(what=", ".join(made)))
        brings = ", ".join(gains) if gains else _("no inhabitants or power points")
        if e.won:
            out.append(_("{card} brings {what}").format(card=card, what=brings))
        else:
            out.append(_("if you win {card}, it brings {what}").format(card=card, what=brings))
            if e.under_construction:
                out.append(_("you could not pay for it then: it would go under construction, "
                             "to be paid at the next supply"))
    if e.card is None and (e.inhabitants < 0 or e.power < 0):
        lost = []
        if e.inhabitants < 0:
            lost.append(ngettext("{n} inhabitant", "{n} inhabitants",
                                 -e.inhabitants).format(n=-e.inhabitants))
        if e.power < 0:
            lost.append(ngettext("{n} power point", "{n} power points", -e.power).format(
                n=-e.power))
        out.append(_("your tableau loses {what}").format(what=", ".join(lost)))
    if isinstance(ans, FeedPlan):
        pass  # the plan feeds this supply: its payment and removals say it all
    elif e.shortfall_after > e.shortfall_before:
        out.append(ngettext(
            "at a supply {n} inhabitant would lack grain from your production",
            "at a supply {n} inhabitants would lack grain from your production",
            e.shortfall_after).format(n=e.shortfall_after) + " " + _("(now {n})").format(
            n=e.shortfall_before))
    elif e.shortfall_after < e.shortfall_before and not e.shortfall_after:
        out.append(_("at a supply no inhabitant would lack grain (now {n})").format(
            n=e.shortfall_before))
    elif e.shortfall_after < e.shortfall_before:
        out.append(ngettext(
            "at a supply only {n} inhabitant would lack grain (now {before})",
            "at a supply only {n} inhabitants would lack grain (now {before})",
            e.shortfall_after).format(n=e.shortfall_after, before=e.shortfall_before))
    if e.shortfall_after > e.food_after and not isinstance(ans, FeedPlan):
        out.append(_("your grain and inhabitant coin cards and luxury goods would pay only {n} "
                     "of it").format(n=e.food_after))
    if e.protects:
        out.append(_("it protects you from {cats}").format(cats=_cats(cards, e.protects)))
    elif e.symbol is not None and not e.removed:
        needed = rule_numbers(cards).symbols_for_protection
        if 0 < e.symbols_after < needed:
            out.append(_("with its {cat} symbol you would have {n} of the {needed} that "
                         "protect from it").format(
                cat=catastrophe_name(cards, e.symbol), n=e.symbols_after, needed=needed))
    if e.exposes:
        out.append(_("you lose your protection from {cats}").format(
            cats=_cats(cards, e.exposes)))
    if e.restores:
        out.append(_("at the end it restores your cards covered by {cats}").format(
            cats=_cats(cards, e.restores)))
    for cat, steps in e.steps_left:
        out.append(ngettext("the {cat} marker is {n} step from striking",
                            "the {cat} marker is {n} steps from striking", steps).format(
            cat=catastrophe_name(cards, cat), n=steps))
    if e.income_after != e.income_before:
        out.append(_("your income goes from {before} to {after} coin cards").format(
            before=e.income_before, after=e.income_after))
    if e.once_coins or e.once_luxury:
        out.append(_("once, at the next income: {what}").format(
            what=_amounts(e.once_coins, e.once_luxury)))
    if e.luxury_gained:
        out.append(ngettext("production left over brings {n} luxury good",
                            "production left over brings {n} luxury goods",
                            e.luxury_gained).format(n=e.luxury_gained))
    if e.lost:
        out.append(_("{cards} would be lost").format(cards=card_list(cards, view, e.lost)))
    if e.unbeatable:
        out.append(_("no one can outbid a bid in the conquest row"))
    elif e.rivals:
        out.append(_("still to bid and able to outbid it: {who}").format(who=", ".join(
            ngettext("{name} (with {n} coin card)", "{name} (with {n} coin cards)",
                     need).format(name=view.players[seat].name, n=need)
            for seat, need in e.rivals)))
    elif isinstance(ans, PlaceBid | MoveBid) and e.row == "market":
        out.append(_("no one still to bid holds enough to outbid it"))
    return out


def advice_text(advice: Advice, prompt: AnyPrompt, view: View, cards: CardSet) -> str:
    """The coach's advice: the strong player's answer with the rules' reasons for it, which coin
    cards are interchangeable, and the best other answer it weighed (about as good or not)."""
    best = advice.best
    action = answer_phrase(best.answer, prompt, view, cards)
    if not advice.searched:
        if advice.choices <= 1:
            text = _("The coach would {action}: it is the only answer the rules allow.")
        else:
            text = _("The coach would {action}: nothing else is worth trying here.")
        text = text.format(action=action)
    else:
        text = _("The coach would {action}.").format(action=action)
    why = reasons(best, prompt, view, cards)
    if why:
        text += " " + _("By the rules: {reasons}.").format(reasons="; ".join(why))
    if best.interchangeable:
        text += " " + _("Which of your {kinds} coin cards you give makes no difference.").format(
            kinds=", ".join(kind_name(cards, k) for k in best.interchangeable))
    other = advice.other
    if advice.searched and other is not None:
        phrase = answer_phrase(other.answer, prompt, view, cards)
        if advice.close:
            text += " " + _("To {action} is about as good: played on from here, the two could "
                            "not be told apart.").format(action=phrase)
        else:
            text += " " + _("The best other answer, to {action}, did clearly worse played on "
                            "from here.").format(action=phrase)
        said = set(why)
        other_why = [r for r in reasons(other, prompt, view, cards) if r not in said]
        if other_why:
            text += " " + _("For that answer: {reasons}.").format(reasons="; ".join(other_why))
    return text


__all__ = ["advice_text", "answer_phrase", "kinds_text", "payment", "reasons"]
