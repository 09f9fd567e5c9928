"""Bench of the Textual app.

    .venv/bin/python bench/tui.py [--runs 5] [--presses 40]

1. Cold start: a fresh interpreter imports and starts ``peloponnes`` until the start screen is
   ready for keys, against a bare Textual app that shows one label (median of --runs, and the
   ratio).
2. Key press → screen updated: on the board of a 5-player game at 120×40, the time from a key
   press that changes the decision panel (picking another card, which re-suggests the coins)
   until the screen has been refreshed; p50 and p95 over --presses.  The same loop on a bare
   Textual app whose key press changes one label gives the floor of this measurement (the
   pilot's own waiting for the screen to settle).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BARE = """
import time
t0 = time.perf_counter()
from textual.app import App
from textual.widgets import Label
class Bare(App):
    def compose(self):
        yield Label("hello")
    def on_mount(self):
        self.call_after_refresh(self.exit)
Bare().run(headless=True, size=(120, 40))
"""

PELOPONNES = """
import time
t0 = time.perf_counter()
from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.screens.start import StartScreen
class Timed(PeloponnesApp):
    def on_mount(self):
        super().on_mount()
        self.set_interval(0.001, self.check)
    def check(self):
        if isinstance(self.screen, StartScreen) and self.screen.query("#new"):
            self.exit()
Timed(bot_pause=0).run(headless=True, size=(120, 40))
"""


def cold(code: str, runs: int) -> float:
    times = []
    env = dict(os.environ, PELOPONNES_DATA_DIR=tempfile.mkdtemp(prefix="pel-bench-"))
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def watch_refreshes() -> list[float]:
    """Patch Textual so every compositor refresh (the screen written out) is timestamped."""
    from textual.screen import Screen

    stamps: list[float] = []
    original = Screen._compositor_refresh

    def stamped(self: Screen) -> None:  # type: ignore[type-arg]
        original(self)
        stamps.append(time.perf_counter())

    Screen._compositor_refresh = stamped  # type: ignore[method-assign]
    return stamps


async def timed_press(pilot, key: str, stamps: list[float]) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """(key → first screen refresh after it, key → pilot settled) in seconds."""
    t = time.perf_counter()
    await pilot.press(key)
    await pilot.pause()
    settled = time.perf_counter() - t
    after = [x for x in stamps if x > t]
    return (after[0] - t if after else settled), settled


async def presses(n: int) -> list[tuple[float, float]]:
    sys.path.insert(0, str(ROOT))
    os.environ["PELOPONNES_DATA_DIR"] = tempfile.mkdtemp(prefix="pel-bench-")
    from peloponnes_tui.cards import load_cards
    from peloponnes_tui.engine import BidPrompt
    from peloponnes_tui.tui.app import PeloponnesApp
    from peloponnes_tui.tui.testing import session_at

    cards = load_cards()
    session = session_at(cards, 5, lambda p: isinstance(p, BidPrompt) and len(p.targets) >= 3,
                         seed=7, min_round=2)
    app = PeloponnesApp(cards=cards, bot_pause=0)
    stamps = watch_refreshes()
    out: list[tuple[float, float]] = []
    async with app.run_test(size=(120, 40)) as pilot:
        app.set_session(session)
        await pilot.pause()
        for i in range(n):
            out.append(await timed_press(pilot, str(1 + i % 3), stamps))
    return out


async def bare_presses(n: int) -> list[tuple[float, float]]:
    from textual.app import App, ComposeResult
    from textual.widgets import Label

    class Bare(App[None]):
        def compose(self) -> ComposeResult:
            yield Label("0", id="n")

        def on_key(self) -> None:
            label = self.query_one("#n", Label)
            label.update(str(int(str(label.render())) + 1))

    out: list[tuple[float, float]] = []
    app = Bare()
    stamps = watch_refreshes()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for i in range(n):
            out.append(await timed_press(pilot, str(1 + i % 3), stamps))
    return out


def pct(lat: list[float]) -> tuple[float, float]:
    lat = sorted(lat)
    return lat[len(lat) // 2], lat[min(len(lat) - 1, int(len(lat) * 0.95))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--presses", type=int, default=40)
    args = ap.parse_args()
    bare = cold(BARE, args.runs)
    pel = cold(PELOPONNES, args.runs)
    print(f"cold start, bare Textual app : {bare * 1000:7.0f} ms (median of {args.runs})")
    print(f"cold start, peloponnes       : {pel * 1000:7.0f} ms (median of {args.runs})")
    print(f"ratio                        : {pel / bare:7.2f}")
    for label, runs in (("peloponnes, 5 players", presses(args.presses)),
                        ("bare Textual app     ", bare_presses(args.presses))):
        got = asyncio.run(runs)
        r50, r95 = pct([x[0] for x in got])
        s50, s95 = pct([x[1] for x in got])
        print(f"key press, {label} (120×40, {len(got)} presses): "
              f"screen written p50 {r50 * 1000:.0f} / p95 {r95 * 1000:.0f} ms; "
              f"pilot settled p50 {s50 * 1000:.0f} / p95 {s95 * 1000:.0f} ms")


if __name__ == "__main__":
    main()
