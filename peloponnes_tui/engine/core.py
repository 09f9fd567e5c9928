"""The shared layer below the phases: the state of one game and what every phase does with it.

:class:`GameCore` holds the players, the table, the turn order, the random generator and the
log, and offers the operations the rulebook uses in more than one phase: drawing coin cards (and
reshuffling the discard pile as soon as the draw pile runs out), returning a tableau card to the
box, gaining luxury goods up to the cap, trading luxury goods for blind coin cards, the tableau
totals and protections (:mod:`~peloponnes_tui.engine.tableau`) and naming cards in sentences.
It knows nothing of rounds or prompts: those are the phases' and :class:`~.game.Game`'s.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Sequence

from peloponnes_tui.cards import CardSet, CatastropheId, CivilizationCard, Function, Resource
from peloponnes_tui.engine import tableau
from peloponnes_tui.engine.log import (
    AnyEventData,
    CoinsOutData,
    Event,
    LuxuryData,
    LuxuryReason,
    Phase,
    ReshuffleData,
)
from peloponnes_tui.engine.names import card_label, card_ref, catastrophe_name
from peloponnes_tui.engine.prompts import AnyAnswer, AnyPrompt
from peloponnes_tui.engine.state import CIV, LUXURY, Player, Table
from peloponnes_tui.message import Param

# Called with the game after every event is logged (the replay viewer records each moment); it
# must only read the game.
Observer = Callable[["GameCore"], None]


class GameCore:
    """One game's state and the operations shared by every phase of the round."""

    players: list[Player]
    table: Table
    order: list[int]  # seats in turn order
    observer: Observer | None = None  # set only for a game being watched (Game.replay)

    def __init__(self, cards: CardSet, names: Sequence[str], seed: int) -> None:
        self.cards = cards
        self.names = tuple(names)
        self.seed = seed
        self.rng = random.Random(seed)
        self.log: list[Event] = []
        self.round = 0
        self.phase: Phase = "setup"
        self.stats = tableau.stats_for(cards)
        self.turned_up = 0  # hidden cards turned up so far (coin cards drawn, power cards revealed)
        self._coin_resource = [c.resource for c in cards.coins]
        self._coin_amount = [c.amount for c in cards.coins]

    # -- the log --------------------------------------------------------------------------------

    def event(self, data: AnyEventData, player: int | None = None,
              cards: tuple[str, ...] = ()) -> None:
        self.log.append(Event(len(self.log), self.round, self.phase, data, player, cards))
        if self.observer is not None:
            self.observer(self)

    # -- names ----------------------------------------------------------------------------------

    def label(self, card: str, p: Player | None = None) -> str:
        """The one way the engine names a card in a sentence (``civ``/``luxury`` need ``p``)."""
        return card_label(self.cards, card, p.civ if p is not None else None)

    def ref(self, card: str, p: Player | None = None) -> Param:
        """A card as a value of a refusal's message (see :func:`~.names.card_ref`)."""
        return card_ref(self.cards, card, p.civ if p is not None else None)

    def catastrophe_name(self, cat: str) -> str:
        return catastrophe_name(self.cards, cat)

    @staticmethod
    def power_cards_of(card: str) -> tuple[str, ...]:
        """The power cards an event about ``card`` involves (none for civilization and luxury)."""
        return () if card in (CIV, LUXURY) else (card,)

    # -- coin cards -----------------------------------------------------------------------------

    def coin_resource(self, coin: int) -> Resource:
        return self._coin_resource[coin]

    def coin_amount(self, coin: int) -> int:
        return self._coin_amount[coin]

    def draw(self, n: int) -> list[int]:
        """Draw up to ``n`` coin cards (fewer when none are left anywhere, ruling R18)."""
        t = self.table
        out: list[int] = []
        for _ in range(n):
            if not t.coin_pile and not self.reshuffle():
                self.event(CoinsOutData())
                break
            out.append(t.coin_pile.pop())
        self.turned_up += len(out)
        if out and not t.coin_pile:
            # "As soon as the pile is used up" (German rulebook: "sobald"), not at the next draw
            self.reshuffle()
        return out

    def reshuffle(self) -> bool:
        """Shuffle the discard pile into a new coin pile; False if there is nothing to shuffle."""
        t = self.table
        if not t.discard:
            return False
        t.coin_pile = t.discard
        t.discard = []
        self.rng.shuffle(t.coin_pile)
        self.event(ReshuffleData(len(t.coin_pile)))
        return True

    def discard(self, p: Player, coins: Sequence[int]) -> None:
        """Pay coin cards from the hand onto the discard pile."""
        for coin in coins:
            p.hand.remove(coin)
            self.table.discard.append(coin)

    # -- tableau cards ----------------------------------------------------------------------------

    def remove(self, p: Player, card: str) -> None:
        """Return a tableau card to the box; coins on or under it go to the discard pile."""
        t = self.table
        if card == CIV:
            if p.civ_cover is not None:
                t.discard.append(p.civ_cover)
            p.civ_state, p.civ_cover = "removed", None
            t.civ_box.append(p.civ)
            return
        if card == LUXURY:
            if p.luxury_cover is not None:
                t.discard.append(p.luxury_cover)
            p.luxury_state, p.luxury_cover, p.luxury = "removed", None, 0
            t.luxury_box += 1
            return
        for row in (p.buildings, p.landscapes):
            for i, x in enumerate(row):
                if x.card == card:
                    del row[i]
                    for coin in (x.pledge, x.cover):
                        if coin is not None:
                            t.discard.append(coin)
                    t.box.append(card)
                    return
        raise AssertionError(f"{card} is not in {p.name}'s tableau")

    # -- what the tableau adds up to (see tableau.py) ---------------------------------------------

    def civilization(self, p: Player) -> CivilizationCard:
        return self.cards.civ_by_id[p.civ]

    def inhabitants(self, p: Player) -> int:
        """Inhabitants on the tableau (civilization and uncovered power cards; not luxury)."""
        return tableau.inhabitants(self.stats, p)

    def production(self, p: Player, resource: Resource | str) -> int:
        return tableau.production(self.stats, p, resource)

    def power_points(self, p: Player) -> int:
        return tableau.power_points(self.stats, p)

    def tallies(self, p: Player) -> tableau.Stats:
        return tableau.tallies(self.stats, p)

    def count_function(self, p: Player, fn: Function) -> int:
        return tableau.count_function(self.stats, p, fn)

    def function_cards(self, p: Player, fn: Function) -> tuple[str, ...]:
        return tableau.function_cards(self.stats, p, fn)

    def bid_bonus_halves(self, p: Player) -> int:
        return tableau.bid_bonus_halves(self.stats, p)

    def conquest_discount(self, p: Player) -> int:
        return tableau.conquest_discount(self.stats, p)

    def symbols(self, p: Player, cat: CatastropheId) -> int:
        return tableau.symbols(self.cards, p, cat)

    def protector(self, p: Player, cat: CatastropheId) -> str | None:
        return tableau.protector(self.cards, p, cat)

    def protections(self, p: Player) -> tuple[tuple[CatastropheId, str | None], ...]:
        return tableau.protections(self.cards, p)

    # -- luxury goods ---------------------------------------------------------------------------

    def luxury_cap(self, p: Player) -> int:
        return tableau.luxury_cap(self.cards, p)

    def gain_luxury(self, p: Player, amount: int, why: LuxuryReason, card: str | None = None,
                    inhabitants: int | None = None) -> None:
        """Add luxury goods up to the player's cap; the log says how many were due (``amount``)
        and how many were kept (``gained``) under which cap, and the reason's own data (the
        ``card`` of a one-time income, the ``inhabitants`` of an income row)."""
        cap = self.luxury_cap(p)
        got = tableau.luxury_kept(amount, p.luxury, cap)
        p.luxury += got
        self.event(LuxuryData(got, amount, cap, why, card, inhabitants), p.seat)

    def luxury_for_coins(self, p: Player) -> int:
        """Luxury goods that can be traded for blind coin cards right now."""
        return min(p.luxury, len(self.table.coin_pile) + len(self.table.discard))

    def coin_for_luxury(self, p: Player) -> int:
        """Trade one luxury good for a coin card drawn blind."""
        p.luxury -= 1
        return self.draw(1)[0]


# The flow of play: a generator that yields the prompt a player must answer and receives the
# (already checked) answer.
Flow = Generator[AnyPrompt, AnyAnswer, None]
