"""Refusals and other engine messages as sentences, in the language chosen now.

The engine refuses an answer with :class:`~peloponnes_tui.engine.prompts.IllegalAnswer`, whose
:class:`~peloponnes_tui.message.Message` is an English template with its values; here the
template is translated (``ngettext`` when a number decides its form), every phrase in it too,
and cards are named from the card data in the current language.  Every place that shows a
refusal to a player goes through :func:`refusal_text`.
"""

from __future__ import annotations

from peloponnes_tui.engine.prompts import IllegalAnswer
from peloponnes_tui.i18n import _, name, ngettext
from peloponnes_tui.message import Message


def _template(m: Message) -> str:
    return _(m.text) if m.plural is None else ngettext(m.text, m.plural, m.n)


def message_text(m: Message) -> str:
    """``m`` as a sentence in the current language."""
    return m.render(_template, name)


def refusal_text(exc: IllegalAnswer) -> str:
    """Why the engine refused an answer, in the current language."""
    return message_text(exc.message)


__all__ = ["message_text", "refusal_text"]
