"""The table: piles, rows, tableaus, hands and markers.  Plain data, serialisable to JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from peloponnes_tui.cards import CatastropheId

CIV = "civ"  # how prompts and answers name a player's civilization card
LUXURY = "luxury"  # ... and their luxury card

CardState = Literal["active", "covered", "removed"]


@dataclass(slots=True)
class Placed:
    """A power card in a tableau.

    ``pledge`` is the coin slid under a building under construction; ``cover`` the coin laid on a
    card hit by the catastrophe ``cover_cause``.
    """

    card: str
    pledge: int | None = None
    cover: int | None = None
    cover_cause: CatastropheId | None = None

    @property
    def covered(self) -> bool:
        return self.cover is not None

    @property
    def under_construction(self) -> bool:
        return self.pledge is not None

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card, "pledge": self.pledge, "cover": self.cover,
                "cause": self.cover_cause}


@dataclass(slots=True)
class Player:
    seat: int
    name: str
    civ: str
    civ_state: CardState = "active"
    civ_cover: int | None = None
    luxury_state: CardState = "active"
    luxury_cover: int | None = None
    luxury: int = 0
    hand: list[int] = field(default_factory=list)
    buildings: list[Placed] = field(default_factory=list)  # in the order they were added
    landscapes: list[Placed] = field(default_factory=list)
    bid_card: str | None = None
    bid_coins: list[int] = field(default_factory=list)
    bid_count: int = 0  # coin cards bid this round, for turn order (pass/withdraw = 0)
    won: list[str] = field(default_factory=list)  # power cards gained this round (one-time income)

    def placed(self) -> list[Placed]:
        return self.buildings + self.landscapes

    def find(self, card: str) -> Placed | None:
        for p in self.buildings:
            if p.card == card:
                return p
        for p in self.landscapes:
            if p.card == card:
                return p
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "name": self.name, "civ": self.civ, "civ_state": self.civ_state,
            "civ_cover": self.civ_cover, "luxury_state": self.luxury_state,
            "luxury_cover": self.luxury_cover, "luxury": self.luxury, "hand": list(self.hand),
            "buildings": [p.to_json() for p in self.buildings],
            "landscapes": [p.to_json() for p in self.landscapes],
            "bid_card": self.bid_card, "bid_coins": list(self.bid_coins),
            "bid_count": self.bid_count, "won": list(self.won),
        }


@dataclass(slots=True)
class Table:
    """Everything on the table that belongs to no player."""

    power_pile: list[str]  # the top of the pile is the END of the list
    coin_pile: list[int]  # top = end
    discard: list[int] = field(default_factory=list)
    market: list[str] = field(default_factory=list)
    conquest: list[str] = field(default_factory=list)
    box: list[str] = field(default_factory=list)  # power cards out of the game
    civ_box: list[str] = field(default_factory=list)
    luxury_box: int = 0
    markers: dict[str, int] = field(default_factory=dict)  # catastrophe -> advances so far
    struck: list[CatastropheId] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "power_pile": list(self.power_pile), "coin_pile": list(self.coin_pile),
            "discard": list(self.discard), "market": list(self.market),
            "conquest": list(self.conquest), "box": list(self.box),
            "civ_box": list(self.civ_box), "luxury_box": self.luxury_box,
            "markers": dict(self.markers), "struck": list(self.struck),
        }
