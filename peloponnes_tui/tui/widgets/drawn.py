"""Parts of the board drawn once into lines, and laid out once.

Textual wraps a Rich renderable (a table, a group of them) in a ``RichVisual``, which renders it
in full each time it is asked something: once for its height when the screen is laid out, again
for its lines when the screen is drawn, and a third time when the board asks whether a part's
height changed.  A board part is a table of a few hundred cells, so an answer spent most of its
drawing time rendering the same tables two or three times.  :class:`DrawnOnce` renders the
renderable once for a width and a base style, and answers its height and its lines from those
lines; :class:`Drawn` is a ``Static`` that shows every Rich renderable that way, keeps what it
shows when a new drawing has the same lines (:meth:`Drawn.show`), and asks for a layout only
when its height changes.

A widget's ``virtual_size`` is a reactive that asks for a layout of the screen when it changes,
and every layout sets it: a part whose size changed in a layout had the screen laid out a second
time, in a frame of its own one screen update later (about 17 ms of waiting, and the work of a
layout).  The board's parts that do not need it declare :func:`quiet_virtual_size`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

from rich._wrap import divide_line
from rich.console import Console, ConsoleOptions, ConsoleRenderable, Group
from rich.segment import Segment
from rich.text import Text
from textual.geometry import Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.visual import RichVisual, Visual
from textual.widgets import Static

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

    from rich.console import RenderableType
    from rich.style import Style as RichStyle
    from textual.css.styles import RulesMap
    from textual.style import Style
    from textual.visual import RenderOptions, VisualType
    from textual.widget import Widget


class DrawnOnce(RichVisual):
    """A Rich renderable whose lines are rendered once per width and base style."""

    def __init__(self, widget: Widget, renderable: RenderableType) -> None:
        super().__init__(widget, renderable)
        self._widget_drawn = widget
        self._lines: dict[tuple[int, RichStyle], list[Strip]] = {}
        self._widths: dict[int, int] = {}

    @property
    def renderable(self) -> RenderableType:
        """What is drawn (the Rich renderable or text the part was given)."""
        return self._renderable

    def lines(self, width: int, style: Style) -> list[Strip]:
        key = (width, style.rich_style)
        lines = self._lines.get(key)
        if lines is None:
            if len(self._lines) >= 4:  # a resize: the old widths are not asked for again
                self._lines.clear()
            lines = self._lines[key] = self.draw(width, style.rich_style)
        return lines

    def draw(self, width: int, base: RichStyle) -> list[Strip]:
        """The lines, as ``RichVisual.render_strips`` draws them (a test compares the two), text
        first broken into lines as Textual breaks it (:func:`wrapped_segments`), and each distinct
        style of the drawing combined with the part's own style once: Textual adds the part's
        style and its link style to each segment, and looks into the meta of each one for a
        click action (half the time of drawing the cards on offer).  A part that draws its own
        lines (:class:`DrawsLines`, alone or in a group) draws them."""
        widget = self._widget_drawn
        app = widget.app
        console = app.console
        renderable = self._renderable
        justify = widget._get_justify_method()  # text takes the part's text-align
        if isinstance(renderable, Text) and justify is not None \
                and renderable.justify != justify:
            renderable = renderable.copy()
            renderable.justify = justify
        restyle = Restyle(console.get_style(base),
                          widget.link_style if widget.auto_links else None)
        if isinstance(renderable, Text) and not renderable.no_wrap \
                and renderable.justify in (None, "default", "left"):
            return [LinkedStrip(line, restyle.link) for line in Segment.split_and_crop_lines(
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
        return [LinkedStrip(line, restyle.link) for line in lines]

    def render_strips(self, width: int, height: int | None, style: Style,
                      options: RenderOptions) -> list[Strip]:
        lines = self.lines(width, style)
        return lines if height is None else lines[:height]

    def get_height(self, rules: RulesMap, width: int) -> int:
        # the lines the widget will draw, in its own style: the same render serves both
        widget = self._widget_drawn
        return len(self.lines(width, widget.visual_style))

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        width = self._widths.get(container_width)
        if width is None:
            width = self._widths[container_width] = super().get_optimal_width(
                rules, container_width)
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


class Restyle:
    """Each distinct style of a drawing combined with a part's own style (``base``) once, and
    the part's ``link`` style added on click actions, as Textual combines them segment by
    segment.  ``key`` tells one combination from another (for drawings kept between
    answers)."""

    def __init__(self, base: RichStyle | None, link: RichStyle | None) -> None:
        self.base = base
        self.link = link
        self.key = (base, link)
        self._styles: dict[RichStyle | None, RichStyle | None] = {}

    def _combined(self, style: RichStyle | None) -> RichStyle | None:
        base, link = self.base, self.link
        out = base + style if base else style
        if link and out is not None and out._meta is not None and "@click" in out.meta:
            out = out + link
        return out

    def __call__(self, segments: Iterable[Segment]) -> Iterator[Segment]:
        styles, base, link = self._styles, self.base, self.link
        for text, style, control in segments:
            try:
                out = styles[style]
            except KeyError:
                out = styles[style] = self._combined(style)
            if out is None and link:
                continue  # (Textual drops these)
            yield Segment(text, out, None if base else control)


class DrawsLines(Protocol):
    """A renderable that draws its own lines for a :class:`DrawnOnce` (the cards on offer:
    each card's lines kept, in the part's style, from one drawing to the next), or answers
    None to be drawn by Rich.  Its lines start on a line of their own, each at most the
    ``options``' width."""

    def draw_lines(self, console: Console, options: ConsoleOptions, restyle: Restyle
                   ) -> list[list[Segment]] | None: ...


def _draws_lines(renderable: RenderableType) -> DrawsLines | None:
    """``renderable`` as a :class:`DrawsLines`, if it is one (a look for the method: a check
    against the protocol costs tens of microseconds)."""
    return cast("DrawsLines", renderable) if hasattr(renderable, "draw_lines") else None


class LinkedStrip(Strip):
    """A line of a :class:`DrawnOnce`, its click actions drawn in the part's link style
    (``link``; ``DrawnOnce.draw``).  Textual adds the link style to every line of a part each
    time it paints it (``Visual.to_strips``): a new line, and the meta of every segment
    unpickled to look for a click action.  With the same link style that gives this line
    again, so it is skipped."""

    __slots__ = ("_link",)

    def __init__(self, segments: Iterable[Segment], link: RichStyle | None) -> None:
        super().__init__(segments)  # (its length in cells is measured when asked for)
        self._link = link

    def _apply_link_style(self, link_style: RichStyle) -> Strip:
        if link_style == self._link:
            return self
        return super()._apply_link_style(link_style)


def wrapped_lines(text: Text, width: int) -> list[Text]:
    """``text`` broken into lines of ``width`` cells as Textual breaks text: at spaces where it
    can, each line broken at a space without its trailing spaces (Rich keeps them: a space in
    reverse video, such as a key's cap, would be left at the line's end)."""
    lines: list[Text] = []
    for line in text.split("\n", allow_blank=True):
        if "\t" in line.plain:
            line.expand_tabs(text.tab_size or 8)
        if line.cell_len <= width:
            lines.append(line)  # (most lines: nothing to break)
            continue
        pieces = line.divide(divide_line(line.plain, width, fold=True))
        for piece in pieces[:-1]:
            piece.rstrip()
        lines.extend(pieces)
    return lines


def wrapped_segments(console: Console, text: Text, width: int) -> Iterable[Segment]:
    """What Rich draws for the lines of :func:`wrapped_lines` joined into one text that is not
    to be broken again (every line fits), without that text split into lines again and each
    line's breaks looked for a second time: each line of
    :func:`wrapped_lines` is justified and trimmed as Rich's ``Text.wrap`` does to a line it
    does not break, and the lines drawn joined, as ``Text.__rich_console__`` draws them."""
    justify = text.justify or "default"
    overflow = text.overflow or "fold"
    lines = wrapped_lines(text, width)
    for line in lines:
        if justify == "left":
            line.truncate(width, overflow=overflow, pad=True)
        line.rstrip_end(width)
    return Text("\n").join(lines).render(console, end="\n")


def quiet_virtual_size() -> Reactive[Size]:
    """A widget's ``virtual_size`` that asks for no layout: the layout that changed it has
    placed everything (a scroll bar that appears or goes asks for its own).  One for each
    class: a reactive belongs to the class it is declared in."""
    return Reactive(Size(0, 0), layout=False, repaint=False)


class Drawn(Static):
    """A ``Static`` that draws a Rich renderable or text once per width (:class:`DrawnOnce`);
    a string (markup) and Textual's own visuals are shown as ``Static`` shows them.

    Text too is drawn this way, broken into lines as Textual breaks it (:func:`wrapped_lines`):
    Textual's own path for it (``Content``) wraps it for the part's height and again for its
    lines (the summary of what happened since a player's last turn is a few dozen lines that
    change at every answer)."""

    virtual_size = quiet_virtual_size()

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        if isinstance(content, ConsoleRenderable) and not isinstance(content, Visual):
            content = DrawnOnce(self, content)
        super().update(content, layout=layout)

    def show(self, content: RenderableType) -> None:
        """Show ``content`` unless it draws exactly what is shown (an answer changes a few
        parts of the board; a part drawn again the same costs its place in the next frame),
        and lay the screen out again only when the part's height changes."""
        size = self.content_size
        old = self.content
        if not size.width:
            # not laid out yet: a layout sizes it (a hidden part, when it is shown)
            self.update(content, layout=self.display)
            return
        if isinstance(content, Text) and isinstance(old, DrawnOnce) \
                and isinstance(old.renderable, Text) and _same_text(old.renderable, content):
            return  # the same text: not even drawn to be compared
        new = DrawnOnce(self, content)
        style = self.visual_style
        lines = new.lines(size.width, style)
        if isinstance(old, DrawnOnce) and old.lines(size.width, style) == lines:
            return
        self.update(new, layout=False)
        if len(lines) != size.height:
            self.refresh(layout=True)


def _same_text(old: Text, new: Text) -> bool:
    """Whether two texts draw the same (Text's own equality looks at the characters and spans
    only, not at the style of the whole or how it wraps)."""
    return old == new and old.style == new.style and \
        (old.justify, old.overflow, old.no_wrap) == (new.justify, new.overflow, new.no_wrap)


__all__ = ["Drawn", "DrawnOnce", "quiet_virtual_size"]
