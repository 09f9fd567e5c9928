"""`peloponnes` without a terminal, and `peloponnes cards export`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from peloponnes_tui.cards import DEFAULT_CARDS_PATH
from peloponnes_tui.cli import main


def test_play_without_a_terminal_says_so_and_stops() -> None:
    """Output to a pipe (as in a script or CI): one line, status 2, no escape codes, no hang."""
    done = subprocess.run([sys.executable, "-m", "peloponnes_tui"], capture_output=True,
                          stdin=subprocess.DEVNULL, timeout=60)
    assert done.returncode == 2
    assert done.stdout == b""
    err = done.stderr.decode()
    assert err.count("\n") == 1 and "\x1b" not in err
    assert "needs an interactive terminal" in err and "demo --text" in err


@pytest.mark.parametrize("args", [["demo"], ["demo", "--scenario", "plague"]])
def test_the_demo_screen_without_a_terminal_says_so_and_stops(args: list[str]) -> None:
    """``peloponnes demo`` skipped the terminal check of play, learn and replay: without a
    terminal it wrote escape codes and never ended. One line, status 2, and the way on."""
    done = subprocess.run([sys.executable, "-m", "peloponnes_tui", *args], capture_output=True,
                          stdin=subprocess.DEVNULL, timeout=30)
    assert done.returncode == 2
    assert done.stdout == b""
    err = done.stderr.decode()
    assert err.count("\n") == 1 and "\x1b" not in err
    assert "needs an interactive terminal" in err
    assert "'peloponnes demo --text' prints the narration instead" in err


def test_play_with_a_dumb_terminal_says_so(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    assert main([]) == 2
    assert "TERM is 'dumb'" in capsys.readouterr().err


def test_cards_export_writes_the_built_in_data(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "my-cards.yaml"
    assert main(["cards", "export", str(out)]) == 0
    assert out.read_bytes() == DEFAULT_CARDS_PATH.read_bytes()
    assert f"peloponnes --cards {out}" in capsys.readouterr().out
    assert main(["cards", "check", str(out)]) == 0  # what was written is valid card data


def test_cards_export_never_replaces_a_file_unasked(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "mine.yaml"
    out.write_text("my own edits")
    assert main(["cards", "export", str(out)]) == 2
    assert "exists already; give --force" in capsys.readouterr().err
    assert out.read_text() == "my own edits"
    assert main(["cards", "export", "--force", str(out)]) == 0
    assert out.read_bytes() == DEFAULT_CARDS_PATH.read_bytes()
    assert main(["cards", "export", str(tmp_path / "no" / "such" / "folder.yaml")]) == 2


def test_simulate_prints_names_from_the_card_file_as_text(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    """A card file's names are text: brackets in a name are not rich markup."""
    data = DEFAULT_CARDS_PATH.read_text().replace("name: {en: Plague,",
                                                  "name: {en: '[bold]Plague[/bold]',", 1)
    assert "[bold]Plague" in data
    path = tmp_path / "cards.yaml"
    path.write_text(data)
    assert main(["--cards", str(path), "simulate", "--players", "2", "--games", "1"]) == 0
    assert "[bold]Plague[/bold]" in capsys.readouterr().out
