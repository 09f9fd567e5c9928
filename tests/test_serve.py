"""`peloponnes serve` without a browser: its arguments, the missing extra, one folder per page,
and saving as a download. The browser itself is in test_browser.py."""

from __future__ import annotations

import io
import os
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest
from support import session_at, settled

from peloponnes_tui.cli import main
from peloponnes_tui.engine import BidPrompt
from peloponnes_tui.files import CONFIG_DIR_ENV
from peloponnes_tui.serve import session_command
from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.session import DATA_DIR_ENV, saves_dir
from peloponnes_tui.web_page import WEB_SESSION_ENV, in_web_session, web_session


def test_serve_without_the_web_extra(monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)  # as if not installed
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert "pip install 'peloponnes-tui[web]'" in err and "Traceback" not in err


@pytest.mark.parametrize("port", ["0", "65536", "-1"])
def test_serve_refuses_a_port_out_of_range(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", port]) == 2
    err = capsys.readouterr().err
    assert "the port must be from 1 to 65,535" in err and "Traceback" not in err


def test_each_page_runs_this_python_in_a_web_session(tmp_path: Path) -> None:
    cards = tmp_path / "my cards.yaml"
    words = shlex.split(session_command(str(cards)))
    assert words == [sys.executable, "-m", "peloponnes_tui", "--web-session",
                     "--cards", str(cards.resolve())]
    assert shlex.split(session_command(None)) == words[:4]


def test_a_web_session_has_a_private_folder_removed_afterwards(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr("tempfile.tempdir", None)  # tempfile reads TMPDIR again
    before = (os.environ.get(DATA_DIR_ENV), os.environ.get(CONFIG_DIR_ENV))
    with web_session() as first, web_session() as second:
        assert first != second and first.parent == second.parent == tmp_path
        assert os.environ[DATA_DIR_ENV] == str(second) and in_web_session()
        assert os.environ[CONFIG_DIR_ENV] == str(second / "config")
        (second / "autosave.json").write_text("{}")
    assert not first.exists() and not second.exists()
    assert (os.environ.get(DATA_DIR_ENV), os.environ.get(CONFIG_DIR_ENV)) == before
    assert WEB_SESSION_ENV not in os.environ


async def test_saving_in_a_browser_is_a_download(cards: Any, monkeypatch: pytest.MonkeyPatch
                                                 ) -> None:
    monkeypatch.setenv(WEB_SESSION_ENV, "1")
    delivered: list[tuple[str, str | None]] = []

    def deliver_text(file: io.StringIO, **kw: Any) -> str:
        delivered.append((file.getvalue(), kw.get("save_filename")))
        return "key"

    app = PeloponnesApp(cards=cards, bot_pause=0)
    monkeypatch.setattr(app, "deliver_text", deliver_text)
    async with app.run_test(size=(100, 40)) as pilot:
        app.set_session(session_at(cards, 2, lambda p: isinstance(p, BidPrompt)))
        await settled(pilot)
        await pilot.press("ctrl+s")
        await settled(pilot)
        assert app.session is not None
        text = app.session.dumps()
    assert len(delivered) == 1
    assert delivered[0][0] == text
    assert str(delivered[0][1]).startswith("peloponnes-") and str(delivered[0][1]).endswith(".json")
    assert not saves_dir().exists() or list(saves_dir().iterdir()) == []
