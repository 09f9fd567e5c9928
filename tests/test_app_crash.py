"""An unexpected error inside the running app: a short message, a crash log with the traceback,
exit status 1, and the autosave exactly as it was after the last answer that was applied whole."""

from __future__ import annotations

import json
from typing import Any

import pytest
from support import session_at, settled

from peloponnes_tui.crash import logs_dir
from peloponnes_tui.engine import BidPrompt, Game
from peloponnes_tui.tui.app import PAUSE_ENV, PeloponnesApp, run_app
from peloponnes_tui.tui.screens.board import BoardScreen
from peloponnes_tui.tui.session import autosave_path


def half_applied(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on, the engine applies an answer and then fails, as a bug half-way would."""
    real = Game.answer

    def broken(self: Game, answer: Any) -> None:
        real(self, answer)
        raise ZeroDivisionError("injected after the answer was applied")

    monkeypatch.setattr(Game, "answer", broken)


@pytest.fixture
def autosaved(cards) -> str:
    """An autosaved 2-player game at a bid; returns the autosave's text."""
    session = session_at(cards, 2, lambda p: isinstance(p, BidPrompt))
    session.save(autosave_path())
    return autosave_path().read_text(encoding="utf-8")


async def test_an_error_in_the_app_keeps_the_autosave_and_is_logged(cards, autosaved,
                                                                   monkeypatch):
    app = PeloponnesApp(cards=cards, bot_pause=0, resume=True)
    with pytest.raises(ZeroDivisionError):  # run_test hands the error on to the test
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(pilot)
            assert isinstance(app.screen, BoardScreen)
            answers = len(app.session.game.answers)
            half_applied(monkeypatch)
            await pilot.press("p", "enter")  # pass: applied, then the injected error
            await settled(pilot)
            assert len(app.session.game.answers) == answers + 1  # the game did change
    assert app.return_code == 1
    assert app.crash is not None
    error, log = app.crash
    assert isinstance(error, ZeroDivisionError)
    assert log is not None and log.parent == logs_dir()
    text = log.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text
    assert "ZeroDivisionError: injected after the answer was applied" in text
    # the half-applied game was never written: the autosave is the one from before
    assert autosave_path().read_text(encoding="utf-8") == autosaved
    assert len(json.loads(autosaved)["answers"]) == answers


def test_run_app_ends_with_one_line_and_status_1(cards, autosaved, monkeypatch, capsys):
    """``peloponnes --resume`` as a player runs it (headless here): no traceback, no locals."""
    monkeypatch.setenv(PAUSE_ENV, "0")
    run = PeloponnesApp.run

    async def player(pilot: Any) -> None:
        await settled(pilot)
        half_applied(monkeypatch)
        await pilot.press("p", "enter")
        await settled(pilot)

    def headless(self: PeloponnesApp, **kwargs: Any) -> Any:
        return run(self, headless=True, size=(80, 24), auto_pilot=player)

    monkeypatch.setattr(PeloponnesApp, "run", headless)
    assert run_app(cards=cards, resume=True) == 1
    out, err = capsys.readouterr()
    (log,) = logs_dir().glob("crash-*.log")
    assert err == (f"peloponnes: something went wrong (ZeroDivisionError); details written to "
                   f"{log}; your game is autosaved up to the last answer: continue with "
                   "`peloponnes --resume`\n")
    assert "Traceback" not in out + err and "locals" not in out + err
    assert "ZeroDivisionError: injected" in log.read_text(encoding="utf-8")
    assert autosave_path().read_text(encoding="utf-8") == autosaved


def test_an_error_before_any_game_gives_no_autosave_note(monkeypatch, capsys):
    run = PeloponnesApp.run

    async def player(pilot: Any) -> None:
        await settled(pilot)
        await pilot.press("question_mark")  # the rules screen needs the cards
        await settled(pilot)

    def no_cards(self: PeloponnesApp) -> Any:
        raise LookupError("injected: no cards")

    monkeypatch.setattr(PeloponnesApp, "cards", property(no_cards))
    monkeypatch.setattr(PeloponnesApp, "run",
                        lambda self, **kw: run(self, headless=True, size=(80, 24),
                                               auto_pilot=player))
    assert run_app() == 1
    err = capsys.readouterr().err
    (log,) = logs_dir().glob("crash-*.log")
    assert err == f"peloponnes: something went wrong (LookupError); details written to {log}\n"
    assert not autosave_path().exists()


def test_textuals_hook_for_unexpected_errors_is_where_compat_expects_it():
    """``tui/compat.py`` overrides one private method of Textual's ``App``, the only way to see
    an unexpected error before the app closes: this fails when a Textual release moves it (the
    installed release is not the one it was written for, or the method is gone or takes other
    arguments), so that the override is looked at again rather than silently never called."""
    import textual
    from textual.app import App

    from peloponnes_tui.tui.compat import HOOK, WRITTEN_FOR, CrashGuard, hook_in_place

    assert textual.__version__.startswith(WRITTEN_FOR)
    assert hook_in_place()
    assert HOOK in vars(CrashGuard) and callable(getattr(App, HOOK))


def test_an_app_that_ends_in_error_unseen_by_the_guard_still_gives_one_line(capsys):
    """Were Textual's hook to move, an app ending with the status of an error would still end
    in the one line, a log and status 1, never in a traceback."""
    from textual.app import ComposeResult
    from textual.widgets import Static

    from peloponnes_tui.tui.compat import CrashGuard, run_guarded

    class Failing(CrashGuard):
        def compose(self) -> ComposeResult:
            yield Static("x")

        def on_mount(self) -> None:
            self.exit(return_code=1)  # as Textual ends an app after an error

        def run(self, **kwargs: Any) -> Any:
            return super().run(headless=True, size=(80, 24))

    assert run_guarded(Failing()) == 1
    out, err = capsys.readouterr()
    (log,) = logs_dir().glob("crash-*.log")
    assert err == f"peloponnes: something went wrong (UnseenError); details written to {log}\n"
    assert "Traceback" not in out


@pytest.mark.parametrize("when", ["starting", "started"])
def test_a_browser_page_that_went_first_ends_the_game_quietly(tmp_path: Any, when: str) -> None:
    """A page's game process whose page (the server's end of its pipe) went first, while the
    game was starting or once its start screen was up: what it still writes finds the pipe
    broken, and it ends with status 0 and no crash log (it wrote a crash log and ended with
    status 1)."""
    import os
    import select
    import subprocess
    import sys

    from peloponnes_tui.crash import LOG_DIR_ENV
    from peloponnes_tui.web_page import WEB_FOLDER_ENV, WEB_SESSION_ENV

    logs = tmp_path / "logs"
    folder = tmp_path / "page"
    folder.mkdir()
    env = {**os.environ, "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",
           "COLUMNS": "100", "ROWS": "30", LOG_DIR_ENV: str(logs),
           WEB_SESSION_ENV: "1", WEB_FOLDER_ENV: str(folder)}
    proc = subprocess.Popen([sys.executable, "-m", "peloponnes_tui", "--lang", "en"], env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    try:
        assert proc.stdout.read(1)  # the first screen is on its way
        while when == "started" and select.select([proc.stdout], [], [], 1.0)[0]:
            proc.stdout.read1(65536)  # until a second passes without output
        proc.stdout.close()  # the page goes
        meta = json.dumps({"type": "resize", "width": 90, "height": 28}).encode()
        proc.stdin.write(b"M" + len(meta).to_bytes(4, "big") + meta)  # the app draws again
        proc.stdin.flush()
        status = proc.wait(timeout=30)
        assert proc.stderr is not None
        said = proc.stderr.read()
        assert status == 0, said
    finally:
        proc.kill()
        proc.wait()
    assert not logs.exists() or list(logs.iterdir()) == []
    assert b"Traceback" not in said
