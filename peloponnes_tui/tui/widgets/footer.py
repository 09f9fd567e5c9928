"""The footer: the keys that work now, in the current language, on one line.

A key binding's description is a class constant (``BINDINGS``), so it stays English in the code
(marked with ``N_`` for the catalog) and is translated here, when the footer draws it.

The footer is built from the screen's public ``active_bindings`` and drawn as one line through
Textual's Line API.  It looks at the keys it would show whenever the screen's bindings may have
changed (``bindings_updated_signal``, at every change of focus: at every answer, when a new
decision panel takes the keyboard) and draws itself again only when they differ from the keys
it shows; its height never changes, so it never has the screen laid out again.  (Textual's own
``Footer`` removes and mounts a widget per key at every such change, which cost most of the time
an answer took.)  A click on a key presses it; a disabled key only rings the bell.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from rich.style import Style
from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget

from peloponnes_tui.i18n import N_, _

if TYPE_CHECKING:
    from textual.events import MouseMove
    from textual.screen import Screen


# Textual's own key descriptions and tooltips that a footer shows, for the catalog
TEXTUAL_WORDS = (N_("palette"), N_("Open the command palette"))


def key_names() -> dict[str, str]:
    """Textual's names of the keys that are words, in the current language."""
    return {"space": _("space"), "esc": _("esc"), "tab": _("tab"), "pgup": _("PgUp"),
            "pgdn": _("PgDn"), "del": _("del"), "home": _("home"), "end": _("end"),
            "insert": _("insert")}


def key_display(display: str) -> str:
    """A key as Textual displays it (``space``, ``^p``, ``shift+tab``), in the current language:
    the named keys translated (``Leertaste``), the control key as the language writes it in a
    terminal (``^p`` in English and in German, as GNU nano's German keys do: short enough that
    a footer keeps every key at 80 columns)."""
    names = key_names()
    parts = display.split("+")
    out = []
    for part in parts:
        if part.startswith("^") and len(part) > 1:
            out.append(_("^{key}").format(key=names.get(part[1:], part[1:])))
        elif part == "shift":
            out.append(_("shift"))
        else:
            out.append(names.get(part, part))
    return "+".join(out)


def translated(text: str) -> str:
    """A key's description or tooltip in the current language (an empty one stays empty: the
    catalog's entry for "" is its header)."""
    return _(text) if text else text


class Key(NamedTuple):
    """One key as the footer shows it."""

    key: str
    display: str
    description: str
    action: str
    enabled: bool
    tooltip: str


class KeysFooter(Widget, can_focus=False):
    """The keys of the focused widget and of the screen, described in the current language;
    the key that opens the command palette at the right end."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "keys-footer--key", "keys-footer--description", "keys-footer--edge"}
    DEFAULT_CSS = """
    KeysFooter {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        & > .keys-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .keys-footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        & > .keys-footer--edge { color: $foreground 20%; }
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.keys: tuple[Key, ...] = ()  # the keys shown, left to right
        self.palette: Key | None = None  # the command palette's key, at the right end
        self.line: Strip | None = None  # the line as drawn (None: to be drawn)

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.update_keys()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self.update_keys()

    def shown_keys(self) -> tuple[tuple[Key, ...], Key | None]:
        """The keys to show (the first binding of each action that is shown), and the command
        palette's key."""
        keys: dict[str, Key] = {}
        palette: Key | None = None
        app = self.app
        palette_key = app.COMMAND_PALETTE_BINDING if app.ENABLE_COMMAND_PALETTE else None
        for key, (_node, binding, enabled, tooltip) in self.screen.active_bindings.items():
            if key != palette_key and not binding.show:
                continue
            shown = Key(binding.key, key_display(app.get_key_display(binding)),
                        translated(binding.description), binding.action, enabled,
                        translated(tooltip or binding.tooltip))
            if key == palette_key:
                palette = shown  # (shown at the right end, as Textual's own footer does)
            else:
                keys.setdefault(binding.action, shown)
        return tuple(keys.values()), palette

    def update_keys(self) -> None:
        """Show the keys that work now; drawn again only when they changed (the board calls it
        when a new decision panel has the keyboard, so the keys change in the same frame as
        the panel)."""
        keys, palette = self.shown_keys()
        if (keys, palette) != (self.keys, self.palette):
            self.keys, self.palette = keys, palette
            self.line = None
            self.refresh()

    def key_text(self, key: Key) -> Text:
        """One key: its cap and what it does, a click on it presses it."""
        click = Style(meta={"@click": f"app.simulate_key({key.key!r})" if key.enabled
                            else "app.bell()", "tip": key.tooltip})
        dim = Style(dim=not key.enabled)
        text = Text()
        text.append(f" {key.display} ",
                    self.get_component_rich_style("keys-footer--key") + dim + click)
        if key.description:
            text.append(f"{key.description} ",
                        self.get_component_rich_style("keys-footer--description") + dim + click)
        return text

    def draw(self, width: int) -> Strip:
        base = self.visual_style.rich_style
        right = Text(no_wrap=True, end="")
        if self.palette is not None:
            right.append("▏", self.get_component_rich_style("keys-footer--edge"))
            right.append_text(self.key_text(self.palette))
        room = max(0, width - right.cell_len)
        # whole keys only: where the line is too short, the last keys are left out rather
        # than cut to a key cap without its word (they stay in help and the palette)
        left = Text(no_wrap=True, overflow="crop", end="")
        for key in self.keys:
            text = self.key_text(key)
            if left.cell_len + text.cell_len - 1 > room:  # (its space after may go)
                break
            left.append_text(text)
        left.truncate(room, overflow="crop", pad=True)
        line = left + right
        line.stylize_before(base)
        segments = line.render(self.app.console)
        return Strip(segments).crop_extend(0, width, base)

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        if self.line is None or self.line.cell_length != width:
            self.line = self.draw(width)
        return self.line if y == 0 else Strip.blank(width, self.visual_style.rich_style)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.line = None  # a new theme or language: drawn again

    def on_mouse_move(self, event: MouseMove) -> None:
        tip = event.style.meta.get("tip") if event.style else None
        tip = tip if isinstance(tip, str) and tip else None
        if tip != self.tooltip:
            self.tooltip = tip


__all__ = ["Key", "KeysFooter", "key_display", "key_names", "translated"]
