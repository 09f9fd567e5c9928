"""The game a window plays, owned in one place: its session, whose hand may be shown, where it
autosaves, and what comes next.

A :class:`RunningGame` applies an answer and autosaves it, plays the computer seats, takes an
answer back, and says what the table needs next (:meth:`RunningGame.next_step`): the end of the
game or of a round, a computer player's turn, the keyboard handed to another person behind the
cover, or a person's decision.  It knows nothing of Textual: the app runs its timers and worker
threads and shows each step on the board screen, and the screens send the player's choices to the
app as messages.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from peloponnes_tui.cards import ROUNDS
from peloponnes_tui.tui.session import Session

if TYPE_CHECKING:
    from peloponnes_tui.engine import Answer


@dataclass(frozen=True)
class GameOver:
    """The game is over: the scores are shown."""


@dataclass(frozen=True)
class RoundOver:
    """A round has ended (``round``; the eighth: the game): the table reads what each player
    gained, the income and the next round's reveal before anyone moves on."""

    round: int


@dataclass(frozen=True)
class ComputerTurn:
    """A computer player decides (after the game's pause)."""

    seat: int


@dataclass(frozen=True)
class HandOff:
    """Another person takes the keyboard: the cover hides the last player's hand until they
    say they are ready."""

    seat: int


@dataclass(frozen=True)
class PersonTurn:
    """A person decides, their hand shown; ``told``: the hand-off cover already told them what
    happened since their last turn."""

    seat: int
    told: bool = False


@dataclass(frozen=True)
class Waiting:
    """At a table of many devices: a person decides on their own device (this one waits)."""

    seat: int


Step = GameOver | RoundOver | ComputerTurn | HandOff | PersonTurn | Waiting


class RunningGame:
    """A game being played in a window (see the module's docstring)."""

    def __init__(self, session: Session, autosave_to: Path) -> None:
        self.session = session
        self.viewer: int | None = None  # the seat whose hand may be shown now
        self.autosave_to = autosave_to
        self.stopped = False  # after an unexpected error nothing more is written
        # why the last autosave failed (None: the autosave holds the game as it stands); a game
        # resumed or loaded starts as saved (its file, or the autosave written then)
        self.unsaved: OSError | None = None
        # the last round whose end the table was shown: a game resumed or loaded shows the end
        # of the rounds played from then on
        self.told_round = self.rounds_over()

    def rounds_over(self) -> int:
        """How many rounds are over (all of them once the game is)."""
        game = self.session.game
        return ROUNDS if game.over else game.round - 1

    def autosave(self) -> OSError | None:
        """Write the game to its autosave; the error if that failed (the game goes on)."""
        if self.stopped:
            return None  # the game may be half-changed: the file keeps the last whole answer
        try:
            self.session.save(self.autosave_to)
        except OSError as exc:
            self.unsaved = exc
            return exc
        self.unsaved = None
        return None

    def apply(self, answer: Answer) -> None:
        """Apply a player's answer (``IllegalAnswer`` changes nothing); the window autosaves it
        once the screen shows what it did (``PeloponnesApp.autosave_soon``)."""
        self.session.answer(answer)

    def apply_computers(self, turn: int, answer: Answer) -> bool:
        """Apply a computer player's answer, thought over while the game was at ``turn``:
        False (and nothing done) when another answer, an undo or a load came in between."""
        if self.session.turn != turn or self.session.pending is None:
            return False
        self.session.answer(answer)
        return True

    def play_computers(self) -> None:
        """Play the computer seats' turns through to the next person's decision (or the end)."""
        self.session.play_bots()

    def next_step(self) -> Step:
        """What the table needs now.  The hand-off cover comes up when the keyboard passes
        from one person to another and hands are hidden; on it, or at a computer's turn or the
        end, no hand is shown."""
        session = self.session
        prompt = session.pending
        ended = self.rounds_over()
        if ended > self.told_round:
            self.told_round = ended
            self.viewer = None
            return RoundOver(ended)
        if prompt is None:
            self.viewer = None
            return GameOver()
        seat = prompt.player
        if not session.seats[seat].human:
            return ComputerTurn(seat)
        if self.viewer != seat and session.hands_private:
            self.viewer = None
            return HandOff(seat)
        self.viewer = seat
        return PersonTurn(seat)

    def ready(self, seat: int) -> PersonTurn | None:
        """The person at ``seat`` took the keyboard behind the cover: their decision, if it is
        still theirs."""
        prompt = self.session.pending
        if prompt is None or prompt.player != seat:
            return None
        self.viewer = seat
        return PersonTurn(seat, told=True)

    def person_deciding(self) -> bool:
        """True while a person's decision is shown to them (their hand on the screen)."""
        prompt = self.session.pending
        return (prompt is not None and self.session.seats[prompt.player].human
                and self.viewer == prompt.player)

    def undo_seat(self, covered: bool) -> int | None:
        """Whose last answer an undo would take back: the viewer's, or, while the hand-off
        cover is up (the next player has seen nothing yet), the last one who answered."""
        answered = self.session.answered_by
        return answered[-1] if covered and answered else self.viewer

    def undo(self, seat: int | None) -> bool:
        """Take back ``seat``'s last answer, if the rules of undo allow it (see
        ``Session.can_undo``), and show the game to that seat again (the app autosaves)."""
        if not self.session.can_undo(seat):
            return False
        self.session.undo()
        self.told_round = min(self.told_round, self.rounds_over())
        self.viewer = seat
        return True


__all__ = ["ComputerTurn", "GameOver", "HandOff", "PersonTurn", "RoundOver", "RunningGame", "Step",
           "Waiting"]
