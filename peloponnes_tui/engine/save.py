"""Save files: versioned JSON holding the card-data fingerprint, seed, seating and answers.

Loading replays the answers, so a save can never describe a position the rules do not allow.
The text is parsed within the limits of :mod:`peloponnes_tui.inputs` (depth, digits, strings,
duplicate keys); every problem is a :class:`SaveError` naming the file and the field.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from peloponnes_tui.cards import CardSet
from peloponnes_tui.engine.game import Game, GameSetupError
from peloponnes_tui.engine.position import PlacedSpec, PlayerSpec, Position
from peloponnes_tui.engine.prompts import IllegalAnswer
from peloponnes_tui.engine.shape import answer_from_dict
from peloponnes_tui.inputs import (
    SAVE_BYTES_MAX,
    InputError,
    Name,
    parse_json,
    read_text,
    shown,
    uncited,
    validate_model,
)
from peloponnes_tui.message import Invalid, Message, message, verbatim

SAVE_FORMAT = 1
SAVE_FILE = message("the save file")  # how a message names a save given as text, without a path


def damaged(problem: Message) -> Message:
    """``problem`` as the reason a save is damaged."""
    return message("the save is damaged: {problem}", problem=problem)


class SaveError(InputError):
    """A save file cannot be used; the message names the file and says why, for a player."""


class SaveFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: int = SAVE_FORMAT
    cards_version: str
    cards_digest: str
    seed: int
    players: list[Name] = Field(min_length=2, max_length=5)
    answers: list[dict[str, Any]] = Field(default_factory=list)
    position: dict[str, Any] | None = None  # a prepared start position, if any
    extra: dict[str, Any] = Field(default_factory=dict)  # room for the app (seat kinds, colours)


# The keys of the format itself: the only words of a save its refusals name. Nothing else a save
# holds is cited (a value, a key of its own), since a save can be any file a player names.
SAVE_KEYS = frozenset(name for model in (SaveFile, Position, PlayerSpec, PlacedSpec)
                      for name in model.model_fields)


def to_save(game: Game, extra: dict[str, Any] | None = None) -> SaveFile:
    return SaveFile(cards_version=game.cards.version, cards_digest=game.cards.digest,
                    seed=game.seed, players=list(game.names),
                    answers=[a.to_dict() for a in game.answers], extra=extra or {},
                    position=None if game.position is None
                    else game.position.model_dump(mode="json"))


def dumps(game: Game, extra: dict[str, Any] | None = None) -> str:
    return to_save(game, extra).model_dump_json(indent=1)


def parse_save(text: str, where: str | Path | Message = SAVE_FILE) -> SaveFile:
    """The save held by ``text`` (read from ``where``), checked for form; SaveError if damaged
    (saying where and what, citing nothing the text holds: see :data:`SAVE_KEYS`)."""
    with uncited(SAVE_KEYS):
        return _parse_save(text, where)


def _parse_save(text: str, where: str | Path | Message) -> SaveFile:
    data = parse_json(text, where, SaveError)
    if not isinstance(data, dict):
        raise SaveError(where, message("this does not hold a saved game"))
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(where, message("the save has format {found}; this version reads "
                                       "format {wanted}", found=_format(data.get("format")),
                                       wanted=SAVE_FORMAT))
    return validate_model(SaveFile, data, where, SaveError, lead=damaged)


def _format(value: object) -> str:
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else shown(value)


def read_save(path: Path) -> SaveFile:
    """The save in the file ``path``: an ordinary file of at most 4 MB, checked for form."""
    return parse_save(read_text(path, message("save file"), SAVE_BYTES_MAX, SaveError), path)


def load_game(save: SaveFile, cards: CardSet, where: str | Path | Message = SAVE_FILE) -> Game:
    """Replay a save with the given card data; raises SaveError if it does not fit.

    A refused answer is named in the language shown (its message); the setup's and the
    position's own checks (``GameSetupError``, ``PositionError``) speak English only. As in
    :func:`parse_save`, nothing the save holds is cited.
    """
    with uncited(SAVE_KEYS):
        return _load_game(save, cards, where)


def _load_game(save: SaveFile, cards: CardSet, where: str | Path | Message) -> Game:
    if not cards.same_cards(save.cards_digest):
        raise SaveError(where, message(
            "the save was made with other card data than these (version {version}); load it "
            "with the cards.yaml it was made with", version=cards.version))
    try:
        answers = [answer_from_dict(a) for a in save.answers]
    except Invalid as exc:
        raise SaveError(where, damaged(exc.message), field="answers") from None
    position = None if save.position is None else validate_model(
        Position, save.position, where, SaveError, prefix="position", lead=damaged)
    try:
        return Game.replay(save.players, save.seed, answers, cards, position)
    except IllegalAnswer as exc:
        raise SaveError(where, damaged(exc.message)) from None
    except (ValueError, TypeError, GameSetupError) as exc:
        raise SaveError(where, damaged(verbatim(str(exc)))) from None


def loads(text: str, cards: CardSet, where: str | Path | Message = SAVE_FILE) -> Game:
    return load_game(parse_save(text, where), cards, where)
