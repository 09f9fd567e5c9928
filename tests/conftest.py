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
