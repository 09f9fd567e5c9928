"""Pilot tests of the demonstration screen (``peloponnes demo``)."""

from __future__ import annotations

from peloponnes_tui.demo.scenario import load_scenario
from peloponnes_tui.tui.demo import DemoApp, make_script
from peloponnes_tui.tui.screens.demo import DemoScreen
from peloponnes_tui.tui.textdump import screen_text


async def test_scenario_demo_steps_to_its_outro(cards):
    scenario = load_scenario("plague")
    app = DemoApp(make_script(cards, scenario, "", 1), pause=0.05)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DemoScreen)
        text = screen_text(app)
        assert scenario.title.en in text and "Step 1/" in text
        assert "Rule:" in text  # the opening explains the reveal and the strike
        assert text.count("Hand:") == len(scenario.players)  # hands open, no cover
        assert "Pass the keyboard" not in text
        for _ in range(len(scenario.steps)):
            await pilot.press("space")
        await pilot.pause()
        assert screen.script.done
        text = " ".join(screen.narration.split())
        assert "Rule:" in text
        assert "counts for nothing but its catastrophe" in text  # the covering rule
        assert scenario.outro is not None
        assert " ".join(scenario.outro.en.split())[:60] in text
        assert "the end" in text
        count = len(screen.script.game.answers)
        await pilot.press("space")  # past the end: nothing more happens
        assert len(screen.script.game.answers) == count


async def test_bot_demo_advances_on_keys_and_auto(cards):
    app = DemoApp(make_script(cards, None, "random,random,random", 3), pause=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DemoScreen)
        game = screen.script.game
        assert len(game.answers) == 0
        await pilot.press("space", "right", "space")
        assert len(game.answers) == 3
        assert "Step 4" in screen_text(app)
        # hands are open: every player's hand line is on the board
        assert screen.auto is False
        await pilot.press("a")
        assert screen.auto is True
        await pilot.pause(0.3)
        await pilot.press("a")  # pause again
        moved = len(game.answers)
        assert moved > 3
        await pilot.pause(0.2)
        assert len(game.answers) == moved


def test_bad_bot_list_is_refused(cards):
    import pytest

    with pytest.raises(ValueError, match="--bots"):
        make_script(cards, None, "random,nobody", 1)


async def test_the_demonstration_screen_in_german(cards):
    from peloponnes_tui.i18n import set_language

    set_language("de")  # the autouse `english` fixture sets English again afterwards
    scenario = load_scenario("plague")
    app = DemoApp(make_script(cards, scenario, "", 1), pause=0.05)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DemoScreen)
        story = " ".join(screen.narration.split())  # the narration panel, lines joined
        assert story.startswith(f"{scenario.title.de} Schritt 1/2 · Automatik aus · "
                                "Leertaste/→ weiter · a Automatik · q beenden » ")
        assert "Regel: Jede Runde werden sechs Machtkarten aufgedeckt" in story
        assert "• R1 Katastrophe: " in story  # the phase, in German
        footer = screen_text(app).splitlines()[-1]
        assert "Nächster Schritt" in footer and "Automatik an/aus" in footer
        assert "Beenden" in footer
        assert app.title == "Peloponnes — Vorführung"
        await pilot.press("space")
        await pilot.pause()
        assert screen.script.done
        story = " ".join(screen.narration.split())
        assert "Schritt 2/2" in story and "Ende: q beendet" in story
        say = scenario.steps[0].say
        assert say is not None and scenario.outro is not None
        assert f"» {' '.join(say.de.split())}" in story
        assert f"» {' '.join(scenario.outro.de.split())}" in story
        assert "Regel: Eine mit einer Münzkarte gerettete Karte" in story
