"""Promises of docs/reliability.md that need no game: no code is ever run from a file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from peloponnes_tui.cards import CardDataError, load_cards
from peloponnes_tui.demo.scenario import ScenarioError, load_scenario

PACKAGE = Path(__file__).resolve().parent.parent / "peloponnes_tui"
SOURCES = sorted(PACKAGE.rglob("*.py"))

# Ways of turning bytes into running code or arbitrary objects (YAML is checked by loading).
UNSAFE = re.compile(r"\bimport (?:pickle|marshal|shelve|dill)\b|\bfrom (?:pickle|marshal|shelve) "
                    r"|\b(?:pickle|marshal)\.loads?\(|(?<![\w.])(?:eval|exec)\(")


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_pickle_eval_or_exec(source: Path) -> None:
    hits = [line.strip() for line in source.read_text(encoding="utf-8").splitlines()
            if UNSAFE.search(line)]
    assert hits == []


def test_the_source_check_would_see_them() -> None:
    for line in ("import pickle", "data = pickle.load(fh)", "eval(text)", "exec(code, {})"):
        assert UNSAFE.search(line), line
    for line in ("``deepcopy`` and ``pickle`` give a new row", "self.evaluate(x)",
                 "answer_from_dict(raw)", "executor.submit(f)"):
        assert not UNSAFE.search(line), line


PAYLOAD = "!!python/object/apply:os.system ['touch {marker}']"


def test_card_data_cannot_run_code(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    path = tmp_path / "cards.yaml"
    path.write_text(f"version: {PAYLOAD.format(marker=marker)}\n", encoding="utf-8")
    with pytest.raises(CardDataError):
        load_cards(path)
    assert not marker.exists()


def test_a_scenario_cannot_run_code(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    path = tmp_path / "evil.yaml"
    path.write_text(f"id: {PAYLOAD.format(marker=marker)}\n", encoding="utf-8")
    with pytest.raises(ScenarioError):
        load_scenario(str(path))
    assert not marker.exists()
