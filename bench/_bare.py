"""The bare Textual apps the benches compare the game with (nothing of the game in them).

- ``Tables``: a screen of comparable size: a board of three Rich tables (scrolled where they do
  not fit), a decision line, a footer.  Enter (the "answer" key) rewrites the board and the
  decision line, a digit key the decision line only: the floor Textual itself sets for these
  updates.
- ``Label``: one label, the least a Textual app shows.

``bench/tui.py`` runs them in-process (and cold, headless); ``bench/terminal.py`` runs this file
in tmux:

    python bench/_bare.py tables|label [--headless-exit]

With --headless-exit the app runs headless at 120×40 and exits after its first refresh (the
headless cold start).
"""

from __future__ import annotations

import sys
from typing import ClassVar

from rich.table import Table
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static
from textual.widgets import Label as LabelWidget


def table(k: int) -> Table:
    t = Table(expand=True)
    for c in range(8):
        t.add_column(f"col {c}")
    for r in range(6):
        t.add_row(*[f"{k}·{r}·{c}" for c in range(8)])
    return t


class Tables(App[None]):
    # the board takes the room the decision line and the footer leave, and scrolls (at 80×24
    # the tables do not fit): the line stays on the screen, as the game's panel does
    CSS = "#board { height: 1fr; } #panel { height: auto; }"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "answer", "Confirm"), Binding("p", "answer", "Pass"),
        *[Binding(str(d), f"digit({d})", show=False) for d in range(1, 10)]]

    def __init__(self, exit_when_ready: bool = False) -> None:
        super().__init__()
        self.k = 0
        self.exit_when_ready = exit_when_ready

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="board"):
            yield Static(id="offer")
            yield Static(id="tracks")
            yield Static(id="players")
        yield Static(id="panel")
        yield Footer()

    def on_mount(self) -> None:
        self.action_answer()
        if self.exit_when_ready:
            self.call_after_refresh(self.exit)

    def action_answer(self) -> None:
        self.k += 1
        for ident in ("offer", "tracks", "players"):
            self.query_one(f"#{ident}", Static).update(table(self.k))
        self.action_digit(1)

    def action_digit(self, d: int) -> None:
        self.query_one("#panel", Static).update(f"answer {self.k}: card {d}\n" * 4)


class Label(App[None]):
    def __init__(self, exit_when_ready: bool = False) -> None:
        super().__init__()
        self.exit_when_ready = exit_when_ready

    def compose(self) -> ComposeResult:
        yield LabelWidget("hello")

    def on_mount(self) -> None:
        if self.exit_when_ready:
            self.call_after_refresh(self.exit)


def main(argv: list[str]) -> int:
    kind = argv[0] if argv else "tables"
    headless = "--headless-exit" in argv
    app = Tables(headless) if kind == "tables" else Label(headless)
    if headless:
        app.run(headless=True, size=(120, 40))
    else:
        app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
