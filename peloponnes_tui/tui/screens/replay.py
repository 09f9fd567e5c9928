"""The replay viewer: a saved or finished game, event by event, with the table as it was.

← → step an event, ] [ (or PgDn PgUp) a round, Home End go to the first and the last event; the
log beside (or below) the board is a list: ↑ ↓ move through it and Enter (or a click) shows the
table at that line. ``h`` shows or hides the hands. The event shown is marked in the log and its
cards are highlighted on the board. The steps are :class:`~peloponnes_tui.tui.replay.Replay`'s;
the board is the game's own widget (:class:`~peloponnes_tui.tui.widgets.table_view.TableView`),
the log an :class:`~peloponnes_tui.tui.widgets.event_list.EventList` of the board's log lines.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static

from peloponnes_tui.i18n import _
from peloponnes_tui.tui.access import AppAccess
from peloponnes_tui.tui.heap import QuietHeap
from peloponnes_tui.tui.render import ROOMY, status_line
from peloponnes_tui.tui.render import log_line as event_line
from peloponnes_tui.tui.screens.load import (
    file_options,
    follow_uploads,
    may_open,
    path_field,
    refusal,
)
from peloponnes_tui.tui.widgets.board_scroll import BoardScroll
from peloponnes_tui.tui.widgets.drawn import Drawn
from peloponnes_tui.tui.widgets.event_list import EventList
from peloponnes_tui.tui.widgets.footer import key_display
from peloponnes_tui.tui.widgets.table_view import Board, Tableau, TableView
from peloponnes_tui.web_page import in_web_session

if TYPE_CHECKING:
    from peloponnes_tui.cards import CardSet
    from peloponnes_tui.tui.replay import Replay

def board_shown(replay: Replay) -> Board:
    """The table at the event shown: the cards on offer, the tracks, the players, and every
    tableau in turn order (with its hand when the hands are shown); the event's cards
    highlighted."""
    moment = replay.moment
    ev = moment.event
    view = moment.view(ev.player if ev.player is not None else 0)
    shown = replay.hands_shown
    return Board(replay.cards, view, replay.seats, ev.player, numbered=False,
                 highlight=moment.highlight,
                 tableaux=tuple(Tableau(seat, moment.view(seat), shown) for seat in view.order))


def where_line(replay: Replay) -> Text:
    """Which event is shown, and the event itself."""
    out = Text(_("Event {n} of {total}").format(n=replay.at + 1, total=replay.last + 1),
               style="bold")
    out.append("  ")
    out.append_text(event_line(replay.event, replay.seats, replay.cards))
    return out


def keys_line(replay: Replay) -> Text:
    """The keys of the viewer (drawn in the language chosen now)."""
    if replay.hands_locked:
        hands = _("the hands stay hidden until the game is over")
    else:
        hands = _("h: hide the hands") if replay.hands_shown else _("h: show the hands")
    return Text(" · ".join((_("← → an event"), _("[ ] or {pgup} {pgdn} a round").format(
                                pgup=key_display("pgup"), pgdn=key_display("pgdn")),
                            _("Home End the first or last"),
                            _("↑ ↓ Enter or a click: that log line"), hands,
                            _("q back"))), style="dim")


def log_lines(replay: Replay) -> list[Text]:
    """The lines of the log list, one per event."""
    return [event_line(m.event, replay.seats, replay.cards) for m in replay.moments]


class ReplayScreen(Screen[None]):
    # the keys are explained in the keys line, drawn in the language of the moment; priority so
    # that Home/End and PgUp/PgDn step the game and not only the log list
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "step(1)", "Next event", show=False, priority=True),
        Binding("left", "step(-1)", "Previous event", show=False, priority=True),
        Binding("right_square_bracket,pagedown", "round(1)", "Next round", show=False,
                priority=True),
        Binding("left_square_bracket,pageup", "round(-1)", "Previous round", show=False,
                priority=True),
        Binding("home", "go(0)", "First event", show=False, priority=True),
        Binding("end", "go(-1)", "Last event", show=False, priority=True),
        Binding("h", "hands", "Hands shown or hidden", show=False),
        Binding("ctrl+up", "scroll_board(-1)", "Scroll the board up", show=False),
        Binding("ctrl+down", "scroll_board(1)", "Scroll the board down", show=False),
        Binding("q,escape", "back", "Back", show=False),
    ]
    CSS_PATH = "replay.tcss"

    def __init__(self, replay: Replay) -> None:
        super().__init__()
        self.replay = replay
        self.marked = replay.at  # the log line marked as shown
        self.heap = QuietHeap()  # full collections while the viewer is still

    def compose(self) -> ComposeResult:
        yield Drawn(id="status")
        yield Drawn(id="where")
        with BoardScroll(id="board"):
            yield TableView(stacked=len(self.replay.seats), classes="spaced")
        with Vertical(id="logbox"):
            yield Static(id="loghead")
            yield EventList(log_lines(self.replay), self.replay.at, id="log")
        yield Drawn(id="keys")

    def on_mount(self) -> None:
        self.set_class(self.app.size.width >= ROOMY, "roomy")
        self.query_one("#loghead", Static).update(Text(_("Log"), style="bold"))
        self.query_one("#log", EventList).focus()
        self.show()
        self.heap.start(self)

    def on_unmount(self) -> None:
        self.heap.stop()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width >= ROOMY, "roomy")

    def show(self) -> None:
        """Draw the moment the replay is at, and mark it in the log."""
        self.heap.touched()
        replay = self.replay
        self.query_one("#status", Drawn).show(
            status_line(replay.cards, replay.moment.view(0), replay.seats))
        self.query_one("#where", Drawn).show(where_line(replay))
        # only the parts that changed are drawn again: most events change one tableau or none
        self.query_one(TableView).show(board_shown(replay))
        self.query_one("#keys", Drawn).show(keys_line(replay))
        self.marked = replay.at
        self.query_one("#log", EventList).mark(replay.at)

    def restyle(self) -> None:
        """The theme changed: the players' colours with it."""
        self.query_one("#log", EventList).set_lines(log_lines(self.replay))
        self.query_one(TableView).forget()
        self.show()

    def moved(self, moved: bool) -> None:
        if moved:
            self.show()
        else:
            self.app.bell()

    def action_step(self, by: int) -> None:
        self.moved(self.replay.step(by))

    def action_round(self, by: int) -> None:
        self.moved(self.replay.next_round() if by > 0 else self.replay.previous_round())

    def action_go(self, index: int) -> None:
        self.moved(self.replay.go(index if index >= 0 else self.replay.last))

    def action_hands(self) -> None:
        self.replay.toggle_hands()
        self.show()

    def action_scroll_board(self, lines: int) -> None:
        self.query_one("#board", VerticalScroll).scroll_relative(y=lines * 3, animate=False)

    def action_back(self) -> None:
        self.dismiss(None)

    @on(EventList.Chosen, "#log")
    def jump(self, event: EventList.Chosen) -> None:
        """Enter or a click on a log line: the table at that event."""
        event.stop()
        if self.replay.go(event.index):
            self.show()


class WatchScreen(Screen[None], AppAccess):
    """"Watch a game" on the start screen: the autosave and the saves, or a path typed in."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", "Back",
                                                     show=False)]
    CSS_PATH = "replay.tcss"

    def compose(self) -> ComposeResult:
        head = (_("Watch a game: pick a save and press Enter") if in_web_session()
                else _("Watch a game: pick a save or type a path and press Enter"))
        yield Static(Text(head, style="bold"), id="watchhead")
        yield OptionList(*file_options(), id="files")
        yield path_field()
        yield Static("", id="error")
        yield Static(Text(_("Escape: back"), style="dim"), id="watchkeys")

    def on_mount(self) -> None:
        follow_uploads(self)

    @on(OptionList.OptionSelected, "#files")
    def picked(self, event: OptionList.OptionSelected) -> None:
        self.open_save(Path(str(event.option.id)))

    @on(Input.Submitted, "#path")
    def typed(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.open_save(Path(event.value.strip()).expanduser())

    def open_save(self, path: Path) -> None:
        """Open the save in the viewer, or say why it cannot be watched (one line)."""
        if not may_open(path):
            return
        error = open_replay(self, path, self.papp.cards)
        if error:
            self.query_one("#error", Static).update(Text(refusal(error, path)))


def open_replay(screen: Screen[None], path: Path, cards: CardSet) -> str | None:
    """Push the viewer of the save ``path`` above ``screen``; the reason when it cannot."""
    from peloponnes_tui.engine.save import SaveError
    from peloponnes_tui.tui.replay import Replay
    from peloponnes_tui.tui.session import Session

    try:
        session = Session.load(path, cards)
    except SaveError as exc:
        from peloponnes_tui.refusals import error_text

        return error_text(exc)
    screen.app.push_screen(ReplayScreen(Replay.of(session)))
    return None


__all__ = ["ReplayScreen", "WatchScreen", "board_shown", "open_replay"]
