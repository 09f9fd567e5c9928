"""No English on a German screen: a whole game (one person, two computer players), its help, log,
palette and scoring, the guided game (``learn``), a replay and every demonstration, in German,
each screen read as text and searched for any English message of the catalog or English card
name (``support.english_on_screen``).
"""

from __future__ import annotations

from typing import Any

import pytest
from support import (
    NAMES,
    SEED,
    english_on_screen,
    key_for,
    notifications,
    session_at,
    settled,
)

from peloponnes_tui.bots.players import BotPlayers
from peloponnes_tui.demo.scenario import list_scenarios, load_scenario
from peloponnes_tui.i18n import set_language
from peloponnes_tui.learn.lessons import load_lesson
from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.colours import COLOURS
from peloponnes_tui.tui.demo import DemoApp, make_script
from peloponnes_tui.tui.learn import LearnApp
from peloponnes_tui.tui.screens.handoff import HandoffScreen
from peloponnes_tui.tui.screens.round_over import RoundOverScreen
from peloponnes_tui.tui.screens.scoring import ScoringScreen
from peloponnes_tui.tui.session import HUMAN, Seat, Session
from peloponnes_tui.tui.widgets.panel import DecisionPanel


class Leaks:
    """The English found on each screen looked at, by where it was seen."""

    def __init__(self) -> None:
        self.found: dict[str, list[str]] = {}
        self.screens = 0

    def look(self, where: str, text: str) -> None:
        self.screens += 1
        for words in english_on_screen(text):
            self.found.setdefault(words, []).append(where)

    def check(self) -> None:
        assert self.screens
        assert not self.found, "\n".join(f"{w!r} on {', '.join(sorted(set(at))[:4])}"
                                          for w, at in sorted(self.found.items()))


@pytest.fixture
def german() -> None:
    set_language("de")  # the autouse `english` fixture sets English again afterwards


def test_the_finder_finds_english_and_passes_german(cards, german):
    assert english_on_screen("Runde 3 · Gebote · Helena ist am Zug") == []
    assert english_on_screen("Geschützt vor Dürre (Lion Gate)") == ["Lion Gate"]
    assert english_on_screen("^p Befehle · Search for commands…") == ["Search for commands"]
    assert english_on_screen("Sparta   OK") == []


async def test_a_whole_game_in_german_shows_no_english(cards, german):
    seats = [Seat(name, colour, kind) for name, colour, kind in
             zip(NAMES, COLOURS, (HUMAN, "standard", "random"), strict=False)]
    session = Session.new(seats, SEED, cards, privacy=False, bot_pause=0)
    leaks = Leaks()
    app = PeloponnesApp(cards=cards, bot_pause=0, lang="de")
    async with app.run_test(size=(120, 40)) as pilot:
        leaks.look("start", await settled(pilot))
        app.set_session(session)
        await settled(pilot)
        asked = 0
        for _ in range(800):  # the bound only stops a hang
            if isinstance(app.screen, ScoringScreen):
                break
            if isinstance(app.screen, HandoffScreen | RoundOverScreen):
                leaks.look(type(app.screen).__name__, await settled(pilot))
                await pilot.press("enter")
                continue
            panel = app.board.panel()
            if not isinstance(panel, DecisionPanel):
                await pilot.pause()
                continue
            asked += 1
            leaks.look(f"{type(panel).__name__} {asked}", await settled(pilot))
            if asked == 3:
                for key, where in (("h", "help"), ("v", "log"), ("ctrl+p", "palette")):
                    await pilot.press(key)
                    text = await settled(pilot)
                    leaks.look(where, text)
                    if where == "palette":  # Textual's own commands, and ours
                        for words in ("Befehle suchen", "Farbschema", "Bildschirmfoto",
                                      "Die App auf Englisch zeigen"):
                            assert words in text, words
                    if where == "help":  # all of it, a page at a time
                        for page in range(12):
                            await pilot.press("pagedown")
                            leaks.look(f"help page {page + 2}", await settled(pilot))
                    await pilot.press("escape")
                    await settled(pilot)
            await pilot.press(*key_for(panel))
        assert isinstance(app.screen, ScoringScreen)
        leaks.look("scoring", await settled(pilot))
    leaks.check()


async def test_the_help_names_each_phase_once_and_says_a_third_in_german(cards, german):
    from peloponnes_tui.tui.screens.help import HelpScreen

    app = PeloponnesApp(cards=cards, bot_pause=0, lang="de")
    async with app.run_test(size=(160, 200)) as pilot:  # tall: all of the help in view
        await settled(pilot)
        app.push_screen(HelpScreen(cards))
        text = " ".join((await settled(pilot)).split())
    assert "Versorgung: Alle ernähren jeden Bewohner" in text
    assert "Versorgung: Versorgung" not in text and "Einkommen: Einkommen" not in text
    assert "Bieten: In Spielreihenfolge" in text
    assert "Karten erhalten: Landschaften kommen nach rechts" in text
    assert "ein Drittel deiner Gebäude (aufgerundet) ist betroffen" in text


async def test_the_german_footer_names_its_keys_and_keeps_all_of_them_at_80_columns(cards, german):
    from peloponnes_tui.engine import BidPrompt
    from peloponnes_tui.tui.widgets.footer import key_display

    assert [key_display(k) for k in ("space", "^p", "esc", "shift+tab")] == [
        "Leertaste", "^p", "Esc", "Umschalt+Tab"]
    session = session_at(cards, 3, lambda p: isinstance(p, BidPrompt))
    app = PeloponnesApp(cards=cards, bot_pause=0, lang="de")
    async with app.run_test(size=(80, 24)) as pilot:
        app.set_session(session)
        await settled(pilot)
        await pilot.press("enter")  # the hand-off cover
        footer = (await settled(pilot)).splitlines()[-1]
    for words in ("⏎ Bestätigen", "p Passen", "h Hilfe", "^z Rückgängig", "q Beenden",
                  "^p Befehle"):
        assert words in footer, words


async def test_ctrl_c_says_in_german_which_key_quits(cards, german):
    app = PeloponnesApp(cards=cards, bot_pause=0, lang="de")
    async with app.run_test(size=(120, 40)) as pilot:
        await settled(pilot)
        given = notifications(app)
        await pilot.press("ctrl+c")
        await settled(pilot)
    assert [(n.title, n.message) for n in given] == [
        ("Willst du beenden?", "Drücke [b]^q[/b], um das Programm zu beenden")]


async def test_learn_in_german_shows_no_english(cards, german):
    from test_learn import KEYS

    leaks = Leaks()
    app = LearnApp(cards, load_lesson())
    async with app.run_test(size=(120, 40)) as pilot:
        leaks.look("opening", await settled(pilot))
        await pilot.press("enter")
        for n, keys in enumerate(KEYS, 1):
            leaks.look(f"lesson {n}", await settled(pilot))
            await pilot.press(*keys)
            leaks.look(f"lesson {n} explained", await settled(pilot))
            await pilot.press("enter")
        leaks.look("the end", await settled(pilot))
    leaks.check()


async def test_the_course_in_german_shows_no_english(cards, german):
    """Every chapter of the course in one run: the list, each chapter's opening, decision and
    reaction (its wrong choice, then Ctrl+R and its good one), Enter on to the next."""
    from test_course import PLAYS

    leaks = Leaks()
    app = LearnApp(cards)
    async with app.run_test(size=(120, 40)) as pilot:
        leaks.look("the list", await settled(pilot))
        await pilot.press("enter")  # the first chapter
        for cid, plays in PLAYS.items():
            leaks.look(f"{cid}: opening", await settled(pilot))
            await pilot.press("enter")
            for n, (decisions, _good, _en, _de) in enumerate(plays[1::-1]):
                if n:
                    await pilot.press("ctrl+r")
                for keys in decisions:
                    leaks.look(f"{cid}: decision", await settled(pilot))
                    await pilot.press(*keys)
                leaks.look(f"{cid}: reaction {n}", await settled(pilot))
            await pilot.press("enter")  # on to the next chapter (at the end, the guided game)
        leaks.look("the guided game", await settled(pilot))
        from peloponnes_tui.tui.screens.learn import LearnScreen

        assert isinstance(app.screen, LearnScreen)  # every chapter was played to its end
        assert app.screen.text.startswith("Spielen lernen: die letzten zwei Runden")
    leaks.check()


async def test_a_replay_in_german_shows_no_english(cards, german):
    from peloponnes_tui.tui.replay import Replay
    from peloponnes_tui.tui.replay_app import ReplayApp

    seats = [Seat(name, colour, "random") for name, colour in zip(NAMES[:3], COLOURS, strict=False)]
    session = Session.new(seats, SEED, cards, privacy=False, bot_pause=0)
    BotPlayers.seated(cards, ["random"] * 3, SEED).play(session.game)
    leaks = Leaks()
    app = ReplayApp(Replay.of(session))
    async with app.run_test(size=(160, 50)) as pilot:
        leaks.look("first event", await settled(pilot))
        events = len(session.game.log)
        for step in range(1, 9):  # each round's start
            await pilot.press("pagedown")
            leaks.look(f"round jump {step}", await settled(pilot))
        await pilot.press("end")
        leaks.look(f"last of {events} events", await settled(pilot))
    leaks.check()


@pytest.mark.parametrize("scenario", [*(s.id for s in list_scenarios()), None])
async def test_every_demonstration_in_german_shows_no_english(cards, german, scenario: Any):
    leaks = Leaks()
    loaded = load_scenario(scenario) if scenario is not None else None
    app = DemoApp(make_script(cards, loaded, "" if loaded else "random,standard,beginner", 3),
                  pause=0.05)
    async with app.run_test(size=(160, 50)) as pilot:
        leaks.look("step 1", await settled(pilot))
        for step in range(2, 2 + (len(loaded.steps) if loaded else 15)):
            await pilot.press("space")
            leaks.look(f"step {step}", await settled(pilot))
    leaks.check()


def test_every_demonstration_as_text_in_german_shows_no_english(cards, german):
    """``peloponnes demo --text``: each scenario, and a bot game's first lines."""
    from itertools import islice

    from peloponnes_tui.demo.scenario import narrate_bot_game, narrate_text

    leaks = Leaks()
    for scenario in list_scenarios():
        leaks.look(f"{scenario.id} as text", "\n".join(narrate_text(scenario, cards)))
    leaks.look("a bot game as text", "\n".join(
        islice(narrate_bot_game(cards, ["random", "standard", "beginner"], 3), 200)))
    leaks.check()
