"""Start a game from a chosen position: for rules tests, demonstrations and teaching.

A :class:`Position` says which civilization, hand, luxury and tableau each player has, which power
cards come up next, where the catastrophe markers stand and which round play starts in.  Every card
it names is *moved* from where the shuffled setup put it, so each card still lies in exactly one
place.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from peloponnes_tui.cards import CARDS_PER_ROUND, ROUNDS, CardSet, CatastropheId
from peloponnes_tui.engine.state import CardState, Placed, Player, Table


class PositionError(ValueError):
    """The position cannot be set up with these cards."""


class PlacedSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    card: str
    under_construction: bool = False
    covered_by: CatastropheId | None = None


class PlayerSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    civ: str | None = None
    civ_state: CardState = "active"
    # Coin cards by back id ("wood-2") or resource ("wood"); None keeps the dealt hand.
    hand: list[str] | None = None
    luxury: int | None = Field(default=None, ge=0)
    luxury_state: CardState = "active"
    buildings: list[str | PlacedSpec] = Field(default_factory=list)
    landscapes: list[str | PlacedSpec] = Field(default_factory=list)


class Position(BaseModel):
    model_config = ConfigDict(extra="forbid")

    round: int = Field(default=1, ge=1, le=ROUNDS)
    order: list[int] | None = None  # seats in turn order
    players: list[PlayerSpec] = Field(default_factory=list)
    reveal: list[str] = Field(default_factory=list)  # next power cards, first drawn first
    markers: dict[CatastropheId, int] = Field(default_factory=dict)
    struck: list[CatastropheId] = Field(default_factory=list)
    coins_next: list[str] = Field(default_factory=list)  # coin cards drawn next, in order


def _take_coin(table: Table, cards: CardSet, spec: str) -> int:
    coins = cards.coins
    for i in range(len(table.coin_pile) - 1, -1, -1):
        c = table.coin_pile[i]
        if coins[c].id == spec or (coins[c].resource == spec and coins[c].amount == 1):
            del table.coin_pile[i]
            return c
    for i in range(len(table.coin_pile) - 1, -1, -1):
        c = table.coin_pile[i]
        if coins[c].resource == spec:
            del table.coin_pile[i]
            return c
    raise PositionError(f"no coin card {spec!r} is left in the coin pile")


def _take_power(table: Table, card: str) -> None:
    if card in table.power_pile:
        table.power_pile.remove(card)
    else:
        raise PositionError(f"power card {card!r} is named twice or does not exist")


def apply_position(pos: Position, players: list[Player], table: Table, cards: CardSet
                   ) -> list[int]:
    """Rearrange a freshly set-up table into ``pos``; returns the turn order."""
    if len(pos.players) > len(players):
        raise PositionError(f"the position describes {len(pos.players)} players, the game has "
                            f"{len(players)}")
    # civilizations
    named = [spec.civ for spec in pos.players if spec.civ is not None]
    for civ in named:
        if named.count(civ) > 1:
            raise PositionError(f"the civilization {civ!r} is given to two players")
    for p, spec in zip(players, pos.players, strict=False):
        if spec.civ is None or spec.civ == p.civ:
            continue
        if spec.civ not in cards.civ_by_id:
            raise PositionError(f"unknown civilization {spec.civ!r}")
        other = next((q for q in players if q.civ == spec.civ), None)
        if other is not None:
            other.civ, p.civ = p.civ, spec.civ
        else:
            table.civ_box.remove(spec.civ)
            table.civ_box.append(p.civ)
            p.civ = spec.civ
    # hands go back to the pile first, so that named coins can be taken from it
    for p, spec in zip(players, pos.players, strict=False):
        if spec.hand is not None:
            table.coin_pile[:0] = p.hand
            p.hand = []
    for p, spec in zip(players, pos.players, strict=False):
        if spec.hand is not None:
            p.hand = [_take_coin(table, cards, h) for h in spec.hand]
        if spec.luxury is not None:
            p.luxury = spec.luxury
        for row_name in ("buildings", "landscapes"):
            row: list[Placed] = getattr(p, row_name)
            for item in getattr(spec, row_name):
                ps = item if isinstance(item, PlacedSpec) else PlacedSpec(card=item)
                info = cards.power_by_id.get(ps.card)
                if info is None:
                    raise PositionError(f"unknown power card {ps.card!r}")
                want = "building" if row_name == "buildings" else "landscape"
                if info.kind != want:
                    raise PositionError(f"{ps.card!r} is a {info.kind}, not a {want}")
                _take_power(table, ps.card)
                placed = Placed(ps.card)
                if ps.under_construction:
                    placed.pledge = _take_coin(table, cards, "wood")
                if ps.covered_by is not None:
                    placed.cover = _take_coin(table, cards, "grain")
                    placed.cover_cause = ps.covered_by
                row.append(placed)
        if spec.civ_state != "active":
            p.civ_state = spec.civ_state
            if spec.civ_state == "covered":
                p.civ_cover = _take_coin(table, cards, "stone")
            else:
                table.civ_box.append(p.civ)
        if spec.luxury_state != "active":
            p.luxury_state = spec.luxury_state
            if spec.luxury_state == "covered":
                p.luxury_cover = _take_coin(table, cards, "stone")
            else:
                table.luxury_box += 1
                p.luxury = 0
    # earlier rounds' cards leave the pile (they were bought or discarded)
    for card in pos.reveal:
        _take_power(table, card)
    gone = CARDS_PER_ROUND * (pos.round - 1)
    played = sum(len(p.buildings) + len(p.landscapes) for p in players)
    for _ in range(max(0, gone - played)):
        if table.power_pile:
            table.box.append(table.power_pile.pop())
    for card in reversed(pos.reveal):
        table.power_pile.append(card)
    # markers
    for cat, n in pos.markers.items():
        steps = cards.catastrophe_by_id[cat].steps
        if not 0 <= n < steps:
            raise PositionError(f"the {cat} marker must stand between 0 and {steps - 1}")
        table.markers[cat] = n
    for cat in pos.struck:
        table.markers[cat] = cards.catastrophe_by_id[cat].steps
        table.struck.append(cat)
    # coins to be drawn next go on top of the pile, first drawn last in the list
    nxt = [_take_coin(table, cards, c) for c in pos.coins_next]
    table.coin_pile.extend(reversed(nxt))
    order = pos.order
    if order is None:
        order = sorted(range(len(players)), key=lambda s: cards.civ_by_id[players[s].civ].number)
    if sorted(order) != list(range(len(players))):
        raise PositionError(f"the turn order must name every seat once, not {order}")
    return list(order)
