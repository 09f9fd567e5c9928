"""Keys that are not UTF-8 never end the app.

Textual's terminal driver on Linux and macOS (``LinuxDriver``) decodes what the keyboard sends
as strict UTF-8 in its input thread: one byte that is not UTF-8 (a terminal set to Latin-1
typing "ä", a paste from one) raises there, outside every handler of the app, and Textual
closes the app with a traceback and status 0.  :class:`TolerantDriver` runs the driver's own
input loop (its public ``run_input_thread``) again after such a byte: what that read held (at
most 4 KiB: one key, or the start of a paste) is dropped with whatever follows it at once (the
rest of the paste, so that it cannot arrive as keys), and the game goes on.  Any other error of the
input thread is handed to the app's own error handling (``CrashGuard``: a crash log and the
one-line message), not left to end the app with status 0.

Only public API: ``App.get_driver_class`` (see ``compat.CrashGuard``) picks this class where
Textual would pick ``LinuxDriver``; ``Driver.__init__``, ``run_input_thread``, ``fileno``,
``exit_event`` and ``App.call_later`` are public.
"""

from __future__ import annotations

import os
import select
from typing import Any

from textual.app import App
from textual.drivers.linux_driver import LinuxDriver

DRAIN_QUIET = 0.05  # seconds without input that end a burst (a paste) after a bad byte


class TolerantDriver(LinuxDriver):
    """``LinuxDriver`` whose input thread survives bytes that are not UTF-8."""

    def __init__(self, app: App[Any], **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.owner = app
        self.dropped = 0  # reads dropped for a byte that is not UTF-8

    def run_input_thread(self) -> None:
        while True:
            try:
                super().run_input_thread()
            except UnicodeDecodeError:
                self.dropped += 1
                if self.exit_event.is_set():
                    return
                self.drain()
                continue  # a new decoder and parser read the next keys
            except Exception as error:  # a bug: the app's crash handling, not Textual's exit 0
                self.owner.call_later(_raise, error)
            return


    def drain(self, quiet: float = DRAIN_QUIET) -> None:
        """Drop what follows the bad read until the input is quiet for ``quiet`` seconds: the
        rest of a paste, whose bracketing was in the dropped read, must not arrive as keys."""
        while not self.exit_event.is_set():
            ready, _, _ = select.select([self.fileno], [], [], quiet)
            if not ready:
                return
            try:
                if not os.read(self.fileno, 4096):
                    return
            except OSError:
                return


def _raise(error: Exception) -> None:
    raise error


__all__ = ["TolerantDriver"]
