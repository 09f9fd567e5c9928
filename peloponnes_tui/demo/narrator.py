"""Explains each event of the log by the rule that caused it, in plain words.

Used by the narrated demonstrations (``peloponnes demo``) in the app and as text.
"""

from __future__ import annotations

from dataclasses import dataclass

from peloponnes_tui.engine.log import Event

CATASTROPHE_RULES = {
    "plague": "Plague lays civilizations waste: each unprotected player covers their "
              "civilization card with a coin card (it then counts only its catastrophe symbols) "
              "or loses it.",
    "earthquake": "An earthquake damages a third of each unprotected player's buildings, rounded "
                  "up; the player picks which, and covers each with a coin card or loses it. "
                  "Buildings under construction may be picked.",
    "tempest": "A tempest lays waste a third of each unprotected player's landscapes, rounded "
               "up; the player picks which, and covers each with a coin card or loses it.",
    "drought": "Drought hits the power card that grows the most grain (never the civilization "
               "card); with a tie the player picks. Cover it with a coin card or lose it.",
    "decline": "Decline wipes out all luxury goods. The luxury card is then covered with a coin "
               "card, so it holds at most 3 goods and loses its 2 inhabitants and 2 power, or it "
               "is given up and no luxury can be gained again.",
}

RULES: dict[str, str] = {
    "setup": "Every player gets a random civilization card and as many coin cards as it shows; "
             "the lowest start number beside the arrow plays first.",
    "start_order": "In the first round, play goes in the order of the start numbers printed "
                   "beside the arrow on the civilization cards, lowest first.",
    "reveal": "Each round six power cards come up: one per player goes to the market, the rest "
              "to the conquest row.",
    "track": "Only the first two cards revealed in a round move the catastrophe markers, one "
             "space per symbol. When a marker reaches the last space, that catastrophe strikes "
             "- once per game.",
    "protected": "A building with that catastrophe's protection symbol, or three matching "
                 "catastrophe symbols in one tableau (covered cards still show theirs), let a "
                 "player ignore the catastrophe.",
    "covered": "A card saved with a coin card counts for nothing but its catastrophe symbol. "
               "Luxury goods can pay for that coin: the coin is then drawn blind from the pile.",
    "removed": "A card that is not covered, or that feeding cannot support, goes back to the "
               "box for good; coins on or under it go to the discard pile.",
    "supply": "A supply comes when a card with the supply symbol is revealed (one among the B "
              "cards, one among the C cards) and once more at the very end: every inhabitant "
              "eats one grain, and buildings under construction must be paid for.",
    "fed": "Grain production feeds first; grain or inhabitant coin cards, luxury goods or "
           "removing cards make up a shortfall. The luxury card's inhabitants never eat.",
    "bid": "A bid is a number of coin cards no lower than the card's value. In the conquest row "
           "a card costs its value plus three (Barracks and Stockade take one off each), but a "
           "bid there can never be beaten. Market and Agora make each bid count half a coin "
           "more, so a tie goes to their owner.",
    "outbid": "To take a card someone has bid on, you must bid more. The beaten player at once "
              "moves the same bid to another card where it is high enough - which can beat "
              "someone else in turn - or takes it back.",
    "move_bid": "A moved bid keeps its coin cards; it must meet the new card's minimum and beat "
                "any bid already there.",
    "withdraw": "Taking a bid back returns its coin cards to the hand, plus three from the "
                "pile, and no power card this round.",
    "pass": "Passing draws three coin cards and gives up a power card this round.",
    "turn_order": "Next round the biggest bid goes first, counted in coin cards only (the "
                  "Market/Agora half coin does not count). Equal bids keep their order; a pass "
                  "counts as nothing.",
    "discarded": "Power cards nobody bid on leave the game.",
    "gain": "Landscapes are laid to the right of the civilization card, buildings to the left.",
    "build": "A new building is paid first from the wood and stone the tableau already produces "
             "(the new card does not help), then with matching coin cards or luxury goods.",
    "construction": "A coin card slid under a building puts it under construction: it works "
                    "fully at once but must be paid at the next supply.",
    "lost": "A building that cannot be paid for or put under construction - or is not paid at "
            "supply - goes back to the box.",
    "completed": "At supply, all buildings under construction are paid for together; the "
                 "tableau's production counts only once for all of them, and no luxury is "
                 "earned.",
    "luxury_lost": CATASTROPHE_RULES["decline"],
    "income": "Income: coin cards by the number of inhabitants on the table (not the luxury "
              "card's), one more each for Port and Temple of Apollo, plus the one-time income "
              "printed on a card won this round.",
    "restored": "At the end, a player who has gained protection from a catastrophe after it "
                "struck lifts the coin cards it laid; those cards count again for scoring.",
    "score": "The score is the lower of population and power. Population adds inhabitant coin "
             "cards left in hand; every six other coin cards or luxury goods make one power "
             "point; the luxury card adds 2 and 2 unless decline hit it.",
    "winner": "The best score wins; a tie goes to the higher of the other value, then to the "
              "most luxury goods.",
    "reshuffle": "When the coin pile runs out, the discard pile is shuffled into a new one.",
}

LUXURY_RULES = {
    "excess production": "Building from production alone earns a luxury good for each wood or "
                         "stone left over - but none if luxury goods helped pay.",
    "excess grain": "Grain left over after feeding becomes luxury goods.",
    "inhabitants": "From 11 inhabitants on, income also brings luxury goods.",
    "one-time": "Some cards pay luxury goods once, when won.",
}
LUXURY_CAP = ("Luxury goods stop at 17, at 3 once decline has covered the luxury card, and "
              "at 0 once the card is gone.")


@dataclass(frozen=True, slots=True)
class Narration:
    event: Event
    rule: str | None  # None when the rule was already explained in this run


class Narrator:
    """Pairs events with their rule, explaining each rule once per demonstration."""

    def __init__(self) -> None:
        self.explained: set[str] = set()

    def rule_for(self, event: Event) -> tuple[str, str] | None:
        """(key, explanation) of the rule behind an event, or None."""
        if event.kind == "strike":
            cat = str(event.get("catastrophe"))
            return f"strike:{cat}", CATASTROPHE_RULES.get(cat, "")
        if event.kind == "luxury":
            why = str(event.get("why", ""))
            for key, text in LUXURY_RULES.items():
                if key in why:
                    if "capped" in event.text or "no luxury card" in event.text:
                        return f"luxury:{key}:cap", text + " " + LUXURY_CAP
                    return f"luxury:{key}", text
            return None
        rule = RULES.get(event.kind)
        return (event.kind, rule) if rule else None

    def narrate(self, event: Event) -> Narration:
        found = self.rule_for(event)
        if found is None or found[0] in self.explained:
            return Narration(event, None)
        self.explained.add(found[0])
        return Narration(event, found[1])
