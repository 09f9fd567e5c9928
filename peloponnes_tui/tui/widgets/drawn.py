"""Parts of the board drawn once into lines, shown through Textual's Line API.

A board part is a Rich renderable (a table of a few hundred cells, the cards on offer, a few
dozen lines of text) that changes at some answers and not at others.  Through Textual's own
``Static`` a renderable is rendered again each time Textual asks something of it: its height
when the screen is laid out, its lines when the screen is drawn.  Here a :class:`Drawing` renders
it once for a width and the part's style, and a :class:`Drawn` widget answers both questions
from those lines, through Textual's public Line API (``get_content_height`` and
``render_line``).  :meth:`Drawn.show` keeps what a part shows when a new drawing has the same
lines, and asks for a layout of the screen only when the part's height changes.

Everything here uses Rich's and Textual's public API only: the style of a part and its click
actions are combined here (:class:`Restyle`), and text is broken into lines with ``Text.wrap``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Protocol, cast

from rich.console import Console, ConsoleOptions, Group, JustifyMethod
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget

from peloponnes_tui.tui.widgets.placed import PlacedByLayout

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

    from rich.console import RenderableType
    from rich.style import Style as RichStyle
    from textual.geometry import Size

# Textual's text-align values as Rich's justify methods ("start" and "end" read left to right)
JUSTIFY: dict[str, JustifyMethod] = {"left": "left", "start": "left", "center": "center",
                                     "right": "right", "end": "right", "justify": "full"}


class Restyle:
    """Each distinct style of a drawing combined with a part's own style (``base``) once, and
    the part's ``link`` style added where a click action is, as Textual combines them segment
    by segment for its own widgets.  ``key`` tells one combination from another (for drawings
    kept between answers)."""

    def __init__(self, base: RichStyle | None, link: RichStyle | None) -> None:
        self.base = base
        self.link = link
        self.key = (base, link)
        self.styles: dict[RichStyle | None, RichStyle | None] = {}

    def combined(self, style: RichStyle | None) -> RichStyle | None:
        base, link = self.base, self.link
        out = base + style if base else style
        if link and out is not None and out.meta and "@click" in out.meta:
            out = out + link
        return out

    def __call__(self, segments: Iterable[Segment]) -> Iterator[Segment]:
        styles, base, link = self.styles, self.base, self.link
        for text, style, control in segments:
            try:
                out = styles[style]
            except KeyError:
                out = styles[style] = self.combined(style)
            if out is None and link:
                continue  # (as Textual drops them)
            yield Segment(text, out, None if base else control)


class DrawsLines(Protocol):
    """A renderable that draws its own lines for a :class:`Drawing` (the cards on offer: each
    card's lines kept, in the part's style, from one drawing to the next), or answers None to
    be drawn by Rich.  Its lines start on a line of their own, each at most the ``options``'
    width."""

    def draw_lines(self, console: Console, options: ConsoleOptions, restyle: Restyle
                   ) -> list[list[Segment]] | None: ...


def _draws_lines(renderable: RenderableType) -> DrawsLines | None:
    """``renderable`` as a :class:`DrawsLines`, if it is one (a look for the method: a check
    against the protocol costs tens of microseconds)."""
    return cast("DrawsLines", renderable) if hasattr(renderable, "draw_lines") else None


def wrapped_lines(console: Console, text: Text, width: int) -> list[Text]:
    """``text`` broken into lines of ``width`` cells as Textual breaks text: at spaces where it
    can (Rich's ``Text.wrap``), a line broken at a space without its trailing spaces (Rich
    keeps them: a space in reverse video, such as a key's cap, would be left at the line's
    end)."""
    lines: list[Text] = []
    for line in text.split("\n", allow_blank=True):
        if "\t" in line.plain:
            line.expand_tabs(text.tab_size or 8)
        if line.cell_len <= width:
            lines.append(line)  # (most lines: nothing to break)
            continue
        pieces = list(line.wrap(console, width, justify="default", overflow="fold"))
        for piece in pieces[:-1]:
            piece.rstrip()
        lines.extend(pieces)
    return lines


def wrapped_segments(console: Console, text: Text, width: int) -> Iterable[Segment]:
    """What Rich draws for the lines of :func:`wrapped_lines` joined into one text that is not
    to be broken again (every line fits): each line justified and trimmed as Rich's
    ``Text.wrap`` does to a line it does not break, and the lines drawn joined, as Rich draws a
    text."""
    justify = text.justify or "default"
    overflow = text.overflow or "fold"
    lines = wrapped_lines(console, text, width)
    for line in lines:
        if justify == "left":
            line.truncate(width, overflow=overflow, pad=True)
        line.rstrip_end(width)
    return Text("\n").join(lines).render(console, end="\n")


class Drawing:
    """A Rich renderable and its lines, drawn once per width and style of the widget that
    shows it."""

    KEEP: ClassVar[int] = 4  # widths kept (a resize: the old ones are not asked for again)

    def __init__(self, renderable: RenderableType) -> None:
        self.renderable = renderable
        self.drawn: dict[tuple[int, RichStyle], list[Strip]] = {}
        self.widths: dict[int, int] = {}

    def lines(self, widget: Widget, width: int) -> list[Strip]:
        """The lines at ``width`` cells, in ``widget``'s style."""
        base = widget.visual_style.rich_style
        key = (width, base)
        lines = self.drawn.get(key)
        if lines is None:
            if len(self.drawn) >= self.KEEP:
                self.drawn.clear()
            lines = self.drawn[key] = self.draw(widget, width, base)
        return lines

    def draw(self, widget: Widget, width: int, base: RichStyle) -> list[Strip]:
        """The lines: text broken into lines as Textual breaks it (:func:`wrapped_segments`),
        each distinct style combined with the part's own once (:class:`Restyle`); a part that
        draws its own lines (:class:`DrawsLines`, alone or in a group) draws them."""
        if width <= 0:
            return []
        app = widget.app
        console = app.console
        renderable = self.renderable
        justify = JUSTIFY.get(widget.styles.text_align) \
            if widget.styles.has_rule("text_align") else None  # the part's text-align, if set
        if isinstance(renderable, Text) and justify is not None \
                and renderable.justify != justify:
            renderable = renderable.copy()
            renderable.justify = justify
        restyle = Restyle(console.get_style(base),
                          widget.link_style if widget.auto_links else None)
        if isinstance(renderable, Text) and not renderable.no_wrap \
                and renderable.justify in (None, "default", "left"):
            return [Strip(line) for line in Segment.split_and_crop_lines(
                restyle(wrapped_segments(console, renderable, width)), width,
                include_new_lines=False, pad=False)]
        options = app.console_options.update(highlight=False, width=width, height=None)
        options = options.update_width(width)
        # a group draws its parts one after the other: those that draw their own lines do so,
        # the others are drawn by Rich together
        parts: list[RenderableType] = [renderable]
        if isinstance(renderable, Group) and \
                any(_draws_lines(part) for part in renderable.renderables):
            parts = renderable.renderables
        lines: list[list[Segment]] = []
        pending: list[RenderableType] = []
        for part in parts:
            draws = _draws_lines(part)
            own = draws.draw_lines(console, options, restyle) if draws is not None else None
            if own is None:
                pending.append(part)
                continue
            lines.extend(_rich_lines(console, pending, options, restyle))
            pending = []
            lines.extend(own)
        lines.extend(_rich_lines(console, pending, options, restyle))
        return [Strip(line) for line in lines]

    def width(self, widget: Widget, container_width: int) -> int:
        """The cells the renderable would take at most, in a container this wide (for a part
        whose width is ``auto``)."""
        width = self.widths.get(container_width)
        if width is None:
            app = widget.app
            options = app.console_options.update_width(max(1, container_width))
            measured = Measurement.get(app.console, options, self.renderable)
            width = self.widths[container_width] = min(measured.maximum, container_width)
        return width


def _rich_lines(console: Console, renderables: list[RenderableType], options: ConsoleOptions,
                restyle: Restyle) -> list[list[Segment]]:
    """``renderables`` drawn by Rich, one after the other, in lines of ``options``' width."""
    if not renderables:
        return []
    what = renderables[0] if len(renderables) == 1 else Group(*renderables)
    return list(Segment.split_and_crop_lines(
        restyle(console.render(what, options)), options.max_width, include_new_lines=False,
        pad=False))


class LinesWidget(PlacedByLayout):
    """A widget that shows a :class:`Drawing` through Textual's Line API: its height is the
    drawing's number of lines at its width, and each of its lines is one of them."""

    DEFAULT_CSS = """
    LinesWidget { height: auto; }
    """

    def drawing(self) -> Drawing:
        """What the widget shows."""
        raise NotImplementedError

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.drawing().width(self, container.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.drawing().lines(self, width))

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        lines = self.drawing().lines(self, width)
        if y < len(lines):
            return lines[y]
        return Strip.blank(width, self.visual_style.rich_style)


class Drawn(LinesWidget):
    """A part of the board that shows a Rich renderable or text, drawn once per width."""

    def __init__(self, content: RenderableType = "", *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.shown = Drawing(_renderable(content))

    def drawing(self) -> Drawing:
        return self.shown

    @property
    def renderable(self) -> RenderableType:
        """What the part shows."""
        return self.shown.renderable

    def update(self, content: RenderableType = "") -> None:
        """Show ``content`` (the screen is laid out again for it)."""
        self.shown = Drawing(_renderable(content))
        self.refresh(layout=True)

    def show(self, content: RenderableType) -> None:
        """Show ``content`` unless it draws exactly what is shown (an answer changes a few
        parts of the board; a part drawn again the same costs its place in the next frame),
        and lay the screen out again only when the part's height changes."""
        size = self.content_size
        old = self.shown
        if not size.width:
            # not laid out yet: a layout sizes it (a hidden part, when it is shown)
            self.shown = Drawing(_renderable(content))
            self.refresh(layout=self.display)
            return
        if isinstance(content, Text) and isinstance(old.renderable, Text) \
                and _same_text(old.renderable, content):
            return  # the same text: not even drawn to be compared
        new = Drawing(_renderable(content))
        lines = new.lines(self, size.width)
        if old.lines(self, size.width) == lines:
            return
        self.shown = new
        self.refresh(layout=len(lines) != size.height)


def _renderable(content: RenderableType) -> RenderableType:
    """A string shown as plain text (a board part shows no markup)."""
    return Text(content) if isinstance(content, str) else content


def _same_text(old: Text, new: Text) -> bool:
    """Whether two texts draw the same (Text's own equality looks at the characters and spans
    only, not at the style of the whole or how it wraps)."""
    return old == new and old.style == new.style and \
        (old.justify, old.overflow, old.no_wrap) == (new.justify, new.overflow, new.no_wrap)


__all__ = ["Drawing", "Drawn", "DrawsLines", "LinesWidget", "Restyle",
           "wrapped_lines", "wrapped_segments"]
