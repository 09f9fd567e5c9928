"""Computer players.  Each answers the engine's prompts from its own player's view only."""

from __future__ import annotations

from collections.abc import Callable

from peloponnes_tui.bots.base import Bot
from peloponnes_tui.bots.beginner import BeginnerBot
from peloponnes_tui.bots.heuristic import HeuristicBot
from peloponnes_tui.bots.random_bot import RandomBot
from peloponnes_tui.bots.search import SearchBot
from peloponnes_tui.cards import CardSet

# The strengths a player chooses from, weakest first, and the bot that plays each.
STRENGTHS: dict[str, Callable[[CardSet, int], Bot]] = {
    "beginner": BeginnerBot,
    "standard": HeuristicBot,
    "strong": SearchBot,
}

# The bots by what they are: the kinds the New game screen offers and saves have always named.
BOTS: dict[str, Callable[[CardSet, int], Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "search": SearchBot,
}

# Every name `--bots`, a seat or a save may give: the kinds and the strengths. "standard" plays
# exactly as "heuristic" and "strong" as "search" (the same bot: same seed, same answers).
BOT_NAMES: dict[str, Callable[[CardSet, int], Bot]] = {**BOTS, **STRENGTHS}


def make_bot(name: str, cards: CardSet, seed: int) -> Bot:
    try:
        factory = BOT_NAMES[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; choose from {', '.join(BOT_NAMES)}") from None
    return factory(cards, seed)


__all__ = ["BOTS", "BOT_NAMES", "STRENGTHS", "BeginnerBot", "Bot", "HeuristicBot", "RandomBot",
           "SearchBot", "make_bot"]
