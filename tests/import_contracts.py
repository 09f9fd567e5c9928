"""An import-linter contract of the project's own (``pyproject.toml``: ``contract_types``): no
module of the package imports a private module of a library (a module whose dotted path has a
part that starts with an underscore, such as ``textual.widgets._footer`` or ``rich._wrap``).

import-linter records a library as its top-level package only, so the contract reads the lines
of the imports it found (``get_import_details``) for the modules they name.
"""

from __future__ import annotations

import re

import grimp
from importlinter import Contract, ContractCheck, fields, output

IMPORTED = re.compile(r"\b(?:from|import)\s+([A-Za-z_][\w.]*)")


def private_modules(line: str, packages: list[str]) -> list[str]:
    """The private modules of ``packages`` that an import line names."""
    found = []
    for module in IMPORTED.findall(line):
        parts = module.split(".")
        if parts[0] in packages and any(part.startswith("_") for part in parts[1:]):
            found.append(module)
    return found


class NoPrivateImportsContract(Contract):
    """No module of the package imports a private module of ``packages``."""

    type_name = "no private imports"
    packages = fields.ListField(subfield=fields.StringField())

    def check(self, graph: grimp.ImportGraph, verbose: bool) -> ContractCheck:
        packages = list(self.packages)  # type: ignore[call-overload]
        broken: list[tuple[str, int, str]] = []
        for importer in sorted(graph.modules):
            for package in packages:
                if importer.split(".")[0] in packages or package not in graph.modules:
                    continue
                if not graph.direct_import_exists(importer=importer, imported=package):
                    continue
                for detail in graph.get_import_details(importer=importer, imported=package):
                    line = str(detail["line_contents"])
                    if private_modules(line, packages):
                        broken.append((importer, int(detail["line_number"]), line))
        return ContractCheck(kept=not broken, metadata={"broken": broken})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for importer, line_number, line in check.metadata["broken"]:
            output.print_error(f"{importer}:{line_number} imports a private module: {line}")
            output.new_line()
