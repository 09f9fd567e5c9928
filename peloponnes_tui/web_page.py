"""A browser page's game process: the page's own folder, and how the app knows it runs in one.

``peloponnes serve`` starts one game process per browser page, inside :func:`web_session`: the
page's autosave, settings and uploaded saves live in the page's own folder, and the app opens no
other file (``in_web_session``).  Nothing here imports the app, the server or pydantic: the app
asks it at every start.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from peloponnes_tui.files import CONFIG_DIR_ENV, DATA_DIR_ENV, data_dir

WEB_SESSION_ENV = "PELOPONNES_WEB_SESSION"
WEB_FOLDER_ENV = "PELOPONNES_WEB_FOLDER"  # the page's folder, made and removed by the server
UPLOADS = "uploads"


@contextmanager
def web_session() -> Iterator[Path]:
    """One browser page's game process: its private folder (its autosave, its settings, so one
    page's choices do not become the server's or another page's). The server makes the folder
    and removes it with the page (``PELOPONNES_WEB_FOLDER``); run by itself, a fresh folder under
    the temporary folder (``TMPDIR``), removed afterwards."""
    given = os.environ.get(WEB_FOLDER_ENV)
    folder = Path(given) if given else Path(tempfile.mkdtemp(prefix="peloponnes-web-"))
    private = {DATA_DIR_ENV: str(folder), CONFIG_DIR_ENV: str(folder / "config"),
               WEB_SESSION_ENV: "1"}
    old = {name: os.environ.get(name) for name in private}
    os.environ.update(private)
    try:
        yield folder
    finally:
        for name, value in old.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        if not given:
            shutil.rmtree(folder, ignore_errors=True)


def in_web_session() -> bool:
    """True in a browser page's game process: it opens only its own files."""
    return os.environ.get(WEB_SESSION_ENV) == "1"


def uploads_dir() -> Path:
    """The saves sent from the browser to this page (see webserver.upload)."""
    return data_dir() / UPLOADS


__all__ = ["UPLOADS", "WEB_FOLDER_ENV", "WEB_SESSION_ENV", "in_web_session", "uploads_dir",
           "web_session"]
