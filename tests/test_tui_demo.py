"""Pilot tests of the demonstration screen (``peloponnes demo``)."""

from __future__ import annotations

from support import screen_text, settled

from peloponnes_tui.demo.scenario import load_scenario
from peloponnes_tui.tui.demo import BotScript, DemoApp, make_script
from peloponnes_tui.tui.screens.demo import PACES, DemoScreen


async def test_scenario_demo_steps_to_its_outro(cards):
    scenario = load_scenario("plague")
    app = DemoApp(make_script(cards, scenario, "", 1), pause=0.05)
    async with app.run_test(size=(160, 50)) as pilot:
        await settled(pilot)
        screen = app.screen
        assert isinstance(screen, DemoScreen)
        text = screen_text(app)
        assert scenario.title.en in text and "Step 1/" in text
        assert "Rule:" in text  # the opening explains the reveal and the strike
        assert text.count("Hand:") == len(scenario.players)  # hands open, no cover
        assert "Pass the keyboard" not in text
        for _ in range(len(scenario.steps)):
            await pilot.press("space")
        await settled(pilot)
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
        await settled(pilot)
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
        await settled(pilot)
        screen = app.screen
        assert isinstance(screen, DemoScreen)
        story = " ".join(screen.narration.split())  # the narration panel, lines joined
        assert story.startswith(f"{scenario.title.de} Schritt 1/2 · Automatik aus · "
                                "0,05 s je Schritt · Leertaste/→ weiter · ← zurück · "
                                "a Automatik · +/- Tempo · q beenden » ")
        assert "Regel: Jede Runde werden sechs Machtkarten aufgedeckt" in story
        assert "• R1 Katastrophe: " in story  # the phase, in German
        footer = screen_text(app).splitlines()[-1]
        assert "Nächster Schritt" in footer and "Automatik an/aus" in footer
        assert "Beenden" in footer and "Schritt zurück" in footer
        assert "Schneller" in footer and "Langsamer" in footer
        assert app.title == "Peloponnes — Vorführung"
        await pilot.press("space")
        await settled(pilot)
        assert screen.script.done
        story = " ".join(screen.narration.split())
        assert "Schritt 2/2" in story and "Ende: ← zurück · q beendet" in story
        say = scenario.steps[0].say
        assert say is not None and scenario.outro is not None
        assert f"» {' '.join(say.de.split())}" in story
        assert f"» {' '.join(scenario.outro.de.split())}" in story
        assert "Regel: Eine mit einer Münzkarte gerettete Karte" in story


async def _pass(pilot, screen, app, keys):
    """What the screen shows after each key: the whole screen, the narration, the game's state."""
    seen = []
    for key in keys:
        await pilot.press(key)
        await settled(pilot)
        seen.append((screen.script.number, screen_text(app), screen.narration,
                     screen.script.game.snapshot()))
    return seen


async def test_scenario_steps_back_and_forward_again_as_they_were(cards, monkeypatch):
    scenario = load_scenario("outbid-chain")  # five scripted answers: six steps
    app = DemoApp(make_script(cards, scenario, "", 1), pause=0.05)
    rings: list[int] = []
    async with app.run_test(size=(160, 50)) as pilot:
        monkeypatch.setattr(app, "bell", lambda: rings.append(1))
        await settled(pilot)
        screen = app.screen
        assert isinstance(screen, DemoScreen)
        start = (1, screen_text(app), screen.narration, screen.script.game.snapshot())
        first = [start] + await _pass(pilot, screen, app, ["space", "right", "space"])
        assert [s[0] for s in first] == [1, 2, 3, 4]
        assert "Step 4/6" in first[3][2]
        back = await _pass(pilot, screen, app, ["left", "left", "left"])
        assert back == [first[2], first[1], first[0]]  # each step exactly as it was
        assert len(screen.script.game.answers) == 0
        assert rings == []
        await pilot.press("left")  # back at the first step: the bell, nothing else
        await settled(pilot)
        assert rings == [1]
        assert (screen.script.number, screen_text(app), screen.narration,
                screen.script.game.snapshot()) == first[0]
        again = await _pass(pilot, screen, app, ["space", "space", "space"])
        assert again == first[1:]
        # on past the steps already taken: the scenario goes on with its next answer
        await pilot.press("space", "space")
        assert screen.script.done and len(screen.script.game.answers) == len(scenario.steps)
        assert screen.script.game is screen.script.latest


async def test_bot_demo_steps_back_and_forward_without_the_bots_deciding_again(cards, monkeypatch):
    app = DemoApp(make_script(cards, None, "random,heuristic,random", 5), pause=0.05)
    rings: list[int] = []
    async with app.run_test(size=(160, 50)) as pilot:
        monkeypatch.setattr(app, "bell", lambda: rings.append(1))
        await settled(pilot)
        screen = app.screen
        assert isinstance(screen, DemoScreen)
        script = screen.script
        assert isinstance(script, BotScript)
        start = (1, screen_text(app), screen.narration, script.game.snapshot())
        first = [start] + await _pass(pilot, screen, app, ["space", "space", "space"])
        answers = list(script.latest.answers)
        assert len(answers) == 3
        back = await _pass(pilot, screen, app, ["left", "left", "left"])
        assert back == [first[2], first[1], first[0]]
        await pilot.press("left")
        assert rings == [1]

        def asked(game):
            raise AssertionError("a computer player was asked again")

        with monkeypatch.context() as m:
            m.setattr(script.bots, "move", asked)  # forward again: the answers given before
            again = await _pass(pilot, screen, app, ["space", "space", "space"])
        assert again == first[1:]
        assert script.latest.answers == answers and script.game is script.latest
        # past them, the next computer player decides
        await pilot.press("space")
        await settled(pilot)
        assert script.number == 5 and script.latest.answers[:3] == answers
        assert len(script.latest.answers) == 4


async def test_going_back_stops_the_automatic_pace(cards):
    app = DemoApp(make_script(cards, load_scenario("outbid-chain"), "", 1), pause=30.0)
    async with app.run_test(size=(160, 50)) as pilot:
        await settled(pilot)
        screen = app.screen
        assert isinstance(screen, DemoScreen)
        await pilot.press("space", "a")
        assert screen.auto is True
        await pilot.press("left")
        assert screen.auto is False and screen.script.number == 1
        assert "auto off" in screen.narration


async def test_speed_keys_step_the_pause_within_bounds(cards, monkeypatch):

    app = DemoApp(make_script(cards, load_scenario("plague"), "", 1), pause=3.0)
    rings: list[int] = []
    async with app.run_test(size=(160, 50)) as pilot:
        monkeypatch.setattr(app, "bell", lambda: rings.append(1))
        await settled(pilot)
        screen = app.screen
        assert isinstance(screen, DemoScreen)
        assert "3 s per step" in screen.narration
        await pilot.press("plus")
        assert screen.pause == 2.0 and "2 s per step" in screen.narration
        await pilot.press("minus", "minus")
        assert screen.pause == 4.0 and "4 s per step" in screen.narration
        assert rings == []
        faster = []
        for _ in range(6):
            await pilot.press("plus")
            faster.append(screen.pause)
        assert faster == [3.0, 2.0, 1.5, 1.0, 0.5, 0.5]  # the last press only rings the bell
        assert PACES[0] == 0.5 and "0.5 s per step" in screen.narration
        assert rings == [1]
        slower = []
        for _ in range(len(PACES)):
            await pilot.press("minus")
            slower.append(screen.pause)
        assert slower == [*PACES[1:], 30.0] and "30 s per step" in screen.narration
        assert rings == [1, 1]
        # the pace is kept while auto goes on and off and the steps change
        await pilot.press("a", "a", "space")
        assert screen.pause == 30.0 and "30 s per step" in screen.narration
        footer = screen_text(app).splitlines()[-1]
        assert "Step back" in footer and "Faster" in footer and "Slower" in footer


async def test_the_pause_starts_from_the_environment(cards, monkeypatch):
    monkeypatch.setenv("PELOPONNES_DEMO_PAUSE", "7")
    app = DemoApp(make_script(cards, load_scenario("plague"), "", 1))
    async with app.run_test(size=(160, 50)) as pilot:
        await settled(pilot)
        screen = app.screen
        assert isinstance(screen, DemoScreen)
        assert screen.pause == 7.0 and "7 s per step" in screen.narration
        await pilot.press("plus")
        assert screen.pause == 5.0
