"""The course (``peloponnes learn``, "Learn to play" on the start screen): the list of chapters
and a chapter played.

:class:`CourseScreen` lists the chapters, each marked when it is done (remembered in the data
folder, ``learn/progress.py``), then the guided game of rounds 7-8 (``LearnScreen``) and last
the first game: a whole game of the play app against beginners with hints on.
:class:`ChapterScreen` plays one chapter (``learn/course.py``): the situation, then the
learner's free decisions with the game's own panels and keys; at the end the reaction to what
was chosen, with the events and the rule behind each; ``^r`` (Ctrl+R) tries again from the decision,
Enter goes on to the next chapter, ``q`` goes back to the list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from peloponnes_tui.i18n import N_, _
from peloponnes_tui.learn.course import Chapter, ChapterRun, Shown, load_course
from peloponnes_tui.learn.progress import FIRST_GAME, load_progress, mark_done
from peloponnes_tui.tui.screens.learn import LearnScreen, TeachingScreen
from peloponnes_tui.tui.screens.scoring import score_table
from peloponnes_tui.tui.widgets.footer import KeysFooter, key_display
from peloponnes_tui.tui.widgets.panel import Decided

if TYPE_CHECKING:
    from peloponnes_tui.cards import CardSet

GUIDED = "guided-game"  # the list's last entry: the guided game of rounds 7-8
Leaving = Literal["next", "list"]  # where a chapter's screen goes when it closes


def heading() -> str:
    return _("[b]Learn to play[/b] — choose a chapter and press Enter")


class CourseScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q,escape", "leave", N_("Leave"))]
    CSS_PATH = "course.tcss"

    def __init__(self, cards: CardSet, standalone: bool = False) -> None:
        """``standalone``: the screen is the whole app (``peloponnes learn``), so leaving it
        ends the app; else leaving goes back to the screen that opened it."""
        super().__init__()
        self.cards = cards
        self.standalone = standalone
        self.chapters = load_course()
        self.progress, self.notice = load_progress()

    def compose(self) -> ComposeResult:
        yield Label(heading())
        yield OptionList(*self.options(), id="chapters")
        yield KeysFooter()

    def options(self) -> list[Option]:
        out = []
        for n, chapter in enumerate(self.chapters, 1):
            mark = "✓" if chapter.id in self.progress.done else " "
            out.append(Option(Text(f"{mark} {n:>2}. {chapter.title.shown()}"), id=chapter.id))
        out.append(Option(Text("  " + _("{n}. The guided game: the last two rounds").format(
            n=f"{len(self.chapters) + 1:>2}")), id=GUIDED))
        mark = "✓" if FIRST_GAME in self.progress.done else " "
        out.append(Option(Text(f"{mark} " + _("{n}. Your first game: 8 rounds against two "
                                              "beginners, with hints").format(
            n=f"{len(self.chapters) + 2:>2}")), id=FIRST_GAME))
        return out

    def on_mount(self) -> None:
        if self.notice:
            self.notify(self.notice, severity="warning")
        first = next((i for i, c in enumerate(self.chapters) if c.id not in self.progress.done),
                     len(self.chapters))
        self.query_one(OptionList).highlighted = first
        self.query_one(OptionList).focus()

    async def relabel(self) -> None:
        """The list again in the current language (it changed)."""
        self.query_one(Label).update(heading())
        self.relist()

    def relist(self) -> None:
        """Draw the list again (a chapter was done), keeping the highlighted entry."""
        found = self.query_one(OptionList)
        at = found.highlighted
        found.clear_options()
        found.add_options(self.options())
        found.highlighted = at

    @on(OptionList.OptionSelected)
    def picked(self, event: OptionList.OptionSelected) -> None:
        self.open(event.option_index)

    def open(self, index: int) -> None:
        """Open entry ``index`` of the list: a chapter, or the guided game."""
        if index > len(self.chapters):
            self.first_game()
            return
        if index == len(self.chapters):
            from peloponnes_tui.learn.lessons import load_lesson

            self.app.push_screen(LearnScreen(load_lesson(), self.cards))
            return
        self.query_one(OptionList).highlighted = index

        def closed(leaving: Leaving | None) -> None:
            self.relist()
            if leaving == "next":
                self.open(index + 1)

        self.app.push_screen(ChapterScreen(self.chapters[index], self.cards, self),
                             closed)

    class FirstGame(Message):
        """The first game was chosen: the play app starts it; the course's own app
        (``peloponnes learn``) closes and hands it to the play app (``tui/learn.py``)."""

    def first_game(self) -> None:
        self.post_message(self.FirstGame())

    def done(self, chapter: Chapter) -> None:
        """``chapter`` was played to its end: remember it."""
        self.progress, problem = mark_done(self.progress, chapter.id)
        if problem:
            self.notify(problem, severity="warning")

    def action_leave(self) -> None:
        if self.standalone:
            self.app.exit(0)
        else:
            self.dismiss()


class ChapterScreen(TeachingScreen[Leaving]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "next", N_("Continue")),
        Binding("ctrl+r", "again", N_("Try again")),
        Binding("q,escape", "leave", N_("Leave")),
    ]

    def __init__(self, chapter: Chapter, cards: CardSet, course: CourseScreen | None = None
                 ) -> None:
        super().__init__(chapter.players, chapter.learner, chapter.seed)
        self.chapter = chapter
        self.course = course
        self.run: ChapterRun = ChapterRun(chapter, cards)

    def pane(self, shown: Shown) -> Text:
        t = Text()
        t.append(self.chapter.title.shown() + "\n", style="bold")
        if shown.mode != "over":
            t.append(self.chapter.intro.shown() + "\n\n")
        elif shown.outcome is not None:
            if shown.outcome.good:
                t.append("✓ ", style="bold green")
                t.append(shown.outcome.text.shown() + "\n\n", style="green")
            else:
                t.append("✗ ", style="bold red")
                t.append(shown.outcome.text.shown() + "\n\n", style="red")
        self.narrated(t, shown.narrations)
        match shown.mode:
            case "opening":
                t.append("\n" + _("Enter: begin"), style="bold")
            case "asking":
                t.append("\n▶ " + _("Your decision: choose in the panel below, Enter "
                                    "confirms.") + "\n", style="bold")
                t.append(_("{again} starts again · q goes back to the chapters").format(
                    again=key_display("^r")), style="dim")
            case "over":
                t.append("\n" + _("Enter: next chapter · {again}: try again · q: the "
                                   "chapters").format(again=key_display("^r")), style="bold")
        return t

    def redraw(self) -> None:
        self.show(self.run.shown)

    def show(self, shown: Shown) -> None:
        game = self.run.game
        self.show_pane(self.pane(shown),
                       score_table(game.cards, game.scores, self.seats) if game.over else None)
        self.place_panel(shown.mode == "asking")

    @on(Decided)
    def decided(self, event: Decided) -> None:
        event.stop()
        shown = self.run.answer(event.answer)
        if shown.mode == "over" and self.course is not None:
            self.course.done(self.chapter)
        self.show(shown)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Continue after the opening and at the end, try again once begun (the footer shows
        only the keys that do something now)."""
        if action == "next":
            return self.run.mode in ("opening", "over")
        if action == "again":
            return self.run.mode != "opening"
        return True

    def action_next(self) -> None:
        if self.run.mode == "opening":
            self.show(self.run.begin())
            self.refresh_bindings()
        elif self.run.mode == "over":
            self.dismiss("next")

    def action_again(self) -> None:
        if self.run.mode != "opening":
            self.show(self.run.again())
            self.refresh_bindings()

    def action_leave(self) -> None:
        self.dismiss("list")


__all__ = ["GUIDED", "ChapterScreen", "CourseScreen"]
