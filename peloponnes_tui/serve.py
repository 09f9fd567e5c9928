"""``peloponnes serve``: the game in a web browser.

The server (:mod:`peloponnes_tui.webserver`, on aiohttp with textual-serve's page) starts one
process of the game for every browser page that connects. Each of those processes is a *web
session*: it plays in a folder of its own (made by the server under the temporary folder and
removed when the page closes), so two tabs never share an autosave; "Save" hands the game to the
browser as a download, and a save from the browser comes in through the page's upload button.
A web session opens no other file of the server's.

There is no authentication: anyone who can reach the address can play. The server therefore
listens on 127.0.0.1 unless told otherwise, and answers only its own pages (see webserver.py).
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from peloponnes_tui.i18n import _, ngettext

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
# Set in the environment of the game processes the server starts (see ``web_session``).
MISSING = ("peloponnes: playing in a browser needs the optional web extra: "
           "pip install 'peloponnes-tui[web]'")


def session_command(cards_path: str | None, lang: str | None = None) -> str:
    """The command the server runs for each browser page: this Python, this package."""
    parts = [sys.executable, "-m", "peloponnes_tui", "--web-session"]
    if lang is not None:
        parts += ["--lang", lang]
    if cards_path is not None:
        parts += ["--cards", str(Path(cards_path).resolve())]
    return shlex.join(parts)


def check_public_url(text: str) -> str | None:
    """Why ``--public-url`` cannot be used, or None: an http(s) address with a host."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 (raises ValueError for a port out of range)
    except ValueError:
        return _("not an address")
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return _("it must start with http:// or https:// and name a host")
    return None


def serve(host: str, port: int, cards_path: str | None, public_url: str | None = None,
          max_games: int | None = None, lang: str | None = None) -> int:
    """Serve the game until interrupted (SIGINT, SIGTERM); 2 when the web extra is missing or
    the address cannot be used."""
    try:
        import aiohttp  # noqa: F401
        import textual_serve.server  # noqa: F401 (its page, script and fonts are served)
    except ImportError:
        print(MISSING, file=sys.stderr)
        return 2
    import asyncio

    from peloponnes_tui.crash import logs_dir
    from peloponnes_tui.webserver import (
        DEFAULT_MAX_GAMES,
        ServeError,
        Settings,
        WebServer,
        quiet_logging,
        remove_stale,
        run,
    )

    settings = Settings(host=host, port=port,
                        command=shlex.split(session_command(cards_path, lang)),
                        public_url=public_url,
                        max_games=DEFAULT_MAX_GAMES if max_games is None else max_games,
                        logs=logs_dir())
    quiet_logging()
    remove_stale(settings.root)

    def ready(server: WebServer) -> None:
        shown = public_url or f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}"
        print(ngettext("Serving Peloponnes on {url} (at most {n} game at once; no password: "
                       "anyone who can reach this address can play; Ctrl+C stops it).",
                       "Serving Peloponnes on {url} (at most {n} games at once; no password: "
                       "anyone who can reach this address can play; Ctrl+C stops it).",
                       settings.max_games).format(url=shown, n=settings.max_games),
              file=sys.stderr, flush=True)
        if host in ("0.0.0.0", "::") and public_url is None:
            print(_("Other devices on the network open http://<this computer's address>:{port}"
                    ).format(port=port), file=sys.stderr, flush=True)

    try:
        asyncio.run(run(settings, ready))
    except ServeError as exc:
        print(f"peloponnes serve: {exc}", file=sys.stderr)
        return 2
    return 0




def table(seats_text: str | None, file: str | None, host: str, port: int,
          cards_path: str | None, public_url: str | None = None, seed: int | None = None,
          bot_pause: float = 1.0, qr: bool = True, lang: str | None = None) -> int:
    """Open (or resume) a table and serve it until interrupted; 2 for a refused value, a table
    file that cannot be used or an address that cannot be used."""
    try:
        import aiohttp  # noqa: F401
        import segno  # noqa: F401
    except ImportError:
        print(MISSING, file=sys.stderr)
        return 2
    import asyncio

    from peloponnes_tui.cards import CardDataError, load_cards
    from peloponnes_tui.files import data_dir
    from peloponnes_tui.refusals import error_text
    from peloponnes_tui.table import Table, TableError, parse_seats, run_table
    from peloponnes_tui.webserver import ServeError, quiet_logging

    try:
        seats = None if seats_text is None else parse_seats(seats_text)
    except ValueError as exc:
        print(f"peloponnes table: --seats: {exc}", file=sys.stderr)
        return 2
    path = Path(file) if file is not None else data_dir() / "table.json"
    try:
        cards = load_cards(cards_path)
        table = Table.open(path, cards, seats, seed, bot_pause)
    except CardDataError as exc:
        print(f"peloponnes table: {error_text(exc)}", file=sys.stderr)
        return 2
    except (TableError, OSError) as exc:
        print(f"peloponnes table: {exc}", file=sys.stderr)
        return 2
    quiet_logging()
    try:
        asyncio.run(run_table(table, host, port, public_url, out=sys.stdout, qr=qr,
                              cards_path=cards_path, lang=lang))
    except ServeError as exc:
        print(f"peloponnes table: {exc}", file=sys.stderr)
        return 2
    return 0
