"""A game being played in the app: the engine game, who sits where, bots, saving.

Nothing here imports Textual, so tests, the screenshot script and the bench can drive a session
directly.  The session holds no rule logic: it asks the engine for legality and applies answers.
It is also the only part of the app that holds the :class:`Game`: the screens and panels read the
game through its accessors (a player's :class:`View`, the pending prompt, the public log, the
engine's check), so they cannot see a hidden card.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from peloponnes_tui.files import (
    AUTOSAVE,
    DATA_DIR_ENV,
    STALE_TMP,
    TMP_SUFFIX,
    atomic_write,
    autosave_path,
    clean_stale_temp_files,
    data_dir,
    saves_dir,
    write_new,
    write_unique,
)
from peloponnes_tui.i18n import _, kind_name
from peloponnes_tui.seating import COLOURS, DEFAULT_NAMES, DEFAULT_PAUSE, HUMAN, PAUSES, seat_json
from peloponnes_tui.tui.colours import player_colour, player_letter, player_symbol

# The engine, the bots and the card model (pydantic, YAML) load when a game starts, not when the
# app starts: the start screen needs none of them.
if TYPE_CHECKING:
    from peloponnes_tui.bots.base import Bot
    from peloponnes_tui.bots.players import BotPlayers
    from peloponnes_tui.cards import CardSet
    from peloponnes_tui.engine import Answer, AnyPrompt, Event, Game, Score, View
    from peloponnes_tui.engine.position import Position
    from peloponnes_tui.engine.save import SaveFile
    from peloponnes_tui.message import Message

# -- one window owns the autosave ---------------------------------------------------------------

LOCK = "autosave.lock"


@dataclass(frozen=True)
class LockHolder:
    """The window that owns the autosave: its process, machine and when it took it."""

    pid: int
    host: str
    started: float  # seconds since the epoch

    def describe(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.started))
        if self.host == socket.gethostname():
            return _("the window of process {pid}, since {when}").format(pid=self.pid, when=when)
        return _("the window of process {pid} on {host}, since {when}").format(
            pid=self.pid, host=self.host, when=when)

    def to_json(self) -> str:
        return json.dumps({"pid": self.pid, "host": self.host, "started": self.started})

    @classmethod
    def from_text(cls, text: str) -> LockHolder | None:
        from peloponnes_tui.inputs import InputError, parse_json, printable

        try:  # outside data like any file: within the limits of inputs.py
            raw = parse_json(text[:1000], LOCK)
            # the host is shown to the player: printable characters only, and short
            return cls(int(raw["pid"]), printable(str(raw["host"]), 100), float(raw["started"]))
        except (InputError, ValueError, TypeError, KeyError, OverflowError):
            return None


class AutosaveLock:
    """Ownership of ``autosave.json``: the window holding it is the only one that writes it.

    The lock is an advisory lock (``flock``; ``msvcrt.locking`` on Windows) on
    ``autosave.lock`` in the data directory, held for as long as the window runs.  The system
    drops it when the process ends, however it ends, so a killed window never blocks the next
    one: a lock file whose process is gone is simply taken over.  The file holds the owner's
    pid, host and start time so that another window can say who has the game.
    """

    def __init__(self, fd: int, holder: LockHolder) -> None:
        self._fd: int | None = fd
        self.holder = holder

    @classmethod
    def acquire(cls, folder: Path | None = None) -> AutosaveLock | LockHolder:
        """Take the lock, or return who holds it (a holder unknown to the file: pid 0).

        Raises OSError when the lock file cannot be opened at all (an unwritable folder).
        """
        folder = data_dir() if folder is None else folder
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(folder / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            if not _try_lock(fd):
                text = os.pread(fd, 1000, 0).decode("utf-8", "replace")
                os.close(fd)
                return LockHolder.from_text(text) or LockHolder(0, "?", 0.0)
            me = LockHolder(os.getpid(), socket.gethostname(), time.time())
            os.ftruncate(fd, 0)
            os.pwrite(fd, me.to_json().encode("utf-8"), 0)
            os.fsync(fd)
        except BaseException:
            with contextlib.suppress(OSError):
                os.close(fd)
            raise
        return cls(fd, me)

    def release(self) -> None:
        """Give the autosave up (the window closes).  The file stays: removing it could let
        two windows lock two different files."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
        with contextlib.suppress(OSError):
            os.close(fd)  # closing drops the lock

    @property
    def held(self) -> bool:
        return self._fd is not None


def _try_lock(fd: int) -> bool:
    """Lock ``fd`` without waiting; False when another open file holds it."""
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, 4096, os.SEEK_SET)  # a byte past the holder's text, which stays readable
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def own_autosave_path(started: float | None = None) -> Path:
    """Where a game autosaves when another window owns ``autosave.json``: a file of its own in
    the saves folder, which the Load screen lists."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(started))
    return saves_dir() / f"autosave-{stamp}-{os.getpid()}.json"


@dataclass
class Seat:
    name: str
    colour: str = "red"
    kind: str = HUMAN  # "human" or a bot name from BOT_NAMES

    @property
    def human(self) -> bool:
        return self.kind == HUMAN

    @property
    def letter(self) -> str:
        return player_letter(self.colour)

    @property
    def symbol(self) -> str:
        return player_symbol(self.colour)

    @property
    def rich_colour(self) -> str:
        """The player's colour, darker when a light theme is on."""
        return player_colour(self.colour)

    @property
    def tag(self) -> str:
        """Colour letter and symbol, e.g. ``R●``."""
        return self.letter + self.symbol

    def to_json(self) -> dict[str, str]:
        return seat_json(self.name, self.colour, self.kind)


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
    coach: bool = True  # whether the coach may be asked (off for competitive games; saved)
    coach_asks: list[int] = field(default_factory=list)  # each seat's requests of the coach
    # hints: at each decision of a person the board says what it is about and what the coach
    # would pick (not counted as requests), and the scoring is explained line by line (saved)
    hints: bool = False
    lesson: str | None = None  # the course's entry this game is (``FIRST_GAME``), saved

    @property
    def hands_private(self) -> bool:
        """True when each person at the screen may see only their own hand: the hands are
        hidden (``privacy``) and more than one seat is a person's. False where a single person
        plays all the human seats. The one home of this rule: the hand-off cover between two
        people's turns and the replay viewer of an unfinished game follow it."""
        return self.privacy and sum(1 for s in self.seats if s.human) > 1

    @property
    def answered_by(self) -> list[int]:
        """The seat that gave each of ``game.answers`` (the engine keeps it)."""
        return self.game.answer_seats

    @classmethod
    def new(cls, seats: list[Seat], seed: int, cards: CardSet, privacy: bool = True,
            position: Position | None = None, bot_pause: float = DEFAULT_PAUSE,
            coach: bool = True, hints: bool = False, lesson: str | None = None) -> Session:
        from peloponnes_tui.engine import Game

        game = Game.new([s.name for s in seats], seed, cards, position)
        s = cls(game, seats, privacy, seed, bot_pause=max(0.0, bot_pause), coach=coach,
                hints=hints, lesson=lesson)
        s._make_bots()
        return s

    def __post_init__(self) -> None:
        if len(self.coach_asks) != len(self.seats):
            self.coach_asks = [0] * len(self.seats)

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
        from peloponnes_tui.refusals import refusal_text

        refusal = self.game.refusal(answer)
        return None if refusal is None else refusal_text(refusal)

    def seat_of_pending(self) -> Seat | None:
        p = self.game.pending
        return None if p is None else self.seats[p.player]

    def answer(self, answer: Answer) -> None:
        """Apply an answer (IllegalAnswer leaves everything unchanged)."""
        self.game.answer(answer)

    def hand_to_computer(self, seat: int, kind: str) -> None:
        """The person at ``seat`` leaves: a computer player of ``kind`` (a name of
        ``BOT_NAMES``) plays the seat from now on (the game itself is unchanged)."""
        self.seats[seat].kind = kind
        self._make_bots()

    def bot_to_move(self) -> Bot | None:
        """The computer player who must answer now (None on a person's turn or at the end)."""
        return None if self.bots is None else self.bots.to_move(self.game)

    def play_bots(self) -> int:
        """Play the computer seats' turns through to the next person's decision (or the end)."""
        assert self.bots is not None
        return self.bots.play(self.game)

    def ask_coach(self) -> tuple[AnyPrompt, View]:
        """Count a request of the coach by the player deciding now, and return what the coach
        may look at: the decision and that player's own :class:`View`, nothing else.

        Only while the coach is on and a decision is pending (the app offers it only then).
        """
        prompt = self.game.pending
        assert self.coach and prompt is not None
        self.coach_asks[prompt.player] += 1
        return prompt, self.view(prompt.player)

    def seen_log(self, seat: int) -> int:
        """How much of the log the player in ``seat`` had seen at their last decision (none
        before their first)."""
        game = self.game
        for i in range(len(game.answer_seats) - 1, -1, -1):
            if game.answer_seats[i] == seat:
                return game.answer_log_sizes[i]
        return 0

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
        # round and over are only for the load list (saveinfo.py): loading replays the answers
        return {"seats": [s.to_json() for s in self.seats], "privacy": self.privacy,
                "bot_pause": self.bot_pause, "coach": self.coach,
                "coach_asks": list(self.coach_asks), "hints": self.hints, "lesson": self.lesson,
                "round": self.game.round, "over": self.over}

    def dumps(self) -> str:
        from peloponnes_tui.engine.save import dumps

        return dumps(self.game, self.extra())

    def save(self, path: Path) -> None:
        """Write the game to ``path``, replacing it (the autosave)."""
        atomic_write(path, self.dumps())

    def save_new(self, path: Path) -> None:
        """Write the game to ``path``, a new file: ``FileExistsError`` if there is one."""
        write_new(path, self.dumps())

    def save_unique(self, folder: Path, stem: str) -> Path:
        """Write the game to a new file ``<stem>.json`` in ``folder`` (``<stem>-2.json`` ... when
        the name is taken: a save never replaces another); its path."""
        return write_unique(folder, stem, self.dumps())

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
    def _from_save(cls, save: SaveFile, cards: CardSet, where: str | Path | Message
                   ) -> Session:
        from peloponnes_tui.bots import BOT_NAMES, BOTS
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
            if kind != HUMAN and kind not in BOT_NAMES:
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
        # saves from before the coach have neither: the coach on, never asked
        asks = extra.get("coach_asks")
        if not (isinstance(asks, list) and len(asks) == len(seats)
                and all(type(n) is int and 0 <= n <= 1_000_000 for n in asks)):
            asks = [0] * len(seats)
        # saves from before the hints have neither: no hints, no lesson
        from peloponnes_tui.learn.progress import FIRST_GAME

        lesson = extra.get("lesson")
        s = cls(game, seats, bool(extra.get("privacy", True)), game.seed,
                bot_pause=float(pause), coach=extra.get("coach") is not False,
                coach_asks=list(asks), hints=extra.get("hints") is True,
                lesson=lesson if lesson == FIRST_GAME else None)
        s._make_bots()
        return s


__all__ = [
    "AUTOSAVE",
    "DATA_DIR_ENV",
    "DEFAULT_NAMES",
    "DEFAULT_PAUSE",
    "HUMAN",
    "LOCK",
    "PAUSES",
    "STALE_TMP",
    "TMP_SUFFIX",
    "AutosaveLock",
    "LockHolder",
    "Seat",
    "Session",
    "atomic_write",
    "autosave_path",
    "clean_stale_temp_files",
    "data_dir",
    "default_seats",
    "kind_name",
    "own_autosave_path",
    "saves_dir",
]
