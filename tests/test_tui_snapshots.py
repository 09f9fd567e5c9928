"""Snapshot tests of the main screens at 80×24 and 160×50, the board also at 120×40 and 200×60
(pytest-textual-snapshot)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import finished_session, session_at, settled

from peloponnes_tui.cards import load_cards
from peloponnes_tui.engine import BidPrompt, BuildPrompt
from peloponnes_tui.tui.app import PeloponnesApp

SIZES = [(80, 24), (160, 50)]
# the board also where its layout changes: the decision panel and the own tableau beside the
# board from 120 columns, every tableau from 160, and a large terminal
BOARD_SIZES = [(80, 24), (120, 40), (160, 50), (200, 60)]
# A frozen copy of the card data: rebalancing assets/cards.yaml must not change these pictures.
FROZEN_CARDS = Path(__file__).parent / "data" / "cards-frozen.yaml"


def app_with(session_factory, lang="en"):
    cards = load_cards(FROZEN_CARDS)
    app = PeloponnesApp(cards=cards, bot_pause=0, lang=lang)

    async def before(pilot):
        await settled(pilot)
        if session_factory is not None:
            app.set_session(session_factory(cards))
            await settled(pilot)
            await settled(pilot)

    return app, before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_start_screen(snap_compare, size):
    app, before = app_with(None)
    assert snap_compare(app, terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", BOARD_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_board_bidding(snap_compare, size):
    app, before = app_with(lambda cards: session_at(
        cards, 4, lambda p: isinstance(p, BidPrompt) and p.player == 2 and
        any(t.holder is not None for t in p.targets), seed=3))
    assert snap_compare(app, terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", BOARD_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_board_build(snap_compare, size):
    app, before = app_with(lambda cards: session_at(
        cards, 3, lambda p: isinstance(p, BuildPrompt) and p.can_pay, seed=5))
    assert snap_compare(app, terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_scoring(snap_compare, size):
    app, before = app_with(lambda cards: finished_session(cards, 3, seed=2))
    assert snap_compare(app, terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_new_game_screen(snap_compare, size):
    """Five seats, one of each kind, the focus on a computer player's kind."""
    app, before = app_with(None)

    async def to_new_game(pilot):
        await before(pilot)
        await pilot.press("n", "up", "right", "right", "down", "down", "down", "tab", "tab",
                          "right", "down", "right", "right")
        await settled(pilot)

    assert snap_compare(app, terminal_size=size, run_before=to_new_game)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_handoff_cover(snap_compare, size):
    """The cover between two people, with what happened since the next one's last turn."""
    app, before = app_with(lambda cards: session_at(
        cards, 4, lambda p: isinstance(p, BidPrompt) and p.player == 2, seed=5, min_round=4,
        privacy=True))
    assert snap_compare(app, terminal_size=size, run_before=before)



def test_board_bidding_in_german(snap_compare):
    """The board of test_board_bidding at 120×40, in German (longer words: nothing cut)."""
    app, before = app_with(lambda cards: session_at(
        cards, 4, lambda p: isinstance(p, BidPrompt) and p.player == 2 and
        any(t.holder is not None for t in p.targets), seed=3), lang="de")
    assert snap_compare(app, terminal_size=(120, 40), run_before=before)


def test_the_pictures_are_drawn_with_the_pinned_releases():
    """The SVG snapshots above are exact to the Textual and rich releases (and the snapshot
    plugin) pinned in constraints.txt; with other versions these tests say nothing. (.ci/newest,
    which runs the suite with the newest versions the ranges allow, leaves this file out.)"""
    from importlib import metadata

    from packaging.utils import canonicalize_name

    pins = {canonicalize_name(line.split("==")[0]): line.split("==")[1].strip()
            for line in (Path(__file__).parents[1] / "constraints.txt").read_text().splitlines()
            if line and not line.startswith("#")}
    for name in ("textual", "rich", "pytest-textual-snapshot", "syrupy"):
        assert metadata.version(name) == pins[name], name
