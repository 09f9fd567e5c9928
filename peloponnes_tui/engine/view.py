"""What one player may see: their own hand, everyone's tableau, sizes of hidden piles."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

from peloponnes_tui.engine.log import Event
from peloponnes_tui.engine.state import CardState, Placed, Player

if TYPE_CHECKING:
    from peloponnes_tui.engine.game import Game


@dataclass(frozen=True, slots=True)
class PlacedView:
    card: str
    under_construction: bool
    covered: bool
    cover_cause: str | None


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    name: str
    civ: str
    civ_state: CardState
    luxury_state: CardState
    luxury: int
    luxury_cap: int
    hand_size: int
    buildings: tuple[PlacedView, ...]
    landscapes: tuple[PlacedView, ...]
    bid_card: str | None
    bid_count: int
    inhabitants: int
    power: int
    production: tuple[int, int, int]  # wood, stone, grain
    bid_bonus2: int
    conquest_discount: int


@dataclass(frozen=True, slots=True)
class TrackView:
    catastrophe: str
    advances: int
    steps: int
    struck: bool


@dataclass(frozen=True, slots=True)
class View:
    """A player's information set; bots decide from this and the prompt alone."""

    seat: int
    round: int
    phase: str
    order: tuple[int, ...]
    market: tuple[str, ...]
    conquest: tuple[str, ...]
    piles_left: tuple[tuple[str, int], ...]  # power cards left per letter (A, B, C)
    coin_pile_size: int
    discard: tuple[int, ...]  # the discard pile lies face up
    box: tuple[str, ...]
    tracks: tuple[TrackView, ...]
    players: tuple[PlayerView, ...]
    hand: tuple[int, ...]  # own hand, resource sides visible
    log: tuple[Event, ...]
    # Deals a copy of the game with everything hidden from this player redrawn at random
    # (Game.determinize); search bots look ahead on such copies. Not part of comparisons.
    sampler: Callable[[random.Random], Game] | None = field(default=None, compare=False,
                                                             repr=False)

    @property
    def me(self) -> PlayerView:
        return self.players[self.seat]

    def sample(self, rng: random.Random) -> Game:
        """A determinized copy of the game as this player might imagine it."""
        if self.sampler is None:
            raise ValueError("this view cannot be sampled")
        return self.sampler(rng)


def _placed(rows: list[Placed]) -> tuple[PlacedView, ...]:
    return tuple([PlacedView(x.card, x.pledge is not None, x.cover is not None, x.cover_cause)
                  for x in rows])


def _player_view(game: Game, p: Player) -> PlayerView:
    inhabitants, power, wood, stone, grain = game.tallies(p)
    return PlayerView(
        seat=p.seat, name=p.name, civ=p.civ, civ_state=p.civ_state,
        luxury_state=p.luxury_state, luxury=p.luxury, luxury_cap=game.luxury_cap(p),
        hand_size=len(p.hand), buildings=_placed(p.buildings),
        landscapes=_placed(p.landscapes), bid_card=p.bid_card, bid_count=p.bid_count,
        inhabitants=inhabitants, power=power, production=(wood, stone, grain),
        bid_bonus2=game.bid_bonus2(p), conquest_discount=game.conquest_discount(p))


def view_for(game: Game, seat: int) -> View:
    t = game.table
    power = game.cards.power_by_id
    letters = Counter([power[c].pile for c in t.power_pile])
    players = tuple([_player_view(game, p) for p in game.players])
    return View(
        seat=seat, round=game.round, phase=game.phase, order=tuple(game.order),
        market=tuple(t.market), conquest=tuple(t.conquest),
        piles_left=tuple((k, letters.get(k, 0)) for k in ("A", "B", "C")),
        coin_pile_size=len(t.coin_pile), discard=tuple(t.discard), box=tuple(t.box),
        tracks=tuple(TrackView(c.id, t.markers[c.id], c.steps, c.id in t.struck)
                     for c in game.cards.catastrophes),
        players=players, hand=tuple(game.players[seat].hand), log=tuple(game.log),
        sampler=partial(game.determinize, seat))
