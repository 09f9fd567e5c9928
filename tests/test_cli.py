"""The command line: simulate (text and JSON), cards check, and clean errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from peloponnes_tui.cards import DEFAULT_CARDS_PATH
from peloponnes_tui.cli import main


def test_simulate_json_lines(capsys):
    assert main(["simulate", "--players", "3", "--games", "4", "--seed", "5", "--json"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 4
    for i, line in enumerate(lines):
        rec = json.loads(line)
        assert rec["seed"] == 5 + i
        assert rec["rounds"] == 8
        assert len(rec["players"]) == 3
        for p in rec["players"]:
            assert {"civilization", "population", "power", "score", "bot"} <= set(p)
            assert p["score"] == min(p["population"], p["power"])
        assert rec["winner"] in rec["winners"]
        assert set(rec["catastrophes"]) <= {"plague", "earthquake", "tempest", "drought",
                                            "decline"}


def test_simulate_is_reproducible(capsys):
    main(["simulate", "--players", "2", "--games", "3", "--seed", "9", "--json"])
    first = capsys.readouterr().out
    main(["simulate", "--players", "2", "--games", "3", "--seed", "9", "--json"])
    assert capsys.readouterr().out == first


def test_simulate_summary(capsys):
    assert main(["simulate", "--players", "4", "--games", "6", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    for heading in ("Wins per seat", "Wins per civilization", "Final scores", "Catastrophes"):
        assert heading in out


@pytest.mark.parametrize("args, message", [
    (["simulate", "--bots", "random,nobody"], "unknown bot 'nobody'"),
    (["simulate", "--players", "6"], "2 to 5 players"),
    (["simulate", "--games", "0"], "at least 1"),
])
def test_simulate_bad_arguments(args, message, capsys):
    assert main(args) == 2
    assert message in capsys.readouterr().err


def test_cards_check_ok(capsys):
    assert main(["cards", "check"]) == 0
    assert "valid" in capsys.readouterr().out


def _broken(tmp_path: Path) -> Path:
    raw = yaml.safe_load(DEFAULT_CARDS_PATH.read_text(encoding="utf-8"))
    raw["power_cards"][0]["value"] = "lots"
    path = tmp_path / "my-cards.yaml"
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    return path


def test_cards_check_broken_file_exits_2_without_traceback(tmp_path):
    path = _broken(tmp_path)
    card = yaml.safe_load(path.read_text(encoding="utf-8"))["power_cards"][0]["id"]
    proc = subprocess.run([sys.executable, "-m", "peloponnes_tui", "cards", "check", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr + proc.stdout
    assert "my-cards.yaml" in proc.stderr
    assert card in proc.stderr
    assert "value" in proc.stderr


def test_play_with_broken_cards_is_refused(tmp_path, capsys):
    path = _broken(tmp_path)
    assert main(["--cards", str(path), "simulate", "--games", "1"]) == 2
    assert "card data error" in capsys.readouterr().err


def test_missing_cards_file(tmp_path, capsys):
    assert main(["cards", "check", str(tmp_path / "nope.yaml")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_edited_cards_are_used(tmp_path, capsys):
    raw = yaml.safe_load(DEFAULT_CARDS_PATH.read_text(encoding="utf-8"))
    raw["civilizations"][0]["name"]["en"] = "Atlantis"
    for civ in raw["civilizations"]:
        civ["coins"] = 4
    path = tmp_path / "edited.yaml"
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    assert main(["--cards", str(path), "simulate", "--players", "5", "--games", "10",
                 "--json"]) == 0
    out = capsys.readouterr().out
    assert "Atlantis" in out
