from __future__ import annotations

import pytest

from peloponnes_tui.cards import CardSet, load_cards


@pytest.fixture(scope="session")
def cards() -> CardSet:
    return load_cards()
