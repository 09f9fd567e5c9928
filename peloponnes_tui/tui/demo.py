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

from peloponnes_tui.bots.players import BotPlayers
from peloponnes_tui.cards import CardSet
from peloponnes_tui.demo.narrator import Narration, Narrator
from peloponnes_tui.demo.scenario import Scenario, ScenarioRun
from peloponnes_tui.engine import Game
from peloponnes_tui.tui.app import CrashGuard
from peloponnes_tui.tui.colours import COLOURS, follow_theme
from peloponnes_tui.tui.screens.demo import DemoScreen
from peloponnes_tui.tui.session import DEFAULT_NAMES, Seat

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
        follow_theme(self)
        self.push_screen(DemoScreen(self.script, self.pause))

    async def action_quit(self) -> None:
        self.exit(0)


def make_script(cards: CardSet, scenario: Scenario | None, bots: str, seed: int) -> Script:
    """The steps of a demonstration; ValueError names a bad --bots list."""
    if scenario is not None:
        return ScenarioScript(scenario, cards)
    from peloponnes_tui.bots import BOT_NAMES

    names = [b.strip() for b in bots.split(",") if b.strip()]
    bad = [b for b in names if b not in BOT_NAMES]
    if bad or not 2 <= len(names) <= 5:
        raise ValueError(f"--bots needs 2 to 5 of: {', '.join(BOT_NAMES)}")
    return BotScript(cards, names, seed)


__all__ = ["BotScript", "DemoApp", "DemoScreen", "ScenarioScript", "Step", "make_script"]
