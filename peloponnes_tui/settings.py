"""The player's settings, remembered between launches: seating, computer players, pause, theme,
privacy, the coach, language.

They live as JSON in the user config directory (``PELOPONNES_CONFIG_DIR`` overrides it; the tests
set it).  Reading is defensive: a missing file gives the defaults; a damaged or absurd one, or one
that is not a regular file or is too big, is ignored with a one-line notice and the defaults are
used, never a crash.  Writing is atomic.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, field_validator

from peloponnes_tui.files import CONFIG_DIR_ENV, atomic_write, config_dir
from peloponnes_tui.i18n import LANGUAGES, _
from peloponnes_tui.inputs import SETTINGS_BYTES_MAX, InputError, load_json_model
from peloponnes_tui.message import Invalid, message
from peloponnes_tui.seating import COLOURS, DEFAULT_NAMES, DEFAULT_PAUSE, HUMAN, PAUSES
from peloponnes_tui.settings_file import THEME_MAX, settings_path

SETTINGS_FORMAT = 1
MAX_NAME = 16  # as on the New game screen
# Who can sit at a seat, as the New game screen offers it: a person or a computer player by
# strength, weakest first, and the random player for learning the rules (names from
# ``bots.BOT_NAMES``, written here so the settings load without the bots; a test checks them).
SEAT_KINDS = (HUMAN, "beginner", "standard", "strong", "random")
# Settings written before the strengths had names: the same computer players by their old names.
OLD_KINDS = {"heuristic": "standard", "search": "strong"}
DEFAULT_BOT = "standard"  # a fair opponent


Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME)]


class SeatSettings(BaseModel):
    """One seat on the New game screen: who sits there, in which colour."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Name
    colour: str
    kind: str = HUMAN

    @field_validator("name")
    @classmethod
    def _name(cls, v: str) -> str:
        if not v.strip() or not v.isprintable():
            raise Invalid(message("a name must be printable and not blank"))
        return v.strip()

    @field_validator("colour")
    @classmethod
    def _colour(cls, v: str) -> str:
        if v not in COLOURS:
            raise Invalid(message("unknown colour {colour}", colour=repr(v)))
        return v

    @field_validator("kind", mode="before")
    @classmethod
    def _kind(cls, v: object) -> object:
        if isinstance(v, str):
            v = OLD_KINDS.get(v, v)
        if v not in SEAT_KINDS:
            raise Invalid(message("unknown player kind {kind}", kind=repr(v)))
        return v


def default_seat_settings() -> tuple[SeatSettings, ...]:
    """Five seats in the five colours: two people, then computer players."""
    return tuple(SeatSettings(name=DEFAULT_NAMES[i], colour=colour,
                              kind=HUMAN if i < 2 else DEFAULT_BOT)
                 for i, colour in enumerate(COLOURS))


# the games in which the board shows the card legend until the player hides it or shows it
LEGEND_GAMES = 3


class Settings(BaseModel):
    """Everything the app remembers between launches."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: int = SETTINGS_FORMAT
    players: int = Field(default=3, ge=2, le=5)
    seats: tuple[SeatSettings, ...] = Field(default_factory=default_seat_settings,
                                            min_length=5, max_length=5)
    pause: float = DEFAULT_PAUSE
    privacy: bool = True
    coach: bool = True  # the coach may be asked in the game (off for competitive games)
    theme: str | None = Field(default=None, max_length=THEME_MAX)
    # the app's language as last chosen in it (None: the environment's); --lang wins for a run
    language: str | None = None
    # the card legend below the board: shown or hidden by the player (key ?), else (None)
    # shown in their first LEGEND_GAMES games
    legend: bool | None = None
    games: int = Field(default=0, ge=0)  # games started from the New game screen

    @property
    def legend_shown(self) -> bool:
        """Whether the board shows the card legend (see ``legend``)."""
        return self.legend if self.legend is not None else self.games <= LEGEND_GAMES

    @field_validator("format")
    @classmethod
    def _format(cls, v: int) -> int:
        if v != SETTINGS_FORMAT:
            raise Invalid(message("format {found} (this version reads format {wanted})", found=v,
                                  wanted=SETTINGS_FORMAT))
        return v

    @field_validator("language")
    @classmethod
    def _language(cls, v: str | None) -> str | None:
        if v is not None and v not in LANGUAGES:
            raise Invalid(message("unknown language {language}", language=repr(v)))
        return v

    @field_validator("pause")
    @classmethod
    def _pause(cls, v: float) -> float:
        if v not in PAUSES:
            raise Invalid(message("pause {pause} s is not one of the choices", pause=f"{v:g}"))
        return v


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The remembered settings and a one-line notice when the file had to be ignored.

    A missing file gives the defaults without a notice; anything else that cannot be used (not an
    ordinary file, too big, not JSON, a wrong field: ``inputs.load_json_model`` says which) gives
    the defaults and the notice.
    """
    path = settings_path() if path is None else path
    if not os.path.lexists(path):
        return Settings(), None
    try:
        return load_json_model(path, Settings, message("settings file"), SETTINGS_BYTES_MAX), None
    except InputError as exc:
        from peloponnes_tui.refusals import error_text

        return Settings(), _("Settings ignored ({reason}); defaults used.").format(
            reason=error_text(exc))


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically (OSError if the directory cannot be written)."""
    atomic_write(settings_path() if path is None else path,
                 settings.model_dump_json(indent=1) + "\n")


__all__ = [
    "CONFIG_DIR_ENV",
    "OLD_KINDS",
    "SEAT_KINDS",
    "SeatSettings",
    "Settings",
    "config_dir",
    "default_seat_settings",
    "load_settings",
    "save_settings",
    "settings_path",
]
