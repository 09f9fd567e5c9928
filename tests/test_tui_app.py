"""Pilot tests of the Textual app: start screen, a whole hot-seat game by keys, privacy, undo."""

from __future__ import annotations

from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.board import BoardScreen
from peloponnes_tui.tui.render import hand_summary
from peloponnes_tui.tui.screens import (
    HandoffScreen,
    NewGameScreen,
    ScoringScreen,
    StartScreen,
)
from peloponnes_tui.tui.session import autosave_path
from peloponnes_tui.tui.testing import key_for
from peloponnes_tui.tui.textdump import screen_text


async def new_game_by_keys(pilot) -> None:
    """From the start screen: n, then Ctrl+G with the defaults (2 humans + 1 computer)."""
    await pilot.press("n")
    assert isinstance(pilot.app.screen, NewGameScreen)
    await pilot.press("ctrl+g")
    await pilot.pause()


async def test_start_screen_offers_everything(cards):
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        text = screen_text(app)
        for word in ("New game", "Resume", "Load", "Rules", "Quit"):
            assert word in text
        await pilot.press("question_mark")
        assert "Score = the LOWER" in screen_text(app)


async def test_full_game_by_keys_to_scoring(cards):
    """Two humans and a computer play a complete game with key presses only."""
    app = PeloponnesApp(cards=cards, bot_pause=0)
    seen: set[str] = set()
    handoffs = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await new_game_by_keys(pilot)
        assert app.session is not None
        assert [s.human for s in app.session.seats] == [True, True, False]
        for _ in range(800):
            if isinstance(app.screen, ScoringScreen):
                break
            if isinstance(app.screen, HandoffScreen):
                handoffs += 1
                await pilot.press("enter")
                continue
            board = app.board
            assert board is not None and app.screen is board
            panel = board.panel()
            if panel is None:
                await pilot.pause()
                continue
            seen.add(panel.prompt.kind)
            await pilot.press(key_for(panel))
        assert isinstance(app.screen, ScoringScreen)
        text = screen_text(app)
        assert "Winner" in text and "Score (the lower)" in text
        assert app.session.game.over
        assert handoffs >= 8
        assert {"bid"} <= seen
        assert autosave_path().exists()


async def test_privacy_cover_hides_hands(cards):
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await new_game_by_keys(pilot)
        session = app.session
        assert session is not None
        covers = 0
        for _ in range(14):
            if not isinstance(app.screen, HandoffScreen):
                panel = app.board.panel()
                assert panel is not None and panel.prompt.player == app.viewer
                await pilot.press(key_for(panel))
                await pilot.pause()
                continue
            covers += 1
            player = session.game.pending.player
            name = session.seats[player].name
            text = screen_text(app)
            assert "Pass the keyboard to" in text and name in text
            # nothing private: no hand, no decision panel, no coin backs of anybody
            for private in ("Coin cards:", "Pay with:", "Hand:", "Cover the selected"):
                assert private not in text
            for seat in range(len(session.seats)):
                hand = hand_summary(cards, session.game.players[seat].hand).plain
                assert hand not in text
            await pilot.press("enter")
            assert isinstance(app.screen, BoardScreen)
            assert app.viewer == player
        assert covers >= 3


async def test_undo_own_unseen_choice(cards):
    """A player takes back a choice while the next player's cover is still up."""
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await new_game_by_keys(pilot)
        session = app.session
        for _ in range(20):  # play until a human's answer is followed by a cover
            if isinstance(app.screen, HandoffScreen) and session.answered_by and \
                    session.seats[session.answered_by[-1]].human and \
                    not session.game.answer_revealed[-1]:
                break
            if isinstance(app.screen, HandoffScreen):
                await pilot.press("enter")
            else:
                await pilot.press(key_for(app.board.panel()))
                await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        who = session.answered_by[-1]
        count = len(session.game.answers)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert len(app.session.game.answers) == count - 1
        assert app.session.game.pending.player == who
        assert isinstance(app.screen, BoardScreen)
        assert app.board.panel() is not None
        # now the same player's previous answer was a different seat's: nothing more to undo
        if app.session.answered_by and app.session.answered_by[-1] != who:
            await pilot.press("ctrl+z")
            assert len(app.session.game.answers) == count - 1


async def test_quit_mid_game_asks(cards):
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await new_game_by_keys(pilot)
        await pilot.press("enter")
        await pilot.press("q")
        assert "Quit the game in progress?" in screen_text(app)
        await pilot.press("n")
        assert app.is_running
        await pilot.press("q", "y")
        await pilot.pause()
    assert app.return_value == 0


async def test_mouse_click_picks_card_and_coins(cards):
    """Clicking a card name and a coin kind in the bid panel does what the keys do."""
    from peloponnes_tui.engine import BidPrompt
    from peloponnes_tui.tui.panels import BidPanel
    from peloponnes_tui.tui.testing import session_at

    session = session_at(cards, 3, lambda p: isinstance(p, BidPrompt) and len(p.hand) >= 2)
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        app.set_session(session)
        await pilot.pause()
        panel = app.board.panel()
        assert isinstance(panel, BidPanel)
        offer = panel.offer()
        other = next(c for c in offer if c != panel.card)
        name = cards.power_by_id[other].name.en
        label = f"{offer.index(other) + 1} {name}"

        def where(prefix: str, label: str) -> tuple[int, int]:
            """Screen column and row of ``label`` on the line that starts with ``prefix``."""
            for y, line in enumerate(screen_text(app).split("\n")):
                if line.lstrip().startswith(prefix) and label in line:
                    return line.index(label) + 1, y
            raise AssertionError(f"{label!r} not on screen")

        await pilot.click(offset=where("Cards:", label))
        await pilot.pause()
        assert panel.card == other
        # a coin kind: click its key box; it cycles that kind's count
        back_index, back, _n = panel.hand_backs()[0]
        before = panel.chosen[back]
        await pilot.click(offset=where("Coin cards:", f" {'abcdefg'[back_index]} "))
        await pilot.pause()
        assert panel.chosen[back] != before


async def test_too_small_terminal_says_so(cards):
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "too small" in text and "80×24" in text


async def test_wide_layout_shows_every_tableau(cards):
    from peloponnes_tui.engine import BidPrompt
    from peloponnes_tui.tui.testing import session_at

    session = session_at(cards, 5, lambda p: isinstance(p, BidPrompt), min_round=2)
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(160, 50)) as pilot:
        app.set_session(session)
        await pilot.pause()
        assert app.board.has_class("wide")
        text = screen_text(app)
        assert text.count("population ") == 5  # one tableau heading per player
        for seat in session.seats:
            assert seat.name in text
        # the decision panel sits beside the board, the viewer's hand is shown once
        assert text.count("Hand:") == 1


async def test_light_theme_from_command_palette(cards):
    """Ctrl+P → Theme → textual-light: darker player colours, tags and panel text still there."""
    from peloponnes_tui.engine import BidPrompt
    from peloponnes_tui.tui.session import COLOURS, LIGHT_COLOURS
    from peloponnes_tui.tui.testing import session_at

    session = session_at(cards, 3, lambda p: isinstance(p, BidPrompt))
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = "textual-dark"
        app.set_session(session)
        await pilot.pause()
        seat = session.seats[session.game.pending.player]
        assert seat.rich_colour == COLOURS[seat.colour][0]
        await pilot.press("ctrl+p", *"theme")
        await pilot.pause()
        await pilot.press("enter", *"textual-light")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.theme == "textual-light" and not app.current_theme.dark
        assert seat.rich_colour == LIGHT_COLOURS[seat.colour]
        text = screen_text(app)
        for s in session.seats:  # the turn order in the status line: letter and symbol
            assert s.tag in text
        assert f"{seat.tag} {seat.name} — bid or pass" in text
        assert "Coin cards:" in text
        # the panel was redrawn in the light colours
        panel = app.board.panel()
        assert any(LIGHT_COLOURS[seat.colour] in str(span.style) for span in panel.render().spans)
        app.theme = "textual-dark"
        await pilot.pause()
        assert seat.rich_colour == COLOURS[seat.colour][0]


async def test_player_numbers_in_view_while_deciding(cards):
    """At 80×24 the player to move sees their population, power, … on the panel's border."""
    from peloponnes_tui.engine import BidPrompt
    from peloponnes_tui.tui.testing import session_at

    session = session_at(cards, 4, lambda p: isinstance(p, BidPrompt) and p.player == 2)
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.set_session(session)
        await pilot.pause()
        p = session.game.view_for(2).players[2]
        line = next(x for x in screen_text(app).split("\n") if " pop " in x)
        assert session.seats[2].tag in line
        for bit in (f"pop {p.inhabitants}", f"pow {p.power}",
                    f"lux {p.luxury}/{p.luxury_cap}", f"hand {p.hand_size}"):
            assert bit in line


async def test_new_game_screen_sets_computer_pause(cards):
    import json

    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        assert "0.7 s" in screen_text(app)  # the default
        app.screen.query_one("#pause").active_effect_duration = 0  # no 0.2 s press animation
        for _ in range(3):  # 0.7 → 1.5 → 0 → 0.3
            await pilot.click("#pause")
            await pilot.pause()
        assert app.screen.pause == 0.3
        assert "0.3 s" in screen_text(app)
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert app.session is not None and app.session.bot_pause == 0.3
        assert app.bot_pause == 0  # the test's override still wins
        assert json.loads(autosave_path().read_text())["extra"]["bot_pause"] == 0.3


async def test_computer_players_think_in_a_worker(cards):
    """With a pause between computer moves, bots decide in a thread and the answer is applied
    on the app's thread; the game goes on to the next human."""
    from peloponnes_tui.tui.session import Seat, Session

    app = PeloponnesApp(cards=cards, bot_pause=0.01)
    seats = [Seat("Helena", "red", "heuristic"), Seat("Leonidas", "blue", "search"),
             Seat("Dimitrios", "green", "human")]
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        from peloponnes_tui.engine.position import Position

        # the two computer players bid first
        app.set_session(Session.new(seats, 4, cards, privacy=False,
                                    position=Position(order=[0, 1, 2])))
        for _ in range(400):  # until the human is asked (bots answered in the worker)
            await pilot.pause(0.02)
            pending = app.session.game.pending
            if pending is not None and seats[pending.player].human \
                    and app.board.panel() is not None:
                break
        game = app.session.game
        assert game.answers, "the computer players answered"
        assert all(not seats[s].human for s in game.answer_seats)
        assert seats[game.pending.player].human
