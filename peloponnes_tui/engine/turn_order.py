"""Phase 4 of a round: turn order.

The player who bid the most coin cards goes first, and so on; players who passed or took their
bid back count zero.  Equal bids keep their previous order, and the Market/Agora bonus does not
count here.
"""

from __future__ import annotations

from peloponnes_tui.engine.core import GameCore
from peloponnes_tui.engine.log import TurnOrderData


def turn_order(core: GameCore) -> None:
    # sorted() is stable, so equal bids keep the previous order
    core.order = sorted(core.order, key=lambda s: -core.players[s].bid_count)
    core.event(TurnOrderData(tuple(core.order),
                             tuple(core.players[s].bid_count for s in core.order)))
