"""Helpers for tests, screenshots and the bench: real game states and a key-pressing player."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, assert_never, cast

from peloponnes_tui.bots.players import BotPlayers
from peloponnes_tui.cards import CardSet
from peloponnes_tui.engine import (
    AnyPrompt,
    BidPrompt,
    BuildPrompt,
    CatastrophePrompt,
    CompletePrompt,
    FeedPrompt,
    Game,
    OutbidPrompt,
    Prompt,
)
from peloponnes_tui.tui.session import HUMAN, Seat, Session, default_seats
from peloponnes_tui.tui.widgets.panel import DecisionPanel


def session_at(cards: CardSet, players: int, want: Callable[[Prompt], bool], seed: int = 1,
               max_seeds: int = 60, privacy: bool = False, min_round: int = 0) -> Session:
    """A session whose pending prompt satisfies ``want``, reached by random bots.

    Every seat is human in the returned session, so the app shows the panel for it.
    """
    for s in range(seed, seed + max_seeds):
        seats = default_seats(players, humans=players)
        game = Game.new([x.name for x in seats], s, cards)

        def wanted(prompt: Prompt, game: Game = game) -> bool:
            return game.round >= min_round and want(prompt)

        BotPlayers.seated(cards, ["random"] * players, s).play(game, stop=wanted)
        if game.pending is not None:
            return Session(game, seats, privacy, s)
    raise LookupError("no game reached the wanted prompt")


def finished_session(cards: CardSet, players: int = 3, seed: int = 1) -> Session:
    seats = default_seats(players, humans=players)
    game = Game.new([x.name for x in seats], seed, cards)
    BotPlayers.seated(cards, ["random"] * players, seed).play(game)
    return Session(game, seats, False, seed)


def key_for(panel: DecisionPanel) -> tuple[str, ...]:
    """Keys that make a legal choice in this panel (what a hurried player would press)."""
    prompt = cast(AnyPrompt, panel.prompt)
    ans = panel.answer()
    legal = ans is not None and panel.session.check(ans) is None
    match prompt:
        case BidPrompt():
            # p only chooses to pass; Enter confirms it
            return ("enter",) if legal else ("p", "enter")
        case OutbidPrompt():
            return ("w", "enter")
        case BuildPrompt():
            # Enter pays; when paying is impossible, u puts the building under construction
            return ("enter",) if prompt.can_pay else ("u",)
        case CatastrophePrompt() | FeedPrompt() | CompletePrompt():
            return ("enter",)  # the panel's suggested treatment, feeding or completion
        case _:
            assert_never(prompt)


def screen_busy(app: Any) -> bool:
    """Is an update of ``app``'s screen still to come (a layout, a repaint, a recompose, a scroll,
    a dirty widget, a callback after a refresh such as a scroll into view, or a message waiting
    in any widget)?  ``Pilot.pause`` waits for the messages only.  Any Textual app: the bench
    asks it of a bare one too."""
    screen = app.screen
    if (screen._layout_required or screen._repaint_required or screen._recompose_required
            or screen._scroll_required or screen._dirty_widgets or screen._callbacks
            or app._batch_count):
        return True
    return any(not node._message_queue.empty()
               for node in (app, *screen.walk_children(with_self=True)))


__all__ = ["HUMAN", "Seat", "finished_session", "key_for", "screen_busy", "session_at"]
