"""`peloponnes serve` as an attacker would try it: what a browser page may read, which origins may
drive the server, the limits, the addresses the page uses, and how it starts and stops. The
browser itself is in test_browser.py, the ordinary use of serve in test_serve.py."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import ClientWebSocketResponse, WSCloseCode, WSMsgType, WSServerHandshakeError
from aiohttp.test_utils import TestClient, TestServer
from support import finished_session, screen_text, session_at, settled
from textual.widgets import Input, OptionList, Static

from peloponnes_tui.cards import CardSet
from peloponnes_tui.cli import main
from peloponnes_tui.crash import LOG_DIR_ENV, write_crash_log
from peloponnes_tui.engine import BidPrompt, Game
from peloponnes_tui.engine.save import SaveError, dumps
from peloponnes_tui.i18n import set_language
from peloponnes_tui.refusals import error_text
from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.replay import Replay
from peloponnes_tui.tui.screens.board import BoardScreen
from peloponnes_tui.tui.screens.load import LoadScreen, may_open
from peloponnes_tui.tui.screens.replay import ReplayScreen, WatchScreen, board_shown
from peloponnes_tui.tui.session import DATA_DIR_ENV, Session, autosave_path
from peloponnes_tui.web_page import UPLOADS, WEB_SESSION_ENV
from peloponnes_tui.webserver import (
    FOLDER_PREFIX,
    MESSAGE_MAX,
    UPLOAD_MAX,
    Settings,
    WebServer,
    remove_stale,
    run,
)

SECRET = "hunter2"


# -- a damaged file's message cites nothing it holds ---------------------------------------------

def damaged_saves(cards: CardSet) -> dict[str, str]:
    """Saves, each damaged in one place where the secret stands."""
    good = json.loads(dumps(Game.new(["Ann", "Bob"], 1, cards)))
    as_json: dict[str, Any] = {
        "format": {**good, "format": f"db_password={SECRET}"},
        "cards": {**good, "cards_digest": SECRET, "cards_version": SECRET},
        "seed": {**good, "seed": SECRET},
        "players": {**good, "players": SECRET},
        "a player": {**good, "players": ["Ann", SECRET + "\x01"]},
        "a key": {**good, SECRET: 1},
        "an answer's kind": {**good, "answers": [{"kind": SECRET}]},
        "an answer's key": {**good, "answers": [{"kind": "pass", SECRET: 1}]},
        "an answer's card": {**good, "answers": [{"kind": "place_bid", "card": SECRET,
                                                  "coins": []}]},
        "an answer": {**good, "answers": [SECRET]},
        "a position": {**good, "position": {SECRET: 1}},
        "the extra": {**good, "extra": SECRET},
        "a text in the extra": {**good, "extra": {SECRET: "\x9b"}},
    }
    texts = {name: json.dumps(data) for name, data in as_json.items()}
    texts["a key twice"] = f'{{"format": 1, "{SECRET}": 1, "{SECRET}": 2}}'
    return texts


def test_a_damaged_save_cites_nothing_it_holds(cards: CardSet, tmp_path: Path) -> None:
    for name, text in damaged_saves(cards).items():
        path = tmp_path / "save.json"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(SaveError) as refused:
            Session.load(path, cards)
        said = error_text(refused.value)
        assert SECRET not in said, (name, said)
        assert said.startswith(str(path)), (name, said)  # still where, and what is wrong


def test_a_damaged_save_on_the_command_line_cites_nothing_either(
        cards: CardSet, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "config.json"
    path.write_text(damaged_saves(cards)["format"], encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert SECRET not in err and "the save has format …; this version reads format 1" in err


def test_the_format_keys_are_still_named(cards: CardSet) -> None:
    good = json.loads(dumps(Game.new(["Ann", "Bob"], 1, cards)))
    with pytest.raises(SaveError) as refused:
        Session.loads(json.dumps({**good, "seed": "x"}), cards)
    assert error_text(refused.value).startswith("the save file, field 'seed': the save is "
                                                "damaged")


# -- a second window shows no hand of a game in progress -----------------------------------------

def unfinished(cards: CardSet, privacy: bool, humans: int) -> Session:
    """A game of three a few answers in, ``humans`` of its seats people."""
    session = session_at(cards, 3, lambda p: isinstance(p, BidPrompt), min_round=2,
                         privacy=privacy)
    for seat in session.seats[humans:]:
        seat.kind = "random"
    return session


@pytest.mark.parametrize("privacy, humans, hidden", [
    (True, 2, True),  # hot-seat, hands hidden from each other: never while it is on
    (True, 3, True),
    (False, 2, False),  # one person plays every human seat (or nobody hides a hand)
    (True, 1, False),
])
def test_the_hands_of_a_game_in_progress_are_shown_only_to_a_single_person(
        cards: CardSet, privacy: bool, humans: int, hidden: bool) -> None:
    session = unfinished(cards, privacy, humans)
    assert session.hands_private is hidden
    replay = Replay.of(session)
    assert replay.hands_locked is hidden
    assert replay.hands_shown is (humans == 1)  # hidden at first when several people play
    assert replay.toggle_hands() is not hidden
    assert replay.hands_shown is (False if hidden else humans > 1)
    if hidden:
        assert not any(shown.hand for shown in board_shown(replay).tableaux)


def test_a_finished_game_of_several_people_shows_its_hands_on_h(cards: CardSet) -> None:
    session = finished_session(cards, 3)
    session.privacy = True
    replay = Replay.of(session)
    assert not replay.hands_locked and not replay.hands_shown
    assert replay.toggle_hands() and replay.hands_shown


async def test_watching_the_autosave_of_a_hot_seat_game_shows_no_hand(cards: CardSet) -> None:
    """A second window on the same computer: Watch a game, the autosave, h."""
    session = unfinished(cards, True, 2)
    session.save(autosave_path())
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(160, 60)) as pilot:
        await pilot.press("w")
        await settled(pilot)
        assert isinstance(app.screen, WatchScreen)
        await pilot.press("enter")
        await settled(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("h")
        await settled(pilot)
        assert not screen.replay.hands_shown
        assert "hands stay hidden until the game is over" in screen_text(app)


# -- the server ----------------------------------------------------------------------------------

# A stand-in for the game process, speaking Textual's web driver's side of the pipes: the
# greeting, then every key packet echoed back as screen data; "quit" ends it unless it is BUSY,
# which ignores SIGTERM and stops reading (as a process swamped by a huge message), or SLOW,
# which reads on but does not quit when asked (as a game still saving): SIGTERM ends it.
FAKE_GAME = r"""
import json, os, signal, sys
out = sys.stdout.buffer
out.write(b"__GANGLION__\n"); out.flush()
if os.environ.get("BUSY"):
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    while True:
        pass
inp = sys.stdin.buffer
while True:
    head = inp.read(5)
    if len(head) < 5:
        break
    payload = inp.read(int.from_bytes(head[1:], "big"))
    if head[:1] == b"D":
        out.write(b"D" + len(payload).to_bytes(4, "big") + payload); out.flush()
    elif json.loads(payload).get("type") == "quit" and not os.environ.get("SLOW"):
        break
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a child that ended but is not yet reaped counts as gone
    with contextlib.suppress(OSError):
        return "zombie" not in Path(f"/proc/{pid}/status").read_text().lower()
    return True


async def until(check: Any, what: str, bound: float = 30.0) -> None:
    """Wait for ``check()`` to be true (``bound`` seconds guard against a hang, no timing)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + bound
    while not check():
        if loop.time() > end:
            raise AssertionError(f"never: {what}")
        await asyncio.sleep(0.02)


@pytest.fixture
def fake_game(tmp_path: Path) -> list[str]:
    script = tmp_path / "fake_game.py"
    script.write_text(FAKE_GAME)
    return [sys.executable, str(script)]


@contextlib.asynccontextmanager
async def serving(tmp_path: Path, command: list[str], **kw: Any
                  ) -> AsyncIterator[tuple[WebServer, TestClient[Any, Any]]]:
    root = tmp_path / "pages"
    root.mkdir(exist_ok=True)
    settings = Settings(host=kw.pop("host", "127.0.0.1"), port=0, command=command, root=root,
                        logs=tmp_path / "logs", **kw)
    server = WebServer(settings)
    async with TestClient(TestServer(server.app())) as client:
        yield server, client


async def page_id(client: TestClient[Any, Any], **headers: str) -> str:
    resp = await client.get("/", headers=headers)
    assert resp.status == 200, await resp.text()
    found = re.search(r'const page = "([^"]+)"', await resp.text())
    assert found is not None
    return found.group(1)


async def open_page(client: TestClient[Any, Any], **headers: str) -> ClientWebSocketResponse:
    page = await page_id(client)
    origin = f"http://{client.host}:{client.port}"
    return await client.ws_connect(f"/ws/{page}?width=80&height=24",
                                   headers={"Origin": origin, **headers})


async def test_a_page_of_another_site_cannot_open_a_game(tmp_path: Path,
                                                         fake_game: list[str]) -> None:
    async with serving(tmp_path, fake_game) as (server, client):
        page = await page_id(client)
        with pytest.raises(WSServerHandshakeError) as refused:
            await client.ws_connect(f"/ws/{page}", headers={"Origin": "http://evil.example"})
        assert refused.value.status == 403
        assert not server.pages and not list((tmp_path / "pages").iterdir())
        # the same page from its own origin plays
        ws = await open_page(client)
        await ws.send_json(["stdin", "n"])
        assert (await ws.receive_bytes(timeout=30)) == b"n"
        await ws.close()


async def test_a_host_name_the_server_does_not_answer_to_gets_nothing(
        tmp_path: Path, fake_game: list[str]) -> None:
    """A DNS name rebound to this computer: evil.example's page would be same-origin."""
    async with serving(tmp_path, fake_game, host="0.0.0.0",
                       public_url="https://games.example.org") as (_server, client):
        for host in ("evil.example:8000", "evil.example"):
            resp = await client.get("/", headers={"Host": host})
            assert resp.status == 403
        for host in ("192.168.1.20:8000", "[fe80::1]:8000", "localhost:8000",
                     "games.example.org", f"{socket.gethostname()}:8000"):
            resp = await client.get("/", headers={"Host": host})
            assert resp.status == 200, host


async def test_the_page_uses_the_address_the_browser_used_and_nothing_outside(
        tmp_path: Path, fake_game: list[str]) -> None:
    async with serving(tmp_path, fake_game, host="0.0.0.0") as (_server, client):
        resp = await client.get("/", headers={"Host": "192.168.1.20:8000"})
        page = await resp.text()
        assert "0.0.0.0" not in page and "://" not in page  # every address relative
        assert "googleapis" not in page and "static/fonts/RobotoMono" in page
        for ref in re.findall(r'(?:src|href|url)[=(]"([^"]*)"', page):
            assert ref.startswith("static/") or ref in (".", "data:,"), ref
            if ref.startswith("static/"):
                assert (await client.get("/" + ref)).status == 200, ref
        script = await (await client.get("/static/js/textual.js")).text()
        assert "://" not in re.sub(r"http://www\.w3\.org/[\w/]*", "", script)


async def test_the_page_and_its_games_speak_the_language_of_serve(
        tmp_path: Path, fake_game: list[str]) -> None:
    """``serve --lang de``: the page is German, and each page's game is started with the same
    ``--lang``."""
    from peloponnes_tui.serve import session_command

    assert session_command(None, "de").split()[-2:] == ["--lang", "de"]
    set_language("de")
    async with serving(tmp_path, fake_game) as (_server, client):
        page = await (await client.get("/")).text()
    assert '<html lang="de">' in page and "Einen Spielstand von diesem Gerät öffnen" in page
    assert "Open a save" not in page


def test_a_server_of_one_game_says_so_in_the_singular() -> None:
    from peloponnes_tui.webserver import full_text

    assert full_text(1).startswith("This server runs at most 1 game at once, and it is being")
    assert full_text(2).startswith("All 2 games this server runs at once")
    set_language("de")
    assert full_text(1).startswith("Dieser Server betreibt höchstens 1 Spiel gleichzeitig, und")


async def test_a_websocket_address_without_a_websocket_is_a_quiet_400(
        tmp_path: Path, fake_game: list[str], caplog: pytest.LogCaptureFixture) -> None:
    async with serving(tmp_path, fake_game) as (_server, client):
        resp = await client.get("/ws/anything")
        assert resp.status == 400
    assert "Traceback" not in caplog.text and len(caplog.records) <= 1


async def test_the_games_are_capped_with_a_page_that_says_so(
        tmp_path: Path, fake_game: list[str]) -> None:
    async with serving(tmp_path, fake_game, max_games=2) as (server, client):
        late = await page_id(client)  # handed out before the server is full
        first, second = await open_page(client), await open_page(client)
        await until(lambda: len(server.pages) == 2, "two games")
        resp = await client.get("/")
        assert resp.status == 503
        assert "All 2 games this server runs at once are being played" in await resp.text()
        set_language("de")
        german = await (await client.get("/")).text()
        set_language("en")
        assert "All 2 games" not in german and "2" in german
        ws = await client.ws_connect(f"/ws/{late}",
                                     headers={"Origin": f"http://{client.host}:{client.port}"})
        said = await ws.receive_bytes(timeout=30)
        assert b"All 2 games" in said
        assert (await ws.receive(timeout=30)).type in (WSMsgType.CLOSE, WSMsgType.CLOSED)
        assert len(server.pages) == 2
        await first.close()
        await until(lambda: len(server.pages) == 1, "a game ended")
        assert (await client.get("/")).status == 200
        await second.close()


async def test_an_oversized_message_ends_the_page_and_its_game(
        tmp_path: Path, fake_game: list[str]) -> None:
    async with serving(tmp_path, fake_game) as (server, client):
        ws = await open_page(client)
        await until(lambda: len(server.pages) == 1, "a game")
        (page,) = server.pages.values()
        pid = page.game.pid
        assert pid is not None
        await ws.send_json(["stdin", "x" * MESSAGE_MAX])
        msg = await ws.receive(timeout=30)
        assert msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSED)
        assert ws.close_code == WSCloseCode.MESSAGE_TOO_BIG
        await until(lambda: not server.pages and not alive(pid), "the game ended")
        assert not page.folder.exists()


async def test_a_flood_of_messages_ends_the_page(tmp_path: Path, fake_game: list[str]) -> None:
    async with serving(tmp_path, fake_game) as (server, client):
        ws = await open_page(client)
        for _ in range(5000):
            if ws.closed:
                break
            await ws.send_json(["ping", "x"])
        while (await ws.receive(timeout=30)).type == WSMsgType.TEXT:
            pass
        assert ws.close_code == WSCloseCode.POLICY_VIOLATION
        await until(lambda: not server.pages, "the game ended")


async def test_a_busy_game_does_not_outlive_its_page(tmp_path: Path, fake_game: list[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The game neither reads its input nor heeds SIGTERM: it is killed all the same."""
    monkeypatch.setenv("BUSY", "1")
    async with serving(tmp_path, fake_game) as (server, client):
        ws = await open_page(client)
        await until(lambda: len(server.pages) == 1, "a game")
        (page,) = server.pages.values()
        pid = page.game.pid
        assert pid is not None
        await ws.send_json(["stdin", "x" * 60_000])  # unread, as in a swamped process
        await ws.close()
        await until(lambda: not server.pages and not alive(pid), "the busy game ended")
        assert not page.folder.exists()


async def test_a_game_killed_outright_leaves_no_folder(tmp_path: Path,
                                                      fake_game: list[str]) -> None:
    async with serving(tmp_path, fake_game) as (server, client):
        ws = await open_page(client)
        await until(lambda: len(server.pages) == 1, "a game")
        (page,) = server.pages.values()
        assert page.game.pid is not None
        os.kill(page.game.pid, signal.SIGKILL)
        msg = await ws.receive(timeout=30)  # the page is told: closed
        assert msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSED)
        await until(lambda: not server.pages, "the page ended")
        assert not page.folder.exists()


def test_folders_left_by_a_killed_server_are_removed_at_start(tmp_path: Path) -> None:
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    dead = int(gone.stdout)
    assume_gone = not alive(dead)
    stale = tmp_path / f"{FOLDER_PREFIX}{dead}-abc123"
    mine = tmp_path / f"{FOLDER_PREFIX}{os.getpid()}-def456"
    other = tmp_path / f"{FOLDER_PREFIX}{os.getppid()}-ghi789"  # a server still running
    for folder in (stale, mine, other):
        (folder / "config").mkdir(parents=True)
        (folder / "autosave.json").write_text("{}")
    assert remove_stale(tmp_path) == (1 if assume_gone else 0)
    assert stale.exists() is not assume_gone
    assert mine.exists() and other.exists()


def test_a_game_process_writes_its_crash_log_where_it_stays(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    logs = tmp_path / "server-logs"
    server = WebServer(Settings(host="127.0.0.1", port=0, command=["true"], root=tmp_path,
                                logs=logs))
    env = server.environment(tmp_path / f"{FOLDER_PREFIX}1-x", 80, 24)
    assert env[LOG_DIR_ENV] == str(logs)
    monkeypatch.setenv(LOG_DIR_ENV, env[LOG_DIR_ENV])
    monkeypatch.setenv(DATA_DIR_ENV, env[DATA_DIR_ENV])
    written = write_crash_log(RuntimeError("boom"), "test")
    assert written is not None and written.parent == logs
    assert "boom" in written.read_text()


@pytest.mark.parametrize("args, words", [
    (["--host", "bad host"], "cannot listen on bad host port"),
    (["--host", "256.1.1.1"], "cannot listen on 256.1.1.1 port"),
])
def test_an_address_that_cannot_be_used_is_one_line(args: list[str], words: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", *args, "--port", str(free_port())]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and err.count("\n") == 1, err


def test_a_port_in_use_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert f"cannot listen on 127.0.0.1 port {port}" in err and "Traceback" not in err
    assert err.count("\n") == 1, err


@pytest.mark.parametrize("url", ["games.example", "ftp://x.example", "http://"])
def test_a_public_url_must_be_an_address(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--public-url", url]) == 2
    assert "--public-url" in capsys.readouterr().err


def test_sigterm_stops_the_server_and_its_games(tmp_path: Path) -> None:
    """A real server with a real game: SIGTERM ends both (the guard is for a hang only)."""
    port = free_port()
    env = {**os.environ, "TMPDIR": str(tmp_path), "PELOPONNES_BOT_PAUSE": "0"}
    proc = subprocess.Popen([sys.executable, "-m", "peloponnes_tui", "serve", "--port",
                             str(port)], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    try:
        pid = asyncio.run(open_a_real_page(port, tmp_path))
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=15) == 0
        assert not alive(pid)
        assert not list(tmp_path.glob(f"{FOLDER_PREFIX}*"))
        err = proc.stderr.read().decode() if proc.stderr else ""
        assert "Traceback" not in err, err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


async def test_sigterm_while_a_page_is_closing_still_ends_its_game_and_folder(
        tmp_path: Path, fake_game: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The page closes and its game is slow to quit when SIGTERM comes: the server waits for
    that ending too (it used to return at once and leave the game and its folder behind)."""
    import aiohttp

    monkeypatch.setenv("SLOW", "1")
    port = free_port()
    root = tmp_path / "pages"
    root.mkdir()
    settings = Settings(host="127.0.0.1", port=port, command=fake_game, root=root)
    started: list[WebServer] = []
    serving = asyncio.create_task(run(settings, started.append))
    await until(lambda: bool(started) or serving.done(), "the server started")
    (server,) = started
    async with aiohttp.ClientSession() as session:
        page = await (await session.get(f"http://127.0.0.1:{port}/")).text()
        found = re.search(r'const page = "([^"]+)"', page)
        assert found is not None
        ws = await session.ws_connect(f"http://127.0.0.1:{port}/ws/{found.group(1)}",
                                      headers={"Origin": f"http://127.0.0.1:{port}"})
        await until(lambda: len(server.pages) == 1, "a game")
        (opened,) = server.pages.values()
        pid = opened.game.pid
        assert pid is not None
        await ws.close()
        await until(lambda: opened.ending, "the page is ending")
    signal.raise_signal(signal.SIGTERM)  # run()'s handler: the server stops
    await asyncio.wait_for(serving, 30)  # a guard against a hang, not a timing
    assert not alive(pid)
    assert not opened.folder.exists() and not list(root.iterdir())


async def open_a_real_page(port: int, root: Path) -> int:
    """Load the page, open its websocket, wait for the game's first screen; the game's pid."""
    import aiohttp

    loop = asyncio.get_running_loop()
    end = loop.time() + 60
    async with aiohttp.ClientSession() as session:
        while True:
            try:
                page = await (await session.get(f"http://127.0.0.1:{port}/")).text()
                break
            except aiohttp.ClientConnectionError:
                assert loop.time() < end, "the server did not start"
                await asyncio.sleep(0.1)
        found = re.search(r'const page = "([^"]+)"', page)
        assert found is not None
        ws = await session.ws_connect(f"http://127.0.0.1:{port}/ws/{found.group(1)}",
                                      headers={"Origin": f"http://127.0.0.1:{port}"})
        await ws.receive_bytes(timeout=60)  # the game draws
        (folder,) = root.glob(f"{FOLDER_PREFIX}*")
        lock = json.loads((folder / "autosave.lock").read_text()) if (
            folder / "autosave.lock").exists() else None
        # the game process: the one whose environment names this folder
        for status in Path("/proc").glob("[0-9]*/environ"):
            with contextlib.suppress(OSError):
                if f"PELOPONNES_WEB_FOLDER={folder}".encode() in status.read_bytes():
                    return int(status.parent.name)
        assert lock is not None
        return int(lock["pid"])


# -- a browser page opens only its own files -----------------------------------------------------

@pytest.fixture
def web_page(monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> Path:
    """This test as a browser page's game process: its own folder is the data directory."""
    monkeypatch.setenv(WEB_SESSION_ENV, "1")
    return data_dir


@pytest.mark.parametrize("screen_key, screen_type", [("l", LoadScreen), ("w", WatchScreen)])
async def test_a_browser_page_cannot_name_a_server_path(
        cards: CardSet, web_page: Path, screen_key: str, screen_type: type[Any]) -> None:
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press(screen_key)
        await settled(pilot)
        assert isinstance(app.screen, screen_type)
        assert not app.screen.query(Input)  # nowhere to type a path
        for path in ("/etc/shadow", "~", "/root", str(Path.home() / "autosave.json")):
            assert not may_open(Path(path).expanduser())
        assert may_open(web_page / "autosave.json")
        assert may_open(web_page / UPLOADS / "mine.json")
        assert not may_open(web_page / UPLOADS / ".." / ".." / "elsewhere.json")


@pytest.mark.parametrize("screen_key", ["l", "w"])
async def test_a_save_sent_from_the_browser_appears_and_opens(
        cards: CardSet, web_page: Path, screen_key: str) -> None:
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press(screen_key)
        await settled(pilot)
        files = app.screen.query_one("#files", OptionList)
        assert files.option_count == 0
        sent = web_page / UPLOADS
        sent.mkdir()
        (sent / "damaged.json").write_text(damaged_saves(cards)["format"])
        loop = asyncio.get_running_loop()
        end = loop.time() + 30
        while files.option_count == 0:  # the list is looked at again every second
            assert loop.time() < end, "the sent file never appeared"
            await pilot.pause(0.1)
        assert "damaged.json (sent from this device)" in str(files.get_option_at_index(0).prompt)
        await pilot.press("enter")
        await settled(pilot)
        said = str(app.screen.query_one("#error", Static).render())
        assert "damaged.json" in said and str(web_page) not in said and SECRET not in said
        unfinished(cards, False, 1).save(sent / "good.json")
        while files.option_count < 2:
            assert loop.time() < end, "the second file never appeared"
            await pilot.pause(0.1)
        files.highlighted = next(i for i in range(files.option_count)
                                 if "good.json" in str(files.get_option_at_index(i).prompt))
        await pilot.press("enter")
        await settled(pilot)
        assert isinstance(app.screen, BoardScreen if screen_key == "l" else ReplayScreen)


async def test_a_save_is_sent_only_to_its_own_page(tmp_path: Path,
                                                  fake_game: list[str]) -> None:
    async with serving(tmp_path, fake_game) as (server, client):
        ws = await open_page(client)
        await until(lambda: len(server.pages) == 1, "a game")
        ((page_id, page),) = server.pages.items()
        own = f"http://{client.host}:{client.port}"
        evil = await client.post(f"/upload/{page_id}", data=b"{}",
                                 headers={"Origin": "http://evil.example"})
        assert evil.status == 403
        unknown = await client.post("/upload/not-a-page", data=b"{}", headers={"Origin": own})
        assert unknown.status == 404
        huge = await client.post(f"/upload/{page_id}", data=b" " * (UPLOAD_MAX + 10),
                                 headers={"Origin": own})
        assert huge.status == 413
        sent = await client.post(f"/upload/{page_id}", data=b'{"format": 1}', headers={
            "Origin": own, "X-File-Name": "..%2F..%2Fmy%20game.json"})
        assert sent.status == 200
        assert [p.name for p in (page.folder / UPLOADS).iterdir()] == ["my-game.json"]
        await ws.close()
        await until(lambda: not server.pages, "the page ended")
        assert not page.folder.exists()
