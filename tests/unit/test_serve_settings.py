"""Process settings `classroom serve` applies before it listens, and what it tells the teacher."""

from __future__ import annotations

import subprocess
import sys

import pytest

from classroom.cli.serve import WANTED_OPEN_FILES, students_line

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


@pytest.mark.parametrize(
    ("listen_host", "public_url", "lan", "said"),
    [
        ("0.0.0.0", "", "192.168.1.20", "http://192.168.1.20:5000/join"),
        ("::", "", "192.168.1.20", "http://192.168.1.20:5000/join"),
        ("10.0.0.5", "", "192.168.1.20", "http://10.0.0.5:5000/join"),
        ("0.0.0.0", "https://eleusis.school.example", None, "https://eleusis.school.example/join"),
    ],
)
def test_the_start_message_says_where_tablets_join(listen_host, public_url, lan, said):
    line = students_line(listen_host=listen_host, port=5000, public_url=public_url, lan=lan)
    assert said in line
    assert "localhost" not in line


def test_the_start_message_says_what_to_do_off_the_network():
    line = students_line(listen_host="0.0.0.0", port=5000, public_url="", lan=None)
    assert "not on a network" in line and "Wi-Fi" in line
    assert "/join" not in line


def test_the_start_message_says_tablets_cannot_join_a_server_listening_on_loopback():
    line = students_line(listen_host="127.0.0.1", port=5000, public_url="", lan="192.168.1.20")
    assert "--host 0.0.0.0" in line
    assert "/join" not in line
