"""Phase 6 of a round: income.

In turn order each player first takes the one-time income of the power cards gained this round
(coin cards or luxury goods, for cards still in the tableau), then draws coin cards by the number
of inhabitants in the tableau (the income table; some rows add luxury goods), plus one for each
uncovered Port and Temple.
"""

from __future__ import annotations

from peloponnes_tui.engine.core import GameCore
from peloponnes_tui.engine.words import plural


def income(core: GameCore, final: bool) -> None:
    power_cards = core.cards.power_by_id
    for seat in list(core.order):
        p = core.players[seat]
        for card in p.won:
            info = power_cards[card]
            if p.find(card) is None:
                continue
            if info.income.coins:
                once = core.draw(info.income.coins)
                p.hand.extend(once)
                core.event("income", f"{p.name} draws {plural(len(once), 'coin card')}, "
                           f"the one-time income of {info.name.en}.", seat, (card,))
            if info.income.luxury:
                core.gain_luxury(p, info.income.luxury,
                                 f"the one-time income of {info.name.en}")
        p.won = []
        inhabitants = core.inhabitants(p)
        row = core.cards.income_for(inhabitants)
        extra = core.count_function(p, "coin_income")
        drawn = core.draw(row.coins + extra)
        p.hand.extend(drawn)
        core.event("income", f"{p.name} has {inhabitants} inhabitants and draws "
                   f"{plural(len(drawn), 'coin card')}"
                   + (f" ({extra} from Port/Temple)" if extra else "")
                   + (" (final income)" if final else "") + ".", seat,
                   data=(("coins", len(drawn)),))
        if row.luxury:
            core.gain_luxury(p, row.luxury, f"{inhabitants} inhabitants")
