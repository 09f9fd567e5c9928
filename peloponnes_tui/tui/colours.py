"""Colours: the players' colours with their letters and symbols, the coin card kinds' colours,
and the palette that follows the theme (darker colours on a light theme).

Nothing here imports Textual at run time: the session's seats and the renderers use it too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from peloponnes_tui.i18n import _
from peloponnes_tui.seating import COLOURS

if TYPE_CHECKING:
    from textual.app import App
    from textual.theme import Theme

def colour_name(colour: str) -> str:
    """A player colour's name in the current language (the letter stays the English one's)."""
    return {"red": _("red"), "blue": _("blue"), "green": _("green"), "yellow": _("yellow"),
            "purple": _("purple")}.get(colour, colour)


# The same colours darker, for light themes (``set_light_palette``): the pale originals are hard
# to read on a light background.
LIGHT_COLOURS: dict[str, str] = {
    "red": "#b3261e",
    "blue": "#1f4fbf",
    "green": "#2e7d32",
    "yellow": "#8a6500",
    "purple": "#7a2fa8",
}
# The colours of the coin card kinds (by resource), and the same darker for light themes.
RES_STYLE = {"wood": "#c08040", "stone": "#a0a0b0", "grain": "#e0d060", "inhabitants": "#60c0e0"}
RES_STYLE_LIGHT = {"wood": "#8a4a10", "stone": "#505066", "grain": "#7a6400",
                   "inhabitants": "#00708f"}
# The catastrophes' symbols on the cards and tracks: a colour and a glyph each, so that the
# symbols read without colour too (and the same darker for light themes).
CATASTROPHE_MARKS: dict[str, tuple[str, str]] = {
    "plague": ("#9acd32", "☠"),
    "earthquake": ("#c08040", "≋"),
    "tempest": ("#5bc0de", "☂"),
    "drought": ("#e08030", "☼"),
    "decline": ("#a0a0b0", "↘"),
}
CATASTROPHE_LIGHT: dict[str, str] = {
    "plague": "#4f7a00",
    "earthquake": "#8a4a10",
    "tempest": "#00708f",
    "drought": "#a04800",
    "decline": "#505066",
}
_palette = {"light": False}


def set_light_palette(light: bool) -> None:
    """Use the darker colours (a light theme) or the brighter ones (a dark theme)."""
    _palette["light"] = light


def light_palette() -> bool:
    return _palette["light"]


def follow_theme(app: App[Any], changed: Callable[[Theme], None] | None = None) -> None:
    """Use the palette that suits ``app``'s theme, now and whenever the theme changes; then
    call ``changed`` (to redraw what uses the colours)."""
    set_light_palette(not app.current_theme.dark)

    def theme_changed(theme: Theme) -> None:
        set_light_palette(not theme.dark)
        if changed is not None:
            changed(theme)

    app.theme_changed_signal.subscribe(app, theme_changed)


def player_colour(colour: str) -> str:
    """The Rich colour of the player colour ``colour`` (red if unknown), darker when a light
    theme is on."""
    if _palette["light"]:
        return LIGHT_COLOURS.get(colour, LIGHT_COLOURS["red"])
    return COLOURS.get(colour, COLOURS["red"])[0]


def player_letter(colour: str) -> str:
    return COLOURS.get(colour, COLOURS["red"])[1]


def player_symbol(colour: str) -> str:
    return COLOURS.get(colour, COLOURS["red"])[2]


def res_style(resource: str) -> str:
    """The colour of a coin card kind, darker when a light theme is on."""
    return (RES_STYLE_LIGHT if _palette["light"] else RES_STYLE).get(resource, "")


def catastrophe_glyph(cat: str) -> str:
    """The glyph of a catastrophe's symbol (``?`` if unknown)."""
    return CATASTROPHE_MARKS.get(cat, ("", "?"))[1]


def catastrophe_style(cat: str) -> str:
    """The colour of a catastrophe's symbol, darker when a light theme is on."""
    if _palette["light"]:
        return CATASTROPHE_LIGHT.get(cat, "")
    return CATASTROPHE_MARKS.get(cat, ("", ""))[0]


__all__ = [
    "CATASTROPHE_LIGHT",
    "CATASTROPHE_MARKS",
    "COLOURS",
    "LIGHT_COLOURS",
    "RES_STYLE",
    "RES_STYLE_LIGHT",
    "catastrophe_glyph",
    "catastrophe_style",
    "colour_name",
    "follow_theme",
    "light_palette",
    "player_colour",
    "player_letter",
    "player_symbol",
    "res_style",
    "set_light_palette",
]
