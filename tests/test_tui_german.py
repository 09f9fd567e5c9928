"""The app in German: a whole game by key presses, and the language switch (command palette and
New game screen), which redraws the screen at once and is remembered; ``--lang`` wins for a run.
"""

from __future__ import annotations

import pytest
from support import SEED, decisions_by_keys, screen_text, session_at, settled

from peloponnes_tui.engine import BidPrompt, Game
from peloponnes_tui.i18n import language, name
from peloponnes_tui.settings import load_settings
from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.screens.board import BoardScreen
from peloponnes_tui.tui.screens.handoff import HandoffScreen
from peloponnes_tui.tui.screens.new_game import NewGameScreen
from peloponnes_tui.tui.screens.round_over import RoundOverScreen
from peloponnes_tui.tui.screens.scoring import ScoringScreen
from peloponnes_tui.tui.screens.start import StartScreen
from peloponnes_tui.tui.session import HUMAN
from peloponnes_tui.tui.widgets.bid_panels import BidPanel


@pytest.fixture
def german():
    """Whatever a test switches, the next one starts in English again (``conftest.english``
    sets it back); this only says that the test plays in German."""
    return "de"


async def test_two_people_play_a_whole_game_by_keys_in_german(cards, german):
    app = PeloponnesApp(cards=cards, bot_pause=0, lang=german)
    assert language() == "de"
    seen_bidding = False
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        text = screen_text(app)
        assert "Neue Partie (n)" in text and "Regeln (?)" in text and "das Kartenspiel" in text
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        text = screen_text(app)
        for words in ("Neue Partie", "Spieler", "Platz 1", "Mensch", "Startwert", "Sichtschutz",
                      "Sprache", "◀ Deutsch ▶", "Partie beginnen (^g)"):
            assert words in text, words
        await pilot.press("up", "left")  # two players
        assert screen.count == 2
        assert [s.kind for s in screen.seats[:2]] == [HUMAN, HUMAN]
        screen.query_one("#seed").focus()
        await pilot.press(*str(SEED), "ctrl+g")
        await settled(pilot)
        session = app.session
        assert session is not None and session.seed == SEED
        async for panel in decisions_by_keys(pilot):
            text = screen_text(app)
            if panel is None and isinstance(app.screen, RoundOverScreen):
                text = await settled(pilot)
                assert "ist vorbei" in text  # the title; "So steht es" may be further down
                assert "Weiter zur Runde" in text or "Zur Wertung (Enter)" in text
                continue
            if panel is None:
                assert isinstance(app.screen, HandoffScreen)
                assert "Gib die Tastatur an" in text and "zeig meine Hand (Enter)" in text
                continue
            if isinstance(panel, BidPanel) and not seen_bidding:
                seen_bidding = True
                # the status line, the panel and the footer in German; card names from the data
                assert "Runde 1/8 │ Bieten │ Stapel" in text
                assert "bieten oder passen" in text
                assert "Hilfe" in text and "Rückgängig" in text  # undo; withdrawing: "Zurücknehmen"
                offer = [name(cards.power_by_id[c].name) for c in panel.offer()]
                assert any(card in text for card in offer)
        assert seen_bidding
        assert isinstance(app.screen, ScoringScreen)
        game = session.game
        assert game.over
        text = screen_text(app)
        winners = " und ".join(f"{session.seats[w].tag} {session.seats[w].name}"
                               for w in game.winners)
        assert f"Das Spiel ist vorbei. Sieg: {winners}!" in text
        assert "Schlusswertung" in text and "= Bevölkerung" in text and "Gleichstand" in text
    replay = Game.replay([s.name for s in session.seats], SEED, game.answers, cards)
    assert replay.over and replay.scores == game.scores


async def test_the_palette_switches_the_board_to_german_at_once_and_it_is_remembered(cards):
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settled(pilot)
        app.set_session(session_at(cards, 3, lambda p: isinstance(p, BidPrompt)))
        await settled(pilot)
        text = screen_text(app)
        assert "bid or pass" in text and "Round 1/8" in text and "Help" in text
        await pilot.press("ctrl+p")
        await settled(pilot)
        await pilot.press(*"Sprache")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settled(pilot)
        assert language() == "de"
        assert isinstance(app.screen, BoardScreen)
        text = screen_text(app)
        # the board, the decision panel and the footer, all in German now
        assert "Runde 1/8 │ Bieten" in text and "Marktreihe" in text
        assert "bieten oder passen" in text and "Karten: " in text
        assert "Hilfe" in text and "Round 1/8" not in text and "bid or pass" not in text
    assert load_settings()[0].language == "de"
    # the next launch starts in German (the setting), unless --lang says otherwise for that run
    app2 = PeloponnesApp(cards=cards, bot_pause=0)
    async with app2.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert isinstance(app2.screen, StartScreen)
        assert "Neue Partie (n)" in screen_text(app2)
    app3 = PeloponnesApp(cards=cards, bot_pause=0, lang="en")
    async with app3.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert "New game (n)" in screen_text(app3)
    assert load_settings()[0].language == "de"


async def test_the_new_game_screen_switches_the_language_and_keeps_the_form(cards):
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("n")
        await settled(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await pilot.press("ctrl+a", "ctrl+k", *"Kassandra")
        screen.query_one("#language").focus()
        await pilot.press("right")  # English → Deutsch
        await settled(pilot)
        assert language() == "de"
        assert app.screen is screen and app.focused is screen.query_one("#language")
        text = screen_text(app)
        assert "Platz 1" in text and "Kassandra" in text and "◀ Deutsch ▶" in text
        assert "Partie beginnen (^g)" in text and "Seat 1" not in text
        await pilot.press("escape")  # back to the start screen, drawn in German too
        await settled(pilot)
        assert "Neue Partie (n)" in screen_text(app)
    assert load_settings()[0].language == "de"
    app2 = PeloponnesApp(cards=cards, bot_pause=0)
    async with app2.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("n")
        await settled(pilot)
        text = screen_text(app2)
        assert "Platz 1" in text and "◀ Deutsch ▶" in text
        app2.screen.query_one("#language").focus()
        await pilot.press("left")  # back to English
        await settled(pilot)
        assert "Seat 1" in screen_text(app2) and language() == "en"
    assert load_settings()[0].language == "en"
