"""The demonstration screen: the table, and the narration of each step."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.events import Resize
from textual.screen import Screen
from textual.timer import Timer

from peloponnes_tui.demo.narrator import phase_name
from peloponnes_tui.i18n import N_, _, number
from peloponnes_tui.log_text import event_text
from peloponnes_tui.tui.heap import QuietHeap
from peloponnes_tui.tui.render import status_line
from peloponnes_tui.tui.session import Seat
from peloponnes_tui.tui.widgets.board_scroll import BoardScroll
from peloponnes_tui.tui.widgets.drawn import Drawn
from peloponnes_tui.tui.widgets.footer import KeysFooter
from peloponnes_tui.tui.widgets.table_view import Board, Tableau, TableView

if TYPE_CHECKING:
    from peloponnes_tui.cards import CardSet
    from peloponnes_tui.tui.script import Script, Step


def step_text(step: Step, seats: Sequence[Seat], cards: CardSet) -> Text:
    """The narration of one step: the scripted line, each event with its rule, the closing."""
    t = Text()
    names = [s.name for s in seats]
    if step.say:
        t.append("» " + step.say + "\n", style="bold italic")
    for n in step.narrations:
        ev = n.event
        t.append("• " + _("R{round} {phase}: ").format(round=ev.round, phase=phase_name(ev.phase)),
                 style="dim")
        if ev.player is not None and ev.player < len(seats):
            st = seats[ev.player]
            t.append(st.tag + " ", style=f"bold {st.rich_colour}")
        t.append(event_text(ev, cards, names) + "\n", style="bold")
        if n.rule:
            t.append("  " + _("Rule:") + " ", style="bold yellow")
            t.append(n.rule + "\n", style="italic")
    if not step.narrations and not step.say:
        t.append(_("(nothing visible happened)") + "\n", style="dim")
    if step.closing:
        t.append("\n» " + step.closing + "\n", style="bold green")
    return t


# The automatic pace: seconds per step that ``+`` and ``-`` step through (the starting value,
# from PELOPONNES_DEMO_PAUSE, may lie between or outside them).
PACES: tuple[float, ...] = (0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 7.0, 10.0, 15.0, 20.0, 30.0)


def faster(pause: float) -> float | None:
    """The next shorter pause than ``pause`` on the scale, or None at the shortest."""
    shorter = [p for p in PACES if p < pause]
    return shorter[-1] if shorter else None


def slower(pause: float) -> float | None:
    """The next longer pause than ``pause`` on the scale, or None at the longest."""
    longer = [p for p in PACES if p > pause]
    return longer[0] if longer else None


class DemoScreen(Screen[None]):
    CSS_PATH = "demo.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space,right", "next", N_("Next step")),
        # (before the panels' own ← - they do not scroll sideways - so that the footer shows it)
        Binding("left", "back", N_("Step back"), priority=True),
        Binding("a", "auto", N_("Auto on/off")),
        Binding("plus", "faster", N_("Faster")),
        Binding("minus", "slower", N_("Slower")),
        Binding("q,escape", "app.quit", N_("Quit")),
    ]

    def __init__(self, script: Script, pause: float) -> None:
        super().__init__()
        self.script = script
        self.pause = pause  # seconds per step at the automatic pace, kept while the app runs
        self.auto = False
        self.timer: Timer | None = None
        self.narration = ""  # the narration panel as plain text (for tests)
        self._story = ""  # the step's narration below the heading, as plain text
        self.heap = QuietHeap()  # full collections while the board is still

    def compose(self) -> ComposeResult:
        yield Drawn(id="status")
        # (scrolled parts of the board's kind: a part that grows or begins to overflow asks for
        # no second layout, drawn in a screen update of its own, at each step)
        with BoardScroll(id="board"):
            yield TableView(stacked=len(self.script.seats), classes="spaced", id="table")
        with BoardScroll(id="narration"):
            yield Drawn(id="title")
            yield Drawn(id="story")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.set_class(self.app.size.width >= 140, "wide")
        self.script.first()
        self.show()
        self.heap.start(self)

    def on_unmount(self) -> None:
        self.heap.stop()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width >= 140, "wide")

    def show(self) -> None:
        """Draw the step the script is at: the board as it left the game, its narration."""
        self.heap.touched()
        step = self.script.step
        game, seats = self.script.game, self.script.seats
        view = game.view_for(0)
        current = game.pending.player if game.pending else None
        # every hand open; only the parts that changed are drawn again
        self.query_one(TableView).show(Board(
            game.cards, view, seats, current, highlight=step.highlight,
            tableaux=tuple(Tableau(s, game.view_for(s), hand=True) for s in view.order)))
        self.query_one("#status", Drawn).show(status_line(game.cards, view, seats))
        story = step_text(step, seats, game.cards)
        self._story = story.plain
        self.query_one("#story", Drawn).show(story)
        self.redraw_heading()
        self.query_one("#narration", BoardScroll).scroll_home(animate=False)

    def heading(self) -> Text:
        """The title, the step's number, the pace and the keys."""
        total = f"/{self.script.total}" if self.script.total else ""
        head = Text(self.script.title + "\n", style="bold")
        head.append(_("Step {count}{total}").format(count=self.script.number, total=total),
                    style="dim")
        head.append("  ·  " + (_("auto on") if self.auto else _("auto off")), style="dim")
        head.append("  ·  " + _("{seconds} s per step").format(
            seconds=number(self.pause, 2, fixed=False)), style="dim")
        head.append("  ·  " + (_("space/→ next · ← back · a auto · +/- pace · q quit")
                               if not self.script.done
                               else _("the end: ← back · q quits")), style="dim")
        return head

    def redraw_heading(self) -> None:
        head = self.heading()
        self.query_one("#title", Drawn).show(head)
        self.narration = head.plain + "\n" + self._story

    def action_next(self) -> None:
        if self.script.done:
            self.set_auto(False)
            self.app.bell()
            return
        self.script.next()
        if self.script.done:
            self.set_auto(False)
        self.show()

    def action_back(self) -> None:
        """The step before, as it was; the automatic pace stops (it would go forward again)."""
        if not self.script.can_go_back:
            self.app.bell()
            return
        self.set_auto(False)
        self.script.back()
        self.show()

    def set_auto(self, on: bool) -> None:
        self.auto = on
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        if on:
            self.timer = self.set_interval(self.pause, self.action_next)

    def action_auto(self) -> None:
        self.set_auto(not self.auto and not self.script.done)
        self.redraw_heading()

    def set_pause(self, pause: float | None) -> None:
        """Take ``pause`` seconds per step from now on (None: out of bounds, the bell)."""
        if pause is None:
            self.app.bell()
            return
        self.pause = pause
        if self.auto:
            self.set_auto(True)  # the timer again, at the new pace
        self.redraw_heading()

    def action_faster(self) -> None:
        self.set_pause(faster(self.pause))

    def action_slower(self) -> None:
        self.set_pause(slower(self.pause))


__all__ = ["PACES", "DemoScreen", "faster", "slower", "step_text"]
