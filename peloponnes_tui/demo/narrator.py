"""Explains each event of the log by the rule that caused it, in plain words.

Used by the narrated demonstrations (``peloponnes demo``) in the app and as text.  The rule
numbers in the explanations (coin cards drawn for a pass, the conquest surcharge, the luxury cap,
...) come from the engine (:func:`~peloponnes_tui.engine.numbers.rule_numbers`).  Every
explanation is made in the language chosen when it is asked for (``peloponnes_tui.i18n``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import assert_never

from peloponnes_tui.card_text import bonus_coins
from peloponnes_tui.cards import CardSet
from peloponnes_tui.engine.log import Event, LuxuryData, Phase, StrikeData
from peloponnes_tui.engine.numbers import rule_numbers
from peloponnes_tui.i18n import _, in_words, language, ngettext, share_in_words


def phase_name(phase: Phase) -> str:
    """The part of the game an event belongs to, in words (lower case, for a narration line)."""
    match phase:
        case "setup":
            return _("setup")
        case "reveal":
            return _("reveal")
        case "catastrophe":
            return _("catastrophe")
        case "supply":
            return _("supply")
        case "bidding":
            return _("bidding")
        case "turn_order":
            return _("turn order")
        case "gain":
            return _("gain")
        case "income":
            return _("income")
        case "restoration":
            return _("restoration")
        case "scoring":
            return _("scoring")
        case "over":
            return _("over")
        case _:
            assert_never(phase)


def catastrophe_rules(cards: CardSet) -> dict[str, str]:
    """What each catastrophe does, with the rule numbers the engine gives for ``cards``."""
    n = rule_numbers(cards)
    share = share_in_words(n.row_share)
    return {
        "plague": _("Plague lays civilizations waste: each unprotected player covers their "
                    "civilization card with a coin card (it then counts only its catastrophe "
                    "symbols) or loses it."),
        "earthquake": _("An earthquake damages {share} of each unprotected player's buildings, "
                        "rounded up; the player picks which, and covers each with a coin card or "
                        "loses it. Buildings under construction may be picked.").format(
                            share=share),
        "tempest": _("A tempest lays waste {share} of each unprotected player's landscapes, "
                     "rounded up; the player picks which, and covers each with a coin card or "
                     "loses it.").format(share=share),
        "drought": _("Drought hits the power card that grows the most grain (never the "
                     "civilization card); with a tie the player picks. Cover it with a coin card "
                     "or lose it."),
        "decline": " ".join((
            _("Decline wipes out all luxury goods."),
            ngettext("The luxury card is then covered with a coin card, so it holds at most {cap} "
                     "good and loses its {inhabitants} inhabitants and {power} power, or it is "
                     "given up and no luxury can be gained again.",
                     "The luxury card is then covered with a coin card, so it holds at most {cap} "
                     "goods and loses its {inhabitants} inhabitants and {power} power, or it is "
                     "given up and no luxury can be gained again.",
                     n.declined_luxury_cap).format(cap=n.declined_luxury_cap,
                                                   inhabitants=n.luxury_card_inhabitants,
                                                   power=n.luxury_card_power))),
    }


def rules(cards: CardSet) -> dict[str, str]:
    """The rule behind each kind of event, with the engine's rule numbers for ``cards``."""
    n = rule_numbers(cards)
    passing = in_words(n.coins_for_passing)
    return {
        "setup": _("Every player gets a random civilization card and as many coin cards as it "
                   "shows; the lowest start number beside the arrow plays first."),
        "start_order": _("In the first round, play goes in the order of the start numbers "
                         "printed beside the arrow on the civilization cards, lowest first."),
        "reveal": ngettext("Each round {n} power card comes up: one per player goes to the "
                           "market, the rest to the conquest row.",
                           "Each round {n} power cards come up: one per player goes to the "
                           "market, the rest to the conquest row.",
                           n.cards_per_round).format(n=in_words(n.cards_per_round)),
        "track": ngettext("Only the first {n} card revealed in a round moves the catastrophe "
                          "markers, one space per symbol. When a marker reaches the last space, "
                          "that catastrophe strikes - once per game.",
                          "Only the first {n} cards revealed in a round move the catastrophe "
                          "markers, one space per symbol. When a marker reaches the last space, "
                          "that catastrophe strikes - once per game.",
                          n.cards_that_move_markers).format(
                              n=in_words(n.cards_that_move_markers)),
        "protected": ngettext("A building with that catastrophe's protection symbol, or {n} "
                              "matching catastrophe symbol in one tableau (covered cards still "
                              "show theirs), let a player ignore the catastrophe.",
                              "A building with that catastrophe's protection symbol, or {n} "
                              "matching catastrophe symbols in one tableau (covered cards still "
                              "show theirs), let a player ignore the catastrophe.",
                              n.symbols_for_protection).format(
                                  n=in_words(n.symbols_for_protection)),
        "covered": _("A card saved with a coin card counts for nothing but its catastrophe "
                     "symbol. Luxury goods can pay for that coin: the coin is then drawn blind "
                     "from the pile."),
        "removed": _("A card that is not covered, or that feeding cannot support, goes back to "
                     "the box for good; coins on or under it go to the discard pile."),
        "supply": _("A supply comes when a card with the supply symbol is revealed (one among "
                    "the B cards, one among the C cards) and once more at the very end: every "
                    "inhabitant eats one grain, and buildings under construction must be paid "
                    "for."),
        "fed": _("Grain production feeds first; grain or inhabitant coin cards, luxury goods or "
                 "removing cards make up a shortfall. The luxury card's inhabitants never eat."),
        "bid": _("A bid is a number of coin cards no lower than the card's value. In the conquest "
                 "row a card costs its value plus {surcharge} (Barracks and Stockade take "
                 "{discount} off each), but a bid there can never be beaten. Market and Agora "
                 "make each bid count {bonus} more, so a tie goes to their owner.").format(
                     surcharge=in_words(n.conquest_surcharge),
                     discount=in_words(n.conquest_discount_per_card),
                     bonus=bonus_coins(n.bid_bonus_halves_per_card)),
        "outbid": _("To take a card someone has bid on, you must bid more. The beaten player at "
                    "once moves the same bid to another card where it is high enough - which can "
                    "beat someone else in turn - or takes it back."),
        "move_bid": _("A moved bid keeps its coin cards; it must meet the new card's minimum and "
                      "beat any bid already there."),
        "withdraw": _("Taking a bid back returns its coin cards to the hand, plus {n} from the "
                      "pile, and no power card this round.").format(n=passing),
        "pass": ngettext("Passing draws {n} coin card and gives up a power card this round.",
                         "Passing draws {n} coin cards and gives up a power card this round.",
                         n.coins_for_passing).format(n=passing),
        "turn_order": _("Next round the biggest bid goes first, counted in coin cards only (the "
                        "Market/Agora half coin does not count). Equal bids keep their order; a "
                        "pass counts as nothing."),
        "discarded": _("Power cards nobody bid on leave the game."),
        "gain": _("Landscapes are laid to the right of the civilization card, buildings to the "
                  "left."),
        "build": _("A new building is paid first from the wood and stone the tableau already "
                   "produces (the new card does not help), then with matching coin cards or "
                   "luxury goods."),
        "construction": _("A coin card slid under a building puts it under construction: it "
                          "works fully at once but must be paid at the next supply."),
        "lost": _("A building that cannot be paid for or put under construction - or is not "
                  "paid at supply - goes back to the box."),
        "completed": _("At supply, all buildings under construction are paid for together; the "
                       "tableau's production counts only once for all of them, and no luxury is "
                       "earned."),
        "luxury_lost": catastrophe_rules(cards)["decline"],
        "income": _("Income: coin cards by the number of inhabitants on the table (not the "
                    "luxury card's), one more each for Port and Temple of Apollo, plus the "
                    "one-time income printed on a card won this round."),
        "restored": _("At the end, a player who has gained protection from a catastrophe after "
                      "it struck lifts the coin cards it laid; those cards count again for "
                      "scoring."),
        "score": " ".join((
            ngettext("The score is the lower of population and power. Population adds "
                     "inhabitant coin cards left in hand; every {n} other coin card or luxury "
                     "good makes one power point;",
                     "The score is the lower of population and power. Population adds "
                     "inhabitant coin cards left in hand; every {n} other coin cards or luxury "
                     "goods make one power point;",
                     n.leftovers_per_power_point).format(
                         n=in_words(n.leftovers_per_power_point)),
            _("the luxury card adds {inhabitants} and {power} unless decline hit it.").format(
                inhabitants=n.luxury_card_inhabitants, power=n.luxury_card_power))),
        "winner": _("The best score wins; a tie goes to the higher of the other value, then to "
                    "the most luxury goods."),
        "reshuffle": _("When the coin pile runs out, the discard pile is shuffled into a new "
                       "one."),
    }


def luxury_rules(cards: CardSet) -> dict[str, str]:
    """Why luxury goods are gained (keyed by the reason the log gives), with the engine's
    rule numbers for ``cards``."""
    n = rule_numbers(cards)
    out = {
        "excess_production": _("Building from production alone earns a luxury good for each "
                               "wood or stone left over - but none if luxury goods helped pay."),
        "excess_grain": _("Grain left over after feeding becomes luxury goods."),
    }
    if n.luxury_income_from is not None:
        out["inhabitants"] = _("From {n} inhabitants on, income also brings luxury "
                               "goods.").format(n=n.luxury_income_from)
    out["one_time"] = _("Some cards pay luxury goods once, when won.")
    return out


def luxury_cap_rule(cards: CardSet) -> str:
    """The luxury cap, in words, with the engine's rule numbers for ``cards``."""
    n = rule_numbers(cards)
    return _("Luxury goods stop at {cap}, at {declined} once decline has covered the luxury "
             "card, and at 0 once the card is gone.").format(cap=n.luxury_cap,
                                                              declined=n.declined_luxury_cap)


@dataclass(frozen=True, slots=True)
class Narration:
    event: Event
    rule: str | None  # None when the rule was already explained in this run


class Narrator:
    """Pairs events with their rule, explaining each rule once per demonstration.

    The explanations are made in the language chosen when an event is narrated (they are kept
    per language, so switching languages mid-way just makes them once more)."""

    def __init__(self, cards: CardSet) -> None:
        """``cards``: the card data of the game narrated (its rule numbers fill the texts)."""
        self.cards = cards
        self.explained: set[str] = set()
        self._texts: dict[str, tuple[dict[str, str], dict[str, str], dict[str, str], str]] = {}

    def _rules(self) -> tuple[dict[str, str], dict[str, str], dict[str, str], str]:
        """(rules, catastrophe rules, luxury rules, luxury cap) in the current language."""
        lang = language()
        if lang not in self._texts:
            self._texts[lang] = (rules(self.cards), catastrophe_rules(self.cards),
                                 luxury_rules(self.cards), luxury_cap_rule(self.cards))
        return self._texts[lang]

    def rule_for(self, event: Event) -> tuple[str, str] | None:
        """(key, explanation) of the rule behind an event, or None."""
        by_kind, by_catastrophe, by_luxury, cap = self._rules()
        match event.data:
            case StrikeData(catastrophe=cat):
                return f"strike:{cat}", by_catastrophe.get(cat, "")
            case LuxuryData(why=key, gained=gained, amount=amount):
                text = by_luxury.get(key)
                if text is None:
                    return None
                if gained < amount:  # the cap kept some back
                    return f"luxury:{key}:cap", text + " " + cap
                return f"luxury:{key}", text
            case _:
                pass
        rule = by_kind.get(event.kind)
        return (event.kind, rule) if rule else None

    def narrate(self, event: Event) -> Narration:
        found = self.rule_for(event)
        if found is None or found[0] in self.explained:
            return Narration(event, None)
        self.explained.add(found[0])
        return Narration(event, found[1])
