"""English and German: the language every sentence for players is made in.

The texts are gettext messages: the English sentence is the message id, the German one comes
from ``peloponnes_tui/locale/de/LC_MESSAGES/peloponnes.mo`` (compiled by Babel from the ``.po``
file beside it; ``docs/translating.md`` says how to extract, translate and compile). Card,
civilization and catastrophe names come from the card data (``en``/``de``), see :func:`name`.

The engine never calls this module: it logs events as a kind plus data, and the sentence is made
where it is shown, in the language chosen now.
"""

from __future__ import annotations

import contextlib
import gettext
import os
import sys
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Protocol

DOMAIN = "peloponnes"
LANGUAGES = ("en", "de")
# Each language by its own name, as the app's language switch offers it (never translated:
# whoever reads only one of them finds theirs)
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}
DEFAULT = "en"
# the environment variables gettext reads, in its order of precedence
LOCALE_ENV = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


class Named(Protocol):
    """Anything with names in both languages (``cards.Names``, ``message.CardRef``)."""

    @property
    def en(self) -> str: ...

    @property
    def de(self) -> str: ...


def locale_dir() -> Path:
    return Path(str(resources.files("peloponnes_tui").joinpath("locale")))


def detect(env: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for (``LANGUAGE`` may list several, ``de:en``), if it
    is one of ours; English otherwise. ``C`` and ``POSIX`` mean English."""
    env = os.environ if env is None else env
    for var in LOCALE_ENV:
        value = env.get(var, "")
        if not value:
            continue
        for item in value.split(":"):
            code = item.split(".")[0].split("_")[0].split("@")[0].lower()
            if code in LANGUAGES:
                return code
        if var != "LANGUAGE":  # the first locale variable that is set decides
            return DEFAULT
    return DEFAULT


class _State:
    language = DEFAULT
    translations: gettext.NullTranslations = gettext.NullTranslations()
    warned = False  # the unreadable catalog has been reported


def set_language(language: str | None = None) -> str:
    """Use ``language`` (``en``/``de``), or the environment's when None; returns the one used.

    A catalog that cannot be read (a damaged or cut ``.mo``) is not the end of the program:
    English is used instead, and one line on stderr says so (once a run)."""
    lang = language if language in LANGUAGES else detect()
    try:
        translations = gettext.translation(DOMAIN, locale_dir(), languages=[lang],
                                           fallback=True)
    except Exception as exc:  # a damaged file raises many kinds of error
        _State.language, _State.translations = DEFAULT, gettext.NullTranslations()
        _catalog_unreadable(lang, exc)
        return DEFAULT
    _State.language, _State.translations = lang, translations
    return lang


def _catalog_unreadable(lang: str, error: Exception) -> None:
    """Say once on stderr that the catalog of ``lang`` cannot be read (in English: it is the
    language left)."""
    if _State.warned:
        return
    _State.warned = True
    with contextlib.suppress(OSError, ValueError):
        print(_("peloponnes: the texts for the language '{language}' cannot be read ({kind}); "
                "showing English. Reinstall the program to repair them.").format(
                    language=lang, kind=type(error).__name__),
              file=sys.stderr, flush=True)


def language() -> str:
    return _State.language


def _(message: str) -> str:
    """``message`` (an English sentence) in the current language."""
    return _State.translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` in the current language (German and English both have two)."""
    return _State.translations.ngettext(singular, plural, n)


# the locale Babel writes numbers in, for each of our languages
NUMBER_LOCALES = {"en": "en_US", "de": "de_DE"}


def number(value: float, decimals: int = 0, fixed: bool = True) -> str:
    """A number as the current language writes it: ``100,000`` / ``100.000``, ``2.50`` /
    ``2,50`` (Babel's data for the language); ``fixed=False`` leaves out trailing zeros
    (``2.5``, ``7``)."""
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + ("0" if fixed else "#") * decimals if decimals > 0 else "")
    return format_decimal(value, format=pattern, locale=NUMBER_LOCALES[_State.language])


def percent(share: float, decimals: int = 1) -> str:
    """A share (0.3) as a percentage the way the current language writes it: ``30.0%`` /
    ``30,0 %`` (Babel's pattern for the language, with ``decimals`` places)."""
    from babel import Locale
    from babel.numbers import format_percent

    locale = Locale.parse(NUMBER_LOCALES[_State.language])
    pattern = locale.percent_formats[None].pattern.split(";")[0]
    if decimals > 0:
        pattern = pattern.replace("0", "0." + "0" * decimals, 1) if "." not in pattern else pattern
    return format_percent(share, format=pattern, locale=locale)


def in_words(n: int) -> str:
    """A rule number as a rules text writes it (``three``; digits beyond twelve), in the current
    language: the translated twin of ``engine.numbers.in_words``."""
    words = (_("zero"), _("one"), _("two"), _("three"), _("four"), _("five"), _("six"),
             _("seven"), _("eight"), _("nine"), _("ten"), _("eleven"), _("twelve"))
    return words[n] if 0 <= n < len(words) else str(n)


def share_in_words(row_share: int) -> str:
    """One card in ``row_share`` of a row, in words ("a third", "ein Drittel")."""
    match row_share:
        case 2:
            return _("half")
        case 3:
            return _("a third")
        case 4:
            return _("a quarter")
        case _:
            return _("one in {n}").format(n=row_share)


def kind_name(kind: str) -> str:
    """A computer player's kind or strength in words (a save's older names too; ``computer``
    for the lessons' computer seats)."""
    return {"beginner": _("beginner"), "standard": _("standard"), "strong": _("strong"),
            "random": _("random"), "heuristic": _("standard"), "search": _("strong"),
            "computer": _("computer")}.get(kind, kind)


def language_in_words(lang: str) -> str:
    """A language's name in the current language ("Englisch" in German), as a sentence says it;
    :data:`LANGUAGE_NAMES` has each in its own."""
    return {"en": _("English"), "de": _("German")}.get(lang, lang)


def N_(message: str) -> str:
    """Mark ``message`` for translation where it must stay English (a class constant such as a
    key binding's description); it is translated with :func:`_` where it is shown."""
    return message


def name(names: Named) -> str:
    """A card, civilization or catastrophe name from the card data, in the current language."""
    return names.de if _State.language == "de" else names.en


def number_of(names: Named) -> int:
    """The grammatical number of a name in the current language, as a count for
    :func:`ngettext`: 2 for a plural name ("Gerstenfelder"), 1 otherwise; a sentence whose
    subject is the name takes its verb from it (``ngettext("{card} moves", "{card} move",
    number_of(names))``)."""
    plural = getattr(names, "plural", ())
    return 2 if _State.language in plural else 1


__all__ = ["DEFAULT", "DOMAIN", "LANGUAGES", "LANGUAGE_NAMES", "N_", "Named", "_", "detect",
           "in_words", "kind_name", "language", "language_in_words", "locale_dir", "name",
           "ngettext", "number", "number_of", "percent", "set_language", "share_in_words"]
