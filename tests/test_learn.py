"""The guided first game (``peloponnes learn``): the lesson file, its run, the screen by keys."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import BaseModel
from support import screen_text, settled

from peloponnes_tui.cards import CardSet
from peloponnes_tui.engine.prompts import (
    AnyAnswer,
    CatastropheAnswer,
    CompletePlan,
    FeedPlan,
    FeedPrompt,
    MoveBid,
    PayBuilding,
    PlaceBid,
    StartConstruction,
    Withdraw,
)
from peloponnes_tui.i18n import set_language
from peloponnes_tui.learn.lessons import (
    LESSON_FILE,
    Bilingual,
    ComputerStep,
    Expected,
    LearnerStep,
    Lesson,
    LessonError,
    LessonRun,
    load_lesson,
    matches,
)
from peloponnes_tui.tui.learn import LearnApp
from peloponnes_tui.tui.screens.learn import LearnScreen
from peloponnes_tui.tui.widgets.panel import DecisionPanel

# The keys that make each of the lesson's nine decisions with the decision panels.
KEYS: list[list[str]] = [
    ["1", "enter"],                 # bid on the Stoa: the panel suggests three coin cards
    ["enter"],                      # move the bid to the Council House, the only card open
    ["enter"],                      # pay for the Council House with the suggested wood
    ["1", "space", "3", "space", "a", "enter"],  # spare the Wheat Fields, cover the Pasture
    ["enter"],                      # feed with the suggested coin card
    ["enter"],                      # bid three on the Phidias Workshop, chosen by the panel
    ["enter"],                      # put the Workshop under construction (paying is impossible)
    ["enter"],                      # the final supply: feed with the two grain coin cards
    ["enter"],                      # and complete the Workshop
]


@pytest.fixture
def lesson() -> Lesson:
    return load_lesson()


@pytest.fixture
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language("en")


def texts(value: Any) -> Iterator[Bilingual]:
    """Every bilingual text in a lesson, however deep."""
    if isinstance(value, Bilingual):
        yield value
    elif isinstance(value, list):
        for v in value:
            yield from texts(v)
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from texts(getattr(value, name))


# -- the lesson file ------------------------------------------------------------------------------


def test_every_text_is_in_english_and_german(lesson: Lesson) -> None:
    found = list(texts(lesson))
    # title, intro, closing, and per learner step title, ask, hint, explain; the computer's says
    learner = [s for s in lesson.steps if isinstance(s, LearnerStep)]
    says = [s for s in lesson.steps if isinstance(s, ComputerStep) and s.say is not None]
    assert len(found) == 3 + 4 * len(learner) + len(says)
    for text in found:
        assert text.en.strip() and text.de.strip() and text.en != text.de


def test_the_lesson_teaches_each_part_of_a_round_in_order(lesson: Lesson) -> None:
    kinds = [s.expect.kind for s in lesson.steps if isinstance(s, LearnerStep)]
    assert kinds == ["place_bid", "move_bid", "pay_building", "catastrophe", "feed", "place_bid",
                     "start_construction", "feed", "complete"]


def the_answers(run: LessonRun) -> AnyAnswer:
    """The answer the lesson asks for now, made from the pending prompt."""
    prompt = run.game.pending
    step = run.current()
    assert prompt is not None and step is not None
    hand = list(run.game.players[prompt.player].hand)
    coins = run.cards.coins
    e = step.expect
    match e.kind:
        case "place_bid":
            assert e.card is not None and e.coins is not None
            return PlaceBid(e.card, tuple(hand[:e.coins]))
        case "move_bid":
            assert e.card is not None
            return MoveBid(e.card)
        case "pay_building":
            return PayBuilding(tuple(c for c in hand if coins[c].resource == "wood")[:2])
        case "catastrophe":
            assert e.cover is not None
            return CatastropheAnswer(tuple((card, hand[i]) for i, card in enumerate(e.cover)))
        case "feed":
            assert isinstance(prompt, FeedPrompt)
            short = prompt.shortfall
            food = [c for c in hand if coins[c].resource in ("grain", "inhabitants")]
            return FeedPlan(grain_coins=tuple(food[:short]))
        case "start_construction":
            return StartConstruction(hand[0])
        case "complete":
            assert e.complete is not None
            return CompletePlan(tuple(e.complete), tuple(c for c in hand
                                                         if coins[c].resource != "grain"))
        case _:
            raise AssertionError(e.kind)


def test_every_scripted_answer_is_legal_and_the_game_ends(lesson: Lesson, cards: CardSet
                                                         ) -> None:
    """Played headless, every computer step is accepted where the lesson puts it, every learner
    step finds the learner deciding, and the game ends with the lesson's last step: Helena wins
    11 to 9, as the closing says."""
    run = LessonRun(lesson, cards)
    assert run.mode == "opening"
    run.next()
    for _ in run.learner_steps:
        assert run.mode == "asking"
        shown = run.answer(the_answers(run))
        assert shown.hint is None and run.mode == "explaining"
        run.next()
    assert run.mode == "over" and run.game.over
    assert [(s.score, s.rank) for s in run.game.scores] == [(11, 1), (9, 2)]
    assert run.game.winners == (0,)
    pasture = run.game.players[0].find("pasture")
    assert pasture is not None and not pasture.covered  # the Workshop's protection lifted it


def test_a_scripted_answer_the_engine_refuses_breaks_the_lesson(lesson: Lesson, cards: CardSet
                                                                ) -> None:
    steps = list(lesson.steps)
    steps[1] = ComputerStep(answer={"kind": "place_bid", "card": "stoa", "coins": ["grain"]})
    broken = lesson.model_copy(update={"steps": steps})
    run = LessonRun(broken, cards)
    run.next()
    with pytest.raises(LessonError, match="step 2: the engine refused the scripted answer"):
        run.answer(the_answers(run))


def test_a_learner_step_where_the_computer_decides_breaks_the_lesson(lesson: Lesson,
                                                                     cards: CardSet) -> None:
    steps = [s for s in lesson.steps if not isinstance(s, ComputerStep)][:2]
    broken = lesson.model_copy(update={"steps": steps})
    run = LessonRun(broken, cards)
    run.next()
    with pytest.raises(LessonError, match="step 2: the learner should decide here, but "
                                          "Leonidas does"):
        run.answer(the_answers(run))


def test_the_lesson_file_must_have_both_languages(tmp_path: Any) -> None:
    text = LESSON_FILE.read_text(encoding="utf-8").replace(
        '  de: "Spielen lernen: die letzten zwei Runden"\n', "", 1)
    broken = tmp_path / "lessons.yaml"
    broken.write_text(text, encoding="utf-8")
    with pytest.raises(LessonError, match=r"field 'title': the German text \(de\) is missing"):
        load_lesson(broken)


# -- checking the learner's answers ---------------------------------------------------------------


def test_matches_checks_the_fields_that_matter() -> None:
    bid = Expected(kind="place_bid", card="stoa", coins=3)
    assert matches(bid, PlaceBid("stoa", (1, 2, 3)))
    assert matches(bid, PlaceBid("stoa", (1, 2), luxury=1))  # a luxury good is a coin card too
    assert not matches(bid, PlaceBid("stoa", (1, 2, 3, 4)))
    assert not matches(bid, PlaceBid("council-house", (1, 2, 3)))
    assert not matches(bid, MoveBid("stoa"))
    cover = Expected(kind="catastrophe", cover=["pasture"])
    assert matches(cover, CatastropheAnswer((("pasture", 7),)))
    assert matches(cover, CatastropheAnswer((("pasture", "luxury"),)))
    assert not matches(cover, CatastropheAnswer((("pasture", "remove"),)))
    assert not matches(cover, CatastropheAnswer((("wheat-fields", 7),)))
    feed = Expected(kind="feed", remove=[])
    assert matches(feed, FeedPlan(grain_coins=(4,)))
    assert not matches(feed, FeedPlan(remove=("pasture",)))
    done = Expected(kind="complete", complete=["phidias-workshop"])
    assert matches(done, CompletePlan(("phidias-workshop",), (1, 2, 3)))
    assert not matches(done, CompletePlan((), ()))


def test_a_wrong_answer_is_refused_with_the_hint_and_changes_nothing(lesson: Lesson,
                                                                     cards: CardSet) -> None:
    run = LessonRun(lesson, cards)
    run.next()
    before = run.game.snapshot()
    hand = run.game.players[0].hand
    shown = run.answer(PlaceBid("council-house", (hand[0], hand[1])))
    assert shown.hint == ("Not this time: bid exactly three coin cards on the Stoa (press 1, "
                          "then Enter).")
    assert run.game.snapshot() == before and run.mode == "asking" and run.index == 0


def test_repeating_a_step_goes_back_to_where_it_began(lesson: Lesson, cards: CardSet) -> None:
    run = LessonRun(lesson, cards)
    run.next()
    run.answer(the_answers(run))
    run.next()
    begun = run.game.snapshot()  # the outbid step begins
    run.answer(the_answers(run))
    assert run.mode == "explaining" and run.game.snapshot() != begun
    shown = run.repeat()
    assert shown.mode == "asking" and run.game.snapshot() == begun
    assert run.number() == 2 and shown.step is not None and shown.step.expect.kind == "move_bid"
    # repeating it again, before answering, changes nothing
    run.repeat()
    assert run.game.snapshot() == begun
    # and the lesson goes on from there: withdrawing is refused, moving the bid accepted
    assert run.answer(Withdraw()).hint == ("Move the bid to the Council House (Enter), do not "
                                           "withdraw it.")
    assert run.answer(MoveBid("council-house")).hint is None


# -- the screen, by keys --------------------------------------------------------------------------


def screen_of(app: LearnApp) -> LearnScreen:
    assert isinstance(app.screen, LearnScreen)
    return app.screen


async def play_by_keys(lesson: Lesson, cards: CardSet, size: tuple[int, int]
                       ) -> tuple[list[str], str]:
    """The whole guided game by key presses; the lesson pane's text at each step, and the
    footer (the screen's last line) at the first decision."""
    app = LearnApp(cards, lesson)
    seen: list[str] = []
    footer = ""
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        seen.append(screen_of(app).text)  # the opening
        await pilot.press("enter")
        await settled(pilot)
        for n, keys in enumerate(KEYS, 1):
            screen = screen_of(app)
            assert screen.run.mode == "asking" and screen.run.number() == n
            assert isinstance(app.focused, DecisionPanel)
            seen.append(screen.text)
            if n == 1:
                footer = screen_text(app).rstrip("\n").split("\n")[-1]
            await pilot.press(*keys)
            await settled(pilot)
            assert screen.run.mode == "explaining", (n, screen.text)
            seen.append(screen.text)
            await pilot.press("enter")
            await settled(pilot)
        screen = screen_of(app)
        assert screen.run.mode == "over" and screen.run.game.over
        seen.append(screen.text)
        await pilot.press("q")
        await settled(pilot)
    assert app.return_code == 0
    return seen, footer


def test_the_whole_guided_game_by_keys_in_english(lesson: Lesson, cards: CardSet) -> None:
    seen, footer = asyncio.run(play_by_keys(lesson, cards, (100, 40)))
    assert "Confirm" in footer and "Repeat step" in footer and "Leave" in footer
    assert seen[0].startswith("Learn to play: the last two rounds\nYou are Helena and lead "
                              "Tegea")
    assert "Round 7 (C cards): Stoa, Council House go to the market" in seen[0]
    assert seen[0].endswith("Enter: begin")
    assert seen[1].startswith("Lesson 1 of 9: Reveal, the market and the conquest row, "
                              "bidding\n▶ Each round six power cards are revealed.")
    assert "Leonidas bids 4 on Stoa." in seen[2]  # the computer's answer, shown with its event
    assert seen[3].startswith("Lesson 2 of 9: Being outbid")
    assert seen[7].startswith("Lesson 4 of 9: A catastrophe, and protection")
    assert "Leonidas is protected from Tempest by Acrocorinth." in seen[6]
    assert "Helena is now protected from Tempest: Pasture is uncovered." in seen[-2]
    assert seen[-1].startswith("The end of the lesson\n")
    assert "\nScoring: population is the inhabitants" in seen[-1]
    assert "11 against Leonidas's 9 - you win!" in seen[-1]


def test_the_whole_guided_game_by_keys_in_german(lesson: Lesson, cards: CardSet,
                                                 german: None) -> None:
    seen, footer = asyncio.run(play_by_keys(lesson, cards, (80, 24)))
    assert "Bestätigen" in footer and "Verlassen" in footer and "Confirm" not in footer
    assert seen[0].startswith("Spielen lernen: die letzten zwei Runden\nDu bist Helena und "
                              "führst Tegea")
    assert seen[1].startswith("Lektion 1 von 9: Aufdecken, Markt und Eroberungsreihe, Bieten\n"
                              "▶ In jeder Runde werden sechs Machtkarten aufgedeckt.")
    assert seen[2].startswith("Lektion 1 von 9: ") and "✓ Deine drei Münzkarten" in seen[2]
    assert "Weiter: Enter · ^r: Schritt wiederholen" in seen[2]
    assert seen[-1].startswith("Ende der Lektion\n")
    assert "\nWertung: Die Bevölkerung sind" in seen[-1]
    assert "11 gegen 9 von Leonidas - du gewinnst!" in seen[-1]


def test_a_wrong_answer_by_keys_shows_the_hint_and_the_game_stays(lesson: Lesson,
                                                                  cards: CardSet) -> None:
    async def go() -> None:
        app = LearnApp(cards, lesson)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.press("enter")  # begin
            await settled(pilot)
            screen = screen_of(app)
            before = screen.run.game.snapshot()
            await pilot.press("enter")  # the panel's first choice: two on the Council House
            await settled(pilot)
            assert screen.run.game.snapshot() == before and screen.run.mode == "asking"
            assert ("✗ That is not what this step asks for. Not this time: bid exactly three "
                    "coin cards on the Stoa (press 1, then Enter).") in screen.text
            await pilot.press("1", "enter")  # the Stoa now, as asked
            await settled(pilot)
            assert screen.run.mode == "explaining"

    asyncio.run(go())


def test_ctrl_r_repeats_the_step_from_its_start(lesson: Lesson, cards: CardSet) -> None:
    async def go() -> None:
        app = LearnApp(cards, lesson)
        async with app.run_test(size=(100, 40)) as pilot:
            await settled(pilot)
            screen = screen_of(app)
            await pilot.press("enter", "1", "enter", "enter")
            await settled(pilot)
            begun = screen.run.game.snapshot()
            asked = screen.text
            assert asked.startswith("Lesson 2 of 9: Being outbid")
            await pilot.press("enter")  # move the bid
            await settled(pilot)
            assert screen.run.mode == "explaining" and screen.run.game.snapshot() != begun
            await pilot.press("ctrl+r")
            await settled(pilot)
            assert screen.run.game.snapshot() == begun and screen.text == asked
            assert isinstance(app.focused, DecisionPanel)
            await pilot.press("enter")
            await settled(pilot)
            assert screen.run.mode == "explaining"

    asyncio.run(go())


def test_learn_to_play_on_the_start_screen_opens_the_course_and_q_goes_back(cards: CardSet
                                                                           ) -> None:
    from peloponnes_tui.tui.app import PeloponnesApp
    from peloponnes_tui.tui.screens.course import CourseScreen
    from peloponnes_tui.tui.screens.start import StartScreen

    async def go() -> None:
        app = PeloponnesApp(cards=cards, bot_pause=0)
        async with app.run_test(size=(100, 40)) as pilot:
            await settled(pilot)
            await pilot.press("t")
            await settled(pilot)
            assert isinstance(app.screen, CourseScreen)
            await pilot.press("end", "up", "enter")  # the guided game, before the first game
            await settled(pilot)
            assert isinstance(app.screen, LearnScreen)
            assert app.screen.text.startswith("Learn to play: the last two rounds")
            await pilot.press("q", "q")
            await settled(pilot)
            assert isinstance(app.screen, StartScreen) and app.session is None

    asyncio.run(go())


def test_learn_needs_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    from peloponnes_tui.cli import main

    assert main(["learn"]) == 2  # pytest's output is not a terminal
    assert capsys.readouterr().err == ("peloponnes: the game needs an interactive terminal, and "
                                       "this is not one.\n")
