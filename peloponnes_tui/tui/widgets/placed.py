"""Widgets drawn in the screen update of the layout that changes them: a widget whose new size
asks for no second layout (:class:`PlacedByLayout`), and the board's own scroll bar
(:class:`ScrollMark`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar
from weakref import WeakSet

from rich.segment import Segment
from rich.style import Style
from textual.events import Click, MouseDown, MouseMove, MouseUp
from textual.strip import Strip
from textual.widget import Widget

if TYPE_CHECKING:
    from typing import Self

    from textual.geometry import Region, Size

class PlacedByLayout(Widget):
    """A widget whose new size, given by a layout of the screen, asks for no second layout.

    When a layout gives a widget a new size, Textual sets its ``virtual_size``, and a change of
    that asks for a layout of the screen once more, drawn in a frame of its own, although the
    layout that set it has placed everything already.  The board's parts never set their
    virtual size themselves, so a change of it comes from a layout: Textual's public hook
    ``validate_virtual_size`` notes it, and the refresh that the change asks for next is left
    out (the layout has marked the widget to be drawn).  Every other refresh is Textual's own.
    ``tests/test_tui_drawn.py`` fails if a Textual release asks for the layout another way."""

    sized_by_layout = False  # the virtual size was just changed (by a layout)

    def validate_virtual_size(self, size: Size) -> Size:
        if size != self.virtual_size:
            self.sized_by_layout = True
        return size

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        if self.sized_by_layout:
            self.sized_by_layout = False
            if layout and repaint and not regions and not recompose:
                return self  # placed by the layout, and marked by it to be drawn
        if layout:
            marks_changed()  # a part's new length moves the scroll bars' thumbs
        if layout:
            marks_changed()  # a part's new length moves the scroll bars' thumbs
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)


# the lower part of a cell, in eighths (index 1 to 7)
EIGHTHS = " ▁▂▃▄▅▆▇"


class ScrollMark(PlacedByLayout):
    """The scroll bar of a :class:`BoardScroll`: one column at its right edge, drawn through
    the Line API from the scroll state the same screen update has laid out.

    Textual's own scroll bar learns a new length of its part from the layout and is drawn
    again in a screen update of its own after it, so an answer that changes the length of a
    part (most do) reached the terminal in two updates.  This one is marked to be drawn
    whenever a part of the screen asks for a layout (:func:`marks_changed`) or its part
    scrolls, before the update that lays the screen out, so it is drawn in that update.  A
    click or a drag on it scrolls its part, as on Textual's."""

    DEFAULT_CSS = """
    ScrollMark { dock: right; width: 1; height: 100%; }
    ScrollMark > .scroll-mark--track { background: $scrollbar-background; }
    ScrollMark > .scroll-mark--thumb { color: $scrollbar; background: $scrollbar-background; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"scroll-mark--track", "scroll-mark--thumb"}

    shown: ClassVar[WeakSet[ScrollMark]] = WeakSet()  # the marks mounted now
    # every mark is marked to be drawn in the next screen update (see marks_changed): a scroll
    # that the layout of that update makes (a part grew shorter) is drawn with it
    redrawing: ClassVar[bool] = False

    dragging = False

    def on_mount(self) -> None:
        ScrollMark.shown.add(self)
        if isinstance(self.parent, Widget):
            self.watch(self.parent, "scroll_y", self.scrolled, init=False)

    def on_unmount(self) -> None:
        ScrollMark.shown.discard(self)

    def scrolled(self) -> None:
        if not ScrollMark.redrawing:
            self.refresh()

    def window(self) -> tuple[float, float, float]:
        """The part's rows shown, its rows in all, and the first row shown."""
        part = self.parent
        if not isinstance(part, Widget):
            return 0.0, 0.0, 0.0
        return (float(part.scrollable_content_region.height), float(part.virtual_size.height),
                float(part.scroll_y))

    def thumb(self) -> tuple[int, int] | None:
        """Where the thumb starts and ends, in eighths of a row; None when all is shown."""
        return thumb_of(*self.window(), self.size.height)

    drawn_for: tuple[object, ...] | None = None  # the state the rows below were drawn for
    rows: tuple[Strip, ...] = ()

    def column(self) -> tuple[Strip, ...]:
        """The mark's rows, drawn once for each state of its part (``render_line`` is asked for
        each row at every screen update that draws the mark)."""
        part = self.parent
        state = (self.size.height, part.size, part.virtual_size.height, part.scroll_y) \
            if isinstance(part, Widget) else (self.size.height,)
        if state != self.drawn_for:
            self.drawn_for = state
            self.rows = tuple(self.draw_row(y, self.thumb()) for y in range(self.size.height))
        return self.rows

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.drawn_for = None  # (the theme changed: the colours too)

    def render_line(self, y: int) -> Strip:
        rows = self.column()
        return rows[y] if 0 <= y < len(rows) else Strip.blank(1)

    def draw_row(self, y: int, thumb: tuple[int, int] | None) -> Strip:
        """Row ``y`` of the mark, for a thumb from ``thumb[0]`` to ``thumb[1]`` eighths."""
        return mark_cell(y, thumb, self.get_component_rich_style("scroll-mark--track"),
                         self.get_component_rich_style("scroll-mark--thumb"))

    def scroll_to_row(self, y: int) -> None:
        """Scroll the part so that the thumb is centred on row ``y`` of the mark."""
        part = self.parent
        shown, total, _first = self.window()
        height = self.size.height
        if not isinstance(part, Widget) or total <= shown or height <= 0:
            return
        part.scroll_to(y=max(0.0, (y + 0.5) / height * total - shown / 2), animate=False)

    def on_click(self, event: Click) -> None:
        event.stop()
        self.scroll_to_row(event.y)

    def on_mouse_down(self, event: MouseDown) -> None:
        event.stop()
        self.dragging = True
        self.capture_mouse()

    def on_mouse_up(self, event: MouseUp) -> None:
        event.stop()
        if self.dragging:
            self.dragging = False
            self.release_mouse()

    def on_mouse_move(self, event: MouseMove) -> None:
        if self.dragging:
            event.stop()
            self.scroll_to_row(event.y)


def thumb_of(shown: float, total: float, first: float, height: int) -> tuple[int, int] | None:
    """Where a scroll bar's thumb starts and ends, in eighths of its ``height`` rows, for a part
    that shows ``shown`` of its ``total`` rows from row ``first``; None when all is shown."""
    if total <= shown or height <= 0 or shown <= 0:
        return None
    eighths = height * 8
    size = max(8, round(eighths * shown / total))
    start = round((eighths - size) * first / max(1.0, total - shown))
    return start, min(eighths, start + size)


def mark_cell(y: int, thumb: tuple[int, int] | None, track: Style, bar: Style) -> Strip:
    """Row ``y`` of a one-column scroll bar whose thumb goes from ``thumb[0]`` to ``thumb[1]``
    eighths of a row (None: no thumb), in the ``track`` and ``bar`` (thumb) styles."""
    if thumb is None:
        return Strip([Segment(" ", track)], 1)
    start, end = thumb
    top, bottom = y * 8, y * 8 + 8
    covered_from, covered_to = max(top, start), min(bottom, end)
    if covered_to <= covered_from:
        return Strip([Segment(" ", track)], 1)
    if covered_from == top and covered_to == bottom:  # (a blank, as Textual draws it)
        return Strip([Segment(" ", Style(bgcolor=bar.color))], 1)
    if covered_to == bottom:  # the thumb's top edge: its lower part in this cell
        return Strip([Segment(EIGHTHS[bottom - covered_from], bar)], 1)
    # the thumb's bottom edge: the cell's upper part is thumb, drawn as the track's lower part
    # on the thumb's colour
    return Strip([Segment(EIGHTHS[bottom - covered_to],
                          Style(color=track.bgcolor, bgcolor=bar.color))], 1)


def marks_changed() -> None:
    """Mark every scroll bar to be drawn in the next screen update: a part asks for a layout,
    which may change what any part shows of itself."""
    marks = list(ScrollMark.shown)
    for mark in marks:
        mark.refresh()
    if marks and not ScrollMark.redrawing:
        ScrollMark.redrawing = True
        marks[0].call_after_refresh(drawn_again)


def drawn_again() -> None:
    """The screen update that drew every scroll bar again is out (:func:`marks_changed`)."""
    ScrollMark.redrawing = False


__all__ = ["PlacedByLayout", "ScrollMark", "mark_cell", "marks_changed", "thumb_of"]
