"""Helpers for the rules tests of setup, bidding, gaining cards and income.

The tests build an exact situation with :class:`Position` and answer prompts one by one.  These
helpers keep the routine parts short: building the game (with a quiet next round so that what
follows the tested round cannot disturb it), answering bids and passes, finding coin cards in a
hand, reading the log, and checking that an illegal answer changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml
from helpers_cards import grain_of, income_of, inhabitants_of, power_of

from peloponnes_tui.cards import DEFAULT_CARDS_PATH, CardSet, load_cards, parse_cards
from peloponnes_tui.engine import (
    Answer,
    Event,
    Game,
    IllegalAnswer,
    Pass,
    PlaceBid,
    Prompt,
)
from peloponnes_tui.engine.position import PlacedSpec, PlayerSpec, Position

NAMES = ("Helena", "Leonidas", "Dimitrios", "Ariadne", "Perikles")
SEED = 2024
CARDS = load_cards()

__all__ = [
    "NAMES",
    "SEED",
    "PlacedSpec",
    "PlayerSpec",
    "Position",
    "answer_as",
    "bid",
    "cards_with",
    "coins",
    "events",
    "expect_illegal",
    "grain_of",
    "income_of",
    "inhabitants_of",
    "make_game",
    "pass_",
    "power_of",
    "quiet_round",
    "texts",
]


def cards_with(**changes: dict[str, Any]) -> CardSet:
    """The shipped card data with some power cards' fields changed (validated afresh).

    ``cards_with(stockade={"cost": {"wood": 5, "stone": 0}})``.
    """
    raw = yaml.safe_load(Path(DEFAULT_CARDS_PATH).read_text(encoding="utf-8"))
    for card_id, fields in changes.items():
        card_id = card_id.replace("_", "-")
        entry = next(c for c in raw["power_cards"] if c["id"] == card_id)
        entry.update(fields)
    return parse_cards(raw)


def _named_cards(players: Sequence[PlayerSpec]) -> set[str]:
    out: set[str] = set()
    for spec in players:
        for item in [*spec.buildings, *spec.landscapes]:
            out.add(item.card if isinstance(item, PlacedSpec) else item)
    return out


def quiet_round(cards: CardSet, avoid: set[str], markers: dict[str, int],
                struck: Sequence[str] = ()) -> list[str]:
    """Six power cards for a round in which nothing happens: no catastrophe strikes, no supply.

    The first card is a value-1 card, so the first bidder can always afford something.
    ``markers`` are the catastrophe markers before the round.
    """
    steps = {c.id: c.steps for c in cards.catastrophes}
    free = [c for c in cards.power_cards if c.id not in avoid and not c.supply]

    def safe(card_cat: str | None, moved: dict[str, int]) -> bool:
        if card_cat is None or card_cat in struck:
            return True
        return moved.get(card_cat, 0) + 1 < steps[card_cat]

    moved = dict(markers)
    first: list[str] = []
    for need_value_one in (True, False):
        card = next(c for c in free if c.id not in first and safe(c.catastrophe, moved)
                    and (c.value == 1 or not need_value_one))
        first.append(card.id)
        if card.catastrophe:
            moved[card.catastrophe] = moved.get(card.catastrophe, 0) + 1
    rest = [c.id for c in free if c.id not in first][:4]
    out = first + rest
    assert len(out) == 6, "not enough unused power cards for a quiet round"
    return out


def make_game(players: Sequence[PlayerSpec | dict[str, Any]], reveal: Sequence[str], *,
              seed: int = SEED, cards: CardSet | None = None, order: list[int] | None = None,
              round: int = 1, markers: dict[str, int] | None = None,
              struck: Sequence[str] = (), coins_next: Sequence[str] = (),
              quiet_next: bool = True, names: Sequence[str] | None = None) -> Game:
    """A game of ``len(players)`` players starting from the position described.

    ``reveal`` is this round's six cards in draw order.  With ``quiet_next`` six more cards follow
    that make the next round start without any catastrophe or supply, so what a test checks after
    this round's income is not disturbed.
    """
    cards = cards if cards is not None else load_cards()
    specs = [p if isinstance(p, PlayerSpec) else PlayerSpec(**p) for p in players]
    full = list(reveal)
    markers = dict(markers or {})
    if quiet_next and round < 8:
        after = dict(markers)
        for cid in full[:2]:
            cat = cards.power_by_id[cid].catastrophe
            if cat is not None:
                after[cat] = after.get(cat, 0) + 1
        full += quiet_round(cards, _named_cards(specs) | set(full), after, struck)
    pos = Position(round=round, order=order, players=specs, reveal=full, markers=markers,
                   struck=list(struck), coins_next=list(coins_next))
    game = Game.new(list(names or NAMES[: len(specs)]), seed, cards, position=pos)
    assert not [e for e in game.log if e.kind in ("strike", "supply")], \
        "the position set off a catastrophe or a supply phase the test did not ask for"
    return game


def coins(game: Game, seat: int, resource: str | None = None, amount: int | None = None
          ) -> list[int]:
    """Coin cards in a player's hand (optionally only those with this back)."""
    return [c for c in game.players[seat].hand
            if (resource is None or game.coin_resource(c) == resource)
            and (amount is None or game.coin_amount(c) == amount)]


def answer_as(game: Game, seat: int, ans: Answer, kind: str | None = None) -> None:
    """Answer the pending prompt, checking first that it is addressed to ``seat``."""
    prompt = game.pending
    assert prompt is not None, "the game is over"
    assert prompt.player == seat, (
        f"the prompt ({prompt.kind}) is for {game.names[prompt.player]}, not {game.names[seat]}")
    if kind is not None:
        assert prompt.kind == kind, f"expected a {kind} prompt, got {prompt.kind}"
    game.answer(ans)


def bid(game: Game, seat: int, card: str, n: int | None = None,
        use: Sequence[int] | None = None, luxury: int = 0) -> tuple[int, ...]:
    """``seat`` bids ``n`` coin cards (the first ones in hand) or exactly ``use`` on ``card``."""
    chosen = tuple(use) if use is not None else tuple(game.players[seat].hand[: n or 0])
    answer_as(game, seat, PlaceBid(card, chosen, luxury), "bid")
    return chosen


def pass_(game: Game, seat: int) -> None:
    answer_as(game, seat, Pass(), "bid")


def events(game: Game, kind: str, player: int | None = None) -> list[Event]:
    return [e for e in game.log if e.kind == kind and (player is None or e.player == player)]


def texts(game: Game, kind: str | None = None) -> list[str]:
    return [e.text for e in game.log if kind is None or e.kind == kind]


def expect_illegal(game: Game, ans: Answer, *phrases: str) -> str:
    """The answer is refused with a message containing every phrase, and nothing changes."""
    before = game.snapshot()
    pending: Prompt | None = game.pending
    with pytest.raises(IllegalAnswer) as info:
        game.answer(ans)
    msg = str(info.value)
    for phrase in phrases:
        assert phrase in msg, f"{phrase!r} not in the message {msg!r}"
    assert game.snapshot() == before
    assert game.pending is pending
    return msg
