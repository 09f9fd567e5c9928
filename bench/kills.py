"""Kill a game while it autosaves, again and again: how much is lost?

Run from the project root:

    .venv/bin/python bench/kills.py --kills 150 --seed 1

Each round starts a fresh process that plays a game between computer players (all seats bots,
the seed varying from round to round) the way the app plays it: every answer is applied through
:class:`Session` and autosaved at once (``Session.save``, an atomic write).  After each autosave
the process prints how many answers it holds.  The process is killed with SIGKILL.  Then, in this
process:

The kill comes after a random number of autosaves (up to ``--answers``; a 4-player game has
about 60 answers) plus a random delay of up to ``--jitter`` seconds, so that it often falls in the
middle of the next answer or write.

* the autosave must load (``Session.load``), and its answers must be exactly the first answers of
  the same game played again from its seed (the game is deterministic);
* answers lost = answers the child had reported saved before the kill minus answers in the file
  (it must be 0: what was reported saved is on disk) — and the child may have applied at most one
  more answer, the one in flight, which is not counted as saved;
* temporary files left behind are counted, and ``clean_stale_temp_files`` must remove them once
  they are older than a minute (time moved forward for the check).

The figures printed at the end are those in docs/reliability.md.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = """
import sys
from pathlib import Path
from peloponnes_tui.cards import load_cards
from peloponnes_tui.tui.session import Session, default_seats
cards = load_cards()
seed, path = int(sys.argv[1]), Path(sys.argv[2])
seats = default_seats(4, humans=0)
for s in seats:
    s.kind = "random"
session = Session.new(seats, seed, cards)
session.save(path)
print(0, flush=True)
while not session.over:
    bot = session.bot_to_move()
    prompt = session.pending
    session.answer(bot.decide(prompt, session.view(prompt.player)))
    session.save(path)
    print(session.turn, flush=True)
"""


def reference(seed: int) -> list[object]:
    """The answers of the whole game with this seed, played in this process."""
    from peloponnes_tui.cards import load_cards
    from peloponnes_tui.tui.session import Session, default_seats

    seats = default_seats(4, humans=0)
    for s in seats:
        s.kind = "random"
    session = Session.new(seats, seed, load_cards())
    while not session.over:
        bot = session.bot_to_move()
        prompt = session.pending
        assert bot is not None and prompt is not None
        session.answer(bot.decide(prompt, session.view(prompt.player)))
    return list(session.game.answers)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kills", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--answers", type=int, default=60,
                    help="the kill comes after a random number of saves up to this")
    ap.add_argument("--jitter", type=float, default=0.01,
                    help="and then after a random delay of up to this many seconds")
    args = ap.parse_args()

    from peloponnes_tui.cards import load_cards
    from peloponnes_tui.tui.session import TMP_SUFFIX, Session, clean_stale_temp_files

    cards = load_cards()
    rng = random.Random(args.seed)
    lost_total = failures = leftovers = mid_game = cleaned = 0
    saved_answers = 0
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="peloponnes-kills-") as tmp:
        folder = Path(tmp)
        for i in range(args.kills):
            seed = args.seed * 1000 + i
            path = folder / f"autosave-{i}.json"
            proc = subprocess.Popen([sys.executable, "-c", CHILD, str(seed), str(path)],
                                    stdout=subprocess.PIPE, text=True)
            assert proc.stdout is not None
            target = rng.randint(0, args.answers)
            reported = []
            for line in proc.stdout:  # wait for that many saves, then kill a moment later
                reported.append(int(line))
                if reported[-1] >= target:
                    break
            time.sleep(rng.random() * args.jitter)
            proc.send_signal(signal.SIGKILL)
            out, _ = proc.communicate()
            reported += [int(x) for x in out.split()]
            if not reported:
                continue  # killed before the first save: nothing was promised
            try:
                session = Session.load(path, cards)
            except Exception as exc:
                failures += 1
                print(f"kill {i}: the autosave does not load: {exc}", file=sys.stderr)
                continue
            answers = list(session.game.answers)
            if answers != reference(seed)[: len(answers)]:
                failures += 1
                print(f"kill {i}: the autosave is not the game's beginning", file=sys.stderr)
            lost = max(0, reported[-1] - len(answers))
            lost_total += lost
            saved_answers += len(answers)
            mid_game += not session.over
            stray = list(folder.glob(f"*{TMP_SUFFIX}"))
            leftovers += len(stray)
            removed = clean_stale_temp_files([folder], now=time.time() + 3600)
            cleaned += len(removed)
            if sorted(removed) != sorted(stray):
                failures += 1
            path.unlink()
    took = time.perf_counter() - started
    print(f"{args.kills} kills (seed {args.seed}), {mid_game} in the middle of a game, "
          f"{saved_answers} answers in the autosaves; answers reported saved but missing: "
          f"{lost_total}; autosaves that failed to load or differ: {failures}; temporary files "
          f"left by a kill: {leftovers}, removed by the start-up cleaning: {cleaned}; "
          f"{took:.0f} s")
    return 1 if failures or lost_total else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    raise SystemExit(main())
