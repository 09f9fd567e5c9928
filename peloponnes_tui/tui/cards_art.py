"""Power cards drawn as small framed cards, side by side, sized to the width they are given.

Only the drawing lives here: :func:`peloponnes_tui.tui.render.offer_table` fills each
:class:`CardFace` from the card data and the engine's numbers.  A card is drawn as

    ╭3 ☂─────BA╮    its number (the digit key), catastrophe symbol, kind and pile letter
    │Lion Gate │    its name (up to two lines)
    │          │
    │v1     ⌂1S│    value; a building's cost on the right
    │1 inh 3pow│    inhabitants or one-time income; power points
    │        ♜☼│    production; protection, special function or supply symbol
    ╰R● 2─min 4╯    the standing bid (colour and symbol); the minimum for the player to move

Each figure has one short form (``card_text``: ``v1``, ``2 inh``, ``+2c``, ``+1lux``, ``1pow``,
``⚒1G``, ``⌂1W1S``, ``min 4``), the same at every width and in the board's legend.

The card chosen in the decision panel has a double frame and a ``▶`` before its number.  Every
cell of a card, frame included, carries its click action and its id (``card`` in the
style's meta).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

from peloponnes_tui.i18n import language

if TYPE_CHECKING:
    from pyphen import Pyphen

    from peloponnes_tui.tui.widgets.drawn import Restyle

# The widest a card is drawn (columns, frame included), and the narrowest before the market and
# the conquest row are drawn one below the other.
CARD_MAX = 22
CARD_MIN = 12
NAME_LINES = 2
PLAIN_BOX = "╭─╮│╰╯"
CHOSEN_BOX = "╔═╗║╚╝"


Pair = tuple[Text, Text]
# One line of a card: what it says at its left and right end, in forms from the longest to the
# shortest; a card shows the longest that fits its width.
Slot = tuple[Pair, ...]


@dataclass(frozen=True, slots=True)
class CardFace:
    """What one card shows: its top edge, body lines and bottom edge as :data:`Slot` s."""

    card: str
    name: str
    name_style: str
    top: Slot
    lines: tuple[Slot, ...]
    bottom: Slot
    chosen: bool = False
    click: str | None = None


def pick(slot: Slot, width: int, gap: int = 1) -> Pair:
    """The longest form in ``slot`` whose two ends fit ``width`` cells ``gap`` apart (the
    shortest if none does)."""
    for left, right in slot:
        need = left.cell_len + (gap + right.cell_len if right.cell_len else 0)
        if need <= width:
            return left, right
    return slot[-1]


@dataclass(frozen=True, slots=True)
class CardGroup:
    """A row of cards on the table (the market, the conquest row) under its heading."""

    heading: Text
    faces: tuple[CardFace, ...]


def _fit(left: Text, right: Text, width: int) -> Text:
    """``left`` and ``right`` on one line of exactly ``width`` cells (``right`` gives way)."""
    left = left.copy()
    left.truncate(width, overflow="ellipsis")
    room = width - left.cell_len
    out = left
    if right.cell_len and room > right.cell_len:
        out.append(" " * (room - right.cell_len))
        out.append_text(right)
    out.pad_right(width - out.cell_len)
    return out


@cache
def hyphenator(lang: str) -> Pyphen | None:
    """The hyphenation dictionary of a language (pyphen's, from LibreOffice), if it has one."""
    from pyphen import LANGUAGES as HYPHENATED
    from pyphen import Pyphen, language_fallback

    found = language_fallback(lang)
    return Pyphen(lang=found) if found in HYPHENATED else None


def name_lines(name: str, width: int, lang: str | None = None) -> list[str]:
    """A card's name wrapped at word boundaries into at most :data:`NAME_LINES` lines of
    ``width`` cells; a word too long for a line (German has long ones: Kornspeicher) is
    hyphenated where its language allows (Kornspei-cher; ``lang``, else the app's language),
    split with a hyphen anywhere only where it does not, and what still does not fit ends in
    ``…``."""
    words: list[str] = []
    hyphens = hyphenator(lang or language())
    for word in name.split():
        while len(word) > width > 3:
            split = hyphens.wrap(word, width) if hyphens is not None else None
            head, word = split if split is not None else (word[:width - 1] + "-",
                                                           word[width - 1:])
            words.append(head)
        words.append(word)
    wrapped: list[str] = []
    for word in words:
        if wrapped and not wrapped[-1].endswith("-") and len(wrapped[-1]) + 1 + len(word) <= width:
            wrapped[-1] += " " + word
        else:
            wrapped.append(word)
    words = wrapped or [""]
    lines = words[:NAME_LINES]
    if len(words) > NAME_LINES:
        lines[-1] += " " + " ".join(words[NAME_LINES:])
    return [x if len(x) <= width else x[:max(0, width - 1)] + "…" for x in lines]


def draw_card(face: CardFace, width: int, name_rows: int) -> list[Text]:
    """The lines of one card ``width`` cells wide (frame included), ``name_rows`` name lines."""
    inner = width - 2
    box = CHOSEN_BOX if face.chosen else PLAIN_BOX
    tl, h, tr, v, bl, br = box[0], box[1], box[2], box[3], box[4], box[5]
    frame = Style(bold=face.chosen)
    lines: list[Text] = []

    def border(left_corner: str, left: Text, right: Text, right_corner: str) -> Text:
        """A top or bottom edge with ``left`` and ``right`` written into it; ``right`` (the
        minimum to bid) keeps its place, ``left`` gives way to it."""
        t = Text(left_corner, style=frame)
        left = left.copy()
        left.truncate(inner - right.cell_len - 1 if 0 < right.cell_len < inner - 1 else inner,
                      overflow="ellipsis")
        room = inner - left.cell_len
        keep_right = 0 < right.cell_len < room
        t.append_text(left)
        t.append(h * (room - (right.cell_len if keep_right else 0)), style=frame)
        if keep_right:
            t.append_text(right)
        t.append(right_corner, style=frame)
        return t

    lines.append(border(tl, *pick(face.top, inner), tr))
    names = name_lines(face.name, inner)
    for i in range(name_rows):
        text = Text(names[i], style=face.name_style) if i < len(names) else Text()
        lines.append(Text(v, style=frame) + _fit(text, Text(), inner) + Text(v, style=frame))
    for slot in face.lines:
        lines.append(Text(v, style=frame) + _fit(*pick(slot, inner), inner)
                     + Text(v, style=frame))
    lines.append(border(bl, *pick(face.bottom, inner), br))
    meta: dict[str, str] = {"card": face.card}  # which card is under the mouse (its tooltip)
    if face.click:
        meta["@click"] = f"{face.click}({face.card!r})"
    for line in lines:
        line.stylize(Style(meta=meta))
    return lines


Drawn = list[list[Segment]]  # a card's lines, ready for the terminal
_drawn: dict[tuple[object, ...], Drawn] = {}  # each card as drawn, by what it was drawn from
DRAWN_KEEP = 256  # the most cards kept drawn (a game shows a few dozen different ones)


def _text_key(t: Text) -> tuple[object, ...]:
    return t.plain, t.style, tuple(t.spans)


def _face_key(face: CardFace) -> tuple[object, ...]:
    """Everything a card's drawing depends on, as a key (rich's Text is not hashable)."""
    def slot(s: Slot) -> tuple[object, ...]:
        return tuple((_text_key(left), _text_key(right)) for left, right in s)
    return (face.card, face.name, face.name_style, slot(face.top),
            tuple(slot(x) for x in face.lines), slot(face.bottom), face.chosen, face.click)


def drawn_card(console: Console, face: CardFace, width: int, name_rows: int,
               restyle: Restyle | None = None) -> Drawn:
    """:func:`draw_card` as segments (in the style of the part that shows it, with
    ``restyle``), kept by what the card is drawn from: a digit key moves the double frame
    between two cards, and the other cards are not drawn again."""
    key = (_face_key(face), width, name_rows, restyle.key if restyle is not None else None)
    found = _drawn.get(key)
    if found is None:
        if len(_drawn) >= DRAWN_KEEP:
            _drawn.clear()
        found = [list(line.render(console)) for line in draw_card(face, width, name_rows)]
        if restyle is not None:
            found = [list(restyle(line)) for line in found]
        _drawn[key] = found
    return found


@dataclass(frozen=True, slots=True)
class CardRows:
    """The rows of cards on the table, drawn side by side when the width allows (every card at
    least :data:`CARD_MIN` cells wide), else one row below the other.  Drawn by Rich, or
    line by line for a board part (``draw_lines``: each card's lines kept in the part's
    style)."""

    groups: tuple[CardGroup, ...]
    empty: Text

    def _bands(self, width: int) -> list[tuple[list[CardGroup], int]]:
        """The bands of cards to draw one below the other: their groups, and how wide a card
        is drawn in each."""
        groups = [g for g in self.groups if g.faces]
        if not groups:
            return []
        n = sum(len(g.faces) for g in groups)
        gaps = 2 * (len(groups) - 1)
        if (width - gaps) // n >= CARD_MIN:
            return [(groups, min(CARD_MAX, (width - gaps) // n))]
        return [([g], max(CARD_MIN, min(CARD_MAX, width // len(g.faces)))) for g in groups]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        bands = self._bands(options.max_width)
        if not bands:
            yield self.empty
            return
        for groups, card_width in bands:
            for line, _cells in _band(console, groups, card_width, None):
                yield from line
                yield Segment.line()

    def draw_lines(self, console: Console, options: ConsoleOptions, restyle: Restyle
                   ) -> list[list[Segment]] | None:
        width = options.max_width
        bands = self._bands(width)
        if not bands:
            return None  # the empty text, drawn by Rich
        return [line if cells <= width else Segment.adjust_line_length(line, width, pad=False)
                for groups, card_width in bands
                for line, cells in _band(console, groups, card_width, restyle)]


def _band(console: Console, groups: Sequence[CardGroup], card_width: int,
          restyle: Restyle | None) -> list[tuple[list[Segment], int]]:
    """Groups side by side, each under its heading, two columns apart: the lines, each with
    its width in cells."""
    faces = [f for g in groups for f in g.faces]
    name_rows = min(NAME_LINES, max(len(name_lines(f.name, card_width - 2)) for f in faces))
    drawn = [[drawn_card(console, f, card_width, name_rows, restyle) for f in g.faces]
             for g in groups]
    spans = [card_width * len(g.faces) + (2 if i < len(groups) - 1 else 0)
             for i, g in enumerate(groups)]
    head = Text()
    for i, g in enumerate(groups):
        if i + 1 < len(groups):
            # a heading longer than its cards (one conquest card) starts over the group
            # before it, as far as that group's own heading leaves room
            over = groups[i + 1].heading.cell_len - spans[i + 1]
            lent = max(0, min(over, spans[i] - g.heading.cell_len - 1))
            spans[i] -= lent
            spans[i + 1] += lent
        head.append_text(_fit(g.heading, Text(), spans[i]))
    cells = card_width * len(faces) + 2 * (len(groups) - 1)
    head_line = list(head.render(console))
    lines = [(head_line if restyle is None else list(restyle(head_line)), cells)]
    gap = Segment("  ") if restyle is None else next(iter(restyle([Segment("  ")])), None)
    for row in range(len(drawn[0][0])):
        line: list[Segment] = []
        for i, cards in enumerate(drawn):
            if i and gap is not None:
                line.append(gap)
            for card in cards:
                line.extend(card[row])
        lines.append((line, cells))
    return lines


__all__ = ["CARD_MAX", "CARD_MIN", "CardFace", "CardGroup", "CardRows", "Pair", "Slot",
           "draw_card", "drawn_card", "name_lines", "pick"]
