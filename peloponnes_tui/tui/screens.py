"""Screens around the board: start menu, new game, load, hand-off, help, scoring, confirmations."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, cast

from rich.console import Group, RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from peloponnes_tui.inputs import DIGITS_MAX, NAME_RESTRICT
from peloponnes_tui.tui.session import (
    AUTOSAVE,
    COLOURS,
    HUMAN,
    PAUSES,
    Seat,
    autosave_path,
    saves_dir,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.table import Table

    from peloponnes_tui.cards import CardSet
    from peloponnes_tui.engine import Prompt, Score, View
    from peloponnes_tui.settings import Settings
    from peloponnes_tui.tui.app import PeloponnesApp
    from peloponnes_tui.tui.summary import Line

TITLE = r"""
 ___      _
| _ \___ | | ___  _ __  ___  _ _  _ _  ___  ___
|  _/ -_)| |/ _ \| '_ \/ _ \| ' \| ' \/ -_)(_-<
|_| \___||_|\___/| .__/\___/|_||_|_||_\___|/__/
                 |_|      the card game
""".strip("\n")

def kinds() -> tuple[str, ...]:
    """Who can sit at a seat: a human or one of the computer players."""
    from peloponnes_tui.bots import BOTS

    return (HUMAN, *BOTS)


class StartScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new", "New game"),
        Binding("r", "resume", "Resume"),
        Binding("l", "load", "Load"),
        Binding("question_mark,f1", "rules", "Rules"),
        Binding("q", "app.quit_app", "Quit"),
    ]
    DEFAULT_CSS = """
    StartScreen { align: center middle; }
    StartScreen #menu { width: 60; max-width: 100%; height: auto; }
    StartScreen Button { width: 100%; margin: 0; }
    StartScreen #title { width: auto; color: $accent; }
    StartScreen #note { width: 100%; color: $text-muted; margin-top: 1; }
    """

    def compose(self) -> ComposeResult:
        with Center():
            yield Static(TITLE, id="title")
        with Center(), Vertical(id="menu"):
            yield Button("New game (n)", id="new", variant="primary")
            yield Button("Resume autosaved game (r)", id="resume")
            yield Button("Load a save (l)", id="load")
            yield Button("Rules (?)", id="rules")
            yield Button("Quit (q)", id="quit", variant="error")
            yield Static("", id="note")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_resume()

    def on_screen_resume(self) -> None:
        self.refresh_resume()

    def refresh_resume(self) -> None:
        from peloponnes_tui.tui.saveinfo import save_info

        has = autosave_path().exists()
        if not self.query("#resume"):
            return
        self.query_one("#resume", Button).disabled = not has
        self.query_one("#note", Static).update(
            f"Autosaved: {save_info(autosave_path()).describe()}" if has
            else "No autosaved game yet: start a new one.")

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        actions = {"new": self.action_new, "resume": self.action_resume,
                   "load": self.action_load, "rules": self.action_rules,
                   "quit": self.app.exit}
        if event.button.id in actions:
            actions[event.button.id]()

    @property
    def papp(self) -> PeloponnesApp:
        return cast("PeloponnesApp", self.app)

    def action_new(self) -> None:
        self.app.push_screen(NewGameScreen())

    def action_resume(self) -> None:
        self.papp.resume()

    def action_load(self) -> None:
        self.app.push_screen(LoadScreen())

    def action_rules(self) -> None:
        self.app.push_screen(HelpScreen(self.papp.cards))


class Choice(Static, can_focus=True):
    """One setting with a few values: ← and → (or Enter, space, a click) step through them."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Previous", show=False),
        Binding("right,enter,space", "step(1)", "Next", show=False),
    ]
    DEFAULT_CSS = """
    Choice { height: 1; padding: 0 1; background: $boost; }
    Choice:focus { background: $accent; color: $text; text-style: bold; }
    """

    class Changed(Message):
        def __init__(self, choice: Choice) -> None:
            super().__init__()
            self.choice = choice

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(self, values: Sequence[tuple[str, str]], value: str, *, id: str,
                 tooltip: str) -> None:
        """``values``: (value, label) pairs; the widget is as wide as the longest label."""
        super().__init__(id=id)
        self.values = list(values)
        self.index = next((i for i, (v, _) in enumerate(self.values) if v == value), 0)
        self.tooltip = tooltip
        self.styles.width = max(len(label) for _, label in self.values) + 6

    @property
    def value(self) -> str:
        return self.values[self.index][0]

    @value.setter
    def value(self, value: str) -> None:
        self.index = next(i for i, (v, _) in enumerate(self.values) if v == value)
        self.refresh()

    def render(self) -> Text:
        return Text.assemble(("◀ ", "dim"), self.label(), (" ▶", "dim"))

    def label(self) -> Text:
        return Text(self.values[self.index][1])

    def action_step(self, by: int) -> None:
        self.index = (self.index + by) % len(self.values)
        self.refresh()
        self.post_message(self.Changed(self))

    def on_click(self) -> None:
        self.focus()
        self.action_step(1)


class ColourChoice(Choice):
    """A seat's colour, drawn in that colour with the player's letter and symbol."""

    def label(self) -> Text:
        colour = self.value
        seat = Seat("", colour)
        return Text(f"{seat.tag} {colour}", style=f"bold {seat.rich_colour}")


def kind_label(kind: str) -> str:
    return "human" if kind == HUMAN else f"computer: {kind}"


KIND_HELP = {
    HUMAN: "a person at this keyboard.",
    "random": "any legal answer at random: for learning the rules, easy to beat.",
    "heuristic": "rules of thumb and an estimate of its final score: a fair opponent.",
    "search": "plays each of its best ideas out many times before choosing: the strongest, "
              "thinks up to a second a move.",
}
TOOLTIPS = {
    "count": "How many play, 2 to 5. The seats below it stay empty.",
    "name": "The player's name (up to 16 letters), shown on the board and on the hand-off "
            "cover.",
    "colour": "The player's colour. Its letter and symbol (R●, B▲, G■, Y◆, P★) tell the players "
              "apart without colour too.",
    "seed": "The number that shuffles the cards: the same seed and the same choices give the "
            "same game. Leave it empty for a new shuffle.",
    "privacy": "yes: when the keyboard goes from one person to another, a cover hides the board "
               "until the next player presses Enter, so nobody sees another's coin cards; it "
               "tells what happened since that player's last turn.\n"
               "no: every turn shows at once (one person playing, or nothing to hide).",
    "pause": "How long the board waits before each computer move, so you can follow what the "
             "computer players do. 0 s plays them at once.",
}


def kind_tooltip() -> str:
    lines = ["Who plays this seat (← → to change):"]
    lines += [f"{kind_label(k)}: {KIND_HELP.get(k, 'a computer player.')}" for k in kinds()]
    return "\n".join(lines)


class SeatRow(Horizontal):
    DEFAULT_CSS = """
    SeatRow { height: 1; }
    SeatRow Input { width: 20; padding: 0 1; background: $boost; }
    SeatRow Choice { margin-left: 1; }
    """

    def __init__(self, index: int, seat: Seat) -> None:
        super().__init__(id=f"seat{index}")
        self.index = index
        self.seat = seat

    def compose(self) -> ComposeResult:
        yield Label(f"Seat {self.index + 1}", classes="what")
        # No control character can be typed or pasted into a name (a save would refuse it).
        name = Input(self.seat.name, id=f"name{self.index}", max_length=16, placeholder="name",
                     restrict=NAME_RESTRICT, compact=True)
        name.tooltip = TOOLTIPS["name"]
        yield name
        yield ColourChoice([(c, f"{COLOURS[c][1]}{COLOURS[c][2]} {c}") for c in COLOURS],
                           self.seat.colour, id=f"colour{self.index}",
                           tooltip=TOOLTIPS["colour"])
        yield Choice([(k, kind_label(k)) for k in kinds()], self.seat.kind,
                     id=f"kind{self.index}", tooltip=kind_tooltip())

    @on(Choice.Changed)
    def changed(self, event: Choice.Changed) -> None:
        if event.choice.id == f"colour{self.index}":
            self.seat.colour = event.choice.value
        elif event.choice.id == f"kind{self.index}":
            self.seat.kind = event.choice.value


class NewGameScreen(Screen[None]):
    """Seating, computer players, seed, privacy and pause; what was chosen last time comes first
    (the app's settings), and starting a game remembers the choices."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+g", "start", "Start game", priority=True),
        Binding("escape", "app.pop_screen", "Back"),
        Binding("down", "move(1)", "Next row", show=False),
        Binding("up", "move(-1)", "Previous row", show=False),
    ]
    DEFAULT_CSS = """
    NewGameScreen #form { padding: 1 2; }
    NewGameScreen #head { margin-bottom: 1; }
    NewGameScreen .what { width: 12; }
    NewGameScreen .row { height: 1; }
    NewGameScreen #countrow { margin-bottom: 1; }
    NewGameScreen #seedrow { margin-top: 1; }
    NewGameScreen .current .what { color: $accent; text-style: bold; }
    NewGameScreen #seed { width: 20; padding: 0 1; background: $boost; }
    NewGameScreen Input:focus { background: $accent 40%; text-style: bold; }
    NewGameScreen #start { margin-top: 1; min-width: 24; }
    NewGameScreen #start:focus { text-style: bold reverse; }
    NewGameScreen #error { color: $error; }
    NewGameScreen .hint { color: $text-muted; margin-left: 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.settings: Settings | None = None
        self.seats: list[Seat] = []
        self.count = 3

    @property
    def papp(self) -> PeloponnesApp:
        return cast("PeloponnesApp", self.app)

    def compose(self) -> ComposeResult:
        settings = self.settings = self.papp.settings
        self.seats = [Seat(s.name, s.colour, s.kind) for s in settings.seats]
        self.count = settings.players
        pause = min(PAUSES, key=lambda p: abs(p - self.papp.last_pause))
        with VerticalScroll(id="form"):
            yield Label("[b]New game[/b] — ↑↓ move, ←→ change, Ctrl+G starts", id="head")
            with Horizontal(classes="row", id="countrow"):
                yield Label("Players", classes="what")
                yield Choice([(str(n), str(n)) for n in range(2, 6)], str(self.count),
                             id="count", tooltip=TOOLTIPS["count"])
            for i, seat in enumerate(self.seats):
                yield SeatRow(i, seat)
            with Horizontal(classes="row", id="seedrow"):
                yield Label("Seed", classes="what")
                # As many digits as a save may hold, so the autosave can be resumed.
                seed = Input("", id="seed", placeholder="random", restrict=r"[0-9]*",
                             max_length=DIGITS_MAX, compact=True)
                seed.tooltip = TOOLTIPS["seed"]
                yield seed
            with Horizontal(classes="row"):
                yield Label("Hide hands", classes="what")
                yield Choice([("yes", "yes"), ("no", "no")],
                             "yes" if settings.privacy else "no", id="privacy",
                             tooltip=TOOLTIPS["privacy"])
                yield Label("cover the board between people", classes="hint")
            with Horizontal(classes="row"):
                yield Label("Pause", classes="what")
                yield Choice([(f"{p:g}", f"{p:g} s") for p in PAUSES], f"{pause:g}",
                             id="pause", tooltip=TOOLTIPS["pause"])
                yield Label("before each computer move", classes="hint")
            yield Button("Start game (Ctrl+G)", id="start", variant="primary")
            yield Static("", id="error")
        yield Footer()

    def on_mount(self) -> None:
        self.set_count(self.count)
        self.query_one("#name0", Input).focus()

    def on_descendant_focus(self) -> None:
        """Mark the row holding the focus: its label lights up beside the focused control."""
        for row in self.query(".row, SeatRow"):
            row.set_class(self.focused is not None and self.focused in row.query("*"), "current")

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

    @on(Button.Pressed, "#start")
    def start_pressed(self) -> None:
        self.action_start()

    def action_start(self) -> None:
        seats = []
        for i in range(self.count):
            name = self.query_one(f"#name{i}", Input).value.strip()
            if not name:
                self.query_one("#error", Static).update(f"Player {i + 1} needs a name.")
                return
            s = self.seats[i]
            seats.append(Seat(name, s.colour, s.kind))
        if len({s.name for s in seats}) < len(seats):
            self.query_one("#error", Static).update("Every player needs a different name.")
            return
        if len({s.colour for s in seats}) < len(seats):
            self.query_one("#error", Static).update("Every player needs a different colour.")
            return
        raw = self.query_one("#seed", Input).value.strip()
        seed = int(raw) if raw else random.randrange(1, 1_000_000)
        self.papp.remember(self.chosen())
        self.papp.start_new(seats, seed, self.privacy, bot_pause=self.pause)

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
        return base.model_copy(update={"players": self.count, "seats": tuple(seats),
                                       "pause": self.pause, "privacy": self.privacy})


class LoadScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", "Back")]
    DEFAULT_CSS = """
    LoadScreen { padding: 1 2; }
    LoadScreen OptionList { height: 1fr; }
    LoadScreen #path { margin-top: 1; }
    LoadScreen #error { color: $error; height: auto; }
    """

    def compose(self) -> ComposeResult:
        yield Label("[b]Load a saved game[/b] — pick a file or type a path and press Enter")
        yield OptionList(*[Option(save_line(p), id=str(p)) for p in save_files()], id="files")
        yield Input(placeholder="path to a save file", id="path")
        yield Static("", id="error")
        yield Footer()

    @on(OptionList.OptionSelected)
    def picked(self, event: OptionList.OptionSelected) -> None:
        self.load(Path(str(event.option.id)))

    @on(Input.Submitted)
    def typed(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.load(Path(event.value.strip()).expanduser())

    def load(self, path: Path) -> None:
        papp = cast("PeloponnesApp", self.app)
        err = papp.load_path(path)
        if err:
            self.query_one("#error", Static).update(err)


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


def save_files() -> list[Path]:
    """The autosave (if any), then the saves, newest first."""
    files: list[Path] = []
    if autosave_path().exists():
        files.append(autosave_path())
    if saves_dir().is_dir():
        files += sorted(saves_dir().glob("*.json"), reverse=True)
    return files


def save_line(path: Path) -> Text:
    """A save in the load list: its name, then round, players, date and whether it is over."""
    from peloponnes_tui.tui.saveinfo import save_info

    info = save_info(path)
    name = "autosave" if path == autosave_path() else path.name
    t = Text(name, style="bold")
    t.append("  " + info.describe(), style="red" if info.damaged else "")
    return t


class HandoffScreen(Screen[bool]):
    """Covers everything until the named player takes the keyboard, and tells them what happened
    since their last turn (public events only)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "ready", "Show my hand", priority=True),
        Binding("ctrl+z", "app.undo", "Undo the last player's choice"),
    ]
    DEFAULT_CSS = """
    HandoffScreen { align: center middle; background: $surface; }
    HandoffScreen #box { width: 76; max-width: 100%; height: auto; max-height: 100%;
                         border: double $accent; padding: 0 2; }
    HandoffScreen #who { width: 100%; text-align: center; margin-top: 1; }
    HandoffScreen #sincehead { margin-top: 1; text-style: bold; }
    HandoffScreen #since { height: auto; border-left: thick $accent; padding: 0 1;
                           background: $boost; }
    HandoffScreen Button { width: 100%; margin-top: 1; }
    """

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
            t = Text("Pass the keyboard to ", justify="center")
            t.append(f"{self.seat.tag} {self.seat.name}", style=f"bold {self.seat.rich_colour}")
            t.append(f"\n{self.what} Everyone else: please look away.", style="")
            yield Static(t, id="who")
            if self.since:
                yield Static("Since your last turn", id="sincehead")
                with VerticalScroll(id="since"):
                    yield Static(summary_text(self.since, self.seats))
            yield Button(f"I am {self.seat.name} — show my hand (Enter)", id="ready",
                         variant="primary")

    def on_mount(self) -> None:
        self.fit(self.size.height)

    def on_resize(self, event: Resize) -> None:
        self.fit(event.size.height)

    def fit(self, height: int) -> None:
        """The summary takes the rows the rest of the cover leaves (it scrolls with ↑/↓)."""
        for since in self.query("#since"):
            since.styles.max_height = max(3, height - 12)

    def restyle(self) -> None:
        self.refresh(recompose=True)

    def on_button_pressed(self) -> None:
        self.action_ready()

    def action_ready(self) -> None:
        self.dismiss(True)


class ConfirmScreen(ModalScreen[bool]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]
    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen #box { width: 60; height: auto; border: thick $warning; padding: 1 2;
                         background: $surface; }
    ConfirmScreen Horizontal { height: auto; margin-top: 1; }
    ConfirmScreen Button { margin-right: 2; }
    """

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(self.question)
            with Horizontal():
                yield Button("Yes (y)", id="yes", variant="warning")
                yield Button("No (n)", id="no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class MessageScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,escape", "close", "OK")]
    DEFAULT_CSS = """
    MessageScreen { align: center middle; }
    MessageScreen #box { width: 70; height: auto; border: thick $error; padding: 1 2;
                         background: $surface; }
    """

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(Text(self.title_text, style="bold"))
            yield Static(Text(self.text))
            yield Button("OK (Enter)", id="ok")

    def on_button_pressed(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


def phase_help(cards: CardSet) -> dict[str, str]:
    """What happens in each phase, with the rule numbers the engine gives for ``cards``."""
    from peloponnes_tui.engine.numbers import in_words, rule_numbers

    n = rule_numbers(cards)
    luxury_income = ("" if n.luxury_income_from is None else
                     f", luxury goods from {n.luxury_income_from} inhabitants on")
    return {
        "setup": "The game is being set up.",
        "reveal": "New power cards come up: one per player in the market, the rest (up to "
                  f"{in_words(n.cards_per_round)}) in the conquest row. The first "
                  f"{in_words(n.cards_that_move_markers)} move catastrophe markers.",
        "catastrophes": "A catastrophe has struck. Players without protection (a protecting "
                        f"building, or {in_words(n.symbols_for_protection)} matching symbols) "
                        "choose which cards are hit and either cover each with a coin card — it "
                        "stays in the tableau but does nothing until protection comes later — or "
                        "remove it to the box.",
        "supply": "Supply: everyone feeds each inhabitant (not those on the luxury card) with one "
                  "grain. Grain production counts first, then grain coin cards; the rest can be "
                  "paid with inhabitant coin cards or luxury goods, or by removing inhabited "
                  "cards. Buildings under construction must be paid now, all together, or are "
                  "lost.",
        "bidding": "Bidding, in turn order: put coin cards on a power card (at least its value; "
                   f"in the conquest row its value + {n.conquest_surcharge}) or pass and draw "
                   f"{in_words(n.coins_for_passing)} coin cards. Beating a bid in the market "
                   "pushes that player to move the bid or withdraw. Conquest bids cannot be "
                   "beaten. Market/Agora make your bids count half a coin more.",
        "gain": "Gaining cards: landscapes go to the right. A building is paid at once from "
                "production plus wood/stone coin cards (leftover production becomes luxury goods "
                "if you pay without luxury) or put under construction with a coin card beneath "
                "it; only when neither is possible is it lost.",
        "income": "Income: coin cards by inhabitants (the income table below), one-time income of "
                  f"new cards{luxury_income}.",
        "over": "The game is over: each player scores the lower of population and power.",
    }


def general_rules(cards: CardSet) -> str:
    """The game in short, with the rule numbers the engine gives for ``cards``."""
    from peloponnes_tui.engine.numbers import in_words, rule_numbers

    n = rule_numbers(cards)
    return (
        f"{in_words(n.rounds).capitalize()} rounds. Each round: reveal power cards, catastrophes "
        "and supply, bidding, new turn order (highest bid first), gain power cards, income. At "
        "the end: income, a final supply, covered cards of now-protected players come back, then "
        "scoring.\n\n"
        "Score = the LOWER of population (inhabitants on your cards, inhabitant coin cards in "
        "hand, the luxury card) and power (power points on cards, 1 per "
        f"{n.leftovers_per_power_point} coin cards and luxury goods left, the luxury card). "
        "Ties: the higher other value, then more luxury goods.\n\n"
        "Luxury goods stand in for any one missing resource, grain or coin card (drawn blind). "
        f"You can hold up to {n.luxury_cap}, only {n.declined_luxury_cap} after Decline covers "
        "your luxury card."
    )


KEYS_HELP = (
    "Board: m board · t tableaux (again: next player) · v log · PgUp/PgDn scroll · h help · "
    "Ctrl+Z undo · Ctrl+S save · Ctrl+P commands · q quit\n"
    "Decisions: 1-9 or ↑↓ pick a card · a-g add coin cards of one kind (cycles) · 0 clear · "
    "+/− luxury goods · Enter confirm · p pass, w withdraw (each then Enter) · "
    "u under construction · "
    "k change pledge · l/r luxury cover/remove · space hit/not hit\n"
    "Mouse: click cards (on the board or in the panel), coin kinds and buttons."
)


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,h,q,question_mark", "close", "Close")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen #box { width: 90%; height: 90%; border: thick $accent; padding: 0 1;
                      background: $surface; }
    """

    def __init__(self, cards: CardSet, view: View | None = None,
                 pending: Prompt | None = None) -> None:
        """``view`` (any player's) and ``pending`` describe the game in progress, if any."""
        super().__init__()
        self.cards = cards
        self.view = view
        self.pending = pending

    def compose(self) -> ComposeResult:
        parts: list[RenderableType] = []
        help_for = phase_help(self.cards)
        if self.view is not None:
            phase = self.view.phase
            parts.append(Text(f"Now — round {self.view.round}, {phase}", style="bold"))
            key = "catastrophes" if phase == "catastrophe" else phase
            parts.append(Text(help_for.get(key, "") + "\n"))
            if self.pending is not None:
                parts.append(Text("The engine asks: " + self.pending.text + "\n",
                                  style="italic"))
        parts.append(Text("Keys", style="bold"))
        parts.append(Text(KEYS_HELP + "\n"))
        parts.append(Text("The game in short", style="bold"))
        parts.append(Text(general_rules(self.cards) + "\n"))
        parts.append(Text("Phases", style="bold"))
        for k in ("reveal", "catastrophes", "supply", "bidding", "gain", "income"):
            parts.append(Text(f"{k.title()}: {help_for[k]}"))
        from peloponnes_tui.tui.render import board_legend

        parts += [Text(""), board_legend(self.cards)]
        with VerticalScroll(id="box"):
            yield Static(Group(*parts))
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


def score_table(cards: CardSet, scores: Sequence[Score], seats: list[Seat]) -> Table:
    from rich.table import Table

    from peloponnes_tui.engine.numbers import rule_numbers

    leftovers = rule_numbers(cards).leftovers_per_power_point

    t = Table(title="Final scoring", header_style="bold", show_lines=False)
    t.add_column("")
    for s in scores:
        st = seats[s.seat]
        t.add_column(Text(f"{st.tag} {st.name}", style=f"bold {st.rich_colour}"),
                     justify="right")
    rows: list[tuple[str, list[str]]] = [
        ("Population: tableau", [str(s.population_tableau) for s in scores]),
        ("  + inhabitant coin cards", [str(s.population_coins) for s in scores]),
        ("  + luxury card", [str(s.population_luxury_card) for s in scores]),
        ("= Population", [str(s.population) for s in scores]),
        ("Power: tableau", [str(s.power_tableau) for s in scores]),
        ("  coin cards left + luxury goods",
         [f"{s.coins_left}+{s.luxury_goods}" for s in scores]),
        (f"  + {leftovers}:1 conversion", [str(s.power_from_coins) for s in scores]),
        ("  + luxury card", [str(s.power_luxury_card) for s in scores]),
        ("= Power", [str(s.power) for s in scores]),
        ("Score (the lower)", [str(s.score) for s in scores]),
        ("Tie-break: the higher value", [str(s.tiebreak[1]) for s in scores]),
        ("Tie-break: luxury goods", [str(s.luxury_goods) for s in scores]),
        ("Rank", [str(s.rank) for s in scores]),
    ]
    for label, vals in rows:
        bold = label.startswith(("=", "Score", "Rank"))
        t.add_row(Text(label, style="bold" if bold else ""),
                  *[Text(v, style="bold" if bold else "") for v in vals])
    return t


class ScoringScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,b", "back", "Back to the board"),
        Binding("n", "new", "New game"),
        Binding("q", "app.quit_app", "Quit"),
    ]
    DEFAULT_CSS = """
    ScoringScreen VerticalScroll { padding: 0 1; }
    ScoringScreen #winner { text-style: bold; color: $success; margin-bottom: 1; }
    """

    def __init__(self, cards: CardSet, scores: Sequence[Score], winners: Sequence[int],
                 seats: list[Seat]) -> None:
        super().__init__()
        self.cards = cards
        self.scores = scores
        self.winners = winners
        self.seats = seats

    def compose(self) -> ComposeResult:
        names = " and ".join(f"{self.seats[w].tag} {self.seats[w].name}"
                             for w in self.winners)
        with VerticalScroll():
            yield Static(f"The game is over. Winner: {names}!", id="winner")
            yield Static(score_table(self.cards, self.scores, self.seats))
            ties = Text("\nTies are broken by the higher of population and power, then by "
                        "more luxury goods; players still tied share the rank.", style="dim")
            yield Static(ties)
        yield Footer()

    def restyle(self) -> None:
        self.refresh(recompose=True)

    def action_back(self) -> None:
        self.dismiss(None)

    def action_new(self) -> None:
        self.app.push_screen(NewGameScreen())


class TooSmallScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $error 30%; }
    TooSmallScreen Static { width: auto; height: auto; background: $surface; padding: 1; }
    """

    def compose(self) -> ComposeResult:
        yield Static("The terminal is too small.\nPeloponnes needs at least 80×24.\n"
                     "Please enlarge the window.", id="toosmall")


__all__ = [
    "AUTOSAVE",
    "ConfirmScreen",
    "HandoffScreen",
    "HelpScreen",
    "LoadScreen",
    "MessageScreen",
    "NewGameScreen",
    "ScoringScreen",
    "StartScreen",
    "TooSmallScreen",
]
