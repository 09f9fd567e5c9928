"""The course (``peloponnes learn``): its chapter files, a chapter's run, the remembered
progress, and every chapter played by keys to its end in English and German."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel
from support import screen_text, settled

from peloponnes_tui.cards import CardSet
from peloponnes_tui.demo.scenario import Bilingual
from peloponnes_tui.engine.prompts import CatastropheAnswer, MoveBid, Pass, PlaceBid, Withdraw
from peloponnes_tui.i18n import set_language
from peloponnes_tui.learn.course import ChapterRun, Facts, load_chapter, load_course
from peloponnes_tui.learn.lessons import LessonError
from peloponnes_tui.learn.progress import load_progress, mark_done, progress_path
from peloponnes_tui.tui.learn import LearnApp
from peloponnes_tui.tui.screens.course import ChapterScreen, CourseScreen
from peloponnes_tui.tui.screens.learn import LearnScreen
from peloponnes_tui.tui.widgets.panel import DecisionPanel

# Each chapter by keys: a good choice, a wrong one, and any others (each a list of key presses
# per decision, whether it served the learner, and the start of the reaction it must bring, in
# English and German).
PLAYS: dict[str, list[tuple[list[list[str]], bool, str, str]]] = {
    "first-round": [
        ([["1", "enter"], ["enter"]], True, "The Port is yours", "Der Hafen gehört dir"),
        ([["p", "enter"]], False, "You saved your coin cards and drew three",
         "Du hast deine Münzkarten gespart und drei gezogen"),
    ],
    "bidding": [
        ([["1", "enter"]], True, "You bid more than Leonidas's two and took the Wheat Fields",
         "Du hast mehr als die zwei von Leonidas geboten"),
        ([["p", "enter"]], False, "You passed: three coin cards drawn",
         "Du hast gepasst: drei Münzkarten gezogen"),
        ([["3", "enter"]], True, "A card of the conquest row: it cost its value plus three",
         "Eine Karte der Eroberungsreihe: Sie kostete ihren Wert plus drei"),
    ],
    "outbid": [
        ([["enter"]], True, "You moved your two coin cards to the Forest and beat Leonidas's",
         "Du hast deine zwei Münzkarten auf den Wald verschoben"),
        ([["w", "enter"]], False, "You took your bid back",
         "Du hast dein Gebot zurückgenommen"),
        ([["3", "enter"]], True, "You moved your bid to the Pasture",
         "Du hast dein Gebot auf die Weide verschoben"),
    ],
    "conquest": [
        ([["3", "enter"]], True, "The Wheat Fields are yours for four coin cards",
         "Die Weizenfelder gehören dir für vier Münzkarten"),
        ([["1", "enter"], ["enter"]], False, "Leonidas bid after you and beat your bid",
         "Leonidas hat nach dir geboten und dein Gebot im Markt überboten"),
        ([["p", "enter"]], False, "You passed: three coin cards, but no power card",
         "Du hast gepasst: drei Münzkarten, aber keine Machtkarte"),
    ],
    "market": [
        ([["1", "enter"]], True, "The Olive Grove is yours",
         "Der Olivenhain gehört dir"),
        ([["p", "enter"]], False, "You passed and drew three coin cards",
         "Du hast gepasst und drei Münzkarten gezogen"),
    ],
    "building": [
        ([["enter"]], True, "Your production paid for the Granary alone",
         "Deine Produktion hat den Kornspeicher allein bezahlt"),
        ([["u"]], False, "The Granary is under construction",
         "Der Kornspeicher ist im Bau"),
    ],
    "supply": [
        ([["enter"]], True, "Everyone is fed and your tableau is whole",
         "Alle sind satt, und deine Auslage ist ganz"),
        ([["2", "0", "minus", "enter"]], False, "You fed your people by giving up a card",
         "Du hast deine Leute ernährt, indem du eine Karte aufgegeben hast"),
    ],
    "complete": [
        ([["enter"]], True, "Both buildings are complete", "Beide Gebäude sind fertig"),
        ([["1", "0", "enter"]], False, "A building left unpaid at a supply goes back to the box",
         "Ein Gebäude, das bei einer Versorgung unbezahlt bleibt"),
    ],
    "tempest": [
        ([["enter"]], True, "Your card is covered, not lost",
         "Deine Karte ist abgedeckt, nicht verloren"),
        ([["r", "enter"]], False, "The card is gone for good",
         "Die Karte ist für immer weg"),
    ],
    "plague": [
        ([["enter"]], True, "Argos is covered", "Argos ist abgedeckt"),
        ([["r", "enter"]], False, "Argos is gone for good", "Argos ist für immer weg"),
    ],
    "drought": [
        ([["enter"]], True, "Covered, not lost", "Abgedeckt, nicht verloren"),
        ([["r", "enter"]], False, "The Wheat Fields are gone for good",
         "Die Weizenfelder sind für immer weg"),
    ],
    "earthquake": [
        ([["enter"]], True, "Your building is covered", "Dein Gebäude ist abgedeckt"),
        ([["r", "enter"]], False, "The Theatre and its four power are gone for good",
         "Das Theater und seine vier Machtpunkte sind für immer weg"),
    ],
    "decline": [
        ([["enter"]], True, "Your luxury card is covered",
         "Deine Luxuskarte ist abgedeckt"),
        ([["r", "enter"]], False, "The luxury card is gone",
         "Die Luxuskarte ist weg"),
    ],
    "luxury": [
        ([["2", "enter"]], True, "You spent luxury goods in your bid",
         "Du hast Luxusgüter in deinem Gebot ausgegeben"),
        ([["p", "enter"]], False, "You kept all seventeen goods",
         "Du hast alle siebzehn Güter behalten"),
    ],
    "the-end": [
        ([["1", "enter"], ["enter"]], True, "The Well protects you from plague",
         "Der Brunnen schützt dich vor der Pest"),
        ([["p", "enter"]], False, "Argos stayed covered to the end",
         "Argos blieb bis zum Ende abgedeckt"),
    ],
    "tie": [
        ([["2", "enter"]], True, "Eleven each: a tie. The other values tie as well",
         "Elf zu elf: Gleichstand. Auch die anderen Werte sind gleich"),
        ([["1", "enter"]], False, "Eleven each: a tie, and the higher of the other value",
         "Elf zu elf: Gleichstand, und der höhere andere Wert entscheidet"),
        ([["p", "enter"]], False, "Without a card in the last round",
         "Ohne Karte in der letzten Runde"),
    ],
}


@pytest.fixture
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language("en")


def texts(value: Any) -> Iterator[Bilingual]:
    """Every bilingual text in a chapter, however deep."""
    if isinstance(value, Bilingual):
        yield value
    elif isinstance(value, list):
        for v in value:
            yield from texts(v)
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from texts(getattr(value, name))


# -- the chapter files -----------------------------------------------------------------------------


def test_every_chapter_is_played_here_and_written_in_both_languages() -> None:
    chapters = load_course()
    assert [c.id for c in chapters] == list(PLAYS)
    for chapter in chapters:
        found = list(texts(chapter))
        assert len(found) == 2 + len(chapter.outcomes)  # title, intro, each outcome's text
        for text in found:
            assert text.en.strip() and text.de.strip() and text.en != text.de


def test_the_numbers_the_chapters_name_are_the_engines(cards: CardSet) -> None:
    """The chapters' texts name rule numbers in words (three coin cards for a pass, the value
    plus three, a third of a row, three symbols, the caps of seventeen and three, income goods
    from eleven inhabitants, eight rounds with piles A, B, C); the engine's must be the same."""
    from peloponnes_tui.engine.numbers import rule_numbers

    n = rule_numbers(cards)
    assert (n.coins_for_passing, n.conquest_surcharge, n.row_share,
            n.symbols_for_protection) == (3, 3, 3, 3)
    assert (n.luxury_cap, n.declined_luxury_cap, n.luxury_income_from) == (17, 3, 11)
    assert (n.luxury_card_inhabitants, n.luxury_card_power, n.cards_that_move_markers) == (2, 2, 2)
    assert n.round_piles == ("A", "A", "A", "B", "B", "B", "C", "C")


def test_the_docs_table_names_every_chapter_under_the_sections_it_teaches() -> None:
    """``docs/learn.md``'s table of rulebook sections lists each chapter in a row of every
    section its file says it teaches."""
    doc = (Path(__file__).resolve().parents[1] / "docs" / "learn.md").read_text(encoding="utf-8")
    start = doc.index("| rulebook section | chapters |")
    rows = [[c.strip() for c in line.split("|")[1:3]]
            for line in doc[start:doc.index("\n\n", start)].split("\n")[2:]]
    for n, chapter in enumerate(load_course(), 1):
        for section in chapter.teaches:
            assert any(heading.startswith(section) and str(n) in re.findall(r"\d+", cell)
                       for heading, cell in rows), (n, chapter.id, section)


def test_every_outcome_but_the_catch_all_is_reached_by_a_play() -> None:
    """The plays above reach every outcome a chapter names (the last, which holds always, is
    for a choice the chapter did not foresee) - those the keys do not reach are played by the
    answers below."""
    reached = {cid: {p[2] for p in plays} for cid, plays in PLAYS.items()}
    by_answer = {("conquest", "Leonidas beat your market bid and you took it back"),
                 ("conquest", "You bid enough on the Coast that Leonidas could not beat it"),
                 ("conquest", "A conquest card for three coin cards"),
                 ("conquest", "You took a market card for little"),
                 ("bidding", "You took the Forest without a fight"),
                 ("drought", "The Fertile Plain is gone"),
                 ("earthquake", "You let the unfinished Granary go")}
    for chapter in load_course():
        for outcome in chapter.outcomes[:-1]:
            assert any(outcome.text.en.startswith(s) for s in reached[chapter.id]) or any(
                cid == chapter.id and outcome.text.en.startswith(s) for cid, s in by_answer), \
                (chapter.id, outcome.text.en)


def test_the_outcomes_the_keys_do_not_reach(cards: CardSet) -> None:
    chapters = {c.id: c for c in load_course()}

    def first(cid: str, *answers: Any) -> str:
        run = ChapterRun(chapters[cid], cards)
        run.begin()
        for ans in answers:
            hand = run.game.players[0].hand
            shown = run.answer(ans(hand) if callable(ans) else ans)
        assert run.mode == "over" and shown.outcome is not None
        return shown.outcome.text.en

    assert first("conquest", lambda h: PlaceBid("coast", tuple(h[:2])), Withdraw()).startswith(
        "Leonidas beat your market bid and you took it back")
    assert first("conquest", lambda h: PlaceBid("coast", tuple(h[:4]))).startswith(
        "You bid enough on the Coast")
    assert first("conquest", lambda h: PlaceBid("pasture", tuple(h[:3]))).startswith(
        "A conquest card for three coin cards")
    assert first("conquest", lambda h: PlaceBid("forest", tuple(h[:1]))).startswith(
        "You took a market card for little")
    assert first("bidding", lambda h: PlaceBid("forest", tuple(h[:1]))).startswith(
        "You took the Forest without a fight")
    assert first("drought", CatastropheAnswer((("fertile-plain", "remove"),))).startswith(
        "The Fertile Plain is gone")
    assert first("earthquake", CatastropheAnswer((("granary", "remove"),))).startswith(
        "You let the unfinished Granary go")


def test_a_chapter_whose_last_outcome_has_conditions_is_refused(tmp_path: Path) -> None:
    from peloponnes_tui.learn.course import chapter_paths

    text = chapter_paths()[1].read_text(encoding="utf-8")  # bidding
    broken = tmp_path / "broken.yaml"
    broken.write_text(text.replace("  - good: false\n", "  - when: {answered: [pass]}\n"
                                   "    good: false\n"), encoding="utf-8")
    with pytest.raises(LessonError, match="the last outcome must hold always"):
        load_chapter(broken)


def test_a_computer_decision_no_reply_fits_breaks_the_chapter(cards: CardSet) -> None:
    chapter = load_course()[1]  # bidding
    broken = chapter.model_copy(update={"replies": []})
    run = ChapterRun(broken, cards)
    run.begin()
    hand = run.game.players[0].hand
    with pytest.raises(LessonError, match="no reply fits Leonidas's decision"):
        run.answer(PlaceBid("wheat-fields", tuple(hand[:3])))


# -- the run ---------------------------------------------------------------------------------------


def test_trying_again_goes_back_to_the_decision(cards: CardSet) -> None:
    run = ChapterRun(load_course()[2], cards)  # the outbid chapter
    run.begin()
    begun = run.game.snapshot()
    shown = run.answer(MoveBid("forest"))
    assert shown.mode == "over" and run.game.snapshot() != begun
    again = run.again()
    assert again.mode == "asking" and run.game.snapshot() == begun
    # the replies are free again: Leonidas moves on once more
    assert run.answer(MoveBid("forest")).outcome == shown.outcome


def test_facts_read_the_learner_from_the_engine(cards: CardSet) -> None:
    run = ChapterRun(load_course()[1], cards)  # bidding
    run.begin()
    run.answer(Pass())
    assert run.holds(Facts(answered=["pass"], events=["pass"], new_cards=0))
    assert not run.holds(Facts(has=["forest"]))
    assert not run.holds(Facts(not_answered=["pass"]))
    assert run.holds(Facts(lacks=["wheat-fields"], no_events=["gain"]))
    assert run.holds(Facts(luxury_at_least=0)) and not run.holds(Facts(luxury_at_least=1))


# -- the progress ----------------------------------------------------------------------------------


def test_progress_is_remembered_atomically_and_a_damaged_file_is_ignored() -> None:
    progress, notice = load_progress()
    assert progress.done == () and notice is None
    progress, problem = mark_done(progress, "bidding")
    assert problem is None
    assert load_progress()[0].done == ("bidding",)
    assert mark_done(progress, "bidding") == (progress, None)  # already done: nothing written
    assert json.loads(progress_path().read_text(encoding="utf-8"))["done"] == ["bidding"]
    progress_path().write_text("{not json", encoding="utf-8")
    progress, notice = load_progress()
    assert progress.done == ()
    assert notice is not None and notice.startswith("The course's progress was ignored (")


def test_progress_that_cannot_be_written_is_kept_for_the_run(tmp_path: Path) -> None:
    folder = tmp_path / "file"
    folder.write_text("not a folder", encoding="utf-8")
    progress, problem = mark_done(load_progress()[0], "supply", folder / "course.json")
    assert progress.done == ("supply",)
    assert problem is not None and problem.startswith("The course's progress could not be saved")


# -- by keys ---------------------------------------------------------------------------------------


async def play_chapter(cards: CardSet, index: int,
                       plays: list[tuple[list[list[str]], bool, str, str]],
                       size: tuple[int, int] = (100, 40)) -> tuple[list[str], list[str]]:
    """Open the course, choose chapter ``index`` and play it by keys: the wrong choice first,
    then (each after Ctrl+R, which must take the game back to the decision) the good one and
    any other, each decision with the panel's first line in view; then go on to the next
    chapter and back to the list.  The pane's text at the
    opening, at the first decision and at the list's entry for the chapter; and the pane's text
    at the end of each play."""
    app = LearnApp(cards)
    seen: list[str] = []
    ends: list[str] = []
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        assert isinstance(app.screen, CourseScreen)
        await pilot.press(*(["down"] * index), "enter")
        await settled(pilot)
        screen = app.screen
        assert isinstance(screen, ChapterScreen) and screen.run.mode == "opening"
        seen.append(screen.text)
        await pilot.press("enter")
        await settled(pilot)
        seen.append(screen.text)
        begun = screen.run.game.snapshot()
        for n, (decisions, _good, _en, _de) in enumerate([plays[1], plays[0], *plays[2:]]):
            if n:
                await pilot.press("ctrl+r")
                await settled(pilot)
                assert screen.run.game.snapshot() == begun
            for keys in decisions:
                assert screen.run.mode == "asking" and isinstance(app.focused, DecisionPanel)
                # the panel's first line is in the pane's view (at 80×24 the text above it
                # is longer than the pane)
                side, panel = screen.query_one("#side"), screen.panel()
                assert panel is not None
                assert side.region.contains(panel.region.x, panel.region.y), (side.scroll_y,
                                                                                screen.text)
                await pilot.press(*keys)
                await settled(pilot)
            assert screen.run.mode == "over", screen.text
            ends.append(screen.text)
        await pilot.press("enter")  # on to the next chapter (or the guided game)
        await settled(pilot)
        after = app.screen
        assert isinstance(after, ChapterScreen | LearnScreen) and after is not screen
        await pilot.press("q")  # back to the list, which marks the chapter done
        await settled(pilot)
        assert isinstance(app.screen, CourseScreen)
        seen.append(str(app.screen.query_one("#chapters").get_option_at_index(index).prompt))
    return seen, ends


def chapters() -> Iterator[Any]:
    for index, cid in enumerate(PLAYS):
        yield pytest.param(index, id=cid)


@pytest.mark.parametrize("index", chapters())
def test_each_chapter_by_keys_in_english(cards: CardSet, index: int) -> None:
    plays = list(PLAYS.values())[index]
    seen, ends = asyncio.run(play_chapter(cards, index, plays))
    title = load_course()[index].title.en
    assert seen[0].startswith(title + "\n") and seen[0].endswith("Enter: begin")
    assert "Your decision: choose in the panel below, Enter confirms." in seen[1]
    assert seen[-1].startswith("✓ ")  # done, in the list
    assert not plays[1][1]  # the first play is a wrong choice
    for end, (_keys, good, english, _german) in zip(ends, [plays[1], plays[0], *plays[2:]],
                                                    strict=True):
        assert end.startswith(f"{title}\n{'✓' if good else '✗'} {english}")
        assert "Rule: " in end
        assert end.endswith("Enter: next chapter · ^r: try again · q: the chapters")


@pytest.mark.parametrize("index", chapters())
def test_each_chapter_by_keys_in_german(cards: CardSet, german: None, index: int) -> None:
    plays = list(PLAYS.values())[index]
    seen, ends = asyncio.run(play_chapter(cards, index, plays, size=(80, 24)))
    title = load_course()[index].title.de
    assert seen[0].startswith(title + "\n") and seen[0].endswith("Los geht's: Enter")
    assert "Deine Entscheidung: Wähle im Feld unten, Enter bestätigt." in seen[1]
    assert seen[-1].startswith("✓ ")
    for end, (_keys, good, _english, german_text) in zip(ends, [plays[1], plays[0], *plays[2:]],
                                                         strict=True):
        assert end.startswith(f"{title}\n{'✓' if good else '✗'} {german_text}")
        assert "Regel: " in end
        assert end.endswith("Enter: nächstes Kapitel · ^r: noch einmal · q: die Kapitel")


def test_the_list_remembers_done_chapters_and_ends_with_the_first_game(cards: CardSet
                                                                       ) -> None:
    mark_done(load_progress()[0], "bidding")

    async def go() -> None:
        app = LearnApp(cards)
        async with app.run_test(size=(100, 40)) as pilot:
            await settled(pilot)
            course = app.screen
            assert isinstance(course, CourseScreen)
            listed = course.query_one("#chapters")
            prompts = [str(listed.get_option_at_index(i).prompt)
                       for i in range(listed.option_count)]
            assert prompts == ["   1. The first round",
                               "✓  2. Bidding for a power card",
                               "   3. Outbid: move the bid or take it back",
                               "   4. The conquest row and the Barracks",
                               "   5. The Market's half coin",
                               "   6. Paying for a building",
                               "   7. Supply: feeding the inhabitants",
                               "   8. Completing buildings at the supply",
                               "   9. A tempest, and protection",
                               "  10. Plague and your civilization",
                               "  11. Drought: the richest field",
                               "  12. Earthquake",
                               "  13. Decline and the luxury card",
                               "  14. Luxury goods and their limit",
                               "  15. The last round: restoration and scoring",
                               "  16. A tie at the end",
                               "  17. The guided game: the last two rounds",
                               "  18. Your first game: 8 rounds against two beginners, with "
                               "hints"]
            assert listed.highlighted == 0  # the first chapter not done yet
            await pilot.press("end", "up", "enter")  # the guided game, before the first game
            await settled(pilot)
            assert isinstance(app.screen, LearnScreen)
            await pilot.press("q")
            await settled(pilot)
            assert app.screen is course
            await pilot.press("q")
            await settled(pilot)
        assert app.return_code == 0

    asyncio.run(go())


def test_switching_the_language_keeps_the_chapter_where_it_is(cards: CardSet) -> None:
    """In the play app, "Learn to play" opens the course; a language switched in a chapter
    draws the chapter again in German where it stands, and the list too."""
    from peloponnes_tui.tui.app import PeloponnesApp

    async def go() -> None:
        app = PeloponnesApp(cards=cards, bot_pause=0)
        async with app.run_test(size=(100, 40)) as pilot:
            await settled(pilot)
            await pilot.press("t")
            await settled(pilot)
            course = app.screen
            assert isinstance(course, CourseScreen)
            await pilot.press("down", "enter", "enter", "p", "enter")  # bidding: pass
            await settled(pilot)
            screen = app.screen
            assert isinstance(screen, ChapterScreen) and screen.run.mode == "over"
            played = screen.run.game.snapshot()
            app.switch_language("de")
            await settled(pilot)
            assert screen.text.startswith("Um eine Machtkarte bieten\n✗ Du hast gepasst")
            assert screen.run.game.snapshot() == played
            await pilot.press("ctrl+r")
            await settled(pilot)
            assert screen.run.mode == "asking" and isinstance(app.focused, DecisionPanel)
            await pilot.press("q")
            await settled(pilot)
            assert app.screen is course
            listed = course.query_one("#chapters")
            assert str(listed.get_option_at_index(1).prompt) == "✓  2. Um eine Machtkarte bieten"
            app.switch_language("en")
            await settled(pilot)

    try:
        asyncio.run(go())
    finally:
        set_language("en")


# -- the screens at 80×24 and 120×40 ------------------------------------------------------------


async def board_pages(pilot: Any) -> list[str]:
    """The screen at every page of a teaching screen's board, from its top to its end."""
    board = pilot.app.screen.query_one("#board")
    board.scroll_home(animate=False)
    await settled(pilot)
    pages = [screen_text(pilot.app)]
    while board.scroll_y < board.max_scroll_y:
        board.scroll_page_down(animate=False)
        await settled(pilot)
        pages.append(screen_text(pilot.app))
    return pages


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_chapters_and_the_guided_game_fit_the_screen(cards: CardSet, lang: str,
                                                         size: tuple[int, int]) -> None:
    """A chapter at its decision (the tempest: the tracks show a struck catastrophe) and the
    guided game, in English and German: the status line on one line, and no word of the board
    cut (…), however far the board is scrolled (at 120 columns the lesson's column leaves the
    board the width of its widest lines: they were cut to "Catast…", "Droug…")."""
    async def go() -> None:
        set_language(lang)
        app = LearnApp(cards)
        async with app.run_test(size=size) as pilot:
            await settled(pilot)
            assert app.title == {"en": "Peloponnes — learn to play",
                                 "de": "Peloponnes — Spielen lernen"}[lang]
            await pilot.press(*(["down"] * list(PLAYS).index("tempest")), "enter", "enter")
            await settled(pilot)
            assert isinstance(app.screen, ChapterScreen) and app.screen.run.mode == "asking"
            for screen_kind in ("chapter", "guided game"):
                assert app.screen.query_one("#status").size.height == 1, screen_kind
                for page in await board_pages(pilot):
                    board = [line[:app.screen.query_one("#board").size.width]
                             for line in page.split("\n")]
                    assert not [line for line in board if "…" in line], (screen_kind, page)
                if screen_kind == "chapter":
                    await pilot.press("q")
                    await settled(pilot)
                    await pilot.press("end", "up", "enter", "enter")  # the guided game
                    await settled(pilot)
                    assert isinstance(app.screen, LearnScreen)

    try:
        asyncio.run(go())
    finally:
        set_language("en")
