"""Small helpers for the catastrophe, supply and game-end rules tests.

Every test builds its exact situation with a :class:`Position` and a fixed seed, so nothing depends
on a shuffle the test does not control: hands are named coin by coin, the six power cards of the
round are named in draw order, and blind draws are fixed with ``coins_next``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest
import yaml
from helpers_cards import grain_of, income_of, inhabitants_of, power_of

from peloponnes_tui.cards import DEFAULT_CARDS_PATH, CardSet, load_cards, parse_cards
from peloponnes_tui.engine import (
    Event,
    Game,
    IllegalAnswer,
    Pass,
    Placed,
    Player,
    Withdraw,
)
from peloponnes_tui.engine.position import PlacedSpec, PlayerSpec, Position

CARDS = load_cards()
SEED = 2024
NAMES = ("Helena", "Dimitrios", "Leonidas", "Ariadne", "Nikos")

# Six B cards that start a round quietly: the first two move two different tracks one space, and
# none of them is a supply card.
QUIET_B = ["theatre", "stockade", "agora", "oak-forest", "marble-quarry", "highlands"]
# The same with the B supply card among the six (in the conquest row).
SUPPLY_B = ["theatre", "stockade", "agora", "eurotas-valley", "marble-quarry", "highlands"]
# Six C cards for the last round: earthquake and tempest move one space each, no supply card.
QUIET_C = ["stadium", "stoa", "council-house", "odeon", "mountain-forest", "phidias-workshop"]

__all__ = [
    "CARDS",
    "NAMES",
    "QUIET_B",
    "QUIET_C",
    "SEED",
    "SUPPLY_B",
    "PlacedSpec",
    "PlayerSpec",
    "Position",
    "answer_bids",
    "assert_illegal",
    "coin",
    "coins",
    "events",
    "game_at",
    "grain_of",
    "income_of",
    "inhabitants_of",
    "modified_cards",
    "placed",
    "play_to_end",
    "player",
    "power_card",
    "power_of",
]


def game_at(*players: PlayerSpec, seed: int = SEED, cards: CardSet | None = None,
            **position: Any) -> Game:
    """A game for ``len(players)`` players (Helena, Dimitrios, ...) started from a position."""
    pos = Position(players=list(players), **position)
    return Game.new(list(NAMES[: len(players)]), seed, cards or CARDS, position=pos)


def modified_cards(change: Callable[[dict[str, Any]], None]) -> CardSet:
    """The shipped card data with one change applied to the raw YAML (``change`` edits it)."""
    raw = yaml.safe_load(DEFAULT_CARDS_PATH.read_text(encoding="utf-8"))
    change(raw)
    return parse_cards(raw)


def power_card(raw: dict[str, Any], card_id: str) -> dict[str, Any]:
    return next(c for c in raw["power_cards"] if c["id"] == card_id)


def answer_bids(game: Game, stop: Iterable[str] = ("catastrophe", "feed", "complete")) -> None:
    """Everyone passes (an outbid player takes the bid back) until a prompt of a ``stop`` kind."""
    stop = tuple(stop)
    while game.pending is not None and game.pending.kind not in stop:
        kind = game.pending.kind
        if kind == "bid":
            game.answer(Pass())
        elif kind == "outbid":
            game.answer(Withdraw())
        else:
            raise AssertionError(f"unexpected prompt: {game.pending}")


def play_to_end(game: Game) -> None:
    """Everyone passes to the end of the game; any other prompt is a mistake in the test."""
    answer_bids(game, stop=())
    assert game.over, game.pending


def assert_illegal(game: Game, answer: Any, phrase: str) -> IllegalAnswer:
    """The answer is refused with a message containing ``phrase`` and the game is unchanged."""
    before = game.snapshot()
    with pytest.raises(IllegalAnswer) as info:
        game.answer(answer)
    assert phrase in str(info.value), str(info.value)
    assert game.snapshot() == before
    return info.value


def coins(game: Game, seat: int, resource: str, amount: int | None = None) -> list[int]:
    """Coin cards in a player's hand showing ``resource`` (and ``amount`` if given)."""
    return [c for c in game.players[seat].hand if game.coin_resource(c) == resource
            and (amount is None or game.coin_amount(c) == amount)]


def coin(game: Game, seat: int, resource: str, amount: int | None = None) -> int:
    """The first coin card in a player's hand showing ``resource``."""
    found = coins(game, seat, resource, amount)
    assert found, f"no {resource} coin card in {game.names[seat]}'s hand"
    return found[0]


def placed(game: Game, seat: int, card: str) -> Placed:
    found = game.players[seat].find(card)
    assert found is not None, f"{card} is not in {game.names[seat]}'s tableau"
    return found


def events(game: Game, kind: str, seat: int | None = None) -> list[Event]:
    return [e for e in game.log if e.kind == kind and (seat is None or e.player == seat)]


def player(game: Game, seat: int) -> Player:
    return game.players[seat]
