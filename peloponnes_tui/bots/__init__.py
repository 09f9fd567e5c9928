"""Computer players.  Each answers the engine's prompts from its own player's view only."""

from __future__ import annotations

from collections.abc import Callable

from peloponnes_tui.bots.base import Bot
from peloponnes_tui.bots.heuristic import HeuristicBot
from peloponnes_tui.bots.random_bot import RandomBot
from peloponnes_tui.bots.search import SearchBot
from peloponnes_tui.cards import CardSet

BOTS: dict[str, Callable[[CardSet, int], Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "search": SearchBot,
}


def make_bot(name: str, cards: CardSet, seed: int) -> Bot:
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; choose from {', '.join(BOTS)}") from None
    return factory(cards, seed)


__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot", "SearchBot", "make_bot"]
