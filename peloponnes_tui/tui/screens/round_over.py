"""The end of a round as a moment of its own: before anyone moves on, the table reads how the
round ended (the last moves, what each player gained, the income), where everyone stands, and
what the next round has turned up."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Button, Static

from peloponnes_tui.cards import ROUNDS
from peloponnes_tui.i18n import N_, _
from peloponnes_tui.tui.screens.handoff import summary_text
from peloponnes_tui.tui.widgets.board_scroll import PlacedVertical, ReadingScroll
from peloponnes_tui.tui.widgets.drawn import Drawn

if TYPE_CHECKING:
    from collections.abc import Sequence

    from peloponnes_tui.engine.view import PlayerView
    from peloponnes_tui.tui.session import Seat
    from peloponnes_tui.tui.summary import Line


def standing(players: Sequence[PlayerView], seats: Sequence[Seat]) -> Table:
    """Each player's public numbers as the round ends: inhabitants, power, luxury goods and the
    coin cards in hand (the engine's, as every player's view shows them)."""
    table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0), show_edge=False)
    table.add_column(_("Player"))
    for head in (_("Inhabitants"), _("Power"), _("Luxury goods"), _("Coin cards")):
        table.add_column(head, justify="right")
    for p in players:
        seat = seats[p.seat]
        table.add_row(Text(f"{seat.tag} {seat.name}", style=f"bold {seat.rich_colour}"),
                      str(p.inhabitants), str(p.power), str(p.luxury), str(p.hand_size))
    return table


class RoundOverScreen(Screen[bool]):
    """Shows the end of round ``rnd`` until someone at the table moves on (Enter).

    The app keeps one of these (installed) and gives it each round's end (:meth:`show`): a
    screen made anew is laid out three times when it comes up (mounted, shown, sized), the one
    kept once, so the answer that ends a round stays quick."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "go_on", N_("Go on"), priority=True),
        Binding("ctrl+z", "app.undo", N_("Undo the last player's choice")),
        # the end of a round is a good moment to stop: the game can be saved here too
        Binding("ctrl+s", "app.save_game", N_("Save"), show=False),
    ]
    CSS_PATH = "round_over.tcss"

    def __init__(self, rnd: int, ended: Sequence[Line], begun: Sequence[Line],
                 players: Sequence[PlayerView], seats: Sequence[Seat]) -> None:
        super().__init__()
        self.rnd = rnd
        self.ended = list(ended)
        self.begun = list(begun)
        self.players = list(players)
        self.seats = list(seats)

    @property
    def last(self) -> bool:
        return self.rnd >= ROUNDS

    def show(self, rnd: int, ended: Sequence[Line], begun: Sequence[Line],
             players: Sequence[PlayerView], seats: Sequence[Seat]) -> None:
        """The end of round ``rnd`` on this screen (before it is shown again)."""
        self.rnd, self.ended, self.begun = rnd, list(ended), list(begun)
        self.players, self.seats = list(players), list(seats)
        if not self.is_mounted:
            return  # compose draws it
        self.query_one("#title", Static).update(self.title_text())
        for part, content in self.parts().items():
            widget = self.query_one(f"#{part}", Drawn)
            widget.display = content is not None
            if content is not None:
                widget.show(content)
        self.query_one("#go_on", Button).label = self.button_text()
        self.query_one("#story", ReadingScroll).scroll_home(animate=False)

    def title_text(self) -> Text:
        title = _("The last round is over") if self.last else \
            _("Round {n} of {rounds} is over").format(n=self.rnd, rounds=ROUNDS)
        return Text(title, justify="center", style="bold")

    def button_text(self) -> Text:
        return Text(_("See the scores (Enter)") if self.last else
                    _("On to round {n} (Enter)").format(n=self.rnd + 1))

    def parts(self) -> dict[str, Text | Table | None]:
        """What each part of the story shows (None: the part is hidden)."""
        return {
            "ended": summary_text(self.ended, self.seats) if self.ended else None,
            "standhead": Text(_("Where everyone stands")),
            "standing": standing(self.players, self.seats),
            "beginhead": Text(_("Round {n} begins").format(n=self.rnd + 1))
            if self.begun else None,
            "begun": summary_text(self.begun, self.seats) if self.begun else None,
        }

    def compose(self) -> ComposeResult:
        with PlacedVertical(id="box"):
            yield Static(self.title_text(), id="title")
            # the story's parts are drawn once for their width (``Drawn``)
            with ReadingScroll(id="story"):
                for part, content in self.parts().items():
                    widget = Drawn(content or "", id=part,
                                   classes="head" if part.endswith("head") else None)
                    widget.display = content is not None
                    yield widget
            yield Button(self.button_text(), id="go_on", variant="primary")

    def on_mount(self) -> None:
        self.fit(self.size.height)

    def on_resize(self, event: Resize) -> None:
        self.fit(event.size.height)

    def fit(self, height: int) -> None:
        """The story takes the rows the title and the button leave; it starts at the round's
        end and scrolls with ↑/↓ and PgUp/PgDn."""
        self.query_one("#story").styles.max_height = max(3, height - 8)

    def restyle(self) -> None:
        self.refresh(recompose=True)

    def on_button_pressed(self) -> None:
        self.action_go_on()

    def action_go_on(self) -> None:
        self.dismiss(True)


__all__ = ["RoundOverScreen", "standing"]
