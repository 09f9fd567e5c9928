"""The one place where the app touches something of Textual's that is not public API.

Textual offers no public hook for an unexpected error (an exception in a handler, a timer, a
worker or a screen): every one goes to the private ``App._handle_exception``, which ends the app
with status 1 and has a traceback with local variables printed once the terminal is restored.
A player must see one short line instead, the traceback must go to a crash log without local
variables (they could hold a save's or a card file's contents), and the app must stop writing
its autosave at the first error.  So :class:`CrashGuard` overrides that one method, and nothing
else private: the traceback Textual renders is printed to a console of its own that writes
nowhere (``App.error_console`` is public).

:data:`WRITTEN_FOR` names the Textual releases this was written and tested for;
:func:`hook_in_place` tells whether the method is still there with the same signature
(``tests/test_public_api.py`` fails if not, and :func:`run_guarded` still turns an error it
missed into the short line and status 1).
"""

from __future__ import annotations

import inspect
import io
import sys
from collections.abc import Callable
from pathlib import Path

import textual
from rich.console import Console
from textual.app import App
from textual.driver import Driver

from peloponnes_tui.crash import EXIT_INTERNAL, crash_message, report_crash, write_crash_log

WRITTEN_FOR = "8."  # Textual's major release this module was written for (8.2.8 to 8.x)
HOOK = "_handle_exception"  # App's private method every unexpected error goes through


def hook_in_place() -> bool:
    """Whether Textual's ``App`` still has the method :class:`CrashGuard` overrides, taking
    the error as its one argument, in a release of :data:`WRITTEN_FOR`."""
    method = getattr(App, HOOK, None)
    if method is None or not textual.__version__.startswith(WRITTEN_FOR):
        return False
    return list(inspect.signature(method).parameters) == ["self", "error"]


class CrashGuard(App[int]):
    """An app whose unexpected errors end in a short message and a log file, not a traceback:
    the error is logged (``crash.write_crash_log``), ``on_crash`` lets the app stop writing
    anything, Textual closes the app, and :func:`run_guarded` prints the one-line message after
    the terminal is restored."""

    def __init__(self) -> None:
        super().__init__()
        self.crash: tuple[BaseException, Path | None] | None = None
        # Textual prints its traceback (with local variables) here: to nowhere
        self.error_console = Console(file=io.StringIO(), markup=False, highlight=False)

    def _handle_exception(self, error: Exception) -> None:
        if self.crash is None:
            self.crash = (error, write_crash_log(error, type(self).__name__))
            self.on_crash()
        super()._handle_exception(error)  # status 1, closes the app; tests see the error

    def get_driver_class(self) -> type[Driver]:
        """Textual's choice of driver, except that its terminal driver for Linux and macOS is
        replaced by one that survives keys that are not UTF-8, and its driver for a browser page
        by one for which a page closed first is no crash (``tui/driver.py``,
        ``tui/page_driver.py``; public API)."""
        driver = super().get_driver_class()
        from textual.drivers.web_driver import WebDriver

        from peloponnes_tui.tui.page_driver import PageDriver

        if driver is WebDriver:
            return PageDriver  # (a page closed first ends the app quietly)
        if sys.platform != "win32":
            from textual.drivers.linux_driver import LinuxDriver

            from peloponnes_tui.tui.driver import TolerantDriver

            if driver is LinuxDriver:
                return TolerantDriver
        return driver

    def on_crash(self) -> None:
        """Called once, at the first unexpected error, before the app closes."""

    def crash_note(self) -> str:
        """What the crash message adds (where the game is saved)."""
        return ""


class UnseenError(RuntimeError):
    """The app ended with the status of an unexpected error that :class:`CrashGuard` did not
    see (Textual's hook moved): its traceback is lost."""


def run_guarded(app: CrashGuard, after: Callable[[], None] | None = None) -> int:
    """Run ``app``; an unexpected error becomes the one-line message and exit status 1."""
    try:
        result = app.run()
    except Exception as exc:  # an error outside Textual's handlers (starting, closing)
        if app.crash is None:
            return report_crash(exc, type(app).__name__, app.crash_note())
        result = None
    finally:
        if after is not None:
            after()
    if app.crash is None and app.return_code == EXIT_INTERNAL and result is None:
        unseen = UnseenError("the app ended after an error that was not logged")
        app.crash = (unseen, write_crash_log(unseen, type(app).__name__))
    if app.crash is not None:
        error, log = app.crash
        print(crash_message(error, log, app.crash_note()), file=sys.stderr, flush=True)
        return EXIT_INTERNAL
    return int(result or 0)


__all__ = ["HOOK", "WRITTEN_FOR", "CrashGuard", "hook_in_place", "run_guarded"]
