"""``peloponnes replay FILE``: the replay viewer as an app of its own; leaving it ends the app."""

from __future__ import annotations

from peloponnes_tui.tui.colours import follow_theme
from peloponnes_tui.tui.compat import run_guarded
from peloponnes_tui.tui.palette import PaletteApp
from peloponnes_tui.tui.replay import Replay
from peloponnes_tui.tui.screens.replay import ReplayScreen


class ReplayApp(PaletteApp):
    TITLE = "Peloponnes"

    def __init__(self, replay: Replay) -> None:
        super().__init__()
        self.replay = replay

    def on_mount(self) -> None:
        def restyle(_theme: object) -> None:
            for screen in self.screen_stack:
                if isinstance(screen, ReplayScreen):
                    screen.restyle()

        follow_theme(self, restyle)
        self.push_screen(ReplayScreen(self.replay), lambda _result: self.exit(0))

    async def action_quit(self) -> None:
        self.exit(0)


def run_replay(replay: Replay) -> int:
    return run_guarded(ReplayApp(replay))


__all__ = ["ReplayApp", "run_replay"]
