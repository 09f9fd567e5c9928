"""Phase 1 of a round: reveal power cards.

Six power cards are turned up: as many as there are players go to the market, the rest to the
conquest row.  The first two cards' catastrophe symbols move their catastrophe markers one space
(a catastrophe that has struck moves no more); a marker reaching the last space makes that
catastrophe strike in phase 2.  A supply symbol on any of the six calls a supply.
"""

from __future__ import annotations

from dataclasses import dataclass

from peloponnes_tui.cards import CARDS_PER_ROUND, CatastropheId
from peloponnes_tui.engine.core import GameCore
from peloponnes_tui.engine.log import RevealData, TrackData

# Only the first two revealed cards move the catastrophe markers.
CARDS_THAT_MOVE_MARKERS = 2


@dataclass(frozen=True, slots=True)
class Revealed:
    strikes: tuple[CatastropheId, ...]  # catastrophes that strike this round, in order
    supply: bool  # a supply symbol came up


def reveal(core: GameCore) -> Revealed:
    t = core.table
    n = len(core.players)
    drawn = [t.power_pile.pop() for _ in range(min(CARDS_PER_ROUND, len(t.power_pile)))]
    core.turned_up += len(drawn)
    t.market = drawn[:n]
    t.conquest = drawn[n:]
    power_cards = core.cards.power_by_id
    pile = power_cards[drawn[0]].pile if drawn else "?"
    core.event(RevealData(pile, tuple(t.market), tuple(t.conquest)), cards=tuple(drawn))
    strikes: list[CatastropheId] = []
    for cid in drawn[:CARDS_THAT_MOVE_MARKERS]:
        cat = power_cards[cid].catastrophe
        if cat is None:
            continue
        if cat in t.struck:
            core.event(TrackData(cat, None), cards=(cid,))
            continue
        t.markers[cat] += 1
        left = core.cards.catastrophe_by_id[cat].steps - t.markers[cat]
        core.event(TrackData(cat, left), cards=(cid,))
        if left == 0:
            t.struck.append(cat)
            strikes.append(cat)
    return Revealed(tuple(strikes), any(power_cards[c].supply for c in drawn))
