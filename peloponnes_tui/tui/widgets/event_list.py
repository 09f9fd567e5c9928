"""The replay viewer's log: one line (or a few, wrapped) per event, the event shown marked ▶, a
cursor moved with ↑ ↓ and chosen with Enter or a click.

Textual's ``OptionList`` draws every visible option again, and measures every option's height,
whenever one option's text changes, as the ▶ moves at each step of the viewer.  Here each event
is drawn once per width through Textual's Line API (a ``ScrollView`` whose ``render_line`` puts
the mark and the cursor's style on the lines kept), and a step redraws the two lines whose mark
moved.

Its scroll bar is a column of its own lines (as the board's ``ScrollMark`` draws it): Textual's
own scroll bar of a ``ScrollView`` is drawn again after every layout of the screen, in a screen
update of its own, so each step of the viewer reached the terminal in two.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from peloponnes_tui.tui.widgets.drawn import wrapped_lines
from peloponnes_tui.tui.widgets.placed import mark_cell, thumb_of

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.text import Text
    from textual import events

MARK = "▶ "  # the event shown
NO_MARK = "  "


class EventList(ScrollView, can_focus=True):
    """The events' lines (``lines``), ``marked`` the one shown, ``cursor`` the one ↑ ↓ move to.
    Enter or a click on a line posts :class:`EventList.Chosen` with its index."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(-1)", "Up", show=False),
        Binding("down", "cursor(1)", "Down", show=False),
        Binding("enter", "choose", "Show this event", show=False),
    ]
    COMPONENT_CLASSES: ClassVar[set[str]] = {"event-list--cursor", "event-list--track",
                                             "event-list--thumb"}
    DEFAULT_CSS = """
    EventList { background: $surface; color: $foreground; overflow-x: hidden;
                overflow-y: scroll; scrollbar-size-vertical: 0; padding: 0 0 0 1; }
    EventList > .event-list--track { background: $scrollbar-background; }
    EventList > .event-list--thumb { color: $scrollbar; background: $scrollbar-background; }
    EventList > .event-list--cursor { color: $foreground;
                                      background: $block-cursor-blurred-background; }
    EventList:focus > .event-list--cursor { color: $block-cursor-foreground;
                                            background: $block-cursor-background;
                                            text-style: $block-cursor-text-style; }
    """

    class Chosen(Message):
        """A line was chosen (Enter or a click)."""

        def __init__(self, events: EventList, index: int) -> None:
            super().__init__()
            self.events = events
            self.index = index

        @property
        def control(self) -> EventList:
            return self.events

    def __init__(self, lines: Sequence[Text], marked: int = 0, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.lines = list(lines)
        self.marked = marked
        self.cursor = marked
        self._width = -1  # the width the rows below were laid out for
        self._rows: list[tuple[int, int]] = []  # (event, line of the event) of each row
        self._first: list[int] = []  # each event's first row
        self._drawn: dict[int, list[list[Segment]]] = {}  # each event's lines, as drawn

    # -- the lines ---------------------------------------------------------------------------

    def set_lines(self, lines: Sequence[Text]) -> None:
        """New texts for every event (the colours or the language changed)."""
        self.lines = list(lines)
        self._width = -1
        self._arrange()
        self.refresh()

    def _arrange(self) -> None:
        """Each event's rows at the current width (its text wrapped after the mark, before the
        scroll bar's column)."""
        width = self.scrollable_content_region.width - 1
        if width == self._width or width <= 0:
            return
        self._width = width
        self._drawn = {}
        console = self.app.console
        rows: list[tuple[int, int]] = []
        first: list[int] = []
        room = max(1, width - len(MARK))
        for index, text in enumerate(self.lines):
            first.append(len(rows))
            count = 1 if text.cell_len <= room else len(wrapped_lines(console, text, room))
            rows.extend((index, n) for n in range(count))
        self._rows, self._first = rows, first
        self.virtual_size = Size(width, len(rows))

    def _event_lines(self, index: int) -> list[list[Segment]]:
        drawn = self._drawn.get(index)
        if drawn is None:
            console = self.app.console
            room = max(1, self._width - len(MARK))
            drawn = self._drawn[index] = [
                list(line.render(console)) for line in
                wrapped_lines(console, self.lines[index].copy(), room)]
        return drawn

    def on_resize(self, event: events.Resize) -> None:
        self._arrange()

    def on_mount(self) -> None:
        self._arrange()

    def render_line(self, y: int) -> Strip:
        self._arrange()
        width = self._width
        base = self.visual_style.rich_style
        height = self.scrollable_content_region.height
        bar = mark_cell(y, thumb_of(height, len(self._rows), self.scroll_offset.y, height),
                        self.get_component_rich_style("event-list--track"),
                        self.get_component_rich_style("event-list--thumb"))
        row = y + self.scroll_offset.y
        if not 0 <= row < len(self._rows):
            return Strip.join([Strip.blank(width, base), bar])
        index, n = self._rows[row]
        lines = self._event_lines(index)
        segments = [Segment(MARK, Style(bold=True)) if n == 0 and index == self.marked
                    else Segment(NO_MARK)]
        segments.extend(lines[n] if n < len(lines) else ())
        strip = Strip(segments).extend_cell_length(width).crop(0, width)
        if index == self.cursor:
            strip = strip.apply_style(self.get_component_rich_style("event-list--cursor"))
        return Strip.join([strip.apply_style(base), bar])

    # -- moving ------------------------------------------------------------------------------

    def _refresh_event(self, index: int) -> None:
        if 0 <= index < len(self._first):
            first = self._first[index]
            last = self._first[index + 1] if index + 1 < len(self._first) else len(self._rows)
            self.refresh_lines(first, last - first)

    def mark(self, index: int) -> None:
        """Mark the event ``index`` as the one shown, with the cursor on it, in view."""
        self._arrange()
        for old in {self.marked, self.cursor} - {index}:
            self._refresh_event(old)
        self.marked = self.cursor = index
        self._refresh_event(index)
        self.scroll_to_cursor()

    def move_cursor(self, index: int, top: bool = False) -> None:
        """Put the cursor on the event ``index`` (in view; at the top with ``top``)."""
        index = max(0, min(index, len(self.lines) - 1))
        self._refresh_event(self.cursor)
        self.cursor = index
        self._refresh_event(index)
        self.scroll_to_cursor(top)

    def scroll_to_cursor(self, top: bool = False) -> None:
        self._arrange()
        if not self._first:
            return
        first = self._first[self.cursor]
        last = self._first[self.cursor + 1] if self.cursor + 1 < len(self._first) \
            else len(self._rows)
        self.scroll_to_region(Region(0, first, self._width, last - first), animate=False,
                              top=top, immediate=True)

    def action_cursor(self, by: int) -> None:
        self.move_cursor(self.cursor + by)

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self, self.cursor))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and offset.x >= self._width:  # the scroll bar's column
            height = self.scrollable_content_region.height
            if len(self._rows) > height > 0:
                self.scroll_to(y=max(0.0, (offset.y + 0.5) / height * len(self._rows)
                                     - height / 2), animate=False)
            return
        row = offset.y + self.scroll_offset.y if offset is not None else -1
        if 0 <= row < len(self._rows):
            index = self._rows[row][0]
            self.move_cursor(index)
            self.post_message(self.Chosen(self, index))


__all__ = ["EventList"]
