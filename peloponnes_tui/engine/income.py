"""Phase 6 of a round: income.

In turn order each player first takes the one-time income of the power cards gained this round
(coin cards or luxury goods, for cards still in the tableau), then draws coin cards by the number
of inhabitants in the tableau (the income table; some rows add luxury goods), plus one for each
uncovered Port and Temple.
"""

from __future__ import annotations

from peloponnes_tui.engine.core import GameCore
from peloponnes_tui.engine.log import IncomeData
from peloponnes_tui.engine.tableau import EXTRA_INCOME_PER_CARD


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
                core.event(IncomeData(len(once), True), seat, (card,))
            if info.income.luxury:
                core.gain_luxury(p, info.income.luxury, "one_time", card=card)
        p.won = []
        inhabitants = core.inhabitants(p)
        row = core.cards.income_for(inhabitants)
        extra = core.function_cards(p, "coin_income")  # Port, Temple of Apollo: one each
        drawn = core.draw(row.coins + EXTRA_INCOME_PER_CARD * len(extra))
        p.hand.extend(drawn)
        core.event(IncomeData(len(drawn), False, inhabitants, extra, final), seat)
        if row.luxury:
            core.gain_luxury(p, row.luxury, "inhabitants", inhabitants=inhabitants)
