"""Fixtures shared by every test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from peloponnes_tui.cards import CardSet, load_cards
from peloponnes_tui.files import CONFIG_DIR_ENV
from peloponnes_tui.tui.session import DATA_DIR_ENV


@pytest.fixture(scope="session")
def cards() -> CardSet:
    """The shipped card data."""
    return load_cards()


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The app's data directory (saves, autosave) and config directory (settings): fresh ones for
    every test, never the user's."""
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path))
    monkeypatch.setenv(CONFIG_DIR_ENV, str(tmp_path / "config"))
    return tmp_path


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in English, whatever the machine's locale, and leaves it so."""
    from peloponnes_tui.i18n import set_language

    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANGUAGE", "en")
    set_language("en")
    yield
    set_language("en")


@pytest.fixture(autouse=True)
def thorough_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    """``pilot.pause()`` waits for the messages of the widgets that exist when it starts; a widget
    mounted meanwhile (a new decision panel, a screen's children) may still have its first layout
    pending, and on a busy machine a test could read the screen before it. Pause twice, so the
    widgets mounted by the first wait are waited for too."""
    from textual.pilot import Pilot

    original = Pilot.pause

    async def pause(self: Pilot[object], delay: float | None = None) -> None:
        await original(self, delay)
        if delay is None:
            await original(self, None)

    monkeypatch.setattr(Pilot, "pause", pause)
