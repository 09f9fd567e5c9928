"""What one player may see: their own hand, everyone's tableau, sizes of hidden piles."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from peloponnes_tui.cards import CatastropheId
from peloponnes_tui.engine import tableau
from peloponnes_tui.engine.core import GameCore
from peloponnes_tui.engine.log import Event, Phase
from peloponnes_tui.engine.prompts import Answer, AnyPrompt
from peloponnes_tui.engine.state import CardState, Player


class Sample(Protocol):
    """What a determinized copy of a game offers a search bot (see ``Game.determinize``)."""

    @property
    def pending(self) -> AnyPrompt | None: ...
    @property
    def round(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def players(self) -> Sequence[Player]: ...
    @property
    def winners(self) -> tuple[int, ...]: ...
    @property
    def scores(self) -> Sequence[SampleScore]: ...

    def answer(self, ans: Answer) -> None: ...
    def view_for(self, seat: int) -> View: ...


class SampleScore(Protocol):
    @property
    def seat(self) -> int: ...
    @property
    def score(self) -> int: ...


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
    bid_bonus_halves: int  # Market/Agora: half coins added to every bid
    conquest_discount: int
    # for each catastrophe: why this player is protected from it (or None), as the engine sees it
    protection: tuple[tuple[CatastropheId, str | None], ...] = ()


@dataclass(frozen=True, slots=True)
class TrackView:
    catastrophe: CatastropheId
    advances: int
    steps: int
    struck: bool


@dataclass(frozen=True, slots=True)
class View:
    """A player's information set; bots decide from this and the prompt alone."""

    seat: int
    round: int
    phase: Phase
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
    sampler: Callable[[random.Random], Sample] | None = field(default=None, compare=False,
                                                               repr=False)

    @property
    def me(self) -> PlayerView:
        return self.players[self.seat]

    def sample(self, rng: random.Random) -> Sample:
        """A determinized copy of the game as this player might imagine it."""
        if self.sampler is None:
            raise ValueError("this view cannot be sampled")
        return self.sampler(rng)


# A view is built before every answer, and building frozen dataclasses is slow; as they are
# immutable, equal ones are shared.  Each is looked up by what it is made of: a PlacedView or
# TrackView by all its fields, a PlayerView by the player's state and the card data (its
# totals, luxury cap and protections are functions of those alone, computed on a miss).  The
# caches are bounded, and an entry cannot go stale.
_CACHE_LIMIT = 4096
_PLACED_VIEWS: dict[tuple[str, bool, bool, str | None], PlacedView] = {}
_PLAYER_VIEWS: dict[tuple[object, ...], PlayerView] = {}
_TRACK_VIEWS: dict[tuple[CatastropheId, int, int, bool], TrackView] = {}
_DERIVED: dict[tuple[object, ...], _Derived] = {}


def _placed_view(key: tuple[str, bool, bool, str | None]) -> PlacedView:
    pv = _PLACED_VIEWS.get(key)
    if pv is None:
        if len(_PLACED_VIEWS) >= _CACHE_LIMIT:
            _PLACED_VIEWS.clear()
        pv = _PLACED_VIEWS[key] = PlacedView(*key)
    return pv


def _track_view(key: tuple[CatastropheId, int, int, bool]) -> TrackView:
    tv = _TRACK_VIEWS.get(key)
    if tv is None:
        if len(_TRACK_VIEWS) >= _CACHE_LIMIT:
            _TRACK_VIEWS.clear()
        tv = _TRACK_VIEWS[key] = TrackView(*key)
    return tv


class _Derived(NamedTuple):
    """What a PlayerView computes from the tableau, the card states and the card data."""

    luxury_cap: int
    inhabitants: int
    power: int
    production: tuple[int, int, int]
    bid_bonus_halves: int
    conquest_discount: int
    protection: tuple[tuple[CatastropheId, str | None], ...]


def _derived(game: GameCore, p: Player, key: tuple[object, ...]) -> _Derived:
    d = _DERIVED.get(key)
    if d is None:
        if len(_DERIVED) >= _CACHE_LIMIT:
            _DERIVED.clear()
        stats, cards = game.stats, game.cards
        inhabitants, power, wood, stone, grain = tableau.tallies(stats, p)
        d = _DERIVED[key] = _Derived(
            tableau.luxury_cap(cards, p), inhabitants, power, (wood, stone, grain),
            tableau.bid_bonus_halves(stats, p), tableau.conquest_discount(stats, p),
            tableau.protections(cards, p))
    return d


def _player_view(game: GameCore, p: Player) -> PlayerView:
    buildings = tuple([(x.card, x.pledge is not None, x.cover is not None, x.cover_cause)
                       for x in p.buildings])
    landscapes = tuple([(x.card, x.pledge is not None, x.cover is not None, x.cover_cause)
                        for x in p.landscapes])
    key = (game.cards.digest, p.seat, p.name, p.civ, p.civ_state, p.luxury_state, p.luxury,
           len(p.hand), buildings, landscapes, p.bid_card, p.bid_count)
    pv = _PLAYER_VIEWS.get(key)
    if pv is None:
        if len(_PLAYER_VIEWS) >= _CACHE_LIMIT:
            _PLAYER_VIEWS.clear()
        # the totals, cap and protections follow from the tableau, the states and the cards
        d = _derived(game, p, (game.cards.digest, p.civ, p.civ_state, p.luxury_state, buildings,
                               landscapes))
        pv = _PLAYER_VIEWS[key] = PlayerView(
            seat=p.seat, name=p.name, civ=p.civ, civ_state=p.civ_state,
            luxury_state=p.luxury_state, luxury=p.luxury, luxury_cap=d.luxury_cap,
            hand_size=len(p.hand), buildings=tuple([_placed_view(k) for k in buildings]),
            landscapes=tuple([_placed_view(k) for k in landscapes]), bid_card=p.bid_card,
            bid_count=p.bid_count, inhabitants=d.inhabitants, power=d.power,
            production=d.production, bid_bonus_halves=d.bid_bonus_halves,
            conquest_discount=d.conquest_discount, protection=d.protection)
    return pv


def view_for(game: GameCore, seat: int,
             sampler: Callable[[random.Random], Sample] | None = None) -> View:
    t = game.table
    power = game.cards.power_by_id
    letters = Counter([power[c].pile for c in t.power_pile])
    players = tuple([_player_view(game, p) for p in game.players])
    return View(
        seat=seat, round=game.round, phase=game.phase, order=tuple(game.order),
        market=tuple(t.market), conquest=tuple(t.conquest),
        piles_left=tuple((k, letters.get(k, 0)) for k in ("A", "B", "C")),
        coin_pile_size=len(t.coin_pile), discard=tuple(t.discard), box=tuple(t.box),
        tracks=tuple([_track_view((c.id, t.markers[c.id], c.steps, c.id in t.struck))
                      for c in game.cards.catastrophes]),
        players=players, hand=tuple(game.players[seat].hand), log=tuple(game.log),
        sampler=sampler)
