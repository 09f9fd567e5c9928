"""The board as every screen shows it: the cards on offer, the catastrophe tracks, the players and
their tableaux, one widget composed by the board, the demonstration, the lesson and the replay
viewer.

Each part is a :class:`~peloponnes_tui.tui.widgets.drawn.Drawn`, drawn once per width, and
:meth:`TableView.show` draws a part again only when what it is drawn from changed (a key of its
inputs, as last drawn): an answer, a step of the demonstration or of the replay changes a few
parts of the board, most often one tableau or none.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical

from peloponnes_tui.i18n import _
from peloponnes_tui.tui.render import (
    card_tooltip,
    conquest_rule,
    offer_cards,
    offer_legend,
    offer_table,
    players_strip,
    players_table,
    specials_line,
    tableau,
    tracks_legend,
    tracks_strip,
    tracks_table,
)
from peloponnes_tui.tui.summary import Changes
from peloponnes_tui.tui.widgets.board_scroll import CardsView
from peloponnes_tui.tui.widgets.drawn import Drawn
from peloponnes_tui.tui.widgets.placed import PlacedByLayout

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from peloponnes_tui.cards import CardSet
    from peloponnes_tui.engine import View
    from peloponnes_tui.tui.session import Seat


@dataclass(frozen=True)
class Tableau:
    """One player's tableau on the board: ``seat``'s, as ``view`` shows it (with that view's
    hand when ``hand``)."""

    seat: int
    view: View
    hand: bool = False


@dataclass(frozen=True)
class Board:
    """What the board shows and how.

    ``view`` is the position (public parts only are read, but the tableaux' hands);
    ``current`` the player to move (◀ in the players table; the bids on offer are theirs);
    ``numbered`` the cards on offer numbered for the digit keys; ``highlight`` cards drawn
    highlighted (the demonstration's and the replay's event); ``click`` an action a click on a
    card on offer runs with the card's id, ``chosen`` the card chosen in the decision panel
    (a double frame); ``changed`` what is marked ✱ as changed since the current player's last
    turn; ``tableaux`` the tableaux below the players table, each its own part, or side by side
    ``across`` in one part when ``across`` is given; ``compact`` the tracks and the players on
    one line each (the board at 80 columns), the special functions and the conquest rule
    below them."""

    cards: CardSet
    view: View
    seats: Sequence[Seat]
    current: int | None = None
    numbered: bool = True
    highlight: frozenset[str] = frozenset()
    click: str | None = None
    chosen: str | None = None
    changed: Changes = field(default_factory=Changes)
    tableaux: tuple[Tableau, ...] = ()
    across: int = 0
    compact: bool = False


def offer_tooltip() -> str:
    """The tooltip of cards on offer that a click chooses: the legend of their short forms."""
    return _("{legend}. Click a card to choose it in the decision panel.").format(
        legend=offer_legend())


def public(view: View) -> View:
    """What every seat sees alike of ``view`` (no hand, no log): the key of a part drawn from
    public information."""
    return replace(view, seat=0, hand=(), log=())


def tableau_key(board: Board, shown: Tableau) -> tuple[object, ...]:
    """All that a tableau's drawing reads."""
    p = shown.view.players[shown.seat]
    own = frozenset(x.card for x in (*p.buildings, *p.landscapes))
    return (shown.seat, p, shown.view.hand if shown.hand else None, board.highlight & own,
            board.changed.covered & own, board.seats[shown.seat])


def draw_tableau(board: Board, shown: Tableau) -> RenderableType:
    return tableau(board.cards, shown.view, shown.seat, board.seats, shown.hand,
                   board.highlight, board.changed.covered)


def tableaux_grid(board: Board) -> Table:
    """The tableaux ``across`` side by side, in the order given."""
    across = max(1, board.across)
    grid = Table.grid(expand=True, padding=(0, 2))
    for _column in range(across):
        grid.add_column(ratio=1)
    shown = board.tableaux
    for row in range(0, len(shown), across):
        cells = [draw_tableau(board, t) for t in shown[row:row + across]]
        grid.add_row(*cells, *[""] * (across - len(cells)))
    return grid


def notes(board: Board) -> list[Text]:
    """The special functions of the cards on offer and the conquest rule."""
    cards, view = board.cards, board.view
    return [x for x in (specials_line(cards, view),
                        conquest_rule(cards, view, board.seats, board.current)) if x]


def offer(board: Board) -> Group:
    """The cards on offer, and under them (unless ``compact``: under the players) the
    special functions and the conquest rule."""
    cards, view, seats, current = board.cards, board.view, board.seats, board.current
    return Group(offer_table(cards, view, seats, current, numbered=board.numbered,
                             highlight=board.highlight, click=board.click,
                             chosen=board.chosen, changed=board.changed),
                 *(() if board.compact else notes(board)))


def compact_notes(board: Board) -> Text:
    return Text("\n").join(notes(board))


class TableView(Vertical, PlacedByLayout):
    """The board: ``#offer`` (the cards on offer, a tooltip for each card), ``#tracks``,
    ``#players``, and the tableaux: ``stacked`` parts ``#tableau0``… of one tableau each, or
    ``#alltableaux`` with them side by side (:attr:`Board.across`).  With the class ``spaced``
    a blank line stands between the parts."""

    DEFAULT_CSS = """
    TableView { height: auto; }
    TableView #offer { link-style: none; link-color: $text; link-background: transparent; }
    TableView #alltableaux, TableView #notes { display: none; }
    TableView.spaced > #tracks, TableView.spaced > #players, TableView.spaced > .tableau {
        margin-top: 1; }
    """

    def __init__(self, stacked: int = 0, legend: Callable[[], str] = offer_legend,
                 id: str | None = None, classes: str | None = None) -> None:
        """``stacked``: the most tableaux shown one below the other; ``legend``: the tooltip
        of the cards on offer away from a card (in the language of the moment)."""
        super().__init__(id=id, classes=classes)
        self.stacked = stacked
        self.legend = legend
        self._drawn: dict[str, tuple[object, ...]] = {}  # what each part was drawn from

    def compose(self) -> ComposeResult:
        yield CardsView(self.legend(), id="offer")
        yield Drawn(id="tracks").with_tooltip(tracks_legend())
        yield Drawn(id="players")
        yield Drawn(id="notes")
        yield Drawn(id="alltableaux")
        for slot in range(self.stacked):
            yield Drawn(id=f"tableau{slot}", classes="tableau")

    def part(self, ident: str, key: tuple[object, ...], draw: Callable[..., RenderableType],
             *args: Any) -> None:
        """Show ``draw(*args)`` in the part ``ident``, unless it was drawn from ``key``
        already."""
        if self._drawn.get(ident) == key:
            return
        self._drawn[ident] = key
        self.query_one(f"#{ident}", Drawn).show(draw(*args))

    def show(self, board: Board) -> None:
        """Draw what changed of ``board``."""
        self.show_offer(board)
        view, seats = board.view, board.seats
        compact = board.compact
        self.part("tracks", (view.tracks, tuple((p.seat, p.protection) for p in view.players),
                             tuple(seats), board.changed.tracks, compact),
                  tracks_strip if compact else tracks_table, board.cards, view, seats,
                  board.changed)
        self.part("players", (public(view), tuple(seats), board.current, compact),
                  players_strip if compact else players_table, board.cards, view, seats,
                  board.current)
        below = self.query_one("#notes", Drawn)
        below.display = compact
        if compact:
            self.part("notes", (public(view), tuple(seats), board.current), compact_notes,
                      board)
        grid = self.query_one("#alltableaux", Drawn)
        grid.display = board.across > 0
        if board.across > 0:
            self.part("alltableaux", (tuple(tableau_key(board, t) for t in board.tableaux),
                                      board.across), tableaux_grid, board)
        for slot in range(self.stacked):
            widget = self.query_one(f"#tableau{slot}", Drawn)
            shown = board.tableaux[slot] \
                if board.across <= 0 and slot < len(board.tableaux) else None
            widget.display = shown is not None
            if shown is not None:
                self.part(f"tableau{slot}", tableau_key(board, shown), draw_tableau, board,
                          shown)

    def show_offer(self, board: Board) -> None:
        """Draw the cards on offer, if they changed (a digit key moves the chosen card only)."""
        view = board.view
        on_offer = offer_cards(view)
        cards_view = self.query_one("#offer", CardsView)
        if set(cards_view.tips) != set(on_offer):
            cards_view.tips = {cid: card_tooltip(board.cards, cid) for cid in on_offer}
        self.part("offer", (public(view), tuple(board.seats), board.current, board.numbered,
                            board.highlight, board.click, board.chosen, board.changed,
                            board.compact),
                  offer, board)

    def rows_to_players(self, width: int, offer: bool = True) -> int:
        """The rows the cards on offer (unless not ``offer``), the tracks and the players
        take at ``width`` cells (their drawings are kept for that width: the next screen
        update draws them from these)."""
        parts = ("offer", "tracks", "players") if offer else ("tracks", "players")
        return sum(len(part.drawing().lines(part, width)) for part in
                   (self.query_one(f"#{ident}", Drawn) for ident in parts))

    def forget(self) -> None:
        """Draw every part again at the next :meth:`show` (the colours or the language
        changed)."""
        self._drawn.clear()

    def relabel(self) -> None:
        """The language changed: the tooltips in the new one, every part drawn again."""
        cards_view = self.query_one("#offer", CardsView)
        cards_view.legend = cards_view.tooltip = self.legend()
        cards_view.tips = {}  # the cards' own tooltips are made again at the next drawing
        self.query_one("#tracks", Drawn).tooltip = tracks_legend()
        self.forget()


__all__ = ["Board", "TableView", "Tableau", "offer_tooltip", "public", "tableaux_grid"]
