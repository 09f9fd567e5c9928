"""The demonstration screen (``peloponnes demo``): a game played by script or by bots, narrated.

Every seat is played for the viewer - by a scenario's scripted steps or by computer players - so
all hands are open and there is no hand-off cover.  Each step shows, in the narration panel,
what happened (the engine's event text) and which rule made it so (the narrator), and the power
cards involved are highlighted on the board.  Space or → takes the next step and ← the one
before, as it was (forward again runs through the same steps); ``a`` switches the automatic pace
on and off, ``+`` and ``-`` make it faster and slower.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from peloponnes_tui.bots.players import BotPlayers
from peloponnes_tui.cards import CardSet
from peloponnes_tui.demo.narrator import Narration, Narrator
from peloponnes_tui.demo.scenario import QUIET, Scenario, ScenarioRun
from peloponnes_tui.engine import Game
from peloponnes_tui.engine.setup import MAX_PLAYERS, MIN_PLAYERS
from peloponnes_tui.i18n import _, ngettext
from peloponnes_tui.tui.colours import COLOURS, follow_theme
from peloponnes_tui.tui.palette import PaletteApp
from peloponnes_tui.tui.screens.demo import DemoScreen
from peloponnes_tui.tui.script import Script, Step
from peloponnes_tui.tui.session import DEFAULT_NAMES, Seat, kind_name

PAUSE_ENV = "PELOPONNES_DEMO_PAUSE"
DEFAULT_PAUSE = 3.0


def _seats(names: Sequence[str], kinds: Sequence[str]) -> list[Seat]:
    colours = list(COLOURS)
    return [Seat(n, colours[i % len(colours)], k) for i, (n, k) in enumerate(zip(names, kinds,
                                                                             strict=True))]


class ScenarioScript(Script):
    def __init__(self, scenario: Scenario, cards: CardSet) -> None:
        super().__init__()
        self.scenario = scenario
        self.run = ScenarioRun(scenario, cards)
        self.game = self.run.game
        self.seats = _seats(scenario.players, ["scripted"] * len(scenario.players))
        self.total = len(scenario.steps) + 1

    @property
    def latest(self) -> Game:
        return self.run.game

    @property
    def title(self) -> str:
        return self.scenario.title.shown()

    @property
    def finished(self) -> bool:
        return self.run.done

    def _first(self) -> Step:
        beat = self.run.opening()
        return self._close_if_done(Step(beat.say, [n for n in beat.narrations
                                                   if n.event.kind not in QUIET]))

    def _next(self) -> Step:
        beat = self.run.step()
        return self._close_if_done(Step(beat.say, beat.narrations))

    def _close_if_done(self, step: Step) -> Step:
        if self.run.done:
            step.closing = (self.scenario.outro.shown() if self.scenario.outro
                            else _("That is the end of this demonstration."))
        return step


class BotScript(Script):
    def __init__(self, cards: CardSet, bots: Sequence[str], seed: int) -> None:
        super().__init__()
        names = list(DEFAULT_NAMES[: len(bots)])
        self._latest = self.game = Game.new(names, seed, cards)
        self.bots = BotPlayers.seated(cards, bots, seed)
        self.seats = _seats(names, list(bots))
        self.bot_names = list(bots)
        self.total = None
        self.narrator = Narrator(cards)
        self.seen = 0

    @property
    def latest(self) -> Game:
        return self._latest

    @property
    def title(self) -> str:
        seats = ", ".join(f"{n} ({kind_name(b)})" for n, b in zip(self.game.names, self.bot_names,
                                                       strict=True))
        return _("A game between computer players: {seats}").format(seats=seats)

    @property
    def finished(self) -> bool:
        return self._latest.pending is None

    def _events(self) -> list[Narration]:
        out = [self.narrator.narrate(e) for e in self._latest.log[self.seen:]]
        self.seen = len(self._latest.log)
        return out

    def _finish(self, step: Step) -> Step:
        game = self._latest
        if game.pending is None:
            names = _(" and ").join(game.names[w] for w in game.winners)
            step.closing = ngettext("The game is over. Winner: {names}.",
                                    "The game is over. Winners: {names}.",
                                    len(game.winners)).format(names=names)
        return step

    def _first(self) -> Step:
        return self._finish(Step(_("The cards are dealt."), self._events()))

    def _next(self) -> Step:
        prompt = self._latest.pending
        assert prompt is not None
        who = self._latest.names[prompt.player]
        self.bots.move(self._latest)
        return self._finish(Step(_("{player} decides.").format(player=who), self._events()))


class DemoApp(PaletteApp):
    TITLE = "Peloponnes — demonstration"  # English; on_mount sets it in the chosen language

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
        self.title = _("Peloponnes — demonstration")
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
    if bad or not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise ValueError(_("--bots needs {fewest} to {most} of: {bots}").format(
            fewest=MIN_PLAYERS, most=MAX_PLAYERS, bots=", ".join(BOT_NAMES)))
    return BotScript(cards, names, seed)


__all__ = ["BotScript", "DemoApp", "DemoScreen", "ScenarioScript", "Step", "make_script"]
