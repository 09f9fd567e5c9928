"""The last line of defence: an unexpected error becomes a short message and a log file.

Every command (``cli.main``) and every app (``tui/app.py: CrashGuard``) ends in here when
something escapes them that is not a refused input (those exit with status 2 and their own
message).  The player sees one line on stderr naming the kind of error and the log file; the
full traceback (without local variables: they could hold a save's or a card file's contents)
goes to ``data_dir()/logs/crash-<time>-<pid>.log``.  At most :data:`KEEP_LOGS` logs are kept and
each is cut at :data:`LOG_LIMIT` characters, so the directory cannot grow without bound.

Nothing here imports Textual or rich: the handler must work when they are what failed.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
import traceback
from pathlib import Path

EXIT_INTERNAL = 1  # an unexpected error (a bug): the log file has the details
EXIT_REFUSED = 2  # a refused input: a value, a file (argparse uses 2 as well)
EXIT_INTERRUPTED = 130  # Ctrl+C, as a shell reports a SIGINT

LOGS = "logs"
# Where crash logs go instead, when set: ``peloponnes serve`` sets it for its game processes, whose
# own data directory is removed with their page.
LOG_DIR_ENV = "PELOPONNES_LOG_DIR"
KEEP_LOGS = 20
LOG_LIMIT = 200_000  # characters of one log file


def logs_dir() -> Path:
    """Where crash logs go: ``logs/`` in the user data directory (or ``PELOPONNES_LOG_DIR``)."""
    from peloponnes_tui.tui.session import data_dir

    if os.environ.get(LOG_DIR_ENV):
        return Path(os.environ[LOG_DIR_ENV])
    return data_dir() / LOGS


def write_crash_log(error: BaseException, where: str) -> Path | None:
    """Write the traceback of ``error`` to a new log file; None if it could not be written.

    ``where`` names what was running (a command, the app).  Older logs beyond
    :data:`KEEP_LOGS` are removed first.
    """
    from peloponnes_tui import __version__

    lines = [f"peloponnes {__version__} crash report\n",
             f"time: {time.strftime('%Y-%m-%d %H:%M:%S %z')}\n",
             f"while: {where}\n",
             f"python: {sys.version.split()[0]} on {sys.platform}\n",
             f"argv: {sys.argv!r}\n\n",
             *traceback.format_exception(error)]
    text = "".join(lines)
    if len(text) > LOG_LIMIT:
        text = text[: LOG_LIMIT // 2] + "\n[… cut …]\n" + text[-LOG_LIMIT // 2:]
    try:
        folder = logs_dir()
        folder.mkdir(parents=True, exist_ok=True)
        prune_logs(folder, KEEP_LOGS - 1)
        path = folder / f"crash-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.log"
        n = 1
        while path.exists():
            n += 1
            path = folder / f"crash-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}-{n}.log"
        path.write_text(text, encoding="utf-8", errors="backslashreplace")
    except OSError:
        return None
    return path


def prune_logs(folder: Path, keep: int) -> None:
    """Remove the oldest crash logs in ``folder`` so that at most ``keep`` remain."""
    logs = sorted(folder.glob("crash-*.log"))  # the names begin with the time
    for old in logs[: max(0, len(logs) - keep)]:
        with contextlib.suppress(OSError):
            old.unlink()


def crash_message(error: BaseException, log: Path | None, note: str = "") -> str:
    """The one line a player sees: the kind of error, where the details are, ``note``."""
    from peloponnes_tui.i18n import _

    kind = type(error).__name__
    where = (_("details written to {log}").format(log=log) if log is not None
             else _("the details could not be written to a log file"))
    return _("peloponnes: something went wrong ({kind}); {where}").format(
        kind=kind, where=where) + ("; " + note if note else "")


def report_crash(error: BaseException, where: str, note: str = "") -> int:
    """Log ``error``, print the short message on stderr and return the exit status (1)."""
    log = write_crash_log(error, where)
    with contextlib.suppress(OSError, ValueError):
        print(crash_message(error, log, note), file=sys.stderr, flush=True)
    return EXIT_INTERNAL


__all__ = [
    "EXIT_INTERNAL",
    "EXIT_INTERRUPTED",
    "EXIT_REFUSED",
    "KEEP_LOGS",
    "LOG_DIR_ENV",
    "LOG_LIMIT",
    "crash_message",
    "logs_dir",
    "prune_logs",
    "report_crash",
    "write_crash_log",
]
