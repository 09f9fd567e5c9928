"""The project's documents point at tests and code that exist.

``docs/*.md`` cite tests as ``tests/<file>.py::<name>`` and code as ``engine/<file>.py: <name>``
(a function, or ``Class.method``; paths under ``peloponnes_tui/``).  A renamed or removed test or
function makes the citation fail here instead of misleading a reader.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted((ROOT / "docs").glob("*.md"))
TEST_CITATION = re.compile(r"\btests/([\w/]+\.py)::(\w+)")
CODE_CITATION = re.compile(r"`((?:engine|bots|tui|demo)/[\w/]+\.py): ([\w.]+)`")


def citations(pattern: re.Pattern[str]) -> list[tuple[str, str, str]]:
    """(document, file, name) for every citation of the pattern in the docs."""
    return sorted({(doc.name, *m.groups()) for doc in DOCS
                   for m in pattern.finditer(doc.read_text(encoding="utf-8"))})


def defines(source: str, name: str) -> bool:
    return re.search(rf"^\s*(?:async\s+)?def {re.escape(name)}\(", source, re.M) is not None


def test_the_rulings_cite_tests_and_code():
    cited = {doc for doc, _, _ in citations(TEST_CITATION)}
    assert "rulings.md" in cited
    assert "rulings.md" in {doc for doc, _, _ in citations(CODE_CITATION)}


@pytest.mark.parametrize(("doc", "path", "name"), citations(TEST_CITATION))
def test_every_cited_test_exists(doc, path, name):
    file = ROOT / "tests" / path
    assert file.is_file(), f"{doc} cites {path}, which does not exist"
    assert defines(file.read_text(encoding="utf-8"), name), f"{doc} cites {path}::{name}"


@pytest.mark.parametrize(("doc", "path", "name"), citations(CODE_CITATION))
def test_every_cited_function_exists(doc, path, name):
    file = ROOT / "peloponnes_tui" / path
    assert file.is_file(), f"{doc} cites {path}, which does not exist"
    source = file.read_text(encoding="utf-8")
    *owner, function = name.split(".")
    for cls in owner:
        assert re.search(rf"^class {re.escape(cls)}\b", source, re.M), f"{doc} cites {path}: {name}"
    assert defines(source, function), f"{doc} cites {path}: {name}"
