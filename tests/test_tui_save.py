"""Autosave after every answer, resume, load, and damaged saves that keep the previous file."""

from __future__ import annotations

import errno
import json
import time

import pytest
from support import screen_text, session_at, settled
from textual.widgets import Input

from peloponnes_tui.cli import main
from peloponnes_tui.engine import BidPrompt
from peloponnes_tui.engine.save import SaveError
from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.screens.board import BoardScreen
from peloponnes_tui.tui.screens.message import MessageScreen
from peloponnes_tui.tui.screens.start import StartScreen
from peloponnes_tui.tui.session import TMP_SUFFIX, Session, autosave_path, saves_dir
from peloponnes_tui.tui.session import data_dir as session_data_dir


def test_data_dir_override(data_dir):
    assert session_data_dir() == data_dir
    assert autosave_path().parent == data_dir


def test_session_round_trip(cards):
    session = session_at(cards, 3, lambda p: isinstance(p, BidPrompt) and p.player == 1)
    session.seats[2].kind = "random"
    session.save(autosave_path())
    again = Session.load(autosave_path(), cards)
    assert again.game.snapshot() == session.game.snapshot()
    assert [s.to_json() for s in again.seats] == [s.to_json() for s in session.seats]
    assert again.answered_by == session.answered_by
    assert not list(autosave_path().parent.glob(f"*{TMP_SUFFIX}"))


async def test_autosave_after_every_answer_and_resume(cards):
    session = session_at(cards, 2, lambda p: isinstance(p, BidPrompt))
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.set_session(session)
        await settled(pilot)
        game = app.game
        assert game is not None
        write = game.autosave
        shown: list[object] = []

        def autosave() -> OSError | None:  # what the board showed when the autosave came
            board = app.board
            panel = board.panel() if board is not None else None
            shown.append(panel.prompt if panel is not None else None)
            return write()

        game.autosave = autosave  # type: ignore[method-assign]
        await pilot.press("p", "enter")  # choose to pass, then confirm
        await settled(pilot)
        saved = json.loads(autosave_path().read_text())
        assert len(saved["answers"]) == len(app.session.game.answers)
        # the answer's frame came first: the next decision was on the board when it was saved
        assert shown == [app.session.pending]
        snapshot = app.session.game.snapshot()
    app2 = PeloponnesApp(cards=cards, bot_pause=0, resume=True)
    async with app2.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert isinstance(app2.screen, BoardScreen)
        assert app2.session.game.snapshot() == snapshot


async def test_damaged_autosave_gives_message_and_is_kept(cards):
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    autosave_path().write_text('{"format": 1, "seed": "x"')
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("r")
        await settled(pilot)
        assert isinstance(app.screen, MessageScreen)
        text = screen_text(app)
        assert "cannot be resumed" in text and "not valid JSON" in text
        await pilot.press("enter")
        assert isinstance(app.screen, StartScreen)
    assert autosave_path().read_text() == '{"format": 1, "seed": "x"'


async def test_load_screen_reports_bad_file(cards, data_dir):
    bad = data_dir / "bad.json"
    bad.write_text(json.dumps({"format": 1}))
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("l")
        await pilot.click("#path")
        await pilot.press(*str(bad), "enter")
        await settled(pilot)
        assert "damaged" in screen_text(app)
        assert app.session is None


def test_cli_play_wiring(monkeypatch, cards):
    seen = {}

    def fake_run_app(**kwargs):
        seen.update(kwargs)
        return 0

    monkeypatch.setattr("peloponnes_tui.tui.app.run_app", fake_run_app)
    monkeypatch.setattr("peloponnes_tui.cli.terminal_problem", lambda: None)  # as in a terminal
    assert main(["--resume"]) == 0
    assert seen["resume"] is True


def test_old_save_with_answered_by_loads(cards):
    """Saves from before the engine kept ``answer_seats`` carry the app's own list: ignored."""
    session = session_at(cards, 3, lambda p: isinstance(p, BidPrompt) and p.player == 1)
    for junk in (list(session.answered_by), [0], "nonsense"):
        data = json.loads(session.dumps())
        data["extra"]["answered_by"] = junk
        again = Session.loads(json.dumps(data), cards)
        assert again.answered_by == session.game.answer_seats
        assert len(again.answered_by) == len(again.game.answers)


async def test_resumed_game_keeps_its_computer_pause(cards, monkeypatch):
    from peloponnes_tui.tui.app import PAUSE_ENV

    session = session_at(cards, 2, lambda p: isinstance(p, BidPrompt))
    session.bot_pause = 1.5
    session.save(autosave_path())
    assert Session.load(autosave_path(), cards).bot_pause == 1.5
    monkeypatch.delenv(PAUSE_ENV, raising=False)
    app = PeloponnesApp(cards=cards, resume=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert app.session is not None and app.bot_pause == 1.5
    monkeypatch.setenv(PAUSE_ENV, "0")  # the environment still overrides it
    app = PeloponnesApp(cards=cards, resume=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert app.session.bot_pause == 1.5 and app.bot_pause == 0


async def test_deeply_nested_autosave_is_listed_as_damaged_and_refused(cards):
    """The issue's save nested 2,000 levels deep: the start screen describes it as damaged and
    Resume says why; nothing crashes and the file is kept."""
    deep = '{"format":1,"x":' + "[" * 2000 + "]" * 2000 + "}"
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    autosave_path().write_text(deep)
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        assert isinstance(app.screen, StartScreen)
        assert "damaged: nested more than 64 levels deep" in screen_text(app)
        await pilot.press("r")
        await settled(pilot)
        assert isinstance(app.screen, MessageScreen)
        assert "nested more than 64 levels deep" in screen_text(app)
    assert app.return_code in (None, 0)
    assert autosave_path().read_text() == deep


async def test_a_name_with_a_lone_surrogate_is_refused_at_load(cards, data_dir, capsys):
    """A save's JSON can name a player "\\ud800Eve": a lone surrogate, no character, which no
    UTF-8 file can hold. Such a game once loaded and then every autosave failed, so it could
    never go on; it is refused at load, in the app and on the command line (status 2)."""
    session = session_at(cards, 3, lambda p: isinstance(p, BidPrompt))
    data = json.loads(session.dumps())
    data["players"][0] = "\ud800Eve"
    data["extra"]["seats"][0]["name"] = "\ud800Eve"
    bad = data_dir / "surrogate.json"
    bad.write_text(json.dumps(data), encoding="utf-8")  # JSON writes it as the escape \ud800
    with pytest.raises(SaveError) as refused:
        Session.load(bad, cards)
    assert "surrogate" in str(refused.value)
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "surrogate" in err and "Traceback" not in err
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:  # the Load screen
        await settled(pilot)
        await pilot.press("l")
        await pilot.click("#path")
        await pilot.press(*str(bad), "enter")
        await settled(pilot)
        assert "surrogate" in screen_text(app)
        assert app.session is None


async def test_a_name_with_a_lone_surrogate_is_refused_at_entry(cards):
    """The New game screen starts no game whose name a save cannot hold."""
    from peloponnes_tui.tui.screens.new_game import NewGameScreen

    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("n")
        await settled(pilot)
        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#name0", Input).value = "\ud800Eve"  # as a paste could set it
        await pilot.press("ctrl+g")
        await settled(pilot)
        assert isinstance(app.screen, NewGameScreen)
        assert app.session is None
        assert "cannot be saved" in screen_text(app)


def full_disk(monkeypatch) -> None:
    """Every autosave fails as on a full disk (a read-only folder fails the same way)."""
    def no_space(self, path):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(Session, "save", no_space)


async def test_quitting_after_a_failed_autosave_tells_the_truth_and_saves_elsewhere(
        cards, monkeypatch, tmp_path):
    """The quit question once said "It is autosaved" when no autosave had worked: it says that
    the game is not saved, and why, and saves it to a new file of the player's choice."""
    full_disk(monkeypatch)
    session = session_at(cards, 2, lambda p: isinstance(p, BidPrompt))
    app = PeloponnesApp(cards=cards, bot_pause=0)
    kept = tmp_path / "elsewhere" / "kept.json"
    async with app.run_test(size=(80, 24)) as pilot:
        app.set_session(session)
        await settled(pilot)
        await pilot.press("p", "enter")  # an answer, whose autosave fails
        await settled(pilot)
        turn = app.session.turn
        app.action_quit_app()
        await settled(pilot)
        text = screen_text(app)
        assert "It is autosaved" not in text
        assert "It is not saved: the last autosave failed" in text
        assert "No space left on device" in text
        note = app.crash_note()
        assert "could not be autosaved" in note and "autosaved up to" not in note
        field = app.screen.query_one("#path", Input)
        kept.parent.mkdir()
        field.value = str(kept.parent)  # not a new file: refused, nothing quits
        await pilot.press("enter")
        await settled(pilot)
        assert app.is_running and "exists already" in screen_text(app)
        field.value = str(kept)
        await pilot.press("enter")
        await settled(pilot)
    assert app.return_code == 0
    assert Session.load(kept, cards).turn == turn


async def test_quitting_after_a_working_autosave_says_so(cards):
    session = session_at(cards, 2, lambda p: isinstance(p, BidPrompt))
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.set_session(session)
        await settled(pilot)
        await pilot.press("p", "enter")
        await settled(pilot)
        app.action_quit_app()
        await settled(pilot)
        assert "It is autosaved: continue later with" in screen_text(app)


async def test_two_saves_in_the_same_second_are_two_files(cards, monkeypatch):
    """Saves were named by the second, and a second save in the same second replaced the
    first without a word. A save never replaces a file."""
    real = time.strftime
    monkeypatch.setattr(time, "strftime", lambda fmt, *when: "peloponnes-20250101-120000"
                        + (".json" if fmt.endswith(".json") else "")
                        if fmt.startswith("peloponnes-") else real(fmt, *when))
    session = session_at(cards, 2, lambda p: isinstance(p, BidPrompt))
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.set_session(session)
        await settled(pilot)
        app.action_save_game()
        first = app.session.turn
        await pilot.press("p", "enter")
        await settled(pilot)
        app.action_save_game()
        app.action_save_game()
    saved = sorted(saves_dir().glob("peloponnes-*.json"))
    assert [p.name for p in saved] == ["peloponnes-20250101-120000-2.json",
                                       "peloponnes-20250101-120000-3.json",
                                       "peloponnes-20250101-120000.json"]
    assert Session.load(saves_dir() / "peloponnes-20250101-120000.json", cards).turn == first
    assert Session.load(saved[0], cards).turn == first + 1


def test_a_new_file_is_never_written_over_another(tmp_path):
    from peloponnes_tui.files import write_new, write_unique

    path = tmp_path / "a.json"
    path.write_text("theirs")
    with pytest.raises(FileExistsError):
        write_new(path, "mine")
    assert path.read_text() == "theirs"
    assert write_unique(tmp_path, "a", "mine") == tmp_path / "a-2.json"
    assert (tmp_path / "a-2.json").read_text() == "mine"
    assert not list(tmp_path.glob(f"*{TMP_SUFFIX}"))
