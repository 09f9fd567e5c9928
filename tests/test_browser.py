"""The game in a real browser: `peloponnes serve`, driven in headless Chromium with Playwright.

The page draws the terminal on a canvas, so the test reads the screen the way the page does: it
feeds the bytes the page receives over its websocket into a terminal emulator (pyte) and looks
for text there; a mouse click goes to the character cell where that text is. What the game did is
checked in its autosave, inside the browser session's own data directory.

This test needs Chromium or Chrome: ``PELOPONNES_CHROMIUM``, else the first of the places listed
in ``.ci/browsers`` (Debian's ``chromium``, ``chromium-browser``, ``google-chrome``, Playwright's
download), the list ``.ci/chromium`` reads before it installs Debian's package.  Without one it
is skipped, with the reason, except under ``CI=true``: there it fails and says what is missing.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyte
import pytest
from playwright.sync_api import Page, WebSocket, sync_playwright
from support import BROWSERS, CHROMIUM_ENV, chromium_path, screen_lines

# Flags for a closed network (no background requests, no sandbox as root in CI).
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
WAIT = 60.0  # seconds: a guard against a hang, not a timing assertion


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


def chromium() -> str:
    path = chromium_path()
    if path is None:
        why = (f"no Chromium or Chrome found (looked where {BROWSERS.name} in .ci says; "
               f"sh .ci/chromium installs Debian's, or set {CHROMIUM_ENV})")
        if in_ci():
            pytest.fail(f"{why}; CI=true: the browser test must run")
        pytest.skip(why)
    if not Path(path).is_file():
        pytest.fail(f"no Chromium at {path} ({CHROMIUM_ENV})")
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """`peloponnes serve` on a free port; its browser sessions' folders go under tmp_path."""
    port = free_port()
    env = {**os.environ, "TMPDIR": str(tmp_path), "PELOPONNES_BOT_PAUSE": "0"}
    env.pop("PELOPONNES_DATA_DIR", None)
    proc = subprocess.Popen([sys.executable, "-m", "peloponnes_tui", "serve", "--port", str(port)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        end = time.monotonic() + WAIT
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > end:
                    err = proc.stderr.read().decode() if proc.stderr else ""
                    pytest.fail(f"the server did not start: {err}")
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}", tmp_path
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


class Screen:
    """The terminal as the page shows it, rebuilt from what the page receives."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.screen: pyte.Screen | None = None
        self.stream: pyte.ByteStream | None = None
        page.on("websocket", self._opened)

    def _opened(self, ws: WebSocket) -> None:
        size = re.search(r"width=(\d+)&height=(\d+)", ws.url)
        assert size is not None, ws.url
        self.screen = pyte.Screen(int(size.group(1)), int(size.group(2)))
        self.stream = pyte.ByteStream(self.screen)
        ws.on("framereceived", self._received)

    def _received(self, payload: str | bytes) -> None:
        if isinstance(payload, bytes) and self.stream is not None:  # text frames are pings
            self.stream.feed(payload)

    def text(self) -> str:
        return "\n".join(screen_lines(self.screen)) if self.screen is not None else ""

    def wait_for(self, needle: str) -> None:
        end = time.monotonic() + WAIT
        while needle not in self.text():
            if time.monotonic() > end:
                raise AssertionError(f"{needle!r} never appeared; the screen:\n{self.text()}")
            self.page.wait_for_timeout(50)

    def click(self, needle: str, dx: int = 0, row: str = "") -> None:
        """A mouse click on the first character of ``needle`` (plus ``dx`` cells), on the first
        line that holds it (and ``row``)."""
        assert self.screen is not None
        found = [(line.index(needle) + dx, y) for y, line in enumerate(screen_lines(self.screen))
                 if needle in line and row in line]
        if not found:
            raise AssertionError(f"{needle!r} is not on the screen:\n{self.text()}")
        x, y = found[0]
        box = self.page.locator(".xterm-screen").bounding_box()
        assert box is not None
        cell_w, cell_h = box["width"] / self.screen.columns, box["height"] / self.screen.lines
        self.page.mouse.click(box["x"] + (x + 0.5) * cell_w, box["y"] + (y + 0.5) * cell_h)


def autosaved_answers(root: Path) -> list[dict[str, object]]:
    sessions = list(root.glob("peloponnes-web-*"))
    assert len(sessions) == 1, sessions  # one page, one private data directory
    save = sessions[0] / "autosave.json"
    return list(json.loads(save.read_text())["answers"]) if save.exists() else []


def saved_answers(page: Any, root: Path, count: int) -> list[dict[str, object]]:
    """The autosaved answers once there are ``count`` of them (the autosave follows the frame
    that shows an answer), or as they are after WAIT seconds."""
    end = time.monotonic() + WAIT
    while len(answers := autosaved_answers(root)) < count and time.monotonic() < end:
        page.wait_for_timeout(50)
    return answers


def test_a_game_in_the_browser(server: tuple[str, Path]) -> None:
    url, root = server
    executable = chromium()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1100, "height": 760})
            screen = Screen(page)
            page.goto(url)
            screen.wait_for("the card game")  # the start screen
            page.locator(".xterm-helper-textarea").focus()

            # a new game with a fixed seed: the default table has two people and a computer
            page.keyboard.press("n")
            screen.wait_for("Start game")
            screen.click("random", row="Seed")  # the mouse puts the cursor in the seed field
            page.keyboard.type("1")
            screen.wait_for("Seed         1 ")
            page.keyboard.press("Control+g")

            # the first player's turn, behind the hand-off cover; a bid with the keyboard
            screen.wait_for("show my hand")
            page.keyboard.press("Enter")
            screen.wait_for("bid or pass")
            page.keyboard.press("Enter")  # the suggested bid is legal in the first round
            screen.wait_for("show my hand")
            answers = saved_answers(page, root, 1)
            assert [a["kind"] for a in answers] == ["place_bid"]
            first = answers[0]

            # the second player does everything with the mouse: the cover's button, a card, the
            # wood coin card added to the bid, and Confirm
            screen.click("show my hand")
            screen.wait_for("bid or pass")
            screen.click(" a ", row="Coin cards:")  # one more coin card
            screen.click("2 River Valley")
            screen.wait_for("Bid 3 coin cards on River Valley")
            screen.click(" Confirm ")
            # (the computer player may already have bid after them)
            answers = saved_answers(page, root, 2)[:2]
            assert answers[0] == first
            assert answers[1]["kind"] == "place_bid"
            assert answers[1]["card"] == "river-valley"
            assert len(answers[1]["coins"]) == 3  # type: ignore[arg-type]

            # saving hands the game to the browser as a download; nothing is written on the
            # server's disk but the page's own folder: its autosave, the lock that says this page
            # owns it, and the page's settings (the New game choices)
            with page.expect_download(timeout=WAIT * 1000) as download:
                page.keyboard.press("Control+s")
            saved = json.loads(Path(download.value.path()).read_text())
            # the game as it stood (the computer player may move on meanwhile)
            assert saved["answers"][:2] == answers
            later = saved_answers(page, root, len(saved["answers"]))
            assert later[:len(saved["answers"])] == saved["answers"]
            assert download.value.suggested_filename.endswith(".json")
            session = next(root.glob("peloponnes-web-*"))
            files = sorted(str(p.relative_to(session)) for p in session.rglob("*") if p.is_file())
            assert files == ["autosave.json", "autosave.lock", "config/settings.json"]
        finally:
            browser.close()


def test_the_browser_is_found_where_the_list_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                  ) -> None:
    """The newest of Playwright's downloads, after the commands on PATH; the variable first."""
    import support

    for revision in ("1100", "1200"):
        chrome = tmp_path / f"ms-playwright/chromium-{revision}/chrome-linux/chrome"
        chrome.parent.mkdir(parents=True)
        chrome.write_text("#!/bin/sh\n")
        chrome.chmod(0o755)
    listed = tmp_path / "browsers"
    listed.write_text(f"# comment\nno-such-browser-here\n\n{tmp_path}/nothing\n"
                      f"{tmp_path}/ms-playwright/chromium-*/chrome-linux/chrome\n")
    monkeypatch.setattr(support, "BROWSERS", listed)
    monkeypatch.delenv(CHROMIUM_ENV, raising=False)
    assert chromium_path() == str(chrome)
    monkeypatch.setenv(CHROMIUM_ENV, "/my/chrome")
    assert chromium_path() == "/my/chrome"


@pytest.mark.parametrize("ci", ["", "true"])
def test_no_browser_skips_except_in_ci(ci: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(globals(), "chromium_path", lambda: None)
    monkeypatch.setenv("CI", ci)
    outcome = pytest.fail.Exception if ci else pytest.skip.Exception
    with pytest.raises(outcome, match="no Chromium or Chrome found"):
        chromium()
