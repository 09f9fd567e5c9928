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
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Input, Label, OptionList, Static, Switch
from textual.widgets.option_list import Option

from peloponnes_tui.inputs import DIGITS_MAX, NAME_RESTRICT
from peloponnes_tui.tui.session import (
    AUTOSAVE,
    COLOURS,
    HUMAN,
    PAUSES,
    Seat,
    autosave_path,
    default_seats,
    saves_dir,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.table import Table

    from peloponnes_tui.cards import CardSet
    from peloponnes_tui.engine import Prompt, Score, View
    from peloponnes_tui.tui.app import PeloponnesApp

TITLE = r"""
 ___      _
| _ \___ | | ___  _ __  ___  _ _  _ _  ___  ___
|  _/ -_)| |/ _ \| '_ \/ _ \| ' \| ' \/ -_)(_-<
|_| \___||_|\___/| .__/\___/|_||_|_||_\___|/__/
                 |_|      the card game
"""

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
    StartScreen #menu { width: 44; height: auto; }
    StartScreen Button { width: 100%; margin: 0; }
    StartScreen #title { width: auto; color: $accent; }
    StartScreen #note { width: 100%; color: $text-muted; }
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
        has = autosave_path().exists()
        if not self.query("#resume"):
            return
        self.query_one("#resume", Button).disabled = not has
        self.query_one("#note", Static).update(
            "" if has else "No autosaved game yet: start a new one.")

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


class SeatRow(Horizontal):
    DEFAULT_CSS = """
    SeatRow { height: 1; margin-bottom: 1; }
    SeatRow Input { width: 22; height: 1; border: none; padding: 0 1; }
    SeatRow Button { height: 1; border: none; min-width: 14; margin-left: 1; }
    SeatRow .seatno { width: 4; }
    """

    def __init__(self, index: int, seat: Seat) -> None:
        super().__init__(id=f"seat{index}")
        self.index = index
        self.seat = seat

    def compose(self) -> ComposeResult:
        yield Label(f"{self.index + 1}.", classes="seatno")
        # No control character can be typed or pasted into a name (a save would refuse it).
        yield Input(self.seat.name, id=f"name{self.index}", max_length=16,
                    placeholder="name", restrict=NAME_RESTRICT)
        yield Button(self.colour_label(), id=f"colour{self.index}", classes="colour")
        yield Button(self.kind_label(), id=f"kind{self.index}", classes="kind")

    def colour_label(self) -> Text:
        return Text(f"{self.seat.tag} {self.seat.colour}", style=self.seat.rich_colour)

    def kind_label(self) -> str:
        return "human" if self.seat.human else f"computer: {self.seat.kind}"

    @on(Button.Pressed, ".colour")
    def cycle_colour(self, event: Button.Pressed) -> None:
        event.stop()
        names = list(COLOURS)
        self.seat.colour = names[(names.index(self.seat.colour) + 1) % len(names)]
        event.button.label = self.colour_label()

    @on(Button.Pressed, ".kind")
    def cycle_kind(self, event: Button.Pressed) -> None:
        event.stop()
        options = kinds()
        self.seat.kind = options[(options.index(self.seat.kind) + 1) % len(options)]
        event.button.label = self.kind_label()


class NewGameScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+g", "start", "Start game", priority=True),
        Binding("escape", "app.pop_screen", "Back"),
    ]
    DEFAULT_CSS = """
    NewGameScreen #form { padding: 1 2; }
    NewGameScreen #count { height: 1; margin-bottom: 1; }
    NewGameScreen #count Button { height: 1; border: none; min-width: 5; margin-right: 1; }
    NewGameScreen #form SeatRow Button { height: 1; border: none; min-width: 14;
                                         margin-left: 1; }
    NewGameScreen #options { height: 1; margin-bottom: 1; }
    NewGameScreen #options Input { width: 16; height: 1; border: none; padding: 0 1; }
    NewGameScreen #options Switch { height: 1; border: none; padding: 0; }
    NewGameScreen #options Label { margin: 0 1; }
    NewGameScreen #pauserow { height: 1; margin-bottom: 1; }
    NewGameScreen #pauserow Label { margin: 0 1; }
    NewGameScreen #pauserow Button { height: 1; border: none; min-width: 10; }
    NewGameScreen #start { margin-top: 0; }
    NewGameScreen #error { color: $error; }
    NewGameScreen .hint { color: $text-muted; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.seats = default_seats(5, humans=2)
        self.count = 3
        self.pause: float | None = None  # set on mount from the app's last choice

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="form"):
            yield Label("[b]New game[/b] — Tab moves, Enter presses, Ctrl+G starts")
            with Horizontal(id="count"):
                yield Label("Players: ")
                for n in range(2, 6):
                    yield Button(str(n), id=f"n{n}", classes="count")
            for i, seat in enumerate(self.seats):
                yield SeatRow(i, seat)
            with Horizontal(id="options"):
                yield Label("Seed:")
                # As many digits as a save may hold, so the autosave can be resumed.
                yield Input("", id="seed", placeholder="random", restrict=r"[0-9]*",
                            max_length=DIGITS_MAX)
                yield Label("Hide hands between players:")
                yield Switch(True, id="privacy")
                yield Label("yes", id="privacy-word")
            with Horizontal(id="pauserow"):
                yield Label("Pause before each computer move:")
                yield Button("", id="pause")
                yield Label("(press to change)", classes="hint")
            yield Button("Start game (Ctrl+G)", id="start", variant="primary")
            yield Static("", id="error")
        yield Footer()

    def on_mount(self) -> None:
        self.set_count(self.count)
        papp = cast("PeloponnesApp", self.app)
        self.set_pause(papp.last_pause)

    def set_pause(self, pause: float) -> None:
        self.pause = pause
        self.query_one("#pause", Button).label = f"{pause:g} s"

    @on(Button.Pressed, "#pause")
    def cycle_pause(self, event: Button.Pressed) -> None:
        event.stop()
        now = self.pause if self.pause is not None else PAUSES[0]
        later = [p for p in PAUSES if p > now]
        self.set_pause(later[0] if later else PAUSES[0])

    def restyle(self) -> None:
        for row in self.query(SeatRow):
            row.query_one(".colour", Button).label = row.colour_label()

    def set_count(self, n: int) -> None:
        self.count = n
        for i in range(5):
            self.query_one(f"#seat{i}").display = i < n
        for k in range(2, 6):
            self.query_one(f"#n{k}", Button).variant = "primary" if k == n else "default"

    @on(Switch.Changed, "#privacy")
    def privacy_changed(self, event: Switch.Changed) -> None:
        self.query_one("#privacy-word", Label).update("yes" if event.value else "no")

    @on(Button.Pressed, ".count")
    def count_pressed(self, event: Button.Pressed) -> None:
        self.set_count(int(str(event.button.id)[1:]))

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
        privacy = self.query_one("#privacy", Switch).value
        papp = cast("PeloponnesApp", self.app)
        pause = self.pause if self.pause is not None else papp.last_pause
        papp.start_new(seats, seed, privacy, bot_pause=pause)


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
        files: list[Path] = []
        if autosave_path().exists():
            files.append(autosave_path())
        if saves_dir().is_dir():
            files += sorted(saves_dir().glob("*.json"), reverse=True)
        yield OptionList(*[Option(str(p), id=str(p)) for p in files], id="files")
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


class HandoffScreen(Screen[bool]):
    """Covers everything until the named player takes the keyboard."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "ready", "Show my hand", priority=True),
        Binding("ctrl+z", "app.undo", "Undo the last player's choice"),
    ]
    DEFAULT_CSS = """
    HandoffScreen { align: center middle; background: $surface; }
    HandoffScreen #box { width: 60; height: auto; border: double $accent; padding: 1 2; }
    HandoffScreen #box Static { width: 100%; text-align: center; }
    HandoffScreen Button { width: 100%; margin-top: 1; }
    """

    def __init__(self, seat: Seat, what: str) -> None:
        super().__init__()
        self.seat = seat
        self.what = what

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            t = Text("Pass the keyboard to\n\n", justify="center")
            t.append(f"{self.seat.tag} {self.seat.name}", style=f"bold {self.seat.rich_colour}")
            t.append(f"\n\n{self.what}\n\nEveryone else: please look away.", style="")
            yield Static(t)
            yield Button(f"I am {self.seat.name} — show my hand (Enter)", id="ready",
                         variant="primary")

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
        "income": "Income: coin cards by inhabitants (see the summary card), one-time income of "
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
    "Board: m board · t tableaux (again: next player) · v log · h help · "
    "Ctrl+Z undo · Ctrl+S save · Ctrl+P commands · q quit\n"
    "Decisions: 1-9 or ↑↓ pick a card · a-g add coin cards of one kind (cycles) · 0 clear · "
    "+/− luxury goods · Enter confirm · p pass · w withdraw · u under construction · "
    "k change pledge · l/r luxury cover/remove · space hit/not hit\n"
    "Mouse: click cards, coin kinds and buttons."
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
