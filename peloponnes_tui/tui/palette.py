"""The command palette in the current language, Textual's own commands included.

Textual's ``App.get_system_commands`` yields its commands (Theme, Quit, Keys, Maximize,
Screenshot) with English names, and ``App.action_command_palette`` opens the palette with an
English placeholder.  :class:`PaletteApp` overrides both public hooks: it yields the same
commands, doing the same through the app's and the screen's public actions, worded in the
current language, and opens the palettes with translated placeholders.  Textual's keys panel
("Keys") is left out: it shows every key's description as the code writes it (English, and
Textual's own such as "Focus Next"); the help screen (h) lists the keys in the current
language.  Ctrl+C's hint to quit (``action_help_quit``) is worded here too.  Every app of ours
(play, learn, demo, replay) is one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from textual.app import App, SystemCommand
from textual.command import CommandPalette
from textual.screen import Screen
from textual.theme import ThemeProvider

from peloponnes_tui.i18n import _
from peloponnes_tui.tui.compat import CrashGuard
from peloponnes_tui.tui.widgets.footer import key_display


def textual_commands(app: PaletteApp, screen: Screen[Any]) -> Iterable[SystemCommand]:
    """Textual's own commands (the theme, maximize, the screenshot), worded in the current
    language; an app adds its own Quit."""
    yield SystemCommand(_("Theme"), _("Change the current theme"), app.action_change_theme)
    if screen.maximized is not None:
        yield SystemCommand(_("Minimize"), _("Minimize the widget and restore to normal size"),
                            screen.action_minimize)
    elif screen.focused is not None and screen.focused.allow_maximize:
        yield SystemCommand(_("Maximize"), _("Maximize the focused widget"),
                            screen.action_maximize)
    yield SystemCommand(_("Screenshot"), _("Save an SVG 'screenshot' of the current screen"),
                        lambda: app.set_timer(0.1, app.deliver_screenshot))


class PaletteApp(CrashGuard):
    """An app whose command palette speaks the current language."""

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from textual_commands(self, screen)
        yield SystemCommand(_("Quit"), _("Quit the application"), self.action_quit)

    def action_command_palette(self) -> None:
        if self.use_command_palette and not CommandPalette.is_open(cast("App[object]", self)):
            self.push_screen(CommandPalette(placeholder=_("Search for commands…"),
                                            id="--command-palette"))

    def action_help_quit(self) -> None:
        """Ctrl+C (outside a text box): say which key quits."""
        for active in self.active_bindings.values():
            if active.binding.action in ("quit", "app.quit"):
                shown = key_display(self.get_key_display(active.binding))
                self.notify(_("Press {key} to quit the app").format(key=f"[b]{shown}[/b]"),
                            title=_("Do you want to quit?"))
                return

    def search_themes(self) -> None:
        self.push_screen(CommandPalette(providers=[ThemeProvider],
                                        placeholder=_("Search for themes…")))


__all__ = ["PaletteApp", "textual_commands"]
