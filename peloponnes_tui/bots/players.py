"""The computer players at one table, and the one loop that lets them play their seats.

Every place that lets bots answer (headless games, the app's computer seats, demonstrations,
narrated games, test and screenshot set-ups) goes through :class:`BotPlayers`: each bot sees only
the pending prompt and its own seat's view, and its seed follows from the game's seed and the
seat, so the same game with the same bots is played the same way wherever it is played.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from peloponnes_tui.bots import make_bot
from peloponnes_tui.bots.base import Bot
from peloponnes_tui.cards import CardSet
from peloponnes_tui.engine.prompts import Answer, AnyPrompt
from peloponnes_tui.engine.view import View


class Table(Protocol):
    """What the bots need of a game: the pending prompt, a seat's view, and answering."""

    @property
    def pending(self) -> AnyPrompt | None: ...

    def view_for(self, seat: int) -> View: ...

    def answer(self, ans: Answer) -> None: ...


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of a game dealt with ``game_seed``."""
    return game_seed * 7919 + seat


class BotPlayers:
    """The bots of one game, by seat (seats without a bot are played by people)."""

    def __init__(self, cards: CardSet, kinds: Mapping[int, str], game_seed: int) -> None:
        self.kinds = dict(kinds)
        self.bots: dict[int, Bot] = {
            seat: make_bot(kind, cards, bot_seed(game_seed, seat)) for seat, kind in kinds.items()}

    @classmethod
    def seated(cls, cards: CardSet, kinds: Sequence[str], game_seed: int) -> BotPlayers:
        """A bot in every seat: ``kinds[i]`` plays seat ``i``."""
        return cls(cards, dict(enumerate(kinds)), game_seed)

    def to_move(self, game: Table) -> Bot | None:
        """The bot that must answer the pending prompt, or None (a person's turn, or the end)."""
        prompt = game.pending
        return None if prompt is None else self.bots.get(prompt.player)

    def decide(self, game: Table) -> Answer:
        """What the pending seat's bot answers (nothing is applied)."""
        prompt = game.pending
        if prompt is None or prompt.player not in self.bots:
            raise ValueError("no computer player is to move")
        return self.bots[prompt.player].decide(prompt, game.view_for(prompt.player))

    def move(self, game: Table) -> Answer:
        """Let the pending seat's bot answer, and apply the answer."""
        ans = self.decide(game)
        game.answer(ans)
        return ans

    def play(self, game: Table, stop: Callable[[AnyPrompt], bool] | None = None) -> int:
        """Play the bots' turns until a person must decide, the game ends, or ``stop`` says so
        of the pending prompt; returns how many answers the bots gave."""
        moves = 0
        while self.to_move(game) is not None:
            prompt = game.pending
            if stop is not None and prompt is not None and stop(prompt):
                break
            self.move(game)
            moves += 1
        return moves


__all__ = ["BotPlayers", "Table", "bot_seed"]
