"""The event log: every automatic event and every applied answer, as a kind plus its data.

The engine writes no sentence: :func:`peloponnes_tui.log_text.event_text` makes one from an
event where it is shown, in the language chosen then (so a saved game's log reads in whichever
language is chosen when it is resumed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

# The parts of a game, in the rulebook's order (a round runs reveal .. income; the game ends with
# the final supply, the late restoration of covered cards and scoring).
Phase = Literal["setup", "reveal", "catastrophe", "supply", "bidding", "turn_order", "gain",
                "income", "restoration", "scoring", "over"]
PHASES: tuple[Phase, ...] = ("setup", "reveal", "catastrophe", "supply", "bidding", "turn_order",
                             "gain", "income", "restoration", "scoring", "over")

# What an event records.
EventKind = Literal[
    "setup", "start_order", "position", "reveal", "track", "strike", "protected", "unaffected",
    "luxury_lost", "removed", "covered", "supply", "fed", "completed", "lost", "bid", "outbid",
    "move_bid", "pass", "withdraw", "discarded", "turn_order", "gain", "build", "construction",
    "income", "luxury", "coins_out", "reshuffle", "restored", "score", "winner",
]

# The reasons some events give (their ``why``), as stable keywords:
# luxury goods gained for production left over after building, grain left over after feeding,
# a card's one-time income (``card``), or an income row's inhabitants (``inhabitants``);
LuxuryReason = Literal["excess_production", "excess_grain", "one_time", "inhabitants"]
# a pass because no card is affordable, or by choice;
PassReason = Literal["cannot_afford", "chose"]
# an outbid bid taken back because it fits no other card, or by choice;
WithdrawReason = Literal["nowhere_to_move", "chose"]
# a won building lost because it can be neither paid for nor put under construction, or a
# building under construction left unpaid at a supply.
LostReason = Literal["cannot_build", "unpaid"]
# How a card is covered (or a construction begun): a coin card from the hand, or one drawn blind
# for a luxury good.
CoverPayment = Literal["coin", "luxury"]


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    ``kind`` is a stable keyword, ``player`` the seat concerned, ``cards`` the power cards
    involved (to highlight) and ``data`` everything else a sentence about it needs (counts, card
    and catastrophe ids, reasons as stable keywords); ``docs/architecture.md`` lists the data of
    each kind.
    """

    seq: int
    round: int
    phase: Phase
    kind: EventKind
    player: int | None = None
    cards: tuple[str, ...] = ()
    data: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        return default

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "round": self.round, "phase": self.phase, "kind": self.kind,
                "player": self.player, "cards": list(self.cards),
                "data": {k: v for k, v in self.data}}
