"""The coach: what the strong computer player would do in a player's decision, and why.

The coach sees exactly what the player sees (the player's :class:`View`) and asks the strong
player (:class:`SearchBot`, with its own budget, time limit and seed handling) for its decision:
the advice *is* that decision.  The search deals its copies from the bot's seed and the decision
itself (:meth:`SearchBot.deal_seed`), so the same decision gets the same advice however often it
is asked; with the seat's bot seed (:func:`coach_seed`) it is exactly what a strong player in
that seat would answer.

The reasons are the rules' facts, asked of the engine (:func:`answer_effects`): what the answer
costs, the card it goes for and what that brings, the grain shortfall at a supply, protections
gained or given up, the income, and who could still outbid it.  The same facts are given for the
best other answer the search tried, with whether the search could tell the two apart.  Answers
that differ only in which of several coin cards of one kind are given are one answer
(:func:`answer_key`), and the advice says which kinds are interchangeable.  No win rate is
given: a few dozen playouts per answer do not make one worth showing.  It holds no words: the
app makes the sentences (``tui/coach.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from peloponnes_tui.bots.players import bot_seed
from peloponnes_tui.bots.search import SearchBot
from peloponnes_tui.cards import CardSet
from peloponnes_tui.engine.answers import CoinKind, answer_key, interchangeable, legal_answers
from peloponnes_tui.engine.effects import Effects, answer_effects
from peloponnes_tui.engine.prompts import Answer, AnyPrompt
from peloponnes_tui.engine.view import View


@dataclass(frozen=True, slots=True)
class Option:
    """One answer the coach talks about, with what it does by the rules."""

    answer: Answer
    effects: Effects
    interchangeable: tuple[CoinKind, ...] = ()  # coin kinds of which any card will do


@dataclass(frozen=True, slots=True)
class Advice:
    """The strong player's answer (``best``) and the best other one its search tried.

    ``searched``: the answers were played out (False: only one was worth considering);
    ``close``: the search could not tell ``best`` and ``other`` apart (they are about as good);
    ``choices``: how many different answers the rules allow here (:func:`legal_answers`).
    """

    best: Option
    other: Option | None
    searched: bool
    close: bool
    choices: int


def coach_seed(game_seed: int, seat: int) -> int:
    """The seed the app's coach uses for ``seat``: the one a computer player there would have."""
    return bot_seed(game_seed, seat)


class Coach:
    """Advises one decision at a time, as the strong player with ``seed`` would decide it."""

    def __init__(self, cards: CardSet, seed: int, **search: object) -> None:
        self.cards = cards
        self.seed = seed
        self.search = SearchBot(cards, seed, **search)  # type: ignore[arg-type]

    def advise(self, prompt: AnyPrompt, view: View) -> Advice:
        """The coach's answer to ``prompt`` for the player of ``view`` (its own seat)."""
        cards = self.cards
        bot = self.search
        best = bot.decide(prompt, view)
        key = answer_key(cards, best)
        other = next((r.answer for r in bot.last_ranking
                      if answer_key(cards, r.answer) != key), None)
        searched = bot.last_playouts > 0
        choices = len({answer_key(cards, a)
                       for a in legal_answers(prompt, cards, view.me.civ, raises=None)})
        return Advice(self._option(prompt, view, best),
                      None if other is None else self._option(prompt, view, other),
                      searched, searched and bot.last_close and other is not None, choices)

    def _option(self, prompt: AnyPrompt, view: View, answer: Answer) -> Option:
        return Option(answer, answer_effects(self.cards, view, prompt, answer),
                      interchangeable(self.cards, view.hand, answer))


__all__ = ["Advice", "Coach", "Option", "coach_seed"]
