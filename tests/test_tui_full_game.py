"""A whole 3-player game played by key presses only, at the smallest supported terminal and at a
wide one: three people share the keyboard, a hand-off cover goes up whenever it passes from one
to another, and at every decision the whole decision panel is on screen (at 80×24 its start:
tests/test_tui_board80.py checks the board's facts there).
"""

from __future__ import annotations

from itertools import pairwise

import pytest
from support import SEED, decisions_by_keys, screen_text, settled

from peloponnes_tui.engine import Game
from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.render import hand_summary
from peloponnes_tui.tui.screens.board import BoardScreen
from peloponnes_tui.tui.screens.new_game import NewGameScreen
from peloponnes_tui.tui.screens.round_over import RoundOverScreen
from peloponnes_tui.tui.screens.scoring import ScoringScreen
from peloponnes_tui.tui.session import HUMAN
from peloponnes_tui.tui.widgets.panel import DecisionPanel


def panel_fully_shown(board: BoardScreen, panel: DecisionPanel) -> bool:
    """Every line of the panel lies inside what the screen shows of it (nothing scrolled or
    clipped away); at 80 columns, where the board keeps the rows of the cards, the tracks and
    the players in view, a long panel starts at the top of its column and goes on below the
    fold (^↓)."""
    geometry = board.find_widget(panel)
    if board.app.size.width < 120:
        return geometry.region.y == geometry.clip.y
    return geometry.clip.contains_region(geometry.region)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_three_people_play_a_whole_game_by_keys(cards, size):
    app = PeloponnesApp(cards=cards, bot_pause=0)
    answered = 0
    covers = ends = 0
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        # New game: the third seat becomes a person too (← from the computer kinds), the seed
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#kind2").focus()
        for _ in range(4):  # there are four kinds; the bound only stops a hang
            if screen.seats[2].kind == HUMAN:
                break
            await pilot.press("left")
        assert [s.kind for s in screen.seats[:3]] == [HUMAN, HUMAN, HUMAN]  # of five rows
        screen.query_one("#seed").focus()
        await pilot.press(*str(SEED), "ctrl+g")
        await settled(pilot)
        session = app.session
        assert session is not None and session.seed == SEED and session.privacy
        assert all(s.human for s in session.seats)
        wide = size[0] >= 160
        async for panel in decisions_by_keys(pilot):
            if panel is None:
                if isinstance(app.screen, RoundOverScreen):
                    ends += 1
                else:
                    covers += 1
                continue
            board = app.board
            assert isinstance(board, BoardScreen)
            viewer = app.viewer
            assert viewer == panel.prompt.player
            # the panel is scrolled into view after the frame that shows it (scroll_to_panel):
            # the screen as the player sees it once it has settled
            await settled(pilot)
            text = screen_text(app)
            # the decision panel's heading is on screen, and the whole panel fits
            heading = panel.text.plain.split("\n")[0]
            assert heading.split(":")[0] in text
            assert panel_fully_shown(board, panel), (size, panel.prompt.kind, answered)
            # the one hand ever shown is the viewer's own: beside the board when wide, on the
            # decision column's top border at 80 columns
            hands = [line for line in text.split("\n") if "Hand:" in line]
            assert len(hands) == 1
            if wide:
                own = hand_summary(cards, session.view(viewer).hand).plain
                shown = hands[0].split("Hand:")[1].strip()  # a long hand goes on below
                assert shown and own.startswith(shown)
            else:
                own = hand_summary(cards, session.view(viewer).hand, " ").plain
                assert hands[0].split("Hand:")[1].strip(" ─") == own
            answered += 1
        assert isinstance(app.screen, ScoringScreen)
        game = session.game
        assert game.over
        text = screen_text(app)
        winners = " and ".join(f"{session.seats[w].tag} {session.seats[w].name}"
                               for w in game.winners)
        assert f"The game is over. Winner: {winners}!" in text
    # every answer of the game came from a key press at a panel, and a cover went up each time
    # the keyboard passed from one person to another, or the table had read a round's end
    assert answered == len(game.answers)
    replay = Game.new([s.name for s in session.seats], SEED, cards)
    rounds = []
    for answer in game.answers:
        rounds.append(replay.round)
        replay.answer(answer)
    assert replay.over and replay.scores == game.scores
    seats = game.answer_seats
    assert ends == 8
    assert covers == 1 + sum(1 for (a, r), (b, s) in pairwise(zip(seats, rounds, strict=True))
                             if a != b or r != s)
