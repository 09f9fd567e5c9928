"""What the engine asks a player, as one sentence in the language chosen now.

A prompt carries only its kind and its data (:mod:`peloponnes_tui.engine.prompts`); the sentence
is made here, when it is shown (the help screen's "The engine asks", the plain-text
demonstration).  The rule constants come from the engine (:func:`rule_numbers`), card and
catastrophe names from the card data.
"""

from __future__ import annotations

from typing import assert_never

from peloponnes_tui.cards import CardSet
from peloponnes_tui.engine.names import card_ref
from peloponnes_tui.engine.numbers import rule_numbers
from peloponnes_tui.engine.prompts import (
    AnyPrompt,
    BidPrompt,
    BuildPrompt,
    CatastrophePrompt,
    CompletePrompt,
    FeedPrompt,
    OutbidPrompt,
)
from peloponnes_tui.i18n import _, name, ngettext
from peloponnes_tui.message import CardRef, Message
from peloponnes_tui.refusals import message_text


def _card(cards: CardSet, card: str) -> str:
    ref = card_ref(cards, card)
    match ref:
        case Message():
            return message_text(ref)
        case str() | int():
            return str(ref)
        case CardRef():
            return name(ref)
        case _:
            assert_never(ref)


def _catastrophe(prompt: CatastrophePrompt, cards: CardSet) -> str:
    cat = cards.catastrophe_by_id[prompt.catastrophe]
    match prompt.catastrophe:
        case "plague":
            return _("{catastrophe}: cover your civilization card with a coin card, or remove "
                     "it.").format(catastrophe=name(cat.name))
        case "decline":
            cap = rule_numbers(cards).declined_luxury_cap
            return ngettext(
                "{catastrophe}: cover your luxury card with a coin card (it then holds at most "
                "{n} luxury good) or give it up (no more luxury goods this game).",
                "{catastrophe}: cover your luxury card with a coin card (it then holds at most "
                "{n} luxury goods) or give it up (no more luxury goods this game).",
                cap).format(catastrophe=name(cat.name), n=cap)
        case "earthquake":
            return ngettext(
                "{catastrophe}: choose {n} of your buildings and cover it with a coin card or "
                "remove it.",
                "{catastrophe}: choose {n} of your buildings and cover each with a coin card or "
                "remove it.", prompt.count).format(catastrophe=name(cat.name), n=prompt.count)
        case "tempest":
            return ngettext(
                "{catastrophe}: choose {n} of your landscapes and cover it with a coin card or "
                "remove it.",
                "{catastrophe}: choose {n} of your landscapes and cover each with a coin card "
                "or remove it.", prompt.count).format(catastrophe=name(cat.name), n=prompt.count)
        case "drought":
            if len(prompt.candidates) > 1:
                return _("{catastrophe}: your power card with the most grain is hit (choose one "
                         "of the tied cards); cover it with a coin card or remove it."
                         ).format(catastrophe=name(cat.name))
            return _("{catastrophe}: your power card with the most grain is hit; cover it with "
                     "a coin card or remove it.").format(catastrophe=name(cat.name))
        case _:
            assert_never(prompt.catastrophe)


def prompt_text(prompt: AnyPrompt, cards: CardSet) -> str:
    """What ``prompt`` asks, as a sentence in the current language."""
    numbers = rule_numbers(cards)
    match prompt:
        case BidPrompt():
            n = numbers.coins_for_passing
            return ngettext(
                "Bid coin cards on a power card (at least its value; more than any bid already "
                "on it; +{surcharge} in the conquest row), or pass and draw {n} coin card.",
                "Bid coin cards on a power card (at least its value; more than any bid already "
                "on it; +{surcharge} in the conquest row), or pass and draw {n} coin cards.",
                n).format(surcharge=numbers.conquest_surcharge, n=n)
        case OutbidPrompt():
            n = numbers.coins_for_passing
            return ngettext(
                "Your bid of {coins} on {card} was beaten. Move it unchanged to another card, "
                "or take it back and draw {n} coin card.",
                "Your bid of {coins} on {card} was beaten. Move it unchanged to another card, "
                "or take it back and draw {n} coin cards.",
                n).format(coins=prompt.coins, card=_card(cards, prompt.from_card), n=n)
        case BuildPrompt():
            return _("You won {card} (costs {wood} wood, {stone} stone). Pay for it now, or put "
                     "it under construction with a coin card.").format(
                card=_card(cards, prompt.card), wood=prompt.cost_wood, stone=prompt.cost_stone)
        case CatastrophePrompt():
            return _catastrophe(prompt, cards)
        case FeedPrompt():
            return ngettext(
                "Supply: {n} inhabitant needs grain but your cards produce {grain}. Cover the "
                "{missing} missing with grain or inhabitant coin cards or luxury goods, or "
                "remove cards.",
                "Supply: {n} inhabitants need grain but your cards produce {grain}. Cover the "
                "{missing} missing with grain or inhabitant coin cards or luxury goods, or "
                "remove cards.", prompt.inhabitants).format(
                n=prompt.inhabitants, grain=prompt.grain, missing=prompt.shortfall)
        case CompletePrompt():
            return _("Supply: pay for your buildings under construction (production counts "
                     "once for all of them); any you leave unpaid is lost.")
        case _:
            assert_never(prompt)


__all__ = ["prompt_text"]
