"""Rich renderables of the table, built from the card data and a player's View.

Everything here is public information unless a function says it shows a hand.  Every rule number
shown (minimums, bids with Market/Agora, the conquest surcharge) comes from the engine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.console import Console, ConsoleOptions, Group, JustifyMethod, RenderableType, RenderResult
from rich.padding import Padding
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text

from peloponnes_tui.card_text import (
    COSTS,
    PRODUCES,
    catastrophe_name,
    cost_text,
    income_short,
    inhabitants_short,
    power_short,
    prod_short,
    prod_text,
    protector_text,
    resource_short,
    special_text,
    value_short,
)
from peloponnes_tui.cards import CardSet, CatastropheId, PowerCard
from peloponnes_tui.engine import CIV, LUXURY, Event
from peloponnes_tui.engine.bidding import view_standing_bids, view_targets
from peloponnes_tui.engine.numbers import rule_numbers
from peloponnes_tui.engine.view import PlacedView, PlayerView, View
from peloponnes_tui.engine.words import halves
from peloponnes_tui.i18n import _, in_words, language, name, ngettext, share_in_words
from peloponnes_tui.log_text import event_text
from peloponnes_tui.tui.cards_art import CardFace, CardGroup, CardRows, Slot
from peloponnes_tui.tui.colours import (
    catastrophe_glyph,
    catastrophe_style,
    light_palette,
    res_style,
)
from peloponnes_tui.tui.session import Seat, kind_name
from peloponnes_tui.tui.summary import Changes

if TYPE_CHECKING:
    from peloponnes_tui.tui.widgets.drawn import Restyle


# What the short forms on the board mean: one legend, shown under the tables and as tooltips.
def resource_legend() -> str:
    return _("W wood, S stone, G grain")


def offer_legend() -> str:
    return _("Cards: its number (the key to choose it), its catastrophe symbol (as on the "
             "tracks), B building or L landscape and its pile A–C · v value · ⌂ a building's "
             "cost · inh inhabitants · one-time income: +c coin cards, +lux luxury goods · "
             "pow power points · ⚒ production · ♜ protects from · ◆ a special function · "
             "⚑ supply symbol · at the bottom the standing bid (player, coin cards, "
             "=what it counts with Market/Agora) and min: the fewest coin cards the player to "
             "move must bid now · {resources} · "
             "the double frame: the card chosen in the decision panel").format(
                 resources=resource_legend())


# the board's layouts by the terminal's width: the decision panel beside the board and the own
# tableau in view from ROOMY columns, every tableau on the board from WIDE columns
ROOMY = 120
WIDE = 160


def log_line(ev: Event, seats: Sequence[Seat], cards: CardSet) -> Text:
    """One line of the log: the round, the seat's tag and the event's sentence."""
    t = Text(f"R{ev.round} ", style="dim")
    if ev.player is not None and ev.player < len(seats):
        st = seats[ev.player]
        t.append(st.tag + " ", style=f"bold {st.rich_colour}")
    style = {"strike": "bold red", "winner": "bold green", "reveal": "bold",
             "supply": "bold yellow", "outbid": "yellow", "removed": "red", "lost": "red",
             "covered": "magenta"}.get(ev.kind, "")
    t.append(event_text(ev, cards, [s.name for s in seats]), style=style)
    return t


def seat_tag(seat: Seat, bold: bool = True) -> Text:
    return Text(f"{seat.tag} {seat.name}", style=f"{'bold ' if bold else ''}{seat.rich_colour}")


def seat_short(seat: Seat) -> Text:
    return Text(seat.tag, style=f"bold {seat.rich_colour}")


def coin_label(cards: CardSet, coin: int) -> Text:
    back = cards.coins[coin]
    return Text(name(back.name), style=res_style(back.resource))


def hand_summary(cards: CardSet, hand: Sequence[int], sep: str = "  ") -> Text:
    """A hand grouped by back: ``3×Wood  1×2 Stone ...`` (private), ``sep`` between the
    backs."""
    counts = Counter(cards.coins[c].id for c in hand)
    out = Text()
    for back in cards.coin_backs:
        n = counts.get(back.id, 0)
        if n:
            if out:
                out.append(sep)
            out.append(f"{n}×{name(back.name)}", style=res_style(back.resource))
    return out or Text(_("no coin cards"), style="dim")


HIGHLIGHT = "bold black on #e0c040"
CHANGED = "✱"  # changed since the current player's last turn
CHANGED_STYLE = "bold #ff8c1a"


def changed_legend() -> str:
    return _("{mark} changed since your last turn: a new card, a bid placed or moved, a marker "
             "moved, a card covered").format(mark=CHANGED)


def cat_mark(cat: CatastropheId) -> Text:
    """A catastrophe's symbol: its glyph in its colour."""
    return Text(catastrophe_glyph(cat), style=f"bold {catastrophe_style(cat)}")


def res_text(wood: int, stone: int, grain: int) -> Text:
    """``1W 2G`` in the coin kinds' colours (:func:`resource_legend`)."""
    out = Text()
    for n, res in ((wood, "wood"), (stone, "stone"), (grain, "grain")):
        if n:
            out.append(resource_short(res, n), style=res_style(res))
    return out


def card_marks(card: PowerCard) -> Text:
    """A card's special function (◆), protection (♜ and the catastrophe's symbol) and supply
    symbol (⚑)."""
    out = Text()
    if card.function:
        out.append("◆", style="bold")
    if card.protection:
        out.append(PROTECTS).append_text(cat_mark(card.protection))
    if card.supply:
        out.append(SUPPLY, style="bold")
    return out


PROTECTS = "♜"
SUPPLY = "⚑"


_slots: dict[tuple[int, str, bool], tuple[PowerCard, tuple[Slot, Slot, Slot]]] = {}
SLOTS_KEEP = 512  # (a game's 48 power cards in two languages; the tests load many card sets)


def card_slots(c: PowerCard) -> tuple[Slot, Slot, Slot]:
    """The lines of a card on offer that show the printed card alone: its value and cost,
    what it gives (one-time income or inhabitants, power points), what it makes and its
    marks, each in the one short form the legend explains (it fits the narrowest card);
    made once per card, language and palette (the cards on offer are drawn at every key).
    Nothing that draws a card changes these texts."""
    key = (id(c), language(), light_palette())
    found = _slots.get(key)
    if found is not None and found[0] is c:
        return found[1]
    cost = res_text(c.cost.wood, c.cost.stone, 0)
    value: Slot = ((Text(value_short(c.value), style="bold"),
                    Text(COSTS).append_text(cost) if cost else Text()),)
    gives = Text(income_short(c) if income_short(c) != "-" else "")
    gains: Slot = ((gives, Text(power_short(c.power)) if c.power else Text()),)
    makes = res_text(c.production.wood, c.production.stone, c.production.grain)
    prod: Slot = ((Text(PRODUCES).append_text(makes) if makes else Text(), card_marks(c)),)
    if len(_slots) >= SLOTS_KEEP:
        _slots.clear()
    slots = value, gains, prod
    _slots[key] = (c, slots)
    return slots


def offer_table(cards: CardSet, view: View, seats: Sequence[Seat], current: int | None,
                numbered: bool = True, highlight: frozenset[str] = frozenset(),
                click: str | None = None, chosen: str | None = None,
                changed: Changes | None = None) -> CardRows:
    """The market and conquest rows as cards, each with every field of the printed card and
    the standing bid on it (:mod:`peloponnes_tui.tui.cards_art` draws them).

    ``min`` is what the player to move must bid on each card now (the engine's figure: at least
    the value, more than a standing bid, in the conquest row the value plus the surcharge less
    that player's Barracks/Stockade).  With ``click`` (an action name) a mouse click on a card
    runs ``click('card id')``; ``chosen`` is the card chosen in the decision panel (a double
    frame), ``changed`` what changed since the current player's last turn (marked ✱).
    """
    power_cards = cards.power_by_id
    standing = view_standing_bids(view)
    by_seat = {p.seat: p for p in view.players}
    marks = changed or Changes()
    # what each card asks of the player to move (the engine's figures)
    need_for = {x.card: x.need_coins for x in view_targets(cards, view, current or 0)}
    n = 0
    groups: list[CardGroup] = []
    for row_name, row in (("market", view.market), ("conquest", view.conquest)):
        faces: list[CardFace] = []
        for cid in row:
            n += 1
            c = power_cards[cid]
            top = Text()
            if numbered:
                top.append(f"▶{n}" if cid == chosen else f"{n}",
                           style="bold reverse" if cid == chosen else "bold")
            if c.catastrophe:
                top.append(" ").append_text(cat_mark(c.catastrophe))
            kind = Text()
            if cid in marks.new:
                kind.append(CHANGED, style=CHANGED_STYLE)
            kind.append((_("B{pile}") if c.is_building else _("L{pile}")).format(pile=c.pile),
                        style="dim")
            # the standing bid, from the longest form to the shortest: with spaces, without,
            # without what it counts with Market/Agora, without the change mark (the minimum
            # beside it keeps its one form, "min 3", and the bid gives way to it)
            bids: list[Text] = [Text(), Text(), Text(), Text()]
            held = standing.get(cid)
            if held is not None:
                h = by_seat[held[0]]
                st = seats[h.seat]
                bonus = f"={halves(held[1])}" if h.bid_bonus_halves else ""
                for form, (count, counts) in zip(bids, ((f" {h.bid_count}", " " + bonus),
                                                        (str(h.bid_count), bonus),
                                                        (str(h.bid_count), ""),
                                                        (str(h.bid_count), "")), strict=True):
                    form.append(st.tag, style=f"bold {st.rich_colour}")
                    form.append(count, style="bold")
                    form.append(counts if bonus else "")
            if cid in marks.bids:
                for form in bids[:3]:
                    form.append(CHANGED, style=CHANGED_STYLE)
            need = need_for.get(cid)
            star = "*" if row_name == "conquest" else ""  # see conquest_rule
            name_style = HIGHLIGHT if cid in highlight else "bold"
            if row_name == "conquest":
                name_style += " italic"
            # what the player to move must bid on it now; nothing where they cannot bid (a
            # card taken for good, or no bidding now): the foot then says who holds it
            minimum = Text("" if need is None else _("min {n}").format(n=f"{need}{star}"),
                           style="bold")
            faces.append(CardFace(
                card=cid, name=name(c.name), name_style=name_style, top=((top, kind),),
                lines=card_slots(c), bottom=tuple((form, minimum) for form in bids),
                chosen=cid == chosen, click=click))
        heading = Text(_("Market") if row_name == "market" else _("Conquest row *"),
                       style="bold" if row_name == "market" else "bold italic")
        groups.append(CardGroup(heading, tuple(faces)))
    return CardRows(tuple(groups), Text(_("no power cards on offer"), style="dim"))


def card_tooltip(cards: CardSet, cid: str) -> str:
    """Every field of a power card in words (the tooltip of a card on the board)."""
    c = cards.power_by_id[cid]
    parts = [(_("{name}: building from pile {pile}, value {value}") if c.is_building else
              _("{name}: landscape from pile {pile}, value {value}")).format(
                  name=name(c.name), pile=c.pile, value=c.value)]
    if c.cost.wood or c.cost.stone:
        parts.append(_("building cost {cost} ({mark})").format(cost=cost_text(c), mark=COSTS))
    if c.inhabitants:
        parts.append(ngettext("{n} inhabitant", "{n} inhabitants", c.inhabitants).format(
            n=c.inhabitants))
    if c.income.coins:
        parts.append(ngettext("one-time income {n} coin card", "one-time income {n} coin cards",
                              c.income.coins).format(n=c.income.coins))
    if c.income.luxury:
        parts.append(ngettext("one-time income {n} luxury good",
                              "one-time income {n} luxury goods",
                              c.income.luxury).format(n=c.income.luxury))
    if c.power:
        parts.append(ngettext("{n} power point", "{n} power points", c.power).format(n=c.power))
    if c.production.wood or c.production.stone or c.production.grain:
        made = prod_text(c.production.wood, c.production.stone, c.production.grain)
        parts.append(_("produces {made} each round ({mark})").format(made=made, mark=PRODUCES))
    if c.catastrophe:
        parts.append(_("symbol {mark} {catastrophe}").format(
            mark=catastrophe_glyph(c.catastrophe),
            catastrophe=catastrophe_name(cards, c.catastrophe)))
    special = special_text(c, cards)
    if special:
        parts.append(special)
    return _("{fields}. Click to choose it in the decision panel.").format(
        fields="; ".join(parts))


def specials_line(cards: CardSet, view: View) -> Text:
    """``◆ 5 Lion Gate: protects from Drought · …``: the special functions and protections of the
    cards on offer, numbered as in the offer table."""
    out = Text()
    for n, cid in enumerate(offer_cards(view), 1):
        special = special_text(cards.power_by_id[cid], cards)
        if special:
            out.append(" · " if out else "◆ ", style="bold" if not out else "dim")
            out.append(f"{n} {name(cards.power_by_id[cid].name)}: ", style="bold")
            out.append(special)
    return out


def conquest_rule(cards: CardSet, view: View, seats: Sequence[Seat], current: int | None
                  ) -> Text:
    """What the ``*`` of the conquest row means for the player to move: its Min includes the
    surcharge, less that player's Barracks/Stockade (the engine's numbers; the engine's
    ``conquest_minimum`` keeps it from falling below its floor)."""
    if not view.conquest:
        return Text()
    out = Text("* ", style="bold")
    out.append(_("Conquest row (in italics): min = value + {n}").format(
        n=rule_numbers(cards).conquest_surcharge))
    cur = view.players[current] if current is not None else None
    if cur is not None and cur.conquest_discount:
        before, _mark, after = _(" − {n} for {player}'s Barracks/Stockade").format(
            n=cur.conquest_discount, player="\0").partition("\0")
        out.append(before)
        out.append_text(seat_short(seats[cur.seat]))
        out.append(after)
    out.append(_("; a bid there cannot be beaten."))
    return out


def board_legend_line() -> Text:
    """The short forms of the board, explained (the lines under the board), and the key that
    hides them."""
    return Text(f"{offer_legend()}\n{tracks_legend()}\n{other_legend()} · "
                + _("? hides this legend (and shows it again)"), style="dim")


def offer_cards(view: View) -> list[str]:
    """The cards on offer in the order offer_table numbers them."""
    return list(view.market) + list(view.conquest)


def tracks_table(cards: CardSet, view: View, seats: Sequence[Seat],
                 changed: Changes | None = None) -> LineGrid:
    """The catastrophe tracks side by side: markers, spaces left, who is protected; a track
    whose marker moved since the current player's last turn is marked (✱)."""
    columns: list[tuple[str | Text, JustifyMethod]] = [(_("Catastrophe"), "left")]
    moved = changed.tracks if changed is not None else frozenset()
    for tr in view.tracks:
        head = cat_mark(tr.catastrophe).append(" ")
        head.append(catastrophe_name(cards, tr.catastrophe),
                    style="bold red" if tr.struck else "bold")
        if tr.catastrophe in moved:
            head.append(CHANGED, style=CHANGED_STYLE)
        columns.append((head, "left"))
    marks: list[Text | str] = [Text(_("Marker"))]
    prots: list[Text | str] = [Text(_("Protected"))]
    for tr in view.tracks:
        if tr.struck:
            marks.append(Text(_("STRUCK"), style="bold red"))
        else:
            left = max(0, tr.steps - tr.advances)
            m = Text("●" * tr.advances + "○" * left)
            m.append("⚡", style="red")
            marks.append(m)
        prot = Text()
        for p in view.players:
            why = dict(p.protection).get(tr.catastrophe)
            if why:
                if prot:
                    prot.append(" ")
                st = seats[p.seat]
                prot.append(st.tag, style=f"bold {st.rich_colour}")
        prots.append(prot or Text("-", style="dim"))
    return LineGrid(tuple(columns), (tuple(marks), tuple(prots)), styles=("bold",))


def tracks_strip(cards: CardSet, view: View, seats: Sequence[Seat],
                 changed: Changes | None = None) -> Fitting:
    """The catastrophe tracks on one line (the board at 80 columns): each track's symbol, its
    marker (as in :func:`tracks_table`) and the players it cannot hit; with the tracks' names
    where the width allows, else their symbols only (the cards show the same symbols)."""
    moved = changed.tracks if changed is not None else frozenset()

    def strip(names: bool, struck_word: str, sep: str = " · ") -> Text:
        out = Text()
        for tr in view.tracks:
            if out:
                out.append(sep, style="dim")
            out.append_text(cat_mark(tr.catastrophe))
            if names:
                out.append(" " + catastrophe_name(cards, tr.catastrophe),
                           style="bold red" if tr.struck else "bold")
            if tr.catastrophe in moved:
                out.append(CHANGED, style=CHANGED_STYLE)
            out.append(" ")
            if tr.struck:
                out.append(struck_word, style="bold red")
            else:
                out.append("●" * tr.advances + "○" * max(0, tr.steps - tr.advances))
                out.append("⚡", style="red")
            for p in view.players:
                if dict(p.protection).get(tr.catastrophe):
                    st = seats[p.seat]
                    out.append(" ").append(PROTECTS + st.tag, style=f"bold {st.rich_colour}")
        return out

    return Fitting((strip(True, _("STRUCK")), strip(True, _("STRUCK"), "  "),
                    strip(True, "✗", "  "), strip(False, _("STRUCK")), strip(False, "✗")))


def tracks_legend() -> str:
    return _("Marker: ● spaces moved, ○ spaces left, ⚡ it strikes there, {struck} or ✗ it has "
             "struck · Protected (♜): the players it cannot hit").format(struck=_("STRUCK"))


def other_legend() -> str:
    return _("◆ ♜ a special function or protection, listed under the cards · {changed} · "
             "▩ covered, ◌ under construction · ◀ the player to move · pop population, "
             "lux luxury goods held/allowed (pow, ⚒ as on the cards)").format(
                 changed=changed_legend())


def protection_notes(cards: CardSet, p: PlayerView) -> Text:
    """``Protected from Plague (Lion Gate), …`` for one player (empty when none)."""
    t = Text()
    for cat, why in p.protection:
        if why:
            t.append(", " if t else _("Protected from "), style="dim")
            t.append(catastrophe_name(cards, cat), style="bold")
            t.append(f" ({protector_text(cards, cat, why)})", style="dim")
    return t


def phase_name(phase: str) -> str:
    """A phase of the round, as the status line names it."""
    names = {"setup": _("Setup"), "reveal": _("Reveal"), "catastrophe": _("Catastrophe"),
             "supply": _("Supply"), "bidding": _("Bidding"), "turn_order": _("Turn order"),
             "gain": _("Gaining cards"), "income": _("Income"),
             "restoration": _("Restoration"), "scoring": _("Scoring"), "over": _("Game over")}
    return names.get(phase, phase.replace("_", " ").capitalize())


SEP = " │ "


def status_line(cards: CardSet, view: View, seats: Sequence[Seat]) -> Fitting:
    """One line: round │ phase │ power piles │ coin piles │ turn order; where that is wider
    than the screen, with narrower separators (a wrapped status line lost the turn order to a
    second row at 80 columns); narrower still without the words before the piles and the turn
    order (a long phase name in German with five players)."""
    return Fitting(tuple(status_text(cards, view, seats, sep, words)
                         for sep, words in ((SEP, True), ("│", True), ("│", False))))


def status_text(cards: CardSet, view: View, seats: Sequence[Seat], sep: str,
                words: bool = True) -> Text:
    """The status line with ``sep`` between its parts; without ``words``, the power piles
    and the turn order stand without their labels."""
    piles = " ".join(f"{k}{n}" for k, n in view.piles_left)
    out = Text()
    out.append(_("Round {round}/{rounds}").format(round=max(view.round, 1),
                                                 rounds=rule_numbers(cards).rounds), style="bold")
    out.append(sep, style="dim")
    out.append(phase_name(view.phase), style="bold")
    out.append(sep, style="dim")
    out.append(_("Pile {piles}").format(piles=piles) if words else piles)
    out.append(sep, style="dim")
    out.append(_("Coins {n}, discard {discard}").format(n=view.coin_pile_size,
                                                         discard=len(view.discard)))
    out.append(sep, style="dim")
    if words:
        out.append(_("Order "))
    for i, s in enumerate(view.order):
        if i:
            out.append("›", style="dim")
        out.append(seats[s].tag, style=f"bold {seats[s].rich_colour}")
    return out


@dataclass(frozen=True)
class Fitting:
    """The first of some one-line texts that fits the width it is drawn at (else the last,
    wrapped)."""

    texts: tuple[Text, ...]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        yield next((text for text in self.texts if text.cell_len <= width), self.texts[-1])


def player_brief(view: View, seat: int, seats: Sequence[Seat]) -> Text:
    """One short line of a player's key numbers (public): ``R● Helena pop 3 · pow 2 · ⚒1W ·
    …`` (the short forms of the cards and the players' table)."""
    p = view.players[seat]
    out = Text()
    out.append_text(seat_tag(seats[seat]))
    made = prod_short(*p.production)
    for n, (label, value) in enumerate(((_("pop") + " ", str(p.inhabitants)),
                                        (_("pow") + " ", str(p.power)),
                                        (PRODUCES, made.removeprefix(PRODUCES)),
                                        (_("lux") + " ", f"{p.luxury}/{p.luxury_cap}"),
                                        (_("hand") + " ", str(p.hand_size)))):
        out.append(" · " if n else "  ", style="dim")
        out.append(label)
        out.append(value, style="bold")
    return out


@dataclass(frozen=True)
class LineGrid:
    """A table of one-line cells, drawn as Rich draws ``Table(box=None, padding=(0, 1),
    show_edge=False)`` with a bold header, at a fraction of the cost (Rich measures and wraps
    every cell): each column as wide as its widest cell, a space either side of every cell.
    ``styles`` gives the columns' own styles, under their cells below the header (Rich's
    column ``style``).  When the lines would not fit the width, it is drawn by Rich's ``Table``
    (which wraps)."""

    columns: tuple[tuple[str | Text, JustifyMethod], ...]
    rows: tuple[tuple[Text | str, ...], ...]
    styles: tuple[str, ...] = ()

    def table(self) -> Table:
        t = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
        for i, (col, just) in enumerate(self.columns):
            t.add_column(col, justify=just, style=self.style(i))
        for row in self.rows:
            t.add_row(*row)
        return t

    def style(self, column: int) -> str:
        return self.styles[column] if column < len(self.styles) else ""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        header = tuple(_under("bold", col) for col, _just in self.columns)
        cells = [header, *(tuple(_under(self.style(i), c) for i, c in enumerate(row))
                           for row in self.rows)]
        widths = [max(c[i].cell_len for c in cells) for i in range(len(self.columns))]
        if sum(widths) + 2 * len(widths) > options.max_width:
            yield self.table()
            return
        for n, row in enumerate(cells):
            line = Text()
            for i, (cell, width, (_col, just)) in enumerate(zip(row, widths, self.columns,
                                                                 strict=True)):
                pad = "bold" if n == 0 else self.style(i)
                fill = Text(" " * (width - cell.cell_len), style=cell.style)
                line.append(" ", style=pad)
                line.append_text(cell if just == "left" else fill)
                line.append_text(fill if just == "left" else cell)
                line.append(" ", style=pad)
            yield line


Align = Callable[[list[list[Segment]], int, int, Style], list[list[Segment]]]


def equal_shares(total: int, parts: int, least: int) -> list[int]:
    """``total`` cells shared out between ``parts`` columns of equal ratio as Rich's ``Table``
    shares them: from the left, each column takes its share of what is left, rounded up, and
    at least ``least`` cells (so the shares may add up to more than ``total``)."""
    shares: list[int] = []
    left = total
    for taken in range(parts):
        share = max(least, -(-left // (parts - taken)))
        shares.append(share)
        left -= share
    return shares


@dataclass(frozen=True)
class TextColumns:
    """Texts side by side under bold headings, each column an equal share of the width, drawn
    as Rich draws ``Table(box=None, padding=(0, 1), show_edge=False, header_style="bold",
    expand=True)`` with a column of ``ratio=1`` for each and the texts as its one row (a test
    compares the two), without the table's measuring every cell first (its widths do not
    depend on them).  Narrower than three cells a column, it is drawn by Rich's ``Table``."""

    headings: tuple[str, ...]
    cells: tuple[Text, ...]

    def table(self) -> Table:
        t = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold", expand=True)
        for heading in self.headings:
            t.add_column(heading, ratio=1)
        t.add_row(*self.cells)
        return t

    def _lines(self, console: Console, options: ConsoleOptions) -> list[list[Segment]] | None:
        """The lines, or None when the columns are too narrow (for Rich's ``Table``)."""
        n = len(self.headings)
        width = options.max_width
        widths = equal_shares(width, n, 3)  # (a padded cell at least)
        if sum(widths) != width:
            return None
        options = options.update(width=width, highlight=False, height=None)
        bold = console.get_style("bold")
        rows: tuple[tuple[tuple[str | Text, ...], Style, Align], ...] = (
            (self.headings, bold, Segment.align_bottom),  # (Rich aligns headings at the bottom)
            (self.cells, Style.null(), Segment.align_top))
        out: list[list[Segment]] = []
        for row, style, align in rows:
            cells = [console.render_lines(
                Padding(cell, (0, 1)),
                options.update(width=w, justify="left", no_wrap=False, overflow="ellipsis",
                               height=None, highlight=False),
                style=style)
                for cell, w in zip(row, widths, strict=True)]
            height = max(len(lines) for lines in cells)
            shaped = [Segment.set_shape(align(lines, w, height, style), w, height)
                      for lines, w in zip(cells, widths, strict=True)]
            out.extend([segment for lines in shaped for segment in lines[line]]
                       for line in range(height))
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = self._lines(console, options)
        if lines is None:
            yield self.table()
            return
        for line in lines:
            yield from line
            yield Segment.line()

    def draw_lines(self, console: Console, options: ConsoleOptions, restyle: Restyle
                   ) -> list[list[Segment]] | None:
        """The lines in a board part's style (``DrawsLines``), or None for Rich to draw."""
        lines = self._lines(console, options)
        return None if lines is None else [list(restyle(line)) for line in lines]


def _under(style: str, cell: Text | str) -> Text:
    """A cell of a :class:`LineGrid` drawn over its column's ``style``."""
    if isinstance(cell, str):
        return Text(cell, style=style)
    if not style:
        return cell
    out = Text(style=style)
    out.append_text(cell)
    return out


def players_table(cards: CardSet, view: View, seats: Sequence[Seat], current: int | None
                  ) -> LineGrid:
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        (_("Player"), "left"), (_("Pop"), "right"), (_("Pow"), "right"), (PRODUCES, "left"),
        (_("Lux"), "right"), (_("Hand"), "right"), (_("Bid"), "left"))
    rows: list[tuple[Text | str, ...]] = []
    standing = view_standing_bids(view)
    for seat in view.order:
        p = view.players[seat]
        st = seats[seat]
        who = seat_tag(st)
        if seat == current:
            who.append(" ◀", style="bold")
        if not st.human:
            who.append(f" ({kind_name(st.kind)})", style="dim")
        bid = Text("-", style="dim")
        if p.bid_card:
            info = cards.power_by_id.get(p.bid_card)
            bid = Text(_("{n} on {card}").format(
                n=p.bid_count, card=name(info.name) if info else p.bid_card))
            held = standing.get(p.bid_card)
            if held is not None and held[0] != seat:
                bid.stylize("dim strike")
                bid.append(" " + _("outbid"), style="bold yellow")
        rows.append((who, str(p.inhabitants), str(p.power), prod_text(*p.production),
                     f"{p.luxury}/{p.luxury_cap}", str(p.hand_size), bid))
    return LineGrid(columns, tuple(rows))


def players_strip(cards: CardSet, view: View, seats: Sequence[Seat], current: int | None
                  ) -> FittingLines:
    """Every player on one line each, in turn order (the board at 80 columns): population,
    power, production, luxury goods, hand and bid, each with its short label, in aligned
    columns; the production left out, then the card's name in the bid cut short, where the
    width does not allow them."""
    standing = view_standing_bids(view)

    def bid_cell(p: PlayerView, seat: int, card_width: int) -> Text:
        if not p.bid_card:
            return Text(_("bid") + " -", style="dim")
        info = cards.power_by_id.get(p.bid_card)
        card = name(info.name) if info else p.bid_card
        if len(card) > card_width:
            card = card[:max(1, card_width - 1)] + "…"
        out = Text(_("bid") + " ")
        out.append(_("{n} on {card}").format(n=p.bid_count, card=card), style="bold")
        held = standing.get(p.bid_card)
        if held is not None and held[0] != seat:
            out.stylize("dim strike")
            out.append(" " + _("outbid"), style="bold yellow")
        return out

    def rows(prod: bool, card_width: int) -> tuple[Text, ...]:
        # each row's cells: the player, then (label, value, value right-aligned) for each
        # number, then the bid
        table: list[tuple[Text, list[tuple[str, Text, bool]], Text]] = []
        for seat in view.order:
            p = view.players[seat]
            who = seat_tag(seats[seat])
            if seat == current:
                who.append(" ◀", style="bold")
            numbers = [(_("pop"), Text(str(p.inhabitants), style="bold"), True),
                       (_("pow"), Text(str(p.power), style="bold"), True)]
            if prod:  # (the cards' short form: ⚒1W2G)
                made = prod_short(*p.production).removeprefix(PRODUCES)
                numbers.append((PRODUCES, Text(made, style="bold"), False))
            numbers += [(_("lux"), Text(f"{p.luxury}/{p.luxury_cap}", style="bold"), True),
                        (_("hand"), Text(str(p.hand_size), style="bold"), True)]
            table.append((who, numbers, bid_cell(p, seat, card_width)))
        who_width = max(row[0].cell_len for row in table)
        value_widths = [max(row[1][i][1].cell_len for row in table)
                        for i in range(len(table[0][1]))]
        lines = []
        for who, numbers, bid in table:
            line = Text()
            line.append_text(who)
            line.append(" " * (who_width - who.cell_len))
            for (label, value, right), width in zip(numbers, value_widths, strict=True):
                fill = " " * (width - value.cell_len)
                glued = label == PRODUCES  # ⚒1W, as on the cards
                line.append("  " + label + ("" if glued else " ") + (fill if right else ""))
                line.append_text(value)
                if not right:
                    line.append(fill)
            line.append("  ")
            line.append_text(bid)
            lines.append(line)
        return tuple(lines)

    return FittingLines(tuple(rows(prod, w) for prod, w in
                              ((True, 24), (False, 24), (False, 10), (False, 4))))


@dataclass(frozen=True)
class FittingLines:
    """The first of some sets of one-line texts whose lines all fit the width they are drawn
    at (else the last, each line cut short)."""

    variants: tuple[tuple[Text, ...], ...]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        lines = next((v for v in self.variants if all(x.cell_len <= width for x in v)),
                     self.variants[-1])
        for line in lines:
            if line.cell_len > width:
                line = line.copy()
                line.truncate(width, overflow="ellipsis")
            yield line


def card_words(cards: CardSet, inhabitants: int, power: int, wood: int, stone: int, grain: int,
               symbols: Sequence[CatastropheId]) -> list[str]:
    """A card's figures, short enough for a tableau column, in the short forms of the cards on
    offer (the board's legend explains them): ``3 inh``, ``2pow``, its production ``⚒1W1G``,
    the catastrophe symbols it shows."""
    out = [inhabitants_short(inhabitants) if inhabitants else "",
           power_short(power) if power else "",
           prod_short(wood, stone, grain) if wood or stone or grain else "",
           " ".join(catastrophe_name(cards, s) for s in symbols)]
    return [x for x in out if x]


def _placed_line(cards: CardSet, pv: PlacedView, highlight: frozenset[str] = frozenset(),
                 changed: frozenset[str] = frozenset()) -> Text:
    """One card of a tableau; a covered card struck through after ▩, a card under construction
    in italics after ◌, a card covered since the current player's last turn marked ✱."""
    c = cards.power_by_id[pv.card]
    t = Text()
    if pv.card in changed:
        t.append(CHANGED, style=CHANGED_STYLE)
    name_style = "bold"
    if pv.covered:
        t.append("▩ ", style="bold red")
        name_style = "dim strike"
    elif pv.under_construction:
        t.append("◌ ", style="bold yellow")
        name_style = "italic"
    t.append(name(c.name), style=HIGHLIGHT if pv.card in highlight else name_style)
    bits = card_words(cards, c.inhabitants, c.power, c.production.wood, c.production.stone,
                      c.production.grain, [c.catastrophe] if c.catastrophe else [])
    sp = special_text(c, cards)
    if sp:
        bits.append(sp)
    t.append(" " + ", ".join(bits), style="dim")
    if pv.under_construction:
        t.append(" [" + _("under construction") + "]", style="bold yellow")
    if pv.covered:
        cause = (name(cards.catastrophe_by_id[pv.cover_cause].name) if pv.cover_cause
                 else "?")
        t.append(" [" + _("covered: {cause}").format(cause=cause) + "]", style="bold red")
    return t


def tableau(cards: CardSet, view: View, seat: int, seats: Sequence[Seat],
            show_hand: bool, highlight: frozenset[str] = frozenset(),
            changed: frozenset[str] = frozenset()) -> RenderableType:
    """Buildings (left) | civilization | landscapes (right), luxury card, totals, maybe hand."""
    p: PlayerView = view.players[seat]
    st = seats[seat]
    civ = cards.civ_by_id[p.civ]
    head = seat_tag(st)
    head.append("  " + _("population {pop}  power {power}  production {prod}  luxury {lux}  "
                         "hand {hand}").format(pop=p.inhabitants, power=p.power,
                                              prod=prod_text(*p.production),
                                              lux=f"{p.luxury}/{p.luxury_cap}",
                                              hand=p.hand_size))
    civ_text = Text(f"{name(civ.name)} #{civ.number}", style="bold")
    civ_text.append(" ")  # unstyled, so no picture of the screen loses it between the styles
    civ_text.append(" ".join(catastrophe_name(cards, c) for c in civ.catastrophes), style="dim")
    civ_text.append("\n" + ", ".join(card_words(
        cards, civ.inhabitants, civ.power, civ.production.wood, civ.production.stone,
        civ.production.grain, [])), style="dim")
    if p.civ_state != "active":
        civ_text.append(f"\n[{card_state(p.civ_state)}]", style="bold red")
    lux = Text("\n" + _("Luxury card"), style="bold")
    lux.append(" ")
    lux.append(", ".join(card_words(cards, cards.luxury.inhabitants, cards.luxury.power,
                                    0, 0, 0, [])), style="dim")
    if p.luxury_state != "active":
        lux.append(f" [{card_state(p.luxury_state)}]", style="bold red")
    lux.append("\n" + _("luxury goods {held}/{cap}").format(held=p.luxury, cap=p.luxury_cap))
    civ_text.append_text(lux)
    left = Text("\n").join(_placed_line(cards, b, highlight, changed)
                            for b in reversed(p.buildings)) \
        if p.buildings else Text("-", style="dim")
    right = Text("\n").join(_placed_line(cards, x, highlight, changed)
                             for x in p.landscapes) \
        if p.landscapes else Text("-", style="dim")
    columns = TextColumns((_("Buildings"), _("Civilization"), _("Landscapes")),
                          (left, civ_text, right))
    parts: list[RenderableType] = [head]
    if show_hand:  # under the numbers, in view however long the tableau grows
        hand = Text(_("Hand: "), style="bold")
        hand.append_text(hand_summary(cards, view.hand))
        parts.append(hand)
    parts.append(columns)
    notes = protection_notes(cards, p)
    if notes:
        parts.append(notes)
    return Group(*parts)


def is_civ(card: str) -> bool:
    return card == CIV


def card_state(state: str) -> str:
    """A civilization or luxury card's state when it is not active (covered, removed)."""
    return {"covered": _("covered"), "removed": _("removed")}.get(state, state)


def card_name(cards: CardSet, civ: str, card: str) -> str:
    """A card of a player's tableau by its id, for a list: a power card's name, ``Civilization
    card Athens``, ``Luxury card``.

    ``civ`` is the civilization of the player whose ``civ`` card is meant.
    """
    if card == CIV:
        found = cards.civ_by_id.get(civ)
        return _("Civilization card {name}").format(name=name(found.name) if found else "?")
    if card == LUXURY:
        return _("Luxury card")
    info = cards.power_by_id.get(card)
    return name(info.name) if info is not None else card


def income_table(cards: CardSet) -> Table:
    """The income table from the card data: coin cards (and luxury goods) by inhabitants."""
    t = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    t.add_column(_("Inhabitants"))
    t.add_column(_("Coin cards"), justify="right")
    t.add_column(_("Luxury goods"), justify="right")
    rows = cards.income
    for i, row in enumerate(rows):
        upper = rows[i + 1].inhabitants - 1 if i + 1 < len(rows) else None
        span = (_("{n} or more").format(n=row.inhabitants) if upper is None
                else str(row.inhabitants)
                if upper == row.inhabitants else f"{row.inhabitants}–{upper}")
        t.add_row(span, str(row.coins), str(row.luxury) if row.luxury else "-")
    return t


def catastrophe_effects(cards: CardSet) -> Table:
    """What each catastrophe does when it strikes and what protects from it (card data and the
    engine's rule numbers)."""
    n = rule_numbers(cards)
    share = share_in_words(n.row_share)
    effect = {
        "plague": _("your civilization card is hit"),
        "earthquake": _("{share} (rounded up) of your buildings are hit").format(share=share),
        "tempest": _("{share} (rounded up) of your landscapes are hit").format(share=share),
        "drought": _("your power card with the most grain is hit"),
        "decline": _("you lose all luxury goods and the luxury card is hit (you may then hold "
                     "only {n})").format(n=n.declined_luxury_cap),
    }
    t = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    t.add_column(_("Catastrophe"), style="bold", no_wrap=True)
    t.add_column(_("Spaces"), justify="right")
    t.add_column(_("When it strikes"))
    t.add_column(_("Protected by"))
    for cat in cards.catastrophes:
        guards = [name(c.name) for c in cards.power_cards if c.protection == cat.id]
        t.add_row(name(cat.name), str(cat.steps), effect.get(cat.id, ""),
                  ", ".join([*guards, _("{n} of its symbols").format(
                      n=in_words(n.symbols_for_protection))]))
    return t


def board_legend(cards: CardSet) -> Group:
    """The help's reference: every short form on the board, the income table, the catastrophes."""
    return Group(Text(_("The board's short forms"), style="bold"), Text(offer_legend()),
                 Text(tracks_legend()), Text(other_legend()),
                 Text(""), Text(_("Income each round, by the inhabitants on your cards"),
                                style="bold"), income_table(cards),
                 Text(""), Text(_("Catastrophes: each card hit is covered with a coin card or "
                                  "removed"), style="bold"), catastrophe_effects(cards))
