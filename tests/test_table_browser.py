"""One table in real browsers: `peloponnes table` with two headless Chromium pages, each the seat
of one person (its page runs `peloponnes join` for it on the host), a `peloponnes join` terminal
client (Pilot) and a computer seat.

The screen is read as in test_browser.py (the bytes the page receives, fed to a terminal
emulator); what was answered is read in the table file. Needs Chromium as test_browser.py does.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import sync_playwright
from test_browser import CHROMIUM_ARGS, WAIT, Screen, chromium, free_port

from peloponnes_tui.cards import load_cards
from peloponnes_tui.crash import LOG_DIR_ENV
from peloponnes_tui.table import Table


@pytest.fixture
def host(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """`peloponnes table` on a free port (Ana, Ben and a computer player); its file and its
    pages' folders under tmp_path."""
    port, path = free_port(), tmp_path / "table.json"
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    env.pop("PELOPONNES_DATA_DIR", None)
    env[LOG_DIR_ENV] = str(tmp_path / "logs")  # no page's process may leave a crash log
    proc = subprocess.Popen([sys.executable, "-m", "peloponnes_tui", "table", "--seats",
                             "Ana,Ben,computer:random", "--seed", "1", "--bot-pause", "0",
                             "--no-qr", "--host", "127.0.0.1", "--port", str(port), "--file",
                             str(path)], env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        end = time.monotonic() + WAIT
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > end:
                    err = proc.stderr.read().decode() if proc.stderr else ""
                    pytest.fail(f"the host did not start: {err}")
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}", path
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def answers(path: Path) -> list[dict[str, object]]:
    return list(json.loads(path.read_text())["answers"])


def person_to_decide(path: Path, allow_over: bool = False,
                     people: tuple[int, ...] = (0, 1)) -> Table:
    """The table as its file holds it, once one of ``people`` decides (the others may be about
    to answer), or the game is over (``allow_over``)."""
    end = time.monotonic() + WAIT
    while True:
        table = Table.resume(path, load_cards())
        prompt = table.session.pending
        if (prompt is not None and prompt.player in people) or (prompt is None and allow_over):
            return table
        assert time.monotonic() < end, "the other seats did not answer"
        time.sleep(0.05)


def test_two_browsers_at_one_table(host: tuple[str, Path]) -> None:
    url, path = host
    table = Table.resume(path, load_cards())  # (read only: the keys and the seats)
    executable = chromium()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            pages, screens = [], []
            for key in table.keys[:2]:
                page = browser.new_page(viewport={"width": 1100, "height": 760})
                screens.append(Screen(page))
                page.goto(f"{url}/table#{key}")
                pages.append(page)
            # a forged link: the page says so, and no process is started for it
            forged = browser.new_page()
            forged.goto(f"{url}/table#{'x' * 24}")
            forged.wait_for_selector("body.-closed", timeout=WAIT * 1000)
            assert "opens no seat" in forged.inner_text("#why")

            # each page plays its own seat: the one deciding has its panel, the other says who
            # decides; Enter takes the suggested bid (legal in the first round)
            played = 0
            while played < 4:
                now = person_to_decide(path)
                prompt = now.session.pending
                assert prompt is not None
                me, other = prompt.player, 1 - prompt.player
                screens[me].wait_for("bid or pass")
                screens[other].wait_for(f"{now.session.seats[me].name} is deciding")
                before = len(answers(path))
                pages[me].locator(".xterm-helper-textarea").focus()
                pages[me].keyboard.press("Enter")
                end = time.monotonic() + WAIT
                while len(answers(path)) == before:
                    assert time.monotonic() < end, screens[me].text()
                    pages[me].wait_for_timeout(50)
                assert answers(path)[before]["kind"] == "place_bid"
                played += 1
                if person_to_decide(path).session.pending.kind != "bid":
                    break  # (the first round's bids are over)
            assert played >= 2
        finally:
            browser.close()


# The title of each decision panel (what the page shows when the decision is its own), and the
# keys that answer it legally without knowing the cards: pass, withdraw, pay when the engine says
# it can be paid (else construction), and the panel's own suggestion for the rest.
TITLES = {"bid": "bid or pass", "outbid": "you were outbid", "build": "new building",
          "catastrophe": "catastrophe", "feed": "feed your inhabitants",
          "complete": "complete your constructions"}


def keys_for(prompt: object) -> list[str]:
    from peloponnes_tui.engine import BuildPrompt

    kind = getattr(prompt, "kind", "")
    if kind == "bid":
        return ["p", "Enter"]
    if kind == "outbid":
        return ["w", "Enter"]
    if isinstance(prompt, BuildPrompt):
        return ["Enter"] if prompt.can_pay else ["u"]
    return ["Enter"]


PILOT_KEYS = {"Enter": "enter"}


class TerminalSeat(threading.Thread):
    """``peloponnes join`` for one seat, driven with Pilot in a thread of its own (the browsers
    are driven by Playwright's synchronous API in the test's thread): it answers each of its own
    decisions as soon as the app shows it, with :func:`keys_for`, until the game is over or
    ``stop`` is set."""

    def __init__(self, link: str) -> None:
        super().__init__(daemon=True)
        self.link = link
        self.stop = threading.Event()
        self.answered = 0
        self.error: BaseException | None = None
        self.saw_scores = False

    def run(self) -> None:
        try:
            asyncio.run(self.play())
        except BaseException as exc:
            self.error = exc

    async def play(self) -> None:
        from peloponnes_tui.tui.join import JoinApp
        from peloponnes_tui.tui.screens.scoring import ScoringScreen

        app = JoinApp(self.link, load_cards())
        async with app.run_test(size=(120, 40)) as pilot:
            while not self.stop.is_set():
                await pilot.pause()
                remote, board = app.remote, app.board
                if remote is None or board is None or app.ws is None:
                    continue
                if isinstance(app.screen, ScoringScreen):
                    self.saw_scores = True
                    return
                prompt = remote.pending
                if (prompt is None or prompt.player != remote.seat or app.sent is not None
                        or board.panel() is None):
                    continue
                await pilot.press(*(PILOT_KEYS.get(k, k) for k in keys_for(prompt)))
                self.answered += 1


def test_a_whole_game_with_two_browsers_a_page_reopened_and_the_host_restarted(
        tmp_path: Path) -> None:
    port, path = free_port(), tmp_path / "table.json"
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    env.pop("PELOPONNES_DATA_DIR", None)
    env[LOG_DIR_ENV] = str(tmp_path / "logs")  # no page's process may leave a crash log
    args = [sys.executable, "-m", "peloponnes_tui", "table", "--bot-pause", "0", "--no-qr",
            "--host", "127.0.0.1", "--port", str(port), "--file", str(path)]

    def start(*more: str) -> subprocess.Popen[bytes]:
        proc = subprocess.Popen([*args, *more], env=env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        end = time.monotonic() + WAIT
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return proc
            except OSError:
                assert proc.poll() is None and time.monotonic() < end, "the host did not start"
                time.sleep(0.1)

    url = f"http://127.0.0.1:{port}"
    host = start("--seats", "Ana,Ben,Cleo,computer:random", "--seed", "3")
    table = Table.resume(path, load_cards())
    executable = chromium()
    cleo = TerminalSeat(f"{url}/table#{table.keys[2]}")  # Cleo plays in a terminal
    cleo.start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
            try:
                pages: list[Any] = [None, None]
                screens: list[Any] = [None, None]

                def open_seat(seat: int) -> None:
                    if pages[seat] is not None:
                        pages[seat].close()
                    page = browser.new_page(viewport={"width": 1300, "height": 800})
                    screens[seat] = Screen(page)
                    page.goto(f"{url}/table#{table.keys[seat]}")
                    pages[seat] = page

                open_seat(0)
                open_seat(1)
                reopened = restarted = False
                for _ in range(400):
                    now = person_to_decide(path, allow_over=True, people=(0, 1))
                    prompt = now.session.pending
                    if prompt is None:
                        break
                    turn = now.turn
                    if turn >= 8 and not reopened:  # Ben's page closes and opens again
                        reopened = True
                        open_seat(1)
                    if turn >= 16 and not restarted:  # the host dies and comes back
                        restarted = True
                        host.kill()
                        host.wait(10)
                        host = start()
                        open_seat(0)
                        open_seat(1)
                    me = prompt.player
                    screens[me].wait_for(TITLES[prompt.kind])
                    pages[me].locator(".xterm-helper-textarea").focus()
                    for key in keys_for(prompt):
                        pages[me].keyboard.press(key)
                    end = time.monotonic() + WAIT
                    while len(answers(path)) == turn:
                        assert time.monotonic() < end, screens[me].text()
                        pages[me].wait_for_timeout(20)
                else:
                    raise AssertionError("the game did not end")
                assert reopened and restarted, turn
                done = Table.resume(path, load_cards())
                assert done.session.over and len(done.session.scores) == 4
                for screen in screens:
                    screen.wait_for("Final scoring")
            finally:
                browser.close()
        cleo.join(WAIT)
        assert cleo.error is None, cleo.error
        assert cleo.saw_scores and cleo.answered > 5
        # a page closed and the host killed: no page's process took it for a crash
        assert not (tmp_path / "logs").exists() or list((tmp_path / "logs").iterdir()) == []
    finally:
        cleo.stop.set()
        host.terminate()
        host.wait(10)
