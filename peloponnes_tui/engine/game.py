"""One game of the Peloponnes Card Game: the flow of the rounds and the public API.

The round runs as the rulebook lists it, one module per phase: :mod:`.reveal`,
:mod:`.catastrophes` and :mod:`.supply`, :mod:`.bidding`, :mod:`.turn_order`, :mod:`.gaining`,
:mod:`.income`; after the eighth round's income come the final supply and :mod:`.scoring`
(restoration, then the reckoning).  The shared layer below the phases is :mod:`.core`.

The flow is a generator that yields a :class:`~peloponnes_tui.engine.prompts.Prompt` whenever a
player must decide.  :meth:`Game.answer` checks the reply completely (its shape, then the rules of
the phase that asked) before the generator applies it, so an illegal answer changes nothing.

The flow runs in steps (:class:`Step`: a round's reveal, each catastrophe, its supply, its bidding
with the turn order, its gaining with the income; the final supply with scoring) and can start at
the beginning of any of them.  That is how :meth:`Game.determinize` makes a copy cheaply: from a
copy of the state at the beginning of the current step, it plays on only the answers given since.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, assert_never

from peloponnes_tui.cards import ROUNDS, CardSet, CatastropheId, load_cards
from peloponnes_tui.engine import (
    bidding,
    catastrophes,
    gaining,
    income,
    reveal,
    scoring,
    setup,
    supply,
    turn_order,
)
from peloponnes_tui.engine.core import Flow, GameCore, Observer
from peloponnes_tui.engine.log import Phase, PositionData
from peloponnes_tui.engine.position import Position, apply_position
from peloponnes_tui.engine.prompts import (
    ANSWER_WORDS,
    ANSWERS_FOR,
    Answer,
    AnyAnswer,
    AnyPrompt,
    BidPrompt,
    BuildPrompt,
    CatastropheAnswer,
    CatastrophePrompt,
    CompletePlan,
    CompletePrompt,
    FeedPlan,
    FeedPrompt,
    GiveUpBuilding,
    IllegalAnswer,
    MoveBid,
    OutbidPrompt,
    PayBuilding,
    PlaceBid,
    StartConstruction,
)
from peloponnes_tui.engine.scoring import Score
from peloponnes_tui.engine.shape import check_shape
from peloponnes_tui.engine.state import Player, Table
from peloponnes_tui.engine.view import View, view_for
from peloponnes_tui.message import message

__all__ = ["Game", "GameOver", "GameSetupError", "Score", "Step"]


class GameSetupError(ValueError):
    """A game cannot be set up this way (wrong number of players, and so on)."""


class GameOver(IllegalAnswer):
    """The game has ended; there is nothing left to answer."""


StepPart = Literal["reveal", "catastrophe", "supply", "bidding", "gain", "final"]


class Step(NamedTuple):
    """A stretch of the flow that can be started on its own.

    A round is ``reveal``, one ``catastrophe`` per strike (``strike`` counts them), ``supply``
    when a supply symbol came up, ``bidding`` (with the turn order) and ``gain`` (with the
    income); after the last round comes ``final``: the final supply, restoration and scoring.
    """

    round: int
    part: StepPart
    strike: int = 0


@dataclass(frozen=True, slots=True)
class _Snapshot:
    """The whole state at the beginning of the step ``index`` (private copies, never handed out;
    the log, whose entries never change, is kept as its length)."""

    index: int
    step: Step
    players: tuple[Player, ...]
    table: Table
    order: tuple[int, ...]
    phase: Phase
    rng: tuple[Any, ...]
    turned_up: int
    strikes: tuple[CatastropheId, ...]
    supply_due: bool
    log_size: int


class Game(GameCore):
    """One game.  Create it with :meth:`new` (or :meth:`replay`), then answer :attr:`pending`."""

    def __init__(self, names: Sequence[str], seed: int, cards: CardSet,
                 position: Position | None = None, observer: Observer | None = None) -> None:
        if not setup.MIN_PLAYERS <= len(names) <= setup.MAX_PLAYERS:
            raise GameSetupError(f"the game is for {setup.MIN_PLAYERS} to {setup.MAX_PLAYERS} "
                                 f"players, not {len(names)}")
        if any(not str(n).strip() for n in names):
            raise GameSetupError("every player needs a name")
        super().__init__(cards, tuple(str(n) for n in names), seed)
        self.observer = observer
        self.answers: list[AnyAnswer] = []
        self.answer_seats: list[int] = []  # who gave each answer
        # whether applying each answer turned up hidden cards (coin draws, revealed power
        # cards): such an answer cannot be taken back as if nothing had been seen
        self.answer_revealed: list[bool] = []
        # the log's length when each answer was given: what its player had seen by then
        self.answer_log_sizes: list[int] = []
        self.scores: tuple[Score, ...] = ()
        self.winners: tuple[int, ...] = ()
        self.position = position
        # the flow's steps so far: each with the number of answers given before it began
        self._steps: list[tuple[Step, int]] = []
        self._snapshot: _Snapshot | None = None  # taken when the first step begins
        self._snapshot_wanted: int | None = None  # a further step to take one at (see below)
        self._strikes: tuple[CatastropheId, ...] = ()  # this round's, from its reveal
        self._supply_due = False
        setup.deal(self)
        start = 1
        if position is not None:
            try:
                self.order = apply_position(position, self.players, self.table, cards)
            except (KeyError, ValueError) as exc:
                raise GameSetupError(str(exc)) from None
            start = position.round
            self.event(PositionData(start))
        setup.announce(self)
        self._flow = self._run(Step(start, "reveal"))
        self.pending: AnyPrompt | None = next(self._flow, None)

    # ----------------------------------------------------------------------------------------
    # construction, replay, copies

    @classmethod
    def new(cls, players: Sequence[str], seed: int, cards: CardSet | None = None,
            position: Position | None = None, observer: Observer | None = None) -> Game:
        """A new game; ``observer`` is called with it after every event it logs (the replay
        viewer records the table at each event)."""
        return cls(players, seed, cards if cards is not None else load_cards(), position,
                   observer)

    @classmethod
    def replay(cls, players: Sequence[str], seed: int, answers: Iterable[Answer],
               cards: CardSet | None = None, position: Position | None = None) -> Game:
        """Rebuild a game from its seed and answers (raises IllegalAnswer on a bad answer)."""
        game = cls.new(players, seed, cards, position)
        for i, ans in enumerate(answers):
            try:
                game.answer(ans)
            except IllegalAnswer as exc:
                raise IllegalAnswer("answer {number} does not fit the game: {reason}",
                                    number=i + 1, reason=exc.message) from None
        return game

    def undo(self, count: int = 1) -> Game:
        """A copy of this game without its last ``count`` answers."""
        count = max(0, min(count, len(self.answers)))
        return Game.replay(self.names, self.seed, self.answers[: len(self.answers) - count],
                           self.cards, self.position)

    def determinize(self, seat: int, rng: random.Random) -> Game:
        """A copy of this game in which everything hidden from ``seat`` is dealt afresh.

        The other players' hands and face-down bids (same sizes), the order of the coin pile and
        the order of the power pile within each of A, B and C are redrawn at random; what
        ``seat`` can see stays as it is. Search bots play their look-ahead on such copies, so
        they never use what their player could not know. The copy is for thinking only: its
        future draws no longer follow the seed.

        The copy starts from a copy of the state at the beginning of the current step and plays
        on the answers given since (a handful at most), instead of replaying the whole game.
        A copy can itself be dealt again once its flow has begun a step of its own.
        """
        g = self._copy_now()
        t = g.table
        pool = list(t.coin_pile)
        others = [p for p in g.players if p.seat != seat]
        for p in others:
            pool += p.hand
            pool += p.bid_coins
        # sorted first: the deal must depend on the rng and on what ``seat`` knows (which cards
        # are hidden), never on where the hidden cards really lie
        pool.sort()
        rng.shuffle(pool)
        for p in others:
            n = len(p.hand)
            p.hand, pool = pool[:n], pool[n:]
            n = len(p.bid_coins)
            p.bid_coins, pool = pool[:n], pool[n:]
        t.coin_pile = pool
        power = self.cards.power_by_id
        letters = [power[c].pile for c in t.power_pile]
        by_letter: dict[str, list[str]] = {}
        for c in t.power_pile:
            by_letter.setdefault(power[c].pile, []).append(c)
        for letter in sorted(by_letter):
            cards = sorted(by_letter[letter])
            rng.shuffle(cards)
            by_letter[letter] = cards
        t.power_pile = [by_letter[letter].pop() for letter in letters]
        g.rng = random.Random(rng.getrandbits(64))
        # The copy must not lead back to the real game: without its seed, its answers and its
        # snapshot it cannot be replayed into the true hands and piles.
        g.answers, g.answer_seats, g.answer_revealed = [], [], []
        g.answer_log_sizes = []
        g.seed, g.position = -1, None
        g._steps, g._snapshot, g._snapshot_wanted = [], None, None
        return g

    def _copy_now(self) -> Game:
        """An exact copy of this game as it stands (hidden cards and generator included), made
        from the snapshot of the current step's beginning and the answers given since."""
        if self._snapshot is None or not self._steps:
            raise ValueError("a dealt copy can be dealt again only once it has begun a step of "
                             "its own")
        current = len(self._steps) - 1
        if self._snapshot.index != current:
            self._snapshot = self._snapshot_at(current)
        g = self._restored(self._snapshot)
        for ans in self.answers[self._steps[current][1]:]:
            g.pending = g._flow.send(ans)
        return g

    def _snapshot_at(self, index: int) -> _Snapshot:
        """The snapshot of the beginning of step ``index``, played on from the latest one."""
        snap = self._snapshot
        assert snap is not None and snap.index < index
        g = self._restored(snap, snapshot_wanted=index)
        for ans in self.answers[self._steps[snap.index][1]:self._steps[index][1]]:
            g.pending = g._flow.send(ans)
        assert g._snapshot is not None and g._snapshot.index == index
        return g._snapshot

    def _take_snapshot(self, step: Step) -> _Snapshot:
        return _Snapshot(
            index=len(self._steps) - 1, step=step, players=tuple(p.copy() for p in self.players),
            table=self.table.copy(), order=tuple(self.order), phase=self.phase,
            rng=self.rng.getstate(), turned_up=self.turned_up, strikes=self._strikes,
            supply_due=self._supply_due, log_size=len(self.log))

    def _restored(self, snap: _Snapshot, snapshot_wanted: int | None = None) -> Game:
        """A game in the state of ``snap``, its flow waiting at the step's first prompt (and
        taking a snapshot when step ``snapshot_wanted`` begins)."""
        g = object.__new__(Game)
        g.cards, g.names, g.seed, g.position = self.cards, self.names, self.seed, self.position
        g.stats = self.stats
        g._coin_resource, g._coin_amount = self._coin_resource, self._coin_amount
        g.rng = random.Random()
        g.rng.setstate(snap.rng)
        g.log = self.log[:snap.log_size]
        g.round, g.phase, g.turned_up = snap.step.round, snap.phase, snap.turned_up
        g.players = [p.copy() for p in snap.players]
        g.table = snap.table.copy()
        g.order = list(snap.order)
        g.answers, g.answer_seats, g.answer_revealed = [], [], []
        g.answer_log_sizes = []
        g.scores, g.winners = (), ()
        g._steps = [(step, 0) for step, _ in self._steps[:snap.index]]
        g._snapshot, g._snapshot_wanted = snap, snapshot_wanted
        g._strikes, g._supply_due = snap.strikes, snap.supply_due
        g._flow = g._run(snap.step)
        g.pending = next(g._flow, None)
        return g

    # ----------------------------------------------------------------------------------------
    # answering

    @property
    def over(self) -> bool:
        return self.pending is None

    def check(self, ans: Answer) -> str | None:
        """Why ``ans`` would be refused (the English sentence), or None if it is legal."""
        refusal = self.refusal(ans)
        return None if refusal is None else str(refusal)

    def refusal(self, ans: Answer) -> IllegalAnswer | None:
        """The refusal ``ans`` would meet (its message says why), or None if it is legal.

        Nothing changes either way; the app uses this to grey out an illegal choice before it
        is confirmed, and shows the reason in the language chosen then.
        """
        try:
            self._check(ans)
        except IllegalAnswer as exc:
            return exc
        return None

    def answer(self, ans: Answer) -> None:
        """Apply the pending player's answer, or raise IllegalAnswer and change nothing."""
        prompt, checked = self._check(ans)
        self.answers.append(checked)
        self.answer_seats.append(prompt.player)
        self.answer_log_sizes.append(len(self.log))
        before = self.turned_up
        try:
            self.pending = self._flow.send(checked)
        except StopIteration:
            self.pending = None
        self.answer_revealed.append(self.turned_up != before)

    def _check(self, ans: object) -> tuple[AnyPrompt, AnyAnswer]:
        """The pending prompt and ``ans`` as a well-formed answer to it, or IllegalAnswer."""
        prompt = self.pending
        if prompt is None:
            raise GameOver(message("the game is over"))
        allowed = ANSWERS_FOR[prompt.kind]
        if not isinstance(ans, allowed):
            # giving up a building is accepted as a kind only to be refused with its reason (R34)
            kinds = [ANSWER_WORDS[a.kind] for a in allowed if a is not GiveUpBuilding]
            if len(kinds) == 1:
                raise IllegalAnswer("{player} must answer with {kind}",
                                    player=self.names[prompt.player], kind=kinds[0])
            raise IllegalAnswer("{player} must answer with {kind} or {other}",
                                player=self.names[prompt.player], kind=kinds[0],
                                other=kinds[1])
        a = check_shape(ans)
        match prompt:
            case BidPrompt():
                if isinstance(a, PlaceBid):
                    bidding.check_bid(self, prompt, a)
            case OutbidPrompt():
                if isinstance(a, MoveBid):
                    bidding.check_move(self, prompt, a)
            case BuildPrompt():
                assert isinstance(a, PayBuilding | StartConstruction | GiveUpBuilding)
                gaining.check(self, prompt, a)
            case CatastrophePrompt():
                assert isinstance(a, CatastropheAnswer)
                catastrophes.check(self, prompt, a)
            case FeedPrompt():
                assert isinstance(a, FeedPlan)
                supply.check_feed(self.cards, self.players[prompt.player].civ, prompt, a)
            case CompletePrompt():
                assert isinstance(a, CompletePlan)
                supply.check_complete(self.cards, prompt, a)
            case _:
                assert_never(prompt)
        return prompt, a

    # ----------------------------------------------------------------------------------------
    # the flow of play, phase by phase

    def _run(self, step: Step | None) -> Flow:
        """The flow from the beginning of ``step`` to the end of the game."""
        while step is not None:
            self._begin(step)
            yield from self._play(step)
            step = self._after(step)

    def _begin(self, step: Step) -> None:
        self._steps.append((step, len(self.answers)))
        if self._snapshot is None or self._snapshot_wanted == len(self._steps) - 1:
            self._snapshot = self._take_snapshot(step)

    def _play(self, step: Step) -> Flow:
        rnd = step.round
        match step.part:
            case "reveal":
                self.round = rnd
                self.phase = "reveal"
                revealed = reveal.reveal(self)
                self._strikes, self._supply_due = revealed.strikes, revealed.supply
            case "catastrophe":
                self.phase = "catastrophe"
                yield from catastrophes.strike(self, self._strikes[step.strike])
            case "supply":
                self.phase = "supply"
                yield from supply.supply(self, final=False)
            case "bidding":
                self.phase = "bidding"
                yield from bidding.bidding(self)
                self.phase = "turn_order"
                turn_order.turn_order(self)
            case "gain":
                self.phase = "gain"
                yield from gaining.gain(self)
                self.phase = "income"
                income.income(self, final=rnd == ROUNDS)
            case "final":
                self.phase = "supply"
                yield from supply.supply(self, final=True)
                self.phase = "restoration"
                scoring.restore(self)
                self.phase = "scoring"
                self.scores, self.winners = scoring.score(self)
                self.phase = "over"
            case _:
                assert_never(step.part)

    def _after(self, step: Step) -> Step | None:
        """The step that follows ``step`` (None after the last)."""
        rnd = step.round
        match step.part:
            case "reveal" | "catastrophe":
                nxt = step.strike + 1 if step.part == "catastrophe" else 0
                if nxt < len(self._strikes):
                    return Step(rnd, "catastrophe", nxt)
                return Step(rnd, "supply") if self._supply_due else Step(rnd, "bidding")
            case "supply":
                return Step(rnd, "bidding")
            case "bidding":
                return Step(rnd, "gain")
            case "gain":
                return Step(rnd + 1, "reveal") if rnd < ROUNDS else Step(rnd, "final")
            case "final":
                return None
            case _:
                assert_never(step.part)

    # ----------------------------------------------------------------------------------------
    # what players may see; snapshots

    def view_for(self, seat: int) -> View:
        """What the player in ``seat`` may see (own hand; sizes only of hidden piles)."""
        return view_for(self, seat, sampler=lambda rng: self.determinize(seat, rng))

    def state_json(self) -> dict[str, Any]:
        """The whole state (including what is hidden from players), for tests and debugging."""
        return {
            "round": self.round, "phase": self.phase, "order": list(self.order),
            "players": [p.to_json() for p in self.players], "table": self.table.to_json(),
            "rng": hashlib.sha256(repr(self.rng.getstate()).encode()).hexdigest(),
            "answers": [a.to_dict() for a in self.answers],
            "log": [e.to_json() for e in self.log],
            "pending": None if self.pending is None else {
                "kind": self.pending.kind, "player": self.pending.player},
            "winners": list(self.winners),
        }

    def snapshot(self) -> str:
        return json.dumps(self.state_json(), sort_keys=True, default=str)
