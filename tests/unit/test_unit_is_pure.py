"""tests/unit stays pure: no module here imports the web framework, Socket.IO, the database
layers or the browser driver. Tests that need them live in tests/web, tests/realtime,
tests/integration or tests/e2e. The modules are read with `ast`, never imported."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

UNIT = Path(__file__).resolve().parent
#: Top-level packages (and their submodules) a pure test never imports.
FORBIDDEN = (
    "flask",
    "flask_socketio",
    "socketio",
    "engineio",
    "sqlalchemy",
    "alembic",
    "psycopg",
    "psycopg2",
    "playwright",
    "classroom.store",
    "classroom.web",
)


def forbidden(name: str) -> bool:
    """Whether the dotted module name is one of FORBIDDEN or inside one."""
    return any(name == banned or name.startswith(f"{banned}.") for banned in FORBIDDEN)


def imported_names(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, dotted name) of every absolute import in the tree, at any depth: `import a.b`
    gives a.b; `from a import b` gives a and a.b (b may be a submodule)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
            found.extend((node.lineno, f"{node.module}.{alias.name}") for alias in node.names)
    return found


def impurities(path: Path) -> list[str]:
    """`path:line imports name` for each forbidden import of one module."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [
        f"{path.relative_to(UNIT.parent.parent)}:{line} imports {name}"
        for line, name in imported_names(tree)
        if forbidden(name)
    ]


def test_no_module_under_tests_unit_imports_a_framework_a_database_or_a_browser():
    modules = sorted(UNIT.rglob("*.py"))
    assert len(modules) > 50, "tests/unit was not found where this test expects it"
    found = [problem for module in modules for problem in impurities(module)]
    assert not found, "move these tests out of tests/unit:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "source",
    [
        "import flask",
        "import sqlalchemy.orm as orm",
        "from flask_socketio import SocketIO",
        "from socketio import packet",
        "from alembic import command",
        "import psycopg",
        "from playwright.sync_api import expect",
        "from classroom.store import connect",
        "from classroom import web",
        "from classroom.web.links import student_address",
        "def later():\n    import sqlalchemy\n",
    ],
)
def test_the_check_sees_each_kind_of_forbidden_import(source):
    assert any(forbidden(name) for _line, name in imported_names(ast.parse(source)))


@pytest.mark.parametrize(
    "source",
    [
        "import flasky",
        "from classroom.core.game import Options",
        "from classroom.projections import group_views",
        "from classroom import usecases",
        "from . import sqlalchemy",
        "from tests.unit.test_game_support import table",
    ],
)
def test_the_check_lets_pure_imports_through(source):
    assert not any(forbidden(name) for _line, name in imported_names(ast.parse(source)))
