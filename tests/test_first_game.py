"""The course's first game: a whole game against two beginner computer players with hints on,
started from the course's list, played by keys to its end in English and German, with a hint
at every decision and the scoring explained line by line from the engine's numbers; the
explanation and the engine's tie-breaks checked on their own; the game saved and loaded with its
hints; ``peloponnes learn`` handing the first game to the play app.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from support import (
    SEED,
    decisions_by_keys,
    english_on_screen,
    finished_session,
    quick_coach,
    screen_text,
    settled,
)

from peloponnes_tui.engine import Score
from peloponnes_tui.engine.scoring import Tie, ties
from peloponnes_tui.i18n import set_language
from peloponnes_tui.learn.progress import FIRST_GAME, load_progress, progress_path
from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.learn import LearnApp
from peloponnes_tui.tui.score_explained import scoring_explained
from peloponnes_tui.tui.screens.course import CourseScreen
from peloponnes_tui.tui.screens.message import MessageScreen
from peloponnes_tui.tui.screens.round_over import RoundOverScreen
from peloponnes_tui.tui.screens.scoring import ScoringScreen
from peloponnes_tui.tui.session import Session, autosave_path
from peloponnes_tui.tui.widgets.coach_note import CoachNote

# what the screen says, in each language
WORDS = {
    "en": {"welcome": "Your first game", "hint": "Hint:", "coach": "The coach would",
           "entry": "Your first game: 8 rounds against", "below": "explained line by line",
           "population": "Population {n} = {t} inhabitants in the tableau",
           "score": "Score {score} = the lower of population {population} and power {power}",
           "done": "Your first game is marked done in the course"},
    "de": {"welcome": "Deine erste Partie", "hint": "Hinweis:", "coach": "Der Coach würde",
           "entry": "Deine erste Partie: 8 Runden gegen", "below": "Zeile für Zeile erklärt",
           "population": "Bevölkerung {n} = {t} Bewohner in der Auslage",
           "score": "Wertung {score} = der kleinere Wert von Bevölkerung {population} und "
                    "Macht {power}",
           "done": "Deine erste Partie ist im Kurs als erledigt markiert"},
}


def flat(text: str) -> str:
    """The screen's text with its line breaks and runs of spaces as one space (a sentence
    wrapped over two lines is found whole)."""
    return " ".join(text.split())


async def scrolled_to(pilot: Any, text: str, *words: str) -> str:
    """The screen after the player scrolled the decision column (Ctrl+↓) until ``words`` are
    in view, as at 80×24 for the hint below the panel; asserted to come."""
    for _ in range(8):  # (the bound only stops a hang)
        if all(w in flat(text) for w in words):
            return text
        await pilot.press("ctrl+down")
        text = await settled(pilot)
    assert all(w in flat(text) for w in words), text
    return text


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_first_game_by_keys_with_hints_and_the_scoring_explained(cards, lang):
    set_language(lang)
    words = WORDS[lang]
    app = PeloponnesApp(cards=cards, bot_pause=0)
    app.coach_factory = quick_coach
    app.first_game_seed = SEED
    hinted = ends = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("t")  # the start screen's "Learn to play": the course
        await settled(pilot)
        assert isinstance(app.screen, CourseScreen)
        text = flat(screen_text(app))
        await pilot.press("end")  # the list's last entry
        text = flat(await settled(pilot))
        assert words["entry"] in text
        await pilot.press("enter")
        text = await settled(pilot)
        # a note says what comes, over the board of the new game
        assert isinstance(app.screen, MessageScreen)
        assert words["welcome"] in text
        if lang == "de":
            assert english_on_screen(text) == []
        session = app.session
        assert session is not None and session.hints and session.lesson == FIRST_GAME
        assert session.seed == SEED
        assert [s.kind for s in session.seats] == ["human", "beginner", "beginner"]
        await pilot.press("enter")
        async for panel in decisions_by_keys(pilot):
            if panel is None:  # one person: no hand-off cover, only each round's end
                assert isinstance(app.screen, RoundOverScreen)
                ends += 1
                continue
            await app.workers.wait_for_complete()
            text = await settled(pilot)
            note = app.coach_note()
            assert isinstance(note, CoachNote) and note.hint is not None
            assert note.advised is not None  # the coach's pick arrived for this decision
            # at 80×24 the panel comes first, at the top of its column, and the hint follows
            # it: Ctrl+↓ brings it into view
            board = app.board
            assert board is not None
            place = board.find_widget(panel)
            assert place.region.y == place.clip.y
            text = await scrolled_to(pilot, text, words["hint"], words["coach"])
            if lang == "de" and hinted < 3:
                assert english_on_screen(text) == []
            hinted += 1
        game = session.game
        assert game.over and hinted == sum(1 for s in game.answer_seats if s == 0)
        assert ends == 8  # each round's end, read before going on
        # hints are not requests of the coach
        assert session.coach_asks == [0, 0, 0]
        assert isinstance(app.screen, ScoringScreen)
        explained = app.screen.query_one("#explained")
        plain = flat(str(explained.render()))
        for s in game.scores:
            assert words["population"].format(n=s.population, t=s.population_tableau) in plain
            assert words["score"].format(score=s.score, population=s.population,
                                         power=s.power) in plain
        assert words["below"] in flat(await settled(pilot))
        for _ in range(12):  # scroll down to the end (the bound only stops a hang)
            await pilot.press("pagedown")
        text = flat(await settled(pilot))
        assert words["done"] in text
        if lang == "de":
            assert english_on_screen(text) == []
    # the course remembers it, and the game was autosaved like any game
    assert FIRST_GAME in load_progress(progress_path())[0].done
    saved = json.loads(autosave_path().read_text(encoding="utf-8"))
    assert saved["extra"]["hints"] is True and saved["extra"]["lesson"] == FIRST_GAME


def score(seat: int, population: int, power: int, luxury: int = 0) -> Score:
    """A score whose tableau gives all of ``population`` and ``power``."""
    return Score(seat=seat, name=f"P{seat}", population_tableau=population, population_coins=0,
                 population_luxury_card=0, power_tableau=power, coins_left=0,
                 luxury_goods=luxury, power_from_coins=0, power_luxury_card=0)


def ranked(*scores: Score) -> tuple[Score, ...]:
    """Ranks as the engine gives them (the same rule: more of the tie-break tuple ranks
    higher)."""
    return tuple(replace(s, rank=1 + sum(1 for o in scores if o.tiebreak > s.tiebreak))
                 for s in scores)


def test_ties_name_the_tie_break_of_the_rulebook():
    # 9 each: seat 1's other value (12) beats seat 0's (10); seats 2 and 3 tie on 7 and on 8
    # and go by luxury goods; seats 4 and 5 are equal in everything
    scores = ranked(score(0, 9, 10), score(1, 12, 9), score(2, 7, 8, luxury=1),
                    score(3, 8, 7, luxury=3), score(4, 5, 6, 2), score(5, 6, 5, 2))
    assert ties(scores) == (Tie(1, 0, "higher"), Tie(3, 2, "luxury"), Tie(4, 5, "shared"))
    assert ties(ranked(score(0, 3, 4), score(1, 5, 6))) == ()


def test_the_explanation_says_the_engines_numbers_and_each_tie_break(cards):
    session = finished_session(cards, 3, seed=SEED)
    scores, seats = session.game.scores, session.seats
    text = flat(scoring_explained(cards, scores, seats).plain)
    for s in scores:
        assert (f"Population {s.population} = {s.population_tableau} inhabitant" in text)
        assert (f"+ {s.population_coins} on inhabitant coin cards kept in hand + "
                f"{s.population_luxury_card} on the luxury card") in text
        assert (f"Power {s.power} = {s.power_tableau} power point") in text
        assert (f"+ {s.power_from_coins} for {s.coins_left} coin cards and {s.luxury_goods} "
                f"luxury goods left (one for every 6)") in text
        assert f"Score {s.score} = the lower of population {s.population} and power " \
               f"{s.power}" in text
        assert f"{seats[s.seat].tag} {seats[s.seat].name} — place {s.rank}" in text
    # the three tie-breaks, in words, with the numbers that decided
    tied = ranked(score(0, 9, 10), score(1, 12, 9, luxury=1), score(2, 4, 5))
    text = flat(scoring_explained(cards, tied, seats).plain)
    assert "Tie at 9: B▲ Leonidas and R● Helena — the higher value decides: 12 against 10." \
        in text
    tied = ranked(score(0, 9, 10, luxury=1), score(1, 10, 9, luxury=4), score(2, 4, 5))
    text = flat(scoring_explained(cards, tied, seats).plain)
    assert ("Tie at 9: B▲ Leonidas and R● Helena — the higher values are equal (10); more "
            "luxury goods decide: 4 against 1.") in text
    tied = ranked(score(0, 9, 10, luxury=2), score(1, 10, 9, luxury=2), score(2, 4, 5))
    text = flat(scoring_explained(cards, tied, seats).plain)
    assert ("Tie at 9: R● Helena and B▲ Leonidas — equal in the higher value (10) and in "
            "luxury goods (2): they share place 1.") in text
    text = flat(scoring_explained(cards, ranked(score(0, 3, 4), score(1, 5, 6), score(2, 1, 1)),
                                  seats).plain)
    assert "no two players have the same score" in text


def test_a_saved_first_game_keeps_its_hints_and_lesson(cards):
    session = finished_session(cards, 3, seed=SEED)
    session.hints, session.lesson = True, FIRST_GAME
    again = Session.loads(session.dumps(), cards)
    assert again.hints and again.lesson == FIRST_GAME
    plain = Session.loads(finished_session(cards, 3, seed=SEED).dumps(), cards)
    assert not plain.hints and plain.lesson is None
    # a lesson the app does not know is dropped, not trusted
    data = json.loads(session.dumps())
    data["extra"]["lesson"] = "anything"
    assert Session.loads(json.dumps(data), cards).lesson is None


async def test_peloponnes_learn_hands_the_first_game_to_the_play_app(cards):
    app = LearnApp(cards)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("end", "enter")
        await pilot.pause()
    assert app.first_game and app.return_code == 0


async def test_the_course_marks_the_first_game_done(cards):
    from peloponnes_tui.learn.progress import mark_done

    mark_done(load_progress()[0], FIRST_GAME)
    app = LearnApp(cards)
    async with app.run_test(size=(100, 40)) as pilot:
        await settled(pilot)
        listed = app.screen.query_one("#chapters")
        last = str(listed.get_option_at_index(listed.option_count - 1).prompt)
        assert last.startswith("✓ 18. Your first game")


async def test_a_game_without_hints_opens_no_hint(cards):
    """Hints belong to the first game (or a loaded one that had them): another game's coach
    note stays shut until the coach is asked."""
    from support import session_at

    session = session_at(cards, 3, lambda p: p.kind == "bid")
    assert not session.hints
    app = PeloponnesApp(cards=cards, bot_pause=0)
    app.coach_factory = quick_coach
    async with app.run_test(size=(80, 24)) as pilot:
        app.set_session(session)
        await app.workers.wait_for_complete()
        text = flat(await settled(pilot))
        note = app.coach_note()
        assert note.hint is None and not note.display
        assert "Hint:" not in text
        session.hints = True  # as a loaded game with hints has it
        app.advance()
        await app.workers.wait_for_complete()
        text = await scrolled_to(pilot, await settled(pilot), "Hint: Bidding:")
        assert note.hint is not None and note.display
        assert session.coach_asks == [0, 0, 0]


async def test_the_play_app_opened_for_the_first_game_starts_it(cards):
    """What ``peloponnes learn`` opens after the course closed for the first game
    (``run_app(first_game=True)``): the play app, with the first game under its opening note."""
    app = PeloponnesApp(cards=cards, bot_pause=0)
    app.coach_factory = quick_coach
    app.start_first = True
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert isinstance(app.screen, MessageScreen)
        session = app.session
        assert session is not None and session.hints and session.lesson == FIRST_GAME
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await settled(pilot)
        assert app.screen is app.board
