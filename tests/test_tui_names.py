"""Names from files (saves, settings) are shown as text: brackets in a name are never Textual
markup, so a name cannot restyle the screen or carry a click action."""

from __future__ import annotations

from support import PlayerSpec, notifications, screen_text, session_from, settled

from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.screens.handoff import HandoffScreen
from peloponnes_tui.tui.screens.start import StartScreen
from peloponnes_tui.tui.session import Session, autosave_path

REVEAL = ["forest", "quarry", "pasture", "barley-fields", "coast", "granary"]
NAME = "[@click=app.quit]Bo[/]"


def two_people(cards) -> Session:
    """Helena renamed in the saved game, as a damaged or hostile save file could name her."""
    session = session_from(PlayerSpec(civ="sparta", hand=["wood", "stone", "grain"]),
                           PlayerSpec(civ="tegea", hand=["stone", "grain"]),
                           privacy=True, reveal=REVEAL, order=[0, 1])
    return Session.loads(session.dumps().replace('"Helena"', f'"{NAME}"'), cards)


async def test_a_name_with_brackets_is_shown_as_it_is(cards):
    session = two_people(cards)
    assert session.seats[0].name == NAME
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        app.set_session(session)
        await settled(pilot)
        assert isinstance(app.screen, HandoffScreen)
        text = screen_text(app)
        assert f"I am {NAME} — show my hand" in text
        await pilot.click("#ready")  # the button does what it says, nothing else
        await settled(pilot)
        assert app.is_running and app.viewer == 0
        notes = notifications(app)
        app.notify(f"Saved {NAME}")  # notifications are plain text too
        await settled(pilot)
        (note,) = notes
        assert note.message == f"Saved {NAME}" and note.markup is False


async def test_the_start_screen_quotes_the_autosave_as_text(cards):
    two_people(cards).save(autosave_path())
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        assert isinstance(app.screen, StartScreen)
        # the list cuts names to the 16 characters the New game screen allows
        assert f"Autosaved: round 1 · {NAME[:16]}, Leonidas" in screen_text(app)
