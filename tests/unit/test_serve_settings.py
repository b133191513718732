"""Process settings `classroom serve` applies before it listens."""

from __future__ import annotations

import subprocess
import sys

import pytest

from classroom.cli.serve import WANTED_OPEN_FILES

RAISE_FROM_256 = """
import resource
from classroom.cli.serve import raise_open_file_limit
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))
returned = raise_open_file_limit()
print(returned, resource.getrlimit(resource.RLIMIT_NOFILE)[0], hard)
"""

# As on Windows, where there is no `resource` module: importing it raises ImportError.
WITHOUT_RESOURCE = """
import sys
sys.modules["resource"] = None
from classroom.cli.main import build_parser
from classroom.cli.serve import raise_open_file_limit
print(raise_open_file_limit())
print(build_parser().format_help())
"""


def _run_child(code: str) -> str:
    # In a child process: the test run's own limits and modules stay as they are.
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout


def test_a_low_open_file_limit_is_raised_as_far_as_the_hard_limit_allows():
    resource = pytest.importorskip("resource")
    returned, in_force, hard = map(int, _run_child(RAISE_FROM_256).split())
    expected = WANTED_OPEN_FILES if hard == resource.RLIM_INFINITY else min(WANTED_OPEN_FILES, hard)
    assert returned == in_force == expected
    assert in_force > 256


def test_the_command_starts_where_there_is_no_open_file_limit_to_raise():
    limit, help_text = _run_child(WITHOUT_RESOURCE).split("\n", 1)
    assert limit == "None"
    assert "serve" in help_text and "print" in help_text
