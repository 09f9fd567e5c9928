"""The package as users install it: one version number, every package shipped, no links."""

from __future__ import annotations

import tomllib
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

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
    """A link becomes a small text file on Windows checkouts; every file is a real copy."""
    skip = {".git", ".venv", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache"}
    links = [p for p in ROOT.rglob("*")
             if p.is_symlink() and not skip.intersection(p.relative_to(ROOT).parts)]
    assert links == []


def test_users_get_ranges_and_tests_get_exact_versions() -> None:
    deps = _pyproject()["project"]["dependencies"]
    assert not [d for d in deps if "==" in d]
    pins = {line.split("==")[0].lower(): line.split("==")[1]
            for line in (ROOT / "constraints.txt").read_text().splitlines()
            if line and not line.startswith("#")}
    for name in ("textual", "rich", "pytest-textual-snapshot", "syrupy"):
        assert pins[name] == metadata.version(name)


def test_licence_is_shipped() -> None:
    assert (ROOT / "LICENSE").is_file()
    assert _pyproject()["project"]["license-files"] == ["LICENSE"]
