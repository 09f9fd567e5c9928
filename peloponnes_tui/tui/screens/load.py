"""The Load screen: the autosave and the saves, each described, or a path typed in.

In a browser page (``peloponnes serve``) the list holds only the page's own files: its autosave,
its saves and the saves sent from the browser with the page's button (``uploads/``, looked at
again every second); no path can be typed, and a refusal names the file, not the server's folder.
:func:`save_files`, :func:`path_field`, :func:`may_open`, :func:`refusal` and
:func:`follow_uploads` serve the Watch screen alike.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from peloponnes_tui.i18n import N_, _
from peloponnes_tui.serve import in_web_session, uploads_dir
from peloponnes_tui.tui.access import AppAccess
from peloponnes_tui.tui.session import autosave_path, data_dir, saves_dir
from peloponnes_tui.tui.widgets.footer import KeysFooter


class LoadScreen(Screen[None], AppAccess):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", N_("Back"))]
    CSS_PATH = "load.tcss"

    def compose(self) -> ComposeResult:
        if in_web_session():
            yield Label(_("[b]Load a saved game[/b] — pick a file and press Enter"))
        else:
            yield Label(_("[b]Load a saved game[/b] — pick a file or type a path and press "
                          "Enter"))
        yield OptionList(*file_options(), id="files")
        yield path_field()
        yield Static("", id="error")
        yield KeysFooter()

    def on_mount(self) -> None:
        follow_uploads(self)

    @on(OptionList.OptionSelected)
    def picked(self, event: OptionList.OptionSelected) -> None:
        self.load(Path(str(event.option.id)))

    @on(Input.Submitted)
    def typed(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.load(Path(event.value.strip()).expanduser())

    def load(self, path: Path) -> None:
        if not may_open(path):
            return
        err = self.papp.load_path(path)
        if err:
            self.query_one("#error", Static).update(refusal(err, path))


def save_files() -> list[Path]:
    """The autosave (if any), then the saves, newest first; in a browser page then the saves
    sent from the browser, newest first."""
    files: list[Path] = []
    if autosave_path().exists():
        files.append(autosave_path())
    if saves_dir().is_dir():
        files += sorted(saves_dir().glob("*.json"), reverse=True)
    if in_web_session() and uploads_dir().is_dir():
        files += sorted(uploads_dir().glob("*.json"), key=lambda p: p.stat().st_mtime_ns,
                        reverse=True)
    return files


def file_options() -> list[Option]:
    return [Option(save_line(p), id=str(p)) for p in save_files()]


def path_field() -> Widget:
    """Where a path is typed; in a browser page, what to do instead."""
    if in_web_session():
        return Static(_("To open a save from this device, use the button below the game; it "
                        "appears here."), id="path")
    return Input(placeholder=_("path to a save file"), id="path")


def may_open(path: Path) -> bool:
    """Anywhere in a terminal; in a browser page only a file of the page's own folder."""
    if not in_web_session():
        return True
    try:
        return path.resolve().is_relative_to(data_dir().resolve())
    except (OSError, ValueError):
        return False


def refusal(text: str, path: Path) -> str:
    """A refusal to show: in a browser page, with the file's name for the server's path."""
    return text.replace(str(path), path.name) if in_web_session() else text


def follow_uploads(screen: Screen[None]) -> None:
    """In a browser page, look at the files every second and list them again when they change
    (a save sent from the browser appears)."""
    if not in_web_session():
        return
    listed = save_files()

    def look() -> None:
        nonlocal listed
        now = save_files()
        if now != listed:
            listed = now
            files = screen.query_one("#files", OptionList)
            at = files.highlighted
            files.clear_options()
            files.add_options(file_options())
            if files.option_count:
                files.highlighted = min(at or 0, files.option_count - 1)

    screen.set_interval(1.0, look)


def save_line(path: Path) -> Text:
    """A save in the load list: its name, then round, players, date and whether it is over."""
    from peloponnes_tui.tui.saveinfo import save_info

    info = save_info(path)
    name = _("autosave") if path == autosave_path() else path.name
    if in_web_session() and path.parent == uploads_dir():
        name = _("{name} (sent from this device)").format(name=path.name)
    t = Text(name, style="bold")
    t.append("  " + info.describe(), style="red" if info.damaged else "")
    return t


__all__ = ["LoadScreen", "file_options", "follow_uploads", "may_open", "path_field", "refusal",
           "save_files", "save_line"]
