"""The board's own scroll bar (``ScrollMark``): where its thumb is, clicks and drags on it, and
that it follows its part's length and scrolling; the replay log's, drawn in its own lines."""

from __future__ import annotations

from rich.text import Text
from support import settled
from textual.app import App, ComposeResult
from textual.events import MouseDown, MouseMove, MouseUp
from textual.widget import Widget

from peloponnes_tui.tui.widgets.board_scroll import BoardScroll
from peloponnes_tui.tui.widgets.drawn import Drawn
from peloponnes_tui.tui.widgets.placed import ScrollMark

ROWS = 6  # the part's height on screen


class Scrolled(App[None]):
    CSS = f"#part {{ height: {ROWS}; width: 20; }}"

    def compose(self) -> ComposeResult:
        with BoardScroll(id="part"):
            yield Drawn(id="text")

    def lines(self, n: int) -> None:
        self.query_one("#text", Drawn).show(Text("\n".join(f"line {i}" for i in range(n))))


def thumb_rows(mark: ScrollMark) -> list[int]:
    """The rows of the mark drawn in the thumb's colour, wholly or in part."""
    track = mark.get_component_rich_style("scroll-mark--track").bgcolor
    rows = []
    for y in range(mark.size.height):
        (segment,) = list(mark.render_line(y))
        if segment.style is not None and (segment.style.bgcolor != track or segment.text != " "):
            rows.append(y)
    return rows


async def test_the_thumb_shows_what_part_of_the_text_is_in_view():
    app = Scrolled()
    async with app.run_test(size=(40, 12)) as pilot:
        app.lines(4 * ROWS)
        await settled(pilot)
        part, mark = app.query_one(BoardScroll), app.query_one(ScrollMark)
        assert mark.region.height == ROWS and mark.region.right == part.region.right
        # a quarter of the text, from its top: a row and a half, in eighths of a row
        assert mark.thumb() == (0, 2 * ROWS)
        assert thumb_rows(mark) == [0, 1]
        part.scroll_end(animate=False)
        await settled(pilot)
        assert mark.thumb() == (6 * ROWS, 8 * ROWS)
        assert thumb_rows(mark) == [ROWS - 2, ROWS - 1]  # (rows 4½ to 6: two cells)
        # the text shrinks to half its length: the thumb, still at the end, is twice as long
        app.lines(2 * ROWS)
        await settled(pilot)
        assert mark.window() == (ROWS, 2 * ROWS, ROWS)
        assert mark.thumb() == (4 * ROWS, 8 * ROWS)
        assert thumb_rows(mark) == [3, 4, 5]
        # all of it fits: no thumb
        app.lines(ROWS - 1)
        await settled(pilot)
        assert mark.thumb() is None and thumb_rows(mark) == []


async def test_a_click_or_a_drag_on_the_mark_scrolls_its_part():
    app = Scrolled()
    async with app.run_test(size=(40, 12)) as pilot:
        app.lines(4 * ROWS)
        await settled(pilot)
        part, mark = app.query_one(BoardScroll), app.query_one(ScrollMark)
        await pilot.click(ScrollMark, offset=(0, ROWS - 1))
        await settled(pilot)
        assert part.scroll_y == part.max_scroll_y
        await pilot.click(ScrollMark, offset=(0, 0))
        await settled(pilot)
        assert part.scroll_y == 0
        # a drag: down on the top row, moved to the middle, released
        mark.post_message(MouseDown(mark, 0, 0, 0, 0, 1, False, False, False))
        mark.post_message(MouseMove(mark, 0, ROWS // 2, 0, 0, 1, False, False, False))
        mark.post_message(MouseUp(mark, 0, ROWS // 2, 0, 0, 1, False, False, False))
        await settled(pilot)
        assert 0 < part.scroll_y < part.max_scroll_y
        assert not mark.dragging


async def test_the_part_scrolls_with_the_wheel_and_keeps_its_column():
    """Textual's scroll bar is given no column: the text is as wide with a long text as with a
    short one (a column that came and went would lay the screen out again); and it is always
    on, so that it does not come and go either when the text begins to overflow (Textual asks
    for a second layout of the screen then, in an update of its own)."""
    app = Scrolled()
    async with app.run_test(size=(40, 12)) as pilot:
        app.lines(ROWS - 1)
        await settled(pilot)
        text = app.query_one("#text", Drawn)
        part = app.query_one(BoardScroll)
        narrow = text.size.width
        assert part.show_vertical_scrollbar
        app.lines(4 * ROWS)
        await settled(pilot)
        assert text.size.width == narrow and part.show_vertical_scrollbar
        part.scroll_down(animate=False)
        await settled(pilot)
        assert part.scroll_y > 0


async def test_the_mark_is_drawn_in_the_theme_s_colours():
    """The rows are drawn once for each state of the part, and again in a new theme."""
    app = Scrolled()
    async with app.run_test(size=(40, 12)) as pilot:
        app.lines(4 * ROWS)
        await settled(pilot)
        mark = app.query_one(ScrollMark)

        def track_colour() -> object:
            (segment,) = list(mark.render_line(ROWS - 1))
            assert segment.style is not None
            return segment.style.bgcolor

        before = track_colour()
        assert before == mark.get_component_rich_style("scroll-mark--track").bgcolor
        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        await settled(pilot)
        after = track_colour()
        assert after == mark.get_component_rich_style("scroll-mark--track").bgcolor
        assert after != before


class Events(App[None]):
    """The replay viewer's log (an ``EventList``, a Line API widget) with ``4 * ROWS`` events."""

    CSS = f"EventList {{ height: {ROWS}; width: 30; }}"

    def compose(self) -> ComposeResult:
        from peloponnes_tui.tui.widgets.event_list import EventList

        yield EventList([Text(f"event {i}") for i in range(4 * ROWS)])


def column_rows(events: Widget) -> list[int]:
    """The rows of the event list's last column drawn in the thumb's colour."""
    track = events.get_component_rich_style("event-list--track").bgcolor
    rows = []
    for y in range(events.size.height):
        segment = list(events.render_line(y))[-1]
        if segment.style is not None and (segment.style.bgcolor != track or segment.text != " "):
            rows.append(y)
    return rows


async def test_the_replay_log_draws_its_scroll_bar_in_its_own_lines():
    """The event list has no Textual scroll bar (after every layout of the screen Textual draws
    that again in a screen update of its own, a second one for each step of the viewer): its
    last column is a scroll bar drawn with its lines, whose thumb follows the scrolling and
    which scrolls the list when clicked."""
    from peloponnes_tui.tui.widgets.event_list import EventList

    app = Events()
    async with app.run_test(size=(40, 12)) as pilot:
        await settled(pilot)
        events = app.query_one(EventList)
        assert events.styles.scrollbar_size_vertical == 0  # (Textual's bar has no column)
        assert column_rows(events) == [0, 1]  # a quarter of the list, from its top
        # the text leaves the column to the bar
        assert all(list(events.render_line(y))[-1].text in " ▁▂▃▄▅▆▇" for y in range(ROWS))
        events.mark(4 * ROWS - 1)  # the last event shown: the list scrolls to it
        await settled(pilot)
        assert events.scroll_y == events.max_scroll_y
        assert column_rows(events) == [ROWS - 2, ROWS - 1]
        await pilot.click(EventList, offset=(events.region.width - 1, 0))
        await settled(pilot)
        assert events.scroll_y == 0 and events.marked == 4 * ROWS - 1  # scrolled, not chosen
        assert column_rows(events) == [0, 1]
