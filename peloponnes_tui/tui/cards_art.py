"""Power cards drawn as small framed cards, side by side, sized to the width they are given.

Only the drawing lives here: :func:`peloponnes_tui.tui.render.offer_table` fills each
:class:`CardFace` from the card data and the engine's numbers.  A card is drawn as

    ╭3 ☂─────LA╮    its number (the digit key), catastrophe symbol, kind and pile letter
    │Barley    │    its name (up to two lines)
    │Fields    │
    │val 1     │    value; a building's cost on the right
    │2 inh  1pw│    inhabitants or one-time income; power points
    │⚒1G  ♜☠  │    production; protection, special function or supply symbol
    ╰R● 2─min 4╯    the standing bid (colour and symbol); the minimum for the player to move

The card chosen in the decision panel has a double frame and a ``▶`` before its number.  Every
cell of a card, frame included, carries its click action and its id (``card`` in the
style's meta).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

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


def name_lines(name: str, width: int) -> list[str]:
    """A card's name wrapped at word boundaries into at most :data:`NAME_LINES` lines of
    ``width`` cells; a word too long for a line (German has long ones: Kornspeicher) is split
    with a hyphen, and what still does not fit ends in ``…``."""
    words: list[str] = []
    for word in name.split():
        while len(word) > width > 3:
            words.append(word[:width - 1] + "-")
            word = word[width - 1:]
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
        """A top or bottom edge with ``left`` and ``right`` written into it."""
        t = Text(left_corner, style=frame)
        left = left.copy()
        left.truncate(inner, overflow="ellipsis")
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


def drawn_card(console: Console, face: CardFace, width: int, name_rows: int) -> Drawn:
    """:func:`draw_card` as segments, kept by what the card is drawn from: a digit key moves
    the double frame between two cards, and the other cards are not drawn again."""
    key = (_face_key(face), width, name_rows)
    found = _drawn.get(key)
    if found is None:
        if len(_drawn) >= DRAWN_KEEP:
            _drawn.clear()
        found = _drawn[key] = [list(line.render(console))
                               for line in draw_card(face, width, name_rows)]
    return found


@dataclass(frozen=True, slots=True)
class CardRows:
    """The rows of cards on the table, drawn side by side when the width allows (every card at
    least :data:`CARD_MIN` cells wide), else one row below the other."""

    groups: tuple[CardGroup, ...]
    empty: Text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        groups = [g for g in self.groups if g.faces]
        if not groups:
            yield self.empty
            return
        width = options.max_width
        n = sum(len(g.faces) for g in groups)
        gaps = 2 * (len(groups) - 1)
        if (width - gaps) // n >= CARD_MIN:
            yield from _band(console, groups, min(CARD_MAX, (width - gaps) // n))
            return
        for g in groups:
            yield from _band(console, [g], max(CARD_MIN, min(CARD_MAX, width // len(g.faces))))


def _band(console: Console, groups: Sequence[CardGroup], card_width: int) -> Iterator[Segment]:
    """Groups side by side, each under its heading, two columns apart."""
    faces = [f for g in groups for f in g.faces]
    name_rows = min(NAME_LINES, max(len(name_lines(f.name, card_width - 2)) for f in faces))
    drawn = [[drawn_card(console, f, card_width, name_rows) for f in g.faces] for g in groups]
    head = Text()
    for i, g in enumerate(groups):
        span = card_width * len(g.faces) + (2 if i < len(groups) - 1 else 0)
        head.append_text(_fit(g.heading, Text(), span))
    yield from head.render(console)
    yield Segment.line()
    gap = Segment("  ")
    for row in range(len(drawn[0][0])):
        for i, cards in enumerate(drawn):
            if i:
                yield gap
            for card in cards:
                yield from card[row]
        yield Segment.line()


__all__ = ["CARD_MAX", "CARD_MIN", "CardFace", "CardGroup", "CardRows", "Pair", "Slot",
           "draw_card", "drawn_card", "name_lines", "pick"]
