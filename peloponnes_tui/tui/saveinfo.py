"""What the load and resume lists say about a save: round, players, date, finished or not.

Read cheaply (the file's JSON, no replay, no card data) and defensively: a file that cannot be
read or is not a save is listed as damaged, never a crash.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from peloponnes_tui.i18n import _
from peloponnes_tui.inputs import SAVE_BYTES_MAX, InputError, load_json
from peloponnes_tui.message import message


@dataclass(frozen=True, slots=True)
class SaveInfo:
    path: Path
    saved: float | None = None  # when the file was last written (seconds since the epoch)
    players: tuple[str, ...] = ()
    round: int | None = None  # None: an older save that did not record it
    over: bool | None = None
    damaged: str | None = None  # why the file is not a save, if it is not

    def describe(self) -> str:
        """One line for a list: ``round 3 · Helena, Leonidas, Dimitrios · 2025-01-05 14:03 ·
        in progress``, in the current language."""
        when = "" if self.saved is None else time.strftime("%Y-%m-%d %H:%M",
                                                           time.localtime(self.saved))
        if self.damaged is not None:
            damaged = _("damaged: {reason}").format(reason=self.damaged)
            return " · ".join(x for x in (damaged, when) if x)
        state = {None: "", True: _("finished"), False: _("in progress")}[self.over]
        rnd = (_("round not recorded") if self.round is None
               else _("round {n}").format(n=self.round))
        if self.over:
            rnd = ""
        return " · ".join(x for x in (rnd, ", ".join(self.players), when, state) if x)


def save_info(path: Path) -> SaveInfo:
    """What ``path`` holds, read without replaying the game (made when it is shown: the reason
    a file is damaged is in the current language where it is ours)."""
    try:
        saved: float | None = path.stat().st_mtime
    except OSError:
        saved = None
    try:  # within the limits every save is read with (inputs.py)
        data = load_json(path, message("save file"), SAVE_BYTES_MAX)
    except InputError as exc:
        from peloponnes_tui.refusals import message_text

        why = _("not a saved game (not JSON)") if exc.problem.text.startswith("not valid JSON") \
            else message_text(exc.problem)
        return SaveInfo(path, saved, damaged=why)
    players = data.get("players") if isinstance(data, dict) else None
    if not (isinstance(players, list) and players
            and all(isinstance(p, str) for p in players)):
        return SaveInfo(path, saved, damaged=_("not a saved game (no players)"))
    extra = data.get("extra")
    extra = extra if isinstance(extra, dict) else {}
    rnd, over = extra.get("round"), extra.get("over")
    return SaveInfo(path, saved, tuple(str(p)[:16] for p in players[:5]),
                    rnd if type(rnd) is int and 0 <= rnd <= 99 else None,
                    over if isinstance(over, bool) else None)


__all__ = ["SaveInfo", "save_info"]
