"""Quitting a game whose autosave failed: the player is told so and may save it elsewhere.

The quit question says "It is autosaved" only while the last autosave worked. After a failure
(a read-only folder, a full disk) this screen says why the game is not saved and offers a path
to save it to (a new file: nothing is replaced), quitting once it is written; or to quit
without saving, or to go back to the game.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar, Literal

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from peloponnes_tui.i18n import N_, _
from peloponnes_tui.web_page import in_web_session

Choice = Literal["saved", "quit"]


class QuitUnsavedScreen(ModalScreen[Choice | None]):
    """Dismissed with ``"saved"`` (written to a path: quit), ``"quit"`` (quit without saving)
    or None (back to the game)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", N_("Back"))]
    CSS_PATH = "quit_unsaved.tcss"

    def __init__(self, error: OSError, suggested: Path,
                 save_to: Callable[[Path], str | None], download: Callable[[], None]) -> None:
        """``save_to`` writes the game to a new file and returns why it could not (or None);
        ``download`` sends it to the browser (in a browser page, where no path is typed)."""
        super().__init__()
        self.error = error
        self.suggested = suggested
        self.save_to = save_to
        self.download = download

    def compose(self) -> ComposeResult:
        web = in_web_session()
        with Vertical(id="box"):
            yield Static(_("Quit the game in progress?\nIt is not saved: the last autosave "
                           "failed ({error}).").format(error=self.error.strerror or self.error),
                         markup=False)
            if web:
                yield Static(_("Download it first to keep it."))
            else:
                yield Static(_("Save it to a new file first (Enter):"))
                yield Input(str(self.suggested), id="path", compact=True)
            yield Static("", id="error", markup=False)
            with Horizontal():
                if web:
                    yield Button(_("Download"), id="save", variant="primary")
                else:
                    yield Button(_("Save and quit"), id="save", variant="primary")
                yield Button(_("Quit without saving"), id="quit", variant="warning")
                yield Button(_("Back (Esc)"), id="back")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        match event.button.id:
            case "save":
                self.save()
            case "quit":
                self.dismiss("quit")
            case _:
                self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.save()

    def save(self) -> None:
        if in_web_session():
            self.download()
            return
        raw = self.query_one("#path", Input).value.strip()
        if not raw:
            self.query_one("#error", Static).update(_("Give the path of a new file."))
            return
        problem = self.save_to(Path(raw).expanduser())
        if problem is not None:
            self.query_one("#error", Static).update(problem)
            return
        self.dismiss("saved")

    def action_back(self) -> None:
        self.dismiss(None)


__all__ = ["QuitUnsavedScreen"]
