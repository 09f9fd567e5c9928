"""The table: piles, rows, tableaus, hands and markers.  Plain data, serialisable to JSON.

The two rows of a tableau (buildings and landscapes) are :class:`PlacedRow` lists with a
``version``: a number drawn afresh from one counter for the whole process whenever the row
changes, by any list method or by a card in it being covered, uncovered, pledged or completed
(each :class:`Placed` tells the row that holds it).  Two rows with the same version hold the same
cards in the same states, so what follows from a tableau can be kept for as long as the versions
of its rows stand (:mod:`~peloponnes_tui.engine.view`).  Everything else of a player is a plain
field, read directly.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal, Self, SupportsIndex, overload

from peloponnes_tui.cards import CatastropheId

CIV = "civ"  # how prompts and answers name a player's civilization card
LUXURY = "luxury"  # ... and their luxury card

CardState = Literal["active", "covered", "removed"]

# One counter for the whole process, so that a version is never given to two different rows.
_versions = itertools.count(1)


class PlacedRow(list["Placed"]):
    """A row of a tableau (buildings or landscapes) that knows its ``version``.

    Reading is a plain list's; every method that changes the row gives it a new version and makes
    it the ``row`` of the cards in it, which then report their own changes.  Slices, sums and
    ``copy()`` of a row are plain lists; ``deepcopy`` and ``pickle`` give a new row.
    """

    __slots__ = ("version",)

    def __init__(self, items: Iterable[Placed] = ()) -> None:
        list.__init__(self, items)
        self._changed()

    def _changed(self) -> None:
        for x in self:
            object.__setattr__(x, "row", self)
        self.version = next(_versions)

    def append(self, item: Placed) -> None:
        list.append(self, item)
        self._changed()

    def extend(self, items: Iterable[Placed]) -> None:
        list.extend(self, items)
        self._changed()

    def insert(self, index: SupportsIndex, item: Placed) -> None:
        list.insert(self, index, item)
        self._changed()

    def remove(self, item: Placed) -> None:
        list.remove(self, item)
        self._changed()

    def pop(self, index: SupportsIndex = -1) -> Placed:
        item = list.pop(self, index)
        self._changed()
        return item

    def clear(self) -> None:
        list.clear(self)
        self._changed()

    def sort(self, *args: Any, **kwargs: Any) -> None:
        list.sort(self, *args, **kwargs)
        self._changed()

    def reverse(self) -> None:
        list.reverse(self)
        self._changed()

    @overload
    def __setitem__(self, key: SupportsIndex, value: Placed) -> None: ...
    @overload
    def __setitem__(self, key: slice, value: Iterable[Placed]) -> None: ...

    def __setitem__(self, key: Any, value: Any) -> None:
        list.__setitem__(self, key, value)
        self._changed()

    def __delitem__(self, key: SupportsIndex | slice) -> None:
        list.__delitem__(self, key)
        self._changed()

    # list's own __iadd__ carries the same ignore in typeshed: ``+=`` takes any iterable
    def __iadd__(self, items: Iterable[Placed]) -> Self:  # type: ignore[override,misc]
        list.extend(self, items)
        self._changed()
        return self

    def __imul__(self, n: SupportsIndex) -> Self:
        list.__imul__(self, n)
        self._changed()
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (PlacedRow, (list(self),))

    def clone(self) -> PlacedRow:
        """An independent copy: the same cards in the same states, so the same version."""
        new = PlacedRow.__new__(PlacedRow)
        list.__init__(new, [x.copy() for x in self])
        for x in new:
            object.__setattr__(x, "row", new)
        new.version = self.version
        return new


@dataclass(slots=True)
class Placed:
    """A power card in a tableau.

    ``pledge`` is the coin slid under a building under construction; ``cover`` the coin laid on a
    card hit by the catastrophe ``cover_cause``.  ``row`` is the row that holds it (set by the
    row), which every change gives a new version.
    """

    row: PlacedRow | None = field(default=None, init=False, compare=False, repr=False)
    card: str
    pledge: int | None = None
    cover: int | None = None
    cover_cause: CatastropheId | None = None

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        row = self.row
        if row is not None and name != "row":
            row.version = next(_versions)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Placed, (self.card, self.pledge, self.cover, self.cover_cause))

    @property
    def covered(self) -> bool:
        return self.cover is not None

    @property
    def under_construction(self) -> bool:
        return self.pledge is not None

    def copy(self) -> Placed:
        """An independent copy, in no row yet."""
        new = object.__new__(Placed)
        put = object.__setattr__
        put(new, "row", None)
        put(new, "card", self.card)
        put(new, "pledge", self.pledge)
        put(new, "cover", self.cover)
        put(new, "cover_cause", self.cover_cause)
        return new

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card, "pledge": self.pledge, "cover": self.cover,
                "cause": self.cover_cause}


def _row(items: Iterable[Placed]) -> PlacedRow:
    """A new row of ``items`` (cards already in another row are copied, not taken from it)."""
    return PlacedRow([x.copy() if x.row is not None else x for x in items])


@dataclass(slots=True)
class Player:
    """One player's cards and markers.

    ``buildings`` and ``landscapes`` are always rows (:class:`PlacedRow`; lists given to the
    constructor become rows); do not assign other lists to them.
    """

    seat: int
    name: str
    civ: str
    civ_state: CardState = "active"
    civ_cover: int | None = None
    luxury_state: CardState = "active"
    luxury_cover: int | None = None
    luxury: int = 0
    hand: list[int] = field(default_factory=list)
    buildings: PlacedRow = field(default_factory=PlacedRow)  # in the order they were added
    landscapes: PlacedRow = field(default_factory=PlacedRow)
    bid_card: str | None = None
    bid_coins: list[int] = field(default_factory=list)
    bid_count: int = 0  # coin cards bid this round, for turn order (pass/withdraw = 0)
    won: list[str] = field(default_factory=list)  # power cards gained this round (one-time income)

    def __post_init__(self) -> None:
        if type(self.buildings) is not PlacedRow:
            self.buildings = _row(self.buildings)
        if type(self.landscapes) is not PlacedRow:
            self.landscapes = _row(self.landscapes)

    def copy(self) -> Player:
        """An independent copy in the same state (its rows of the same versions)."""
        return Player(self.seat, self.name, self.civ, self.civ_state, self.civ_cover,
                      self.luxury_state, self.luxury_cover, self.luxury, list(self.hand),
                      self.buildings.clone(), self.landscapes.clone(), self.bid_card,
                      list(self.bid_coins), self.bid_count, list(self.won))

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

    def copy(self) -> Table:
        """An independent copy."""
        return Table(list(self.power_pile), list(self.coin_pile), list(self.discard),
                     list(self.market), list(self.conquest), list(self.box), list(self.civ_box),
                     self.luxury_box, dict(self.markers), list(self.struck))

    def to_json(self) -> dict[str, Any]:
        return {
            "power_pile": list(self.power_pile), "coin_pile": list(self.coin_pile),
            "discard": list(self.discard), "market": list(self.market),
            "conquest": list(self.conquest), "box": list(self.box),
            "civ_box": list(self.civ_box), "luxury_box": self.luxury_box,
            "markers": dict(self.markers), "struck": list(self.struck),
        }
