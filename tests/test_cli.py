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
from peloponnes_tui.simulate import game_seed, share_text


def test_simulate_json_lines(capsys):
    assert main(["simulate", "--players", "3", "--games", "4", "--seed", "5", "--json"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 4
    for i, line in enumerate(lines):
        rec = json.loads(line)
        assert rec["seed"] == game_seed(5, i)
        assert [p["seat"] for p in rec["players"]] == [1, 2, 3]
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


def test_simulate_gives_the_same_games_with_any_number_of_workers(tmp_path, capsys):
    # the games are shared out among processes; each depends only on the run seed and its
    # number, and the records come back in the games' order
    out = {}
    for workers in (1, 2):
        folder = tmp_path / f"w{workers}"
        assert main(["simulate", "--players", "3", "--games", "5", "--seed", "11", "--json",
                     "--workers", str(workers), "--save-games", str(folder)]) == 0
        out[workers] = (capsys.readouterr().out,
                        {f.name: f.read_text() for f in sorted(folder.iterdir())})
    assert out[1] == out[2]
    assert len(out[1][0].splitlines()) == 5 and len(out[1][1]) == 5
    assert main(["simulate", "--players", "3", "--games", "5", "--seed", "11",
                 "--workers", "2"]) == 0
    two = capsys.readouterr().out
    assert main(["simulate", "--players", "3", "--games", "5", "--seed", "11",
                 "--workers", "1"]) == 0
    assert capsys.readouterr().out == two  # the summary too


def test_runs_with_different_seeds_share_no_game():
    # before, game i used seed + i: --seed 1 and --seed 2 shared all games but one
    runs = [{game_seed(run, i) for i in range(2000)} for run in (0, 1, 2, 3)]
    assert all(len(r) == 2000 for r in runs)
    assert not (runs[0] & runs[1] or runs[1] & runs[2] or runs[0] & runs[2] or runs[2] & runs[3])
    assert all(0 <= s < 2**63 for r in runs for s in r)
    assert game_seed(1, 0) == game_seed(1, 0)  # a game can be named by its seed and played again


def test_game_seed_reproduces_the_game(capsys):
    main(["simulate", "--players", "2", "--games", "2", "--seed", "4", "--json"])
    second = json.loads(capsys.readouterr().out.splitlines()[1])
    from peloponnes_tui.cards import load_cards
    from peloponnes_tui.simulate import game_record, play_game

    # game 2 of the run seats the bots rotated by one place; both seats are random bots
    again = game_record(play_game(load_cards(), ["random", "random"], second["seed"]),
                        ["random", "random"])
    assert again == second


def test_shares_of_wins_are_rounded():
    assert share_text(1 / 3) == "0.33"
    assert share_text(2 + 1 / 3) == "2.33"
    assert share_text(12.5) == "12.5"
    assert share_text(7.0) == "7"
    assert share_text(0.0) == "0"


def test_simulate_save_games(tmp_path, capsys):
    from peloponnes_tui.cards import load_cards
    from peloponnes_tui.tui.session import Session

    folder = tmp_path / "new" / "games"
    assert main(["simulate", "--bots", "heuristic,random", "--games", "2", "--seed", "3",
                 "--json", "--save-games", str(folder)]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == [f"game-{i + 1:05d}-seed-{r['seed']}.json"
                                       for i, r in enumerate(records)]
    cards = load_cards()
    for f, rec in zip(files, records, strict=True):
        session = Session.load(f, cards)
        assert session.game.over and session.game.seed == rec["seed"]
        assert [w + 1 for w in session.game.winners] == rec["winners"]
        assert [s.kind for s in session.seats] == [p["bot"] for p in rec["players"]]
        assert [s.score for s in session.game.scores] == [p["score"] for p in rec["players"]]
    # game 2 seats the bots the other way round
    assert [p["bot"] for p in records[1]["players"]] == ["random", "heuristic"]


def test_simulate_save_games_lists_the_files(tmp_path, capsys):
    assert main(["simulate", "--players", "2", "--games", "2", "--save-games",
                 str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Saved games" in out
    for f in tmp_path.iterdir():
        assert f.name.split("-seed-")[1].removesuffix(".json") in out


def test_simulate_save_games_unwritable(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert main(["simulate", "--games", "1", "--save-games", str(blocker / "x")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("peloponnes: cannot write into the folder") and "Traceback" not in err
    assert err.count("\n") <= 1


def test_simulate_summary(capsys):
    assert main(["simulate", "--players", "4", "--games", "6", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    for heading in ("Wins per seat", "Wins per civilization", "Final scores", "Catastrophes"):
        assert heading in out


@pytest.mark.parametrize("args, message", [
    (["simulate", "--bots", "random,nobody"], "unknown bot 'nobody'"),
    (["simulate", "--players", "6"], "2 to 5 players"),
    (["simulate", "--games", "0"], "at least 1"),
    (["simulate", "--workers", "0"], "from 1 to 256"),
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
