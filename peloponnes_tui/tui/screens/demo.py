"""The demonstration screen: the table, and the narration of each step."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.events import Resize
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static

from peloponnes_tui.demo.narrator import phase_name
from peloponnes_tui.i18n import _
from peloponnes_tui.log_text import event_text
from peloponnes_tui.tui.render import (
    offer_table,
    players_table,
    status_line,
    tableau,
    tracks_table,
)
from peloponnes_tui.tui.session import Seat

if TYPE_CHECKING:
    from peloponnes_tui.cards import CardSet
    from peloponnes_tui.tui.demo import Script, Step


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


class DemoScreen(Screen[None]):
    CSS_PATH = "demo.tcss"

    def __init__(self, script: Script, pause: float) -> None:
        super().__init__()
        # the keys, bound here rather than in BINDINGS so that the footer's words are in the
        # language chosen when the screen is made
        self._bindings.bind("space,right", "next", _("Next step"))
        self._bindings.bind("a", "auto", _("Auto on/off"))
        self._bindings.bind("q,escape", "app.quit", _("Quit"))
        self.script = script
        self.pause = pause
        self.auto = False
        self.timer: Timer | None = None
        self.count = 0
        self.step: Step | None = None
        self.narration = ""  # the narration panel as plain text (for tests)

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with VerticalScroll(id="board"):
            yield Static(id="table")
        with VerticalScroll(id="narration"):
            yield Static(id="title")
            yield Static(id="story")
        yield Footer()

    def on_mount(self) -> None:
        self.set_class(self.app.size.width >= 140, "wide")
        self.show(self.script.first())

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width >= 140, "wide")

    def show(self, step: Step) -> None:
        self.step = step
        self.count += 1
        game, seats = self.script.game, self.script.seats
        view = game.view_for(0)
        current = game.pending.player if game.pending else None
        hl = step.highlight
        parts: list[RenderableType] = [
            offer_table(game.cards, view, seats, current, highlight=hl),
            Text(""),
            tracks_table(game.cards, view, seats),
            Text(""),
            players_table(game.cards, view, seats, current),
        ]
        for s in view.order:
            parts.append(Text(""))
            parts.append(tableau(game.cards, game.view_for(s), s, seats, show_hand=True,
                                 highlight=hl))
        self.query_one("#status", Static).update(status_line(game.cards, view, seats))
        self.query_one("#table", Static).update(Group(*parts))
        total = f"/{self.script.total}" if self.script.total else ""
        head = Text(self.script.title + "\n", style="bold")
        head.append(_("Step {count}{total}").format(count=self.count, total=total), style="dim")
        head.append("  ·  " + (_("auto on") if self.auto else _("auto off")), style="dim")
        head.append("  ·  " + (_("space/→ next · a auto · q quit") if not self.script.done
                               else _("the end: q quits")), style="dim")
        story = step_text(step, seats, game.cards)
        self.narration = head.plain + "\n" + story.plain
        self.query_one("#title", Static).update(head)
        self.query_one("#story", Static).update(story)
        self.query_one("#narration", VerticalScroll).scroll_home(animate=False)

    def action_next(self) -> None:
        if self.script.done:
            self.set_auto(False)
            self.app.bell()
            return
        self.show(self.script.next())
        if self.script.done:
            self.set_auto(False)

    def set_auto(self, on: bool) -> None:
        self.auto = on
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        if on:
            self.timer = self.set_interval(self.pause, self.action_next)

    def action_auto(self) -> None:
        self.set_auto(not self.auto and not self.script.done)
        if self.step is not None:
            # redraw the heading with the new pace
            self.count -= 1
            self.show(self.step)


__all__ = ["DemoScreen", "step_text"]
