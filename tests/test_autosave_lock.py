"""Two windows on one data directory, and writes cut short by a kill.

The window that starts or resumes a game owns ``autosave.json`` (a lock held while it runs); a
second window is told which window has the game and plays a game of its own that autosaves to a
file of its own.  Temporary files left by a killed write are removed at the next start.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from support import notifications, screen_text, session_at, settled
from textual.widgets import OptionList

from peloponnes_tui.engine import BidPrompt
from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.screens.board import BoardScreen
from peloponnes_tui.tui.screens.load import LoadScreen
from peloponnes_tui.tui.screens.message import MessageScreen
from peloponnes_tui.tui.screens.start import StartScreen
from peloponnes_tui.tui.session import (
    LOCK,
    STALE_TMP,
    TMP_SUFFIX,
    AutosaveLock,
    LockHolder,
    atomic_write,
    autosave_path,
    clean_stale_temp_files,
    default_seats,
    saves_dir,
)


@pytest.fixture
def other_window(data_dir: Path) -> Iterator[int]:
    """Another process holding the autosave, as a window that resumed the game; its pid."""
    code = textwrap.dedent("""
        import sys
        from peloponnes_tui.tui.session import AutosaveLock
        lock = AutosaveLock.acquire()
        assert isinstance(lock, AutosaveLock), lock
        print("locked", flush=True)
        sys.stdin.read()
    """)
    proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdin is not None
    assert proc.stdout.readline() == "locked\n"
    yield proc.pid
    proc.stdin.close()
    assert proc.wait(timeout=30) == 0


@pytest.fixture
def autosaved(cards) -> str:
    session = session_at(cards, 2, lambda p: isinstance(p, BidPrompt))
    session.save(autosave_path())
    return autosave_path().read_text(encoding="utf-8")


async def test_a_second_window_cannot_resume_the_game_another_window_plays(
        cards, autosaved, other_window):
    app = PeloponnesApp(cards=cards, bot_pause=0, resume=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        assert isinstance(app.screen, MessageScreen)
        text = " ".join(screen_text(app).split())
        assert "The autosaved game is open in another window" in text
        assert f"process {other_window}," in text
        assert "start a new game here: it is autosaved to a file of its own" in text
        assert app.session is None
        await pilot.press("enter")
        assert isinstance(app.screen, StartScreen)
    assert autosave_path().read_text(encoding="utf-8") == autosaved


async def test_loading_the_autosave_from_the_load_screen_is_refused_the_same_way(
        cards, autosaved, other_window):
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        await pilot.press("l")
        await settled(pilot)
        assert isinstance(app.screen, LoadScreen)
        app.screen.load(autosave_path())
        await settled(pilot)
        assert isinstance(app.screen, MessageScreen)
        assert f"process {other_window}," in screen_text(app)
        assert app.session is None
    assert autosave_path().read_text(encoding="utf-8") == autosaved


async def test_a_new_game_in_a_second_window_autosaves_to_its_own_file(
        cards, autosaved, other_window):
    app = PeloponnesApp(cards=cards, bot_pause=0)
    notes = notifications(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        app.start_new(default_seats(3, humans=3), seed=5, privacy=False)
        await settled(pilot)
        assert isinstance(app.screen, BoardScreen)
        own = app.autosave_to
        assert own.parent == saves_dir() and own.name.startswith("autosave-")
        assert own.name.endswith(f"-{os.getpid()}.json")
        assert json.loads(own.read_text(encoding="utf-8"))["seed"] == 5
        (note,) = [n.message for n in notes]
        assert f"Another window owns the autosaved game (the window of process {other_window}," \
            in note
        assert f"This game is autosaved to {own}: Load lists it." in note
        await pilot.press("p", "enter")  # an answer: autosaved to its own file only
        await settled(pilot)
        saved = json.loads(own.read_text(encoding="utf-8"))
        assert len(saved["answers"]) == len(app.session.game.answers) == 1
        app.push_screen(LoadScreen())
        await settled(pilot)
        files = app.screen.query_one("#files", OptionList)
        listed = [files.get_option_at_index(i).id for i in range(files.option_count)]
        assert listed == [str(autosave_path()), str(own)]
    assert autosave_path().read_text(encoding="utf-8") == autosaved


async def test_two_windows_in_turn_never_lose_a_game(cards, autosaved):
    """Window A resumes and plays; window B, opened meanwhile, is refused; once A has quit, B
    resumes A's game exactly where A left it."""
    a = PeloponnesApp(cards=cards, bot_pause=0, resume=True)
    async with a.run_test(size=(100, 30)) as pilot_a:
        await pilot_a.pause()
        assert isinstance(a.screen, BoardScreen)
        await pilot_a.press("p", "enter")
        await pilot_a.pause()
        played = a.session.game.snapshot()
        assert (autosave_path().parent / LOCK).read_text().startswith(
            f'{{"pid": {os.getpid()}, ')
        b = PeloponnesApp(cards=cards, bot_pause=0, resume=True)
        async with b.run_test(size=(100, 30)) as pilot_b:
            await pilot_b.pause()
            assert isinstance(b.screen, MessageScreen)
            assert b.session is None
    c = PeloponnesApp(cards=cards, bot_pause=0, resume=True)
    async with c.run_test(size=(100, 30)) as pilot_c:
        await pilot_c.pause()
        assert isinstance(c.screen, BoardScreen)
        assert c.session.game.snapshot() == played


async def test_a_stale_lock_of_a_killed_window_is_taken_over(cards, autosaved, data_dir):
    proc = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"],
                            stdin=subprocess.PIPE)
    proc.kill()
    proc.wait()
    dead = LockHolder(proc.pid, "here", time.time() - 3600)
    (data_dir / LOCK).write_text(dead.to_json())
    app = PeloponnesApp(cards=cards, bot_pause=0, resume=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        assert isinstance(app.screen, BoardScreen)
        holder = LockHolder.from_text((data_dir / LOCK).read_text())
        assert holder is not None and holder.pid == os.getpid()
    # quitting gives it up
    lock = AutosaveLock.acquire()
    assert isinstance(lock, AutosaveLock)
    lock.release()


def test_a_killed_window_leaves_no_lock(data_dir):
    code = ("import os, signal; from peloponnes_tui.tui.session import AutosaveLock; "
            "AutosaveLock.acquire(); os.kill(os.getpid(), signal.SIGKILL)")
    assert subprocess.run([sys.executable, "-c", code], timeout=60).returncode == -signal.SIGKILL
    assert '"pid"' in (data_dir / LOCK).read_text()  # its name is still in the file
    lock = AutosaveLock.acquire()
    assert isinstance(lock, AutosaveLock)
    assert lock.holder.pid == os.getpid()
    again = AutosaveLock.acquire()  # while held, another open of the lock file is refused
    assert isinstance(again, LockHolder) and again.pid == os.getpid()
    lock.release()


# -- temporary files ----------------------------------------------------------------------------


def test_a_write_killed_before_the_rename_leaves_a_temporary_file_cleaned_at_start(data_dir):
    path = autosave_path()
    atomic_write(path, "old")
    code = ("import os, signal, sys; from pathlib import Path; "
            "from peloponnes_tui.tui import session; "
            "os.replace = lambda *a: os.kill(os.getpid(), signal.SIGKILL); "
            "session.atomic_write(Path(sys.argv[1]), 'new')")
    proc = subprocess.run([sys.executable, "-c", code, str(path)], timeout=60)
    assert proc.returncode == -signal.SIGKILL
    assert path.read_text() == "old"
    (tmp,) = data_dir.glob(f"*{TMP_SUFFIX}")
    assert tmp.name.startswith("autosave.json.") and tmp.read_text() == "new"
    assert clean_stale_temp_files() == []  # too young: it might be a write under way
    old = time.time() - STALE_TMP - 1
    os.utime(tmp, (old, old))
    assert clean_stale_temp_files() == [tmp]
    assert not tmp.exists() and path.read_text() == "old"


def test_only_stale_temporary_files_of_other_processes_are_removed(data_dir):
    saves_dir().mkdir()
    old = time.time() - STALE_TMP - 1
    stale = data_dir / f"autosave.json.99999999.abc{TMP_SUFFIX}"
    stale_save = saves_dir() / f"peloponnes-1.json.99999999.xyz{TMP_SUFFIX}"
    mine = data_dir / f"autosave.json.{os.getpid()}.def{TMP_SUFFIX}"
    fresh = data_dir / f"autosave.json.99999999.ghi{TMP_SUFFIX}"
    other = data_dir / "notes.tmp"
    for f in (stale, stale_save, mine, fresh, other):
        f.write_text("x")
    for f in (stale, stale_save, mine, other):
        os.utime(f, (old, old))
    assert sorted(clean_stale_temp_files()) == sorted([stale, stale_save])
    assert mine.exists() and fresh.exists() and other.exists()


async def test_the_app_cleans_stale_temporary_files_when_it_starts(cards, data_dir):
    stale = data_dir / f"autosave.json.99999999.abc{TMP_SUFFIX}"
    stale.write_text("half a save")
    old = time.time() - STALE_TMP - 1
    os.utime(stale, (old, old))
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
    assert not stale.exists()


def test_a_save_leaves_no_temporary_file(data_dir):
    atomic_write(autosave_path(), "text")
    assert [p.name for p in data_dir.iterdir()] == ["autosave.json"]


def test_a_lock_file_names_its_host_as_text_only():
    """The lock file is outside data too: its host is shown in a sentence, so it comes back
    printable and short, whatever was written there."""
    holder = LockHolder.from_text(json.dumps({"pid": 7, "host": "h" * 500, "started": 0}))
    assert holder is not None and holder.host == "h" * 100 + "…"
    # escape sequences: not used at all (the holder is then unknown, as for a damaged file)
    assert LockHolder.from_text(json.dumps(
        {"pid": 7, "host": "\u001b]0;PWNED\u0007\u001b[2J", "started": 0})) is None
    assert LockHolder.from_text("[" * 5000) is None  # nested too deep: refused, no recursion
