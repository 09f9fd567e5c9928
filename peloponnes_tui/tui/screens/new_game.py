"""The New game screen: seating, computer players, seed, privacy, pause, the coach and the
language."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from peloponnes_tui.i18n import LANGUAGE_NAMES, LANGUAGES, N_, _, language, number
from peloponnes_tui.inputs import DIGITS_MAX
from peloponnes_tui.tui.access import AppAccess
from peloponnes_tui.tui.session import PAUSES, Seat
from peloponnes_tui.tui.widgets.choice import Choice, ColourChoice
from peloponnes_tui.tui.widgets.footer import KeysFooter, key_display
from peloponnes_tui.tui.widgets.seat_row import SeatRow, tooltips

if TYPE_CHECKING:
    from peloponnes_tui.settings import Settings


class NewGameScreen(Screen[None], AppAccess):
    """Seating, computer players, seed, privacy, pause and the language; what was chosen last
    time comes first (the app's settings), and starting a game remembers the choices. Choosing
    a language shows the app in it at once (and remembers it)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+g", "start", N_("Start game"), priority=True),
        Binding("escape", "app.pop_screen", N_("Back")),
        Binding("down", "move(1)", N_("Next row"), show=False),
        Binding("up", "move(-1)", N_("Previous row"), show=False),
    ]
    CSS_PATH = "new_game.tcss"

    class Start(Message):
        """Start a game with these seats, remembering the form as ``settings``."""

        def __init__(self, settings: Settings, seats: list[Seat], seed: int, privacy: bool,
                     pause: float, coach: bool) -> None:
            super().__init__()
            self.settings = settings
            self.seats = seats
            self.seed = seed
            self.privacy = privacy
            self.pause = pause
            self.coach = coach

    class LanguageChosen(Message):
        """Show the app in this language from now on."""

        def __init__(self, language: str) -> None:
            super().__init__()
            self.language = language

    def __init__(self) -> None:
        super().__init__()
        self.settings: Settings | None = None
        self.seats: list[Seat] = []
        self.count = 3
        # the seed typed and the pause chosen, kept when the screen is composed again
        self.seed = ""
        self.pause_shown: float | None = None

    def compose(self) -> ComposeResult:
        # the form as it was when composed again (the language changed), else the settings
        settings = self.settings = self.settings or self.papp.settings
        self.seats = [Seat(s.name, s.colour, s.kind) for s in settings.seats]
        self.count = settings.players
        shown = self.papp.last_pause if self.pause_shown is None else self.pause_shown
        pause = min(PAUSES, key=lambda p: abs(p - shown))
        tips = tooltips()
        with VerticalScroll(id="form"):
            yield Label(self.head(), id="head")
            with Horizontal(classes="row", id="countrow"):
                yield Label(_("Players"), classes="what")
                yield Choice([(str(n), str(n)) for n in range(2, 6)], str(self.count),
                             id="count", tooltip=tips["count"])
            for i, seat in enumerate(self.seats):
                yield SeatRow(i, seat)
            with Horizontal(classes="row", id="seedrow"):
                yield Label(_("Seed"), classes="what")
                # As many digits as a save may hold, so the autosave can be resumed.
                seed = Input(self.seed, id="seed", placeholder=_("random"), restrict=r"[0-9]*",
                             max_length=DIGITS_MAX, compact=True)
                seed.tooltip = tips["seed"]
                yield seed
            with Horizontal(classes="row"):
                yield Label(_("Hide hands"), classes="what")
                yield Choice([("yes", _("yes")), ("no", _("no"))],
                             "yes" if settings.privacy else "no", id="privacy",
                             tooltip=tips["privacy"])
                yield Label(_("cover the board between people"), classes="hint")
            with Horizontal(classes="row"):
                yield Label(_("Pause"), classes="what")
                yield Choice([(f"{p:g}", _("{seconds} s").format(seconds=number(p, 2, fixed=False)))
                              for p in PAUSES], f"{pause:g}", id="pause", tooltip=tips["pause"])
                yield Label(_("before each computer move"), classes="hint")
            with Horizontal(classes="row"):
                yield Label(_("Coach"), classes="what")
                yield Choice([("on", _("on")), ("off", _("off"))],
                             "on" if settings.coach else "off", id="coach",
                             tooltip=tips["coach"])
                yield Label(_("off for a competitive game"), classes="hint")
            with Horizontal(classes="row", id="languagerow"):
                # each language by its own name: whoever reads only one of them finds it
                yield Label(_("Language"), classes="what")
                yield Choice([(lang, LANGUAGE_NAMES[lang]) for lang in LANGUAGES], language(),
                             id="language", tooltip=tips["language"])
            yield Button(_("Start game ({key})").format(key=key_display("^g")), id="start",
                         variant="primary")
            yield Static("", id="error")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.set_count(self.count)
        self.query_one("#name0", Input).focus()

    def head(self) -> str:
        """The title with the keys that work where the focus is: in a name or the seed, ←→
        move the text cursor; on a choice they change it."""
        if isinstance(self.focused, Input):
            return _("[b]New game [/b]— type here, ↑↓ move, {start} starts").format(
                start=key_display("^g"))
        return _("[b]New game [/b]— ↑↓ move, ←→ change, {start} starts").format(
            start=key_display("^g"))

    def on_descendant_focus(self) -> None:
        """Mark the row holding the focus: its label lights up beside the focused control; the
        title says the keys that work there."""
        for row in self.query(".row, SeatRow"):
            row.set_class(self.focused is not None and self.focused in row.query("*"), "current")
        self.query_one("#head", Label).update(self.head())

    def rows(self) -> list[list[Widget]]:
        """The controls row by row, as the screen shows them (hidden seats left out)."""
        rows: list[list[Widget]] = []
        for row in self.query(".row, SeatRow"):
            if row.display:
                rows.append([w for w in row.query("Input, Choice") if w.focusable])
        rows.append([self.query_one("#start", Button)])
        return [r for r in rows if r]

    def action_move(self, by: int) -> None:
        """↑/↓: to the row above or below, in the same column where it has one."""
        rows = self.rows()
        at = next(((r, row.index(self.focused)) for r, row in enumerate(rows)
                   if self.focused in row), None)
        if at is None:
            rows[0][0].focus()
            return
        r, col = at
        target = min(max(r + by, 0), len(rows) - 1)
        rows[target][min(col, len(rows[target]) - 1)].focus()

    @property
    def pause(self) -> float:
        return float(self.query_one("#pause", Choice).value)

    @property
    def privacy(self) -> bool:
        return self.query_one("#privacy", Choice).value == "yes"

    @property
    def coach(self) -> bool:
        return self.query_one("#coach", Choice).value == "on"

    def restyle(self) -> None:
        for choice in self.query(ColourChoice):
            choice.refresh()

    def set_count(self, n: int) -> None:
        self.count = n
        for i in range(5):
            self.query_one(f"#seat{i}").display = i < n

    @on(Choice.Changed, "#count")
    def count_changed(self, event: Choice.Changed) -> None:
        self.set_count(int(event.choice.value))

    @on(Choice.Changed, "#language")
    def language_changed(self, event: Choice.Changed) -> None:
        self.post_message(self.LanguageChosen(event.choice.value))

    async def relabel(self) -> None:
        """Compose the form again in the current language (it changed), as it was filled in,
        the focus where it was."""
        focused = self.focused.id if self.focused is not None else None
        self.settings = self.chosen()
        self.seed = self.query_one("#seed", Input).value
        self.pause_shown = self.pause
        await self.recompose()
        self.set_count(self.count)
        if focused is not None and self.query(f"#{focused}"):
            self.query_one(f"#{focused}").focus()

    @on(Button.Pressed, "#start")
    def start_pressed(self) -> None:
        self.action_start()

    def action_start(self) -> None:
        seats = []
        for i in range(self.count):
            name = self.query_one(f"#name{i}", Input).value.strip()
            if not name:
                self.query_one("#error", Static).update(
                    _("Player {n} needs a name.").format(n=i + 1))
                return
            if not name_can_be_saved(name):
                self.query_one("#error", Static).update(
                    _("Player {n}'s name holds a character that cannot be saved.").format(
                        n=i + 1))
                return
            s = self.seats[i]
            seats.append(Seat(name, s.colour, s.kind))
        if len({s.name for s in seats}) < len(seats):
            self.query_one("#error", Static).update(_("Every player needs a different name."))
            return
        if len({s.colour for s in seats}) < len(seats):
            self.query_one("#error", Static).update(_("Every player needs a different colour."))
            return
        raw = self.query_one("#seed", Input).value.strip()
        seed = int(raw) if raw else random.randrange(1, 1_000_000)
        self.post_message(self.Start(self.chosen(), seats, seed, self.privacy, self.pause,
                                     self.coach))

    def chosen(self) -> Settings:
        """The settings as the form shows them (a seat left without a name keeps its last)."""
        from peloponnes_tui.settings import SeatSettings

        base = self.settings if self.settings is not None else self.papp.settings
        seats = []
        for i, (seat, before) in enumerate(zip(self.seats, base.seats, strict=True)):
            name = self.query_one(f"#name{i}", Input).value.strip()
            try:
                seats.append(SeatSettings(name=name, colour=seat.colour, kind=seat.kind))
            except ValueError:
                seats.append(before.model_copy(update={"colour": seat.colour,
                                                       "kind": seat.kind}))
        # the language as the app has it now (chosen here or in the command palette)
        return base.model_copy(update={"players": self.count, "seats": tuple(seats),
                                       "pause": self.pause, "privacy": self.privacy,
                                       "coach": self.coach,
                                       "language": self.papp.settings.language})



def name_can_be_saved(name: str) -> bool:
    """Whether a save can hold ``name`` (no control character, no lone surrogate: a pasted one
    would make every autosave of the game fail)."""
    from peloponnes_tui.inputs import check_name
    from peloponnes_tui.message import Invalid

    try:
        check_name(name)
    except Invalid:
        return False
    return True


__all__ = ["NewGameScreen", "name_can_be_saved"]
