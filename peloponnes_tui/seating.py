"""Who sits at the table: the players' default names and colours, a person or a computer player
at a seat, and the pause before each computer move.  Plain data, used by the app, the settings
and the simulations alike (nothing here imports the app or a library).
"""

from __future__ import annotations

DEFAULT_NAMES = ("Helena", "Leonidas", "Dimitrios", "Ariadne", "Perikles")
HUMAN = "human"
# The pause (seconds) before each computer move: the choices on the New game screen.
PAUSES = (0.0, 0.3, 0.7, 1.5)
DEFAULT_PAUSE = 0.7

# Player colours: name, Rich colour, letter, symbol.  The letter and symbol carry the colour for
# players who cannot tell the colours apart.
COLOURS: dict[str, tuple[str, str, str]] = {
    "red": ("#e05050", "R", "●"),
    "blue": ("#5b8cff", "B", "▲"),
    "green": ("#4caf50", "G", "■"),
    "yellow": ("#e0c040", "Y", "◆"),
    "purple": ("#b070e0", "P", "★"),
}


def seat_json(name: str, colour: str, kind: str) -> dict[str, str]:
    """A seat as a save file holds it."""
    return {"name": name, "colour": colour, "kind": kind}


__all__ = ["COLOURS", "DEFAULT_NAMES", "DEFAULT_PAUSE", "HUMAN", "PAUSES", "seat_json"]
