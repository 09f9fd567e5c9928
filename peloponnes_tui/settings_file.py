"""Where the settings file lives, and the first look at it when the app starts.

The settings are a pydantic model (``settings.py``), and loading pydantic and building the model
takes about a third of a cold start.  The start screen needs only two of the settings, the
language and the theme, so the app starts with :func:`first_look` and checks the whole file
(``settings.load_settings``) once its first screen is up, or when a setting is first needed.
Nothing here imports pydantic.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from peloponnes_tui.files import config_dir
from peloponnes_tui.i18n import LANGUAGES
from peloponnes_tui.inputs import SETTINGS_BYTES_MAX, InputError, load_json
from peloponnes_tui.message import message

SETTINGS = "settings.json"
THEME_MAX = 64  # the longest theme name a settings file may hold


def settings_path() -> Path:
    return config_dir() / SETTINGS


class FirstLook(NamedTuple):
    """The language and theme of the settings file, as far as they are usable (None: not)."""

    language: str | None
    theme: str | None


def first_look(path: Path | None = None) -> FirstLook:
    """The language and the theme a settings file holds, read within the same limits as the
    whole file (an ordinary file, its size, JSON within bounds) and held to the same rules as
    the model's fields (a language of ours, a theme name of at most ``THEME_MAX`` characters);
    anything else gives None for that field, and the whole check, when it runs, tells the
    player what was wrong.  A missing file gives nothing."""
    path = settings_path() if path is None else path
    try:
        data = load_json(path, message("settings file"), SETTINGS_BYTES_MAX)
    except InputError:
        return FirstLook(None, None)
    if not isinstance(data, dict):
        return FirstLook(None, None)
    language, theme = data.get("language"), data.get("theme")
    return FirstLook(language if isinstance(language, str) and language in LANGUAGES else None,
                     theme if isinstance(theme, str) and len(theme) <= THEME_MAX else None)


__all__ = ["SETTINGS", "THEME_MAX", "FirstLook", "first_look", "settings_path"]
