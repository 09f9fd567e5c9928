"""Helpers for tests, screenshots and the bench: real game states and a key-pressing player."""

from __future__ import annotations

from collections.abc import Callable

from peloponnes_tui.bots import make_bot
from peloponnes_tui.cards import CardSet
from peloponnes_tui.engine import BuildPrompt, CompletePrompt, Game, Prompt
from peloponnes_tui.tui.panels import DecisionPanel
from peloponnes_tui.tui.session import HUMAN, Seat, Session, default_seats


def session_at(cards: CardSet, players: int, want: Callable[[Prompt], bool], seed: int = 1,
               max_seeds: int = 60, privacy: bool = False, min_round: int = 0) -> Session:
    """A session whose pending prompt satisfies ``want``, reached by random bots.

    Every seat is human in the returned session, so the app shows the panel for it.
    """
    for s in range(seed, seed + max_seeds):
        seats = default_seats(players, humans=players)
        game = Game.new([x.name for x in seats], s, cards)
        bots = [make_bot("random", cards, s * 31 + i) for i in range(players)]
        while game.pending is not None:
            if game.round >= min_round and want(game.pending):
                return Session(game, seats, privacy, s)
            p = game.pending
            game.answer(bots[p.player].decide(p, game.view_for(p.player)))
    raise LookupError("no game reached the wanted prompt")


def finished_session(cards: CardSet, players: int = 3, seed: int = 1) -> Session:
    seats = default_seats(players, humans=players)
    game = Game.new([x.name for x in seats], seed, cards)
    bots = [make_bot("random", cards, seed * 31 + i) for i in range(players)]
    while game.pending is not None:
        p = game.pending
        game.answer(bots[p.player].decide(p, game.view_for(p.player)))
    return Session(game, seats, False, seed)


def key_for(panel: DecisionPanel) -> str:
    """A key that makes a legal choice in this panel (what a hurried player would press)."""
    prompt = panel.prompt
    ans = panel.answer()
    legal = ans is not None and panel.session.check(ans) is None
    if prompt.kind == "bid":
        return "enter" if legal else "p"
    if prompt.kind == "outbid":
        return "w"
    if isinstance(prompt, BuildPrompt):
        if prompt.can_pay:
            return "enter"
        return "u"
    if isinstance(prompt, CompletePrompt):
        return "enter"
    return "enter"


__all__ = ["HUMAN", "Seat", "finished_session", "key_for", "session_at"]
