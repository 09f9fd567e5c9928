"""A browser page that went first is no crash (:class:`PageDriver`).

In its own module: ``tui/driver.py`` imports Textual's Linux driver, which Windows has not.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.drivers.web_driver import WebDriver


class PageDriver(WebDriver):
    """Textual's driver for a browser page (``WebDriver``) whose page may go first: when the
    server that carried the page has closed the pipe, what the app still writes has nobody to
    read it.  A broken pipe is then the page gone, not a crash: the app ends quietly (status 0,
    no crash log) and writes nothing more.  Public API only: ``write``, ``write_meta``,
    ``write_binary_encoded``, ``App.call_later`` and ``App.exit``."""

    def __init__(self, app: App[Any], **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.owner = app
        self.page_gone = False

    def gone(self) -> None:
        if not self.page_gone:
            self.page_gone = True
            # after what the app is doing now (it may be mounting its first screen)
            self.owner.call_later(self.owner.exit, 0)

    def write(self, data: str) -> None:
        if self.page_gone:
            return
        try:
            super().write(data)
        except (BrokenPipeError, ConnectionResetError):
            self.gone()

    def write_meta(self, data: dict[str, object]) -> None:
        if self.page_gone:
            return
        try:
            super().write_meta(data)
        except (BrokenPipeError, ConnectionResetError):
            self.gone()

    def write_binary_encoded(self, data: tuple[str | bytes, ...]) -> None:
        if self.page_gone:
            return
        try:
            super().write_binary_encoded(data)
        except (BrokenPipeError, ConnectionResetError):
            self.gone()


__all__ = ["PageDriver"]
