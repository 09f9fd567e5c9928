"""The footers: Textual's own with the keys' descriptions in the current language
(:class:`KeysFooter`), and the board's, which does not rebuild itself at every answer.

A key binding's description is a class constant (``BINDINGS``), so it stays English in the code
(marked with ``N_`` for the catalog) and is translated here, when the footer draws it.

Textual's ``Footer`` recomposes (removes every key widget and mounts new ones, restyles them and
lays the screen out again) whenever the screen's bindings may have changed, which is at every
change of focus: at every answer, when the old decision panel goes and the new one takes the
keyboard.  That was most of the time an answer took.  This footer looks at the keys it would
show: when they are the same as shown, it does nothing; when only their words change (one
panel's key for another's, e.g. ``p Choose pass`` for ``w Choose withdraw``) it rewrites the key
widgets it has, and hides the ones it has no key for; only more keys than it ever showed, or
a grouping of keys, makes it recompose.  It shows exactly what Textual's ``Footer`` shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from peloponnes_tui.i18n import N_, _
from peloponnes_tui.tui.widgets.drawn import quiet_virtual_size

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.screen import Screen


# Textual's own key descriptions and tooltips that a footer shows, for the catalog
TEXTUAL_WORDS = (N_("palette"), N_("Open the command palette"))


def translated(text: str) -> str:
    """A key's description or tooltip in the current language (an empty one stays empty: the
    catalog's entry for "" is its header)."""
    return _(text) if text else text


class KeysFooter(Footer):
    """Textual's ``Footer``, its keys described in the current language."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.description = translated(widget.description)
                tooltip = widget.tooltip
                if isinstance(tooltip, str):
                    widget.tooltip = translated(tooltip)
            yield widget


class Key(NamedTuple):
    """One key as the footer shows it."""

    key: str
    display: str
    description: str
    action: str
    enabled: bool
    tooltip: str


class BoardKey(FooterKey):
    """A key of the board's footer: when its words change, the screen is laid out once, not
    twice (``quiet_virtual_size``)."""

    virtual_size = quiet_virtual_size()


class BoardFooter(KeysFooter):
    """A ``KeysFooter`` that updates its keys in place (see the module's docstring)."""

    _shown: tuple[Key, ...] | None = None

    def shown_keys(self) -> tuple[Key, ...] | None:
        """The keys ``Footer.compose`` would show, in order; None when it would show more than
        plain keys (a group of keys under one label), which only a recompose draws."""
        keys: dict[str, Key] = {}
        for _node, binding, enabled, tooltip in self.screen.active_bindings.values():
            if not binding.show:
                continue
            if binding.group is not None:
                return None
            # Footer.compose shows the first binding of each action
            keys.setdefault(binding.action, Key(binding.key, self.app.get_key_display(binding),
                                                translated(binding.description),
                                                binding.action, enabled, translated(tooltip)))
        return tuple(keys.values())

    def compose(self) -> ComposeResult:
        self._shown = None  # what is shown is whatever this composes
        for widget in super().compose():
            if type(widget) is FooterKey:
                # Footer.compose makes the keys; each becomes a BoardKey, the same widget
                # with a quieter virtual size (a subclass that adds no state)
                widget.__class__ = BoardKey
            yield widget

    def bindings_changed(self, screen: Screen[Any]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._update_keys)

    async def update_keys(self) -> None:
        """Show the keys of the focused widget now, not after the next screen update (the board
        calls it when a new decision panel has the keyboard, so the keys change in the same
        frame as the panel)."""
        with self._context():  # as if called from the footer's own messages (its compose binds)
            await self._update_keys()

    async def _update_keys(self) -> None:
        if not self.is_attached:
            return
        shown = self.shown_keys()
        if shown is not None and shown == self._shown:
            return
        widgets = [w for w in self.query_children(FooterKey)
                   if not w.has_class("-command-palette")]
        if (shown is None or self._shown is None or len(shown) > len(widgets)
                or any(w.has_class("-grouped") for w in widgets)):
            await self.recompose()
            self._shown = shown
            return
        before = self._shown
        self._shown = shown
        for i, (widget, key) in enumerate(zip(widgets, shown, strict=False)):
            if i < len(before) and before[i] == key and widget.display:
                continue  # this key stays as it is (Enter, the help, ...): not drawn again
            widget.key = key.key
            widget.key_display = key.display
            widget.description = key.description
            widget.action = key.action
            widget._disabled = not key.enabled
            widget.set_class(not key.enabled, "-disabled")
            widget.tooltip = key.tooltip or None
            widget.display = True
            widget.refresh(layout=True)
        # fewer keys than key widgets: the rest wait hidden for a panel with more keys
        for widget in widgets[len(shown):]:
            widget.display = False


__all__ = ["BoardFooter", "BoardKey", "KeysFooter", "translated"]
