"""The demonstration screen (``peloponnes demo``): a game played by script or by bots, narrated.

Every seat is played for the viewer - by a scenario's scripted steps or by computer players - so
all hands are open and there is no hand-off cover.  Each step shows, in the narration panel,
what happened (the engine's event text) and which rule made it so (the narrator), and the power
cards involved are highlighted on the board.  Space or → takes the next step; ``a`` switches the
automatic pace on and off.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.events import Resize
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static

from peloponnes_tui.bots.players import BotPlayers
from peloponnes_tui.cards import CardSet
from peloponnes_tui.demo.narrator import Narration, Narrator
from peloponnes_tui.demo.scenario import Scenario, ScenarioRun
from peloponnes_tui.engine import Game
from peloponnes_tui.tui.app import CrashGuard
from peloponnes_tui.tui.render import (
    offer_table,
    players_table,
    status_line,
    tableau,
    tracks_table,
)
from peloponnes_tui.tui.session import COLOURS, DEFAULT_NAMES, Seat, set_light_palette

PAUSE_ENV = "PELOPONNES_DEMO_PAUSE"
DEFAULT_PAUSE = 3.0
QUIET = ("setup", "position")  # bookkeeping events a scenario's opening need not narrate


@dataclass
class Step:
    """What one press of space shows: a scripted line, then the engine's events and rules."""

    say: str | None
    narrations: list[Narration] = field(default_factory=list)
    closing: str | None = None  # the scenario's outro or the final result, after the last step

    @property
    def highlight(self) -> frozenset[str]:
        return frozenset(c for n in self.narrations for c in n.event.cards)


class Script:
    """A source of steps: a scenario (scripted answers) or a game between bots."""

    title: str
    game: Game
    seats: list[Seat]
    total: int | None  # steps in all, when known

    @property
    def done(self) -> bool:
        raise NotImplementedError

    def first(self) -> Step:
        raise NotImplementedError

    def next(self) -> Step:
        raise NotImplementedError


def _seats(names: Sequence[str], kinds: Sequence[str]) -> list[Seat]:
    colours = list(COLOURS)
    return [Seat(n, colours[i % len(colours)], k) for i, (n, k) in enumerate(zip(names, kinds,
                                                                             strict=True))]


class ScenarioScript(Script):
    def __init__(self, scenario: Scenario, cards: CardSet) -> None:
        self.scenario = scenario
        self.run = ScenarioRun(scenario, cards)
        self.game = self.run.game
        self.title = scenario.title
        self.seats = _seats(scenario.players, ["scripted"] * len(scenario.players))
        self.total = len(scenario.steps) + 1
        self._closed = False

    @property
    def done(self) -> bool:
        return self._closed

    def first(self) -> Step:
        beat = self.run.opening()
        step = Step(beat.say, [n for n in beat.narrations if n.event.kind not in QUIET])
        self._close_if_done(step)
        return step

    def next(self) -> Step:
        beat = self.run.step()
        step = Step(beat.say, beat.narrations)
        self._close_if_done(step)
        return step

    def _close_if_done(self, step: Step) -> None:
        if self.run.done:
            self._closed = True
            step.closing = self.scenario.outro or "That is the end of this demonstration."


class BotScript(Script):
    def __init__(self, cards: CardSet, bots: Sequence[str], seed: int) -> None:
        names = list(DEFAULT_NAMES[: len(bots)])
        self.game = Game.new(names, seed, cards)
        self.bots = BotPlayers.seated(cards, bots, seed)
        self.seats = _seats(names, list(bots))
        self.title = "A game between computer players: " + ", ".join(
            f"{n} ({b})" for n, b in zip(names, bots, strict=True))
        self.total = None
        self.narrator = Narrator(cards)
        self.seen = 0

    @property
    def done(self) -> bool:
        return self.game.pending is None

    def _events(self) -> list[Narration]:
        out = [self.narrator.narrate(e) for e in self.game.log[self.seen:]]
        self.seen = len(self.game.log)
        return out

    def _finish(self, step: Step) -> Step:
        if self.done:
            names = " and ".join(self.game.names[w] for w in self.game.winners)
            step.closing = f"The game is over. Winner: {names}."
        return step

    def first(self) -> Step:
        return self._finish(Step("The cards are dealt.", self._events()))

    def next(self) -> Step:
        prompt = self.game.pending
        assert prompt is not None
        who = self.game.names[prompt.player]
        self.bots.move(self.game)
        return self._finish(Step(f"{who} decides.", self._events()))


def step_text(step: Step, seats: Sequence[Seat]) -> Text:
    """The narration of one step: the scripted line, each event with its rule, the closing."""
    t = Text()
    if step.say:
        t.append("» " + step.say + "\n", style="bold italic")
    for n in step.narrations:
        ev = n.event
        t.append(f"• R{ev.round} {ev.phase.replace('_', ' ')}: ", style="dim")
        if ev.player is not None and ev.player < len(seats):
            st = seats[ev.player]
            t.append(st.tag + " ", style=f"bold {st.rich_colour}")
        t.append(ev.text + "\n", style="bold")
        if n.rule:
            t.append("  Rule: ", style="bold yellow")
            t.append(n.rule + "\n", style="italic")
    if not step.narrations and not step.say:
        t.append("(nothing visible happened)\n", style="dim")
    if step.closing:
        t.append("\n» " + step.closing + "\n", style="bold green")
    return t


class DemoScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space,right", "next", "Next step"),
        Binding("a", "auto", "Auto on/off"),
        Binding("q,escape", "app.quit", "Quit"),
    ]
    DEFAULT_CSS = """
    DemoScreen #status { height: 1; background: $boost; }
    DemoScreen #board { height: 1fr; padding: 0 1; }
    DemoScreen #narration { height: 45%; border-top: solid $accent; background: $surface;
                            padding: 0 1; }
    DemoScreen.wide #narration { dock: right; width: 64; height: 100%;
                                 border-top: none; border-left: solid $accent; }
    DemoScreen #title { text-style: bold; color: $accent; }
    """

    def __init__(self, script: Script, pause: float) -> None:
        super().__init__()
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
        head.append(f"Step {self.count}{total}", style="dim")
        head.append(f"  ·  auto {'on' if self.auto else 'off'}", style="dim")
        head.append("  ·  space/→ next · a auto · q quit" if not self.script.done
                    else "  ·  the end: q quits", style="dim")
        story = step_text(step, seats)
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


class DemoApp(CrashGuard):
    TITLE = "Peloponnes — demonstration"

    def __init__(self, script: Script, pause: float | None = None) -> None:
        super().__init__()
        self.script = script
        if pause is None:
            try:
                pause = float(os.environ.get(PAUSE_ENV, DEFAULT_PAUSE))
            except ValueError:
                pause = DEFAULT_PAUSE
        self.pause = max(0.05, pause)

    def on_mount(self) -> None:
        set_light_palette(not self.current_theme.dark)
        self.theme_changed_signal.subscribe(
            self, lambda theme: set_light_palette(not theme.dark))
        self.push_screen(DemoScreen(self.script, self.pause))

    async def action_quit(self) -> None:
        self.exit(0)


def make_script(cards: CardSet, scenario: Scenario | None, bots: str, seed: int) -> Script:
    """The steps of a demonstration; ValueError names a bad --bots list."""
    if scenario is not None:
        return ScenarioScript(scenario, cards)
    from peloponnes_tui.bots import BOTS

    names = [b.strip() for b in bots.split(",") if b.strip()]
    bad = [b for b in names if b not in BOTS]
    if bad or not 2 <= len(names) <= 5:
        raise ValueError(f"--bots needs 2 to 5 of: {', '.join(BOTS)}")
    return BotScript(cards, names, seed)


__all__ = ["BotScript", "DemoApp", "DemoScreen", "ScenarioScript", "Step", "make_script"]
