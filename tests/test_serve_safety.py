"""`peloponnes serve` as an attacker would try it: what a browser page may read, which origins may
drive the server, the limits, the addresses the page uses, and how it starts and stops. The
browser itself is in test_browser.py, the ordinary use of serve in test_serve.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from peloponnes_tui.cards import CardSet
from peloponnes_tui.cli import main
from peloponnes_tui.engine import Game
from peloponnes_tui.engine.save import SaveError, dumps
from peloponnes_tui.refusals import error_text
from peloponnes_tui.tui.session import Session

SECRET = "hunter2"


# -- a damaged file's message cites nothing it holds ---------------------------------------------

def damaged_saves(cards: CardSet) -> dict[str, str]:
    """Saves, each damaged in one place where the secret stands."""
    good = json.loads(dumps(Game.new(["Ann", "Bob"], 1, cards)))
    as_json: dict[str, Any] = {
        "format": {**good, "format": f"db_password={SECRET}"},
        "cards": {**good, "cards_digest": SECRET, "cards_version": SECRET},
        "seed": {**good, "seed": SECRET},
        "players": {**good, "players": SECRET},
        "a player": {**good, "players": ["Ann", SECRET + "\x01"]},
        "a key": {**good, SECRET: 1},
        "an answer's kind": {**good, "answers": [{"kind": SECRET}]},
        "an answer's key": {**good, "answers": [{"kind": "pass", SECRET: 1}]},
        "an answer's card": {**good, "answers": [{"kind": "place_bid", "card": SECRET,
                                                  "coins": []}]},
        "an answer": {**good, "answers": [SECRET]},
        "a position": {**good, "position": {SECRET: 1}},
        "the extra": {**good, "extra": SECRET},
        "a text in the extra": {**good, "extra": {SECRET: "\x9b"}},
    }
    texts = {name: json.dumps(data) for name, data in as_json.items()}
    texts["a key twice"] = f'{{"format": 1, "{SECRET}": 1, "{SECRET}": 2}}'
    return texts


def test_a_damaged_save_cites_nothing_it_holds(cards: CardSet, tmp_path: Path) -> None:
    for name, text in damaged_saves(cards).items():
        path = tmp_path / "save.json"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(SaveError) as refused:
            Session.load(path, cards)
        said = error_text(refused.value)
        assert SECRET not in said, (name, said)
        assert said.startswith(str(path)), (name, said)  # still where, and what is wrong


def test_a_damaged_save_on_the_command_line_cites_nothing_either(
        cards: CardSet, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "config.json"
    path.write_text(damaged_saves(cards)["format"], encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert SECRET not in err and "the save has format …; this version reads format 1" in err


def test_the_format_keys_are_still_named(cards: CardSet) -> None:
    good = json.loads(dumps(Game.new(["Ann", "Bob"], 1, cards)))
    with pytest.raises(SaveError) as refused:
        Session.loads(json.dumps({**good, "seed": "x"}), cards)
    assert error_text(refused.value).startswith("the save file, field 'seed': the save is "
                                                "damaged")
