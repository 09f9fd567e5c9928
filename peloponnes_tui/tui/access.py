"""What the play app's screens may ask of the app, and the one typed way to it.

The screens do not import the app (it imports them): they read what the app offers through
:class:`AppServices`, a protocol the app satisfies, and they tell the app what a player chose
by messages (each screen defines its own) or by the app's actions (``app.resume``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

from textual.dom import DOMNode

if TYPE_CHECKING:
    from pathlib import Path

    from peloponnes_tui.cards import CardSet
    from peloponnes_tui.settings import Settings


class AppServices(Protocol):
    """What a screen of the play app reads of the app."""

    settings: Settings  # the player's settings, as last remembered
    last_pause: float  # the pause before each computer move the New game screen offers first

    @property
    def cards(self) -> CardSet:
        """The card data."""
        ...

    def remember(self, settings: Settings) -> None:
        """Keep ``settings`` for the next launch (a failure to write is only reported)."""
        ...

    def load_path(self, path: Path) -> str | None:
        """Load a save and play it; on failure the reason, and nothing changed."""
        ...


class AppAccess(DOMNode):
    """Mixin for the play app's screens: ``self.papp`` is what they may ask of the app.

    List it after the Textual class (``class X(Screen[None], AppAccess)``): Textual takes a
    class's CSS type names from the first base class of each class.
    """

    @property
    def papp(self) -> AppServices:
        return cast("AppServices", self.app)


__all__ = ["AppAccess", "AppServices"]
