"""The start screen: new game, resume, load, rules, quit."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from peloponnes_tui.i18n import N_, _
from peloponnes_tui.tui.access import AppAccess
from peloponnes_tui.tui.session import autosave_path
from peloponnes_tui.tui.widgets.footer import KeysFooter

# its last line goes on with "the card game" in the current language
TITLE = r"""
 ___      _
| _ \___ | | ___  _ __  ___  _ _  _ _  ___  ___
|  _/ -_)| |/ _ \| '_ \/ _ \| ' \| ' \/ -_)(_-<
|_| \___||_|\___/| .__/\___/|_||_|_||_\___|/__/
                 |_|
""".strip("\n")


class StartScreen(Screen[None], AppAccess):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new", N_("New game")),
        Binding("r", "resume", N_("Resume")),
        Binding("l", "load", N_("Load")),
        Binding("w", "watch", N_("Watch")),
        Binding("t", "learn", N_("Learn to play")),
        Binding("question_mark,f1", "rules", N_("Rules")),
        Binding("q", "app.quit_app", N_("Quit")),
    ]
    CSS_PATH = "start.tcss"

    def compose(self) -> ComposeResult:
        with Center():
            yield Static(TITLE + "      " + _("the card game"), id="title")
        with Center(), Vertical(id="menu"):
            yield Button(_("New game (n)"), id="new", variant="primary")
            yield Button(_("Resume autosaved game (r)"), id="resume")
            with Horizontal(id="saves"):
                yield Button(_("Load a save (l)"), id="load")
                yield Button(_("Watch a game (w)"), id="watch")
            with Horizontal(id="learning"):
                yield Button(_("Learn to play (t)"), id="learn")
                yield Button(_("Rules (?)"), id="rules")
            yield Button(_("Quit (q)"), id="quit", variant="error")
            yield Static("", id="note")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.refresh_resume()

    def on_screen_resume(self) -> None:
        self.refresh_resume()

    async def relabel(self) -> None:
        """Compose the screen again in the current language (it changed)."""
        await self.recompose()
        self.refresh_resume()

    def refresh_resume(self) -> None:
        from peloponnes_tui.tui.saveinfo import save_info

        has = autosave_path().exists()
        if not self.query("#resume"):
            return
        self.query_one("#resume", Button).disabled = not has
        # the description quotes the save (names, a reason): text, never markup
        self.query_one("#note", Static).update(Text(
            _("Autosaved: {save}").format(save=save_info(autosave_path()).describe()) if has
            else _("No autosaved game yet: start a new one.")))

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        actions = {"new": self.action_new, "resume": self.action_resume,
                   "load": self.action_load, "watch": self.action_watch,
                   "learn": self.action_learn,
                   "rules": self.action_rules,
                   "quit": self.app.exit}
        if event.button.id in actions:
            actions[event.button.id]()

    def action_new(self) -> None:
        from peloponnes_tui.tui.screens.new_game import NewGameScreen

        self.app.push_screen(NewGameScreen())

    async def action_resume(self) -> None:
        await self.run_action("app.resume")

    def action_load(self) -> None:
        from peloponnes_tui.tui.screens.load import LoadScreen

        self.app.push_screen(LoadScreen())

    def action_watch(self) -> None:
        from peloponnes_tui.tui.screens.replay import WatchScreen

        self.app.push_screen(WatchScreen())

    def action_learn(self) -> None:
        """The course (``peloponnes learn``)."""
        from peloponnes_tui.tui.screens.course import CourseScreen

        self.app.push_screen(CourseScreen(self.papp.cards))

    def action_rules(self) -> None:
        from peloponnes_tui.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.papp.cards))


__all__ = ["TITLE", "StartScreen"]
