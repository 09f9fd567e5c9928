"""The board's scrolling parts, which never take the keyboard from the decision panel, the box
that holds the decision panel, and the cards on offer with a tooltip for each card."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import TYPE_CHECKING, ClassVar

from textual.containers import Vertical, VerticalScroll
from textual.dom import NoScreen
from textual.events import MouseMove
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.widgets import RichLog

from peloponnes_tui.tui.widgets.drawn import Drawn, quiet_virtual_size

if TYPE_CHECKING:
    from typing import Self

    from textual.geometry import Region
    from textual.strip import Strip


class BoardScrollBar(ScrollBar):
    """A scroll bar of the board's parts: its size changes with a layout, which has placed
    it already (``quiet_virtual_size``), and it draws each of its pictures once.

    An answer changes the length of what the board's parts hold, so their scroll bars are drawn
    again at nearly every answer: a bar of 26 rows cost about 0.7 ms, mostly in Textual's line
    by line styling.  A bar shows one of a few dozen pictures (the since-your-last-turn box is
    kept scrolled to its end, the board to its top), so the lines are kept by everything they
    are drawn from (:attr:`BAR_PICTURES` of them, the oldest forgotten first)."""

    virtual_size = quiet_virtual_size()
    BAR_PICTURES: ClassVar[int] = 256
    _pictures: ClassVar[OrderedDict[Hashable, list[Strip]]] = OrderedDict()

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        """A layout of the screen sets the bar's numbers (its content's new length) just before
        it draws the frame: the bar goes into that frame (``BoardScreen.draw_in_frame``),
        instead of asking for a frame of its own right after it (about 2 ms and up to a frame's
        wait, at most answers)."""
        super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
        if repaint and not layout and not recompose and self._repaint_required:
            try:
                screen = self.screen
            except NoScreen:
                return self
            draw_in_frame = getattr(screen, "draw_in_frame", None)
            if draw_in_frame is not None:
                draw_in_frame(self)
        return self

    def render_lines(self, crop: Region) -> list[Strip]:
        bar = self.render()
        if not isinstance(bar, ScrollBarRender):
            return super().render_lines(crop)
        key = (crop, self.size, self.vertical, bar.virtual_size, bar.window_size, bar.position,
               bar.thickness, bar.style, self.visual_style, self.background_colors,
               tuple(id(f) for f in self.app.get_line_filters()), self.app.ansi_theme)
        pictures = self._pictures
        lines = pictures.get(key)
        if lines is None:
            lines = pictures[key] = super().render_lines(crop)
            if len(pictures) > self.BAR_PICTURES:
                pictures.popitem(last=False)
        else:
            pictures.move_to_end(key)
        return list(lines)


class BoardScroll(VerticalScroll, can_focus=False):
    """A scrolling part of the board that never takes the keyboard from the decision panel: a
    click on it leaves the focus where it was (the wheel and PgUp/PgDn still scroll it).

    A change of what it holds is one layout of the screen, not two: the layout that placed
    its content also updates its scroll bar, and a scroll bar that appears or goes asks for a
    layout of its own (``quiet_virtual_size``)."""

    virtual_size = quiet_virtual_size()

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        bar = super().vertical_scrollbar
        if type(bar) is ScrollBar:
            # Textual makes the bar when first asked; it becomes a BoardScrollBar, the same
            # widget with a quieter virtual size (a subclass that adds no state)
            bar.__class__ = BoardScrollBar
        return bar


class BoardLog(RichLog, can_focus=False):
    """The log, scrolled like :class:`BoardScroll` without taking the focus."""


class PanelBox(Vertical):
    """The decision panel and the note above it; a panel that grows or shrinks has the screen
    laid out once, not twice (``quiet_virtual_size``)."""

    virtual_size = quiet_virtual_size()


class CardsView(Drawn):
    """The cards on offer; its tooltip describes the card under the mouse (``tips`` by card id,
    found through the ``card`` in the drawn cards' style meta), elsewhere the legend."""

    def __init__(self, legend: str, id: str | None = None) -> None:
        super().__init__(id=id)
        self.legend = legend
        self.tips: dict[str, str] = {}
        self.tooltip = legend

    def on_mouse_move(self, event: MouseMove) -> None:
        card = event.style.meta.get("card")
        tip = self.tips.get(card, self.legend) if isinstance(card, str) else self.legend
        if tip != self.tooltip:
            self.tooltip = tip


__all__ = ["BoardLog", "BoardScroll", "BoardScrollBar", "CardsView", "PanelBox"]
