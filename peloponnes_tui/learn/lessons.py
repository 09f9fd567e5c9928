"""The guided first game (``peloponnes learn``): a short scripted game that teaches a round.

The lesson is a YAML file in this package (``lessons.yaml``): a prepared
:class:`~peloponnes_tui.engine.position.Position`, the players (the learner's seat and the
computer seats), and ``steps`` in the order the game asks for them.  A step is either

* a computer seat's scripted answer (``answer``, as in a demonstration scenario, coin cards named
  by resource), with an optional ``say`` line; or
* a decision of the learner (``ask``): what the lesson asks for, the answer it expects
  (:class:`Expected`: the answer's kind and the fields that matter), the ``hint`` shown when
  another answer is given, and the ``explain`` text shown after the right one.

Every draw is prepared (the position names the power cards revealed and the coin cards drawn
next), so the game is the same every time and the lesson's words stay true.  Every text is in
English and German (:class:`Bilingual`), chosen by :func:`peloponnes_tui.i18n.language` when it
is shown.

:class:`LessonRun` plays a lesson: it checks the learner's answers against the lesson, plays the
computer seats' scripted answers in between, and takes a step back to where it began by the
engine's undo.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, assert_never

from pydantic import BaseModel, ConfigDict, Field, model_validator

from peloponnes_tui.cards import CardSet
from peloponnes_tui.demo.narrator import Narration, Narrator
from peloponnes_tui.demo.scenario import Bilingual, ScenarioError, Step, resolve_answer
from peloponnes_tui.engine.game import Game, GameSetupError
from peloponnes_tui.engine.position import Position
from peloponnes_tui.engine.prompts import (
    Answer,
    AnswerKind,
    AnyAnswer,
    CatastropheAnswer,
    CompletePlan,
    FeedPlan,
    GiveUpBuilding,
    IllegalAnswer,
    MoveBid,
    Pass,
    PayBuilding,
    PlaceBid,
    StartConstruction,
    Withdraw,
)
from peloponnes_tui.engine.shape import check_shape
from peloponnes_tui.inputs import SCENARIO_BYTES_MAX, InputError, Name, load_yaml, validate_model
from peloponnes_tui.message import Invalid, MessageError, message, message_n

LESSON_FILE = Path(__file__).with_name("lessons.yaml")
QUIET = ("setup", "position", "start_order")  # bookkeeping the lesson's opening need not show


class LessonError(MessageError):
    """The lesson file is broken; the message says where (made in the language chosen where it
    is shown, ``refusals.error_text``)."""


class Expected(BaseModel):
    """What the lesson asks of the learner: the answer's kind and the fields that matter.

    Fields left out are not checked (which coin cards pay, for instance: the engine has
    already refused an illegal payment).
    """

    model_config = ConfigDict(extra="forbid")

    kind: AnswerKind
    card: str | None = None
    """place_bid and move_bid: the power card."""
    coins: int | None = Field(default=None, ge=0)
    """place_bid: how many coin cards the bid puts down (luxury goods traded included)."""
    cover: list[str] | None = None
    """catastrophe: the cards hit, each covered (by a coin card or a luxury good), none
    removed."""
    complete: list[str] | None = None
    """complete: the buildings under construction paid for."""
    remove: list[str] | None = None
    """feed: the cards removed."""


class LearnerStep(BaseModel):
    """A decision of the learner."""

    model_config = ConfigDict(extra="forbid")

    title: Bilingual
    ask: Bilingual
    """What happens now and what to do (shown before the decision)."""
    expect: Expected
    hint: Bilingual
    """Shown when the learner answers otherwise: what to do instead."""
    explain: Bilingual
    """Shown after the right answer: what happened and which rule made it so."""


# A computer seat's scripted answer (coin cards named by resource or back id), with words to say
# first: a step of a demonstration scenario.
ComputerStep = Step


class Lesson(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: Bilingual
    intro: Bilingual
    players: list[Name] = Field(min_length=2, max_length=5)
    learner: int = Field(default=0, ge=0)
    """The learner's seat; every other seat is a computer's."""
    seed: int = 1
    position: Position
    steps: list[LearnerStep | ComputerStep] = Field(min_length=1)
    closing: Bilingual
    """Shown when the game is over, beside the scoring."""

    @model_validator(mode="after")
    def _learner_seated(self) -> Lesson:
        if self.learner >= len(self.players):
            raise Invalid(message_n("seat {seat} does not exist ({n} player)",
                                    "seat {seat} does not exist ({n} players)",
                                    len(self.players), seat=self.learner), "learner")
        return self


def load_lesson(path: Path = LESSON_FILE) -> Lesson:
    try:
        raw = load_yaml(path, message("lesson file"), SCENARIO_BYTES_MAX)
        return validate_model(Lesson, raw, path)
    except InputError as exc:
        raise LessonError(exc.message) from None


def _hit(treatments: tuple[tuple[str, Any], ...]) -> tuple[list[str], bool]:
    """The cards a catastrophe answer names, and whether every one is covered."""
    return sorted(c for c, _ in treatments), all(how != "remove" for _, how in treatments)


def matches(expect: Expected, answer: AnyAnswer) -> bool:
    """Whether ``answer`` is the one the lesson asks for (in the fields that matter)."""
    if answer.kind != expect.kind:
        return False
    match answer:
        case PlaceBid():
            return ((expect.card is None or answer.card == expect.card)
                    and (expect.coins is None
                         or len(answer.coins) + answer.luxury == expect.coins))
        case MoveBid():
            return expect.card is None or answer.card == expect.card
        case CatastropheAnswer():
            cards, covered = _hit(answer.treatments)
            return expect.cover is None or (cards == sorted(expect.cover) and covered)
        case CompletePlan():
            return expect.complete is None or sorted(answer.complete) == sorted(expect.complete)
        case FeedPlan():
            return expect.remove is None or sorted(answer.remove) == sorted(expect.remove)
        case Pass() | Withdraw() | PayBuilding() | StartConstruction() | GiveUpBuilding():
            return True
        case _:
            assert_never(answer)


Mode = Literal["opening", "asking", "explaining", "over"]


@dataclass
class Shown:
    """What the lesson pane shows now."""

    mode: Mode
    step: LearnerStep | None  # the learner's step asked or just explained (None: the end)
    narrations: list[Narration] = field(default_factory=list)
    """The events to show with their rules: the opening's before the first step, after a right
    answer those it caused and the computer seats' answers up to the next learner step."""
    says: list[str] = field(default_factory=list)  # the computer steps' scripted lines
    hint: str | None = None  # the refusal of a wrong answer


class LessonRun:
    """Plays a lesson: the learner's steps checked, the computer seats' played in between.

    It begins with the ``opening`` (the lesson's introduction and the first events).  ``index``
    is the learner's step the lesson is at: while ``asking`` it waits for its answer; while
    ``explaining`` it has been answered and the computer steps after it are played, so the game
    waits for the next learner step (or is over).
    """

    def __init__(self, lesson: Lesson, cards: CardSet) -> None:
        self.lesson = lesson
        self.cards = cards
        try:
            self.game = Game.new(lesson.players, lesson.seed, cards, lesson.position)
        except GameSetupError as exc:
            raise LessonError("the lesson's position cannot be set up: {problem}",
                              problem=str(exc)) from None
        # where each learner step began: the answers given before it, and what it showed then
        self._begun: dict[int, tuple[int, Shown]] = {}
        self._next = self._play_computers(0)
        self.index = -1
        self.mode: Mode = "opening"
        self.shown = Shown("opening", None, self._narrate(0), self._says(0))

    # -- the steps ---------------------------------------------------------------------------

    @property
    def steps(self) -> list[LearnerStep | ComputerStep]:
        return self.lesson.steps

    @property
    def learner_steps(self) -> list[int]:
        """The indexes of the learner's steps in ``steps``."""
        return [i for i, s in enumerate(self.steps) if isinstance(s, LearnerStep)]

    def current(self) -> LearnerStep | None:
        step = self.steps[self.index] if 0 <= self.index < len(self.steps) else None
        return step if isinstance(step, LearnerStep) else None

    def number(self) -> int:
        """The learner step the lesson is at, counted from 1."""
        return sum(1 for i in self.learner_steps if i <= self.index)

    def _narrate(self, since: int) -> list[Narration]:
        """The log from ``since`` on, each event with its rule (each rule once in the game)."""
        narrator = Narrator(self.cards)
        told = [narrator.narrate(e) for e in self.game.log]
        return [n for n in told[since:] if n.event.kind not in QUIET]

    def _says(self, start: int) -> list[str]:
        """The scripted lines of the computer steps from ``start`` to the next learner step."""
        out: list[str] = []
        for step in self.steps[start:]:
            if isinstance(step, LearnerStep):
                break
            if step.say is not None:
                out.append(step.say.shown())
        return out

    def _play_computers(self, start: int) -> int:
        """Play the computer steps from ``start``; the index of the next learner step (or the
        number of steps, at the end)."""
        i = start
        while i < len(self.steps):
            step = self.steps[i]
            if isinstance(step, LearnerStep):
                prompt = self.game.pending
                if prompt is None or prompt.player != self.lesson.learner:
                    if prompt is None:
                        raise LessonError("step {step}: the learner should decide here, but the "
                                          "game is over", step=i + 1)
                    raise LessonError("step {step}: the learner should decide here, but {who} "
                                      "does", step=i + 1, who=self.game.names[prompt.player])
                return i
            prompt = self.game.pending
            if prompt is None:
                raise LessonError("step {step}: the game is over, but the lesson has more steps",
                                  step=i + 1)
            if prompt.player == self.lesson.learner:
                raise LessonError("step {step}: the learner decides here, not a computer seat",
                                  step=i + 1)
            try:
                self.game.answer(resolve_answer(self.game, step.answer))
            except (IllegalAnswer, ScenarioError) as exc:
                raise LessonError("step {step}: the engine refused the scripted answer: "
                                  "{problem}", step=i + 1, problem=exc.message) from None
            i += 1
        if self.game.pending is not None:
            raise LessonError("the lesson's steps end, but the game goes on: {player} must "
                              "decide", player=self.game.names[self.game.pending.player])
        return i

    def _begin(self) -> None:
        if self.mode == "asking":
            self._begun[self.index] = (len(self.game.answers), self.shown)

    # -- the learner -------------------------------------------------------------------------

    def refusal(self, answer: Answer) -> str | None:
        """The hint when ``answer`` is not what the current step asks for, else None."""
        step = self.current()
        if self.mode != "asking" or step is None:
            return None
        return None if matches(step.expect, check_shape(answer)) else step.hint.shown()

    def answer(self, answer: Answer) -> Shown:
        """The learner's answer: refused with the step's hint (nothing changes) unless it is
        what the step asks for; else applied, the computer steps after it played, and the
        step explained.  An answer the engine refuses raises IllegalAnswer (nothing changes)."""
        step = self.current()
        if self.mode != "asking" or step is None:
            raise LessonError("the lesson asks for no decision now")
        hint = self.refusal(answer)
        if hint is not None:
            self.shown = Shown("asking", step, self.shown.narrations, self.shown.says, hint)
            return self.shown
        since = len(self.game.log)
        self.game.answer(answer)
        self._next = self._play_computers(self.index + 1)
        self.mode = "explaining"
        self.shown = Shown("explaining", step, self._narrate(since), self._says(self.index + 1))
        return self.shown

    def next(self) -> Shown:
        """After the opening or an explanation: the next learner step, or the end."""
        if self.mode not in ("opening", "explaining"):
            raise LessonError("there is nothing to continue to")
        self.index = self._next
        self.mode = "asking" if self.index < len(self.steps) else "over"
        self.shown = Shown(self.mode, self.current())
        self._begin()
        return self.shown

    def repeat(self) -> Shown:
        """Back to where the current learner step began (by the engine's undo)."""
        if self.mode in ("opening", "over"):
            return self.shown
        answers, shown = self._begun[self.index]
        self.game = self.game.undo(len(self.game.answers) - answers)
        self.mode = "asking"
        self.shown = Shown("asking", shown.step, shown.narrations, shown.says)
        return self.shown


__all__ = ["LESSON_FILE", "Bilingual", "ComputerStep", "Expected", "LearnerStep", "Lesson",
           "LessonError", "LessonRun", "Shown", "load_lesson", "matches"]
