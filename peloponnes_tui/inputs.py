"""The one place where files and text from outside enter: saves, card data, scenarios, settings.

Whatever reads a file goes through :func:`read_text` (only an ordinary file, at most ``limit``
bytes, strict UTF-8), parses it with :func:`parse_json` or :func:`parse_yaml` (nesting depth,
digits of a number, length and characters of every string, duplicate keys: all checked before or
while parsing, never by recursion that a file can drive too deep), and validates it against its
pydantic model with :func:`validate_model`.  Every refusal is one :class:`InputError` (or the
subclass the caller names: ``SaveError``, ``CardDataError``) whose message names the file, the
card and the field where there is one, and says what is wrong in plain words.  A message never
repeats unbounded content and never holds a control character, so it can be printed to a
terminal as it is.

Nothing here imports textual, rich or the engine: :mod:`peloponnes_tui.cards` and
:mod:`peloponnes_tui.engine.save` build on it.  YAML and pydantic are imported when a file is
read, not with the module, so the app's screens can use the limits without loading them.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from itertools import accumulate
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Protocol, TypeVar, cast

from peloponnes_tui.message import Invalid, Message, MessageError, message, message_n, verbatim

if TYPE_CHECKING:
    import yaml
    from pydantic import BaseModel, GetCoreSchemaHandler, ValidationError
    from pydantic_core import CoreSchema, ErrorDetails

# -- limits ---------------------------------------------------------------------------------------

SAVE_BYTES_MAX = 4 * 1024 * 1024
"""A save file.  A whole 5-player game with indentation is about 60 KB (a few hundred answers,
each a short object), so 4 MB leaves room for far longer games and for what the app adds
(``extra``), and still reads in a blink."""

CARDS_BYTES_MAX = 1024 * 1024
"""A card data file.  The shipped ``cards.yaml``, comments included, is about 21 KB; an edited
copy with long comments stays far below 1 MB."""

SCENARIO_BYTES_MAX = 256 * 1024
"""A demonstration scenario: a position and a few narrated answers, 1-2 KB each."""

SETTINGS_BYTES_MAX = 64 * 1024
"""A settings file: a handful of choices (names, colours, seats, a pause); 64 KB is generous."""

DEPTH_MAX = 64
"""Nesting of lists and mappings.  The deepest real structure (a placed card of a player of a
save's start position) is 6 levels; 64 is far above that and far below any recursion limit of
the parsers and of pydantic (a C parser crashes the process at some 30,000 levels)."""

DIGITS_MAX = 30
"""Characters of one number.  The largest numbers in files are seeds (the app draws them below a
million; a 64-bit seed has 20 digits).  Python refuses to turn more than 4,300 digits into an int
at all, with an error no player should see."""

NAME_MAX = 200
"""Characters of a name: a player's (the New game screen allows 16), a card's, an id.  Longer is
never a name but data hiding in one."""

TEXT_MAX = 4000
"""Characters of any other string (a scenario's narration, a card's source note).  The longest
in the shipped files is some 300 characters."""

# C0 and C1 control characters (ESC among them): a terminal obeys them instead of showing them.
# Text may hold line breaks and tabs (YAML folded text); a name holds none at all.
_CONTROL_IN_TEXT = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
# Lone surrogates (U+D800 to U+DFFF): a JSON escape ("\\ud800") gives one, but it is no
# character and cannot be written as UTF-8, so every later save of it would fail.
_SURROGATE = re.compile(r"[\ud800-\udfff]")
NAME_RESTRICT = r"[^\x00-\x1f\x7f-\x9f\ud800-\udfff]*"
"""A regular expression a name typed in the app must match (no control character, no lone
surrogate)."""

_MESSAGE_MAX = 400  # characters of a whole refusal message

M = TypeVar("M", bound="BaseModel")


# -- showing values from outside ----------------------------------------------------------------

# None: values are cited; else the keys of the format that may still be named (uncited)
_UNCITED: ContextVar[frozenset[str] | None] = ContextVar("uncited", default=None)
UNCITED = "…"  # what stands for a value from a file that a refusal does not cite


@contextmanager
def uncited(keys: frozenset[str] = frozenset()) -> Iterator[None]:
    """Within: a refusal cites nothing a file holds, only where in the file the problem is and
    what is wrong. A value is :data:`UNCITED`; a key in a field path is named only when it is
    one of ``keys`` (the format's own). Saves are read so: a save can be any file a player
    names, and what it holds must not come back in a message."""
    token = _UNCITED.set(keys)
    try:
        yield
    finally:
        _UNCITED.reset(token)


def citing() -> bool:
    """False within :func:`uncited`."""
    return _UNCITED.get() is None


def _key(key: object) -> str:
    """A key of a file in a field path: as it is, or :data:`UNCITED` when it is not the
    format's own within :func:`uncited`."""
    keys = _UNCITED.get()
    return _printable(key) if keys is None or key in keys else UNCITED


def _printable(value: object, limit: int = 40) -> str:
    text = value if isinstance(value, str) else type(value).__name__
    cut = "".join(ch if ch.isprintable() else "?" for ch in text[:limit])
    return cut + ("…" if len(text) > limit else "")


def printable(value: object, limit: int = 40) -> str:
    """A value from outside, shortened and with control characters replaced, for a sentence
    (:data:`UNCITED` within :func:`uncited`)."""
    return _printable(value, limit) if citing() else UNCITED


def shown(value: object) -> str:
    """:func:`printable`, quoted: how a refusal cites what it was given."""
    return repr(printable(value)) if citing() else UNCITED


def _found(value: object) -> str | Message:
    """A short rendering of a value a refusal cites: numbers as they are, strings quoted."""
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, int | float):
        text = str(value)
        return text if len(text) <= DIGITS_MAX else message_n(
            "a number of {n} digit", "a number of {n} digits", len(text))
    return shown(value)


def _where(path: str | Path | Message) -> str | Message:
    """A file name for a message: as it is when printable, else escaped and shortened; a
    message (``"the save file"``) as it is."""
    if isinstance(path, Message):
        return path
    text = str(path)
    if text.isprintable() and len(text) <= 200:
        return text
    return _printable(repr(text), 200)


def clean(text: str) -> str:
    """A message with any control character replaced and its length bounded."""
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= _MESSAGE_MAX else text[: _MESSAGE_MAX - 1] + "…"


# -- the error ------------------------------------------------------------------------------------

class InputError(MessageError):
    """Data from outside that cannot be used.

    The message is one plain line: the file, then the card (or other item) and the field where
    there is one, then what is wrong.  ``SaveError`` and ``CardDataError`` are subclasses, so a
    caller catches the kind it knows about and every reader raises exactly that kind.

    ``problem`` is a :class:`~peloponnes_tui.message.Message` (an English template and its
    values), so the whole line is made in the language chosen where it is shown
    (``refusals.error_text``); ``str(exc)`` is the English line.
    """

    item_word: ClassVar[Message] = message("item")

    def __init__(self, where: str | Path | Message, problem: Message, item: str | None = None,
                 field: str | None = None) -> None:
        self.where = _where(where)
        self.problem = problem
        self.item = item
        self.field = field
        values = {"where": self.where, "problem": problem}
        if item and field:
            line = message("{where}, {item_word} '{item}', field '{field}': {problem}",
                           item_word=self.item_word, item=item, field=field, **values)
        elif item:
            line = message("{where}, {item_word} '{item}': {problem}",
                           item_word=self.item_word, item=item, **values)
        elif field:
            line = message("{where}, field '{field}': {problem}", field=field, **values)
        else:
            line = message("{where}: {problem}", **values)
        super().__init__(line)
        self.args = (clean(str(line)),)


# -- reading a file --------------------------------------------------------------------------------

def _size(limit: int) -> str:
    if limit >= 1024 * 1024:
        return f"{limit / (1024 * 1024):g} MB"
    return f"{limit / 1024:g} KB"


def _kind(mode: int) -> Message:
    if stat.S_ISDIR(mode):
        return message("this is a folder; the {what} must be an ordinary file")
    if stat.S_ISFIFO(mode):
        return message("this is a named pipe; the {what} must be an ordinary file")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return message("this is a device; the {what} must be an ordinary file")
    if stat.S_ISSOCK(mode):
        return message("this is a socket; the {what} must be an ordinary file")
    return message("this is not an ordinary file; the {what} must be an ordinary file")


def _with(m: Message, **params: str | Message) -> Message:
    """``m`` with more values (a template chosen first, its values given later)."""
    return Message(m.text, m.params + tuple(params.items()), m.plural, m.n)


def read_text(path: str | Path, what: Message, limit: int,
              error: type[InputError] = InputError) -> str:
    """The text of an ordinary file of at most ``limit`` bytes, strictly UTF-8.

    The file is opened without blocking (a named pipe with no writer cannot freeze the program),
    then refused unless it is an ordinary file: a link to ``/dev/zero`` or ``/dev/urandom``, a
    pipe, a socket or a folder is never read.  At most ``limit + 1`` bytes are read, so a file
    that grows while it is read is refused as well.  ``what`` names the file for the message
    (``message("save file")``, ``message("card data file")``).
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise error(path, message("no such file")) from None
    except ValueError:  # a NUL character in the name
        raise error(path, message("this is not a usable file name")) from None
    except IsADirectoryError:
        raise error(path, _with(_kind(stat.S_IFDIR), what=what)) from None
    except OSError as exc:
        reason = (exc.strerror or type(exc).__name__).lower()
        raise error(path, message("cannot open the {what} ({reason})", what=what, reason=reason)
                    ) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise error(path, _with(_kind(info.st_mode), what=what))
        too_big = error(path, message("the {what} is larger than {size}; refused", what=what,
                                      size=_size(limit)))
        if info.st_size > limit:
            raise too_big
        chunks: list[bytes] = []
        total = 0
        while True:
            try:
                chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            except OSError as exc:
                reason = (exc.strerror or type(exc).__name__).lower()
                raise error(path, message("cannot read the {what} ({reason})", what=what,
                                          reason=reason)) from None
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise too_big
    finally:
        os.close(fd)
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(path, message("the {what} is not UTF-8 text (byte {byte})", what=what,
                                  byte=exc.start + 1)) from None


# -- strings --------------------------------------------------------------------------------------

def check_name(value: str) -> str:
    """A name from a file: 1 to :data:`NAME_MAX` characters, no control character at all."""
    if not value:
        raise Invalid(message("a name must not be empty"))
    if len(value) > NAME_MAX:
        raise Invalid(message("a name of {length} characters (at most {most})",
                              length=len(value), most=NAME_MAX))
    if _CONTROL.search(value):
        raise Invalid(message("a name must not hold control characters"))
    if _SURROGATE.search(value):
        raise Invalid(message("a name must not hold a lone surrogate (a character that cannot "
                              "be saved)"))
    return value


class _NameCheck:
    """pydantic metadata: a ``str`` then :func:`check_name` (pydantic is imported on use)."""

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler
                                     ) -> CoreSchema:
        from pydantic_core import core_schema

        return core_schema.no_info_after_validator_function(check_name, handler(source))


Name = Annotated[str, _NameCheck()]
"""A player's name, a card's name or id: 1 to :data:`NAME_MAX` printable characters."""


def _string_problem(value: str) -> Message | None:
    """What is wrong with a string from a file (and that it is refused), or None."""
    if len(value) > TEXT_MAX:
        return message("a text of {length} characters (at most {most}); refused",
                       length=len(value), most=TEXT_MAX)
    found = _CONTROL_IN_TEXT.search(value)
    if found:
        return message("a text holding the control character {char}; refused",
                       char=f"U+{ord(found.group()):04X}")
    found = _SURROGATE.search(value)
    if found:
        return message("a text holding the lone surrogate {char}, which cannot be saved; "
                       "refused", char=f"U+{ord(found.group()):04X}")
    return None


# -- JSON -----------------------------------------------------------------------------------------

_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _json_depth(text: str) -> int:
    """The deepest nesting of ``text``'s arrays and objects, by counting brackets outside strings.

    No recursion and no Python loop per character: the regular expressions strip strings and
    everything but brackets, then the running sum of +1/-1 is taken in C.  For any text the JSON
    parser accepts up to a point, it sees the same strings there, so the count is exact.
    """
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets), initial=0))


def _strings(data: Any) -> Iterator[str]:
    """Every string in parsed data, keys included; without recursion."""
    stack = [data]
    while stack:
        node = stack.pop()
        if node.__class__ is str:
            yield node
        elif isinstance(node, dict):
            stack.extend(node)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)


def _walk(data: Any) -> Iterator[tuple[tuple[int | str, ...], str]]:
    """Every string in parsed data with where it is (slower: for the message only)."""
    stack: list[tuple[tuple[int | str, ...], Any]] = [((), data)]
    while stack:
        loc, node = stack.pop()
        if isinstance(node, str):
            yield loc, node
        elif isinstance(node, dict):
            for key, value in node.items():
                stack.append(((*loc, key), key))
                stack.append(((*loc, key), value))
        elif isinstance(node, list):
            stack.extend(((*loc, i), value) for i, value in enumerate(node))


def _path(loc: tuple[int | str, ...]) -> str | None:
    """``("players", 1)`` -> ``"players[1]"``: a field path for a message."""
    text = ""
    for key in loc:
        text += f"[{key}]" if isinstance(key, int) else ("." if text else "") + _key(key)
    return text or None


_JSON_SPACE = " \t\r\n"
_JSON_WORD = re.compile(r"[A-Za-z0-9_.+\-]+")
# Reads one value without converting numbers or constants: only where it ends is wanted.
_JSON_SKIM = json.JSONDecoder(parse_int=str, parse_float=str, parse_constant=str)


def _json_problem(doc: str, pos: int) -> tuple[Message, int]:
    """Why the json module stopped at ``pos`` of ``doc``, and the place to show.

    Worked out from what stands there, not from the json module's English reason: that text
    differs between Python versions (3.13 words a trailing comma otherwise and points at the comma
    instead of the bracket after it) and would reach a German player untranslated.
    """
    at = pos
    while at < len(doc) and doc[at] in _JSON_SPACE:
        at += 1
    before = len(doc[:pos].rstrip(_JSON_SPACE)) - 1  # the last character before, if any
    if at == len(doc):
        if before < 0:
            return message("there is no data at all"), 0
        return message("the text ends too early"), at
    char = doc[at]
    following = doc[at + 1:].lstrip(_JSON_SPACE)[:1]
    if char == "," and following in ("]", "}"):
        return message("a comma before a closing bracket"), at
    if char in "]}" and before >= 0 and doc[before] == ",":
        return message("a comma before a closing bracket"), before
    if char == '"' and _JSON_STRING.match(doc, at) is None:
        return message("a text whose quotes are never closed"), at
    if char == "\\":
        return message("an escape {found} that JSON does not know", found=shown(doc[at:at + 2])), at
    if char == "'":
        return message("texts and keys need double quotes (\")"), at
    if ord(char) < 0x20 or 0x7F <= ord(char) <= 0x9F:
        return message("the control character {char} is not allowed here",
                       char=f"U+{ord(char):04X}"), at
    first = len(doc) - len(doc.lstrip(_JSON_SPACE))
    if first < at:
        try:
            _JSON_SKIM.raw_decode(doc, first)
        except (ValueError, RecursionError):
            pass
        else:
            return message("more text after the end of the data"), at
    token = _JSON_STRING.match(doc, at) or _JSON_WORD.match(doc, at)
    return message("unexpected {found}", found=shown(token.group() if token else char)), at


def parse_json(text: str, where: str | Path | Message, error: type[InputError] = InputError
               ) -> Any:
    """Parse JSON within the limits: depth, digits, strings, no duplicate keys, no NaN."""
    if _json_depth(text) > DEPTH_MAX:
        raise error(where, message("nested more than {most} levels deep; refused",
                                   most=DEPTH_MAX))

    def number(kind: type[int] | type[float]) -> Any:
        def parse(digits: str) -> int | float:
            if len(digits) > DIGITS_MAX:
                raise error(where, message("a number of {length} digits (at most {most})",
                                           length=len(digits), most=DIGITS_MAX))
            return kind(digits)
        return parse

    def constant(name: str) -> Any:
        raise error(where, message("{name} is not a number a file may hold", name=name))

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in items:
            if key in out:
                cited = _key(key)
                raise error(where, message("the key {key} appears twice in one object",
                                           key=repr(cited) if cited != UNCITED else cited))
            out[key] = value
        return out

    try:
        data = json.loads(text, parse_int=number(int), parse_float=number(float),
                          parse_constant=constant, object_pairs_hook=pairs)
    except json.JSONDecodeError as exc:
        reason, pos = _json_problem(text, exc.pos)
        raise error(where, message("not valid JSON ({reason}, line {line}, column {column})",
                                   reason=reason, line=text.count("\n", 0, pos) + 1,
                                   column=pos - text.rfind("\n", 0, pos))) from None
    except RecursionError:  # cannot happen after the depth check; kept as a last guard
        raise error(where, message("nested too deeply; refused")) from None
    if any(map(_string_problem, _strings(data))):
        loc, problem = next((loc, p) for loc, value in _walk(data)
                            if (p := _string_problem(value)) is not None)
        raise error(where, problem, field=_path(loc))
    return data


# -- YAML -----------------------------------------------------------------------------------------

class _Parser(Protocol):
    """What is used of a PyYAML safe loader (typed: PyYAML's own methods are not)."""

    yaml_constructors: dict[str, Callable[[Any, yaml.Node], Any]]

    def get_event(self) -> yaml.Event: ...

    def resolve(self, kind: type[yaml.Node], value: str, implicit: tuple[bool, bool]) -> str: ...

    def dispose(self) -> None: ...


_TAG = "tag:yaml.org,2002:"
_SCALAR_TAGS = {_TAG + t for t in ("str", "int", "float", "bool", "null", "timestamp")}
_NUMBER_TAGS = {_TAG + "int", _TAG + "float"}


def parse_yaml(text: str, where: str | Path | Message, error: type[InputError] = InputError
               ) -> Any:
    """Parse one YAML document within the limits, into plain lists, dicts and scalars.

    The data is built from the parser's events with an explicit stack, as the safe loader would
    build it (the same tags for the same plain scalars), but: nesting deeper than
    :data:`DEPTH_MAX` is refused at the first event past it, before the rest is even scanned;
    numbers are checked for length before they are converted; every string for length and
    control characters; a key that appears twice in one mapping is refused (naming it and its
    line) instead of the last one silently winning; aliases (``*name``) and merge keys (``<<``)
    are refused, since they let a small file stand for an enormous one; only the standard tags
    are allowed.
    """
    import yaml

    # libyaml's safe parser when PyYAML was built with it (several times faster), else the pure
    # one.  Only its event stream is used: both parsers are non-recursive state machines, whereas
    # composing the events into nodes recurses (and crashes the C version at ~30,000 levels).
    loader_class: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    loader = cast("_Parser", loader_class(text))
    try:
        return _build(loader, where, error)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        reason = exc.problem or "invalid YAML"  # PyYAML's English
        raise error(where, message("not valid YAML: {reason}", reason=reason) if mark is None
                    else message("not valid YAML at line {line}, column {column}: {reason}",
                                 line=mark.line + 1, column=mark.column + 1, reason=reason)
                    ) from None
    except yaml.YAMLError as exc:
        raise error(where, message("not valid YAML: {reason}", reason=type(exc).__name__)
                    ) from None
    finally:
        loader.dispose()


class _Open:
    """A list or mapping being built, and for a mapping the key waiting for its value."""

    __slots__ = ("container", "key", "waiting")

    def __init__(self, container: list[Any] | dict[Any, Any]) -> None:
        self.container = container
        self.key: Any = None
        self.waiting = False  # a mapping's key has been read, its value not yet


def _build(loader: _Parser, where: str | Path | Message, error: type[InputError]) -> Any:
    import yaml

    scalar_event, sequence_start, mapping_start = (
        yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent)
    ends = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
    skip = (yaml.StreamStartEvent, yaml.DocumentEndEvent)
    scalar_node = yaml.ScalarNode
    constructors = loader.yaml_constructors
    resolve = loader.resolve
    str_tag = _TAG + "str"
    stack: list[_Open] = []
    root: Any = None
    documents = 0

    def refuse(event: yaml.Event, problem: Message) -> InputError:
        line = event.start_mark.line + 1 if event.start_mark is not None else None
        return error(where, problem if not line
                     else message("{problem} (line {line})", problem=problem, line=line))

    def scalar(event: yaml.ScalarEvent) -> Any:
        value: str = event.value
        tag = event.tag
        if tag is None or tag == "!":
            tag = resolve(scalar_node, value, event.implicit)
        if tag == str_tag:
            problem = _string_problem(value)
            if problem:
                raise refuse(event, problem)
            return value
        if tag == _TAG + "merge":
            raise refuse(event, message("merge keys (<<) are not allowed"))
        if tag not in _SCALAR_TAGS:
            raise refuse(event, message("the tag {tag} is not allowed", tag=shown(tag)))
        if len(value) > (DIGITS_MAX if tag in _NUMBER_TAGS else TEXT_MAX):
            raise refuse(event, message("a number of {length} characters (at most {most})",
                                        length=len(value), most=DIGITS_MAX)
                         if tag in _NUMBER_TAGS else
                         message("a value of {length} characters", length=len(value)))
        try:
            return constructors[tag](loader, scalar_node(tag, value, style=event.style))
        except (ValueError, OverflowError, yaml.YAMLError):
            raise refuse(event, message("{value} is not a valid {kind}", value=shown(value),
                                        kind=tag.removeprefix(_TAG))) from None

    def add(value: Any, event: yaml.Event) -> None:
        nonlocal root
        if not stack:
            root = value
            return
        top = stack[-1]
        if top.container.__class__ is list:
            top.container.append(value)
        elif top.waiting:
            top.container[top.key] = value
            top.waiting = False
        else:
            if isinstance(value, list | dict):
                raise refuse(event,
                             message("a key must be a plain value, not a list or mapping"))
            if value in top.container:
                raise refuse(event, message("the key {key} appears twice in one mapping",
                                            key=_found(value)))
            top.key = value
            top.waiting = True

    while True:
        event = loader.get_event()
        kind = event.__class__
        if kind is scalar_event:
            add(scalar(cast("yaml.ScalarEvent", event)), event)
        elif kind is sequence_start or kind is mapping_start:
            wanted = "seq" if kind is sequence_start else "map"
            tag = cast("yaml.CollectionStartEvent", event).tag
            if tag not in (None, "!", _TAG + wanted):
                raise refuse(event, message("the tag {tag} is not allowed", tag=shown(tag)))
            if len(stack) >= DEPTH_MAX:
                raise refuse(event, message("nested more than {most} levels deep; refused",
                                            most=DEPTH_MAX))
            container: list[Any] | dict[Any, Any] = [] if wanted == "seq" else {}
            add(container, event)
            stack.append(_Open(container))
        elif kind in ends:
            stack.pop()
        elif kind in skip:
            pass
        elif kind is yaml.DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise refuse(event, message("the file holds more than one YAML document"))
        elif kind is yaml.AliasEvent:
            raise refuse(event, message("aliases (*name) are not allowed"))
        elif kind is yaml.StreamEndEvent:
            return root
        else:
            raise refuse(event, message("unexpected {event}", event=kind.__name__))


# -- validating -----------------------------------------------------------------------------------

def _location(loc: tuple[int | str, ...], raw: Any, items: bool, prefix: str
              ) -> tuple[str | None, str]:
    """Turn a pydantic error location into (item, field path) for the message.

    With ``items``, an index right below a top-level section names an item (a card, by its
    ``id`` when it has one); other indexes belong to the field path, e.g. ``catastrophes[1]``.
    """
    item: str | None = None
    parts: list[str] = [prefix] if prefix else []
    node = raw
    for depth, key in enumerate(loc):
        if isinstance(key, int) and isinstance(node, list):
            entry = node[key] if 0 <= key < len(node) else None
            if items and depth == 1 and parts:
                section = parts.pop()
                ident = entry.get("id") if isinstance(entry, dict) else None
                item = f"{section}[{key}]" if ident is None else printable(ident)
            elif parts:
                parts[-1] += f"[{key}]"
            else:
                parts.append(f"[{key}]")
            node = entry
        else:
            parts.append(_key(str(key)))
            node = node.get(key) if isinstance(node, dict) else None
    return item, ".".join(parts)


def _pydantic_problem(error: ErrorDetails) -> Message:
    """pydantic's error in words of ours, by its ``type`` and the values in its ``ctx``.

    The English is pydantic's own text (so it reads the same as before); the common types are
    messages, so they are translated; a rare one keeps pydantic's English text.
    """
    ctx: dict[str, Any] = dict(error.get("ctx") or {})
    kind = error["type"]
    match kind:
        case "missing":
            return message("this field is missing")
        case "extra_forbidden":
            return message("unknown field (a typo?)")
        case "model_type" | "model_attributes_type":  # pydantic would name the model class
            return message("Input should be a mapping of fields")
        case "dict_type":
            return message("Input should be a valid dictionary")
        case "list_type":
            return message("Input should be a valid list")
        case "string_type":
            return message("Input should be a valid string")
        case "int_type":
            return message("Input should be a valid integer")
        case "int_parsing":
            return message("Input should be a valid integer, unable to parse string as an "
                           "integer")
        case "int_from_float":
            return message("Input should be a valid integer, got a number with a fractional "
                           "part")
        case "float_type":
            return message("Input should be a valid number")
        case "float_parsing":
            return message("Input should be a valid number, unable to parse string as a number")
        case "bool_type":
            return message("Input should be a valid boolean")
        case "bool_parsing":
            return message("Input should be a valid boolean, unable to interpret input")
        case "greater_than_equal":
            return message("Input should be greater than or equal to {limit}",
                           limit=str(ctx["ge"]))
        case "greater_than":
            return message("Input should be greater than {limit}", limit=str(ctx["gt"]))
        case "less_than_equal":
            return message("Input should be less than or equal to {limit}",
                           limit=str(ctx["le"]))
        case "less_than":
            return message("Input should be less than {limit}", limit=str(ctx["lt"]))
        case "too_short" if ctx.get("field_type") == "List":
            return message_n("List should have at least {n} item after validation, not {found}",
                             "List should have at least {n} items after validation, not {found}",
                             int(ctx["min_length"]), found=int(ctx["actual_length"]))
        case "too_long" if ctx.get("field_type") == "List":
            return message_n("List should have at most {n} item after validation, not {found}",
                             "List should have at most {n} items after validation, not {found}",
                             int(ctx["max_length"]), found=int(ctx["actual_length"]))
        case "string_too_short":
            return message_n("String should have at least {n} character",
                             "String should have at least {n} characters",
                             int(ctx["min_length"]))
        case "string_too_long":
            return message_n("String should have at most {n} character",
                             "String should have at most {n} characters",
                             int(ctx["max_length"]))
        case "literal_error" | "enum":
            # pydantic lists the choices as "'a', 'b' or 'c'": the last "or" is a word
            choices, sep, last = str(ctx["expected"]).rpartition(" or ")
            if not sep:
                return message("Input should be {choice}", choice=last)
            return message("Input should be {choices} or {last}", choices=choices, last=last)
        case "string_pattern_mismatch":
            return message("String should match pattern {pattern}",
                           pattern=repr(str(ctx["pattern"])))
        case _:
            return verbatim(error["msg"])


PYDANTIC_TYPES = ("missing", "extra_forbidden", "model_type", "model_attributes_type",
                  "dict_type", "list_type", "string_type", "int_type", "int_parsing",
                  "int_from_float", "float_type", "float_parsing", "bool_type", "bool_parsing",
                  "greater_than_equal", "greater_than", "less_than_equal", "less_than",
                  "too_short", "too_long", "string_too_short", "string_too_long",
                  "literal_error", "enum", "string_pattern_mismatch", "value_error")
"""pydantic's error types :func:`describe` words itself (and so translates; ``too_short`` and
``too_long`` for lists); any other keeps pydantic's English text.  ``value_error`` is ours when
the validator raised :class:`~peloponnes_tui.message.Invalid`."""


def describe(exc: ValidationError, raw: Any, items: bool = False, prefix: str = ""
             ) -> tuple[str | None, str | None, Message]:
    """(item, field, problem) of a validation error, in plain words.

    Only the first problem is described (and how many more there are): pydantic's own text, with
    its model names and documentation links, never reaches a player.  The problem is a message,
    made in the language chosen when it is shown: the common error types are worded here
    (:data:`PYDANTIC_TYPES`), a validator's own refusal is its :class:`Invalid` message.
    """
    errors = exc.errors(include_url=False)
    first = errors[0]
    item, field = _location(tuple(first["loc"]), raw, items, prefix)
    kind = first["type"]
    problem: Message
    if kind == "value_error":
        raised = (first.get("ctx") or {}).get("error")
        if isinstance(raised, Invalid):
            problem = raised.message
            if raised.field is not None and not field:
                field = raised.field
        else:  # a ValueError that is not ours: its English text
            msg = first["msg"].removeprefix("Value error, ")
            # Cross-field checks say "field: problem"; move the field into the location.
            head, sep, rest = msg.partition(": ")
            if sep and not field and head.replace("/", "").replace("_", "").isalpha():
                field, msg = head, rest
            problem = verbatim(msg)
    else:
        problem = _pydantic_problem(first)
    if citing() and kind not in ("value_error", "missing", "extra_forbidden") and isinstance(
            first.get("input"), str | int | float):
        problem = message("{problem} (found {found})", problem=problem,
                          found=_found(first["input"]))
    extra = len(errors) - 1
    if extra:
        problem = message_n("{problem} (and {n} more problem)",
                            "{problem} (and {n} more problems)", extra, problem=problem)
    return item, field or None, problem


def validate_model(model: type[M], raw: Any, where: str | Path | Message,
                   error: type[InputError] = InputError, items: bool = False,
                   prefix: str = "", lead: Callable[[Message], Message] | None = None) -> M:
    """``model`` validated from parsed data; a problem raises ``error`` naming the field.

    ``items``: name the card (see :func:`describe`); ``prefix``: the field path the data sits
    at in its file; ``lead``: puts words before the problem (``save.damaged``).
    """
    from pydantic import ValidationError

    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        item, field, problem = describe(exc, raw, items, prefix)
        raise error(where, problem if lead is None else lead(problem), item, field) from None


# -- whole files ----------------------------------------------------------------------------------

def load_json(path: str | Path, what: Message, limit: int,
              error: type[InputError] = InputError) -> Any:
    """A JSON file read and parsed within the limits."""
    return parse_json(read_text(path, what, limit, error), path, error)


def load_yaml(path: str | Path, what: Message, limit: int,
              error: type[InputError] = InputError) -> Any:
    """A YAML file read and parsed within the limits."""
    return parse_yaml(read_text(path, what, limit, error), path, error)


def load_json_model(path: str | Path, model: type[M], what: Message,
                    limit: int = SETTINGS_BYTES_MAX, error: type[InputError] = InputError) -> M:
    """A JSON file read, parsed and validated as ``model``: the one call a settings loader needs.

    Every problem (no such file, not an ordinary file, too big, not UTF-8, not JSON, nested too
    deeply, a huge number, a control character, a duplicate key, a wrong field) raises ``error``
    with one plain message naming the file and the field.
    """
    return validate_model(model, load_json(path, what, limit, error), path, error)


__all__ = [
    "CARDS_BYTES_MAX",
    "DEPTH_MAX",
    "DIGITS_MAX",
    "NAME_MAX",
    "NAME_RESTRICT",
    "PYDANTIC_TYPES",
    "SAVE_BYTES_MAX",
    "SCENARIO_BYTES_MAX",
    "SETTINGS_BYTES_MAX",
    "TEXT_MAX",
    "UNCITED",
    "InputError",
    "Name",
    "check_name",
    "citing",
    "clean",
    "describe",
    "load_json",
    "load_json_model",
    "load_yaml",
    "parse_json",
    "parse_yaml",
    "printable",
    "read_text",
    "shown",
    "uncited",
    "validate_model",
]
