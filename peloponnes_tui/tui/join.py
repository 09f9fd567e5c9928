"""``peloponnes join LINK``: a seat at a table (``peloponnes table``) on this terminal.

The app is the game's own board, fed by the host over the table's websocket
(:mod:`peloponnes_tui.table_wire`): a :class:`RemoteSession` stands where a hot-seat game's
:class:`~peloponnes_tui.tui.session.Session` stands and offers the board the same accessors, built
from what the host sent this seat (its own view and hand, its own decision when it has one, who
decides otherwise, the public log). No engine game is held here: as a choice changes in a decision
panel, the host is asked whether it would take it (a ``check`` message), and the panel greys it out
with the host's reason as in hot-seat; the host checks every answer again as it arrives, and one it
refuses is shown with its reason. There is no hand-off cover (nobody else looks at
this screen), no undo, no save and no coach at a table.

When the connection drops, the app says so and opens the link again, every few seconds, until the
host answers; the seat is the same (the link is its key). A browser page's join process (run by the
host for the page) ends instead: its page went with the host.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import urlsplit, urlunsplit

from peloponnes_tui.i18n import _
from peloponnes_tui.seating import COLOURS, HUMAN
from peloponnes_tui.table_wire import (
    KEY_MAX,
    LINK_ENV,
    WireError,
    answer_key,
    answer_message,
    hello,
    read_prompt,
    read_scores,
    read_view,
)
from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.running import (
    ComputerTurn,
    GameOver,
    PersonTurn,
    RunningGame,
    Step,
    Waiting,
)
from peloponnes_tui.tui.session import Seat, Session
from peloponnes_tui.web_page import in_web_session

if TYPE_CHECKING:
    from peloponnes_tui.cards import CardSet
    from peloponnes_tui.engine import Answer, AnyPrompt, Event, Score, View

# times a browser page's process tries to be let in before it gives up
WEB_TRIES = 6
RECONNECT_WAIT = (0.5, 1.0, 2.0, 4.0)  # seconds between tries to open the link again (the last
# one repeats)
HOST_MESSAGE_MAX = 4 * 1024 * 1024  # bytes of one message from the host (a view at the end of a
# game is some 30 KB)


class LinkError(ValueError):
    """A link that is not a table's (the reason, for the console)."""


def parse_link(link: str) -> tuple[str, str]:
    """(websocket address, key) of a table's link ``http(s)://host[:port]/table#KEY``."""
    try:
        parts = urlsplit(link.strip())
        parts.port  # noqa: B018 (raises ValueError for a port out of range)
    except ValueError:
        raise LinkError(_("not an address")) from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise LinkError(_("a table's link starts with http:// or https://"))
    key = parts.fragment
    if not key or len(key) > KEY_MAX or not key.isprintable():
        raise LinkError(_("the link has no key after # (copy the whole link)"))
    path = parts.path.rstrip("/")
    path = path.removesuffix("/table")
    scheme = "wss" if parts.scheme == "https" else "ws"
    return urlunsplit((scheme, parts.netloc, f"{path}/table/ws", "", "")), key


@dataclass
class RemoteSession:
    """What the host sent this seat, offered as a session's accessors (see the module's
    docstring)."""

    cards: CardSet
    seat: int | None  # None for an onlooker
    seats: list[Seat]
    current: View
    pending: AnyPrompt | None = None
    turn: int = 0
    seen: int = 0
    scores: tuple[Score, ...] = ()
    winners: tuple[int, ...] = ()
    connected: list[bool] = field(default_factory=list)
    # a session's settings, fixed at a table
    privacy: bool = True
    coach: bool = False
    hands_private: bool = False
    seed: int = 0
    bot_pause: float = 0.0
    answered_by: list[int] = field(default_factory=list)
    # the host's verdicts on answers to the open decision (answer_key), and who asks for one
    verdicts: dict[str, str | None] = field(default_factory=dict)
    asked: set[str] = field(default_factory=set)
    asker: Callable[[int, Answer], None] | None = None

    @property
    def over(self) -> bool:
        return self.pending is None

    @property
    def log(self) -> Sequence[Event]:
        return self.current.log

    def view(self, seat: int) -> View:
        """This seat's view, whatever seat is asked for: it is all this device has."""
        return self.current

    def check(self, answer: Answer) -> str | None:
        """The host's verdict on ``answer``, once it has given it (the panel is drawn again
        then); None until then, and an answer confirmed meanwhile is checked by the host as it
        arrives."""
        key = answer_key(self.turn, answer.to_dict())
        if key in self.verdicts:
            return self.verdicts[key]
        if key not in self.asked and self.asker is not None:
            self.asked.add(key)
            self.asker(self.turn, answer)
        return None

    def seen_log(self, seat: int) -> int:
        return self.seen if seat == self.seat else 0

    def can_undo(self, seat: int | None) -> bool:
        return False

    def seat_of_pending(self) -> Seat | None:
        return None if self.pending is None else self.seats[self.pending.player]

    def update(self, data: dict[str, Any]) -> None:
        """A ``state`` message from the host (WireError if it does not fit)."""
        self.current = read_view(data.get("view"))
        self.pending = read_prompt(data.get("prompt"))
        self.seats = seats_from(data.get("seats"), self.seats)
        self.scores = read_scores(data.get("scores", []))
        self.winners = tuple(int(w) for w in data.get("winners", []))
        self.connected = [bool(c) for c in data.get("connected", [])]
        turn, seen = data.get("turn"), data.get("seen_log")
        if not isinstance(turn, int) or not isinstance(seen, int):
            raise WireError("malformed state")
        if turn != self.turn:
            self.verdicts.clear()
            self.asked.clear()
        self.turn, self.seen = turn, seen


def seats_from(raw: object, before: list[Seat]) -> list[Seat]:
    if not isinstance(raw, list) or not 2 <= len(raw) <= 5:
        raise WireError("malformed seats")
    seats = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise WireError("malformed seats")
        colour = str(item.get("colour"))
        seats.append(Seat(str(item.get("name", "?"))[:24],
                          colour if colour in COLOURS else list(COLOURS)[i],
                          str(item.get("kind", HUMAN))))
    return seats


class RemoteGame(RunningGame):
    """A seat's game at a table: the board's :class:`RunningGame` over a
    :class:`RemoteSession` (the board reads the same accessors; nothing is applied here)."""

    def __init__(self, remote: RemoteSession) -> None:
        # the board reads a session's accessors only, which RemoteSession offers
        super().__init__(cast(Session, remote), Path(os.devnull))
        self.remote = remote
        self.viewer = remote.seat

    def autosave(self) -> OSError | None:
        return None  # the host keeps the game

    def rounds_over(self) -> int:
        return 0  # a device at a table does not stop the game at a round's end

    def next_step(self) -> Step:
        prompt = self.remote.pending
        if prompt is None:
            return GameOver()
        seat = prompt.player
        if seat == self.remote.seat:
            return PersonTurn(seat)
        if self.remote.seats[seat].kind != HUMAN:
            return ComputerTurn(seat)
        return Waiting(seat)

    def person_deciding(self) -> bool:
        prompt = self.remote.pending
        return prompt is not None and prompt.player == self.remote.seat

    def undo(self, seat: int | None) -> bool:
        return False


class JoinApp(PeloponnesApp):
    """The board of one seat at a table (see the module's docstring)."""

    def __init__(self, link: str, cards: CardSet, lang: str | None = None) -> None:
        super().__init__(cards=cards, lang=lang)
        self.address, self.key = parse_link(link)
        self.remote: RemoteSession | None = None
        self.ws: Any = None
        self.shown_turn = -1
        self.scored = False
        self.ended: str | None = None  # why the host closed this seat (then no new try)
        self.sent: int | None = None  # the turn an answer was sent at (one per decision)
        self.given: tuple[int | None, list[Seat]] | None = None  # the welcome's seat and seats

    def on_mount(self) -> None:
        from peloponnes_tui.tui.colours import follow_theme

        if self.first_look.theme in self.available_themes:
            self.theme = self.first_look.theme
        follow_theme(self, self.theme_changed)
        self.run_worker(self.talk(), group="table", exclusive=True)
        self.check_size(self.size.width, self.size.height)

    async def talk(self) -> None:
        """Keep a connection to the host, opening the link again when it drops."""
        import aiohttp

        tries = 0
        unwelcome = 0  # connections ended before the host let this device in
        async with aiohttp.ClientSession() as http:
            while self.ended is None:
                try:
                    async with http.ws_connect(self.address, max_msg_size=HOST_MESSAGE_MAX,
                                               heartbeat=30.0) as ws:
                        self.ws = ws
                        await ws.send_str(hello(self.key))
                        tries = 0
                        await self.listen(ws)
                except (aiohttp.ClientError, OSError, TimeoutError):
                    pass
                self.ws = None
                unwelcome += self.remote is None
                if in_web_session() and (self.remote is not None or unwelcome >= WEB_TRIES):
                    # a browser page's process: the host that started it is gone or closed
                    # this seat, and the page with it (its websocket is the host's); a page
                    # not let in yet tries a few times (its seat's last device may still be
                    # closing: the host gives it up within seconds)
                    self.exit(0)
                    return
                if self.ended is not None:
                    break
                wait = RECONNECT_WAIT[min(tries, len(RECONNECT_WAIT) - 1)]
                tries += 1
                self.notify(_("The connection to the table was lost; trying again…"),
                            severity="warning", timeout=wait + 1)
                await asyncio.sleep(wait)
        if self.ended:
            from peloponnes_tui.tui.screens.message import MessageScreen

            self.push_screen(MessageScreen(_("You have left the table"), self.ended))

    async def listen(self, ws: Any) -> None:
        import aiohttp

        async for msg in ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                break
            try:
                data = json.loads(msg.data)
                if not isinstance(data, dict) or data.get("v") != 1:
                    raise WireError("not a table's message")
                await self.received(data)
            except (WireError, ValueError, TypeError) as exc:
                self.ended = _("The table sent something this version cannot read ({what}).")\
                    .format(what=str(exc)[:80])
                return

    async def received(self, data: dict[str, Any]) -> None:
        kind = data.get("type")
        if kind == "welcome":
            self.welcome(data)
        elif kind == "state":
            self.state(data)
        elif kind == "refused":
            self.sent = None
            self.notify(str(data.get("reason", ""))[:300], title=_("Not allowed"),
                        severity="error")
        elif kind == "checked" and self.remote is not None:
            self.checked(data)
        elif kind == "presence" and self.remote is not None:
            self.presence([bool(c) for c in data.get("connected", [])])
        elif kind == "bye":
            self.ended = str(data.get("reason", ""))[:300]

    def welcome(self, data: dict[str, Any]) -> None:
        seat = data.get("seat")
        if seat is not None and not isinstance(seat, int):
            raise WireError("malformed welcome")
        if data.get("cards_digest") != self.cards.digest:
            self.ended = _("The table plays with other card data (version {version}): join it "
                           "with --cards and the host's cards.yaml.").format(
                               version=str(data.get("cards_version"))[:40])
            return
        seats = seats_from(data.get("seats"), [])
        if self.remote is None:
            self.given = (seat, seats)
        else:
            self.remote.seat, self.remote.seats = seat, seats

    def state(self, data: dict[str, Any]) -> None:
        if self.remote is None:
            if self.given is None:
                raise WireError("state before welcome")
            seat, seats = self.given
            self.remote = RemoteSession(self.cards, seat, seats, read_view(data.get("view")),
                                        asker=self.ask)
            self.remote.update(data)
            self.game = RemoteGame(self.remote)
            from peloponnes_tui.tui.screens.board import BoardScreen

            while len(self.screen_stack) > 1:
                self.pop_screen()
            mounted = self.push_screen(BoardScreen(self.game))

            async def advance_when_mounted() -> None:
                await mounted
                self.advance()

            self.call_later(advance_when_mounted)
            return
        self.remote.update(data)
        self.sent = None
        self.advance()

    def ask(self, turn: int, answer: Answer) -> None:
        """Ask the host whether it would take ``answer`` (the panel asks as a choice changes)."""
        ws = self.ws
        if ws is None:
            return
        text = answer_message(turn, answer.to_dict(), kind="check")

        async def send() -> None:
            with contextlib.suppress(Exception):
                await ws.send_str(text)

        self.run_worker(send(), group="send")

    def checked(self, data: dict[str, Any]) -> None:
        remote = self.remote
        assert remote is not None
        turn, answer, reason = data.get("turn"), data.get("answer"), data.get("reason")
        if (not isinstance(turn, int) or not isinstance(answer, dict)
                or not (reason is None or isinstance(reason, str))):
            raise WireError("malformed verdict")
        if turn != remote.turn:
            return
        remote.verdicts[answer_key(turn, answer)] = None if reason is None else reason[:300]
        board = self.board
        panel = board.panel() if board is not None else None
        if panel is not None:
            panel.update_text()

    def presence(self, connected: list[bool]) -> None:
        remote = self.remote
        assert remote is not None
        before = remote.connected
        remote.connected = connected
        for i, (was, now) in enumerate(zip(before, connected, strict=False)):
            if was != now and i != remote.seat and i < len(remote.seats):
                name = remote.seats[i].name
                self.notify(_("{name} is at the table again.").format(name=name) if now else
                            _("{name}'s device left the table.").format(name=name))

    # -- the game loop: the host's --

    def advance(self) -> None:
        game, board = self.game, self.board
        if game is None or board is None or not board.is_mounted or self.crash is not None:
            return
        remote = self.remote
        assert remote is not None
        if remote.turn == self.shown_turn and not remote.over:
            return
        self.shown_turn = remote.turn
        step = game.next_step()
        board.show_step(step)
        if isinstance(step, GameOver) and not self.scored:
            from peloponnes_tui.tui.screens.scoring import ScoringScreen

            self.scored = True
            self.push_screen(ScoringScreen(remote.cards, remote.scores, remote.winners,
                                           remote.seats))

    def apply(self, answer: Answer) -> None:
        remote, ws = self.remote, self.ws
        if remote is None or ws is None or self.sent == remote.turn:
            return
        self.sent = remote.turn
        text = answer_message(remote.turn, answer.to_dict())

        async def send() -> None:
            with contextlib.suppress(Exception):  # a dropped connection: the answer is asked
                await ws.send_str(text)          # for again when it is back

        self.run_worker(send(), group="send")

    def autosave(self) -> None:
        pass

    def bot_step(self, gen: int) -> None:
        pass

    def action_undo(self) -> None:
        self.notify(_("There is no undo at a table."), severity="warning")

    def action_save_game(self) -> None:
        self.notify(_("The host keeps the table's game."), severity="warning")

    def action_new_game(self) -> None:
        pass

    def action_load_game(self) -> None:
        pass

    def action_quit_app(self) -> None:
        self.exit(0)


def run_join(link: str, cards: CardSet, lang: str | None = None) -> int:
    from peloponnes_tui.tui.compat import run_guarded

    return run_guarded(JoinApp(link, cards, lang=lang))


__all__ = ["LINK_ENV", "JoinApp", "LinkError", "RemoteGame", "RemoteSession", "parse_link",
           "run_join"]
