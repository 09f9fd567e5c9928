"""One table, many devices (peloponnes_tui/table.py, table_wire.py): the messages, a hostile
device refused, a whole game through the protocol, a device that drops and comes back, and a host
killed and started again."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import WSMsgType
from aiohttp.test_utils import TestClient, TestServer
from support import session_at

from peloponnes_tui.bots import make_bot
from peloponnes_tui.cards import CardSet
from peloponnes_tui.engine import Game, PlaceBid
from peloponnes_tui.engine.save import read_save
from peloponnes_tui.table import (
    Table,
    TableError,
    host_command,
    parse_seats,
    qr_text,
    table_server,
)
from peloponnes_tui.table_wire import (
    CLIENT_MESSAGE_MAX,
    WireError,
    answer_message,
    client_message,
    hello,
    onlooker_view,
    prompt_json,
    public_prompt,
    read_prompt,
    read_scores,
    read_view,
    scores_json,
    view_json,
)
from peloponnes_tui.tui.session import Seat

SEATS = "Ana,Ben,computer:random"


# -- the messages --------------------------------------------------------------------------------

def test_views_prompts_and_scores_come_back_as_they_went(cards: CardSet) -> None:
    session = session_at(cards, 3, lambda p: p.kind == "feed", seed=4)
    game = session.game
    for seat in range(3):
        view = game.view_for(seat)
        back = read_view(json.loads(json.dumps(view_json(view))))
        assert back == replace(view, sampler=None)
    prompt = game.pending
    assert prompt is not None
    assert read_prompt(json.loads(json.dumps(prompt_json(prompt)))) == prompt
    done = Game.new(["A", "B"], 3, cards)
    from peloponnes_tui.bots.players import BotPlayers

    BotPlayers(cards, {0: "random", 1: "random"}, 3).play(done)
    assert read_scores(json.loads(json.dumps(scores_json(done.scores)))) == done.scores


def test_what_others_see_of_a_decision_and_of_a_view(cards: CardSet) -> None:
    game = Game.new(["A", "B", "C"], 2, cards)
    prompt = game.pending
    assert prompt is not None and prompt.hand  # a bid holds the hand of the one deciding
    shown = public_prompt(prompt)
    assert (shown.kind, shown.player) == (prompt.kind, prompt.player)
    assert shown.hand == () and shown.targets == ()
    assert onlooker_view(game.view_for(1)).hand == ()


@pytest.mark.parametrize("change", [
    lambda e: e.update(data=[["civ", "olympia"], ["coin", 5]]),  # a misspelt field
    lambda e: e.update(data=[["civ", "olympia"], ["coins", 5], ["colour", "red"]]),
    lambda e: e.update(data=[["civ", "olympia"]]),  # a field missing
    lambda e: e.update(data=[["civ", "olympia"], ["coins", "many"]]),
    lambda e: e.update(kind="setup_x"),
    lambda e: e.update(kind="strike"),  # the data of another kind
])
def test_a_view_whose_log_does_not_fit_is_refused(cards: CardSet, change: Any) -> None:
    """An event's data is read as its kind's own type: a device refuses a view whose log holds
    data that does not fit (the first event of a game is a ``setup``)."""
    sent = json.loads(json.dumps(view_json(Game.new(["A", "B"], 2, cards).view_for(0))))
    assert sent["log"][0]["kind"] == "setup"
    read_view(sent)
    change(sent["log"][0])
    with pytest.raises(WireError):
        read_view(sent)


@pytest.mark.parametrize("text", [
    "", "nonsense", "[]", '{"v": 2, "type": "hello", "key": "k"}',
    '{"v": 1, "type": "hello"}', '{"v": 1, "type": "shout", "key": "k"}',
    '{"v": 1, "type": "answer", "turn": 0, "answer": {}, "seat": 1}',
    '{"v": 1, "type": "answer", "turn": -1, "answer": {}}',
    '{"v": 1, "type": "hello", "key": "' + "k" * 65 + '"}',
    '{"v": 1, "type": "answer", "turn": 0, "answer": {"x": "' + "y" * 5000 + '"}}',
])
def test_a_message_that_does_not_fit_is_refused(text: str) -> None:
    with pytest.raises(WireError):
        client_message(text)


def test_seats_from_the_command_line() -> None:
    seats = parse_seats("Ana, Ben ,computer:strong")
    assert [s.name for s in seats[:2]] == ["Ana", "Ben"]
    assert [s.kind for s in seats] == ["human", "human", "strong"]
    for bad in ("Ana", "Ana,ana", "computer,computer", "Ana,computer:nobody",
                "A,B,C,D,E,F", "Ana,\x1b[31m"):
        with pytest.raises(ValueError):
            parse_seats(bad)


def test_a_link_as_a_qr_code() -> None:
    text = qr_text("http://192.168.1.5:8000/table#abc")
    assert len(text.splitlines()) > 10 and ("█" in text or "▀" in text)


# -- a table in the test's own server ------------------------------------------------------------

def new_table(cards: CardSet, tmp_path: Path, seats: str = SEATS, seed: int = 5) -> Table:
    return Table.open(tmp_path / "table.json", cards, parse_seats(seats), seed=seed,
                      bot_pause=0.0)


@pytest.fixture
async def client(cards: CardSet, tmp_path: Path) -> AsyncIterator[tuple[TestClient[Any, Any],
                                                                        Table]]:
    table = new_table(cards, tmp_path)
    async with TestClient(TestServer(table_server(table, "127.0.0.1", 0, None).app())) as c:
        table.play_computers()  # (as the host does when it starts)
        await table.idle()
        yield c, table
        await table.close()


class Device:
    """A device at the table, reading what the host sends."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.seat: int | None = None
        self.state: dict[str, Any] = {}
        self.refusals: list[str] = []
        self.presence: list[list[bool]] = []
        self.bye: str | None = None

    async def next(self) -> dict[str, Any] | None:
        """The next message (None when the host closed the connection)."""
        msg = await asyncio.wait_for(self.ws.receive(), 30)
        if msg.type != WSMsgType.TEXT:
            return None
        data: dict[str, Any] = json.loads(msg.data)
        assert data["v"] == 1
        match data["type"]:
            case "welcome":
                self.seat = data["seat"]
            case "state":
                self.state = data
            case "refused":
                self.refusals.append(data["reason"])
            case "presence":
                self.presence.append(data["connected"])
            case "bye":
                self.bye = data["reason"]
        return data

    async def until(self, kind: str) -> dict[str, Any]:
        while True:
            data = await self.next()
            assert data is not None, f"closed while waiting for {kind}"
            if data["type"] == kind:
                return data

    async def closed(self) -> bool:
        while True:
            if await self.next() is None:
                return True

    @property
    def deciding(self) -> bool:
        prompt = self.state.get("prompt")
        return prompt is not None and prompt["data"]["player"] == self.seat

    async def send(self, text: str) -> None:
        await self.ws.send_str(text)


async def join(client: Any, key: str, origin: str | None = None) -> Device:
    headers = {} if origin is None else {"Origin": origin}
    ws = await client.ws_connect("/table/ws", headers=headers)
    device = Device(ws)
    await device.send(hello(key))
    return device


async def seated(client: Any, key: str) -> Device:
    device = await join(client, key)
    await device.until("welcome")
    await device.until("state")
    return device


def decide(device: Device, cards: CardSet, bot: Any) -> str:
    """A bot's answer to what the device shows (its own decision), as a message."""
    prompt = read_prompt(device.state["prompt"])
    view = read_view(device.state["view"])
    assert prompt is not None
    return answer_message(device.state["turn"], bot.decide(prompt, view).to_dict())


def fingerprint(table: Table) -> tuple[int, str]:
    return table.turn, table.path.read_text()


async def test_each_device_sees_only_its_own_hand(client: Any, cards: CardSet) -> None:
    c, table = client
    ana, ben = await seated(c, table.keys[0]), await seated(c, table.keys[1])
    onlooker = await seated(c, table.onlooker_key)
    assert (ana.seat, ben.seat, onlooker.seat) == (0, 1, None)
    hands = [list(p.hand) for p in table.session.game.players]
    assert ana.state["view"]["hand"] == hands[0] and ben.state["view"]["hand"] == hands[1]
    assert onlooker.state["view"]["hand"] == []
    deciding = table.session.pending.player
    for device in (ana, ben, onlooker):
        text = json.dumps(device.state)
        for seat, hand in enumerate(hands):
            if seat != device.seat:  # nobody else's hand in anything the device was sent
                assert f'"hand":{json.dumps(hand, separators=(",", ":"))}' not in \
                    text.replace(" ", "")
        shown = device.state["prompt"]["data"]
        assert shown["player"] == deciding
        assert (shown["hand"] != []) == (device.seat == deciding)


async def test_a_hostile_device_gets_nothing_and_changes_nothing(client: Any,
                                                                 cards: CardSet) -> None:
    c, table = client
    before = fingerprint(table)
    # a forged link: refused, closed
    forged = await join(c, "x" * 24)
    assert forged.seat is None and await forged.closed()
    assert "opens no seat" in forged.refusals[0]
    # a page of another web site
    with pytest.raises(aiohttp.WSServerHandshakeError):
        await join(c, table.keys[0], origin="http://evil.example")
    deciding = table.session.pending.player
    other = 1 - deciding
    mine, theirs = await seated(c, table.keys[deciding]), await seated(c, table.keys[other])
    bot = make_bot("random", cards, 1)
    answer = decide(mine, cards, bot)
    # the other seat sends the deciding seat's answer
    await theirs.send(answer)
    await theirs.until("refused")
    assert "not your decision" in theirs.refusals[-1]
    # an onlooker answers
    onlooker = await seated(c, table.onlooker_key)
    await onlooker.send(answer)
    await onlooker.until("refused")
    # malformed: the seat named in the message, not JSON, binary, an answer to another turn
    wrong = json.loads(answer)
    for text in [json.dumps({**wrong, "seat": deciding}), "{", json.dumps({**wrong, "turn": 99}),
                 json.dumps({**wrong, "answer": {"kind": "place_bid", "card": "nowhere"}})]:
        await mine.send(text)
        await mine.until("refused")
    await mine.ws.send_bytes(b"\x00\x01")
    await mine.until("refused")
    assert fingerprint(table) == before and not mine.ws.closed
    # oversized: the connection is closed
    big = {"kind": "pass", "x": "y" * CLIENT_MESSAGE_MAX}
    await mine.send(json.dumps({**wrong, "answer": big}))
    assert await mine.closed()
    # the other seat's link used again while its device is connected: refused
    again = await join(c, table.keys[other])
    assert await again.closed() and "open on another device" in again.refusals[0]
    # flooding: closed once past the burst (the other seat's device gone, its link opens it)
    await theirs.ws.close()
    while any(conn.seat == other for conn in table.connections):
        await asyncio.sleep(0.01)
    flood = await seated(c, table.keys[other])
    for _ in range(200):
        try:
            await flood.send(answer)
        except ConnectionError:  # closed by the host while sending
            break
    assert await flood.closed()
    assert fingerprint(table) == before
    assert table.refused >= 9


async def test_a_revoked_link_and_a_seat_handed_to_a_computer(client: Any,
                                                              cards: CardSet,
                                                              tmp_path: Path) -> None:
    c, table = client
    old = table.keys[0]
    ana = await seated(c, old)
    out = _Out()
    await host_command(table, "revoke 1", "http://h:1", out)
    assert ana.bye is not None or await ana.closed()
    assert "revoked" in (ana.bye or "")
    again = await join(c, old)
    assert await again.closed() and "opens no seat" in again.refusals[0]
    new = await seated(c, table.keys[0])
    assert new.seat == 0 and table.keys[0] in out.text
    # a restarted host knows the new key, not the old one
    assert Table.resume(table.path, cards).seat_of(old) is None
    await host_command(table, "computer 2", "http://h:1", out)
    assert table.keys[1] is None and table.session.seats[1].kind == "heuristic"
    await table.idle()
    assert table.session.pending is None or table.session.pending.player == 0


class _Out:
    def __init__(self) -> None:
        self.text = ""

    def write(self, s: str) -> None:
        self.text += s

    def flush(self) -> None:
        pass


async def play(devices: list[Device], cards: CardSet, table: Table,
               stop: Any = None) -> None:
    """Play through the protocol until the game is over (or ``stop(turn)`` says so): each device
    answers its own decisions with a random bot of its own."""
    bots = {d.seat: make_bot("random", cards, 10 + (d.seat or 0)) for d in devices}
    while True:
        deciding = [d for d in devices if d.deciding]
        over = devices[0].state["prompt"] is None
        if over or (stop is not None and stop(devices[0].state["turn"])):
            return
        if deciding:
            d = deciding[0]
            turn = d.state["turn"]
            await d.send(decide(d, cards, bots[d.seat]))
            # everyone is told of the answer
            for other in devices:
                while other.state["turn"] == turn:
                    await other.until("state")
        else:  # the computer seat decides: wait for its answer
            turn = devices[0].state["turn"]
            for other in devices:
                while other.state["turn"] == turn:
                    await other.until("state")


async def test_a_whole_game_with_a_device_that_drops_and_comes_back(client: Any,
                                                                    cards: CardSet) -> None:
    c, table = client
    ana, ben = await seated(c, table.keys[0]), await seated(c, table.keys[1])
    await play([ana, ben], cards, table, stop=lambda turn: turn >= 20)
    # Ben's device drops; Ana is told
    await ben.ws.close()
    while not ana.presence or ana.presence[-1][1]:
        await ana.until("presence")
    ben = await seated(c, table.keys[1])  # the same link: the same seat, the same hand
    assert ben.seat == 1 and ben.state["view"]["hand"] == list(table.session.game.players[1].hand)
    while not ana.presence[-1][1]:
        await ana.until("presence")
    await play([ana, ben], cards, table)
    await table.idle()
    assert table.session.over
    assert read_scores(ana.state["scores"]) == table.session.scores
    assert ana.state["winners"] == list(table.session.winners)
    # the table file holds the whole game
    save = read_save(table.path)
    assert len(save.answers) == table.turn
    assert table.refused == 0


async def test_a_second_device_with_the_same_link_is_refused_while_the_first_is_there(
        client: Any) -> None:
    """A link used again while its seat's device is connected opens nothing and changes
    nothing; once that device has gone, the link opens the seat again."""
    c, table = client
    first = await seated(c, table.keys[0])
    second = await join(c, table.keys[0])
    assert await second.closed() and second.seat is None
    assert "open on another device" in second.refusals[0]
    assert not first.ws.closed and table.refused == 1
    await first.ws.close()
    while any(conn.seat == 0 for conn in table.connections):
        await asyncio.sleep(0.01)
    third = await seated(c, table.keys[0])
    assert third.seat == 0 and not third.ws.closed


def test_a_table_file_that_is_not_one(cards: CardSet, tmp_path: Path) -> None:
    from support import finished_session

    path = tmp_path / "game.json"
    finished_session(cards).save(path)
    with pytest.raises(TableError, match="not a table"):
        Table.open(path, cards)
    with pytest.raises(TableError, match="no table file"):
        Table.open(tmp_path / "none.json", cards)
    table = Table.open(tmp_path / "t.json", cards, [Seat("A"), Seat("B", "blue")], seed=1)
    assert oct(table.path.stat().st_mode & 0o777) == "0o600"  # it holds the keys


# -- the host killed and started again -----------------------------------------------------------

def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


async def start_host(path: Path, port: int, seats: str | None) -> subprocess.Popen[str]:
    args = [sys.executable, "-m", "peloponnes_tui", "table", "--port", str(port),
            "--file", str(path), "--bot-pause", "0", "--no-qr"]
    if seats is not None:
        args += ["--seats", seats, "--seed", "9"]
    proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert proc.stdout is not None
    lines = []
    while True:  # the links are printed once the server listens
        line = await asyncio.to_thread(proc.stdout.readline)
        assert line, "".join(lines)
        lines.append(line)
        if "onlookers" in line:
            return proc


async def test_the_host_killed_and_started_again_resumes_the_table(cards: CardSet,
                                                                   tmp_path: Path) -> None:
    path, port = tmp_path / "table.json", free_port()
    host = await start_host(path, port, SEATS)
    try:
        table = Table.resume(path, cards)  # (read only: the keys)
        async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as http:
            ana, ben = await seated(http, table.keys[0]), await seated(http, table.keys[1])
            await play([ana, ben], cards, table, stop=lambda turn: turn >= 12)
            turn, view = ana.state["turn"], ana.state["view"]
            host.send_signal(signal.SIGKILL)
            host.wait(10)
            assert await ana.closed() and await ben.closed()
            host = await start_host(path, port, None)
            ana, ben = await seated(http, table.keys[0]), await seated(http, table.keys[1])
            # nothing lost: every answer the devices saw is there
            assert ana.state["turn"] == turn and ana.state["view"] == view
            await play([ana, ben], cards, table, stop=lambda t: t >= turn + 10)
            assert ana.state["turn"] >= turn + 10
    finally:
        host.send_signal(signal.SIGTERM)
        host.wait(10)
    assert host.returncode == 0
    assert len(read_save(path).answers) >= 22


# -- a terminal at the table: peloponnes join ----------------------------------------------------

def test_a_link_read_by_join() -> None:
    from peloponnes_tui.tui.join import LinkError, parse_link

    assert parse_link("http://192.168.1.5:8000/table#abcDEF_-1") == (
        "ws://192.168.1.5:8000/table/ws", "abcDEF_-1")
    assert parse_link("https://example.org/game/table#k")[0] == "wss://example.org/game/table/ws"
    for bad in ("192.168.1.5:8000/table#k", "http://h:8000/table", "ftp://h/table#k",
                "http://h:99999/table#k", "http://h/table#" + "k" * 65):
        with pytest.raises(LinkError):
            parse_link(bad)


async def test_a_terminal_joins_and_plays_its_own_seat(cards: CardSet, tmp_path: Path) -> None:
    from support import key_for, screen_text

    from peloponnes_tui.tui.join import JoinApp
    from peloponnes_tui.tui.running import Waiting

    table = new_table(cards, tmp_path)
    async with TestClient(TestServer(table_server(table, "127.0.0.1", 0, None).app())) as c:
        table.play_computers()
        await table.idle()
        ben = await seated(c, table.keys[1])
        bot = make_bot("random", cards, 3)
        link = str(c.make_url("/table")) + "#" + (table.keys[0] or "")
        app = JoinApp(link, cards)
        answered, waited = 0, False
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(400):
                if answered >= 3 and waited:
                    break
                await pilot.pause()
                remote, board = app.remote, app.board
                if remote is None or board is None or remote.turn != table.turn:
                    continue  # the host's state is on its way
                await table.idle()
                pending = table.session.pending
                assert pending is not None
                hands = [p.hand for p in table.session.game.players]
                assert remote.current.hand == tuple(hands[0])  # only its own hand
                if pending.player == 0:
                    panel = board.panel()
                    if panel is None:
                        continue
                    if answered == 0:  # the host's verdict on a choice reaches the panel
                        nowhere = PlaceBid("nowhere")
                        assert remote.check(nowhere) is None  # (asked)
                        for _ in range(500):  # (a bound against a hang only)
                            if remote.check(nowhere) is not None:
                                break
                            await pilot.pause()
                        assert "nowhere" in (remote.check(nowhere) or "")
                    if answered > 0:  # what Ben and the computer did since Ana's last turn
                        shown = screen_text(app)
                        assert "Since your last turn" in shown and "Ben" in shown
                    await pilot.press(*key_for(panel))
                    answered += 1
                elif pending.player == 1:
                    assert isinstance(app.game.next_step() if app.game else None, Waiting)
                    assert "Ben is deciding" in screen_text(app)
                    waited = True
                    while not ben.deciding or ben.state["turn"] != table.turn:
                        await ben.until("state")
                    await ben.send(decide(ben, cards, bot))
            assert answered >= 3 and waited
        await table.close()
    assert table.refused == 0  # every answer the terminal sent was taken
    assert len(read_save(table.path).answers) == table.turn


async def test_devices_are_capped(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import peloponnes_tui.table as host

    c, table = client
    monkeypatch.setattr(host, "CONNECTIONS_MAX", 2)
    silent = await c.ws_connect("/table/ws")  # connected, key not sent yet: counted
    first = await seated(c, table.onlooker_key)
    late = await join(c, table.onlooker_key)
    assert await late.closed() and "as many devices" in late.refusals[0]
    await silent.close()
    assert first.seat is None and not first.ws.closed


async def test_a_device_asks_whether_an_answer_would_be_taken(client: Any,
                                                              cards: CardSet) -> None:
    c, table = client
    deciding = table.session.pending.player
    mine, theirs = await seated(c, table.keys[deciding]), await seated(c, table.keys[1 - deciding])
    before = fingerprint(table)
    good = json.loads(decide(mine, cards, make_bot("random", cards, 1)))
    bad = {**good, "answer": {"kind": "place_bid", "card": "nowhere", "coins": []}}
    for device, message, legal in ((mine, good, True), (mine, bad, False), (theirs, good, False)):
        await device.send(json.dumps({**message, "type": "check"}))
        verdict = await device.until("checked")
        assert verdict["answer"] == message["answer"]
        assert (verdict["reason"] is None) == legal
    assert fingerprint(table) == before and table.refused == 0


@pytest.mark.parametrize(("args", "says"), [
    (["table", "--seats", "Ana"], "2 to 5 seats"),
    (["table", "--seats", "Ana,Ana"], "same name"),
    (["table", "--seats", "Ana,computer:nobody"], "unknown computer player"),
    (["table", "--bot-pause", "99", "--seats", "A,B"], "seconds from 0 to 10"),
    (["join", "ftp://host/table#k"], "http:// or https://"),
    (["join", "http://host:8000/table"], "no key after #"),
])
def test_refused_values_on_the_command_line(args: list[str], says: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    from peloponnes_tui.cli import main

    assert main(args) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


def test_a_file_that_is_no_table_on_the_command_line(cards: CardSet, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from support import finished_session

    from peloponnes_tui.cli import main

    path = tmp_path / "game.json"
    finished_session(cards).save(path)
    assert main(["table", "--file", str(path)]) == 2
    assert "not a table's file" in capsys.readouterr().err
    assert main(["table", "--file", str(tmp_path / "none.json")]) == 2
    assert "give the seats" in capsys.readouterr().err


async def test_an_onlooker_at_the_terminal_sees_the_table_and_no_hand(cards: CardSet,
                                                                      tmp_path: Path) -> None:
    from support import screen_text

    from peloponnes_tui.tui.join import JoinApp

    table = new_table(cards, tmp_path)
    async with TestClient(TestServer(table_server(table, "127.0.0.1", 0, None).app())) as c:
        table.play_computers()
        await table.idle()
        pending = table.session.pending
        assert pending is not None
        app = JoinApp(str(c.make_url("/table")) + "#" + table.onlooker_key, cards)
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(500):  # (a bound against a hang only)
                if app.board is not None and app.remote is not None and app.board.is_mounted:
                    break
                await pilot.pause()
            await pilot.pause()
            remote = app.remote
            assert remote is not None and remote.seat is None
            assert remote.current.hand == () and remote.pending is not None
            assert remote.pending.hand == ()  # the decision's kind and who decides, no more
            assert app.board is not None and app.board.panel() is None
            assert f"{table.session.seats[pending.player].name} is deciding" in screen_text(app)
        await table.close()
