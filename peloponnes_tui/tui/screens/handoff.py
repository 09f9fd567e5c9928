"""The hand-off cover: hides the board until the next player takes the keyboard."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Button, Static

from peloponnes_tui.i18n import N_, _

if TYPE_CHECKING:
    from collections.abc import Sequence

    from peloponnes_tui.tui.session import Seat
    from peloponnes_tui.tui.summary import Line


def summary_text(lines: Sequence[Line], seats: Sequence[Seat]) -> Text:
    """The since-your-last-turn lines, each with its player's tag in their colour; a round's
    reveal in bold, a catastrophe in red."""
    out = Text()
    for n, line in enumerate(lines):
        if n:
            out.append("\n")
        if line.player is not None and line.player < len(seats):
            seat = seats[line.player]
            out.append(seat.tag + " ", style=f"bold {seat.rich_colour}")
        else:
            out.append("· ", style="dim")
        out.append(line.text, style=SUMMARY_STYLES.get(line.kind, ""))
    return out


SUMMARY_STYLES = {"reveal": "bold", "strike": "bold red", "removed": "red", "lost": "red",
                  "covered": "magenta", "supply": "bold yellow", "outbid": "yellow"}


class HandoffScreen(Screen[bool]):
    """Covers everything until the named player takes the keyboard, and tells them what happened
    since their last turn (public events only)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "ready", N_("Show my hand"), priority=True),
        Binding("ctrl+z", "app.undo", N_("Undo the last player's choice")),
    ]
    CSS_PATH = "handoff.tcss"

    def __init__(self, seat: Seat, what: str, since: Sequence[Line] = (),
                 seats: Sequence[Seat] = ()) -> None:
        """``since``: the summary of what the player missed; ``seats`` colour it."""
        super().__init__()
        self.seat = seat
        self.what = what
        self.since = list(since)
        self.seats = list(seats)

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            before, _mark, after = _("Pass the keyboard to {player}").format(
                player="\0").partition("\0")
            t = Text(before, justify="center")
            t.append(f"{self.seat.tag} {self.seat.name}", style=f"bold {self.seat.rich_colour}")
            t.append(after)
            t.append("\n" + _("{what} Everyone else: please look away.").format(what=self.what),
                     style="")
            yield Static(t, id="who")
            if self.since:
                yield Static(_("Since your last turn"), id="sincehead")
                with VerticalScroll(id="since"):
                    yield Static(summary_text(self.since, self.seats))
            yield Button(Text(_("I am {name} — show my hand (Enter)").format(
                name=self.seat.name)), id="ready", variant="primary")

    def on_mount(self) -> None:
        self.fit(self.size.height)
        for since in self.query("#since"):
            since.anchor()  # the latest line in view, the earlier ones above it (↑)

    def on_resize(self, event: Resize) -> None:
        self.fit(event.size.height)

    def fit(self, height: int) -> None:
        """The summary takes the rows the rest of the cover leaves; it starts at its latest
        line and scrolls with ↑/↓."""
        for since in self.query("#since"):
            since.styles.max_height = max(3, height - 12)

    def restyle(self) -> None:
        self.refresh(recompose=True)

    def on_button_pressed(self) -> None:
        self.action_ready()

    def action_ready(self) -> None:
        self.dismiss(True)


__all__ = ["SUMMARY_STYLES", "HandoffScreen", "summary_text"]
