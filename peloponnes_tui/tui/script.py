"""A demonstration's steps, as the demonstration screen shows them: what one press of space
shows (:class:`Step`), and the source of the steps (:class:`Script`: a scenario's scripted
answers or a game between computer players, ``tui/demo.py``), which can step back and forward
again through the same steps.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from peloponnes_tui.demo.narrator import Narration
    from peloponnes_tui.engine import Game
    from peloponnes_tui.tui.session import Seat


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
    """A source of steps: a scenario (scripted answers) or a game between bots.

    Every step taken is kept with the number of answers given by then, so that the screen can
    step back to any earlier step and forward again through the same ones: back, :attr:`game`
    is the game as it was at that step (the engine's :meth:`Game.undo`); forward again, the
    answers given the first time are replayed on it (nobody decides anew), until the newest
    step, where play goes on with :attr:`latest`.
    """

    game: Game  # the game as the step shown now left it
    seats: list[Seat]
    total: int | None  # steps in all, when known

    def __init__(self) -> None:
        self.steps: list[Step] = []  # every step taken so far, the first one first
        self.marks: list[int] = []  # the answers given by the end of each step
        self.at = -1  # the index of the step shown now

    @property
    def latest(self) -> Game:
        """The game as the newest step left it (play goes on from here)."""
        raise NotImplementedError

    @property
    def title(self) -> str:
        """The demonstration's heading, in the language chosen now."""
        raise NotImplementedError

    @property
    def finished(self) -> bool:
        """Whether the newest step is the last one there is."""
        raise NotImplementedError

    @property
    def done(self) -> bool:
        """Whether the step shown now is the last one there is."""
        return self.at == len(self.steps) - 1 and self.finished

    @property
    def step(self) -> Step:
        """The step shown now."""
        return self.steps[self.at]

    @property
    def number(self) -> int:
        """The step shown now, counted from 1."""
        return self.at + 1

    def _first(self) -> Step:
        raise NotImplementedError

    def _next(self) -> Step:
        raise NotImplementedError

    def _taken(self, step: Step) -> Step:
        self.steps.append(step)
        self.marks.append(len(self.latest.answers))
        self.at = len(self.steps) - 1
        self.game = self.latest
        return step

    def first(self) -> Step:
        return self._taken(self._first())

    def next(self) -> Step:
        """The step after the one shown: again the one taken before, or a new one."""
        if self.at + 1 == len(self.steps):
            return self._taken(self._next())
        self.at += 1
        if self.at + 1 == len(self.steps):
            self.game = self.latest
        else:
            for ans in self.latest.answers[self.marks[self.at - 1]:self.marks[self.at]]:
                self.game.answer(ans)
        return self.step

    @property
    def can_go_back(self) -> bool:
        return self.at > 0

    def back(self) -> Step:
        """The step before the one shown, as it was (ValueError at the first step)."""
        if not self.can_go_back:
            raise ValueError("the first step has no step before it")
        self.at -= 1
        self.game = self.game.undo(len(self.game.answers) - self.marks[self.at])
        return self.step


__all__ = ["Script", "Step"]
