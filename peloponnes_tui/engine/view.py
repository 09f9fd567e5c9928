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
from peloponnes_tui.engine.state import CardState, Placed, Player


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
    @property
    def population(self) -> int: ...
    @property
    def power(self) -> int: ...


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
    # for each catastrophe: what protects this player from it: the id of an uncovered building
    # against it, ``tableau.BY_SYMBOLS`` for enough of its symbols, or None
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
# immutable, equal ones are shared.  What follows from a player's tableau and the card data alone
# (its PlacedViews, totals, luxury cap and protections) is kept by the versions of the player's
# two rows (engine/state.py: numbers drawn afresh from one counter whenever a row or a card in it
# changes, so one version is one row), the civilization and luxury card states and the card
# data's digest; a PlayerView by that and the few fields seen besides.  PlacedViews are shared by
# all their fields, the tracks by the markers.  The caches are bounded, and an entry cannot go
# stale: tests/test_views.py compares views with fresh ones (:func:`fresh_view_for`) after every
# answer of many games.
_CACHE_LIMIT = 4096
_PLACED_VIEWS: dict[tuple[str, bool, bool, str | None], PlacedView] = {}
_PLAYER_VIEWS: dict[tuple[object, ...], PlayerView] = {}
_TABLEAUS: dict[tuple[object, ...], _Tableau] = {}
_TRACKS: dict[tuple[object, ...], tuple[TrackView, ...]] = {}
_PILE_LETTERS: dict[str, dict[str, str]] = {}  # card data digest -> power card -> its pile


class _Tableau(NamedTuple):
    """What a PlayerView takes from the tableau and the card data alone."""

    buildings: tuple[PlacedView, ...]
    landscapes: tuple[PlacedView, ...]
    luxury_cap: int
    inhabitants: int
    power: int
    production: tuple[int, int, int]
    bid_bonus_halves: int
    conquest_discount: int
    protection: tuple[tuple[CatastropheId, str | None], ...]


def _placed_view(x: Placed) -> PlacedView:
    key = (x.card, x.pledge is not None, x.cover is not None, x.cover_cause)
    pv = _PLACED_VIEWS.get(key)
    if pv is None:
        if len(_PLACED_VIEWS) >= _CACHE_LIMIT:
            _PLACED_VIEWS.clear()
        pv = _PLACED_VIEWS[key] = PlacedView(*key)
    return pv


def _tableau(game: GameCore, p: Player) -> _Tableau:
    stats, cards = game.stats, game.cards
    inhabitants, power, wood, stone, grain = tableau.tallies(stats, p)
    return _Tableau(
        tuple([_placed_view(x) for x in p.buildings]),
        tuple([_placed_view(x) for x in p.landscapes]),
        tableau.luxury_cap(cards, p), inhabitants, power, (wood, stone, grain),
        tableau.bid_bonus_halves(stats, p), tableau.conquest_discount(stats, p),
        tableau.protections(cards, p))


def player_view(game: GameCore, p: Player, tab: _Tableau | None = None) -> PlayerView:
    """What everyone sees of ``p`` (``view_for`` keeps them by the rows' versions)."""
    d = _tableau(game, p) if tab is None else tab
    return PlayerView(
        seat=p.seat, name=p.name, civ=p.civ, civ_state=p.civ_state,
        luxury_state=p.luxury_state, luxury=p.luxury, luxury_cap=d.luxury_cap,
        hand_size=len(p.hand), buildings=d.buildings, landscapes=d.landscapes,
        bid_card=p.bid_card, bid_count=p.bid_count, inhabitants=d.inhabitants, power=d.power,
        production=d.production, bid_bonus_halves=d.bid_bonus_halves,
        conquest_discount=d.conquest_discount, protection=d.protection)


def _player_view(game: GameCore, p: Player) -> PlayerView:
    tkey = (game.cards.digest, p.buildings.version, p.landscapes.version, p.civ, p.civ_state,
            p.luxury_state)
    key = (tkey, p.seat, p.name, p.luxury, len(p.hand), p.bid_card, p.bid_count)
    pv = _PLAYER_VIEWS.get(key)
    if pv is None:
        tab = _TABLEAUS.get(tkey)
        if tab is None:
            if len(_TABLEAUS) >= _CACHE_LIMIT:
                _TABLEAUS.clear()
            tab = _TABLEAUS[tkey] = _tableau(game, p)
        if len(_PLAYER_VIEWS) >= _CACHE_LIMIT:
            _PLAYER_VIEWS.clear()
        pv = _PLAYER_VIEWS[key] = player_view(game, p, tab)
    return pv


def _tracks(game: GameCore) -> tuple[TrackView, ...]:
    t = game.table
    key = (game.cards.digest, *t.markers.items(), *t.struck)
    tracks = _TRACKS.get(key)
    if tracks is None:
        if len(_TRACKS) >= _CACHE_LIMIT:
            _TRACKS.clear()
        tracks = _TRACKS[key] = tuple([
            TrackView(c.id, t.markers[c.id], c.steps, c.id in t.struck)
            for c in game.cards.catastrophes])
    return tracks


def _piles_left(game: GameCore) -> tuple[tuple[str, int], ...]:
    letter = _PILE_LETTERS.get(game.cards.digest)
    if letter is None:
        letter = _PILE_LETTERS[game.cards.digest] = {
            c.id: c.pile for c in game.cards.power_cards}
    letters = list(map(letter.__getitem__, game.table.power_pile))
    return (("A", letters.count("A")), ("B", letters.count("B")), ("C", letters.count("C")))


def view_for(game: GameCore, seat: int,
             sampler: Callable[[random.Random], Sample] | None = None) -> View:
    t = game.table
    return View(
        seat=seat, round=game.round, phase=game.phase, order=tuple(game.order),
        market=tuple(t.market), conquest=tuple(t.conquest), piles_left=_piles_left(game),
        coin_pile_size=len(t.coin_pile), discard=tuple(t.discard), box=tuple(t.box),
        tracks=_tracks(game), players=tuple([_player_view(game, p) for p in game.players]),
        hand=tuple(game.players[seat].hand), log=tuple(game.log), sampler=sampler)


def fresh_view_for(game: GameCore, seat: int) -> View:
    """The view of ``seat`` built from scratch, without any cache (for tests and checks)."""
    t = game.table
    power = game.cards.power_by_id
    letters = Counter([power[c].pile for c in t.power_pile])
    players = []
    for p in game.players:
        buildings = tuple(PlacedView(x.card, x.under_construction, x.covered, x.cover_cause)
                          for x in p.buildings)
        landscapes = tuple(PlacedView(x.card, x.under_construction, x.covered, x.cover_cause)
                           for x in p.landscapes)
        players.append(PlayerView(
            seat=p.seat, name=p.name, civ=p.civ, civ_state=p.civ_state,
            luxury_state=p.luxury_state, luxury=p.luxury,
            luxury_cap=tableau.luxury_cap(game.cards, p), hand_size=len(p.hand),
            buildings=buildings, landscapes=landscapes, bid_card=p.bid_card,
            bid_count=p.bid_count, inhabitants=tableau.inhabitants(game.stats, p),
            power=tableau.power_points(game.stats, p),
            production=(tableau.production(game.stats, p, "wood"),
                        tableau.production(game.stats, p, "stone"),
                        tableau.production(game.stats, p, "grain")),
            bid_bonus_halves=tableau.bid_bonus_halves(game.stats, p),
            conquest_discount=tableau.conquest_discount(game.stats, p),
            protection=tuple((c.id, tableau.protector(game.cards, p, c.id))
                             for c in game.cards.catastrophes)))
    return View(
        seat=seat, round=game.round, phase=game.phase, order=tuple(game.order),
        market=tuple(t.market), conquest=tuple(t.conquest),
        piles_left=tuple((k, letters.get(k, 0)) for k in ("A", "B", "C")),
        coin_pile_size=len(t.coin_pile), discard=tuple(t.discard), box=tuple(t.box),
        tracks=tuple(TrackView(c.id, t.markers[c.id], c.steps, c.id in t.struck)
                     for c in game.cards.catastrophes),
        players=tuple(players), hand=tuple(game.players[seat].hand), log=tuple(game.log))
