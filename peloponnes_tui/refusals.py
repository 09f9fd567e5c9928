"""Refusals and other engine messages as sentences, in the language chosen now.

The engine refuses an answer with :class:`~peloponnes_tui.engine.prompts.IllegalAnswer`, whose
:class:`~peloponnes_tui.message.Message` is an English template with its values; here the
template is translated (``ngettext`` when a number decides its form), every phrase in it too,
and cards are named from the card data in the current language.  Every place that shows a
refusal to a player goes through :func:`refusal_text`; every place that shows why a file cannot
be used (``InputError`` and its kinds, ``ScenarioError``, ``LessonError``) through
:func:`error_text`.
"""

from __future__ import annotations

from peloponnes_tui.engine.prompts import IllegalAnswer
from peloponnes_tui.i18n import _, name, ngettext
from peloponnes_tui.inputs import clean
from peloponnes_tui.message import Message, MessageError


def _template(m: Message) -> str:
    return _(m.text) if m.plural is None else ngettext(m.text, m.plural, m.n)


def message_text(m: Message) -> str:
    """``m`` as a sentence in the current language."""
    return m.render(_template, name)


def refusal_text(exc: IllegalAnswer) -> str:
    """Why the engine refused an answer, in the current language."""
    return message_text(exc.message)


def error_text(exc: MessageError) -> str:
    """Why a file (a save, card data, settings, a scenario, the lesson) cannot be used, in the
    current language: one line, control characters replaced and its length bounded, as
    ``str(exc)`` is in English."""
    return clean(message_text(exc.message))


__all__ = ["error_text", "message_text", "refusal_text"]
