"""Setting up the table: civilizations, coin cards, the power card pile and the tracks.

Each player draws a civilization card and the coin cards it shows; the power cards are shuffled
by letter and piled C at the bottom, then B, then A on top; the catastrophe markers start on their
first space; the start order follows the civilizations' numbers.  One luxury card per player, the
rest stay in the box.
"""

from __future__ import annotations

from peloponnes_tui.engine.core import GameCore
from peloponnes_tui.engine.log import SetupData, StartOrderData
from peloponnes_tui.engine.state import Player, Table

MIN_PLAYERS = 2
MAX_PLAYERS = 5
PILE_ORDER = ("C", "B", "A")  # from the bottom of the power card pile to its top


def deal(core: GameCore) -> None:
    rng, cards = core.rng, core.cards
    civs = [c.id for c in cards.civilizations]
    rng.shuffle(civs)
    n = len(core.names)
    core.players = [Player(seat=i, name=core.names[i], civ=civs[i]) for i in range(n)]
    coins = list(range(len(cards.coins)))
    rng.shuffle(coins)
    pile: list[str] = []
    for letter in PILE_ORDER:  # the top of the pile is the end of the list
        part = [c.id for c in cards.power_cards if c.pile == letter]
        rng.shuffle(part)
        pile.extend(part)
    core.table = Table(power_pile=pile, coin_pile=coins, civ_box=civs[n:],
                       luxury_box=cards.luxury.count - n,
                       markers={c.id: 0 for c in cards.catastrophes})
    core.order = start_order(core)
    for p in core.players:
        p.hand = core.draw(cards.civ_by_id[p.civ].coins)


def start_order(core: GameCore) -> list[int]:
    """Seats by their civilization's start number."""
    civ = core.cards.civ_by_id
    return sorted(range(len(core.players)), key=lambda s: civ[core.players[s].civ].number)


def announce(core: GameCore) -> None:
    for p in core.players:
        civ = core.civilization(p)
        core.event(SetupData(civ.id, len(p.hand)), p.seat)
    core.event(StartOrderData(tuple(core.order)))
