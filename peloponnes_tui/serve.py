"""``peloponnes serve``: the game in a web browser, through textual-serve.

textual-serve starts one process of the game for every browser page that connects. Each of those
processes is a *web session*: it plays in a data directory of its own (a fresh temporary folder,
removed when the page closes), so two tabs never share an autosave, and "Save" hands the game to
the browser as a download instead of writing it on the server's disk.

There is no authentication: anyone who can reach the address can play. The server therefore
listens on 127.0.0.1 unless told otherwise.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from peloponnes_tui.settings import CONFIG_DIR_ENV
from peloponnes_tui.tui.session import DATA_DIR_ENV

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
# Set in the environment of the game processes the server starts (see ``web_session``).
WEB_SESSION_ENV = "PELOPONNES_WEB_SESSION"
MISSING = ("peloponnes: playing in a browser needs the optional web extra: "
           "pip install 'peloponnes-tui[web]'")


def session_command(cards_path: str | None) -> str:
    """The shell command textual-serve runs for each browser page: this Python, this package."""
    parts = [sys.executable, "-m", "peloponnes_tui", "--web-session"]
    if cards_path is not None:
        parts += ["--cards", str(Path(cards_path).resolve())]
    return shlex.join(parts)


def serve(host: str, port: int, cards_path: str | None) -> int:
    """Serve the game until interrupted; 2 when textual-serve is not installed."""
    try:
        from textual_serve.server import Server
    except ImportError:
        print(MISSING, file=sys.stderr)
        return 2
    print(f"Serving Peloponnes on http://{host}:{port} (no password: anyone who can reach this "
          "address can play; Ctrl+C stops it).", file=sys.stderr)
    Server(session_command(cards_path), host=host, port=port, title="Peloponnes").serve()
    return 0


@contextmanager
def web_session() -> Iterator[Path]:
    """A private folder for one browser page (under the temporary folder, ``TMPDIR``), removed
    afterwards: its autosave, and its settings, so one page's choices do not become the server's
    or another page's."""
    folder = Path(tempfile.mkdtemp(prefix="peloponnes-web-"))
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
        shutil.rmtree(folder, ignore_errors=True)


def in_web_session() -> bool:
    return os.environ.get(WEB_SESSION_ENV) == "1"
