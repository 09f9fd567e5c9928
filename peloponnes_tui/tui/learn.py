"""``peloponnes learn``: the guided first game in an app of its own (the start screen's "Learn
to play" opens the same screen inside the play app)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from peloponnes_tui.tui.colours import follow_theme
from peloponnes_tui.tui.compat import run_guarded
from peloponnes_tui.tui.palette import PaletteApp

if TYPE_CHECKING:
    from peloponnes_tui.cards import CardSet
    from peloponnes_tui.learn.lessons import Lesson


class LearnApp(PaletteApp):
    TITLE = "Peloponnes — learn to play"
    CSS_PATH = "app.tcss"

    def __init__(self, lesson: Lesson, cards: CardSet) -> None:
        super().__init__()
        self.lesson = lesson
        self.cards = cards

    def on_mount(self) -> None:
        from peloponnes_tui.tui.screens.learn import LearnScreen

        follow_theme(self)
        self.push_screen(LearnScreen(self.lesson, self.cards, standalone=True))

    async def action_quit(self) -> None:
        self.exit(0)


def run_learn(cards: CardSet) -> int:
    """Open the guided first game; LessonError when the lesson file is broken."""
    from peloponnes_tui.learn.lessons import load_lesson

    return run_guarded(LearnApp(load_lesson(), cards))


__all__ = ["LearnApp", "run_learn"]
