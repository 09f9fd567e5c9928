"""Rules demonstrations: a prepared position plus a few scripted answers that show one rule.

Scenarios are YAML files in ``peloponnes_tui/demo/scenarios``.  A scenario names its players, a
seed, a :class:`~peloponnes_tui.engine.position.Position`, and ``steps``: each is an answer for
the pending prompt (its ``kind`` as in save files), optionally with ``say`` - a line of
narration shown before it.  Coin cards in scripted answers may be named by resource or back id
(``wood``, ``grain-2``) instead of by number; they are looked up in the answering player's hand.
Every text (``title``, ``intro``, ``say``, ``outro``) is written in both languages,
``{en: ..., de: ...}`` (:class:`Bilingual`), and shown in the one chosen at display time.
``expect`` lists facts about the final state that the tests check.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, assert_never

from pydantic import BaseModel, ConfigDict, Field, model_validator

from peloponnes_tui.cards import CardSet
from peloponnes_tui.demo.narrator import Narration, Narrator, phase_name
from peloponnes_tui.engine.game import Game, GameSetupError
from peloponnes_tui.engine.log import EventKind
from peloponnes_tui.engine.position import Position
from peloponnes_tui.engine.prompts import Answer, IllegalAnswer
from peloponnes_tui.engine.shape import answer_from_dict
from peloponnes_tui.engine.state import CardState
from peloponnes_tui.engine.view import PlacedView, PlayerView
from peloponnes_tui.i18n import LANGUAGES, _, kind_name, name
from peloponnes_tui.inputs import SCENARIO_BYTES_MAX, InputError, Name, load_yaml, validate_model
from peloponnes_tui.log_text import event_text
from peloponnes_tui.message import Invalid, MessageError, message
from peloponnes_tui.prompt_text import prompt_text

SCENARIO_DIR = Path(__file__).with_name("scenarios")
QUIET: frozenset[EventKind] = frozenset({"setup", "position"})  # bookkeeping, not narrated


class ScenarioError(MessageError):
    """A scenario file is broken; the message names the file and the problem (made in the
    language chosen where it is shown, ``refusals.error_text``)."""


class Bilingual(BaseModel):
    """A scenario's text in English and German, both required: a scenario file carries its own
    translation, so a scenario of the user's is shown in German as well as the shipped ones."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    en: str = Field(min_length=1)
    de: str = Field(min_length=1)

    @model_validator(mode="before")
    @classmethod
    def _both_languages(cls, data: Any) -> Any:
        if isinstance(data, str):
            raise Invalid(message("a text in one language; write it in English and German, as "
                                  "{form}", form="{en: ..., de: ...}"))
        if isinstance(data, dict):
            missing = [lang for lang in LANGUAGES if lang not in data]
            if missing == ["en"]:
                raise Invalid(message("the English text (en) is missing; write it in English "
                                      "and German, as {form}", form="{en: ..., de: ...}"))
            if missing == ["de"]:
                raise Invalid(message("the German text (de) is missing; write it in English "
                                      "and German, as {form}", form="{en: ..., de: ...}"))
            if missing:
                raise Invalid(message("the English text (en) and the German text (de) are "
                                      "missing; write it in English and German, as {form}",
                                      form="{en: ..., de: ...}"))
        return data

    def shown(self) -> str:
        """The text in the language chosen now."""
        return name(self)


class Step(BaseModel):
    model_config = ConfigDict(extra="forbid")

    answer: dict[str, Any]
    say: Bilingual | None = None


class PlayerExpect(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seat: int
    luxury: int | None = None
    hand_size: int | None = None
    civ_state: str | None = None
    luxury_state: str | None = None
    has: list[str] = Field(default_factory=list)  # power cards in the tableau
    has_not: list[str] = Field(default_factory=list)
    covered: list[str] = Field(default_factory=list)
    under_construction: list[str] = Field(default_factory=list)
    score: int | None = None
    population: int | None = None
    power: int | None = None
    rank: int | None = None


class Expect(BaseModel):
    model_config = ConfigDict(extra="forbid")

    struck: list[str] | None = None
    order: list[int] | None = None
    over: bool | None = None
    winners: list[int] | None = None
    log_kinds: list[str] = Field(default_factory=list)  # event kinds that must have happened
    players: list[PlayerExpect] = Field(default_factory=list)


class Scenario(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    title: Bilingual
    intro: Bilingual
    players: list[Name] = Field(min_length=2, max_length=5)
    seed: int = 1
    position: Position = Field(default_factory=Position)
    steps: list[Step] = Field(default_factory=list)
    outro: Bilingual | None = None
    expect: Expect = Field(default_factory=Expect)


def scenario_paths() -> list[Path]:
    return sorted(SCENARIO_DIR.glob("*.yaml"))


def list_scenarios() -> list[Scenario]:
    return [load_scenario(p.stem) for p in scenario_paths()]


def load_scenario(name: str) -> Scenario:
    path = Path(name) if name.endswith(".yaml") else SCENARIO_DIR / f"{name}.yaml"
    if not path.exists():
        known = ", ".join(p.stem for p in scenario_paths())
        raise ScenarioError("no scenario {name}; the scenarios are: {known}", name=repr(name),
                            known=known)
    try:
        raw = load_yaml(path, message("scenario file"), SCENARIO_BYTES_MAX)
        return validate_model(Scenario, raw, path)
    except InputError as exc:
        raise ScenarioError(exc.message) from None


def _resolve_coin(game: Game, seat: int, ref: Any, taken: set[int]) -> Any:
    if not isinstance(ref, str) or ref in ("luxury", "remove"):
        return ref
    coins = game.cards.coins
    for c in game.players[seat].hand:
        if c in taken:
            continue
        if coins[c].id == ref or coins[c].resource == ref:
            taken.add(c)
            return c
    raise ScenarioError("no {coin} coin card left in {player}'s hand", coin=repr(ref),
                        player=game.names[seat])


def resolve_answer(game: Game, data: dict[str, Any]) -> Answer:
    """Turn a scripted answer (coins named by resource) into an engine answer."""
    prompt = game.pending
    if prompt is None:
        raise ScenarioError("the game is over, but the scenario has more steps")
    seat = prompt.player
    taken: set[int] = set()
    data = dict(data)
    for key in ("coins", "grain_coins", "inhabitant_coins"):
        if key in data:
            data[key] = [_resolve_coin(game, seat, c, taken) for c in data[key]]
    if "coin" in data and data["coin"] is not None:
        data["coin"] = _resolve_coin(game, seat, data["coin"], taken)
    if "treatments" in data:
        data["treatments"] = [[card, _resolve_coin(game, seat, how, taken)]
                              for card, how in data["treatments"]]
    try:
        return answer_from_dict(data)
    except Invalid as exc:
        raise ScenarioError("malformed scripted answer {answer}: {problem}", answer=str(data),
                            problem=exc.message) from None


@dataclass
class Beat:
    """One moment of a demonstration: the scripted line, then what the engine logged."""

    say: str | None
    narrations: list[Narration]


class ScenarioRun:
    """Plays a scenario step by step, narrating the events each step produces."""

    def __init__(self, scenario: Scenario, cards: CardSet) -> None:
        self.scenario = scenario
        self.narrator = Narrator(cards)
        try:
            self.game = Game.new(scenario.players, scenario.seed, cards, scenario.position)
        except GameSetupError as exc:
            raise ScenarioError("{scenario}: the position cannot be set up: {problem}",
                                scenario=scenario.id, problem=str(exc)) from None
        self._seen = 0
        self.index = 0

    def _new_events(self) -> list[Narration]:
        out = [self.narrator.narrate(e) for e in self.game.log[self._seen:]]
        self._seen = len(self.game.log)
        return out

    def opening(self) -> Beat:
        return Beat(self.scenario.intro.shown(), self._new_events())

    @property
    def done(self) -> bool:
        return self.index >= len(self.scenario.steps)

    def step(self) -> Beat:
        step = self.scenario.steps[self.index]
        answer = resolve_answer(self.game, step.answer)
        try:
            self.game.answer(answer)
        except IllegalAnswer as exc:
            raise ScenarioError("{scenario}, step {step}: the engine refused the scripted answer: "
                                "{problem}", scenario=self.scenario.id, step=self.index + 1,
                                problem=exc.message) from None
        self.index += 1
        return Beat(step.say.shown() if step.say else None, self._new_events())

    def beats(self) -> Iterator[Beat]:
        yield self.opening()
        while not self.done:
            yield self.step()


def check_expectations(scenario: Scenario, game: Game) -> list[str]:
    """Every expectation of the scenario that the final state does not meet."""
    e = scenario.expect
    bad: list[str] = []

    def want(what: str, got: Any, expected: Any) -> None:
        if expected is not None and got != expected:
            bad.append(f"{what}: expected {expected!r}, got {got!r}")

    want("struck", list(game.table.struck), e.struck)
    want("order", list(game.order), e.order)
    want("over", game.over, e.over)
    want("winners", list(game.winners), e.winners)
    kinds = {ev.kind for ev in game.log}
    for k in e.log_kinds:
        if k not in kinds:
            bad.append(f"log: no {k!r} event")
    for pe in e.players:
        p = game.players[pe.seat]
        tag = f"seat {pe.seat}"
        want(f"{tag} luxury", p.luxury, pe.luxury)
        want(f"{tag} hand size", len(p.hand), pe.hand_size)
        want(f"{tag} civ_state", p.civ_state, pe.civ_state)
        want(f"{tag} luxury_state", p.luxury_state, pe.luxury_state)
        for card in pe.has:
            if p.find(card) is None:
                bad.append(f"{tag}: {card} not in the tableau")
        for card in pe.has_not:
            if p.find(card) is not None:
                bad.append(f"{tag}: {card} still in the tableau")
        for card in pe.covered:
            x = p.find(card)
            if x is None or not x.covered:
                bad.append(f"{tag}: {card} is not covered")
        for card in pe.under_construction:
            x = p.find(card)
            if x is None or not x.under_construction:
                bad.append(f"{tag}: {card} is not under construction")
        if pe.score is not None or pe.population is not None or pe.power is not None \
                or pe.rank is not None:
            if not game.scores:
                bad.append(f"{tag}: no scores (the game is not over)")
                continue
            s = game.scores[pe.seat]
            want(f"{tag} score", s.score, pe.score)
            want(f"{tag} population", s.population, pe.population)
            want(f"{tag} power", s.power, pe.power)
            want(f"{tag} rank", s.rank, pe.rank)
    return bad


# The events that change a tableau; ``demo --text`` shows the player's tableau before and after
# the last of them in a step (or after the step's last event about the player, when the tableau
# changed by another one).
TABLEAU_EVENTS: frozenset[EventKind] = frozenset({
    "removed", "covered", "lost", "completed", "gain", "build", "construction", "restored",
    "luxury_lost"})


def tableau_text(cards: CardSet, p: PlayerView) -> str:
    """A player's tableau in one line, in the language chosen now: the civilization card, the
    buildings, the landscapes, the luxury card when it is not in play, population and power."""

    def state(card: str, s: CardState) -> str:
        match s:
            case "active":
                return card
            case "covered":
                return _("{card} (covered)").format(card=card)
            case "removed":
                return _("{card} (lost)").format(card=card)
            case _:
                assert_never(s)

    def placed(x: PlacedView) -> str:
        card = name(cards.power_by_id[x.card].name)
        if x.covered and x.cover_cause is not None:
            cause = name(cards.catastrophe_by_id[x.cover_cause].name)
            return _("{card} (covered: {catastrophe})").format(card=card, catastrophe=cause)
        if x.covered:
            return _("{card} (covered)").format(card=card)
        if x.under_construction:
            return _("{card} (under construction)").format(card=card)
        return card

    none = "-"  # as on the board
    parts = [
        state(name(cards.civ_by_id[p.civ].name), p.civ_state),
        _("buildings: {cards}").format(cards=", ".join(map(placed, p.buildings)) or none),
        _("landscapes: {cards}").format(cards=", ".join(map(placed, p.landscapes)) or none),
    ]
    if p.luxury_state != "active":
        parts.append(state(_("luxury card"), p.luxury_state))
    parts.append(_("population {population}, power {power}").format(
        population=p.inhabitants, power=p.power))
    return " · ".join(parts)


def _tableaux(game: Game) -> list[str]:
    view = game.view_for(0)
    return [tableau_text(game.cards, p) for p in view.players]


def _told(narrations: list[Narration], game: Game, before: list[str] | None,
          after: list[str], skip: frozenset[EventKind] = frozenset()) -> Iterator[str]:
    """The events of one step with their rules (but those of the kinds in ``skip``), and each
    tableau the step changed, before and after, below the event that changed it."""
    tableaux: dict[int, list[str]] = {}  # event index -> the tableau lines to show after it
    for seat, (was, now) in enumerate(zip(before or after, after, strict=True)):
        if was == now:
            continue
        about = [i for i, n in enumerate(narrations) if n.event.player == seat]
        changing = [i for i in about if narrations[i].event.kind in TABLEAU_EVENTS]
        at = changing[-1] if changing else about[-1] if about else len(narrations) - 1
        who = game.names[seat]
        tableaux.setdefault(at, []).extend((
            _("{player}'s tableau before: {tableau}").format(player=who, tableau=was),
            _("{player}'s tableau after: {tableau}").format(player=who, tableau=now)))
    for i, n in enumerate(narrations):
        if n.event.kind not in skip:
            yield f"  [{phase_name(n.event.phase)}] {event_text(n.event, game.cards, game.names)}"
            if n.rule:
                yield "      " + _("rule: {rule}").format(rule=n.rule)
        for line in tableaux.get(i, []):
            yield "      " + line
    for line in tableaux.get(-1, []):  # a step without events (none is known to change one)
        yield "      " + line


def narrate_text(scenario: Scenario, cards: CardSet) -> Iterator[str]:
    """The whole demonstration as lines of plain text, with the tableaux each step changed."""
    run = ScenarioRun(scenario, cards)
    yield f"== {scenario.title.shown()} =="
    before: list[str] | None = None
    for beat in run.beats():
        after = _tableaux(run.game)
        if beat.say:
            yield ""
            yield f"» {beat.say}"
        yield from _told(beat.narrations, run.game, before, after, QUIET)
        before = after
    if scenario.outro:
        yield ""
        yield f"» {scenario.outro.shown()}"
    if run.game.pending is not None:
        who = run.game.names[run.game.pending.player]
        yield "  " + _("(next, {player} would decide: {prompt})").format(
            player=who, prompt=prompt_text(run.game.pending, run.game.cards))


def narrate_bot_game(cards: CardSet, bots: list[str], seed: int) -> Iterator[str]:
    """A whole game between computer players, narrated as plain text with the rules and the
    tableaux each move changed."""
    from peloponnes_tui.bots.players import BotPlayers
    from peloponnes_tui.simulate import NAMES

    game = Game.new(list(NAMES[: len(bots)]), seed, cards)
    players = BotPlayers.seated(cards, bots, seed)
    narrator = Narrator(cards)
    seen = 0
    seats = ", ".join(f"{n} ({kind_name(b)})" for n, b in zip(game.names, bots, strict=True))
    yield "== " + _("A narrated game: {seats}").format(seats=seats) + " =="
    before: list[str] | None = None
    while True:
        after = _tableaux(game)
        narrations = [narrator.narrate(ev) for ev in game.log[seen:]]
        yield from _told(narrations, game, before, after)
        seen = len(game.log)
        if game.pending is None:
            return
        before = after
        players.move(game)
