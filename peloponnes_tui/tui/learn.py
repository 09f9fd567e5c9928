"""``peloponnes learn``: the course in an app of its own (the start screen's "Learn to play"
opens the same screen inside the play app).  The course's first game is a game of the play app:
choosing it closes the course and opens the play app with it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from peloponnes_tui.i18n import _
from peloponnes_tui.tui.colours import follow_theme
from peloponnes_tui.tui.compat import run_guarded
from peloponnes_tui.tui.palette import PaletteApp

if TYPE_CHECKING:
    from peloponnes_tui.cards import CardSet
    from peloponnes_tui.learn.lessons import Lesson


class LearnApp(PaletteApp):
    TITLE = "Peloponnes — learn to play"  # English; on_mount sets it in the chosen language
    CSS_PATH = "app.tcss"

    def __init__(self, cards: CardSet, lesson: Lesson | None = None) -> None:
        """The course's list of chapters; with ``lesson``, that guided game alone."""
        super().__init__()
        self.cards = cards
        self.lesson = lesson
        self.first_game = False  # the course's first game was chosen: the play app opens it

    def on_mount(self) -> None:
        from peloponnes_tui.tui.screens.course import CourseScreen
        from peloponnes_tui.tui.screens.learn import LearnScreen

        follow_theme(self)
        self.title = _("Peloponnes — learn to play")
        if self.lesson is not None:
            self.push_screen(LearnScreen(self.lesson, self.cards, standalone=True))
        else:
            self.push_screen(CourseScreen(self.cards, standalone=True))

    def on_course_screen_first_game(self) -> None:
        """The course's first game is a game of the play app: close, and let it open."""
        self.first_game = True
        self.exit(0)

    async def action_quit(self) -> None:
        self.exit(0)


def run_learn(cards: CardSet) -> int:
    """Open the course; LessonError when a chapter file or the lesson file is broken."""
    from peloponnes_tui.learn.course import load_course
    from peloponnes_tui.learn.lessons import load_lesson

    load_course()  # a broken file is said before the app starts
    load_lesson()
    app = LearnApp(cards)
    status = run_guarded(app)
    if status == 0 and app.first_game:
        from peloponnes_tui.i18n import language
        from peloponnes_tui.tui.app import run_app

        return run_app(cards, lang=language(), first_game=True)
    return status


__all__ = ["LearnApp", "run_learn"]
