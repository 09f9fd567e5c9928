"""A sentence for a player, kept as data until it is shown: an English template and its values.

The engine refuses an answer with a :class:`Message` (see ``IllegalAnswer``) instead of a finished
sentence, so the sentence can be made where it is shown, in the language chosen then
(:mod:`peloponnes_tui.refusals`).  The template is an English gettext message id with
``str.format`` placeholders; a template that depends on a number has a plural form and ``n``
(``{n}`` is then one of its values).  The values are data: numbers, a card as its id with its
names (:class:`CardRef`), another message (a phrase that is itself translated), or a string
that is never translated (a player's name, an id from outside already shortened by
``inputs.shown``).

``str(message)`` is the English sentence.  This module translates nothing and imports nothing
of the app or of :mod:`peloponnes_tui.i18n`; ``pybabel extract`` finds the templates through
the keywords ``message``, ``message_n:1,2`` and ``IllegalAnswer`` (``docs/translating.md``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeAlias


@dataclass(frozen=True, slots=True)
class CardRef:
    """A card named in a message: its id and its names in both languages."""

    id: str
    en: str
    de: str


@dataclass(frozen=True, slots=True)
class Message:
    """An English template, its plural form for ``n`` (if a number decides), and its values."""

    text: str
    params: tuple[tuple[str, Param], ...] = ()
    plural: str | None = None
    n: int = 0

    def render(self, translate: Callable[[Message], str], card_name: Callable[[CardRef], str]
               ) -> str:
        """The sentence: ``translate`` picks the template (and its plural form), ``card_name``
        names a card; nested messages are rendered the same way."""
        values: dict[str, str] = {}
        for key, value in self.params:
            match value:
                case Message():
                    values[key] = value.render(translate, card_name)
                case CardRef():
                    values[key] = card_name(value)
                case int() | str():
                    values[key] = str(value)
        if self.plural is not None:
            values["n"] = str(self.n)
        return translate(self).format(**values)

    def __str__(self) -> str:
        return self.render(english, lambda card: card.en)


Param: TypeAlias = int | str | CardRef | Message


def english(m: Message) -> str:
    """The template as written (the English form for ``m.n``)."""
    return m.text if m.plural is None or m.n == 1 else m.plural


def message(text: str, **params: Param) -> Message:
    """A message with no plural form: ``message("{card} is not on offer", card=ref)``."""
    return Message(text, tuple(params.items()))


def message_n(singular: str, plural: str, n: int, **params: Param) -> Message:
    """A message whose form depends on ``n`` (shown as ``{n}``)."""
    return Message(singular, tuple(params.items()), plural, n)


def verbatim(text: str) -> Message:
    """A text that is never translated (the operating system's reason a file cannot be read, a
    sentence a library wrote), where a message is expected."""
    return Message("{text}", (("text", text),))


class MessageError(Exception):
    """An error whose sentence is a :class:`Message`, made in the language chosen when it is
    shown (``refusals.error_text``); ``str(exc)`` is the English sentence.

    Raised with an English template and its values (``ScenarioError("no scenario {name}",
    name=...)``) or with a ready message.
    """

    def __init__(self, text: str | Message, **params: Param) -> None:
        self.message = text if isinstance(text, Message) else message(text, **params)
        super().__init__(str(self.message))


class Invalid(ValueError):
    """A validator's refusal as a message: pydantic hands the exception on in the error's
    ``ctx``, and ``inputs.describe`` takes the message (and the field it names) from there.

    ``Invalid(message("only buildings have a building cost"), field="cost")``: ``field`` is for
    a check across fields, which pydantic reports at the model, not at the field.
    """

    def __init__(self, text: Message, field: str | None = None) -> None:
        self.message = text
        self.field = field
        super().__init__(str(text) if field is None else f"{field}: {text}")


__all__ = ["CardRef", "Invalid", "Message", "MessageError", "Param", "english", "message",
           "message_n", "verbatim"]
