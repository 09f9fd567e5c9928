"""What a player's tableau adds up to: inhabitants, power points, production, special functions,
catastrophe symbols and protections, and the luxury cap.

Pure functions of the card data and one :class:`~peloponnes_tui.engine.state.Player`; the game,
its phases and the views all count through here, so a total is computed one way only.  Covered
cards count for nothing but still show their catastrophe symbol; a removed civilization counts for
nothing at all.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from peloponnes_tui.cards import CardSet, CatastropheId, Function, Resource
from peloponnes_tui.engine.state import CardState, Player

# Positions in a card's Stats tuple.
INHABITANTS, POWER_POINTS, WOOD, STONE, GRAIN = range(5)
_RESOURCE_INDEX: dict[str, int] = {"wood": WOOD, "stone": STONE, "grain": GRAIN}
# Three catastrophe symbols of one kind protect from that catastrophe (the rulebook's rule).
SYMBOLS_FOR_PROTECTION = 3
# What each uncovered building with a special function adds (the rulebook's card texts):
EXTRA_INCOME_PER_CARD = 1  # Port, Temple of Apollo: coin cards to every income
BID_BONUS_HALVES_PER_CARD = 1  # Market, Agora: half coins to every bid
CONQUEST_DISCOUNT_PER_CARD = 1  # Barracks, Stockade: coin cards off a conquest row minimum

Stats = tuple[int, int, int, int, int]  # inhabitants, power points, wood, stone, grain

# A row of power cards as the functions over rows read it, real or imagined (a bot weighing a
# card it might win, or one a catastrophe might take): (card id, whether it is covered).
RowCard = tuple[str, bool]


@dataclass(frozen=True, slots=True)
class CardStats:
    """The card data arranged for fast tableau sums (one per card set, see :func:`stats_for`)."""

    power_cards: dict[str, Stats]
    civilizations: dict[str, Stats]
    function: dict[str, Function | None]


_STATS: dict[str, CardStats] = {}


def stats_for(cards: CardSet) -> CardStats:
    """The (cached) :class:`CardStats` of a card set."""
    found = _STATS.get(cards.digest)
    if found is None:
        found = _STATS[cards.digest] = CardStats(
            power_cards={c.id: (c.inhabitants, c.power, c.production.wood, c.production.stone,
                                c.production.grain) for c in cards.power_cards},
            civilizations={c.id: (c.inhabitants, c.power, c.production.wood,
                                  c.production.stone, c.production.grain)
                           for c in cards.civilizations},
            function={c.id: c.function for c in cards.power_cards})
    return found


def tableau_sum(stats: CardStats, p: Player, index: int) -> int:
    """One entry of :data:`Stats` summed over the uncovered cards and the active civilization."""
    table = stats.power_cards
    total = 0
    for x in p.buildings:
        if x.cover is None:
            total += table[x.card][index]
    for x in p.landscapes:
        if x.cover is None:
            total += table[x.card][index]
    if p.civ_state == "active":
        total += stats.civilizations[p.civ][index]
    return total


def tallies(stats: CardStats, p: Player) -> Stats:
    """(inhabitants, power points, wood, stone, grain) of the tableau in one pass."""
    return row_tallies(stats, p.civ, p.civ_state, _row(p))


def _row(p: Player) -> list[RowCard]:
    return [(x.card, x.cover is not None) for x in (*p.buildings, *p.landscapes)]


def row_tallies(stats: CardStats, civ: str, civ_state: CardState, row: Iterable[RowCard]
                ) -> Stats:
    """:func:`tallies` of a tableau given as its civilization (and that card's state) and its
    power cards (:data:`RowCard`): covered cards count for nothing, nor does a civilization
    that is not active."""
    table = stats.power_cards
    inh = power = wood = stone = grain = 0
    for card, covered in row:
        if not covered:
            a, b, c, d, e = table[card]
            inh += a
            power += b
            wood += c
            stone += d
            grain += e
    if civ_state == "active":
        a, b, c, d, e = stats.civilizations[civ]
        inh += a
        power += b
        wood += c
        stone += d
        grain += e
    return inh, power, wood, stone, grain


def row_functions(stats: CardStats, row: Iterable[RowCard]) -> dict[Function, int]:
    """How many uncovered cards of a row (:data:`RowCard`) have each special function."""
    function = stats.function
    out: dict[Function, int] = {}
    for card, covered in row:
        fn = function[card]
        if fn is not None and not covered:
            out[fn] = out.get(fn, 0) + 1
    return out


def inhabitants(stats: CardStats, p: Player) -> int:
    """Inhabitants on the tableau (civilization and uncovered power cards; not the luxury card)."""
    return tableau_sum(stats, p, INHABITANTS)


def power_points(stats: CardStats, p: Player) -> int:
    return tableau_sum(stats, p, POWER_POINTS)


def production(stats: CardStats, p: Player, resource: Resource | str) -> int:
    return tableau_sum(stats, p, _RESOURCE_INDEX[resource])


def count_function(stats: CardStats, p: Player, fn: Function) -> int:
    """Uncovered buildings with a special function (Port/Temple, Market/Agora, ...)."""
    function = stats.function
    n = 0
    for x in p.buildings:
        if x.cover is None and function[x.card] == fn:
            n += 1
    return n


def function_cards(stats: CardStats, p: Player, fn: Function) -> tuple[str, ...]:
    """The uncovered buildings :func:`count_function` counts, in tableau order."""
    function = stats.function
    return tuple(x.card for x in p.buildings if x.cover is None and function[x.card] == fn)


def bid_bonus_halves(stats: CardStats, p: Player) -> int:
    """Market and Agora: each adds half a coin to every bid; counted in half coins."""
    return BID_BONUS_HALVES_PER_CARD * count_function(stats, p, "bid_bonus")


def conquest_discount(stats: CardStats, p: Player) -> int:
    """Barracks and Stockade: each lowers the conquest row minimum by one coin card."""
    return CONQUEST_DISCOUNT_PER_CARD * count_function(stats, p, "conquest_discount")


def extra_income(stats: CardStats, p: Player) -> int:
    """Port and Temple: each adds one coin card to the income."""
    return EXTRA_INCOME_PER_CARD * count_function(stats, p, "coin_income")


def symbols(cards: CardSet, p: Player, cat: CatastropheId) -> int:
    """Catastrophe symbols of one kind in the tableau (covered cards still show them)."""
    power_cards = cards.power_by_id
    n = sum(1 for x in p.buildings + p.landscapes if power_cards[x.card].catastrophe == cat)
    if p.civ_state != "removed":
        n += cards.civ_by_id[p.civ].catastrophes.count(cat)
    return n


# What protects a player from a catastrophe by its symbols (see :func:`protector`).
BY_SYMBOLS = "symbols"


def protector(cards: CardSet, p: Player, cat: CatastropheId) -> str | None:
    """What protects the player from this catastrophe: the id of an uncovered building against
    it, :data:`BY_SYMBOLS` for three of its symbols in the tableau, or None."""
    power_cards = cards.power_by_id
    for x in p.buildings:
        if x.cover is None and power_cards[x.card].protection == cat:
            return x.card
    if symbols(cards, p, cat) >= SYMBOLS_FOR_PROTECTION:
        return BY_SYMBOLS
    return None


def protections(cards: CardSet, p: Player) -> tuple[tuple[CatastropheId, str | None], ...]:
    """``(catastrophe, protector(cards, p, catastrophe))`` for every catastrophe, in one pass:
    data, not words (the UI names the building, or says how many symbols protect, from
    ``rule_numbers``)."""
    return row_protections(cards, p.civ, p.civ_state, _row(p))


def row_protections(cards: CardSet, civ: str, civ_state: CardState, row: Sequence[RowCard]
                    ) -> tuple[tuple[CatastropheId, str | None], ...]:
    """:func:`protections` of a tableau given as its civilization, that card's state and its
    power cards (:data:`RowCard`; only buildings protect, and covered cards still show their
    symbols)."""
    power_cards = cards.power_by_id
    building: dict[str, str] = {}  # catastrophe -> the first uncovered building against it
    count: dict[str, int] = {}
    for card, covered in row:
        info = power_cards[card]
        if not covered and info.protection is not None:
            building.setdefault(info.protection, card)
        if info.catastrophe is not None:
            count[info.catastrophe] = count.get(info.catastrophe, 0) + 1
    if civ_state != "removed":
        for cat in cards.civ_by_id[civ].catastrophes:
            count[cat] = count.get(cat, 0) + 1
    out: list[tuple[CatastropheId, str | None]] = []
    for c in cards.catastrophes:
        if c.id in building:
            out.append((c.id, building[c.id]))
        elif count.get(c.id, 0) >= SYMBOLS_FOR_PROTECTION:
            out.append((c.id, BY_SYMBOLS))
        else:
            out.append((c.id, None))
    return tuple(out)


def income_of(cards: CardSet, inhabitants: int, extra: int, luxury_cap: int) -> tuple[int, int]:
    """An income by the income table: (coin cards drawn, luxury goods kept) for a tableau of
    ``inhabitants`` with ``extra`` Ports and Temples, holding no luxury goods under
    ``luxury_cap``."""
    row = cards.income_for(inhabitants)
    return row.coins + extra, luxury_kept(row.luxury, 0, luxury_cap)


def luxury_cap(cards: CardSet, p: Player) -> int:
    """How many luxury goods the player may hold: the card's cap, less once declined, 0 without."""
    return luxury_cap_for(cards, p.luxury_state)


def luxury_cap_for(cards: CardSet, luxury_state: CardState) -> int:
    """The luxury cap of a luxury card in ``luxury_state`` (see :func:`luxury_cap`)."""
    if luxury_state == "active":
        return cards.luxury.cap
    if luxury_state == "covered":
        return cards.luxury.declined_cap
    return 0


def luxury_kept(amount: int, held: int, cap: int) -> int:
    """How many of ``amount`` luxury goods gained a player holding ``held`` keeps under ``cap``."""
    return max(0, min(amount, cap - held))
