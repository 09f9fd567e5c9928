"""The rules engine: pure Python, no UI.  See game.Game."""

from peloponnes_tui.engine.game import Game, GameOver, GameSetupError, Score
from peloponnes_tui.engine.log import Event
from peloponnes_tui.engine.prompts import *  # noqa: F403
from peloponnes_tui.engine.prompts import __all__ as _prompt_names
from peloponnes_tui.engine.shape import answer_from_dict, check_shape
from peloponnes_tui.engine.state import CIV, LUXURY, CardState, Placed, Player, Table
from peloponnes_tui.engine.view import View, view_for

__all__ = [
    "CIV",
    "LUXURY",
    "CardState",
    "Event",
    "Game",
    "GameOver",
    "GameSetupError",
    "Placed",
    "Player",
    "Score",
    "Table",
    "answer_from_dict",
    "check_shape",
    "View",
    "view_for",
    *_prompt_names,
]
