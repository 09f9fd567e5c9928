"""A game being played in the app: the engine game, who sits where, bots, saving.

Nothing here imports Textual, so tests, the screenshot script and the bench can drive a session
directly.  The session holds no rule logic: it asks the engine for legality and applies answers.
It is also the only part of the app that holds the :class:`Game`: the screens and panels read the
game through its accessors (a player's :class:`View`, the pending prompt, the public log, the
engine's check), so they cannot see a hidden card.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

# The engine, the bots and the card model (pydantic, YAML) load when a game starts, not when the
# app starts: the start screen needs none of them.
if TYPE_CHECKING:
    from collections.abc import Sequence

    from peloponnes_tui.bots.base import Bot
    from peloponnes_tui.bots.players import BotPlayers
    from peloponnes_tui.cards import CardSet
    from peloponnes_tui.engine import Answer, AnyPrompt, Event, Game, Score, View
    from peloponnes_tui.engine.position import Position
    from peloponnes_tui.engine.save import SaveFile

DATA_DIR_ENV = "PELOPONNES_DATA_DIR"
AUTOSAVE = "autosave.json"

# Player colours: name, Rich colour, letter, symbol.  The letter and symbol carry the colour for
# players who cannot tell the colours apart.
COLOURS: dict[str, tuple[str, str, str]] = {
    "red": ("#e05050", "R", "●"),
    "blue": ("#5b8cff", "B", "▲"),
    "green": ("#4caf50", "G", "■"),
    "yellow": ("#e0c040", "Y", "◆"),
    "purple": ("#b070e0", "P", "★"),
}
# The same colours darker, for light themes (``set_light_palette``): the pale originals are hard
# to read on a light background.
LIGHT_COLOURS: dict[str, str] = {
    "red": "#b3261e",
    "blue": "#1f4fbf",
    "green": "#2e7d32",
    "yellow": "#8a6500",
    "purple": "#7a2fa8",
}
_palette = {"light": False}


def set_light_palette(light: bool) -> None:
    """Use the darker player colours (a light theme) or the brighter ones (a dark theme)."""
    _palette["light"] = light


def light_palette() -> bool:
    return _palette["light"]


DEFAULT_NAMES = ("Helena", "Leonidas", "Dimitrios", "Ariadne", "Perikles")
HUMAN = "human"
# The pause (seconds) before each computer move: the choices on the New game screen.
PAUSES = (0.0, 0.3, 0.7, 1.5)
DEFAULT_PAUSE = 0.7


def data_dir() -> Path:
    """Where autosaves and saves live; PELOPONNES_DATA_DIR overrides (tests use it)."""
    env = os.environ.get(DATA_DIR_ENV)
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("peloponnes", appauthor=False))


def atomic_write(path: Path, text: str) -> None:
    """Write a file so that a crash leaves either the old or the new content, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


@dataclass
class Seat:
    name: str
    colour: str = "red"
    kind: str = HUMAN  # "human" or a bot name from BOTS

    @property
    def human(self) -> bool:
        return self.kind == HUMAN

    @property
    def letter(self) -> str:
        return COLOURS.get(self.colour, COLOURS["red"])[1]

    @property
    def symbol(self) -> str:
        return COLOURS.get(self.colour, COLOURS["red"])[2]

    @property
    def rich_colour(self) -> str:
        """The player's colour, darker when a light theme is on."""
        if _palette["light"]:
            return LIGHT_COLOURS.get(self.colour, LIGHT_COLOURS["red"])
        return COLOURS.get(self.colour, COLOURS["red"])[0]

    @property
    def tag(self) -> str:
        """Colour letter and symbol, e.g. ``R●``."""
        return self.letter + self.symbol

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "colour": self.colour, "kind": self.kind}


def default_seats(n: int, humans: int = 1) -> list[Seat]:
    from peloponnes_tui.bots import BOTS

    colours = list(COLOURS)
    return [Seat(DEFAULT_NAMES[i], colours[i], HUMAN if i < humans else next(iter(BOTS)))
            for i in range(n)]


@dataclass
class Session:
    game: Game
    seats: list[Seat]
    privacy: bool = True
    seed: int = 0
    bots: BotPlayers | None = None  # the computer seats' players (made with the game)
    bot_pause: float = DEFAULT_PAUSE  # seconds before each computer move (kept in the save)

    @property
    def answered_by(self) -> list[int]:
        """The seat that gave each of ``game.answers`` (the engine keeps it)."""
        return self.game.answer_seats

    @classmethod
    def new(cls, seats: list[Seat], seed: int, cards: CardSet, privacy: bool = True,
            position: Position | None = None, bot_pause: float = DEFAULT_PAUSE) -> Session:
        from peloponnes_tui.engine import Game

        game = Game.new([s.name for s in seats], seed, cards, position)
        s = cls(game, seats, privacy, seed, bot_pause=max(0.0, bot_pause))
        s._make_bots()
        return s

    def _make_bots(self) -> None:
        from peloponnes_tui.bots.players import BotPlayers

        self.bots = BotPlayers(self.game.cards, {i: s.kind for i, s in enumerate(self.seats)
                                                 if not s.human}, self.game.seed)

    # -- playing ----------------------------------------------------------------------------

    @property
    def pending(self) -> AnyPrompt | None:
        """The prompt the engine waits on (None once the game is over)."""
        return self.game.pending

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def cards(self) -> CardSet:
        return self.game.cards

    @property
    def turn(self) -> int:
        """How many answers have been given: it changes with every answer and every undo."""
        return len(self.game.answers)

    @property
    def log(self) -> Sequence[Event]:
        """The public log of the game (every event; none shows a hidden card)."""
        return self.game.log

    @property
    def scores(self) -> tuple[Score, ...]:
        """The final reckoning (empty until the game is over)."""
        return self.game.scores

    @property
    def winners(self) -> tuple[int, ...]:
        return self.game.winners

    def view(self, seat: int) -> View:
        """What the player in ``seat`` may see."""
        return self.game.view_for(seat)

    def check(self, answer: Answer) -> str | None:
        """Why the engine would refuse ``answer`` now, or None if it is legal.

        Nothing changes either way; the app shows the reason and keeps the confirm key disabled.
        """
        return self.game.check(answer)

    def seat_of_pending(self) -> Seat | None:
        p = self.game.pending
        return None if p is None else self.seats[p.player]

    def answer(self, answer: Answer) -> None:
        """Apply an answer (IllegalAnswer leaves everything unchanged)."""
        self.game.answer(answer)

    def bot_to_move(self) -> Bot | None:
        """The computer player who must answer now (None on a person's turn or at the end)."""
        return None if self.bots is None else self.bots.to_move(self.game)

    def play_bots(self) -> int:
        """Play the computer seats' turns through to the next person's decision (or the end)."""
        assert self.bots is not None
        return self.bots.play(self.game)

    def can_undo(self, seat: int | None) -> bool:
        """True when the last answer was ``seat``'s own, nobody has answered since, and it
        turned up no hidden card (a coin drawn, a power card revealed): what has been seen
        cannot be unseen, as at the table."""
        by = self.game.answer_seats
        return (seat is not None and bool(by) and by[-1] == seat and self.seats[seat].human
                and not self.game.answer_revealed[-1])

    def undo(self) -> None:
        self.game = self.game.undo(1)
        self._make_bots()  # bots are rebuilt; their seeds make them replay the same way

    # -- saving ------------------------------------------------------------------------------

    def extra(self) -> dict[str, Any]:
        return {"seats": [s.to_json() for s in self.seats], "privacy": self.privacy,
                "bot_pause": self.bot_pause}

    def dumps(self) -> str:
        from peloponnes_tui.engine.save import dumps

        return dumps(self.game, self.extra())

    def save(self, path: Path) -> None:
        atomic_write(path, self.dumps())

    @classmethod
    def loads(cls, text: str, cards: CardSet) -> Session:
        """Rebuild a session from save text; raises SaveError with a readable reason."""
        from peloponnes_tui.engine.save import SAVE_FILE, parse_save

        return cls._from_save(parse_save(text), cards, SAVE_FILE)

    @classmethod
    def load(cls, path: Path, cards: CardSet) -> Session:
        """Rebuild a session from a save file; SaveError names the file and says what is wrong
        (not an ordinary file, too big, not JSON, nested too deeply, a damaged field, ...)."""
        from peloponnes_tui.engine.save import read_save

        return cls._from_save(read_save(path), cards, path)

    @classmethod
    def _from_save(cls, save: SaveFile, cards: CardSet, where: str | Path) -> Session:
        from peloponnes_tui.bots import BOTS
        from peloponnes_tui.engine.save import load_game

        game = load_game(save, cards, where)
        extra = save.extra or {}
        seats: list[Seat] = []
        raw = extra.get("seats")
        colours = list(COLOURS)
        for i, name in enumerate(game.names):
            item = raw[i] if isinstance(raw, list) and i < len(raw) else {}
            if not isinstance(item, dict):
                item = {}
            kind = str(item.get("kind", HUMAN))
            if kind != HUMAN and kind not in BOTS:
                kind = next(iter(BOTS))
            colour = str(item.get("colour", colours[i % len(colours)]))
            if colour not in COLOURS:
                colour = colours[i % len(colours)]
            seats.append(Seat(name, colour, kind))
        # Older saves also carry "answered_by"; the replay rebuilds game.answer_seats, so it is
        # ignored (whatever its shape).
        pause = extra.get("bot_pause", DEFAULT_PAUSE)
        if isinstance(pause, bool) or not isinstance(pause, (int, float)) or not 0 <= pause <= 60:
            pause = DEFAULT_PAUSE
        s = cls(game, seats, bool(extra.get("privacy", True)), game.seed,
                bot_pause=float(pause))
        s._make_bots()
        return s


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE


def saves_dir() -> Path:
    return data_dir() / "saves"


__all__ = [
    "AUTOSAVE",
    "COLOURS",
    "DATA_DIR_ENV",
    "DEFAULT_PAUSE",
    "HUMAN",
    "LIGHT_COLOURS",
    "PAUSES",
    "Seat",
    "Session",
    "atomic_write",
    "autosave_path",
    "data_dir",
    "default_seats",
    "light_palette",
    "saves_dir",
    "set_light_palette",
]
