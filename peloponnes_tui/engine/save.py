"""Save files: versioned JSON holding the card-data fingerprint, seed, seating and answers.

Loading replays the answers, so a save can never describe a position the rules do not allow.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from peloponnes_tui.cards import CardSet
from peloponnes_tui.engine.game import Game, GameSetupError
from peloponnes_tui.engine.position import Position
from peloponnes_tui.engine.prompts import IllegalAnswer
from peloponnes_tui.engine.shape import answer_from_dict

SAVE_FORMAT = 1


class SaveError(Exception):
    """A save file cannot be used; the message says why, for a player."""


class SaveFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: int = SAVE_FORMAT
    cards_version: str
    cards_digest: str
    seed: int
    players: list[str] = Field(min_length=2, max_length=5)
    answers: list[dict[str, Any]] = Field(default_factory=list)
    position: dict[str, Any] | None = None  # a prepared start position, if any
    extra: dict[str, Any] = Field(default_factory=dict)  # room for the app (seat kinds, colours)


def to_save(game: Game, extra: dict[str, Any] | None = None) -> SaveFile:
    return SaveFile(cards_version=game.cards.version, cards_digest=game.cards.digest,
                    seed=game.seed, players=list(game.names),
                    answers=[a.to_dict() for a in game.answers], extra=extra or {},
                    position=None if game.position is None
                    else game.position.model_dump(mode="json"))


def dumps(game: Game, extra: dict[str, Any] | None = None) -> str:
    return to_save(game, extra).model_dump_json(indent=1)


def parse_save(text: str) -> SaveFile:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"the save file is not valid JSON ({exc.msg}, line {exc.lineno})"
                        ) from None
    if not isinstance(data, dict):
        raise SaveError("the save file does not hold a saved game")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"the save file has format {data.get('format')!r}; this version reads "
                        f"format {SAVE_FORMAT}")
    try:
        return SaveFile.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"])
        raise SaveError(f"the save file is damaged ({where}: {err['msg']})") from None


def load_game(save: SaveFile, cards: CardSet) -> Game:
    """Replay a save with the given card data; raises SaveError if it does not fit."""
    if save.cards_digest != cards.digest:
        raise SaveError(f"the save was made with other card data (version {save.cards_version}, "
                        f"fingerprint {save.cards_digest}); load it with the same cards.yaml")
    try:
        answers = [answer_from_dict(a) for a in save.answers]
    except ValueError as exc:
        raise SaveError(f"the save file is damaged: {exc}") from None
    try:
        position = None if save.position is None else Position.model_validate(save.position)
        return Game.replay(save.players, save.seed, answers, cards, position)
    except IllegalAnswer as exc:
        raise SaveError(f"the save file is damaged: {exc}") from None
    except (ValueError, TypeError, GameSetupError) as exc:
        raise SaveError(f"the save file is damaged: {exc}") from None


def loads(text: str, cards: CardSet) -> Game:
    return load_game(parse_save(text), cards)
