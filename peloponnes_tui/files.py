"""Where the program keeps its files, and how it writes them: the data folder (autosave, saves,
crash logs), and writes that a crash leaves whole or not at all.

Nothing here imports the app, the engine or a library beyond the standard one (and platformdirs
when the data folder is looked up): the settings, the crash handler and the server use it.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

DATA_DIR_ENV = "PELOPONNES_DATA_DIR"
AUTOSAVE = "autosave.json"


CONFIG_DIR_ENV = "PELOPONNES_CONFIG_DIR"


def config_dir() -> Path:
    """Where the settings live; PELOPONNES_CONFIG_DIR overrides (tests use it)."""
    env = os.environ.get(CONFIG_DIR_ENV)
    if env:
        return Path(env)
    from platformdirs import user_config_dir

    return Path(user_config_dir("peloponnes", appauthor=False))


def data_dir() -> Path:
    """Where autosaves and saves live; PELOPONNES_DATA_DIR overrides (tests use it)."""
    env = os.environ.get(DATA_DIR_ENV)
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("peloponnes", appauthor=False))


TMP_SUFFIX = ".peloponnes-tmp"
STALE_TMP = 60.0  # seconds: a temporary file older than this is left over from a killed write


def atomic_write(path: Path, text: str) -> None:
    """Write a file so that a crash leaves either the old or the new content, never half.

    The text goes to ``<name>.<pid>.<random>.peloponnes-tmp`` beside the file, is flushed to the
    disk, and then renamed over it.  A kill between the two leaves the temporary file behind;
    :func:`clean_stale_temp_files` removes it at the next start.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f"{path.name}.{os.getpid()}.", suffix=TMP_SUFFIX,
                               dir=path.parent)
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
    _fsync_dir(path.parent)


def write_new(path: Path, text: str) -> None:
    """Write a new file, whole or not at all, and never over one that exists
    (``FileExistsError`` then: nothing is written).

    The text goes to a temporary file as in :func:`atomic_write`, which is then linked to
    ``path``: the link fails if ``path`` exists, so of two writes at once only one gets the
    name. Where the file system has no links, the file is created exclusively instead.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f"{path.name}.{os.getpid()}.", suffix=TMP_SUFFIX,
                               dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        try:
            os.link(tmp, path)
        except FileExistsError:
            raise
        except OSError:  # no links here (some removable or network drives)
            out = open(path, "x", encoding="utf-8")  # noqa: SIM115 (removed if a write fails)
            try:
                with out:
                    out.write(text)
                    out.flush()
                    os.fsync(out.fileno())
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(path)
                raise
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    _fsync_dir(path.parent)


def write_unique(folder: Path, stem: str, text: str, suffix: str = ".json",
                 tries: int = 1000) -> Path:
    """Write ``text`` to a new file ``<stem><suffix>`` in ``folder``, or ``<stem>-2<suffix>``,
    ``-3`` ... when that name is taken: never over another file. Returns the path."""
    for n in range(1, tries + 1):
        path = folder / (f"{stem}{suffix}" if n == 1 else f"{stem}-{n}{suffix}")
        try:
            write_new(path, text)
        except FileExistsError:
            continue
        return path
    raise FileExistsError(f"{tries} files named {stem}… exist already in {folder}")


def _fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (where the system allows opening a folder)."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def clean_stale_temp_files(folders: Sequence[Path] | None = None,
                           now: float | None = None) -> list[Path]:
    """Remove temporary files of :func:`atomic_write` left by a killed write; return them.

    Only this program's own temporary files are touched (their suffix says so), only those
    older than :data:`STALE_TMP` seconds, and never those of the running process.
    """
    folders = [data_dir(), saves_dir()] if folders is None else folders
    now = time.time() if now is None else now
    removed: list[Path] = []
    for folder in folders:
        try:
            candidates = list(folder.glob(f"*{TMP_SUFFIX}"))
        except OSError:
            continue
        for tmp in candidates:
            parts = tmp.name[: -len(TMP_SUFFIX)].rsplit(".", 2)
            if len(parts) == 3 and parts[1] == str(os.getpid()):
                continue  # a write of this process, perhaps under way
            try:
                if not tmp.is_file() or now - tmp.stat().st_mtime < STALE_TMP:
                    continue
                tmp.unlink()
            except OSError:
                continue
            removed.append(tmp)
    return removed


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE


def saves_dir() -> Path:
    return data_dir() / "saves"


__all__ = ["AUTOSAVE", "CONFIG_DIR_ENV", "DATA_DIR_ENV", "STALE_TMP", "TMP_SUFFIX", "atomic_write",
           "autosave_path", "clean_stale_temp_files", "config_dir", "data_dir", "saves_dir",
           "write_new", "write_unique"]
