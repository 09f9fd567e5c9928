"""Files from outside (saves, card data, scenarios, settings) enter through one door with limits.

Each test is one of the damaged files of issue 9: it is refused with the one error type its
reader promises (``SaveError``, ``CardDataError``), a message that names the file (and the field
where there is one), says what is wrong, and holds no control character, no traceback and none of
pydantic's own text.  Whatever could hang (a named pipe, ``/dev/zero``) runs under a guard, so a
regression fails instead of freezing the test run.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel
from support import CARDS, NAMES, SEED, settled
from textual.events import Paste
from textual.widgets import Input

from peloponnes_tui.cards import DEFAULT_CARDS_PATH, CardDataError, load_cards
from peloponnes_tui.cli import main
from peloponnes_tui.demo.scenario import ScenarioError, load_scenario
from peloponnes_tui.engine import Game
from peloponnes_tui.engine.save import SaveError, dumps
from peloponnes_tui.inputs import (
    CARDS_BYTES_MAX,
    DEPTH_MAX,
    DIGITS_MAX,
    NAME_MAX,
    SAVE_BYTES_MAX,
    TEXT_MAX,
    InputError,
    Name,
    load_json_model,
    parse_json,
    parse_yaml,
)
from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.screens.new_game import NewGameScreen
from peloponnes_tui.tui.session import Session, autosave_path

CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
GUARD = 30.0  # seconds a refusal may take before the guard calls it a hang (not a timing check)
PWNED = "\u001b]0;PWNED\u0007\u001b[2J"  # sets the window title, clears the screen


def clean(message: str) -> str:
    """The message, after checking it is one printable line without pydantic's text."""
    assert message.strip()
    assert not CONTROL.search(message), repr(message)
    for word in ("Traceback", "pydantic", "errors.pydantic.dev", "validation error for"):
        assert word not in message, message
    return message


def refused(call: Callable[[], Any], error: type[Exception]) -> str:
    """Run ``call`` under a guard; it must raise ``error``.  Returns the checked message."""
    outcome: list[BaseException | str] = []

    def run() -> None:
        try:
            call()
            outcome.append("it loaded")
        except BaseException as exc:
            outcome.append(exc)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(GUARD)
    assert outcome, f"still reading after {GUARD:g} s: the reader hangs"
    exc = outcome[0]
    assert isinstance(exc, error), f"{type(exc).__name__}: {exc}"
    return clean(str(exc))


def save_dict(players: int = 3) -> dict[str, Any]:
    """A real save (a few bids into a game) as JSON data."""
    game = Game.new(list(NAMES[:players]), SEED, CARDS)
    data: dict[str, Any] = json.loads(dumps(game))
    return data


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# -- saves ----------------------------------------------------------------------------------------

def test_save_nested_2000_deep_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path / "deep.json", '{"format":1,"x":' + "[" * 2000 + "]" * 2000 + "}")
    msg = refused(lambda: Session.load(path, CARDS), SaveError)
    assert msg == f"{path}: nested more than {DEPTH_MAX} levels deep; refused"


def test_save_nested_100000_deep_is_refused_by_the_parser() -> None:
    with pytest.raises(InputError, match="nested more than 64 levels"):
        parse_json("[" * 100_000, "deep.json")


JSON_MISTAKES = [
    ('{"seed": 1,}', "a comma before a closing bracket", 1, 11),
    ('{"a":\n  [1,\n  ]\n}', "a comma before a closing bracket", 2, 5),
    ("", "there is no data at all", 1, 1),
    ('{"a": 1', "the text ends too early", 1, 8),
    ('{"a": 1} x', "more text after the end of the data", 1, 10),
    ("[1]\n[2]", "more text after the end of the data", 2, 1),
    ('{"a": "abc', "a text whose quotes are never closed", 1, 7),
    ("{'a': 1}", 'texts and keys need double quotes (")', 1, 2),
    ('{"a": "x\u0001y"}', "the control character U+0001 is not allowed here", 1, 9),
    ('{"a": "\\x"}', "an escape '\\\\x' that JSON does not know", 1, 8),
    ('{"a" 1}', "unexpected '1'", 1, 6),
    ('{"a": 1 "b": 2}', "unexpected '\"b\"'", 1, 9),
    ('{"a": True}', "unexpected 'True'", 1, 7),
    ("{not json", "unexpected 'not'", 1, 2),
]


@pytest.mark.parametrize("text, reason, line, column", JSON_MISTAKES)
def test_why_a_text_is_not_json(text: str, reason: str, line: int, column: int) -> None:
    """The reason and the place are worked out from the text, not from the json module's English
    (which Python 3.13 changed): the same words and place on every Python."""
    msg = refused(lambda: parse_json(text, "f.json"), InputError)
    assert msg == f"f.json: not valid JSON ({reason}, line {line}, column {column})"


def test_save_with_a_5000_digit_number(tmp_path: Path) -> None:
    data = save_dict()
    text = json.dumps(data).replace(f'"seed": {SEED}', '"seed": ' + "9" * 5000)
    path = write(tmp_path / "digits.json", text)
    msg = refused(lambda: Session.load(path, CARDS), SaveError)
    assert msg == f"{path}: a number of 5000 digits (at most {DIGITS_MAX})"


def test_escape_sequences_in_a_player_name_are_refused(tmp_path: Path) -> None:
    data = save_dict()
    data["players"][1] = PWNED
    path = write(tmp_path / "pwned.json", json.dumps(data))
    msg = refused(lambda: Session.load(path, CARDS), SaveError)
    assert msg == (f"{path}, field 'players[1]': a text holding the control character U+001B; "
                   "refused")


def test_a_control_character_anywhere_in_a_save_is_refused() -> None:
    data = save_dict()
    data["extra"]["note"] = "\u009b2J"  # the one-character CSI of C1
    msg = refused(lambda: Session.loads(json.dumps(data), CARDS), SaveError)
    # a key of the save's own (not one of the format's) is not named either
    assert "field 'extra.…'" in msg and "U+009B" in msg and "note" not in msg


def test_a_player_name_longer_than_a_name_is_refused() -> None:
    data = save_dict()
    data["players"][0] = "H" * (NAME_MAX + 1)
    msg = refused(lambda: Session.loads(json.dumps(data), CARDS), SaveError)
    assert msg == (f"the save file, field 'players[0]': the save is damaged: a name of "
                   f"{NAME_MAX + 1} characters (at most {NAME_MAX})")


def test_a_string_longer_than_any_text_is_refused() -> None:
    data = save_dict()
    data["players"][0] = "H" * 1_000_000
    msg = refused(lambda: Session.loads(json.dumps(data), CARDS), SaveError)
    assert msg == (f"the save file, field 'players[0]': a text of 1000000 characters (at most "
                   f"{TEXT_MAX}); refused")


def test_a_50_mb_player_name_is_refused_without_reading_it(tmp_path: Path) -> None:
    data = save_dict()
    data["players"][0] = "@NAME@"
    head, tail = json.dumps(data).split("@NAME@")
    path = tmp_path / "huge.json"
    with path.open("w", encoding="utf-8") as fh:
        fh.write(head)
        for _ in range(50):
            fh.write("H" * 1024 * 1024)
        fh.write(tail)
    tracemalloc.start()
    try:
        msg = refused(lambda: Session.load(path, CARDS), SaveError)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert msg == f"{path}: the save file is larger than 4 MB; refused"
    assert peak < SAVE_BYTES_MAX  # the file was never read into memory


def test_a_duplicate_key_in_a_save_is_refused() -> None:
    text = json.dumps(save_dict()).replace('"seed":', '"seed": 1, "seed":', 1)
    msg = refused(lambda: Session.loads(text, CARDS), SaveError)
    assert msg == "the save file: the key 'seed' appears twice in one object"


@pytest.mark.parametrize("position, field, words", [
    # what the save holds is not cited: no value found, no key that is not the format's own
    ({"round": 99}, "position.round", "less than or equal to 8"),
    ({"players": [{"hand": 5}]}, "position.players[0].hand", "a valid list"),
    ({"coins_next": "wood"}, "position.coins_next", "a valid list"),
    ({"flood": True}, "position.…", "unknown field (a typo?)"),
    ({"players": [5]}, "position.players[0]", "Input should be a mapping of fields"),
])
def test_a_damaged_start_position_names_the_field_in_plain_words(
        tmp_path: Path, position: dict[str, Any], field: str, words: str) -> None:
    data = save_dict()
    data["position"] = position
    path = write(tmp_path / "position.json", json.dumps(data))
    msg = refused(lambda: Session.load(path, CARDS), SaveError)
    assert msg.startswith(f"{path}, field '{field}': the save is damaged: ")
    assert msg.endswith(words)


# -- files that are not files ---------------------------------------------------------------------

def _not_a_file(tmp_path: Path, kind: str) -> Path:
    path = tmp_path / "target"
    if kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "dev-urandom":
        path.symlink_to("/dev/urandom")
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        path.mkdir()
    return path


NOT_A_FILE = [("dev-zero", "a device"), ("dev-urandom", "a device"), ("fifo", "a named pipe"),
              ("folder", "a folder")]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes and /dev are POSIX")
@pytest.mark.parametrize("kind, words", NOT_A_FILE)
def test_autosave_that_is_not_an_ordinary_file(tmp_path: Path, kind: str, words: str) -> None:
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    os.replace(_not_a_file(tmp_path, kind), autosave_path())
    msg = refused(lambda: Session.load(autosave_path(), CARDS), SaveError)
    assert msg == f"{autosave_path()}: this is {words}; the save file must be an ordinary file"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes and /dev are POSIX")
@pytest.mark.parametrize("kind, words", NOT_A_FILE)
def test_cards_file_that_is_not_an_ordinary_file(tmp_path: Path, kind: str, words: str) -> None:
    path = _not_a_file(tmp_path, kind)
    msg = refused(lambda: load_cards(path), CardDataError)
    assert msg == f"{path}: this is {words}; the card data file must be an ordinary file"


def test_cards_file_larger_than_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    text = DEFAULT_CARDS_PATH.read_text(encoding="utf-8")
    write(path, text + "#" * CARDS_BYTES_MAX)
    msg = refused(lambda: load_cards(path), CardDataError)
    assert msg == f"{path}: the card data file is larger than 1 MB; refused"


def test_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    raw = b'{"format": 1, "players": ["H\xe9l\xe8ne"]}'
    path.write_bytes(raw)
    msg = refused(lambda: Session.load(path, CARDS), SaveError)
    assert msg == f"{path}: the save file is not UTF-8 text (byte {raw.index(0xE9) + 1})"


# -- card data ------------------------------------------------------------------------------------

def cards_text() -> str:
    return DEFAULT_CARDS_PATH.read_text(encoding="utf-8")


def at_line(msg: str, path: Path, line: int) -> bool:
    """``msg`` refuses the file ``path`` and names ``line``, whoever worded the reason: nesting
    past a thousand levels is refused by PyYAML's own libyaml from 6.0.4 on, in its words, before
    our depth check sees the 65th level."""
    return msg.startswith(f"{path}: ") and re.search(rf"\bline {line}\b", msg) is not None


@pytest.mark.parametrize("text, words", [
    ("a: " + "[" * 30000 + "]" * 30000, None),
    ("a: " + "[" * 100 + "]" * 100, "nested more than 64 levels deep; refused (line 1)"),
    ("a: " + "9" * 5000, "a number of 5000 characters (at most 30) (line 1)"),
], ids=["nested-30000", "nested-100", "digits-5000"])
def test_cards_check_refuses_with_status_2(tmp_path: Path, text: str, words: str | None
                                           ) -> None:
    """In a fresh process: the C YAML loader used to crash it (exit 139) at 30,000 levels."""
    path = write(tmp_path / "d.yaml", text)
    run = subprocess.run([sys.executable, "-m", "peloponnes_tui", "cards", "check", str(path)],
                         capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 2, run.stderr
    head = "peloponnes: card data error: "
    assert run.stderr.startswith(head) and run.stderr.count("\n") == 1, run.stderr
    assert at_line(clean(run.stderr[len(head):-1]), path, 1), run.stderr
    if words is not None:  # our own check, below any parser's limit: our words
        assert run.stderr == f"{head}{path}: {words}\n"
    assert run.stdout == ""


def test_a_5000_digit_integer_in_card_data(tmp_path: Path) -> None:
    path = write(tmp_path / "digits.yaml", cards_text().replace("count: 5", "count: " + "5" * 5000,
                                                                1))
    msg = refused(lambda: load_cards(path), CardDataError)
    assert msg.startswith(f"{path}: a number of 5000 characters (at most {DIGITS_MAX}) (line ")


def test_a_duplicate_key_in_card_data_is_named(tmp_path: Path) -> None:
    text = cards_text()
    assert "\nversion: \"4\"\n" in text
    path = write(tmp_path / "dup.yaml", text.replace('\nversion: "4"\n',
                                                     '\nversion: "4"\nversion: "5"\n', 1))
    line = text[: text.index('\nversion: "4"\n')].count("\n") + 3
    msg = refused(lambda: load_cards(path), CardDataError)
    assert msg == f"{path}: the key 'version' appears twice in one mapping (line {line})"


def test_a_duplicate_key_inside_a_card(tmp_path: Path) -> None:
    text = cards_text().replace("{id: plague,", "{id: plague, id: pest,", 1)
    path = write(tmp_path / "dup.yaml", text)
    msg = refused(lambda: load_cards(path), CardDataError)
    assert "the key 'id' appears twice in one mapping" in msg


def test_an_escape_sequence_in_a_card_name(tmp_path: Path) -> None:
    text = cards_text().replace("{en: Plague,", '{en: "\\e]0;PWNED\\a\\e[2J",', 1)
    path = write(tmp_path / "esc.yaml", text)
    msg = refused(lambda: load_cards(path), CardDataError)
    assert msg.startswith(f"{path}: a text holding the control character U+001B; refused (line ")


@pytest.mark.parametrize("text, words", [
    ("a: &x [1, 2]\nb: *x\n", "aliases (*name) are not allowed (line 2)"),
    ("<<: {a: 1}\n", "merge keys (<<) are not allowed (line 1)"),
    ("a: !!python/name:os.system x\n",
     "the tag 'tag:yaml.org,2002:python/name:os.system' is not allowed (line 1)"),
    ("a: 1\n---\nb: 2\n", "the file holds more than one YAML document (line 2)"),
    ("? [1, 2]\n: x\n", "a key must be a plain value, not a list or mapping (line 1)"),
    ("a: 2024-13-45\n", "'2024-13-45' is not a valid timestamp (line 1)"),
])
def test_yaml_that_the_safe_loader_would_take_or_crash_on(text: str, words: str) -> None:
    with pytest.raises(InputError) as info:
        parse_yaml(text, "odd.yaml")
    assert clean(str(info.value)) == f"odd.yaml: {words}"


def test_yaml_is_read_as_the_safe_loader_reads_it() -> None:
    """The same data as PyYAML's safe loader for every shipped file (tags, numbers, dates)."""
    import yaml

    paths = [DEFAULT_CARDS_PATH, *sorted((DEFAULT_CARDS_PATH.parents[1] / "demo" / "scenarios")
                                         .glob("*.yaml"))]
    for path in paths:
        text = path.read_text(encoding="utf-8")
        assert parse_yaml(text, path) == yaml.safe_load(text), path
    odd = "a: [1, 2.5, 0x1f, 1_000, .inf, ~, yes, 2024-01-02]\nb: {c: 'd', e: \"f\\tg\"}\n"
    assert parse_yaml(odd, "odd.yaml") == yaml.safe_load(odd)


def test_cards_check_prints_rich_markup_in_names_literally(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # no line breaks inside what is checked
    text = re.sub(r"\{en: Plague, +de: Pest\}", '{en: "[red]x", de: "[b]y"}', cards_text())
    text = text.replace('version: "4"', 'version: "[link=https://example.com]4"', 1)
    path = write(tmp_path / "markup.yaml", text)
    assert main(["cards", "check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "[red]x / [b]y" in out
    assert "(version [link=https://example.com]4)" in out


# -- scenarios and settings -----------------------------------------------------------------------

@pytest.mark.parametrize("depth", [100, 5000])
def test_a_scenario_nested_too_deeply(tmp_path: Path, depth: int) -> None:
    path = write(tmp_path / "deep.yaml", "id: x\nsteps: " + "[" * depth + "]" * depth + "\n")
    msg = refused(lambda: load_scenario(str(path)), ScenarioError)
    assert at_line(msg, path, 2), msg
    if depth == 100:  # below any parser's own limit: our depth check refuses it, in our words
        assert msg == f"{path}: nested more than {DEPTH_MAX} levels deep; refused (line 2)"


def test_a_scenario_player_with_an_escape_in_the_name(tmp_path: Path) -> None:
    path = write(tmp_path / "esc.yaml",
                 'id: x\ntitle: t\nintro: i\nplayers: [Helena, "Leo\\u0007"]\n')
    msg = refused(lambda: load_scenario(str(path)), ScenarioError)
    assert msg == f"{path}: a text holding the control character U+0007; refused (line 4)"


class _Settings(BaseModel):
    names: list[Name]
    pause: float = 0.7


def test_a_settings_file_through_load_json_model(tmp_path: Path) -> None:
    good = write(tmp_path / "settings.json", '{"names": ["Helena", "Leonidas"], "pause": 0.3}')
    assert load_json_model(good, _Settings, "settings file") == _Settings(
        names=["Helena", "Leonidas"], pause=0.3)
    bad = write(tmp_path / "bad.json", '{"names": ["Helena", ""], "pause": 0.3}')
    msg = refused(lambda: load_json_model(bad, _Settings, "settings file"), InputError)
    assert msg == f"{bad}, field 'names[1]': a name must not be empty"
    assert refused(lambda: load_json_model(tmp_path / "none.json", _Settings, "settings file"),
                   InputError) == f"{tmp_path / 'none.json'}: no such file"


# -- the app --------------------------------------------------------------------------------------

async def test_new_game_name_input_takes_no_control_characters(cards: Any) -> None:
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        name = app.screen.query_one("#name0", Input)
        name.focus()
        name.value = ""
        name.post_message(Paste(PWNED))
        await settled(pilot)
        assert name.value == ""  # the whole paste is refused, as a typed control key would be
        name.post_message(Paste("Ariadne"))
        await settled(pilot)
        assert name.value == "Ariadne"
        seed = app.screen.query_one("#seed", Input)
        seed.focus()
        await pilot.press(*"1" * (DIGITS_MAX + 5))
        assert seed.value == "1" * DIGITS_MAX  # a seed the autosave can hold
