"""The layers keep their shape (the design's decision 11): the import contracts of `.importlinter`
hold, no module takes part in an import cycle, and the core and the projections load nothing but
the standard library."""

from __future__ import annotations

import configparser
import json
import os
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / ".importlinter"
CONTRACT_PREFIX = "importlinter:contract:"
#: The one module of the core allowed a third-party import: the rule library reads YAML.
LIBRARY = "classroom.core.rules.library"


def _config() -> configparser.ConfigParser:
    parser = configparser.ConfigParser()
    parser.read(CONFIG, encoding="utf-8")
    return parser


def contracts() -> dict[str, str]:
    """Contract name by contract id, as `.importlinter` declares them."""
    config = _config()
    return {
        section.removeprefix(CONTRACT_PREFIX): config[section]["name"]
        for section in config.sections()
        if section.startswith(CONTRACT_PREFIX)
    }


def root_packages() -> list[str]:
    """The packages the contracts look into."""
    return _config()["importlinter"]["root_packages"].split()


@pytest.fixture(scope="module")
def lint_report() -> str:
    """What `lint-imports` says about every contract (it runs once for all of them)."""
    command = Path(sys.executable).with_name("lint-imports")
    assert command.exists(), "import-linter is not installed: pip install import-linter"
    result = subprocess.run(
        [str(command), "--config", str(CONFIG), "--no-cache", "--no-logo"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        # Wide enough that no contract's name is wrapped in the summary.
        env=os.environ | {"COLUMNS": "250", "NO_COLOR": "1"},
        check=False,
    )
    return result.stdout + result.stderr


@pytest.mark.parametrize(
    "name", [pytest.param(name, id=contract) for contract, name in sorted(contracts().items())]
)
def test_import_contract_is_kept(lint_report: str, name: str) -> None:
    assert f"{name} KEPT" in lint_report, lint_report


def test_every_contract_is_checked() -> None:
    kinds = {"layers", "forbidden", "independence", "acyclic_siblings"}
    config = _config()
    found = {config[CONTRACT_PREFIX + contract]["type"] for contract in contracts()}
    assert found == kinds


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """One import cycle through each module that takes part in any, as module paths."""
    cycles: list[list[str]] = []
    seen: set[str] = set()
    for module in sorted(graph.modules):
        if module in seen:
            continue
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            back = graph.find_shortest_chain(importer=imported, imported=module)
            if back:
                cycles.append([module, *back])
                seen.update(back)
                break
    return cycles


def test_cycle_finder_reports_each_cycle_and_passes_a_chain() -> None:
    graph = grimp.ImportGraph()
    for importer, imported in [("p.a", "p.b"), ("p.b", "p.c"), ("p.c", "p.a"), ("p.c", "p.d")]:
        graph.add_import(importer=importer, imported=imported)
    assert _cycles(graph) == [["p.a", "p.b", "p.c", "p.a"]]
    graph.remove_import(importer="p.c", imported="p.a")
    assert _cycles(graph) == []


def test_no_module_takes_part_in_an_import_cycle() -> None:
    graph = grimp.build_graph(*root_packages(), cache_dir=None)
    cycles = _cycles(graph)
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)


def _modules(*folders: str) -> list[str]:
    """Every module in these package folders, by dotted name."""
    names = []
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            names.append(".".join(parts).removesuffix(".__init__"))
    return names


# Prints the top-level packages outside the standard library that importing the modules named
# on the command line loaded (those loaded before, by the interpreter's start, do not count).
# Compiled extensions (PyYAML's) bring Cython's runtime modules along: those are no package.
LOADED_BY_IMPORTS = """
import importlib, json, sys
before = set(sys.modules)
for name in sys.argv[1:]:
    importlib.import_module(name)
loaded = {name.partition(".")[0] for name in set(sys.modules) - before}
cython = {name for name in loaded if name == "cython_runtime" or name.startswith("_cython_")}
print(json.dumps(sorted(loaded - cython - set(sys.stdlib_module_names))))
"""


def third_party_loaded_by(modules: list[str]) -> set[str]:
    """The packages, other than the standard library, a fresh interpreter loads to import these."""
    result = subprocess.run(
        [sys.executable, "-c", LOADED_BY_IMPORTS, *modules],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return set(json.loads(result.stdout))


def test_core_and_projections_load_only_the_standard_library() -> None:
    # The rule library and its translations read YAML files (checked by the next test).
    modules = [
        m for m in _modules("classroom/core", "classroom/projections") if not m.startswith(LIBRARY)
    ]
    assert (
        "classroom.core.games.express" in modules and "classroom.projections.group_views" in modules
    )
    assert third_party_loaded_by(modules) == {"classroom"}


def test_the_rule_library_loads_yaml_and_nothing_else() -> None:
    assert third_party_loaded_by([LIBRARY, f"{LIBRARY}_words"]) == {"classroom", "yaml"}
