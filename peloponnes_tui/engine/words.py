"""Small helpers for the sentences the engine and the app show to players."""

from __future__ import annotations


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 coin card``, ``2 coin cards`` (``many`` for irregular plurals)."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def halves(v2: int) -> str:
    """A bid counted in half coins, as players write it: ``5`` -> ``2½``."""
    return f"{v2 // 2}½" if v2 % 2 else str(v2 // 2)
