"""The start screen: new game, resume, load, rules, quit."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from peloponnes_tui.i18n import _
from peloponnes_tui.tui.access import AppAccess
from peloponnes_tui.tui.screens.help import HelpScreen
from peloponnes_tui.tui.screens.load import LoadScreen
from peloponnes_tui.tui.screens.new_game import NewGameScreen
from peloponnes_tui.tui.session import autosave_path

TITLE = r"""
 ___      _
| _ \___ | | ___  _ __  ___  _ _  _ _  ___  ___
|  _/ -_)| |/ _ \| '_ \/ _ \| ' \| ' \/ -_)(_-<
|_| \___||_|\___/| .__/\___/|_||_|_||_\___|/__/
                 |_|      the card game
""".strip("\n")


class StartScreen(Screen[None], AppAccess):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new", "New game"),
        Binding("r", "resume", "Resume"),
        Binding("l", "load", "Load"),
        Binding("t", "learn", "Learn to play"),
        Binding("question_mark,f1", "rules", "Rules"),
        Binding("q", "app.quit_app", "Quit"),
    ]
    CSS_PATH = "start.tcss"

    def compose(self) -> ComposeResult:
        with Center():
            yield Static(TITLE, id="title")
        with Center(), Vertical(id="menu"):
            yield Button("New game (n)", id="new", variant="primary")
            yield Button("Resume autosaved game (r)", id="resume")
            yield Button("Load a save (l)", id="load")
            yield Button(_("Learn to play (t)"), id="learn")
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
        # the description quotes the save (names, a reason): text, never markup
        self.query_one("#note", Static).update(Text(
            f"Autosaved: {save_info(autosave_path()).describe()}" if has
            else "No autosaved game yet: start a new one."))

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        actions = {"new": self.action_new, "resume": self.action_resume,
                   "load": self.action_load, "learn": self.action_learn,
                   "rules": self.action_rules,
                   "quit": self.app.exit}
        if event.button.id in actions:
            actions[event.button.id]()

    def action_new(self) -> None:
        self.app.push_screen(NewGameScreen())

    def action_resume(self) -> None:
        self.papp.resume()

    def action_load(self) -> None:
        self.app.push_screen(LoadScreen())

    def action_learn(self) -> None:
        """The guided first game (``peloponnes learn``)."""
        from peloponnes_tui.learn.lessons import load_lesson
        from peloponnes_tui.tui.screens.learn import LearnScreen

        self.app.push_screen(LearnScreen(load_lesson(), self.papp.cards))

    def action_rules(self) -> None:
        self.app.push_screen(HelpScreen(self.papp.cards))


__all__ = ["TITLE", "StartScreen"]
