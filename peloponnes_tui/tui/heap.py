"""Python's full garbage collections kept out of the answers to keys.

Python's full collections (about 30-40 ms each) fell on whatever key the allocations happened
to reach their count on, in the middle of an answer or a step.  While a board is shown (the
game's, the replay viewer's, the demonstration's) they are ten times rarer
(FULL_COLLECTIONS_HELD) and the screen collects instead when nothing has changed on it for
TIDY_AFTER seconds: while a player reads and thinks.
"""

from __future__ import annotations

import gc
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.widget import Widget

TIDY_AFTER = 0.25
# how often a board looks whether it has been still for TIDY_AFTER: often, so that the collection
# comes soon after (it came up to TIDY_AFTER later, and so at times after the next key of a quick
# player, in the middle of its answer)
TIDY_CHECK = 0.05
FULL_COLLECTIONS_HELD = 10  # the factor on the count of young collections before a full one


class FullCollections:
    """Holds Python's automatic full collections back (FULL_COLLECTIONS_HELD times rarer)
    while at least one board holds them: a new game's board may be mounted before the last
    one is unmounted."""

    def __init__(self) -> None:
        self.holders = 0
        self.thresholds = gc.get_threshold()  # as they were before the first hold

    def hold(self) -> None:
        if not self.holders:
            self.thresholds = t0, t1, t2 = gc.get_threshold()
            gc.set_threshold(t0, t1, t2 * FULL_COLLECTIONS_HELD)
        self.holders += 1

    def release(self) -> None:
        self.holders -= 1
        if not self.holders:
            gc.set_threshold(*self.thresholds)


FULL_COLLECTIONS = FullCollections()


def settle_heap() -> None:
    """Move everything alive when a board is shown (the modules, the card data, the app and its
    screens) out of the garbage collector's reach.  A full collection has to look at every
    object it tracks: with the whole app in its reach one took about 70 ms, a few times a game,
    in the middle of an answer; now it looks only at what was made since.  What the last game
    left is let go first (``unfreeze``), so nothing is held for good."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


class QuietHeap:
    """The collections of one screen that shows a board: :meth:`start` when it is mounted,
    :meth:`stop` when it is unmounted, :meth:`touched` whenever something on it changed."""

    def __init__(self) -> None:
        self.changed_at = 0.0  # when the screen last changed (time.monotonic)
        self.untidy = False  # anything drawn since the last full collection

    def start(self, screen: Widget) -> None:
        settle_heap()
        FULL_COLLECTIONS.hold()
        screen.set_interval(TIDY_CHECK, self.tidy)

    def stop(self) -> None:
        FULL_COLLECTIONS.release()

    def touched(self) -> None:
        """Something on the screen changed: no collection until it has been still again."""
        self.changed_at, self.untidy = time.monotonic(), True

    def tidy(self) -> None:
        """A full collection once the screen has been still for TIDY_AFTER seconds; nothing
        when nothing changed since the last one."""
        if self.untidy and time.monotonic() - self.changed_at >= TIDY_AFTER:
            self.untidy = False
            gc.collect()


__all__ = ["FULL_COLLECTIONS", "FULL_COLLECTIONS_HELD", "TIDY_AFTER", "TIDY_CHECK",
           "FullCollections", "QuietHeap", "settle_heap"]
