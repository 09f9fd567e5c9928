"""The event log: every automatic event and every applied answer, as a readable sentence."""

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


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    ``kind`` is a stable keyword (for the UI and the demo narration), ``text`` a sentence for
    players, ``cards`` the power cards involved (to highlight), ``player`` the seat concerned.
    ``private`` events (such as the backs of coins drawn) are shown only to ``player``.
    """

    seq: int
    round: int
    phase: Phase
    kind: EventKind
    text: str
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
                "text": self.text, "player": self.player, "cards": list(self.cards),
                "data": {k: v for k, v in self.data}}
