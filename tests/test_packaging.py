"""The package as users install it: one version number, every package shipped, no links."""

from __future__ import annotations

import os
import tomllib
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

import peloponnes_tui
from peloponnes_tui.cli import main

ROOT = Path(__file__).resolve().parents[1]


def _pyproject() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        return tomllib.load(f)


def test_one_version_number() -> None:
    project = _pyproject()["project"]
    assert "version" not in project and project["dynamic"] == ["version"]
    assert metadata.version("peloponnes-tui") == peloponnes_tui.__version__


def test_version_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"peloponnes {peloponnes_tui.__version__}"


def test_every_package_is_listed() -> None:
    """A folder of modules or data the build does not list would be left out of the wheel."""
    setuptools = _pyproject()["tool"]["setuptools"]
    listed = set(setuptools["packages"])
    found = {"peloponnes_tui.assets"}  # the top-level assets folder, mapped by package-dir
    for folder in (ROOT / "peloponnes_tui").rglob("*"):
        if folder.is_dir() and folder.name != "__pycache__" and any(
                f.suffix in (".py", ".yaml") for f in folder.iterdir()):
            found.add(".".join(folder.relative_to(ROOT).parts))
    found.add("peloponnes_tui")
    assert listed == found
    assert setuptools["package-dir"] == {"peloponnes_tui.assets": "assets"}


def test_every_stylesheet_is_shipped() -> None:
    """Textual reads the .tcss stylesheets when the app runs: every package holding one ships
    its *.tcss files, and no other package claims any."""
    data = _pyproject()["tool"]["setuptools"]["package-data"]
    holding = {".".join(p.parent.relative_to(ROOT).parts)
               for p in (ROOT / "peloponnes_tui").rglob("*.tcss")}
    assert holding == {"peloponnes_tui.tui", "peloponnes_tui.tui.screens"}
    assert {package for package, files in data.items() if "*.tcss" in files} == holding


def test_no_symbolic_links_in_the_tree() -> None:
    """A link becomes a small text file on Windows checkouts; every file is a real copy.  (The
    virtual environments, ``.venv`` and ``.ci/newest``'s ``.venv-newest-3.12`` …, are not ours.)"""
    skip = {".git", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache", ".hypothesis"}
    links = []
    for folder, dirs, files in os.walk(ROOT):
        links += [Path(folder, name) for name in dirs + files if Path(folder, name).is_symlink()]
        dirs[:] = [d for d in dirs if d not in skip and not d.startswith(".venv")
                   and not Path(folder, d).is_symlink()]
    assert links == []


def pins() -> dict[str, str]:
    """constraints.txt: the exact versions the constrained test run installs."""
    return {canonicalize_name(line.split("==")[0]): line.split("==")[1].strip()
            for line in (ROOT / "constraints.txt").read_text().splitlines()
            if line and not line.startswith("#")}


def test_users_get_ranges_and_tests_get_exact_versions() -> None:
    """Users get ranges; constraints.txt pins a version inside each of them.  (That the pinned
    Textual and rich draw the screen snapshots is checked beside them, in
    test_tui_snapshots.py: the run with the newest allowed versions leaves those out.)"""
    project = _pyproject()
    deps = [Requirement(d) for d in (*project["project"]["dependencies"],
                                     *project["project"]["optional-dependencies"]["web"],
                                     *project["dependency-groups"]["test"])]
    assert not [d for d in project["project"]["dependencies"] if "==" in d]
    pinned = pins()
    outside = [f"{d.name} {pinned[canonicalize_name(d.name)]} not in {d.specifier}"
               for d in deps if not d.specifier.contains(pinned[canonicalize_name(d.name)])]
    assert outside == []


def test_every_dependency_has_an_upper_bound() -> None:
    """The code depends on each library's major version (Textual's widgets, rich's segments,
    pydantic's v2 API, PyYAML's loaders, platformdirs' functions, textual-serve's Server): a new
    major release must not reach users untested."""
    project = _pyproject()["project"]
    deps = [Requirement(d) for d in (*project["dependencies"],
                                     *project["optional-dependencies"]["web"])]
    unbounded = [str(d) for d in deps if not any(s.operator in ("<", "<=", "==", "~=")
                                                 for s in d.specifier)]
    assert unbounded == []


def test_licence_is_shipped() -> None:
    assert (ROOT / "LICENSE").is_file()
    assert _pyproject()["project"]["license-files"] == ["LICENSE"]


def test_the_tests_import_their_support_one_way() -> None:
    """``from support import …`` (pytest puts tests/ on the path): ``tests.support`` only works
    when the current folder is on the path too, as under ``python -m pytest`` in a checkout, and
    not under plain ``pytest`` in the unpacked sdist."""
    import ast

    wrong = []
    for path in sorted((ROOT / "tests").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            wrong += [f"{path.name}:{node.lineno}" for n in names
                      if n == "tests" or n.startswith("tests.")]
    assert wrong == []


def test_the_readme_test_command_is_what_ci_runs_first() -> None:
    """The README gives one command that installs and runs the tests; .ci/run runs exactly it
    before anything else (lint, the sdist, the newest versions come after)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Install and run the tests", 1)[1]
    command = section.split("```sh\n", 1)[1].split("\n```", 1)[0]
    steps = [line for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith(("#", "set ", "cd "))]
    assert steps[0] == command
