"""The web server of ``peloponnes serve``: a page, its websocket, and one game process per page.

The game process is the app under Textual's web driver, as textual-serve runs it, and the page is
textual-serve's terminal (its ``textual.js``, ``xterm.css`` and fonts, served from the installed
package). The server itself is ours, on aiohttp, because textual-serve's ``Server`` and
``AppService`` keep the game process to themselves (no public way to end it when its page goes,
to cap the games, to check the ``Origin`` or the ``Host``, or to write the page's addresses from
the address the browser used) and its page asks a font host on the internet.

What it promises (``docs/reliability.md``, "The web server"; tests in
``tests/test_serve_safety.py``):

- A page's websocket is accepted only from the server's own origin, and any request only for a
  host name the server answers to (an IP address, this computer's names, ``--public-url``'s), so
  neither another web site nor a DNS name rebound to this computer can drive it.
- At most ``max_games`` game processes; a page beyond them is told plainly, in the server's
  language. A message from a page is at most :data:`MESSAGE_MAX` bytes, and a page sending more
  than :data:`MESSAGES_PER_SECOND` messages or :data:`INPUT_PER_SECOND` bytes of keys (with room
  for a burst) is closed.
- When its page goes, a game process is asked to quit, then ended with SIGTERM and SIGKILL: it is
  gone within :data:`QUIT_WAIT` + :data:`TERM_WAIT` seconds, however busy it is. Its folder goes
  with it; a folder left by a server that was killed is removed when the next one starts.
- Every address in the page is relative: a phone on the home network loads what the page names
  from the address it used. No request leaves for the internet.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import ipaddress
import json
import logging
import os
import re
import secrets
import shutil
import signal
import socket
import sys
import tempfile
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from importlib import resources
from importlib.metadata import version
from pathlib import Path
from string import Template
from typing import Any
from urllib.parse import unquote, urlsplit

from aiohttp import WSCloseCode, WSMsgType, web

from peloponnes_tui.crash import LOG_DIR_ENV
from peloponnes_tui.i18n import _, language, ngettext
from peloponnes_tui.web_page import UPLOADS, WEB_FOLDER_ENV, WEB_SESSION_ENV

log = logging.getLogger("peloponnes.serve")

FOLDER_PREFIX = "peloponnes-web-"  # a page's folder: peloponnes-web-<server pid>-<random>
DEFAULT_MAX_GAMES = 8
MESSAGE_MAX = 64 * 1024  # bytes of one websocket message from a page
MESSAGES_PER_SECOND, MESSAGES_BURST = 200, 400
INPUT_PER_SECOND, INPUT_BURST = 16 * 1024, 64 * 1024  # bytes of keys and mouse
PIPE_MAX = 1024 * 1024  # bytes waiting for a game process that does not read: the page ends
QUIT_WAIT = 1.0  # seconds a game process has to quit when asked, then SIGTERM
TERM_WAIT = 1.0  # seconds after SIGTERM, then SIGKILL
PENDING_MAX = 256  # pages handed out and not yet connected (the oldest are forgotten)
PENDING_TTL = 3600.0
UPLOAD_MAX = 1024 * 1024  # bytes of a save sent from the browser
UPLOADS_MAX = 20  # saves sent to one page
STDERR_KEEP = 16 * 1024  # bytes of a game process's error output kept for the log
PACKET_MAX = 64 * 1024 * 1024  # bytes of one packet from a game process
DOWNLOAD_CHUNK = 64 * 1024
DOWNLOAD_WAIT = 4.0


class ServeError(Exception):
    """The server cannot start: one line for the console (exit status 2)."""


# -- which hosts and origins ---------------------------------------------------------------------

def host_name(header: str) -> str:
    """The host of a ``Host`` header, without the port, lower case; IPv6 without brackets."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].partition("]")[0]
    name, sep, port = header.rpartition(":")
    return (name if sep and port.isdigit() else header).rstrip(".")


def own_names(host: str, public_url: str | None) -> frozenset[str]:
    """The host names the server answers to (besides any IP address): ``localhost``, this
    computer's names, the ``--host`` given, ``--public-url``'s host."""
    names = {"localhost"}
    with contextlib.suppress(OSError):
        names.add(socket.gethostname())
        names.add(socket.getfqdn())
    names |= {f"{n}.local" for n in list(names) if "." not in n and n != "localhost"}
    names.add(host)
    if public_url:
        names.add(urlsplit(public_url).hostname or "")
    return frozenset(n.lower().rstrip(".") for n in names if n)


def is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


# -- the game process's side of the wire ---------------------------------------------------------

def packet(kind: bytes, payload: bytes) -> bytes:
    """A packet to a game process: ``D`` data (keys), ``M`` meta (JSON)."""
    return kind + len(payload).to_bytes(4, "big") + payload


class PackedError(ValueError):
    pass


def unpack(data: bytes) -> object:
    """A ``P`` packet from Textual's web driver: a bencode-like encoding of None, booleans,
    integers, bytes, strings, lists, tuples and dicts (how file chunks for a download come)."""
    pos = 0

    def take(n: int) -> bytes:
        nonlocal pos
        if pos + n > len(data):
            raise PackedError("more data expected")
        out = data[pos:pos + n]
        pos += n
        return out

    def upto(stop: bytes) -> bytes:
        nonlocal pos
        end = data.find(stop, pos)
        if end < 0:
            raise PackedError("more data expected")
        out = data[pos:end]
        pos = end + 1
        return out

    def one() -> object:
        kind = take(1)
        if kind == b"N":
            return None
        if kind in (b"T", b"F"):
            return kind == b"T"
        if kind == b"i":
            return int(upto(b"e"))
        if kind == b"s":
            return take(int(upto(b":"))).decode("utf-8", "replace")
        if kind.isdigit():
            return take(int(kind + upto(b":")))
        if kind in (b"l", b"t", b"d"):
            items: list[object] = []
            while data[pos:pos + 1] != b"e":
                items.append(one())
            take(1)
            if kind == b"d":
                return dict(zip(items[::2], items[1::2], strict=True))
            return items if kind == b"l" else tuple(items)
        raise PackedError(f"unknown type {kind!r}")

    return one()


class Budget:
    """A token bucket: ``rate`` a second, at most ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.when = time.monotonic()

    def take(self, n: float = 1.0) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now
        if n > self.tokens:
            return False
        self.tokens -= n
        return True


@dataclass
class Download:
    game: GameProcess
    file_name: str
    open_method: str
    mime_type: str
    encoding: str | None
    name: str | None
    chunks: asyncio.Queue[bytes | None] = field(default_factory=asyncio.Queue)


class GameProcess:
    """One page's game: the process, its pipes, and how it ends."""

    def __init__(self, command: list[str], env: dict[str, str], on_data: Any,
                 on_meta: Any, on_chunk: Any) -> None:
        self.command, self.env = command, env
        self.on_data, self.on_meta, self.on_chunk = on_data, on_meta, on_chunk
        self.proc: asyncio.subprocess.Process | None = None
        self.stderr = bytearray()
        self.tasks: list[asyncio.Task[None]] = []
        self.ended = asyncio.Event()

    async def start(self) -> None:
        self.proc = await asyncio.create_subprocess_exec(
            *self.command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=self.env, start_new_session=True)
        self.tasks = [asyncio.create_task(self._read()), asyncio.create_task(self._errors())]

    @property
    def pid(self) -> int | None:
        return None if self.proc is None else self.proc.pid

    def send(self, kind: bytes, payload: bytes) -> bool:
        """Write a packet; False when the process is gone or has not read what it was sent."""
        proc = self.proc
        if proc is None or proc.stdin is None or proc.returncode is not None:
            return False
        if proc.stdin.is_closing():
            return False
        proc.stdin.write(packet(kind, payload))
        return proc.stdin.transport.get_write_buffer_size() <= PIPE_MAX

    def send_meta(self, data: dict[str, object]) -> bool:
        return self.send(b"M", json.dumps(data).encode("utf-8"))

    async def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        out = self.proc.stdout
        try:
            for _line in range(10):  # the driver's greeting first
                line = await out.readline()
                if not line or line == b"__GANGLION__\n":
                    break
            while True:
                head = await out.readexactly(5)
                size = int.from_bytes(head[1:], "big")
                if size > PACKET_MAX:
                    log.warning("a game process sent a packet of %d bytes; it is ended", size)
                    break
                payload = await out.readexactly(size)
                kind = head[:1]
                if kind == b"D":
                    await self.on_data(payload)
                elif kind == b"M":
                    await self.on_meta(json.loads(payload))
                elif kind == b"P":
                    await self.on_chunk(unpack(payload))
        except (asyncio.IncompleteReadError, ConnectionError, ValueError):
            pass
        finally:
            self.ended.set()

    async def _errors(self) -> None:
        assert self.proc is not None and self.proc.stderr is not None
        while chunk := await self.proc.stderr.read(4096):
            self.stderr += chunk
            del self.stderr[:-STDERR_KEEP]

    def kill(self) -> None:
        """SIGKILL to the process group, at once."""
        if self.proc is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.proc.pid, signal.SIGKILL)

    async def stop(self) -> None:
        """Ask the process to quit; SIGTERM after :data:`QUIT_WAIT`, SIGKILL after
        :data:`TERM_WAIT` more (to its process group: whatever it started goes too)."""
        proc = self.proc
        if proc is None:
            return
        if proc.returncode is None:
            with contextlib.suppress(OSError, RuntimeError):
                self.send_meta({"type": "quit"})
            for sig, wait in ((None, QUIT_WAIT), (signal.SIGTERM, TERM_WAIT),
                              (signal.SIGKILL, None)):
                if sig is not None:
                    with contextlib.suppress(ProcessLookupError, PermissionError):
                        os.killpg(proc.pid, sig)
                try:
                    await asyncio.wait_for(proc.wait(), wait)
                    break
                except TimeoutError:
                    continue
                except asyncio.CancelledError:
                    self.kill()  # not left running when the wait is given up
                    raise
        self.kill()  # anything it started and left behind
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


@dataclass
class Page:
    folder: Path
    game: GameProcess
    websocket: web.WebSocketResponse
    uploads: int = 0
    ending: bool = False
    stopped: asyncio.Task[None] | None = None  # the ending: the game, then the folder


# -- the page ------------------------------------------------------------------------------------

PAGE_HEADERS = {
    "Cache-Control": "no-store", "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'self'; script-src 'self' 'unsafe-inline'; "
                               "style-src 'self' 'unsafe-inline'; connect-src 'self'; "
                               "img-src 'self' data:; frame-ancestors 'none'"}
# The head of a page: textual-serve's terminal styles and fonts, served from here (the table's
# page, table.py, shares it).
PAGE_HEAD = """<!DOCTYPE html>
<html lang="$lang">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>$title</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="static/css/xterm.css">
<style>
@font-face { font-family: "Roboto Mono"; font-style: normal;
  src: url("static/fonts/RobotoMono-VariableFont_wght.ttf") format("truetype"); }
@font-face { font-family: "Roboto Mono"; font-style: italic;
  src: url("static/fonts/RobotoMono-Italic-VariableFont_wght.ttf") format("truetype"); }
body { margin: 0; background: #0c181f; color: rgba(255, 255, 255, 0.9);
  font-family: "Roboto Mono", menlo, monospace; }
body .textual-terminal { width: 100vw; height: calc(100vh - 2.2em); }
#bar { height: 2.2em; display: flex; align-items: center; gap: 1em; padding: 0 0.6em;
  font-size: 14px; box-sizing: border-box; }
#bar button { background: #5e0ba7; color: #fff; border: none; padding: 0.25em 0.8em;
  font-family: inherit; cursor: pointer; }
#bar button:hover { background: #ac5af4; }
.ended { display: none; position: absolute; inset: 0; align-items: center;
  justify-content: center; flex-direction: column; background: rgba(12, 24, 31, 0.92); }
body.-closed .ended { display: flex; }
.ended button { padding: 12px 28px; background: #5e0ba7; color: #fff; border: none;
  font-family: inherit; margin: 16px; cursor: pointer; }
</style>
"""
PAGE = Template(PAGE_HEAD + """<script src="static/js/textual.js"></script>
</head>
<body>
<div id="terminal" class="textual-terminal" data-font-size="$font_size"></div>
<div id="bar">
  <button type="button" id="open">$open</button>
  <input type="file" id="file" accept=".json,application/json" hidden>
  <span id="status"></span>
</div>
<div class="ended"><div>$ended</div>
  <button type="button" onclick="window.location.reload()">$restart</button></div>
<script>
(function () {
  const page = $page;
  const words = $words;
  const terminal = document.getElementById("terminal");
  const here = new URL(".", window.location.href);
  here.protocol = window.location.protocol === "https:" ? "wss:" : "ws:";
  terminal.dataset.sessionWebsocketUrl = new URL("ws/" + page, here).href;
  const file = document.getElementById("file");
  const status = document.getElementById("status");
  document.getElementById("open").addEventListener("click", () => file.click());
  file.addEventListener("change", async () => {
    const chosen = file.files[0];
    file.value = "";
    if (!chosen) return;
    if (chosen.size > $upload_max) { status.textContent = words.too_big; return; }
    try {
      const answer = await fetch("upload/" + page, {method: "POST", body: chosen,
        headers: {"X-File-Name": encodeURIComponent(chosen.name)}});
      status.textContent = answer.ok ? words.sent : await answer.text();
    } catch (e) {
      status.textContent = words.failed;
    }
  });
})();
</script>
</body>
</html>
""")

FULL = Template("""<!DOCTYPE html>
<html lang="$lang"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>$title</title>
<style>body { background: #0c181f; color: #eee; font-family: sans-serif; margin: 3em; }</style>
</head><body><h1>$title</h1><p>$text</p><p><a href="." style="color: #ac5af4">$again</a></p>
</body></html>
""")


def script_value(value: object) -> str:
    """A value for the page's script: JSON that cannot end the script element."""
    return json.dumps(value).replace("<", "\\u003c").replace(">", "\\u003e")


def upload_name(raw: str) -> str:
    """A name for a save sent from the browser: its own name's letters, digits, dots, dashes
    and underscores (at most 60), ending in ``.json``."""
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", unquote(raw)).strip(".-")[:60].strip(".-")
    stem = name.removesuffix(".json") or "save"
    return f"{stem}.json"


# -- the server ----------------------------------------------------------------------------------

@dataclass
class Settings:
    host: str
    port: int
    command: list[str]  # the game process (``python -m peloponnes_tui --web-session ...``)
    public_url: str | None = None
    max_games: int = DEFAULT_MAX_GAMES
    title: str = "Peloponnes"
    root: Path = field(default_factory=lambda: Path(tempfile.gettempdir()))
    logs: Path | None = None  # where the game processes write crash logs


def full_text(n: int) -> str:
    """Why a page gets no game: every game the server runs at once is being played."""
    return ngettext("This server runs at most {n} game at once, and it is being played. Try "
                    "again when it has ended.",
                    "All {n} games this server runs at once are being played. Try again when "
                    "one of them has ended.", n).format(n=n)


class WebServer:
    """The aiohttp application and the pages it serves."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.names = own_names(settings.host, settings.public_url)
        public = urlsplit(settings.public_url) if settings.public_url else None
        self.public_origin = (f"{public.scheme}://{public.netloc}".lower()
                              if public is not None else None)
        self.pending: OrderedDict[str, float] = OrderedDict()
        self.pages: dict[str, Page] = {}
        self.downloads: dict[str, Download] = {}
        self.starting = 0  # games being started (counted against the cap)
        self.static = Path(str(resources.files("textual_serve").joinpath("static")))
        self.closing = False

    # -- the application --

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self.check_host], client_max_size=UPLOAD_MAX + 1)
        app.add_routes([
            web.get("/", self.index),
            web.get("/ws/{page}", self.websocket),
            web.post("/upload/{page}", self.upload),
            web.get("/download/{key}", self.download),
            web.static("/static", self.static, show_index=False, follow_symlinks=False),
        ])
        app.on_shutdown.append(self.shutdown)
        return app

    @web.middleware
    async def check_host(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """Only a host name the server answers to: a page at another name (a DNS name rebound
        to this computer) gets nothing."""
        name = host_name(request.headers.get("Host", ""))
        if not (is_address(name) or name in self.names):
            log.info("refused a request for the host %r", name[:80])
            return web.Response(status=403, text=_(
                "This server does not answer to that address. Start it with --public-url "
                "giving the address the players use."))
        response: web.StreamResponse = await handler(request)
        return response

    def origin_ok(self, request: web.Request) -> bool:
        """A request from a page of this server (or from no page at all: a program)."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        origin = origin.strip().lower()
        host = request.headers.get("Host", "").strip().lower()
        return origin in {f"http://{host}", f"https://{host}", self.public_origin}

    @property
    def games(self) -> int:
        return len(self.pages) + self.starting

    @property
    def full(self) -> bool:
        return self.games >= self.settings.max_games

    async def index(self, request: web.Request) -> web.Response:
        lang = language()
        if self.full:
            return web.Response(status=503, content_type="text/html", headers={
                "Retry-After": "60", "Cache-Control": "no-store"}, text=FULL.substitute(
                lang=lang, title=html.escape(self.settings.title),
                text=html.escape(full_text(self.settings.max_games)),
                again=html.escape(_("Try again"))))
        page = secrets.token_urlsafe(18)
        now = time.monotonic()
        self.pending[page] = now
        while self.pending and (len(self.pending) > PENDING_MAX
                                or next(iter(self.pending.values())) < now - PENDING_TTL):
            self.pending.popitem(last=False)
        font = request.query.get("fontsize", "16")
        font_size = int(font) if font.isdigit() and 6 <= int(font) <= 64 else 16
        words = {"sent": _("Sent. Open it with Load or Watch a game."),
                 "too_big": _("That file is too large to be a save."),
                 "failed": _("The file could not be sent.")}
        return web.Response(
            content_type="text/html", headers=PAGE_HEADERS, text=PAGE.substitute(
                lang=lang, title=html.escape(self.settings.title), font_size=font_size,
                page=script_value(page), words=script_value(words), upload_max=UPLOAD_MAX,
                open=html.escape(_("Open a save from this device…")),
                ended=html.escape(_("The game in this page has ended.")),
                restart=html.escape(_("Start again"))))

    # -- a page's game --

    def environment(self, folder: Path, width: int, height: int) -> dict[str, str]:
        from peloponnes_tui.files import CONFIG_DIR_ENV, DATA_DIR_ENV

        env = dict(os.environ)
        env.update({
            "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",
            "TEXTUAL_FPS": "60", "TEXTUAL_COLOR_SYSTEM": "truecolor",
            "TERM_PROGRAM": "textual", "TERM_PROGRAM_VERSION": version("textual-serve"),
            "COLUMNS": str(width), "ROWS": str(height),
            DATA_DIR_ENV: str(folder), CONFIG_DIR_ENV: str(folder / "config"),
            WEB_SESSION_ENV: "1", WEB_FOLDER_ENV: str(folder),
        })
        if self.settings.logs is not None:
            env[LOG_DIR_ENV] = str(self.settings.logs)
        return env

    def page_environment(self, page_id: str) -> dict[str, str]:
        """More of a page's game process's environment (the table's pages: which seat)."""
        return {}

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(heartbeat=15, max_msg_size=MESSAGE_MAX)
        if not ws.can_prepare(request).ok:
            return web.Response(status=400, text=_("This address is for the game's page."))
        if not self.origin_ok(request):
            log.info("refused a websocket from the origin %r",
                     request.headers.get("Origin", "")[:80])
            return web.Response(status=403, text=_("Not from this server's page."))
        page_id = request.match_info["page"]
        if self.pending.pop(page_id, None) is None:
            return web.Response(status=403, text=_("This page has expired; load it again."))
        await ws.prepare(request)
        if self.full or self.closing:
            text = full_text(self.settings.max_games)
            await ws.send_bytes(f"\r\n  {text}\r\n".encode())
            await ws.close(code=WSCloseCode.TRY_AGAIN_LATER)
            return ws
        self.starting += 1
        try:
            width = _size(request.query.get("width"), 80)
            height = _size(request.query.get("height"), 24)
            folder = Path(tempfile.mkdtemp(prefix=f"{FOLDER_PREFIX}{os.getpid()}-",
                                           dir=self.settings.root))
            env = {**self.environment(folder, width, height), **self.page_environment(page_id)}
            game = GameProcess(self.settings.command, env,
                               ws.send_bytes, lambda meta: self.meta(page_id, meta),
                               self.chunk)
            page = Page(folder, game, ws)
            try:
                await game.start()
            except BaseException:  # OSError, or the server stopping meanwhile
                game.kill()
                shutil.rmtree(folder, ignore_errors=True)
                raise
            self.pages[page_id] = page
        finally:
            self.starting -= 1
        log.info("a page opened (game process %s; %d of %d games)", game.pid, self.games,
                 self.settings.max_games)
        try:
            await self.talk(ws, game)
        finally:
            await self.end(page_id)
        return ws

    async def talk(self, ws: web.WebSocketResponse, game: GameProcess) -> None:
        """The page's messages to the game, until either goes."""
        messages = Budget(MESSAGES_PER_SECOND, MESSAGES_BURST)
        keys = Budget(INPUT_PER_SECOND, INPUT_BURST)
        ended = asyncio.create_task(game.ended.wait())
        try:
            while not ws.closed:
                receive = asyncio.create_task(ws.receive())
                done, _pending = await asyncio.wait({receive, ended},
                                                    return_when=asyncio.FIRST_COMPLETED)
                if receive not in done:
                    receive.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await receive
                    break  # the game ended
                msg = receive.result()
                if msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED,
                                WSMsgType.ERROR):
                    break
                if not messages.take():
                    await ws.close(code=WSCloseCode.POLICY_VIOLATION, message=b"too many")
                    log.info("closed a page that sent too many messages")
                    break
                if msg.type != WSMsgType.TEXT:
                    continue
                ok = await self.message(ws, game, msg.data, keys)
                if not ok:
                    await ws.close(code=WSCloseCode.POLICY_VIOLATION, message=b"too much")
                    log.info("closed a page whose game does not keep up with its input")
                    break
        finally:
            ended.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await ended

    async def message(self, ws: web.WebSocketResponse, game: GameProcess, text: str,
                      keys: Budget) -> bool:
        """One message of textual.js: stdin, resize, ping, blur, focus. A malformed one is
        ignored; False when the page must be closed."""
        try:
            envelope = json.loads(text)
        except ValueError:
            return True
        if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
            return True
        kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
        if kind == "stdin" and isinstance(data, str):
            raw = data.encode("utf-8", "replace")
            return keys.take(len(raw)) and game.send(b"D", raw)
        if kind == "resize" and isinstance(data, dict):
            return game.send_meta({"type": "resize", "width": _size(data.get("width"), 80),
                                   "height": _size(data.get("height"), 24)})
        if kind == "ping" and isinstance(data, str) and len(data) <= 100:
            await ws.send_json(["pong", data])
        elif kind in ("blur", "focus"):
            return game.send_meta({"type": kind})
        return True

    async def meta(self, page_id: str, meta: object) -> None:
        page = self.pages.get(page_id)
        if page is None or page.ending or not isinstance(meta, dict):
            return
        kind = meta.get("type")
        if kind == "exit":
            await page.websocket.close()
        elif kind == "deliver_file_start":
            key = meta.get("key")
            if not isinstance(key, str) or not re.fullmatch(r"[0-9a-f]{32}", key):
                return
            self.downloads[key] = Download(
                page.game, Path(str(meta.get("path", "save.json"))).name,
                str(meta.get("open_method", "download")),
                str(meta.get("mime_type") or "application/octet-stream"),
                None if meta.get("encoding") is None else str(meta.get("encoding")),
                None if meta.get("name") is None else str(meta.get("name")))
            await page.websocket.send_json(["deliver_file_start", key])

    async def chunk(self, unpacked: object) -> None:
        if (isinstance(unpacked, tuple | list) and len(unpacked) == 3
                and unpacked[0] == "deliver_chunk"):
            download = self.downloads.get(str(unpacked[1]))
            if download is not None:
                chunk = unpacked[2]
                if isinstance(chunk, str):
                    chunk = chunk.encode(download.encoding or "utf-8")
                if isinstance(chunk, bytes):
                    await download.chunks.put(chunk)

    async def download(self, request: web.Request) -> web.StreamResponse:
        key = request.match_info["key"]
        download = self.downloads.get(key)
        if download is None:
            raise web.HTTPNotFound(text=_("There is nothing to download here."))
        response = web.StreamResponse()
        charset = f"; charset={download.encoding}" if download.encoding else ""
        response.headers["Content-Type"] = download.mime_type + charset
        disposition = "inline" if download.open_method == "browser" else "attachment"
        safe = re.sub(r"[^A-Za-z0-9._-]", "_", download.file_name)[:100] or "download"
        response.headers["Content-Disposition"] = f'{disposition}; filename="{safe}"'
        await response.prepare(request)
        try:
            while True:
                if not download.game.send_meta({"type": "deliver_chunk_request", "key": key,
                                                "size": DOWNLOAD_CHUNK,
                                                "name": download.name}):
                    break
                try:
                    chunk = await asyncio.wait_for(download.chunks.get(), DOWNLOAD_WAIT)
                except TimeoutError:
                    break
                if not chunk:
                    break
                await response.write(chunk)
        finally:
            self.downloads.pop(key, None)
        await response.write_eof()
        return response

    async def upload(self, request: web.Request) -> web.Response:
        """A save sent from the browser, into the page's own folder (``uploads/``)."""
        if not self.origin_ok(request):
            return web.Response(status=403, text=_("Not from this server's page."))
        page = self.pages.get(request.match_info["page"])
        if page is None or page.ending:
            return web.Response(status=404, text=_("This page's game has ended."))
        if page.uploads >= UPLOADS_MAX:
            return web.Response(status=429, text=_("This page has been sent enough files."))
        try:
            body = await request.read()
        except web.HTTPRequestEntityTooLarge:
            return web.Response(status=413, text=_("That file is too large to be a save."))
        folder = page.folder / UPLOADS
        folder.mkdir(exist_ok=True)
        name = upload_name(request.headers.get("X-File-Name", "save.json"))
        target, n = folder / name, 1
        while target.exists():
            n += 1
            target = folder / f"{name.removesuffix('.json')}-{n}.json"
        part = target.with_suffix(".part")
        part.write_bytes(body)
        part.replace(target)
        page.uploads += 1
        return web.Response(text="ok")

    async def end(self, page_id: str) -> None:
        """The page has gone (or its game has): end the game, remove its folder. Returns when
        both are done, whoever began the ending (the page's handler or the server stopping):
        the ending is a task of its own, which cancelling a caller does not stop."""
        page = self.pages.get(page_id)
        if page is None:
            return
        if page.stopped is None:
            page.ending = True  # counted until its process has ended and its folder is gone
            page.stopped = asyncio.create_task(self._end(page_id, page))
        await asyncio.shield(page.stopped)

    async def _end(self, page_id: str, page: Page) -> None:
        try:
            await page.game.stop()
        finally:
            # after the process has ended, so it writes nothing more there (and on a cancel,
            # after stop() has killed it)
            shutil.rmtree(page.folder, ignore_errors=True)
            self.pages.pop(page_id, None)
        log.info("a page closed (game process %s ended; %d of %d games)", page.game.pid,
                 self.games, self.settings.max_games)
        for key, download in list(self.downloads.items()):
            if download.game is page.game:
                await download.chunks.put(None)
                self.downloads.pop(key, None)
        if not page.websocket.closed:
            with contextlib.suppress(Exception):
                await page.websocket.close()
        errors = bytes(page.game.stderr).decode("utf-8", "replace").strip()
        if errors:
            log.warning("game process %s said: %s", page.game.pid, errors[-2000:])

    async def shutdown(self, _app: web.Application | None) -> None:
        """Server stopping: every game ends (at once, each within its waits)."""
        self.closing = True
        await asyncio.gather(*(self.end(page_id) for page_id in list(self.pages)),
                             return_exceptions=True)

    def abandon(self) -> None:
        """The last resort when the loop ends with games not yet ended: kill them, remove their
        folders."""
        for page in list(self.pages.values()):
            page.game.kill()
            shutil.rmtree(page.folder, ignore_errors=True)
        self.pages.clear()


def _size(value: object, default: int) -> int:
    """A terminal width or height from a page: 1 to 1,000 (else ``default``)."""
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    return value if isinstance(value, int) and 1 <= value <= 1000 else default


def remove_stale(root: Path) -> int:
    """Remove the page folders in ``root`` left by servers no longer running (killed); the
    number removed."""
    removed = 0
    for folder in root.glob(f"{FOLDER_PREFIX}*"):
        pid = folder.name.removeprefix(FOLDER_PREFIX).partition("-")[0]
        if not pid.isdigit() or int(pid) == os.getpid() or not folder.is_dir():
            continue
        with contextlib.suppress(OSError):
            if folder.stat().st_uid != os.getuid():
                continue
        try:
            os.kill(int(pid), 0)
            continue  # its server is running
        except ProcessLookupError:
            pass
        except (PermissionError, OverflowError):
            continue
        shutil.rmtree(folder, ignore_errors=True)
        removed += 1
    return removed


class OneLine(logging.Formatter):
    """A log line without a traceback: the server's console is for its owner, not for stack
    frames."""

    def formatException(self, ei: Any) -> str:
        return ""

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record).rstrip()
        if record.exc_info and record.exc_info[1] is not None:
            text += f" ({type(record.exc_info[1]).__name__})"
        return text


def quiet_logging() -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(OneLine("%(asctime)s %(message)s", "%H:%M:%S"))
    for name in ("peloponnes.serve", "aiohttp"):
        logger = logging.getLogger(name)
        logger.handlers = [handler]
        logger.propagate = False
        logger.setLevel(logging.INFO if name == "peloponnes.serve" else logging.WARNING)


async def run(settings: Settings, ready: Any = None) -> None:
    """Serve until SIGINT or SIGTERM; ServeError when the address cannot be used."""
    server = WebServer(settings)
    # the games are ended first (below); what is left is idle connections: a short wait
    runner = web.AppRunner(server.app(), handle_signals=False, access_log=None,
                           shutdown_timeout=0.25)
    await runner.setup()
    site = web.TCPSite(runner, settings.host, settings.port)
    try:
        await site.start()
    except OSError as exc:
        await runner.cleanup()
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise ServeError(_("cannot listen on {host} port {port}: {reason}").format(
            host=settings.host, port=settings.port, reason=reason)) from None
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    try:
        if ready is not None:
            ready(server)
        await stop.wait()
        # the games first, all at once: then no handler is left for aiohttp to wait for
        await server.shutdown(None)
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
        try:
            await runner.cleanup()
            await server.shutdown(None)  # a game that was still starting when asked to stop
        finally:
            server.abandon()


__all__ = [
    "DEFAULT_MAX_GAMES",
    "FOLDER_PREFIX",
    "LOG_DIR_ENV",
    "MESSAGE_MAX",
    "PAGE_HEAD",
    "PAGE_HEADERS",
    "PENDING_MAX",
    "Budget",
    "GameProcess",
    "ServeError",
    "Settings",
    "WebServer",
    "full_text",
    "host_name",
    "own_names",
    "remove_stale",
    "run",
    "unpack",
    "upload_name",
]
