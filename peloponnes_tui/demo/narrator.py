"""Explains each event of the log by the rule that caused it, in plain words.

Used by the narrated demonstrations (``peloponnes demo``) in the app and as text.  The rule
numbers in the explanations (coin cards drawn for a pass, the conquest surcharge, the luxury cap,
...) come from the engine (:func:`~peloponnes_tui.engine.numbers.rule_numbers`).
"""

from __future__ import annotations

from dataclasses import dataclass

from peloponnes_tui.cards import CardSet
from peloponnes_tui.engine.log import Event
from peloponnes_tui.engine.numbers import in_words, rule_numbers

# A catastrophe that hits one card in ``row_share`` of a row, in words.
_SHARES = {2: "half", 3: "a third", 4: "a quarter"}


def catastrophe_rules(cards: CardSet) -> dict[str, str]:
    """What each catastrophe does, with the rule numbers the engine gives for ``cards``."""
    n = rule_numbers(cards)
    share = _SHARES.get(n.row_share, f"one in {n.row_share}")
    return {
        "plague": "Plague lays civilizations waste: each unprotected player covers their "
                  "civilization card with a coin card (it then counts only its catastrophe "
                  "symbols) or loses it.",
        "earthquake": f"An earthquake damages {share} of each unprotected player's buildings, "
                      "rounded up; the player picks which, and covers each with a coin card or "
                      "loses it. Buildings under construction may be picked.",
        "tempest": f"A tempest lays waste {share} of each unprotected player's landscapes, "
                   "rounded up; the player picks which, and covers each with a coin card or "
                   "loses it.",
        "drought": "Drought hits the power card that grows the most grain (never the "
                   "civilization card); with a tie the player picks. Cover it with a coin card or "
                   "lose it.",
        "decline": "Decline wipes out all luxury goods. The luxury card is then covered with a "
                   f"coin card, so it holds at most {n.declined_luxury_cap} goods and loses its "
                   f"{n.luxury_card_inhabitants} inhabitants and {n.luxury_card_power} power, or "
                   "it is given up and no luxury can be gained again.",
    }


def rules(cards: CardSet) -> dict[str, str]:
    """The rule behind each kind of event, with the engine's rule numbers for ``cards``."""
    n = rule_numbers(cards)
    passing = in_words(n.coins_for_passing)
    return {
        "setup": "Every player gets a random civilization card and as many coin cards as it "
                 "shows; the lowest start number beside the arrow plays first.",
        "start_order": "In the first round, play goes in the order of the start numbers printed "
                       "beside the arrow on the civilization cards, lowest first.",
        "reveal": f"Each round {in_words(n.cards_per_round)} power cards come up: one per player "
                  "goes to the market, the rest to the conquest row.",
        "track": f"Only the first {in_words(n.cards_that_move_markers)} cards revealed in a "
                 "round move the catastrophe markers, one space per symbol. When a marker "
                 "reaches the last space, that catastrophe strikes - once per game.",
        "protected": "A building with that catastrophe's protection symbol, or "
                     f"{in_words(n.symbols_for_protection)} matching catastrophe symbols in one "
                     "tableau (covered cards still show theirs), let a player ignore the "
                     "catastrophe.",
        "covered": "A card saved with a coin card counts for nothing but its catastrophe symbol. "
                   "Luxury goods can pay for that coin: the coin is then drawn blind from the "
                   "pile.",
        "removed": "A card that is not covered, or that feeding cannot support, goes back to the "
                   "box for good; coins on or under it go to the discard pile.",
        "supply": "A supply comes when a card with the supply symbol is revealed (one among the "
                  "B cards, one among the C cards) and once more at the very end: every "
                  "inhabitant eats one grain, and buildings under construction must be paid for.",
        "fed": "Grain production feeds first; grain or inhabitant coin cards, luxury goods or "
               "removing cards make up a shortfall. The luxury card's inhabitants never eat.",
        "bid": "A bid is a number of coin cards no lower than the card's value. In the conquest "
               f"row a card costs its value plus {in_words(n.conquest_surcharge)} (Barracks and "
               "Stockade take one off each), but a bid there can never be beaten. Market and "
               "Agora make each bid count half a coin more, so a tie goes to their owner.",
        "outbid": "To take a card someone has bid on, you must bid more. The beaten player at "
                  "once moves the same bid to another card where it is high enough - which can "
                  "beat someone else in turn - or takes it back.",
        "move_bid": "A moved bid keeps its coin cards; it must meet the new card's minimum and "
                    "beat any bid already there.",
        "withdraw": "Taking a bid back returns its coin cards to the hand, plus "
                    f"{passing} from the pile, and no power card this round.",
        "pass": f"Passing draws {passing} coin cards and gives up a power card this round.",
        "turn_order": "Next round the biggest bid goes first, counted in coin cards only (the "
                      "Market/Agora half coin does not count). Equal bids keep their order; a "
                      "pass counts as nothing.",
        "discarded": "Power cards nobody bid on leave the game.",
        "gain": "Landscapes are laid to the right of the civilization card, buildings to the "
                "left.",
        "build": "A new building is paid first from the wood and stone the tableau already "
                 "produces (the new card does not help), then with matching coin cards or "
                 "luxury goods.",
        "construction": "A coin card slid under a building puts it under construction: it works "
                        "fully at once but must be paid at the next supply.",
        "lost": "A building that cannot be paid for or put under construction - or is not paid "
                "at supply - goes back to the box.",
        "completed": "At supply, all buildings under construction are paid for together; the "
                     "tableau's production counts only once for all of them, and no luxury is "
                     "earned.",
        "luxury_lost": catastrophe_rules(cards)["decline"],
        "income": "Income: coin cards by the number of inhabitants on the table (not the luxury "
                  "card's), one more each for Port and Temple of Apollo, plus the one-time "
                  "income printed on a card won this round.",
        "restored": "At the end, a player who has gained protection from a catastrophe after it "
                    "struck lifts the coin cards it laid; those cards count again for scoring.",
        "score": "The score is the lower of population and power. Population adds inhabitant "
                 f"coin cards left in hand; every {in_words(n.leftovers_per_power_point)} other "
                 "coin cards or luxury goods make one power point; the luxury card adds "
                 f"{n.luxury_card_inhabitants} and {n.luxury_card_power} unless decline hit it.",
        "winner": "The best score wins; a tie goes to the higher of the other value, then to the "
                  "most luxury goods.",
        "reshuffle": "When the coin pile runs out, the discard pile is shuffled into a new one.",
    }


def luxury_rules(cards: CardSet) -> dict[str, str]:
    """Why luxury goods are gained (keyed by the reason the log gives), with the engine's
    rule numbers for ``cards``."""
    n = rule_numbers(cards)
    out = {
        "excess_production": "Building from production alone earns a luxury good for each wood "
                             "or stone left over - but none if luxury goods helped pay.",
        "excess_grain": "Grain left over after feeding becomes luxury goods.",
    }
    if n.luxury_income_from is not None:
        out["inhabitants"] = (f"From {n.luxury_income_from} inhabitants on, income also brings "
                              "luxury goods.")
    out["one_time"] = "Some cards pay luxury goods once, when won."
    return out


def luxury_cap_rule(cards: CardSet) -> str:
    """The luxury cap, in words, with the engine's rule numbers for ``cards``."""
    n = rule_numbers(cards)
    return (f"Luxury goods stop at {n.luxury_cap}, at {n.declined_luxury_cap} once decline has "
            "covered the luxury card, and at 0 once the card is gone.")


@dataclass(frozen=True, slots=True)
class Narration:
    event: Event
    rule: str | None  # None when the rule was already explained in this run


class Narrator:
    """Pairs events with their rule, explaining each rule once per demonstration."""

    def __init__(self, cards: CardSet) -> None:
        """``cards``: the card data of the game narrated (its rule numbers fill the texts)."""
        self.cards = cards
        self.rules = rules(self.cards)
        self.catastrophe_rules = catastrophe_rules(self.cards)
        self.luxury_rules = luxury_rules(self.cards)
        self.luxury_cap = luxury_cap_rule(self.cards)
        self.explained: set[str] = set()

    def rule_for(self, event: Event) -> tuple[str, str] | None:
        """(key, explanation) of the rule behind an event, or None."""
        if event.kind == "strike":
            cat = str(event.get("catastrophe"))
            return f"strike:{cat}", self.catastrophe_rules.get(cat, "")
        if event.kind == "luxury":
            key = str(event.get("why"))
            text = self.luxury_rules.get(key)
            if text is None:
                return None
            if event.get("gained") < event.get("amount"):  # the cap kept some back
                return f"luxury:{key}:cap", text + " " + self.luxury_cap
            return f"luxury:{key}", text
        rule = self.rules.get(event.kind)
        return (event.kind, rule) if rule else None

    def narrate(self, event: Event) -> Narration:
        found = self.rule_for(event)
        if found is None or found[0] in self.explained:
            return Narration(event, None)
        self.explained.add(found[0])
        return Narration(event, found[1])
