"""pyproject.toml declares every third-party package the code imports, and the lock files that
`make run` and `make test` install from pin every package pyproject.toml declares.

Offline: reads pyproject.toml, requirements/*.lock, the source files and the installed
packages' metadata. After a change to the dependencies, `make lock` rewrites the locks.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from collections.abc import Iterable, Iterator
from functools import cache
from importlib.metadata import packages_distributions
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
RUN_LOCK = ROOT / "requirements" / "run.lock"
TEST_LOCK = ROOT / "requirements" / "test.lock"
FIRST_PARTY = frozenset({"classroom", "printables", "tests", "bench"})
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)", re.MULTILINE)


@cache
def _project() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        project: dict[str, Any] = tomllib.load(file)["project"]
    return project


def _requirements(*, extras: Iterable[str] = ()) -> list[Requirement]:
    """The runtime requirements, and those of the extras named."""
    optional = _project()["optional-dependencies"]
    lines = [*_project()["dependencies"], *(line for extra in extras for line in optional[extra])]
    return [Requirement(line) for line in lines]


def _extras() -> list[str]:
    return list(_project()["optional-dependencies"])


def _server_extras() -> list[str]:
    return [extra for extra in _extras() if extra != "test"]


def _pins(lock: Path) -> dict[str, str]:
    return {canonicalize_name(name): version for name, version in _PIN.findall(lock.read_text())}


def _names(requirements: Iterable[Requirement]) -> set[str]:
    return {canonicalize_name(requirement.name) for requirement in requirements}


def _unpinned(requirements: Iterable[Requirement], pins: dict[str, str]) -> list[str]:
    """The requirements the lock misses, or pins at a version outside their range."""
    problems = []
    for requirement in requirements:
        version = pins.get(canonicalize_name(requirement.name))
        if version is None or not requirement.specifier.contains(version, prereleases=True):
            problems.append(str(requirement))
    return problems


@pytest.mark.parametrize(
    ("requirement", "pins", "problems"),
    [
        ("Flask_SocketIO>=5.3", {"flask-socketio": "5.7.0"}, []),
        ("psycopg[binary]>=3.1", {"psycopg": "3.3.9"}, []),
        ("pytest>=8.0", {"flask": "3.1.3"}, ["pytest>=8.0"]),
        ("pytest>=8.0", {"pytest": "7.4.0"}, ["pytest>=8.0"]),
    ],
)
def test_a_requirement_the_lock_misses_or_pins_outside_its_range_is_reported(
    requirement, pins, problems
):
    assert _unpinned([Requirement(requirement)], pins) == problems


def test_the_run_lock_pins_every_runtime_dependency_within_its_range():
    assert _unpinned(_requirements(), _pins(RUN_LOCK)) == [], "run `make lock`"


def test_the_test_lock_pins_every_dependency_and_every_extra_within_its_range():
    requirements = _requirements(extras=_extras())
    assert _unpinned(requirements, _pins(TEST_LOCK)) == [], "run `make lock`"


def test_the_run_lock_pins_the_same_versions_as_the_test_lock():
    run, test = _pins(RUN_LOCK), _pins(TEST_LOCK)
    differ = {name: (pin, test.get(name)) for name, pin in run.items() if test.get(name) != pin}
    assert differ == {}, "run `make lock`"


def test_the_locks_install_with_hash_checking():
    for lock in (RUN_LOCK, TEST_LOCK):
        text = lock.read_text()
        assert text.count("--hash=sha256:") >= len(_pins(lock)), lock.name


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(node: ast.AST, *, on_import: bool = True) -> Iterator[tuple[str, bool]]:
    """(top-level module, whether it is imported when the file is) for each absolute import;
    imports inside functions and under `if TYPE_CHECKING:` are not."""
    if isinstance(node, ast.Import):
        yield from ((alias.name.partition(".")[0], on_import) for alias in node.names)
    elif isinstance(node, ast.ImportFrom):
        if node.level == 0 and node.module:
            yield node.module.partition(".")[0], on_import
    elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        for child in ast.iter_child_nodes(node):
            yield from imports(child, on_import=False)
    elif isinstance(node, ast.If) and _type_checking(node.test):
        for child in node.body:
            yield from imports(child, on_import=False)
        for child in node.orelse:
            yield from imports(child, on_import=on_import)
    else:
        for child in ast.iter_child_nodes(node):
            yield from imports(child, on_import=on_import)


@cache
def _installed() -> dict[str, set[str]]:
    """Import name -> the installed distributions that provide it."""
    found = packages_distributions().items()
    return {module: {canonicalize_name(name) for name in names} for module, names in found}


def _distributions(module: str) -> set[str]:
    return _installed().get(module, set())


def undeclared(source: str, *, on_import: set[str], later: set[str]) -> list[str]:
    """Third-party modules the source imports whose distribution is not among those allowed:
    `on_import` for imports that run when the file is imported, `later` for the others."""
    problems = []
    for module, at_import in imports(ast.parse(source)):
        if module in sys.stdlib_module_names or module in FIRST_PARTY:
            continue
        allowed = on_import if at_import else on_import | later
        if not _distributions(module) & allowed:
            when = "when imported" if at_import else "inside a function"
            problems.append(f"{module} ({when})")
    return problems


def _sources(*folders: str) -> list[Path]:
    return sorted(path for folder in folders for path in (ROOT / folder).rglob("*.py"))


def _problems(paths: list[Path], *, on_import: set[str], later: set[str]) -> dict[str, list[str]]:
    found = {
        str(path.relative_to(ROOT)): undeclared(
            path.read_text(encoding="utf-8"), on_import=on_import, later=later
        )
        for path in paths
    }
    return {path: problems for path, problems in found.items() if problems}


def test_the_application_imports_only_declared_packages_and_server_extras_lazily():
    runtime = _names(_requirements())
    server = _names(_requirements(extras=_server_extras()))
    problems = _problems(_sources("classroom", "printables"), on_import=runtime, later=server)
    assert problems == {}, "declare them in pyproject.toml's dependencies, then `make lock`"


def test_tests_and_benchmarks_import_only_declared_packages():
    declared = _names(_requirements(extras=_extras()))
    problems = _problems(_sources("tests", "bench"), on_import=declared, later=declared)
    assert problems == {}, "declare them in pyproject.toml (the test extra), then `make lock`"


@pytest.mark.parametrize(
    ("source", "problems"),
    [
        ("import yaml\nimport os\nfrom classroom import core", []),
        ("import pytest", ["pytest (when imported)"]),
        ("def f():\n    import pytest", ["pytest (inside a function)"]),
        ("import redis", ["redis (when imported)"]),
        ("def connect():\n    from redis import Redis", []),
        ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import redis", []),
        ("import no_such_package_anywhere", ["no_such_package_anywhere (when imported)"]),
    ],
)
def test_an_undeclared_or_eager_import_is_reported(source, problems):
    assert undeclared(source, on_import={"pyyaml"}, later={"pyyaml", "redis"}) == problems
