"""Bench of the Textual app (run by hand; nothing here is a test).

    .venv/bin/python bench/tui.py [--runs 5] [--seed 3] [--games 1] [--no-cold] [--profile FILE]
                                  [--think 0.4]

1. Cold start: a fresh interpreter imports and starts ``peloponnes`` until the start screen is
   ready for keys, against the bare Textual app of 3. and one that shows one label, both from
   ``bench/_bare.py`` (median of --runs, and the ratios).
2. Keys over a whole game: 5 players, all people, at 120×40 (no hand-off cover: one person
   plays every seat).  Every answer is given by key presses, the keys a hurried player presses
   (``bench/_keys.key_for``: Enter, or p/w then Enter, or u); before each bid and outbid the
   digit keys go through the cards on offer and back to the suggested one.  The app runs under
   ``App.run_test(headless=False)`` with a driver of the bench's own (a subclass of Textual's
   public ``textual.driver.Driver``, given as the app's ``driver_class``): Textual turns every
   frame into the bytes for the terminal, as with a real terminal, and hands them to the
   driver's ``write``, which counts them and stamps their time; a key goes in through the
   driver's ``process_message``, as a real driver sends what it reads from the terminal.  Each
   key is timed from that moment to the last write after which the output stays quiet for
   30 ms and ``Pilot.pause`` (the app and the screen's widgets have handled their messages)
   brings no more.  p50, p95 and max for answering keys (the key that gives an answer), for
   p/w (which only choose to pass or withdraw) and for digit keys.  Before each decision's keys
   the bench waits --think seconds (0.4 by default), as a player reads the screen: the board
   collects its garbage in such pauses (``tui/heap.py``), as it does in a real game.
   With --profile, the answering keys run under cProfile (the rest does not): the statistics
   go to FILE (``python -m pstats FILE``) and the functions that took the most time of their
   own are printed.  The profile includes the 30 ms of quiet after each answer (``select``) and
   cProfile's own cost; compare functions with each other, not with the times above.
   With --games N, N whole games (seeds --seed to --seed+N-1), each followed by the bare app
   below; every key of all of them is counted together (the p95 of 83 answering keys is
   decided by its 5 slowest, and moves with the machine's speed from one run to the next).
3. The same measurement on a bare Textual app with a comparable screen (``bench/_bare.py``: a
   board of three rich tables, a decision line, a footer): an "answer" key rewrites the board
   and the decision line, a digit key the decision line only; the floor Textual itself sets for
   these updates.

Only public Textual API: the driver base class, ``App.driver_class``, ``run_test``, ``Pilot``.
``bench/terminal.py`` measures the same in a real terminal (tmux).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from textual import events
from textual.app import App
from textual.driver import Driver
from textual.geometry import Size
from textual.pilot import Pilot

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this tree's package, whatever is installed

BARE = [str(ROOT / "bench" / "_bare.py"), "label", "--headless-exit"]
TABLES = [str(ROOT / "bench" / "_bare.py"), "tables", "--headless-exit"]

PELOPONNES = """
import time
t0 = time.perf_counter()
from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.screens.start import StartScreen
import inspect, pathlib
class Timed(PeloponnesApp):
    # a relative CSS_PATH is looked up beside the file of the app's class: this one has none
    CSS_PATH = str(pathlib.Path(inspect.getfile(PeloponnesApp)).with_name("app.tcss"))
    def on_mount(self):
        super().on_mount()
        self.set_interval(0.001, self.check)
    def check(self):
        if isinstance(self.screen, StartScreen) and self.screen.query("#new"):
            self.exit()
Timed(bot_pause=0).run(headless=True, size=(120, 40))
"""

QUIET = 0.030  # seconds without a frame or pending update: the screen has settled
THINK = 0.4  # seconds a player looks at the screen before the keys of the next decision


def cold(argv: list[str], runs: int) -> float:
    """Median seconds of ``runs`` runs of ``python ARGV`` to their end."""
    times = []
    env = dict(os.environ, PELOPONNES_DATA_DIR=tempfile.mkdtemp(prefix="pel-bench-"),
               PELOPONNES_CONFIG_DIR=tempfile.mkdtemp(prefix="pel-bench-"))
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, *argv], check=True, cwd=ROOT, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


class BenchDriver(Driver):
    """A terminal driver without a terminal: what Textual writes for the terminal is counted
    and stamped (wall clock and the process's CPU time), and keys go in as a real driver sends
    them.  The driver of the app started last is :attr:`latest`."""

    latest: ClassVar[BenchDriver | None] = None

    def __init__(self, app: App[Any], *, debug: bool = False, mouse: bool = True,
                 size: tuple[int, int] | None = None) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self.size = size or (120, 40)
        self.stamps: list[float] = []
        self.cpu: list[float] = []  # the process's CPU time at each write
        self.bytes = 0
        BenchDriver.latest = self

    def write(self, data: str) -> None:
        if data:
            self.bytes += len(data.encode())
            self.stamps.append(time.perf_counter())
            self.cpu.append(time.process_time())

    def start_application_mode(self) -> None:
        size = Size(*self.size)
        self.send_message(events.Resize(size, size))

    def disable_input(self) -> None:
        pass

    def stop_application_mode(self) -> None:
        pass

    def press(self, key: str) -> None:
        char = key if len(key) == 1 else ("\r" if key == "enter" else None)
        self.process_message(events.Key(key, char))


AppT = TypeVar("AppT", bound=App[Any])


def driven(app: AppT) -> AppT:
    """``app`` with the bench's driver, for ``run_test(headless=False)``."""
    app.driver_class = BenchDriver
    return app


def driver() -> BenchDriver:
    if BenchDriver.latest is None:
        raise RuntimeError("no app has started with the bench's driver")
    return BenchDriver.latest


async def timed_key(pilot: Pilot[Any], key: str, profile: cProfile.Profile | None = None
                    ) -> tuple[float, float]:
    """Seconds from the key reaching the app to the last write of the settled screen: wall
    clock, and the process's CPU time (which other work on the machine does not lengthen);
    under ``profile`` when one is given."""
    out = driver()
    n = len(out.stamps)
    if profile is not None:
        profile.enable()
    c0 = time.process_time()
    t0 = time.perf_counter()
    out.press(key)
    quiet_since = time.perf_counter()
    seen = n
    while True:
        await asyncio.sleep(0.001)
        now = time.perf_counter()
        if len(out.stamps) != seen:
            seen = len(out.stamps)
            quiet_since = now
        elif now - quiet_since >= QUIET:
            await pilot.pause()  # every message handled: an update still to come shows now
            if len(out.stamps) == seen:
                break
    if profile is not None:
        profile.disable()
    if seen == n:
        raise RuntimeError(f"key {key!r} changed nothing on the screen")
    return out.stamps[seen - 1] - t0, out.cpu[seen - 1] - c0


Times = dict[str, list[tuple[float, float]]]


async def whole_game(seed: int, profile: cProfile.Profile | None = None, think: float = THINK
                     ) -> tuple[Times, int, int]:
    os.environ["PELOPONNES_DATA_DIR"] = tempfile.mkdtemp(prefix="pel-bench-")
    os.environ["PELOPONNES_CONFIG_DIR"] = tempfile.mkdtemp(prefix="pel-bench-")
    from bench._keys import key_for
    from peloponnes_tui.cards import load_cards
    from peloponnes_tui.tui.app import PeloponnesApp
    from peloponnes_tui.tui.screens.round_over import RoundOverScreen
    from peloponnes_tui.tui.session import Session, default_seats
    from peloponnes_tui.tui.widgets.bid_panels import CardChoice

    cards = load_cards()
    session = Session.new(default_seats(5, humans=5), seed, cards, privacy=False)
    app = driven(PeloponnesApp(cards=cards, bot_pause=0))
    out: Times = {"answer": [], "choose": [], "digit": [], "round end": []}
    async with app.run_test(headless=False, size=(120, 40)) as pilot:
        app.set_session(session)
        await pilot.pause()
        while session.pending is not None:
            await asyncio.sleep(think)  # the player reads the board and the panel
            board = app.board
            panel = board.panel() if board is not None else None
            if panel is None:
                raise RuntimeError("no decision panel on the board")
            if isinstance(panel, CardChoice):
                offer = panel.offer()
                back = offer.index(panel.card) + 1 if panel.card in offer else None
                if back is not None:  # through the cards on offer and back to the suggestion
                    for n in [*range(1, min(len(offer), 9) + 1), back]:
                        out["digit"].append(await timed_key(pilot, str(n)))
            turn = session.turn
            keys = key_for(panel)
            for i, key in enumerate(keys):
                answering = i == len(keys) - 1
                out["answer" if answering else "choose"].append(
                    await timed_key(pilot, key, profile if answering else None))
            if session.turn == turn:
                raise RuntimeError(f"{keys} gave no answer")
            if isinstance(app.screen, RoundOverScreen):  # the table reads the round's end
                await asyncio.sleep(think)
                out["round end"].append(await timed_key(pilot, "enter"))
        written = driver()
    return out, len(written.stamps), written.bytes


async def bare_game(answers: int, digits: int, think: float = THINK) -> Times:
    from bench._bare import Tables

    app = driven(Tables())
    out: Times = {"answer": [], "digit": []}
    async with app.run_test(headless=False, size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(answers):
            await asyncio.sleep(think)
            out["answer"].append(await timed_key(pilot, "enter"))
        for i in range(digits):
            out["digit"].append(await timed_key(pilot, str(1 + i % 3)))
    return out


def quantiles(xs: list[float]) -> tuple[float, float, float]:
    """p50, p95 and max of seconds, in ms."""
    xs = sorted(x * 1000 for x in xs)
    return xs[len(xs) // 2], xs[min(len(xs) - 1, int(len(xs) * 0.95))], xs[-1]


def pct(times: list[tuple[float, float]]) -> str:
    wall, cpu = quantiles([t[0] for t in times]), quantiles([t[1] for t in times])
    return (f"{wall[0]:6.1f} {wall[1]:6.1f} {wall[2]:6.1f}   "
            f"{cpu[0]:6.1f} {cpu[1]:6.1f} {cpu[2]:6.1f}   {len(times):4d}")


def p50_p95(times: list[tuple[float, float]]) -> str:
    wall = quantiles([t[0] for t in times])
    return f"{wall[0]:.1f} / {wall[1]:.1f} ms"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5, help="cold starts of each app")
    ap.add_argument("--seed", type=int, default=3, help="the (first) game's seed")
    ap.add_argument("--games", type=int, default=1,
                    help="whole games to play, seeds --seed, --seed+1, …; each followed by the "
                         "bare app, and every key of all of them counted together")
    ap.add_argument("--no-cold", action="store_true", help="skip the cold starts")
    ap.add_argument("--profile", metavar="FILE",
                    help="profile the answering keys (cProfile) into FILE")
    ap.add_argument("--think", type=float, default=THINK, metavar="SECONDS",
                    help="the pause before each decision's keys, as a player reads the screen "
                         f"(default {THINK}; the board collects its garbage then)")
    args = ap.parse_args()
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, "
          f"{os.cpu_count()} cores")
    if not args.no_cold:
        bare = cold(BARE, args.runs)
        tables = cold(TABLES, args.runs)
        pel = cold(["-c", PELOPONNES], args.runs)
        print(f"cold start, bare app, one label    : {bare * 1000:7.0f} ms (median of {args.runs})")
        print(f"cold start, bare app, three tables : {tables * 1000:7.0f} ms")
        print(f"cold start, peloponnes             : {pel * 1000:7.0f} ms")
        print(f"ratio to three tables / one label  : {pel / tables:7.2f} / {pel / bare:.2f}")
    profile = cProfile.Profile() if args.profile else None
    game: Times = {"answer": [], "choose": [], "digit": [], "round end": []}
    floor: Times = {"answer": [], "digit": []}
    frames = sent = 0
    seeds = range(args.seed, args.seed + args.games)
    for seed in seeds:  # each game, then the bare app for as many keys: the same machine
        one, n, size = asyncio.run(whole_game(seed, profile, args.think))
        other = asyncio.run(bare_game(len(one["answer"]), len(one["digit"]), args.think))
        frames, sent = frames + n, sent + size
        for kind in game:
            game[kind] += one[kind]
        for kind in floor:
            floor[kind] += other[kind]
        if args.games > 1:
            print(f"  seed {seed}: answering key, wall p50 / p95: {p50_p95(one['answer'])}; "
                  f"bare Textual {p50_p95(other['answer'])}")
    which = f"seed {args.seed}" if args.games == 1 else \
        f"{args.games} games, seeds {seeds[0]}–{seeds[-1]}, every key"
    print(f"whole 5-player game at 120×40, {which}: key → screen settled, in ms "
          f"({frames} frames, {sent / 1e6:.1f} MB for the terminal)")
    print("                                wall clock            CPU time          keys")
    print("                               p50    p95    max     p50    p95    max")
    print(f"  peloponnes, answering key     {pct(game['answer'])}")
    print(f"  peloponnes, p/w (choose)      {pct(game['choose'])}")
    print(f"  peloponnes, digit key         {pct(game['digit'])}")
    print(f"  peloponnes, Enter, round end  {pct(game['round end'])}")
    print(f"  bare Textual, 'answer' key    {pct(floor['answer'])}")
    print(f"  bare Textual, digit key       {pct(floor['digit'])}")
    if profile is not None:
        import pstats

        profile.dump_stats(args.profile)
        print(f"\nanswering keys under cProfile ({args.profile}), by time of their own:")
        pstats.Stats(args.profile).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
