"""The end of a round as a moment of its own (``RoundOverScreen``): it comes up after the answer
that ends a round, before anyone moves on, tells how the round ended, where everyone stands (the
engine's numbers) and what the next round turned up, is readable in full at 80×24, in English
and German, and Enter goes on."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from support import CARDS, key_for, screen_text, settled

from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.screens.board import BoardScreen
from peloponnes_tui.tui.screens.handoff import HandoffScreen
from peloponnes_tui.tui.screens.round_over import RoundOverScreen
from peloponnes_tui.tui.session import HUMAN, Seat, Session
from peloponnes_tui.tui.summary import round_end

SEATS = (("Helena", "red"), ("Leonidas", "blue"), ("Dimitrios", "green"), ("Ariadne", "yellow"))


async def to_round_end(pilot: Any, rnd: int) -> RoundOverScreen:
    """Answer with ``key_for``'s keys, Enter on every cover and earlier round's end, until the
    end of round ``rnd`` is shown."""
    app = pilot.app
    for _ in range(400):  # the bound only stops a hang
        screen = app.screen
        if isinstance(screen, RoundOverScreen):
            if screen.rnd == rnd:
                await settled(pilot)
                return screen
            await pilot.press("enter")
        elif isinstance(screen, HandoffScreen):
            await pilot.press("enter")
        else:
            panel = app.board.panel()
            if panel is None:
                await pilot.pause()
                continue
            await pilot.press(*key_for(panel))
        await settled(pilot)
    raise AssertionError(f"the end of round {rnd} never came")


def session(humans: int, players: int = 4) -> Session:
    seats = [Seat(name, colour, HUMAN if i < humans else "random")
             for i, (name, colour) in enumerate(SEATS[:players])]
    return Session.new(seats, 11, CARDS, privacy=True, bot_pause=0)


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_end_of_a_round_tells_the_table_what_happened_and_where_everyone_stands(lang):
    game = session(humans=2)
    app = PeloponnesApp(cards=CARDS, bot_pause=0, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        app.set_session(game)
        await settled(pilot)
        screen = await to_round_end(pilot, 2)
        assert game.game.round == 3 and screen.rnd == 2  # the next round has begun
        ended, begun = round_end(game, 2)
        assert screen.ended == ended and screen.begun == begun
        # how it ended: the turn order, the income; how the next began: its reveal
        kinds = [line.kind for line in ended]
        assert "turn_order" in kinds and "income" in kinds
        assert begun[0].kind == "reveal"
        # the whole story is readable at 80×24, a page at a time, from its first line
        story = screen.query_one("#story")
        seen = screen_text(app)
        for _ in range(10):
            await pilot.press("pagedown")
            seen += await settled(pilot)
        assert ("Round 2 of 8 is over" if lang == "en" else "Runde 2 von 8 ist vorbei") in seen
        assert story.scroll_y == story.max_scroll_y
        for line in (ended[0], begun[-1]):
            assert line.text.split()[0] in seen
        # every player's numbers, as the engine's view has them
        for p in game.view(0).players:
            seat = game.seats[p.seat]
            row = re.search(rf"{re.escape(seat.tag)} {seat.name} +(\d+) +(\d+) +(\d+) +(\d+)",
                            seen)
            assert row is not None, seat.name
            assert row.groups() == (str(p.inhabitants), str(p.power), str(p.luxury),
                                    str(p.hand_size))
        # nobody's hand is on the screen while the table reads it
        assert "Hand:" not in seen and "Hand: " not in seen
        await pilot.press("enter")
        await settled(pilot)
        # on: the next person takes the keyboard behind the cover
        assert isinstance(app.screen, HandoffScreen)


@asynccontextmanager
async def lone_player_at(size: tuple[int, int]) -> AsyncIterator[tuple[Any, Session]]:
    """One person and two random computer players, the app at ``size``: (pilot, session)."""
    game = session(humans=1, players=3)
    app = PeloponnesApp(cards=CARDS, bot_pause=0)
    async with app.run_test(size=size) as pilot:
        app.set_session(game)
        await settled(pilot)
        yield pilot, game


async def test_the_last_rounds_end_comes_before_the_scores_and_shows_the_final_supply():
    async with lone_player_at((120, 40)) as (pilot, game):
        app = pilot.app
        screen = await to_round_end(pilot, 8)
        assert game.over
        text = screen_text(app)
        assert "The last round is over" in text and "See the scores (Enter)" in text
        assert "supply" in [line.kind for line in screen.ended]  # the final supply
        await pilot.press("enter")
        await settled(pilot)
        assert "The game is over" in screen_text(app)


async def test_a_lone_player_reads_the_end_and_goes_on_to_the_board_without_a_cover():
    async with lone_player_at((80, 24)) as (pilot, _game):
        app = pilot.app
        await to_round_end(pilot, 1)
        await pilot.press("space")
        await settled(pilot)
        assert isinstance(app.screen, BoardScreen)
        assert app.board is not None and app.board.panel() is not None


async def test_the_game_can_be_saved_at_a_rounds_end(monkeypatch):
    """Ctrl+S saves there as on the board (a good moment to stop)."""
    async with lone_player_at((80, 24)) as (pilot, _game):
        app = pilot.app
        await to_round_end(pilot, 1)
        saved: list[bool] = []
        monkeypatch.setattr(app, "action_save_game", lambda: saved.append(True))
        await pilot.press("ctrl+s")
        await settled(pilot)
        assert saved == [True] and isinstance(app.screen, RoundOverScreen)


async def test_while_the_table_reads_the_board_behind_is_drawn_for_the_next_decision(
        monkeypatch):
    """With the hands shown (one person), the board behind the end of a round is drawn for the
    next decision while the table reads, when that decision is the person's, so Enter only
    shows it again: the board draws nothing more, and the panel has the keyboard.  With hidden
    hands nothing is drawn behind it: the cover comes first."""
    async with lone_player_at((120, 40)) as (pilot, game):
        app = pilot.app
        for rnd in range(1, 8):  # the first round's end after which the person decides
            await to_round_end(pilot, rnd)
            pending = game.pending
            assert pending is not None
            if game.seats[pending.player].human:
                break
        else:
            raise AssertionError("the person never decided first after a round's end")
        await pilot.pause(0.3)  # the table reads (PREPARE_AFTER)
        board = app.board
        assert board is not None and isinstance(app.screen, RoundOverScreen)
        panel = board.panel()
        assert panel is not None and panel.prompt == pending
        drawn: list[object] = []
        monkeypatch.setattr(board, "show_step", drawn.append)
        await pilot.press("enter")
        await settled(pilot)
        assert isinstance(app.screen, BoardScreen) and drawn == []
        assert app.focused is board.panel() is panel
    two = session(humans=2)
    app = PeloponnesApp(cards=CARDS, bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.set_session(two)
        await settled(pilot)
        await to_round_end(pilot, 1)
        await pilot.pause(0.3)
        assert app.game is not None and app.game.viewer is None  # nobody's view drawn
        await pilot.press("enter")
        await settled(pilot)
        assert isinstance(app.screen, HandoffScreen)
