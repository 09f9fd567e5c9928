"""argparse's own words (``usage:``, ``options:``, ``invalid choice``, ...) in the current
language.

argparse writes its words through the process-wide ``gettext`` functions, whose language comes
from the environment, not from ``--lang`` or the settings.  So :class:`ArgumentParser` takes
argparse's finished English texts through its public methods (``format_usage``,
``format_help``, ``error``) and says them again with our catalog: the help's fixed words, and
each of argparse's refusals, recognised by its English form and rebuilt from its parts.  The
parts themselves (an option's name, the value typed, the list of choices) are not translated;
a refusal argparse words in a way not listed here stays English.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from typing import NoReturn

from peloponnes_tui.i18n import _, ngettext


def _help_words() -> list[tuple[str, str]]:
    """argparse's fixed words in a help or usage text, and ours for them."""
    return [("show this help message and exit", _("show this help message and exit")),
            ("show program's version number and exit",
             _("show program's version number and exit"))]


def _headings() -> dict[str, str]:
    return {"options:": _("options:"), "positional arguments:": _("positional arguments:")}


def help_text(text: str) -> str:
    """A help or usage text from argparse with its fixed words in the current language."""
    lines = text.split("\n")
    headings = _headings()
    for i, line in enumerate(lines):
        if line.startswith("usage: "):
            line = _("usage: ") + line[len("usage: "):]
        elif line in headings:
            line = headings[line]
        for english, ours in _help_words():
            line = line.replace(english, ours)
        lines[i] = line
    return "\n".join(lines)


_Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]


def _rules() -> list[_Rule]:
    def n_args(m: re.Match[str]) -> str:
        n = int(m["n"])
        return ngettext("expected {n} argument", "expected {n} arguments", n).format(n=n)

    return [
        (re.compile(r"argument (?P<argument>.+?): (?P<message>.*)", re.S),
         lambda m: _("argument {argument}: {message}").format(
             argument=m["argument"], message=error_text(m["message"]))),
        (re.compile(r"invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)", re.S),
         lambda m: _("invalid choice: {value} (choose from {choices})").format(
             value=m["value"], choices=m["choices"])),
        (re.compile(r"invalid (?P<type>\S+) value: (?P<value>.*)", re.S),
         lambda m: _("invalid value: {value}").format(value=m["value"])),
        (re.compile(r"expected one argument"), lambda m: _("expected one argument")),
        (re.compile(r"expected at most one argument"),
         lambda m: _("expected at most one argument")),
        (re.compile(r"expected at least one argument"),
         lambda m: _("expected at least one argument")),
        (re.compile(r"expected (?P<n>\d+) arguments?"), n_args),
        (re.compile(r"unrecognized arguments: (?P<args>.*)", re.S),
         lambda m: _("unrecognized arguments: {arguments}").format(arguments=m["args"])),
        (re.compile(r"the following arguments are required: (?P<args>.*)", re.S),
         lambda m: _("the following arguments are required: {arguments}").format(
             arguments=m["args"])),
        (re.compile(r"one of the arguments (?P<args>.*) is required", re.S),
         lambda m: _("one of the arguments {arguments} is required").format(
             arguments=m["args"])),
        (re.compile(r"not allowed with argument (?P<arg>.*)", re.S),
         lambda m: _("not allowed with argument {argument}").format(argument=m["arg"])),
        (re.compile(r"ambiguous option: (?P<option>\S+) could match (?P<matches>.*)", re.S),
         lambda m: _("ambiguous option: {option} could match {matches}").format(
             option=m["option"], matches=m["matches"])),
        (re.compile(r"ignored explicit argument (?P<arg>.*)", re.S),
         lambda m: _("ignored explicit argument {argument}").format(argument=m["arg"])),
    ]


def error_text(message: str) -> str:
    """One of argparse's refusals in the current language (our own, already translated, and
    one not known here stay as they are)."""
    for pattern, say in _rules():
        m = pattern.fullmatch(message)
        if m is not None:
            return say(m)
    return message


class ArgumentParser(argparse.ArgumentParser):
    """argparse's parser, its own words in the current language (its subcommands' parsers are
    of this class too)."""

    def format_usage(self) -> str:
        return help_text(super().format_usage())

    def format_help(self) -> str:
        return help_text(super().format_help())

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, _("{prog}: error: {message}").format(prog=self.prog,
                                                          message=error_text(message)) + "\n")


__all__ = ["ArgumentParser", "error_text", "help_text"]
