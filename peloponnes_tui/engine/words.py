"""How players write a bid counted in half coins (the sentences are made outside the engine,
with ``ngettext`` for plurals)."""

from __future__ import annotations


def halves(v2: int) -> str:
    """A bid counted in half coins, as players write it: ``5`` -> ``2½``, ``1`` -> ``½``."""
    whole = str(v2 // 2) if v2 >= 2 or not v2 % 2 else ""
    return f"{whole}½" if v2 % 2 else whole
