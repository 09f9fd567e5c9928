"""The replay viewer's steps: every event of a game, with the table as it was at that event.

A game is watched from its seed and answers: :meth:`Replay.of` plays them again with an observer
(``Game.new(..., observer=...)``) that records every seat's :class:`View` each time the engine
logs an event, so the viewer shows the table between two answers too (a reveal, a catastrophe,
a supply, the income). Nothing here imports Textual: the screen
(:mod:`peloponnes_tui.tui.screens.replay`) only draws the :class:`Moment` the cursor is on.

What a whole game costs: a game of 250-300 events between five players is 1,250-1,500 views,
recorded in a few hundredths of a second (the views share their parts, engine/view.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from peloponnes_tui.engine import Event, Game, View, view_for
from peloponnes_tui.engine.core import GameCore
from peloponnes_tui.tui.session import Seat, Session


@dataclass(frozen=True, slots=True)
class Moment:
    """The table just after one event: the event and what each seat could see then."""

    event: Event
    views: tuple[View, ...]  # by seat

    def view(self, seat: int) -> View:
        return self.views[seat]

    @property
    def highlight(self) -> frozenset[str]:
        """The power cards the event is about (highlighted on the board)."""
        return frozenset(self.event.cards)


def record(game: Game) -> tuple[Moment, ...]:
    """Every event of ``game`` with each seat's view at that event, from its seed and answers.

    A view is taken as the event is logged, and taken again for the last event before each
    answer when the answer is asked (and at the end): the engine may change the table after its
    last event without logging (a new phase, the bids cleared, the luxury goods lost), and
    before an answer the table is shown as the player deciding saw it.
    """
    moments: list[Moment] = []
    seats = range(len(game.names))

    def views(core: GameCore) -> tuple[View, ...]:
        return tuple(view_for(core, s) for s in seats)

    def observe(core: GameCore) -> None:
        moments.append(Moment(core.log[-1], views(core)))

    def asked(core: GameCore) -> None:
        if moments:
            moments[-1] = Moment(moments[-1].event, views(core))

    again = Game.new(game.names, game.seed, game.cards, game.position, observer=observe)
    for ans in game.answers:
        asked(again)
        again.answer(ans)
    asked(again)
    again.observer = None
    return tuple(moments)


class Replay:
    """A cursor over a game's moments: by event, by round, to the first or the last, to any
    log line; and whether the hands are shown.

    The hands are hidden at first when several people played. ``private``: each person at the
    screen may see only their own hand (:attr:`Session.hands_private`; when not given, whether
    more than one seat is a person's); while such a game is not over, its hands stay hidden
    (:attr:`hands_locked`): a second window must not show what the players hide from each
    other.
    """

    def __init__(self, game: Game, seats: Sequence[Seat], moments: Sequence[Moment],
                 private: bool | None = None) -> None:
        if not moments:
            raise ValueError("a game without events cannot be watched")
        self.cards = game.cards
        self.names = game.names
        self.over = game.over
        self.seats = list(seats)
        self.moments = tuple(moments)
        self.at = 0
        # the index of each round's first event (setup counts as round 0)
        self.round_starts = tuple(i for i, m in enumerate(self.moments)
                                  if i == 0 or m.event.round != self.moments[i - 1].event.round)
        several = sum(1 for s in self.seats if s.human) > 1
        # never shown while a game whose people hide their hands is on
        self.hands_locked = (several if private is None else private) and not game.over
        # hidden at first when several people played: each may only see their own hand
        self.hands_shown = not several

    @classmethod
    def of(cls, session: Session) -> Replay:
        return cls(session.game, session.seats, record(session.game), session.hands_private)

    @property
    def moment(self) -> Moment:
        return self.moments[self.at]

    @property
    def event(self) -> Event:
        return self.moment.event

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(m.event for m in self.moments)

    @property
    def last(self) -> int:
        return len(self.moments) - 1

    def go(self, index: int) -> bool:
        """Show event ``index`` (kept within the game); False when nothing changed."""
        index = max(0, min(index, self.last))
        moved = index != self.at
        self.at = index
        return moved

    def step(self, by: int) -> bool:
        """An event forwards (``by`` > 0) or backwards."""
        return self.go(self.at + by)

    def next_round(self) -> bool:
        """The first event of the next round (the last event in the last round)."""
        later = [i for i in self.round_starts if i > self.at]
        return self.go(later[0] if later else self.last)

    def previous_round(self) -> bool:
        """The first event of this round, or of the one before when already there."""
        earlier = [i for i in self.round_starts if i < self.at]
        return self.go(earlier[-1] if earlier else 0)

    def toggle_hands(self) -> bool:
        """Show or hide the hands; False (nothing changes) while they are locked."""
        if self.hands_locked:
            return False
        self.hands_shown = not self.hands_shown
        return True


__all__ = ["Moment", "Replay", "record"]
