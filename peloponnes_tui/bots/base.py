"""The interface every computer player implements."""

from __future__ import annotations

import random

from peloponnes_tui.cards import CardSet
from peloponnes_tui.engine.prompts import Answer, AnyPrompt
from peloponnes_tui.engine.view import View


class Bot:
    """Answers prompts for one seat, seeing only that seat's :class:`View`."""

    name = "bot"

    def __init__(self, cards: CardSet, seed: int) -> None:
        self.cards = cards
        self.seed = seed
        self.rng = random.Random(seed)

    def decide(self, prompt: AnyPrompt, view: View) -> Answer:
        raise NotImplementedError
