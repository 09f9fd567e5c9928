"""Start a game from a chosen position: for rules tests, demonstrations and teaching.

A :class:`Position` says which civilization, hand, luxury and tableau each player has, which power
cards come up next, where the catastrophe markers stand, which round play starts in, and where the
coin cards lie: the ones drawn next, how many the draw pile holds, the discard pile, and the coin
card under each building under construction or over each covered card.  Every card it names is
*moved* from where the shuffled setup put it, so each card still lies in exactly one place; a
position that cannot be made with the game's cards raises :class:`PositionError` (which
:class:`~peloponnes_tui.engine.game.Game` turns into ``GameSetupError``).

Coin cards are named by their back id (``"wood-2"``) or by their resource (``"wood"``: a card
showing one wood if one is left, else any card of that resource).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from peloponnes_tui.cards import CARDS_PER_ROUND, ROUNDS, CardSet, CatastropheId
from peloponnes_tui.engine.state import CardState, Placed, Player, Table
from peloponnes_tui.engine.tableau import luxury_cap_for


class PositionError(ValueError):
    """The position cannot be set up with these cards."""


class PlacedSpec(BaseModel):
    """A power card on a tableau, with the coin cards under or over it."""

    model_config = ConfigDict(extra="forbid")

    card: str
    """The power card's id."""
    under_construction: bool = False
    """A building under construction, a wood coin card under it (unless ``pledge`` names one)."""
    pledge: str | None = None
    """The coin card slid under the building; naming it puts the building under construction."""
    covered_by: CatastropheId | None = None
    """The catastrophe that covered the card, a grain coin card over it (unless ``cover`` names
    one)."""
    cover: str | None = None
    """The coin card lying over the card; needs ``covered_by``."""


class PlayerSpec(BaseModel):
    """One player's cards; what is left out stays as the shuffled setup dealt it."""

    model_config = ConfigDict(extra="forbid")

    civ: str | None = None
    """The civilization card's id (None: the one dealt)."""
    civ_state: CardState = "active"
    """Active, covered (a stone coin card over it unless ``civ_cover`` names one) or removed."""
    civ_cover: str | None = None
    """The coin card over a covered civilization card."""
    hand: list[str] | None = None
    """The coin cards in hand (None keeps the dealt hand)."""
    luxury: int | None = Field(default=None, ge=0)
    """Luxury goods on the luxury card (None: as dealt, none)."""
    luxury_state: CardState = "active"
    """Active, covered (a stone coin card over it unless ``luxury_cover`` names one) or removed."""
    luxury_cover: str | None = None
    """The coin card over a covered luxury card."""
    buildings: list[str | PlacedSpec] = Field(default_factory=list)
    """Buildings in the order they were added (an id, or a :class:`PlacedSpec`)."""
    landscapes: list[str | PlacedSpec] = Field(default_factory=list)
    """Landscapes in the order they were added."""


class Position(BaseModel):
    """A game at the start of a round; everything left out stays as the shuffled setup dealt it."""

    model_config = ConfigDict(extra="forbid")

    round: int = Field(default=1, ge=1, le=ROUNDS)
    """The round play starts in; earlier rounds' power cards leave the pile for the box."""
    order: list[int] | None = None
    """Seats in turn order (None: by the civilizations' start numbers)."""
    players: list[PlayerSpec] = Field(default_factory=list)
    """The first players' cards, seat by seat (fewer than the game's players is fine)."""
    reveal: list[str] = Field(default_factory=list)
    """The next power cards, first revealed first."""
    markers: dict[CatastropheId, int] = Field(default_factory=dict)
    """Catastrophe markers: spaces advanced so far (below the track's last space)."""
    struck: list[CatastropheId] = Field(default_factory=list)
    """Catastrophes that have already struck (their marker stands on the last space)."""
    coins_next: list[str] = Field(default_factory=list)
    """The coin cards drawn next, first drawn first, on top of the draw pile."""
    coin_pile_size: int | None = Field(default=None, ge=0)
    """How many coin cards the draw pile holds, ``coins_next`` included (None: every coin card
    that lies nowhere else).  The cards it gives up go to the bottom of the discard pile, below
    those named in ``discard``.  To set the whole pile, name it in ``coins_next`` and give its
    length here.  An empty pile needs an empty discard pile: the rules reshuffle at once."""
    discard: list[str] = Field(default_factory=list)
    """Coin cards on the discard pile, the bottom one first; with ``coin_pile_size`` left out,
    exactly these."""


def _take_coin(table: Table, cards: CardSet, spec: str) -> int:
    """Take the coin card ``spec`` names from the cards not yet placed (the pile, for now)."""
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
    if not any(spec in (b.id, b.resource) for b in cards.coin_backs):
        raise PositionError(f"unknown coin card {spec!r}: name a back id ("
                            + ", ".join(b.id for b in cards.coin_backs) + ") or a resource")
    total = sum(b.count for b in cards.coin_backs if spec in (b.id, b.resource))
    raise PositionError(f"no {spec!r} coin card is left to place: all {total} are already placed "
                        "(in hands, on tableaus, or named earlier in the position)")


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
                if ps.under_construction or ps.pledge is not None:
                    if want != "building":
                        raise PositionError(f"{ps.card!r} is a landscape: only buildings are put "
                                            "under construction")
                    placed.pledge = _take_coin(table, cards, ps.pledge or "wood")
                if ps.cover is not None and ps.covered_by is None:
                    raise PositionError(f"{ps.card!r} has a cover but no covered_by: say which "
                                        "catastrophe covered it")
                if ps.covered_by is not None:
                    placed.cover = _take_coin(table, cards, ps.cover or "grain")
                    placed.cover_cause = ps.covered_by
                row.append(placed)
        if spec.civ_cover is not None and spec.civ_state != "covered":
            raise PositionError("civ_cover needs civ_state: covered")
        if spec.luxury_cover is not None and spec.luxury_state != "covered":
            raise PositionError("luxury_cover needs luxury_state: covered")
        cap = luxury_cap_for(cards, spec.luxury_state)
        if spec.luxury is not None and spec.luxury > cap:
            raise PositionError(f"a player holds more luxury goods than a luxury card "
                                f"{spec.luxury_state} allows (at most {cap})")
        if spec.civ_state != "active":
            p.civ_state = spec.civ_state
            if spec.civ_state == "covered":
                p.civ_cover = _take_coin(table, cards, spec.civ_cover or "stone")
            else:
                table.civ_box.append(p.civ)
        if spec.luxury_state != "active":
            p.luxury_state = spec.luxury_state
            if spec.luxury_state == "covered":
                p.luxury_cover = _take_coin(table, cards, spec.luxury_cover or "stone")
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
        if pos.struck.count(cat) > 1 or cat in pos.markers:
            raise PositionError(f"the {cat} marker is given twice (struck names it twice, or "
                                "markers names it too)")
        table.markers[cat] = cards.catastrophe_by_id[cat].steps
        table.struck.append(cat)
    _place_coin_piles(pos, table, cards)
    order = pos.order
    if order is None:
        order = sorted(range(len(players)), key=lambda s: cards.civ_by_id[players[s].civ].number)
    if sorted(order) != list(range(len(players))):
        raise PositionError(f"the turn order must name every seat once, not {order}")
    return list(order)


def _place_coin_piles(pos: Position, table: Table, cards: CardSet) -> None:
    """The draw pile (``coins_next`` on top, ``coin_pile_size`` cards in all) and the discard."""
    nxt = [_take_coin(table, cards, c) for c in pos.coins_next]
    named_discard = [_take_coin(table, cards, c) for c in pos.discard]
    given_up: list[int] = []
    if pos.coin_pile_size is not None:
        rest = pos.coin_pile_size - len(nxt)
        if rest < 0:
            raise PositionError(f"a coin pile of {pos.coin_pile_size} cannot hold the "
                                f"{len(nxt)} coin cards named to be drawn next")
        if rest > len(table.coin_pile):
            raise PositionError(f"a coin pile of {pos.coin_pile_size}: only "
                                f"{len(table.coin_pile) + len(nxt)} coin cards are left for it")
        cut = len(table.coin_pile) - rest  # the bottom of the pile is the start of the list
        given_up, table.coin_pile = table.coin_pile[:cut], table.coin_pile[cut:]
    # coins to be drawn next go on top of the pile, first drawn last in the list
    table.coin_pile.extend(reversed(nxt))
    table.discard.extend(given_up + named_discard)
    if not table.coin_pile and table.discard:
        raise PositionError("the coin pile is empty while the discard pile holds "
                            f"{len(table.discard)} coin cards: the rules reshuffle them at once")
