"""The course (``peloponnes learn``): short chapters, each one rule or two, decided freely.

A chapter is a YAML file in ``chapters/`` (the file name's number gives its place in the
course): a prepared :class:`~peloponnes_tui.engine.position.Position`, the players (the
learner's seat and the computer seats), ``before`` (scripted answers of any seat that lead up to
the learner's decision, as in a demonstration scenario), the computer seats' ``replies`` to what
the learner may do, ``until`` (the part of the round the chapter ends after) and ``outcomes``:
the reactions to what was chosen.

Unlike the guided game (:mod:`.lessons`), a chapter dictates nothing: the learner answers any
decision the game asks of them with any answer the engine accepts, as often as the game asks
within the chapter.  When the game has gone past ``until`` (or a later round began, or the game
ended), the first outcome whose facts hold (:class:`Facts`: what the engine's state and log say
about the learner) is the chapter's reaction: why it worked or what it cost and by which rule,
shown with the events that happened and the rule behind each (the narrator of the
demonstrations).  Then the learner may try again (back to the decision, by the engine's undo)
or go on.

A computer seat answers with the first of ``replies`` not used yet that the engine accepts now
(coin cards named by resource or back id); the chapter is broken when none fits, which the
tests find by playing every chapter's outcomes.

Every text is in English and German (:class:`~peloponnes_tui.demo.scenario.Bilingual`).
Which chapters are done is remembered in the data folder (:mod:`.progress`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from peloponnes_tui.cards import CardSet
from peloponnes_tui.demo.narrator import Narration, Narrator
from peloponnes_tui.demo.scenario import Bilingual, ScenarioError, Step, resolve_answer
from peloponnes_tui.engine.game import Game, GameSetupError
from peloponnes_tui.engine.log import PHASES, EventKind, Phase
from peloponnes_tui.engine.position import Position
from peloponnes_tui.engine.prompts import Answer, AnswerKind, IllegalAnswer
from peloponnes_tui.inputs import SCENARIO_BYTES_MAX, InputError, Name, load_yaml, validate_model
from peloponnes_tui.learn.lessons import QUIET, LessonError
from peloponnes_tui.message import Invalid, message, message_n

CHAPTER_DIR = Path(__file__).with_name("chapters")


class Facts(BaseModel):
    """What must be true of the learner when the chapter ends for an outcome to be the one
    shown; every field left out holds.  Each is read from the engine (its state and its log of
    the chapter)."""

    model_config = ConfigDict(extra="forbid")

    answered: list[AnswerKind] = Field(default_factory=list)
    """Answers of these kinds were given by the learner in the chapter."""
    not_answered: list[AnswerKind] = Field(default_factory=list)
    has: list[str] = Field(default_factory=list)
    """Power cards in the learner's tableau (covered or not, under construction or not)."""
    lacks: list[str] = Field(default_factory=list)
    covered: list[str] = Field(default_factory=list)
    """Power cards of the learner's covered by a coin card."""
    events: list[EventKind] = Field(default_factory=list)
    """Events of these kinds about the learner happened in the chapter."""
    no_events: list[EventKind] = Field(default_factory=list)
    new_cards: int | None = Field(default=None, ge=0)
    """How many power cards the learner's tableau gained in the chapter."""
    luxury_at_least: int | None = Field(default=None, ge=0)
    """The learner holds at least this many luxury goods at the end."""

    def empty(self) -> bool:
        return self == Facts()


class Outcome(BaseModel):
    """A reaction: shown when its facts hold (the first such outcome of the chapter)."""

    model_config = ConfigDict(extra="forbid")

    when: Facts = Field(default_factory=Facts)
    good: bool
    """Whether the choice served the learner (the pane says so in green), or cost them."""
    text: Bilingual
    """Why it worked or what it cost, and the rule that made it so."""


class Chapter(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    title: Bilingual
    teaches: list[str] = Field(min_length=1)
    """The rulebook's sections the chapter teaches, by the start of their English headings
    (``tests/test_course.py`` checks that ``docs/learn.md``'s table lists the chapter under
    each)."""
    intro: Bilingual
    """The situation and the question (shown before the decision)."""
    players: list[Name] = Field(min_length=2, max_length=5)
    learner: int = Field(default=0, ge=0)
    seed: int = 1
    position: Position
    before: list[Step] = Field(default_factory=list)
    """Scripted answers (of any seat) played before the learner decides."""
    replies: list[dict[str, Any]] = Field(default_factory=list)
    """The computer seats' answers after the learner's: at each of their decisions, the first
    not used yet that the engine accepts."""
    until: Phase
    """The chapter ends when the game has gone past this part of the round."""
    outcomes: list[Outcome] = Field(min_length=1)

    @model_validator(mode="after")
    def _sound(self) -> Chapter:
        if self.learner >= len(self.players):
            raise Invalid(message_n("seat {seat} does not exist ({n} player)",
                                    "seat {seat} does not exist ({n} players)",
                                    len(self.players), seat=self.learner), "learner")
        if not self.outcomes[-1].when.empty():
            raise Invalid(message("the last outcome must hold always (no 'when'), so that "
                                  "every choice has a reaction"), "outcomes")
        return self


def chapter_paths() -> list[Path]:
    return sorted(CHAPTER_DIR.glob("*.yaml"))


def load_chapter(path: Path) -> Chapter:
    try:
        raw = load_yaml(path, message("chapter file"), SCENARIO_BYTES_MAX)
        return validate_model(Chapter, raw, path)
    except InputError as exc:
        raise LessonError(exc.message) from None


def load_course() -> list[Chapter]:
    """The course's chapters in order."""
    return [load_chapter(p) for p in chapter_paths()]


Mode = Literal["opening", "asking", "over"]


@dataclass
class Shown:
    """What the chapter pane shows now."""

    mode: Mode
    narrations: list[Narration] = field(default_factory=list)
    """The events since the learner's last answer (the opening's before the first decision),
    each with its rule."""
    outcome: Outcome | None = None  # the reaction, at the end


class ChapterRun:
    """Plays a chapter: the ``before`` answers, then the learner's free decisions with the
    computer seats' replies in between, until the game goes past ``until``."""

    def __init__(self, chapter: Chapter, cards: CardSet) -> None:
        self.chapter = chapter
        self.cards = cards
        try:
            self.game = Game.new(chapter.players, chapter.seed, cards, chapter.position)
        except GameSetupError as exc:
            raise LessonError("the chapter's position cannot be set up: {problem}",
                              problem=str(exc)) from None
        for i, step in enumerate(chapter.before):
            try:
                self.game.answer(resolve_answer(self.game, step.answer))
            except (IllegalAnswer, ScenarioError) as exc:
                raise LessonError("chapter {chapter}, step {step} before the decision: the "
                                  "engine refused the scripted answer: {problem}",
                                  chapter=chapter.id, step=i + 1, problem=exc.message) from None
        self.round = self.game.round
        self._start_answers = len(self.game.answers)
        self._start_log = len(self.game.log)
        self._start_cards = self._tableau()
        self._used: set[int] = set()
        self.mode: Mode = "opening"
        self.shown = Shown("opening", self._narrate(0))
        if self._ended():
            raise LessonError("the chapter ends before the learner decides anything")

    @property
    def learner(self) -> int:
        return self.chapter.learner

    def _tableau(self) -> set[str]:
        p = self.game.players[self.learner]
        return {x.card for x in (*p.buildings, *p.landscapes)}

    def _narrate(self, since: int) -> list[Narration]:
        """The log from ``since`` on within the chapter's round, each event with its rule (each
        rule once in the chapter)."""
        narrator = Narrator(self.cards)
        told = [narrator.narrate(e) for e in self.game.log]
        return [n for n in told[since:]
                if n.event.kind not in QUIET and n.event.round == self.round]

    def _ended(self) -> bool:
        g = self.game
        return (g.pending is None or g.round > self.round
                or PHASES.index(g.phase) > PHASES.index(self.chapter.until))

    def _reply(self) -> None:
        """A computer seat's decision: the first reply not used yet that the engine accepts."""
        for i, data in enumerate(self.chapter.replies):
            if i in self._used:
                continue
            try:
                ans = resolve_answer(self.game, data)
            except ScenarioError:
                continue
            if self.game.refusal(ans) is None:
                self.game.answer(ans)
                self._used.add(i)
                return
        pending = self.game.pending
        assert pending is not None
        raise LessonError("chapter {chapter}: no reply fits {player}'s decision ({kind})",
                          chapter=self.chapter.id, player=self.game.names[pending.player],
                          kind=pending.kind)

    def _advance(self) -> None:
        """Let the computer seats reply until the learner decides again or the chapter ends."""
        while not self._ended():
            pending = self.game.pending
            assert pending is not None
            if pending.player == self.learner:
                return
            self._reply()

    def begin(self) -> Shown:
        """After the opening: the learner's decision."""
        if self.mode == "opening":
            self.mode = "asking"
            self.shown = Shown("asking", self.shown.narrations)
        return self.shown

    def answer(self, answer: Answer) -> Shown:
        """The learner's answer, whatever it is (IllegalAnswer when the engine refuses it:
        nothing changes); then the computer seats' replies, and the reaction at the end."""
        if self.mode != "asking":
            raise LessonError("the chapter asks for no decision now")
        since = len(self.game.log)
        self.game.answer(answer)
        self._advance()
        narrations = self._narrate(since)
        if self._ended():
            self.mode = "over"
            self.shown = Shown("over", narrations, self.outcome())
        else:
            self.shown = Shown("asking", narrations)
        return self.shown

    def again(self) -> Shown:
        """Back to the learner's first decision (by the engine's undo)."""
        if self.mode == "opening":
            return self.shown
        self.game = self.game.undo(len(self.game.answers) - self._start_answers)
        self._used = set()
        self.mode = "asking"
        self.shown = Shown("asking", self._narrate(0))
        return self.shown

    # -- the reaction --------------------------------------------------------------------------

    def holds(self, facts: Facts) -> bool:
        """Whether ``facts`` are true of the learner now."""
        g = self.game
        me = self.learner
        given = {a.kind for a, seat in zip(g.answers[self._start_answers:],
                                           g.answer_seats[self._start_answers:], strict=True)
                 if seat == me}
        happened = {e.kind for e in g.log[self._start_log:] if e.player == me}
        p = g.players[me]
        now = self._tableau()

        def covered(card: str) -> bool:
            x = p.find(card)
            return x is not None and x.covered

        return (all(k in given for k in facts.answered)
                and not any(k in given for k in facts.not_answered)
                and all(c in now for c in facts.has)
                and not any(c in now for c in facts.lacks)
                and all(covered(c) for c in facts.covered)
                and all(k in happened for k in facts.events)
                and not any(k in happened for k in facts.no_events)
                and (facts.new_cards is None or len(now - self._start_cards) == facts.new_cards)
                and (facts.luxury_at_least is None or p.luxury >= facts.luxury_at_least))

    def outcome(self) -> Outcome:
        """The first outcome whose facts hold (the last holds always)."""
        return next(o for o in self.chapter.outcomes if self.holds(o.when))


__all__ = ["CHAPTER_DIR", "Chapter", "ChapterRun", "Facts", "Outcome", "Shown", "chapter_paths",
           "load_chapter", "load_course"]
