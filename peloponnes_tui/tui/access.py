"""The one typed way from a screen or widget to the running :class:`PeloponnesApp`."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.dom import DOMNode

if TYPE_CHECKING:
    from peloponnes_tui.tui.app import PeloponnesApp


class AppAccess(DOMNode):
    """Mixin for the play app's screens and widgets: ``self.papp`` is the app, typed.

    List it after the Textual class (``class X(Screen[None], AppAccess)``): Textual takes a
    class's CSS type names from the first base class of each class.
    """

    @property
    def papp(self) -> PeloponnesApp:
        return cast("PeloponnesApp", self.app)


__all__ = ["AppAccess"]
