"""Why a file cannot be used, in German: a damaged save, malformed card data, pydantic's errors.

The engine and the card data raise these problems as messages (an English template and its
values, ``InputError.message``); the sentence is made where it is shown: the command line's
one-line refusal (status 2), the load list, the Watch list.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from enum import Enum
from pathlib import Path
from typing import Any, Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from peloponnes_tui.cards import DEFAULT_CARDS_PATH
from peloponnes_tui.cli import main
from peloponnes_tui.engine.save import SaveError, read_save
from peloponnes_tui.i18n import set_language
from peloponnes_tui.inputs import PYDANTIC_TYPES, describe
from peloponnes_tui.refusals import error_text, message_text
from peloponnes_tui.tui.saveinfo import save_info
from peloponnes_tui.tui.screens.load import save_line

DAMAGED_SEED = {"format": 1, "cards_version": "1", "cards_digest": "0", "seed": "abc",
                "players": ["Helena", "Leonidas"]}


@pytest.fixture
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language("en")


def test_a_damaged_save_is_refused_in_german_on_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "partie.json"
    save.write_text(json.dumps(DAMAGED_SEED), encoding="utf-8")
    assert main(["--lang", "de", "replay", str(save)]) == 2
    assert capsys.readouterr().err == (
        f"peloponnes: {save}, Feld 'seed': der Spielstand ist beschädigt: Eingabe muss eine "
        "ganze Zahl sein; dieser Text lässt sich nicht als Zahl lesen\n")


def test_the_same_save_in_english_reads_as_before(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "game.json"
    save.write_text(json.dumps(DAMAGED_SEED), encoding="utf-8")
    assert main(["--lang", "en", "replay", str(save)]) == 2
    assert capsys.readouterr().err == (
        f"peloponnes: {save}, field 'seed': the save is damaged: Input should be a valid "
        "integer, unable to parse string as an integer\n")


def test_a_save_that_is_not_json_is_refused_in_german(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "partie.json"
    save.write_text('{"seed": 1,}', encoding="utf-8")
    assert main(["--lang", "de", "replay", str(save)]) == 2
    assert capsys.readouterr().err == (
        f"peloponnes: {save}: kein gültiges JSON (ein Schlüssel in doppelten Anführungszeichen "
        "fehlt, Zeile 1, Spalte 12)\n")


def test_a_folder_given_as_a_save_is_refused_in_german(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "de", "replay", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        f"peloponnes: {tmp_path}: das ist ein Ordner; die Spielstanddatei muss eine gewöhnliche "
        "Datei sein\n")


def test_a_malformed_card_file_is_refused_in_german_naming_the_card_and_field(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = DEFAULT_CARDS_PATH.read_text(encoding="utf-8")
    assert "id: port\n" in text
    head, _sep, rest = text.partition("id: port\n")
    value_line = next(line for line in rest.splitlines() if line.strip().startswith("value:"))
    edited = head + "id: port\n" + rest.replace(value_line, value_line.split(":")[0] + ": zwei",
                                                1)
    cards = tmp_path / "karten.yaml"
    cards.write_text(edited, encoding="utf-8")
    assert main(["--lang", "de", "cards", "check", str(cards)]) == 2
    assert capsys.readouterr().err == (
        f"peloponnes: Fehler in den Kartendaten: {cards}, Karte 'port', Feld 'value': Eingabe "
        "muss eine ganze Zahl sein; dieser Text lässt sich nicht als Zahl lesen (gefunden: "
        "'zwei')\n")


def test_a_card_file_with_a_rule_broken_across_cards_is_refused_in_german(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = DEFAULT_CARDS_PATH.read_text(encoding="utf-8")
    cards = tmp_path / "karten.yaml"
    cards.write_text(text.replace("declined_cap:", "declined_cap: 99 #", 1), encoding="utf-8")
    assert main(["--lang", "de", "--cards", str(cards), "simulate", "--games", "1"]) == 2
    assert capsys.readouterr().err == (
        f"peloponnes: Fehler in den Kartendaten: {cards}, Karte 'luxury', Feld 'declined_cap': "
        "die Obergrenze nach dem Verfall darf die Obergrenze nicht übersteigen\n")


def test_the_load_list_says_in_german_why_a_file_is_no_save(
        tmp_path: Path, german: None) -> None:
    twice = tmp_path / "doppelt.json"
    twice.write_text('{"players": ["A", "B"], "players": ["C", "D"]}', encoding="utf-8")
    assert save_info(twice).damaged == (
        "der Schlüssel 'players' kommt in einem Objekt zweimal vor")
    line = save_line(twice).plain
    assert line.startswith("doppelt.json  beschädigt: der Schlüssel 'players' kommt in einem "
                           "Objekt zweimal vor · ")
    big = tmp_path / "gross.json"
    big.write_bytes(b" " * (4 * 1024 * 1024 + 1))
    assert save_info(big).damaged == "die Spielstanddatei ist größer als 4 MB; abgelehnt"


def test_a_save_of_another_format_is_refused_in_german_where_it_is_shown(
        tmp_path: Path, german: None) -> None:
    save = tmp_path / "partie.json"
    save.write_text(json.dumps({**DAMAGED_SEED, "seed": 1, "format": 2}), encoding="utf-8")
    with pytest.raises(SaveError) as info:
        read_save(save)
    assert error_text(info.value) == (
        f"{save}: der Spielstand hat Format 2; diese Version liest Format 1")
    assert str(info.value) == f"{save}: the save has format 2; this version reads format 1"


class _Colour(Enum):
    red = "red"
    blue = "blue"


class _Sample(BaseModel):
    """One field for each common pydantic error type."""

    model_config = ConfigDict(extra="forbid")

    whole: int = 0
    number: float = 0
    flag: bool = False
    text: str = ""
    items: list[int] = []
    table: dict[str, int] = {}
    at_least: int = Field(0, ge=1)
    above: int = Field(1, gt=0)
    at_most: int = Field(0, le=5)
    below: int = Field(0, lt=5)
    some: list[int] = Field([1], min_length=2)
    few: list[int] = Field([], max_length=1)
    short: str = Field("ab", max_length=2)
    long: str = Field("ab", min_length=2)
    pile: Literal["A", "B", "C"] = "A"
    colour: _Colour = _Colour.red
    code: str = Field("a", pattern="^[a-z]+$")
    inner: _Inner | None = None
    needed: int


class _Inner(BaseModel):
    x: int = 0


_Sample.model_rebuild()

# pydantic's error type -> (the data with one bad value, what a German player reads)
OK = {"needed": 1}
GERMAN: dict[str, tuple[dict[str, Any], str]] = {
    "missing": ({}, "dieses Feld fehlt"),
    "extra_forbidden": ({**OK, "colour_": 1}, "unbekanntes Feld (ein Tippfehler?)"),
    "model_type": ({**OK, "inner": 3},
                   "Eingabe muss eine Zuordnung von Feldern sein (gefunden: 3)"),
    "dict_type": ({**OK, "table": 3}, "Eingabe muss eine Zuordnung sein (gefunden: 3)"),
    "list_type": ({**OK, "items": 3}, "Eingabe muss eine Liste sein (gefunden: 3)"),
    "string_type": ({**OK, "text": 3}, "Eingabe muss ein Text sein (gefunden: 3)"),
    "int_type": ({**OK, "whole": [1]}, "Eingabe muss eine ganze Zahl sein"),
    "int_parsing": ({**OK, "whole": "x"}, "Eingabe muss eine ganze Zahl sein; dieser Text lässt "
                    "sich nicht als Zahl lesen (gefunden: 'x')"),
    "int_from_float": ({**OK, "whole": 1.5}, "Eingabe muss eine ganze Zahl sein, nicht eine "
                       "Zahl mit Nachkommastellen (gefunden: 1.5)"),
    "float_type": ({**OK, "number": [1]}, "Eingabe muss eine Zahl sein"),
    "float_parsing": ({**OK, "number": "x"}, "Eingabe muss eine Zahl sein; dieser Text lässt sich "
                      "nicht als Zahl lesen (gefunden: 'x')"),
    "bool_type": ({**OK, "flag": [1]}, "Eingabe muss ein Wahrheitswert sein (true oder false)"),
    "bool_parsing": ({**OK, "flag": "vielleicht"}, "Eingabe muss ein Wahrheitswert sein (true oder "
                     "false); dieser Wert ist keiner (gefunden: 'vielleicht')"),
    "greater_than_equal": ({**OK, "at_least": 0}, "Eingabe muss mindestens 1 sein (gefunden: 0)"),
    "greater_than": ({**OK, "above": 0}, "Eingabe muss größer als 0 sein (gefunden: 0)"),
    "less_than_equal": ({**OK, "at_most": 6}, "Eingabe darf höchstens 5 sein (gefunden: 6)"),
    "less_than": ({**OK, "below": 5}, "Eingabe muss kleiner als 5 sein (gefunden: 5)"),
    "too_short": ({**OK, "some": [1]}, "Die Liste braucht mindestens 2 Einträge, nicht 1"),
    "too_long": ({**OK, "few": [1, 2]}, "Die Liste darf höchstens 1 Eintrag haben, nicht 2"),
    "string_too_short": ({**OK, "long": "a"},
                         "Der Text braucht mindestens 2 Zeichen (gefunden: 'a')"),
    "string_too_long": ({**OK, "short": "abc"},
                        "Der Text darf höchstens 2 Zeichen haben (gefunden: 'abc')"),
    "literal_error": ({**OK, "pile": "D"}, "Eingabe muss 'A', 'B' oder 'C' sein (gefunden: 'D')"),
    "enum": ({**OK, "colour": "green"}, "Eingabe muss 'red' oder 'blue' sein (gefunden: 'green')"),
    "string_pattern_mismatch": ({**OK, "code": "A1"}, "Der Text muss zum Muster '^[a-z]+$' passen "
                                "(gefunden: 'A1')"),
}


@pytest.mark.parametrize("kind", sorted(GERMAN))
def test_a_common_pydantic_error_reads_in_german(kind: str, german: None) -> None:
    raw, wanted = GERMAN[kind]
    with pytest.raises(ValidationError) as info:
        _Sample.model_validate(raw)
    assert info.value.errors()[0]["type"] == kind
    assert message_text(describe(info.value, raw)[2]) == wanted


def test_every_type_worded_by_describe_has_its_german_case() -> None:
    """value_error is the validators' own (Invalid messages); model_attributes_type is pydantic's
    name for model_type on objects, never met in a file."""
    assert set(PYDANTIC_TYPES) - {"value_error", "model_attributes_type"} == set(GERMAN)


def test_a_rare_pydantic_error_keeps_its_english_text(german: None) -> None:
    class Pair(BaseModel):
        pair: tuple[int, int]

    raw = {"pair": 3}
    with pytest.raises(ValidationError) as info:
        Pair.model_validate(raw)
    assert info.value.errors()[0]["type"] == "tuple_type"
    assert message_text(describe(info.value, raw)[2]) == (
        "Input should be a valid tuple (gefunden: 3)")


def test_more_problems_are_counted_in_german(german: None) -> None:
    raw = {"whole": "x", "number": "y", "flag": "z"}  # and "needed" is missing
    with pytest.raises(ValidationError) as info:
        _Sample.model_validate(raw)
    assert message_text(describe(info.value, raw)[2]).endswith(
        "(gefunden: 'x') (und 3 weitere Probleme)")
