"""The Load screen: the autosave and the saves, each described, or a path typed in."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from peloponnes_tui.i18n import N_, _
from peloponnes_tui.tui.access import AppAccess
from peloponnes_tui.tui.session import autosave_path, saves_dir
from peloponnes_tui.tui.widgets.footer import KeysFooter


class LoadScreen(Screen[None], AppAccess):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", N_("Back"))]
    CSS_PATH = "load.tcss"

    def compose(self) -> ComposeResult:
        yield Label(_("[b]Load a saved game[/b] — pick a file or type a path and press Enter"))
        yield OptionList(*[Option(save_line(p), id=str(p)) for p in save_files()], id="files")
        yield Input(placeholder=_("path to a save file"), id="path")
        yield Static("", id="error")
        yield KeysFooter()

    @on(OptionList.OptionSelected)
    def picked(self, event: OptionList.OptionSelected) -> None:
        self.load(Path(str(event.option.id)))

    @on(Input.Submitted)
    def typed(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.load(Path(event.value.strip()).expanduser())

    def load(self, path: Path) -> None:
        err = self.papp.load_path(path)
        if err:
            self.query_one("#error", Static).update(err)


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
    name = _("autosave") if path == autosave_path() else path.name
    t = Text(name, style="bold")
    t.append("  " + info.describe(), style="red" if info.damaged else "")
    return t


__all__ = ["LoadScreen", "save_files", "save_line"]
