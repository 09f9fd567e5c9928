"""The guided first game (``peloponnes learn``, "Learn to play" on the start screen).

The learner plays one seat with the usual decision panels and keys; the lesson pane says what
each part of the round is and what to do, refuses an answer the lesson does not ask for with its
hint (the game does not change), and after the right answer explains what happened, with the
events that followed (the computer seat's scripted answers among them) and the rule behind each.
``^r`` (Ctrl+R) takes the current step back to where it began.  The board is the game's own widget
(:class:`~peloponnes_tui.tui.widgets.table_view.TableView`), the panels are the game's own
(:func:`~peloponnes_tui.tui.widgets.panels.panel_for`).  :class:`TeachingScreen` is what the
guided game shares with the course's chapters (``tui/screens/course.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Protocol, TypeVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Static

from peloponnes_tui.i18n import N_, _
from peloponnes_tui.learn.lessons import Lesson, LessonRun, Shown
from peloponnes_tui.tui.colours import COLOURS
from peloponnes_tui.tui.render import (
    log_line,
    status_line,
)
from peloponnes_tui.tui.screens.scoring import score_table
from peloponnes_tui.tui.session import HUMAN, Seat, Session
from peloponnes_tui.tui.widgets.bid_panels import CardChoice, choose_on_board
from peloponnes_tui.tui.widgets.board_scroll import BoardScroll, PanelBox
from peloponnes_tui.tui.widgets.drawn import Drawn
from peloponnes_tui.tui.widgets.footer import KeysFooter, key_display
from peloponnes_tui.tui.widgets.panel import Decided, DecisionPanel
from peloponnes_tui.tui.widgets.panels import panel_for
from peloponnes_tui.tui.widgets.table_view import Board, Tableau, TableView, offer_tooltip

if TYPE_CHECKING:
    from peloponnes_tui.cards import CardSet
    from peloponnes_tui.demo.narrator import Narration
    from peloponnes_tui.engine.game import Game

WIDE = 120  # from this many columns the lesson and the panel stand beside the board
COMPUTER = "computer"  # the computer seats' kind, as the players table shows it
R = TypeVar("R")  # what a teaching screen gives back when it closes


class Teaching(Protocol):
    """What a teaching screen plays: a lesson's or a chapter's run of the game."""

    @property
    def game(self) -> Game: ...


class LessonText(Static):
    """The lesson's text above the decision panel: when a layout gives it a new height, the
    panel below it has moved (:meth:`TeachingScreen.panel_placed`)."""

    def on_resize(self, event: Resize) -> None:
        self.post_message(PanelBox.Placed())


class TeachingScreen(Screen[R]):
    """A game played to teach: the board (the learner's tableau and hand first), a pane of
    text beside or below it, and the game's decision panels for the learner's decisions.  The
    guided game and the course's chapters are such screens: each keeps its run (``run``, whose
    game is taught) and says what the pane shows (``redraw``) and when the learner decides."""

    run: Teaching

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("pageup", "scroll_lesson(-1)", N_("Scroll up"), show=False),
        Binding("pagedown", "scroll_lesson(1)", N_("Scroll down"), show=False),
    ]
    CSS_PATH = "learn.tcss"

    def __init__(self, players: list[str], learner: int, seed: int) -> None:
        super().__init__()
        self.learner = learner
        self.seed = seed
        colours = list(COLOURS)
        self.seats = [Seat(name, colours[i % len(colours)],
                           HUMAN if i == learner else COMPUTER)
                      for i, name in enumerate(players)]
        self.chosen: str | None = None  # the card chosen in the panel (double frame)
        self.asking = False  # a decision panel is shown: keep its first lines in view
        self.text = ""  # the pane as plain text (for tests)

    @property
    def game(self) -> Game:
        """The game taught now."""
        return self.run.game

    # -- parts -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Drawn(id="status")
        with BoardScroll(id="board"):
            yield TableView(stacked=len(self.seats), legend=offer_tooltip, classes="spaced")
        with BoardScroll(id="side"):
            yield LessonText(id="lesson")
            yield PanelBox(id="panelbox")
        yield KeysFooter()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width >= WIDE, "wide")

    async def relabel(self) -> None:
        """Draw everything again in the current language (it changed), keeping where the
        game and the text are (composing the screen again would lose them)."""
        self.query_one(TableView).relabel()
        self.redraw()

    def redraw(self) -> None:
        """Show the pane and the panel again as they stand."""
        raise NotImplementedError

    def on_mount(self) -> None:
        self.set_class(self.app.size.width >= WIDE, "wide")
        self.redraw()

    @property
    def session(self) -> Session:
        """The game as the decision panels read it (the panels see the learner's view only)."""
        return Session(self.game, self.seats, privacy=False, seed=self.seed)

    def panel(self) -> DecisionPanel | None:
        found = self.query(DecisionPanel)
        return found.first() if found else None

    # -- drawing -----------------------------------------------------------------------------

    def draw_board(self) -> None:
        game = self.game
        cards = game.cards
        learner = self.learner
        view = game.view_for(learner)
        current = game.pending.player if game.pending is not None else None
        self.query_one("#status", Drawn).show(status_line(cards, view, self.seats))
        # the learner's tableau and hand first, then the others'
        self.query_one(TableView).show(Board(
            cards, view, self.seats, current, click="screen.select_card", chosen=self.chosen,
            tableaux=(Tableau(learner, view, hand=True),
                      *(Tableau(seat, view) for seat in view.order if seat != learner))))

    def show_pane(self, text: Text, below: Text | Table | None = None) -> None:
        """The pane: ``text`` (and ``below`` it, after a blank line)."""
        self.text = text.plain
        self.query_one("#lesson", Static).update(
            text if below is None else Group(text, Text(""), below))

    def place_panel(self, asking: bool, keep: bool = False) -> None:
        """Mount a new decision panel for the pending prompt when ``asking`` (unless ``keep``:
        the panel shown stays, as after a refused answer); else remove it.  Then draw the
        board and scroll the pane: to its top, or where the lesson asks, just far enough that
        the panel's first lines come into view, below the lines that ask for the decision (at
        80×24 a chapter's text and what has happened fill the pane; the opening has shown the
        text's beginning, PgUp shows it again)."""
        prompt = self.game.pending
        old = self.panel()
        if asking and not keep and prompt is not None:
            panel = panel_for(self.session, prompt)
            self.chosen = panel.card if isinstance(panel, CardChoice) else None
            if isinstance(panel, CardChoice):
                # the panel's chosen card is highlighted on the board as it moves
                panel.on_card = self.card_chosen
            self.query_one("#panelbox", Vertical).mount(panel)
            panel.focus()
        elif not asking:
            self.chosen = None
            self.set_focus(None)
        if old is not None and not keep:
            old.remove()
        self.draw_board()
        side = self.query_one("#side", BoardScroll)
        self.asking = asking

        def scroll() -> None:
            side.scroll_home(animate=False)
            if asking:
                self.panel_placed()

        side.call_after_refresh(scroll)

    @on(PanelBox.Placed)
    def panel_placed(self) -> None:
        """While the lesson asks, bring the panel's first lines into view, scrolling no further
        than that (again when a layout gives the panel or the text above it a new size, which
        may come a screen update after the panel was mounted); a scroll by the player is no
        layout and is left alone."""
        if self.asking:
            side = self.query_one("#side", BoardScroll)
            side.call_after_refresh(side.scroll_to_widget,
                                    self.query_one("#panelbox", PanelBox), animate=False)

    def narrated(self, t: Text, narrations: list[Narration]) -> None:
        """Append the events to ``t``, each with its rule (where not told before)."""
        for n in narrations:
            t.append_text(log_line(n.event, self.seats, self.game.cards))
            t.append("\n")
            if n.rule:
                t.append("  " + _("Rule:") + " ", style="bold yellow")
                t.append(n.rule + "\n", style="italic")

    # -- actions -----------------------------------------------------------------------------

    def card_chosen(self, card: str | None) -> None:
        """The panel's choice moved: highlight the new card on the board."""
        if card != self.chosen:
            self.chosen = card
            self.draw_board()

    def action_select_card(self, card: str) -> None:
        """A card on the board was clicked: choose it in the decision panel."""
        choose_on_board(self.panel(), card)

    def action_scroll_lesson(self, pages: int) -> None:
        side = self.query_one("#side", BoardScroll)
        if pages < 0:
            side.scroll_page_up()
        else:
            side.scroll_page_down()


class LearnScreen(TeachingScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "next", N_("Continue")),
        Binding("ctrl+r", "repeat", N_("Repeat step")),
        Binding("q,escape", "leave", N_("Leave")),
    ]

    def __init__(self, lesson: Lesson, cards: CardSet, standalone: bool = False) -> None:
        """``standalone``: the screen is the whole app, so leaving it ends the app; else
        leaving goes back to the screen that opened it."""
        super().__init__(lesson.players, lesson.learner, lesson.seed)
        self.standalone = standalone
        self.lesson = lesson
        self.run: LessonRun = LessonRun(lesson, cards)

    def lesson_text(self, shown: Shown) -> Text:
        """The lesson pane: where the lesson is, what to do or what happened, the keys."""
        run = self.run
        t = Text()
        if shown.mode == "opening":
            t.append(self.lesson.title.shown() + "\n", style="bold")
            t.append(self.lesson.intro.shown() + "\n\n")
        elif shown.mode == "over":
            t.append(_("The end of the lesson") + "\n", style="bold")
        elif shown.step is not None:
            t.append(_("Lesson {n} of {total}: {title}").format(
                n=run.number(), total=len(run.learner_steps), title=shown.step.title.shown())
                + "\n", style="bold")
        if shown.mode == "asking" and shown.step is not None:
            t.append("▶ " + shown.step.ask.shown() + "\n", style="bold")
            if shown.hint is not None:
                t.append("✗ " + _("That is not what this step asks for.") + " ",
                         style="bold red")
                t.append(shown.hint + "\n", style="red")
            t.append(_("{repeat} repeats this step · q leaves the lesson").format(
                repeat=key_display("^r")), style="dim")
            return t
        if shown.mode == "explaining" and shown.step is not None:
            t.append("✓ ", style="bold green")
            t.append(shown.step.explain.shown() + "\n", style="green")
        for say in shown.says:
            t.append("» " + say + "\n", style="bold italic")
        self.narrated(t, shown.narrations)
        match shown.mode:
            case "opening":
                t.append("\n" + _("Enter: begin"), style="bold")
            case "explaining":
                t.append("\n" + _("Enter: continue · {repeat}: repeat this step").format(
                    repeat=key_display("^r")), style="bold")
            case _:
                t.append("\n" + self.lesson.closing.shown() + "\n", style="bold")
                t.append(_("q leaves the lesson"), style="dim")
        return t

    def redraw(self) -> None:
        self.show(self.run.shown)

    def show(self, shown: Shown) -> None:
        """Draw the board and the lesson pane; mount the panel when the lesson asks."""
        game = self.run.game
        self.show_pane(self.lesson_text(shown),
                       score_table(game.cards, game.scores, self.seats)
                       if shown.mode == "over" else None)
        self.place_panel(shown.mode == "asking", keep=shown.hint is not None)

    # -- actions -----------------------------------------------------------------------------

    @on(Decided)
    def decided(self, event: Decided) -> None:
        event.stop()
        shown = self.run.answer(event.answer)
        if shown.hint is not None:
            self.app.bell()
        self.show(shown)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Continue only after the opening and an explanation, repeat only within a step (the
        footer shows only the keys that do something now)."""
        if action == "next":
            return self.run.mode in ("opening", "explaining")
        if action == "repeat":
            return self.run.mode in ("asking", "explaining")
        return True

    def action_next(self) -> None:
        if self.run.mode in ("opening", "explaining"):
            self.show(self.run.next())
            self.refresh_bindings()

    def action_repeat(self) -> None:
        if self.run.mode in ("asking", "explaining"):
            self.show(self.run.repeat())
            self.refresh_bindings()

    def action_leave(self) -> None:
        if self.standalone:
            self.app.exit(0)
        else:
            self.dismiss()


__all__ = ["COMPUTER", "WIDE", "LearnScreen", "TeachingScreen"]
