"""One table, many devices: the host of ``peloponnes table``.

The host process owns the game: it holds the engine's game (in a :class:`Session`), checks every
answer with the engine, writes the table file after each one (atomically; a host started again
with the same file resumes the table, links and all) and sends each device only what its seat may
see. Every person's seat has a key of its own, a random secret carried in the seat's link; one
more key is the onlookers'. The links are printed as text and as QR codes.

Devices talk to the host over one websocket, ``/table/ws``, in the JSON messages of
:mod:`peloponnes_tui.table_wire` (``docs/table.md``). The key goes in the first message, never in
a server path, so it is in no request line or log. What the host refuses, and changes nothing
for: a first message that is not a known key (a forged or revoked link), a message that does not
fit the schema or is longer than :data:`~peloponnes_tui.table_wire.CLIENT_MESSAGE_MAX` bytes, an
answer from an onlooker or from a seat that is not deciding, an answer to an older decision, an
answer the engine refuses; a device sending more than :data:`MESSAGES_PER_SECOND` messages (with
room for a burst) is closed. The host name and the page's ``Origin`` are checked as for
``peloponnes serve`` (:mod:`peloponnes_tui.webserver`).

A device that drops and opens its link again gets its seat back, and the others are told who is
connected. A link opened a second time while its seat's device is connected is refused: the
host's pings close a connection whose device went away without closing it within seconds
(:data:`HEARTBEAT`), and a leaked link is revoked by the host.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
import secrets
import socket
import sys
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from string import Template
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web

from peloponnes_tui.cards import CardSet
from peloponnes_tui.engine.setup import MAX_PLAYERS, MIN_PLAYERS
from peloponnes_tui.files import atomic_write
from peloponnes_tui.i18n import _, language
from peloponnes_tui.seating import COLOURS, HUMAN
from peloponnes_tui.table_wire import (
    CLIENT_MESSAGE_MAX,
    LINK_ENV,
    AnswerMessage,
    CheckMessage,
    Hello,
    WireError,
    client_message,
    envelope,
    onlooker_view,
    prompt_json,
    public_prompt,
    scores_json,
    view_json,
)
from peloponnes_tui.tui.session import Seat, Session
from peloponnes_tui.webserver import (
    PAGE_HEAD,
    PAGE_HEADERS,
    PENDING_MAX,
    Budget,
    Settings,
    WebServer,
)

log = logging.getLogger("peloponnes.serve")

TABLE_FORMAT = 1  # the "table" part of a table file's extra
# from one device (a check goes out for each change of a choice in a decision panel)
MESSAGES_PER_SECOND, MESSAGES_BURST = 20.0, 60.0
HELLO_WAIT = 10.0  # seconds a new connection has to send its key
# seconds between the host's pings: a device that answers none for half that long is closed, so
# a seat whose device dropped without closing its connection is free again within 1.5 times it
HEARTBEAT = 5.0
CONNECTIONS_MAX = 40  # devices connected at once (seats and onlookers)
DEFAULT_COMPUTER = "heuristic"  # who takes over a seat handed to a computer player
ONLOOKER = -1  # the seat number of an onlooker's connection


class TableError(Exception):
    """A table cannot be opened (a one-line reason for the console, exit status 2)."""


def new_key() -> str:
    return secrets.token_urlsafe(18)


@dataclass
class Connection:
    ws: web.WebSocketResponse
    seat: int  # ONLOOKER for an onlooker


@dataclass
class Table:
    """The game at the table, its keys, and the devices connected (see the module's
    docstring)."""

    session: Session
    path: Path
    keys: list[str | None]  # per seat: its key, None for a computer player's seat
    onlooker_key: str
    bot_pause: float = 0.7
    connections: list[Connection] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    refused: int = 0  # messages refused since the host started (for the log and the tests)
    greeting: int = 0  # connections waiting for their first message
    _bots: asyncio.Task[None] | None = None
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)

    # -- the table file --

    @classmethod
    def open(cls, path: Path, cards: CardSet, seats: list[Seat] | None = None,
             seed: int | None = None, bot_pause: float = 0.7) -> Table:
        """The table in ``path``, resumed if the file exists, else a new one with ``seats``."""
        if path.exists():
            return cls.resume(path, cards, bot_pause)
        if seats is None:
            raise TableError(_("there is no table file {path}: give the seats to open a new "
                               "table").format(path=path))
        table = cls(Session.new(seats, secrets.randbits(63) if seed is None else seed, cards,
                                privacy=True, bot_pause=bot_pause, coach=False),
                    path, [new_key() if s.human else None for s in seats], new_key(),
                    bot_pause)
        table.save()
        return table

    @classmethod
    def resume(cls, path: Path, cards: CardSet, bot_pause: float = 0.7) -> Table:
        from peloponnes_tui.engine.save import SaveError, read_save
        from peloponnes_tui.refusals import error_text

        try:
            session = Session.load(path, cards)
            extra = read_save(path).extra.get("table")
        except SaveError as exc:
            raise TableError(error_text(exc)) from None
        keys = extra.get("keys") if isinstance(extra, dict) else None
        onlooker = extra.get("onlooker") if isinstance(extra, dict) else None
        if (not isinstance(extra, dict) or extra.get("format") != TABLE_FORMAT
                or not isinstance(keys, list) or len(keys) != len(session.seats)
                or not all(k is None or (isinstance(k, str) and 16 <= len(k) <= 64)
                           for k in keys)
                or not isinstance(onlooker, str) or not 16 <= len(onlooker) <= 64):
            raise TableError(_("{path} is a saved game but not a table's file").format(
                path=path))
        # a seat without a key is played by a computer player
        for i, key in enumerate(keys):
            if key is None and session.seats[i].human:
                session.hand_to_computer(i, DEFAULT_COMPUTER)
        return cls(session, path, list(keys), onlooker, bot_pause)

    def save(self) -> None:
        """Write the table (the game, the seats and the keys) atomically; the file is readable
        by its owner only (it holds the keys)."""
        from peloponnes_tui.engine.save import dumps

        extra = {**self.session.extra(),
                 "table": {"format": TABLE_FORMAT, "keys": self.keys,
                           "onlooker": self.onlooker_key}}
        atomic_write(self.path, dumps(self.session.game, extra))

    # -- keys and links --

    def seat_of(self, key: str) -> int | None:
        """The seat a key opens (:data:`ONLOOKER` for the onlookers' key), None if none."""
        found: int | None = None
        raw = key.encode("utf-8")
        for seat, own in enumerate(self.keys):
            # every key compared, in constant time each: how long this takes tells nothing
            if own is not None and secrets.compare_digest(raw, own.encode("utf-8")):
                found = seat
        if secrets.compare_digest(raw, self.onlooker_key.encode("utf-8")):
            found = ONLOOKER
        return found

    def links(self, base: str) -> list[tuple[str, str]]:
        """(who, link) for every person's seat and the onlookers."""
        out = [(s.name, f"{base}/table#{k}") for s, k in zip(self.session.seats, self.keys,
                                                               strict=True) if k is not None]
        out.append((_("onlookers"), f"{base}/table#{self.onlooker_key}"))
        return out

    async def revoke(self, seat: int) -> str:
        """A new key for ``seat`` (its old link opens nothing any more); its devices are
        closed. Returns the new key."""
        self.keys[seat] = new_key()
        self.save()
        await self._close_seat(seat, _("This link was revoked by the host."))
        return self.keys[seat] or ""

    async def hand_to_computer(self, seat: int, kind: str = DEFAULT_COMPUTER) -> None:
        """A computer player takes ``seat``; its link opens nothing any more."""
        self.keys[seat] = None
        self.session.hand_to_computer(seat, kind)
        self.save()
        await self._close_seat(seat, _("A computer player took this seat."))
        await self.broadcast()
        self.play_computers()

    async def _close_seat(self, seat: int, why: str) -> None:
        for conn in [c for c in self.connections if c.seat == seat]:
            await self._drop(conn, why)

    async def _drop(self, conn: Connection, why: str) -> None:
        with contextlib.suppress(Exception):
            await conn.ws.send_str(envelope("bye", reason=why))
        with contextlib.suppress(Exception):
            await conn.ws.close(code=WSCloseCode.POLICY_VIOLATION)
        if conn in self.connections:
            self.connections.remove(conn)

    # -- what each device is sent --

    @property
    def turn(self) -> int:
        return self.session.turn

    def connected(self) -> list[bool]:
        seats = {c.seat for c in self.connections}
        return [i in seats for i in range(len(self.session.seats))]

    def welcome(self, seat: int) -> str:
        cards = self.session.cards
        return envelope("welcome", seat=None if seat == ONLOOKER else seat,
                        seats=[s.to_json() for s in self.session.seats],
                        cards_digest=cards.digest, cards_version=cards.version)

    def state(self, seat: int) -> str:
        """What the device of ``seat`` (or an onlooker) may see now."""
        session = self.session
        prompt = session.pending
        view = onlooker_view(session.view(0)) if seat == ONLOOKER else session.view(seat)
        if prompt is not None and prompt.player != seat:
            prompt = public_prompt(prompt)
        return envelope(
            "state", turn=self.turn, view=view_json(view), prompt=prompt_json(prompt),
            seen_log=0 if seat == ONLOOKER else session.seen_log(seat),
            seats=[s.to_json() for s in session.seats], connected=self.connected(),
            scores=scores_json(session.scores), winners=list(session.winners))

    async def send(self, conn: Connection, text: str) -> None:
        with contextlib.suppress(Exception):  # a device gone meanwhile: its handler ends it
            await conn.ws.send_str(text)

    async def broadcast(self) -> None:
        """The state to every device (each its own; made once for each seat connected, and
        once for all the onlookers)."""
        texts = {seat: self.state(seat) for seat in {c.seat for c in self.connections}}
        await asyncio.gather(*(self.send(c, texts[c.seat]) for c in self.connections))

    async def presence(self) -> None:
        text = envelope("presence", connected=self.connected())
        await asyncio.gather(*(self.send(c, text) for c in self.connections))

    async def refuse(self, conn: Connection | None, reason: str, ws: Any = None) -> None:
        self.refused += 1
        target = conn.ws if conn is not None else ws
        with contextlib.suppress(Exception):
            await target.send_str(envelope("refused", reason=reason))

    # -- answers --

    def verdict(self, conn: Connection, msg: CheckMessage) -> str | None:
        """Why the engine would refuse this answer from this device now, or None: what
        :meth:`answer` would say, without changing anything."""
        from peloponnes_tui.engine import answer_from_dict
        from peloponnes_tui.message import Invalid
        from peloponnes_tui.refusals import message_text, refusal_text

        prompt = self.session.pending
        if conn.seat == ONLOOKER:
            return _("Onlookers do not answer.")
        if prompt is None:
            return _("The game is over.")
        if prompt.player != conn.seat:
            return _("It is not your decision: {name} decides now.").format(
                name=self.session.seats[prompt.player].name)
        if msg.turn != self.turn:
            return _("That answer was to an earlier decision.")
        try:
            refusal = self.session.game.refusal(answer_from_dict(msg.answer))
        except Invalid as exc:
            return message_text(exc.message)
        return None if refusal is None else refusal_text(refusal)

    async def answer(self, conn: Connection, msg: AnswerMessage) -> None:
        """A device's answer: applied, saved and sent to everyone, or refused (nothing
        changes)."""
        from peloponnes_tui.engine import IllegalAnswer, answer_from_dict
        from peloponnes_tui.message import Invalid
        from peloponnes_tui.refusals import refusal_text

        async with self.lock:
            prompt = self.session.pending
            if conn.seat == ONLOOKER:
                return await self.refuse(conn, _("Onlookers do not answer."))
            if prompt is None:
                return await self.refuse(conn, _("The game is over."))
            if prompt.player != conn.seat:
                return await self.refuse(conn, _("It is not your decision: {name} decides "
                                                 "now.").format(
                                                     name=self.session.seats[prompt.player].name))
            if msg.turn != self.turn:
                return await self.refuse(conn, _("That answer was to an earlier decision."))
            try:
                answer = answer_from_dict(msg.answer)
                self.session.answer(answer)
            except Invalid as exc:
                from peloponnes_tui.refusals import message_text

                return await self.refuse(conn, message_text(exc.message))
            except IllegalAnswer as exc:
                return await self.refuse(conn, refusal_text(exc))
            self._save_quietly()
        await self.broadcast()
        self.play_computers()

    def _save_quietly(self) -> None:
        try:
            self.save()
        except OSError as exc:
            log.warning("the table file could not be written: %s", exc)

    def play_computers(self) -> None:
        """Let the computer seats answer, one after another (in the background)."""
        if self._bots is None or self._bots.done():
            self._bots = asyncio.create_task(self._play_computers())

    async def _play_computers(self) -> None:
        while True:
            async with self.lock:
                bot = self.session.bot_to_move()
                prompt = self.session.pending
                if bot is None or prompt is None:
                    return
                view, turn = self.session.view(prompt.player), self.turn
            if self.bot_pause > 0:
                await asyncio.sleep(self.bot_pause)
            decided = await asyncio.to_thread(bot.decide, prompt, view)
            async with self.lock:
                if self.turn != turn or self.session.pending != prompt:
                    continue
                self.session.answer(decided)
                self._save_quietly()
            await self.broadcast()

    async def idle(self) -> None:
        """Wait until the computer seats have nothing more to do (tests, shutting down)."""
        while self._bots is not None and not self._bots.done():
            await asyncio.shield(self._bots)

    # -- the websocket --

    async def websocket(self, request: web.Request, origin_ok: bool) -> web.StreamResponse:
        if not origin_ok:
            return web.Response(status=403, text=_("Not from this server's page."))
        ws = web.WebSocketResponse(max_msg_size=CLIENT_MESSAGE_MAX, heartbeat=HEARTBEAT)
        await ws.prepare(request)
        if len(self.connections) + self.greeting >= CONNECTIONS_MAX:
            await self.refuse(None, _("This table has as many devices as it takes."), ws)
            await ws.close(code=WSCloseCode.TRY_AGAIN_LATER)
            return ws
        self.greeting += 1  # (connections not yet greeted count against the cap too)
        try:
            conn = await self._greet(ws)
        finally:
            self.greeting -= 1
        if conn is None:
            await ws.close(code=WSCloseCode.POLICY_VIOLATION)
            return ws
        try:
            await self._talk(conn)
        finally:
            if conn in self.connections:
                self.connections.remove(conn)
                # the others are told in a task of its own: this handler may be being cancelled
                # (the device closed the connection)
                told = asyncio.create_task(self.presence())
                self._tasks.add(told)
                told.add_done_callback(self._tasks.discard)
        return ws

    async def _greet(self, ws: web.WebSocketResponse) -> Connection | None:
        """The first message: a known key, else nothing."""
        try:
            msg = await asyncio.wait_for(ws.receive(), HELLO_WAIT)
        except TimeoutError:
            return None
        if msg.type != WSMsgType.TEXT:
            return None
        try:
            hello = client_message(msg.data)
        except WireError as exc:
            await self.refuse(None, str(exc), ws)
            return None
        seat = self.seat_of(hello.key) if isinstance(hello, Hello) else None
        if seat is None:
            log.info("refused a device with an unknown key")
            await self.refuse(None, _("This link opens no seat at this table (it may have "
                                      "been revoked)."), ws)
            return None
        if seat != ONLOOKER and any(c.seat == seat and not c.ws.closed
                                    for c in self.connections):
            # a link used a second time while its device is connected: refused (a device that
            # dropped is closed by the heartbeat within HEARTBEAT * 1.5 s and then gets its
            # seat back; its client tries again by itself)
            log.info("refused a second device for a seat that is connected")
            await self.refuse(None, _("This seat is open on another device. If that device "
                                      "lost its connection, it is given up within a few "
                                      "seconds; if the link got out, the host can revoke it."),
                              ws)
            return None
        conn = Connection(ws, seat)
        self.connections.append(conn)
        await self.send(conn, self.welcome(seat))
        await self.send(conn, self.state(seat))
        await self.presence()
        log.info("a device joined (%s)", "onlooker" if seat == ONLOOKER
                 else self.session.seats[seat].name)
        return conn

    async def _talk(self, conn: Connection) -> None:
        budget = Budget(MESSAGES_PER_SECOND, MESSAGES_BURST)
        ws = conn.ws
        while not ws.closed:
            msg = await ws.receive()
            if msg.type != WSMsgType.TEXT:
                if msg.type == WSMsgType.ERROR or ws.closed:
                    self.refused += 1 if msg.type == WSMsgType.ERROR else 0
                    break
                if msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
                    break
                await self.refuse(conn, _("Messages are JSON text."))
                continue
            if not budget.take():
                self.refused += 1
                await self._drop(conn, _("Too many messages."))
                break
            try:
                parsed = client_message(msg.data)
            except WireError as exc:
                await self.refuse(conn, str(exc))
                continue
            if isinstance(parsed, Hello):
                await self.refuse(conn, _("This connection already has its seat."))
                continue
            if isinstance(parsed, CheckMessage):
                await self.send(conn, envelope("checked", turn=parsed.turn,
                                               answer=parsed.answer,
                                               reason=self.verdict(conn, parsed)))
                continue
            await self.answer(conn, parsed)

    async def close(self) -> None:
        if self._bots is not None:
            self._bots.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._bots
        for conn in list(self.connections):
            await self._drop(conn, _("The host closed the table."))


# -- seats from the command line ----------------------------------------------------------------

def parse_seats(text: str) -> list[Seat]:
    """``"Ana,Ben,computer:strong"``: a name is a person's seat, ``computer[:kind]`` a computer
    player's. ValueError with a player's sentence for anything else."""
    from pydantic import TypeAdapter, ValidationError

    from peloponnes_tui.bots import BOT_NAMES
    from peloponnes_tui.inputs import InputError, Name

    items = [t.strip() for t in text.split(",")]
    if not MIN_PLAYERS <= len(items) <= MAX_PLAYERS:
        raise ValueError(_("a table has {fewest} to {most} seats, separated by commas").format(
            fewest=MIN_PLAYERS, most=MAX_PLAYERS))
    colours = list(COLOURS)
    seats: list[Seat] = []
    computers = 0
    for i, item in enumerate(items):
        word, _sep, kind = item.partition(":")
        if word.lower() == "computer":
            kind = kind or DEFAULT_COMPUTER
            if kind not in BOT_NAMES:
                raise ValueError(_("unknown computer player {kind!r}; choose from {names}")
                                 .format(kind=kind[:30], names=", ".join(BOT_NAMES)))
            computers += 1
            from peloponnes_tui.seating import DEFAULT_NAMES

            seats.append(Seat(f"{DEFAULT_NAMES[i]} ({kind})", colours[i], kind))
            continue
        try:
            name = TypeAdapter(Name).validate_python(item)
        except (ValidationError, InputError):
            raise ValueError(_("seat {n}: a name of 1 to 24 printable characters").format(
                n=i + 1)) from None
        seats.append(Seat(name, colours[i], HUMAN))
    if computers == len(seats):
        raise ValueError(_("a table needs at least one person's seat"))
    names = [s.name.casefold() for s in seats]
    if len(set(names)) != len(names):
        raise ValueError(_("two seats have the same name"))
    return seats


# -- the host's server --------------------------------------------------------------------------

def lan_address() -> str | None:
    """This computer's address on its network (the one a phone beside it would use), found
    without sending anything: a UDP socket is only pointed at a private address."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.255.255.255", 1))
        address: str = s.getsockname()[0]
        return None if address.startswith("127.") or address == "0.0.0.0" else address
    return None


def base_url(host: str, port: int, public_url: str | None) -> str:
    if public_url:
        return public_url.rstrip("/")
    if host in ("0.0.0.0", "::"):
        host = lan_address() or "127.0.0.1"
    return f"http://{f'[{host}]' if ':' in host else host}:{port}"


def qr_text(link: str) -> str:
    """The link as a QR code of half-block characters, for a phone's camera."""
    import io

    import segno

    out = io.StringIO()
    segno.make(link, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


CLAIM_MAX = 1024  # bytes of a page's claim (its key)

TABLE_PAGE = Template(PAGE_HEAD + """</head>
<body>
<div id="terminal" class="textual-terminal" data-font-size="16"></div>
<div class="ended"><div id="why">$ended</div>
  <button type="button" onclick="window.location.reload()">$again</button></div>
<noscript>$how</noscript>
<script>
(async function () {
  // The key stays in the page (after #, never sent in a request line): it is handed to the host
  // in a request's body, which gives back a page id for this page's seat.
  const why = document.getElementById("why");
  const key = decodeURIComponent(window.location.hash.slice(1));
  let answer;
  try {
    answer = await fetch("table/claim", {method: "POST", body: JSON.stringify({key: key}),
                                         headers: {"Content-Type": "application/json"}});
  } catch (e) {
    answer = null;
  }
  if (!answer || !answer.ok) {
    if (answer) why.textContent = await answer.text();
    document.body.classList.add("-closed");
    return;
  }
  const page = (await answer.json()).page;
  const here = new URL(".", window.location.href);
  here.protocol = window.location.protocol === "https:" ? "wss:" : "ws:";
  document.getElementById("terminal").dataset.sessionWebsocketUrl =
    new URL("ws/" + page, here).href;
  const script = document.createElement("script");
  script.src = "static/js/textual.js";
  // textual.js starts its terminals when the page loads, which has happened already
  script.onload = () => { if (window.onload) window.onload(); };
  document.head.appendChild(script);
})();
</script>
</body>
</html>
""")


class TableWebServer(WebServer):
    """The host's web server: ``/table/ws`` for the devices, and the table's page for a
    browser: ``/table#KEY`` runs a ``peloponnes join`` process for the page (as ``peloponnes
    serve`` runs a game process per page), which joins the table over ``/table/ws`` on this
    computer, so browsers and terminals play through the same client. The page hands its key
    to ``/table/claim`` in a request's body; the page id it gets back opens one game process, once
    (``WebServer.websocket``). There are no games of its own: ``/`` only says how to join."""

    def __init__(self, settings: Settings, table: Table, local_base: str) -> None:
        super().__init__(settings)
        self.table = table
        self.local_base = local_base  # how a join process on this computer reaches the host
        self.claims: OrderedDict[str, str] = OrderedDict()  # page id -> key

    def app(self) -> web.Application:
        app = super().app()
        app.add_routes([web.get("/table", self.table_page),
                        web.post("/table/claim", self.claim),
                        web.get("/table/ws", self.table_websocket)])
        return app

    async def index(self, request: web.Request) -> web.Response:
        return web.Response(text=join_text())

    async def table_page(self, request: web.Request) -> web.Response:
        return web.Response(content_type="text/html", headers=PAGE_HEADERS, text=(
            TABLE_PAGE.substitute(
                lang=language(), title=html.escape(self.settings.title),
                ended=html.escape(_("This page has left the table.")),
                again=html.escape(_("Join again")), how=html.escape(join_text()))))

    async def claim(self, request: web.Request) -> web.Response:
        """A page's key: a page id for its seat's game process, or a refusal."""
        if not self.origin_ok(request):
            return web.Response(status=403, text=_("Not from this server's page."))
        body = await request.content.read(CLAIM_MAX + 1)
        try:
            key = json.loads(body)["key"] if len(body) <= CLAIM_MAX else None
        except (ValueError, TypeError, KeyError):
            key = None
        if not isinstance(key, str) or self.table.seat_of(key) is None:
            self.table.refused += 1
            return web.Response(status=403, text=_("This link opens no seat at this table (it "
                                                   "may have been revoked)."))
        if self.full or self.closing:
            return web.Response(status=503, text=_(
                "This table has as many pages open as it takes; close one and try again."))
        page = secrets.token_urlsafe(18)
        now = time.monotonic()
        self.pending[page] = now
        self.claims[page] = key
        while len(self.claims) > PENDING_MAX:
            self.claims.popitem(last=False)
        return web.json_response({"page": page}, headers={"Cache-Control": "no-store"})

    def page_environment(self, page_id: str) -> dict[str, str]:
        key = self.claims.pop(page_id, None)
        return {} if key is None else {LINK_ENV: f"{self.local_base}/table#{key}"}

    async def table_websocket(self, request: web.Request) -> web.StreamResponse:
        return await self.table.websocket(request, self.origin_ok(request))


def join_text() -> str:
    """How to join (in the language chosen when it is shown)."""
    return _("This is a Peloponnes table. Open the link of your seat (the whole link, with the "
             "part after #) in a browser, or in a terminal with: peloponnes join LINK")


def join_command(cards_path: str | None, lang: str | None) -> list[str]:
    """The process a browser page of the table runs: ``peloponnes join`` (its link in
    :data:`LINK_ENV`)."""
    command = [sys.executable, "-m", "peloponnes_tui", "--web-session"]
    if lang is not None:
        command += ["--lang", lang]
    if cards_path is not None:
        command += ["--cards", str(Path(cards_path).resolve())]
    return [*command, "join"]


def local_base(host: str, port: int) -> str:
    """How a process on this computer reaches a host listening on ``host``."""
    if host in ("0.0.0.0", ""):
        host = "127.0.0.1"
    elif host == "::":
        host = "::1"
    return f"http://{f'[{host}]' if ':' in host else host}:{port}"


def table_server(table: Table, host: str, port: int, public_url: str | None,
                 cards_path: str | None = None, lang: str | None = None,
                 max_pages: int = 8) -> TableWebServer:
    from peloponnes_tui.crash import logs_dir

    settings = Settings(host=host, port=port, command=join_command(cards_path, lang),
                        public_url=public_url, max_games=max_pages, logs=logs_dir())
    return TableWebServer(settings, table, local_base(host, port))


async def run_table(table: Table, host: str, port: int, public_url: str | None,
                    out: Any = None, commands: bool = True, qr: bool = True,
                    cards_path: str | None = None, lang: str | None = None) -> None:
    """Serve the table until SIGINT or SIGTERM (or ``quit`` typed on the console)."""
    import signal

    from peloponnes_tui.webserver import ServeError, remove_stale

    out = sys.stderr if out is None else out
    server = table_server(table, host, port, public_url, cards_path, lang)
    remove_stale(server.settings.root)
    runner = web.AppRunner(server.app(), handle_signals=False, access_log=None,
                           shutdown_timeout=0.25)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    try:
        await site.start()
    except OSError as exc:
        await runner.cleanup()
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise ServeError(_("cannot listen on {host} port {port}: {reason}").format(
            host=host, port=port, reason=reason)) from None
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    base = base_url(host, port, public_url)
    print_links(table, base, out, qr)
    table.play_computers()
    console = None
    if commands and sys.stdin is not None and sys.stdin.isatty():
        console = asyncio.create_task(read_commands(table, base, out, stop))
    try:
        await stop.wait()
    finally:
        if console is not None:
            console.cancel()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
        await table.close()
        try:
            await server.shutdown(None)  # the browser pages' join processes
            await runner.cleanup()
        finally:
            server.abandon()


def print_links(table: Table, base: str, out: Any, qr: bool = True) -> None:
    print(_("The table is open at {url}; its file is {path}.").format(url=base, path=table.path),
          file=out)
    print(_("Each link is the key to one seat: give it only to that player. A QR code is the "
            "same link for a phone's camera. Type 'help' for the host's commands."), file=out)
    for who, link in table.links(base):
        print(f"\n{who}: {link}", file=out)
        if qr:
            print(qr_text(link), file=out)
    out.flush()


HOST_COMMANDS = ("links", "revoke N", "computer N", "quit")


async def host_command(table: Table, line: str, base: str, out: Any) -> bool:
    """One line typed on the host's console; False for ``quit``."""
    word, _sep, rest = line.strip().partition(" ")
    seats = table.session.seats
    if word in ("revoke", "computer"):
        if not rest.strip().isdigit() or not 1 <= int(rest) <= len(seats):
            print(_("give a seat number, 1 to {n}").format(n=len(seats)), file=out)
            return True
        seat = int(rest) - 1
        if table.keys[seat] is None:
            print(_("{name} is a computer player's seat").format(name=seats[seat].name),
                  file=out)
            return True
        if word == "revoke":
            key = await table.revoke(seat)
            link = f"{base}/table#{key}"
            print(_("{name}'s old link opens nothing now; the new one: {link}").format(
                name=seats[seat].name, link=link), file=out)
            print(qr_text(link), file=out)
        else:
            await table.hand_to_computer(seat)
            print(_("A computer player plays {name}'s seat now.").format(name=seats[seat].name),
                  file=out)
    elif word == "links":
        print_links(table, base, out)
    elif word == "quit":
        return False
    elif word:
        print(_("commands: {commands} (seats are numbered from 1)").format(
            commands=", ".join(HOST_COMMANDS)), file=out)
    return True


async def read_commands(table: Table, base: str, out: Any, stop: asyncio.Event) -> None:
    while True:
        line = await asyncio.to_thread(sys.stdin.readline)
        if not line or not await host_command(table, line, base, out):
            stop.set()
            return
        out.flush()


__all__ = [
    "CONNECTIONS_MAX",
    "DEFAULT_COMPUTER",
    "LINK_ENV",
    "MESSAGES_PER_SECOND",
    "ONLOOKER",
    "Table",
    "TableError",
    "TableWebServer",
    "base_url",
    "host_command",
    "parse_seats",
    "qr_text",
    "run_table",
    "table_server",
]
