"""Command-line values: every absurd one is refused with one clear line and exit status 2, before
any game is played, any list is built or any card file is read; an unexpected error in a command
ends in a short message, a crash log and exit status 1."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from peloponnes_tui import cli
from peloponnes_tui.cli import MAX_GAMES, main
from peloponnes_tui.crash import KEEP_LOGS, logs_dir


def refused(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run the command, check it is refused (status 2, nothing on stdout, no traceback) and
    return the error line."""
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "Traceback" not in err
    errors = [line for line in err.splitlines() if "error:" in line]
    assert len(errors) == 1, err
    return errors[0]


@pytest.fixture
def no_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any attempt to load the cards or play a game fails the test: values are checked first."""
    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("work was started before the values were checked")

    monkeypatch.setattr(cli, "_load", forbidden)
    monkeypatch.setattr(cli, "cmd_play", forbidden)


@pytest.mark.usefixtures("no_work")
@pytest.mark.parametrize(("args", "message"), [
    (["simulate", "--players", "1" + "0" * 30], "a game needs 2 to 5 players"),
    (["simulate", "--players", "1000000000"], "a game needs 2 to 5 players, not '1000000000'"),
    (["simulate", "--players", "0"], "a game needs 2 to 5 players, not '0'"),
    (["simulate", "--players", "1"], "a game needs 2 to 5 players, not '1'"),
    (["simulate", "--players", "-3"], "a game needs 2 to 5 players, not '-3'"),
    (["simulate", "--players", "four"], "a game needs 2 to 5 players, not 'four'"),
    (["simulate", "--players", "9" * 5000], "a game needs 2 to 5 players, not '99999"),
    (["simulate", "--bots", ""], "--bots: needs 1 to 5 names separated by commas"),
    (["simulate", "--bots", ",,,"], "--bots: needs 1 to 5 names separated by commas"),
    (["simulate", "--bots", " , "], "--bots: needs 1 to 5 names separated by commas"),
    (["simulate", "--bots", "random,,random"], "unknown bot ''"),
    (["simulate", "--bots", ",".join(["random"] * 6)], "gives 6 bots; a game needs 2 to 5"),
    (["simulate", "--bots", "random," * 500], "--bots: too long (3,500 characters)"),
    (["simulate", "--bots", "random"], "a game needs 2 to 5 players: give --players or more"),
    (["simulate", "--players", "2", "--bots", "random,random,random"],
     "--bots names 3 bots but --players is 2"),
    (["simulate", "--games", "0"], "--games: must be at least 1 and at most 100,000, not '0'"),
    (["simulate", "--games", "-5"], "--games: must be at least 1 and at most 100,000"),
    (["simulate", "--games", str(MAX_GAMES + 1)], "at most 100,000, not '100001'"),
    (["simulate", "--games", "1e9"], "--games: must be at least 1 and at most 100,000"),
    (["simulate", "--seed", "-1"], "--seed: the seed must be from 0 to 9,223,372,036,854,775,807"),
    (["simulate", "--seed", str(2**63)], "not '9223372036854775808'"),
    (["simulate", "--seed", "1" * 5000], "--seed: the seed must be from 0 to"),
    (["simulate", "--seed", "0x10"], "--seed: the seed must be a whole number, not '0x10'"),
    (["demo", "--scenario", ""], "--scenario: the name must not be empty"),
    (["demo", "--scenario", "   "], "--scenario: the name must not be empty"),
    (["demo", "--scenario", "plague\x1b]0;PWNED\x07"], "the name holds control characters"),
    (["demo", "--bots", ""], "--bots: needs 2 to 5 names separated by commas"),
    (["demo", "--bots", "random"], "--bots: gives 1 bot; a game needs 2 to 5 players"),
    (["demo", "--bots", "random,nobody"], "unknown bot 'nobody'"),
    (["demo", "--seed", "-7"], "--seed: the seed must be from 0 to"),
    (["--cards", ""], "--cards: the path must not be empty"),
    (["--cards", "x" * 5000], "--cards: the path is too long (5,000 characters)"),
    (["cards", "check", ""], "path: the path must not be empty"),
])
def test_absurd_values_are_refused_first(args, message, capsys):
    assert message in refused(args, capsys)


def test_a_refused_value_is_not_echoed_in_full(capsys, no_work):
    line = refused(["simulate", "--players", "7" * 5000], capsys)
    assert len(line) < 200


def test_the_huge_player_count_in_a_fresh_process():
    """The command as a player types it: no OverflowError traceback, status 2."""
    proc = subprocess.run([sys.executable, "-m", "peloponnes_tui", "simulate", "--players",
                           "1" + "0" * 30], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    assert "a game needs 2 to 5 players" in proc.stderr


def test_fewer_bots_than_players_are_repeated_as_help_says(capsys):
    assert main(["simulate", "--help"]) == 0
    assert "the bots are repeated" in " ".join(capsys.readouterr().out.split())
    assert main(["simulate", "--players", "3", "--bots", "heuristic", "--games", "1",
                 "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count('"bot": "heuristic"') == 3


def test_the_bounds_themselves_are_accepted(capsys):
    assert main(["simulate", "--players", "2", "--games", "1", "--seed", str(2**63 - 1),
                 "--json"]) == 0
    from peloponnes_tui.simulate import game_seed

    # the run's seed is mixed with the game's number into the game's own seed
    assert f'"seed": {game_seed(2**63 - 1, 0)}' in capsys.readouterr().out
    assert main(["simulate", "--players", "5", "--games", "1", "--seed", "0", "--json"]) == 0
    assert f'"seed": {game_seed(0, 0)}' in capsys.readouterr().out


def test_help_still_exits_0(capsys):
    assert main(["simulate", "--help"]) == 0
    assert "--games" in capsys.readouterr().out


# -- the top-level handler ----------------------------------------------------------------------


def test_an_unexpected_error_in_a_command_is_logged_not_shown(monkeypatch, capsys):
    def broken(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("injected: a secret from a save")

    monkeypatch.setattr("peloponnes_tui.simulate.play_game", broken)
    assert main(["simulate", "--players", "2", "--games", "1"]) == 1
    out, err = capsys.readouterr()
    logs = list(logs_dir().glob("crash-*.log"))
    assert len(logs) == 1
    assert err == (f"peloponnes: something went wrong (ZeroDivisionError); details written to "
                   f"{logs[0]}\n")
    assert "Traceback" not in out + err and "secret" not in out + err
    text = logs[0].read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text
    assert "ZeroDivisionError: injected: a secret from a save" in text
    assert "while: peloponnes simulate" in text


def test_crash_logs_are_limited_in_number(monkeypatch, capsys):
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("injected")

    monkeypatch.setattr("peloponnes_tui.simulate.play_game", broken)
    logs_dir().mkdir(parents=True)
    for i in range(KEEP_LOGS + 5):
        (logs_dir() / f"crash-20000101-0000{i:02d}-1.log").write_text("old")
    assert main(["simulate", "--players", "2", "--games", "1"]) == 1
    capsys.readouterr()
    logs = sorted(logs_dir().glob("crash-*.log"))
    assert len(logs) == KEEP_LOGS
    assert "RuntimeError: injected" in logs[-1].read_text(encoding="utf-8")
    assert not (logs_dir() / "crash-20000101-000000-1.log").exists()


def test_an_unwritable_log_still_gives_the_short_message(monkeypatch, capsys, data_dir):
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("injected")

    monkeypatch.setattr("peloponnes_tui.simulate.play_game", broken)
    (data_dir / "logs").write_text("a file where the folder should be")
    assert main(["simulate", "--players", "2", "--games", "1"]) == 1
    assert capsys.readouterr().err == ("peloponnes: something went wrong (RuntimeError); the "
                                       "details could not be written to a log file\n")


def test_ctrl_c_exits_130_quietly(monkeypatch, capsys):
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("peloponnes_tui.simulate.play_game", interrupted)
    assert main(["simulate", "--players", "2", "--games", "1"]) == 130
    assert capsys.readouterr() == ("", "")
    assert not logs_dir().exists()


def test_a_closed_pipe_ends_quietly():
    """``peloponnes simulate --json | head -1``: the reader goes away; no message, no log."""
    proc = subprocess.Popen([sys.executable, "-m", "peloponnes_tui", "simulate", "--players",
                             "2", "--games", "300", "--json"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 0
    assert first.startswith(b'{"seed": ') and first.endswith(b'}\n')  # one whole line
    assert err == b""
    assert not logs_dir().exists()


@pytest.mark.usefixtures("no_work")
def test_an_overlong_language_is_echoed_cut_to_20_characters(capsys):
    """``--lang`` with a 100,000-character value was echoed whole."""
    line = refused(["--lang", "x" * 100_000, "simulate"], capsys)
    assert "invalid choice: '" + "x" * 20 + "…'" in line
    assert len(line) < 200


@pytest.mark.usefixtures("no_work")
@pytest.mark.parametrize("args", [["--lang"], ["simulate", "--lang"], ["--lang", "--resume"],
                                  ["demo", "--lang", "--text"]])
def test_a_language_option_without_a_value_is_one_clear_line(args, capsys):
    """``--lang`` without a value printed the usage line of an internal parser
    ("usage: __main__.py [--lang LANG]")."""
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "peloponnes: --lang needs a language: en (English) or de (Deutsch)\n"


def test_the_language_is_read_wherever_it_stands():
    assert cli._language_asked(["simulate", "--lang=de"]) == "de"
    assert cli._language_asked(["--lang", "en", "demo", "--lang", "de"]) == "de"
    assert cli._language_asked(["--lang", "fr"]) is None
    assert cli._language_asked(["replay", "--", "--lang"]) is None


@pytest.mark.parametrize(("encoding", "args", "shown"), [
    ("ascii", ["simulate", "--players", "2", "--games", "2"], "%-"),  # "–" in the ranges
    ("ascii", ["simulate", "--players", "2", "--games", "2"], "#"),  # "█" in the bars
    ("latin-1", ["simulate", "--players", "2", "--games", "2"], "#"),
    ("ascii", ["cards", "check"], "OK: the built-in card data is valid"),
    ("latin-1", ["cards", "check"], "OK: the built-in card data is valid"),
    ("ascii", ["demo", "--text", "--scenario", "plague"], "Plague"),
    ("ascii", ["--lang", "de", "demo", "--text", "--scenario", "plague"], "Pest"),
])
def test_output_in_an_encoding_without_the_signs_degrades(encoding, args, shown, data_dir):
    """With PYTHONIOENCODING=ascii or latin-1 these commands ended in UnicodeEncodeError on
    "–", "…" or "█": they run to their end, with ASCII or "?" for what cannot be written."""
    env = {**os.environ, "PYTHONIOENCODING": encoding, "PELOPONNES_DATA_DIR": str(data_dir)}
    proc = subprocess.run([sys.executable, "-m", "peloponnes_tui", *args], capture_output=True,
                          timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b""
    assert shown in proc.stdout.decode(encoding)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_full_disk_while_saving_games_is_a_refusal(workers, monkeypatch, capsys, tmp_path):
    """A full disk during ``simulate --save-games`` ended as an unexpected error (status 1,
    "something went wrong"): it is a refusal, one line and status 2. (The workers are forked,
    so the failing write reaches them.)"""
    import errno

    from peloponnes_tui import files

    real = files.atomic_write

    def full(path, text):
        if path.name.startswith("game-00003"):
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        real(path, text)

    monkeypatch.setattr(files, "atomic_write", full)
    folder = tmp_path / "games"
    assert main(["simulate", "--players", "2", "--games", "6", "--workers", workers,
                 "--save-games", str(folder)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("peloponnes: cannot write the game file ")
    assert "game-00003-seed-" in err and "(No space left on device); stopped after 2 games" in err
    assert len(err.splitlines()) == 1
