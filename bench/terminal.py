"""Bench of the real ``peloponnes`` program in a real terminal, tmux (run by hand; not a test).

    .venv/bin/python bench/terminal.py [--size 120x40] [--games 1] [--seed 3]
                                       [--only game|replay|demo|cold] [--runs 5] [--steps 120]

Every program runs in its own tmux session (``new-session -d -x W -y H``) of a tmux server of
its own (``tmux -L``, no configuration file, TERM tmux-256color, COLORTERM truecolor), in the
language en, with settings and saves in temporary folders.  The bytes a program writes to its
terminal come to the bench through ``pipe-pane``, each chunk stamped when it arrives; keys go in
with ``send-keys`` through one tmux control-mode client (a command reaches the server in well
under a millisecond, where starting a ``tmux`` client takes 2-3 ms).

A key is timed from the moment ``send-keys`` is written to the moment of the last byte of the
program's answer: after the first byte, the output must stay quiet for --quiet ms (30 by
default) while the program uses (almost) no CPU, else the bench waits on.  The CPU time of the
program for the key (all its threads, from ``/proc/PID/task/*/schedstat``, or
``/proc/PID/stat`` utime+stime where that is missing) is counted over the same span.

Side by side, in the same run, a bare Textual app of comparable size (a board of three Rich
tables, a decision line, a footer: ``bench/_bare.py``, the app the headless bench
``bench/tui.py`` uses, run as a script of its own the same way): an "answer" key (Enter)
rewrites the board and the decision line, a digit key the decision line only.  The two
alternate key by key: the game's keys of a decision, then the bare app's keys for them.

``--only game``: whole 5-player games (seeds --seed, --seed+1, ...), all seats people and one
person playing them all (no hand-off cover: the game is written as the autosave with privacy
off and started with ``peloponnes --resume``).  Before each decision the bench waits --think
seconds, as a player reads the screen, then presses the keys a hurried player presses (Enter,
or p/w then Enter, or u; see ``bench/_keys.py``), decided from the game state in the autosave;
before each bid and outbid the digit keys go through the cards on offer and back to the
suggested one.  p50/p95/max for answering keys, for p/w (which only choose) and for digit keys;
and the programs' resident memory (VmRSS, and its peak VmHWM) after the game.

``--only cold``: cold start, from the key that makes the waiting shell ``exec`` the program to
the last byte of the first full screen (output quiet for 300 ms; the screen's text is checked),
of ``peloponnes`` (the start screen), the three-table bare app and a one-label app: median of
--runs, alternating, and the ratios.

``--only replay`` / ``--only demo``: stepping the replay viewer (``peloponnes replay FILE`` on a
finished 5-player game between computer players, key →) and the narrated demonstration of a
whole game (``peloponnes demo --bots ...``, key Space), --steps steps each, alternating with the
bare app's answer key.

Without --only, all four; without --size, at 120×40 and at 80×24.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from peloponnes_tui.tui.session import Session

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this tree's package, whatever is installed

QUIET = 0.030  # seconds without output (and nearly without CPU) after a key: the answer is done
COLD_QUIET = 0.300  # the same after a cold start, which may pause between its first frames
KEY_LIMIT = 10.0  # seconds to wait for a key's first byte
STEP_LIMIT = 2.0  # ... for a step of the replay or the demo (none: the last step was reached)
THINK = 0.4  # seconds a player looks at the screen before the keys of a decision
BUSY_SHARE = 0.10  # the program counts as busy while it uses more CPU than this share of the time

# -- the terminal -------------------------------------------------------------------------------

class Tmux:
    """A tmux server of the bench's own, and a control-mode client to send keys through."""

    def __init__(self) -> None:
        if shutil.which("tmux") is None:
            raise SystemExit("bench/terminal.py needs tmux (apt-get install tmux)")
        self.name = f"tmuxbench-{os.getpid()}"
        self.cmd = ["tmux", "-L", self.name, "-f", os.devnull]
        self.control = subprocess.Popen(
            [*self.cmd, "-C", "new-session", "-s", f"{self.name}-ctl", "--", "sleep", "1000000"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        self.done = threading.Event()
        self.errors: list[str] = []
        threading.Thread(target=self._replies, daemon=True).start()
        self.command("set-option -g default-terminal tmux-256color")
        self.command("set-option -g history-limit 0")
        self.version = self.run("-V").strip()

    def _replies(self) -> None:
        assert self.control.stdout is not None
        for raw in self.control.stdout:
            line = raw.decode(errors="replace")
            if line.startswith("%error"):
                self.errors.append(line)
            if line.startswith(("%end", "%error")):
                self.done.set()

    def command(self, line: str) -> None:
        """One tmux command through the control client, returning once tmux has done it."""
        assert self.control.stdin is not None
        self.done.clear()
        self.control.stdin.write(line.encode() + b"\n")
        if not self.done.wait(5):
            raise RuntimeError(f"tmux did not answer {line!r}")
        if self.errors:
            raise RuntimeError(f"tmux refused {line!r}: {self.errors.pop()}")

    def run(self, *args: str) -> str:
        return subprocess.run([*self.cmd, *args], check=True, capture_output=True,
                              text=True).stdout

    def close(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self.run("kill-server")
        self.control.wait(5)
        socket = Path(os.environ.get("TMUX_TMPDIR", "/tmp"), f"tmux-{os.getuid()}", self.name)
        with contextlib.suppress(OSError):
            socket.unlink()  # the server is gone; its socket file may stay behind


def cpu_seconds(pid: int) -> float:
    """CPU time of every thread of ``pid`` so far (nanoseconds from schedstat; else ticks)."""
    total = 0
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                total += int(f.read().split()[0])
        if total:
            return total / 1e9
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError):
        return 0.0


def memory_mb(pid: int) -> tuple[float, float]:
    """VmRSS and VmHWM (its peak) of ``pid``, in MB."""
    values = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(rest.split()[0]) / 1024
    return values.get("VmRSS", 0.0), values.get("VmHWM", 0.0)


@dataclass
class Answer:
    """One key: seconds to the last byte of its answer, CPU seconds, bytes (0: no answer)."""

    wall: float
    cpu: float
    size: int
    chunks: tuple[tuple[float, int], ...] = ()  # (seconds after the key, bytes) as read


class Pane:
    """A program in a tmux session of its own, waiting for :meth:`start`; its output is read
    through ``pipe-pane`` and stamped as it arrives."""

    def __init__(self, tmux: Tmux, name: str, argv: Sequence[str], env: dict[str, str],
                 size: tuple[int, int], folder: Path) -> None:
        self.tmux = tmux
        self.name = f"{tmux.name}-{name}"
        self.fifo = folder / f"{name}.fifo"
        os.mkfifo(self.fifo)
        self.fd = os.open(self.fifo, os.O_RDONLY | os.O_NONBLOCK)
        self.keep = os.open(self.fifo, os.O_WRONLY)  # no end of file before tmux's writer
        os.set_blocking(self.fd, True)
        self.chunks: list[tuple[float, int]] = []  # (time, bytes), appended by the reader
        self.seen = 0  # the chunks the last answer took in
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        settings = [f"-e{k}={v}" for k, v in env.items()]
        # the shell waits for one line and becomes the program: the pipe is in place first
        tmux.run("new-session", "-d", "-s", self.name, "-x", str(size[0]), "-y", str(size[1]),
                 *settings, "--", "sh", "-c", 'stty -echo; read _ && exec "$@"', "sh", *argv)
        tmux.run("pipe-pane", "-t", self.name, f"exec cat > '{self.fifo}'")
        self.pid = int(tmux.run("display-message", "-p", "-t", self.name,
                                "#{pane_pid}").strip())

    def _read(self) -> None:
        while True:
            data = os.read(self.fd, 65536)
            if not data:
                return
            self.chunks.append((time.perf_counter(), len(data)))

    def start(self, quiet: float = COLD_QUIET, limit: float = 60.0,
              expect: str | None = None) -> Answer:
        """Start the program; the time to the last byte of its first full screen (the one that
        shows ``expect``: on a busy machine a program may be kept off the CPU for longer than
        the quiet time before its screen is full)."""
        n = len(self.chunks)
        c0 = cpu_seconds(self.pid)
        t0 = time.perf_counter()
        self.tmux.command(f"send-keys -t {self.name} Enter")
        answer = self.settle(n, t0, c0, quiet, limit)
        while expect is not None and answer.size and expect not in self.screen():
            more = self.settle(self.seen, t0, c0, quiet, limit)
            if more.size == 0:
                break
            answer = Answer(more.wall, more.cpu, answer.size + more.size)
        return answer

    def key(self, key: str, quiet: float | None = None, limit: float = KEY_LIMIT) -> Answer:
        """Send ``key`` (tmux's name for it) and wait for the program's answer."""
        quiet = QUIET if quiet is None else quiet
        n = len(self.chunks)
        c0 = cpu_seconds(self.pid)
        t0 = time.perf_counter()
        self.tmux.command(f"send-keys -t {self.name} {key}")
        return self.settle(n, t0, c0, quiet, limit)

    def settle(self, n: int, t0: float, c0: float, quiet: float, limit: float) -> Answer:
        """Wait until the output, from chunk ``n`` on, has been quiet for ``quiet`` seconds
        while the program used the CPU for less than a tenth of that time; no output within
        ``limit``: no answer."""
        seen = n
        last = t0
        samples = [(t0, c0)]  # the program's CPU time, every few ms
        while True:
            time.sleep(0.001)
            now = time.perf_counter()
            if now - samples[-1][0] >= 0.005:
                samples.append((now, cpu_seconds(self.pid)))
            if len(self.chunks) != seen:
                seen = len(self.chunks)
                last = self.chunks[-1][0]
                continue
            if seen == n:
                if now - t0 > limit:
                    return Answer(0.0, cpu_seconds(self.pid) - c0, 0)
                continue
            if now - last < quiet:
                continue
            # the CPU used since the sample taken ``quiet`` ago (or the oldest)
            then_t, then_cpu = next(((t, c) for t, c in reversed(samples) if now - t >= quiet),
                                    samples[0])
            cpu = cpu_seconds(self.pid)
            if cpu - then_cpu <= BUSY_SHARE * (now - then_t):
                self.seen = seen
                size = sum(b for _t, b in self.chunks[n:seen])
                return Answer(last - t0, cpu - c0, size,
                              tuple((t - t0, b) for t, b in self.chunks[n:seen]))

    def screen(self) -> str:
        return self.tmux.run("capture-pane", "-p", "-t", self.name)

    def close(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self.tmux.run("kill-session", "-t", self.name)
        os.close(self.keep)
        self.reader.join(5)
        os.close(self.fd)


# -- what runs in the panes ---------------------------------------------------------------------

class Programs:
    """The commands and the environment of one run, with its temporary files."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        bindir = Path(sys.executable).parent
        game = bindir / "peloponnes"
        self.game = [str(game)] if game.exists() else [sys.executable, "-m", "peloponnes_tui"]
        self.game += ["--lang", "en"]
        bare = str(ROOT / "bench" / "_bare.py")  # a script of its own: nothing of the game
        self.bare = [sys.executable, bare, "tables"]
        self.label = [sys.executable, bare, "label"]
        self.count = 0

    def env(self) -> dict[str, str]:
        """A fresh settings and data folder for each program started."""
        self.count += 1
        config = self.folder / f"config-{self.count}"
        data = self.folder / f"data-{self.count}"
        config.mkdir()
        data.mkdir()
        return {"PELOPONNES_CONFIG_DIR": str(config), "PELOPONNES_DATA_DIR": str(data),
                "COLORTERM": "truecolor", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
                "PYTHONPATH": str(ROOT)}

    def pane(self, tmux: Tmux, name: str, argv: Sequence[str], size: tuple[int, int],
             env: dict[str, str] | None = None) -> Pane:
        self.count += 1
        return Pane(tmux, f"{name}{self.count}", argv, env or self.env(), size, self.folder)


@contextlib.contextmanager
def running(pane: Pane) -> Iterator[Pane]:
    try:
        yield pane
    finally:
        pane.close()


def started(pane: Pane, what: str) -> Pane:
    if pane.start().size == 0:
        raise RuntimeError(f"{what} wrote nothing to the terminal:\n{pane.screen()}")
    return pane


# -- figures ------------------------------------------------------------------------------------

@dataclass
class Figures:
    keys: dict[str, list[Answer]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    silent: dict[str, int] = field(default_factory=dict)

    def add(self, kind: str, answer: Answer) -> None:
        """Count a key's answer; a key that wrote nothing is counted apart (and said)."""
        if answer.size == 0:
            self.silent[kind] = self.silent.get(kind, 0) + 1
            return
        self.keys.setdefault(kind, []).append(answer)


def quantiles(xs: list[float]) -> tuple[float, float, float]:
    """p50, p95 and max of seconds, in ms."""
    xs = sorted(x * 1000 for x in xs)
    return xs[len(xs) // 2], xs[min(len(xs) - 1, int(len(xs) * 0.95))], xs[-1]


def row(label: str, answers: list[Answer]) -> str:
    if not answers:
        return f"  {label:30} {'-':>6}"
    wall = quantiles([a.wall for a in answers])
    cpu = quantiles([a.cpu for a in answers])
    kb = statistics.mean(a.size for a in answers) / 1024
    return (f"  {label:30} {wall[0]:6.1f} {wall[1]:6.1f} {wall[2]:6.1f}   "
            f"{cpu[0]:6.1f} {cpu[1]:6.1f} {cpu[2]:6.1f}   {len(answers):5d} {kb:7.1f}")


def table(title: str, rows: list[tuple[str, list[Answer]]], figures: Figures) -> None:
    print(title)
    print(f"  {'':30} {'wall clock, ms':^20}   {'CPU of the program, ms':^20}   {'keys':>5} "
          f"{'KB/key':>7}")
    print(f"  {'':30} {'p50':>6} {'p95':>6} {'max':>6}   {'p50':>6} {'p95':>6} {'max':>6}")
    for label, answers in rows:
        print(row(label, answers))
    for note in figures.notes:
        print(f"  {note}")
    for kind, n in figures.silent.items():
        print(f"  {kind}: {n} keys wrote nothing (not counted above)")
    print(flush=True)


# -- the measurements ---------------------------------------------------------------------------

def prepare_game(seed: int, data: Path) -> None:
    """A new 5-player game, every seat a person and no hand-off cover, as the autosave."""
    from peloponnes_tui.cards import load_cards
    from peloponnes_tui.tui.session import AUTOSAVE, Session, default_seats

    session = Session.new(default_seats(5, humans=5), seed, load_cards(), privacy=False)
    session.save(data / AUTOSAVE)


def game_state(data: Path) -> Session:
    from peloponnes_tui.cards import load_cards
    from peloponnes_tui.tui.session import AUTOSAVE, Session

    return Session.load(data / AUTOSAVE, load_cards())


def rounds_over(session: Session) -> int:
    """How many rounds are over, as the game's window counts them for the round's end."""
    from peloponnes_tui.cards import ROUNDS

    return ROUNDS if session.over else session.game.round - 1


def whole_game(tmux: Tmux, programs: Programs, size: tuple[int, int], seed: int,
               think: float, figures: Figures) -> None:
    from bench._keys import keys_for_prompt, suggested_card
    from peloponnes_tui.tui.render import offer_cards

    env = programs.env()
    data = Path(env["PELOPONNES_DATA_DIR"])
    prepare_game(seed, data)
    with running(programs.pane(tmux, "game", [*programs.game, "--resume"], size, env)) as game, \
            running(programs.pane(tmux, "bare", programs.bare, size)) as bare:
        started(game, "peloponnes --resume")
        started(bare, "the bare app")
        game_start, bare_start = memory_mb(game.pid)[0], memory_mb(bare.pid)[0]
        session = game_state(data)
        refused = 0
        ended = rounds_over(session)
        while session.pending is not None:
            time.sleep(think)  # the player reads the board and the panel
            prompt = session.pending
            offer = offer_cards(session.view(prompt.player))
            card = suggested_card(prompt)
            if card in offer:  # through the cards on offer and back to the suggested one
                for n in [*range(1, min(len(offer), 9) + 1), offer.index(card) + 1]:
                    figures.add("game digit", game.key(str(n), limit=STEP_LIMIT))
                    figures.add("bare digit", bare.key(str(n), limit=STEP_LIMIT))
            turn = session.turn
            keys = keys_for_prompt(prompt)
            for i, key in enumerate(keys):
                answering = i == len(keys) - 1
                answer = game.key("Enter" if key == "enter" else key)
                if answer.size == 0:
                    raise RuntimeError(f"key {key!r} changed nothing:\n{game.screen()}")
                figures.add("game answer" if answering else "game choose", answer)
            figures.add("bare answer", bare.key("Enter", limit=STEP_LIMIT))
            session = game_state(data)
            if session.turn == turn:  # the panel's suggestion was refused: pass or withdraw
                refused += 1
                for key in ("Escape", "p", "w", "Enter"):
                    game.key(key, limit=STEP_LIMIT)
                session = game_state(data)
                if session.turn == turn:
                    raise RuntimeError(f"{keys} gave no answer:\n{game.screen()}")
            if rounds_over(session) > ended:  # the table reads the round's end, then goes on
                ended = rounds_over(session)
                time.sleep(think)
                figures.add("game round end", game.key("Enter", limit=STEP_LIMIT))
        game_rss, game_peak = memory_mb(game.pid)
        bare_rss, bare_peak = memory_mb(bare.pid)
        figures.notes.append(
            f"seed {seed}: {session.turn} answers; resident memory at the first decision → after "
            f"the game: peloponnes {game_start:.0f} → {game_rss:.0f} MB (peak {game_peak:.0f}), "
            f"bare app {bare_start:.0f} → {bare_rss:.0f} MB (peak {bare_peak:.0f})"
            + (f"; {refused} suggestions refused" if refused else ""))


def stepping(tmux: Tmux, programs: Programs, size: tuple[int, int], argv: list[str], key: str,
             steps: int, kind: str, figures: Figures) -> None:
    with running(programs.pane(tmux, kind, argv, size)) as viewer, \
            running(programs.pane(tmux, "bare", programs.bare, size)) as bare:
        started(viewer, " ".join(argv[-3:]))
        started(bare, "the bare app")
        done = 0
        for _ in range(steps):
            answer = viewer.key(key, limit=STEP_LIMIT)
            if answer.size == 0:
                break  # the last step
            figures.add(f"{kind} step", answer)
            figures.add("bare answer", bare.key("Enter", limit=STEP_LIMIT))
            done += 1
        rss, peak = memory_mb(viewer.pid)
        figures.notes.append(f"{kind}: {done} steps; resident memory {rss:.0f} MB "
                             f"(peak {peak:.0f})")


def finished_game_file(folder: Path, seed: int) -> Path:
    """A whole 5-player game between computer players, saved for the replay viewer."""
    from peloponnes_tui.cards import load_cards
    from peloponnes_tui.simulate import play_game, save_game

    bots = ["standard"] * 5
    game = play_game(load_cards(), bots, seed)
    return save_game(game, bots, folder, 0)


def cold(tmux: Tmux, programs: Programs, size: tuple[int, int], runs: int) -> list[str]:
    """Median cold start of the game, the bare app and the one-label app, alternating."""
    times: dict[str, list[float]] = {"game": [], "bare": [], "label": []}
    argvs = {"game": programs.game, "bare": programs.bare, "label": programs.label}
    expect = {"game": "New game", "bare": "Confirm", "label": "hello"}
    for _ in range(runs):
        for kind, argv in argvs.items():
            with running(programs.pane(tmux, kind, argv, size)) as pane:
                answer = pane.start(expect=expect[kind])
                text = pane.screen()
                if expect[kind] not in text:
                    raise RuntimeError(f"{kind}: no {expect[kind]!r} on the screen:\n{text}")
                times[kind].append(answer.wall)
    med = {k: statistics.median(v) * 1000 for k, v in times.items()}
    return [f"cold start to the first full screen, median of {runs} (output quiet "
            f"{COLD_QUIET * 1000:.0f} ms):",
            f"  peloponnes (start screen)      {med['game']:7.0f} ms",
            f"  bare app, three tables         {med['bare']:7.0f} ms   ratio "
            f"{med['game'] / med['bare']:.2f}",
            f"  bare app, one label            {med['label']:7.0f} ms   ratio "
            f"{med['game'] / med['label']:.2f}"]


def write_frames(path: Path, where: str, keys: dict[str, list[Answer]]) -> None:
    """Each answering key's output as read, the slowest first (``--frames``)."""
    with path.open("a", encoding="utf-8") as f:
        for kind in ("game answer", "bare answer"):
            for answer in sorted(keys.get(kind, []), key=lambda a: -a.wall):
                reads = " ".join(f"{t * 1000:.1f}:{b}" for t, b in answer.chunks)
                f.write(f"{where} {kind:11} {answer.wall * 1000:6.1f} ms  {reads}\n")


def size_arg(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().replace("×", "x").split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a size is WIDTHxHEIGHT, not {text!r}") from None
    if w < 80 or h < 24:
        raise argparse.ArgumentTypeError("the game needs at least 80x24")
    return w, h


def main(argv: Sequence[str] | None = None) -> int:
    global QUIET
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", type=size_arg, action="append",
                    help="terminal size WxH (repeatable; default 120x40 and 80x24)")
    ap.add_argument("--games", type=int, default=1, help="whole games per size (default 1)")
    ap.add_argument("--seed", type=int, default=3, help="the first game's seed (default 3)")
    ap.add_argument("--only", choices=("game", "replay", "demo", "cold"), action="append",
                    help="only this part (repeatable)")
    ap.add_argument("--runs", type=int, default=5, help="cold starts of each app (default 5)")
    ap.add_argument("--steps", type=int, default=120,
                    help="steps of the replay viewer and of the demo (default 120)")
    ap.add_argument("--think", type=float, default=THINK, metavar="SECONDS",
                    help=f"pause before each decision's keys (default {THINK})")
    ap.add_argument("--quiet", type=float, default=QUIET * 1000, metavar="MS",
                    help=f"quiet output that ends a key's answer (default {QUIET * 1000:.0f})")
    ap.add_argument("--frames", type=Path, metavar="FILE",
                    help="write each answering key's output as read (ms after the key: bytes), "
                         "one key a line, the slowest first: to see the frames of an answer")
    args = ap.parse_args(argv)
    QUIET = args.quiet / 1000
    sizes = args.size or [(120, 40), (80, 24)]
    parts = args.only or ["cold", "game", "replay", "demo"]
    head = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%h %cs"],
                          capture_output=True, text=True).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="tmuxbench-") as tmp:
        folder = Path(tmp)
        tmux = Tmux()
        try:
            print(f"{tmux.version}; commit {head}; load average "
                  f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} cores; "
                  f"key → last byte before {QUIET * 1000:.0f} ms of quiet", flush=True)
            programs = Programs(folder)
            replay_file = finished_game_file(folder, args.seed) \
                if "replay" in parts else None
            for size in sizes:
                where = f"{size[0]}×{size[1]}"
                if "cold" in parts:
                    print(f"[{where}] " + "\n".join(cold(tmux, programs, size, args.runs)),
                          end="\n\n", flush=True)
                if "game" in parts:
                    figures = Figures()
                    for seed in range(args.seed, args.seed + args.games):
                        whole_game(tmux, programs, size, seed, args.think, figures)
                    k = figures.keys
                    seeds = f"seed {args.seed}" if args.games == 1 else \
                        f"{args.games} games, seeds {args.seed}–{args.seed + args.games - 1}"
                    table(f"[{where}] whole 5-player game, {seeds}",
                          [("peloponnes, answering key", k.get("game answer", [])),
                           ("peloponnes, p/w (choose)", k.get("game choose", [])),
                           ("peloponnes, Enter at a round's end", k.get("game round end", [])),
                           ("peloponnes, digit key", k.get("game digit", [])),
                           ("bare Textual, 'answer' key", k.get("bare answer", [])),
                           ("bare Textual, digit key", k.get("bare digit", []))],
                          figures)
                    if args.frames is not None:
                        write_frames(args.frames, where, k)
                steppers: list[tuple[str, list[str], str]] = []
                if replay_file is not None:
                    steppers.append(("replay", [*programs.game, "replay", str(replay_file)],
                                     "Right"))
                if "demo" in parts:
                    steppers.append(("demo", [*programs.game, "demo", "--bots",
                                              "random,random,random,random,random",
                                              "--seed", str(args.seed)], "Space"))
                for kind, command, key in steppers:
                    figures = Figures()
                    stepping(tmux, programs, size, command, key, args.steps, kind, figures)
                    table(f"[{where}] {kind}: one step (key {key})",
                          [(f"peloponnes {kind}, step", figures.keys.get(f"{kind} step", [])),
                           ("bare Textual, 'answer' key", figures.keys.get("bare answer", []))],
                          figures)
        finally:
            tmux.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
