"""Which chapters of the course are done, remembered between launches.

A small JSON file in the data folder (``files.data_dir``, beside the autosave), written
atomically (``files.atomic_write``) and read like the settings (``inputs.load_json_model``):
a missing file means nothing is done yet; a damaged one is ignored with a one-line notice (and
written anew when the next chapter is done), never a crash.
"""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from peloponnes_tui.files import atomic_write, data_dir
from peloponnes_tui.i18n import _
from peloponnes_tui.inputs import SETTINGS_BYTES_MAX, InputError, Name, load_json_model
from peloponnes_tui.message import message

PROGRESS = "course.json"
# the course's last entry: a whole game against beginners with hints (marked done at its end)
FIRST_GAME = "first-game"
PROGRESS_FORMAT = 1


class Progress(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    format: int = Field(default=PROGRESS_FORMAT, ge=PROGRESS_FORMAT, le=PROGRESS_FORMAT)
    done: tuple[Name, ...] = Field(default=(), max_length=200)
    """The ids of the chapters played to their end, in the order first done."""


def progress_path() -> Path:
    return data_dir() / PROGRESS


def load_progress(path: Path | None = None) -> tuple[Progress, str | None]:
    """The chapters done, and a one-line notice when the file had to be ignored."""
    path = progress_path() if path is None else path
    if not os.path.lexists(path):
        return Progress(), None
    try:
        return load_json_model(path, Progress, message("course progress file"),
                               SETTINGS_BYTES_MAX), None
    except InputError as exc:
        from peloponnes_tui.refusals import error_text

        return Progress(), _("The course's progress was ignored ({reason}); no chapter is "
                             "marked done.").format(reason=error_text(exc))


def mark_done(progress: Progress, chapter: str, path: Path | None = None
              ) -> tuple[Progress, str | None]:
    """``progress`` with ``chapter`` done, written atomically; and a one-line notice when the
    file could not be written (the progress is then kept for this run only)."""
    if chapter in progress.done:
        return progress, None
    new = progress.model_copy(update={"done": (*progress.done, chapter)})
    try:
        atomic_write(progress_path() if path is None else path,
                     new.model_dump_json(indent=1) + "\n")
    except OSError as exc:
        return new, _("The course's progress could not be saved: {reason}").format(
            reason=exc.strerror or str(exc))
    return new, None


__all__ = ["FIRST_GAME", "PROGRESS", "Progress", "load_progress", "mark_done", "progress_path"]
