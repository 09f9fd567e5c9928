"""Fuzzing the one door for files: damaged saves and damaged card data, a fixed number of each.

Starting from a real save (a seeded game of three random bots, played to the end) and from the
shipped ``cards.yaml``, a seeded ``random.Random`` makes :data:`CASES` damaged copies of each:
truncations, flipped bits, removed keys, values of the wrong type, deep nesting, huge numbers,
control characters, duplicate keys, stray bytes.  Each copy is written to a file and read the way
the app reads it (``Session.load``, ``load_cards``).  Every case must either load or be refused
with the reader's one error type (``SaveError``, ``CardDataError``) and a clean message: one line,
no control character, no traceback, none of pydantic's text.  Any other exception fails the test
and names the case, which the seed reproduces.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import yaml
from support import CARDS, NAMES, SEED

from peloponnes_tui.cards import DEFAULT_CARDS_PATH, CardDataError, load_cards
from peloponnes_tui.engine.save import SaveError
from peloponnes_tui.tui.colours import COLOURS
from peloponnes_tui.tui.session import Seat, Session

CASES = 300  # damaged files of each kind
FUZZ_SEED = 9009
MESSAGE_MAX = 400
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
CONTROLS = ["\x1b[2J", "\x1b]0;PWNED\x07", "\x00", "\x07", "\x9b", "\r", "\x7f", "\x85"]
WRONG = [None, True, False, -1, 0, 7, 10**29, 1.5, "", "x", "wood", "plague", [], {}, [1, "a"],
         {"a": 1}, "H" * 5000]


def clean_message(message: str) -> list[str]:
    """What is wrong with a refusal's message (nothing, for a good one)."""
    problems = []
    if not message.strip():
        problems.append("empty message")
    if CONTROL.search(message):
        problems.append("control character in the message")
    if len(message) > MESSAGE_MAX:
        problems.append(f"message of {len(message)} characters")
    for word in ("Traceback", "pydantic", "validation error for", "Value error,"):
        if word in message:
            problems.append(f"{word!r} in the message")
    return problems


# -- damaging data ---------------------------------------------------------------------------------

def _nodes(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every value in ``data`` with its path (the root has the empty path)."""
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _nodes(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _nodes(value, (*path, i))


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


# Placeholders the text form replaces: with a huge number, with deep nesting (the JSON and YAML
# writers recurse, so the nesting is put into the text).
PLACEHOLDER = re.compile(r"""['"]?@@(HUGE|DEEP)@@['"]?""")
DEPTHS = [10, 60, 66, 500, 30000]


def fill(rng: random.Random, text: str) -> str:
    """The text with each placeholder replaced: a huge number, or lists nested deeply."""
    def one(match: re.Match[str]) -> str:
        if match.group(1) == "HUGE":
            return "9" * rng.choice([25, 31, 400, 5000, 100_000])
        depth = rng.choice(DEPTHS)
        return "[" * depth + "]" * depth

    return PLACEHOLDER.sub(one, text)


def damage_data(rng: random.Random, data: Any) -> tuple[str, Any]:
    """One change to parsed data: a key removed, a value of a wrong type, nesting, a huge number,
    a control character in a string.  Returns (what was done, the changed copy)."""
    data = json.loads(json.dumps(data))
    nodes = list(_nodes(data))
    path, node = rng.choice(nodes)
    how = rng.choice(["remove", "wrong", "nest", "huge", "control"])
    if how == "remove":
        dicts = [(p, n) for p, n in nodes if isinstance(n, dict) and n]
        path, node = rng.choice(dicts)
        key = rng.choice(list(node))
        del node[key]
        return f"removed {(*path, key)}", data
    if how == "wrong":
        return f"wrong type at {path}", _set(data, path, rng.choice(WRONG))
    if how == "nest":
        return f"nested at {path}", _set(data, path, "@@DEEP@@")
    if how == "huge":
        return f"huge number at {path}", _set(data, path, "@@HUGE@@")
    strings = [(p, n) for p, n in nodes if isinstance(n, str)]
    path, node = rng.choice(strings)
    cut = rng.randrange(len(node) + 1)
    return f"control character at {path}", _set(data, path,
                                                node[:cut] + rng.choice(CONTROLS) + node[cut:])


def damage_bytes(rng: random.Random, raw: bytes) -> tuple[str, bytes]:
    """One change to the bytes of a file: truncated, bits flipped, bytes inserted."""
    how = rng.choice(["truncate", "flip", "insert"])
    if how == "truncate":
        cut = rng.randrange(len(raw))
        return f"truncated at {cut}", raw[:cut]
    out = bytearray(raw)
    if how == "flip":
        for _ in range(rng.randint(1, 8)):
            out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
        return "bits flipped", bytes(out)
    at = rng.randrange(len(out))
    out[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 6)))
    return f"bytes inserted at {at}", bytes(out)


# -- saves ----------------------------------------------------------------------------------------

def bot_game_save() -> str:
    """A whole game of three random bots (seeded), as the app saves it."""
    seats = [Seat(name, colour, "random") for name, colour in zip(NAMES[:3], COLOURS,
                                                                  strict=False)]
    session = Session.new(seats, SEED, CARDS, bot_pause=0)
    session.play_bots()
    assert session.over
    return session.dumps()


def damaged_saves(rng: random.Random) -> Iterator[tuple[str, bytes]]:
    text = bot_game_save()
    data = json.loads(text)
    keys = [m.start() for m in re.finditer(r'"\w+": ', text)]
    for _ in range(CASES):
        kind = rng.choice(["data", "data", "bytes", "duplicate"])
        if kind == "data":
            what, changed = damage_data(rng, data)
            out = json.dumps(changed, indent=rng.choice([None, 1]))
            yield what, fill(rng, out).encode()
        elif kind == "bytes":
            yield damage_bytes(rng, text.encode())
        else:
            at = rng.choice(keys)
            key = text[at: text.index(":", at)]
            yield f"duplicate key {key}", (text[:at] + f"{key}: 1, " + text[at:]).encode()


def check_cases(cases: Iterator[tuple[str, bytes]], path: Path,
                load: Callable[[Path], object], error: type[Exception]) -> tuple[int, int]:
    """Read every case; returns (loaded, refused); fails listing every bad case."""
    loaded = refused = 0
    bad: list[str] = []
    for i, (what, raw) in enumerate(cases):
        path.write_bytes(raw)
        try:
            load(path)
        except error as exc:
            refused += 1
            bad += [f"case {i} ({what}): {p}: {str(exc)[:200]!r}" for p in clean_message(str(exc))]
        except Exception as exc:
            bad.append(f"case {i} ({what}): {type(exc).__name__}: {str(exc)[:200]!r}")
        else:
            loaded += 1
    assert not bad, "\n".join(bad)
    return loaded, refused


def test_damaged_saves_load_or_raise_save_error(tmp_path: Path) -> None:
    loaded, refused = check_cases(damaged_saves(random.Random(FUZZ_SEED)), tmp_path / "save.json",
                                  lambda p: Session.load(p, CARDS), SaveError)
    print(f"{CASES} damaged saves: {loaded} loaded, {refused} refused")
    assert loaded + refused == CASES
    assert refused > CASES // 2  # the damage is real: most copies cannot be used


# -- card data ------------------------------------------------------------------------------------

DUMPER: type[yaml.SafeDumper] = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
_LINE = re.compile(r"^( *)([\w-]+): (\S.*)$", re.MULTILINE)
_NUMBER = re.compile(r"(?<=[ :\[,])\d+(?=[,}\] \n])")


def damaged_cards(rng: random.Random) -> Iterator[tuple[str, bytes]]:
    text = DEFAULT_CARDS_PATH.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    lines = list(_LINE.finditer(text))
    numbers = list(_NUMBER.finditer(text))
    for _ in range(CASES):
        kind = rng.choice(["data", "bytes", "nest", "huge", "duplicate"])
        if kind == "data":
            what, changed = damage_data(rng, data)
            out = yaml.dump(changed, Dumper=DUMPER, allow_unicode=rng.random() < 0.5,
                            sort_keys=False, default_flow_style=rng.choice([None, False]))
            yield what, fill(rng, out).encode()
        elif kind == "bytes":
            yield damage_bytes(rng, text.encode())
        elif kind == "nest":
            line = rng.choice(lines)
            out = fill(rng, text[: line.start(3)] + "@@DEEP@@" + text[line.end(3):])
            yield f"nested at the line of {line.group(2)}", out.encode()
        elif kind == "huge":
            number = rng.choice(numbers)
            out = fill(rng, text[: number.start()] + "@@HUGE@@" + text[number.end():])
            yield f"huge number at {number.start()}", out.encode()
        else:
            line = rng.choice(lines)
            out = text[: line.end()] + "\n" + line.group(0) + text[line.end():]
            yield f"duplicate line of {line.group(2)}", out.encode()


def test_damaged_card_data_loads_or_raises_card_data_error(tmp_path: Path) -> None:
    loaded, refused = check_cases(damaged_cards(random.Random(FUZZ_SEED)), tmp_path / "d.yaml",
                                  load_cards, CardDataError)
    print(f"{CASES} damaged card files: {loaded} loaded, {refused} refused")
    assert loaded + refused == CASES
    assert refused > CASES // 2
