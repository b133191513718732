"""Process settings `classroom serve` applies before it listens."""

from __future__ import annotations

import resource
import subprocess
import sys

from classroom.cli.serve import WANTED_OPEN_FILES

RAISE_FROM_256 = """
import resource
from classroom.cli.serve import raise_open_file_limit
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))
returned = raise_open_file_limit()
print(returned, resource.getrlimit(resource.RLIMIT_NOFILE)[0], hard)
"""


def test_a_low_open_file_limit_is_raised_as_far_as_the_hard_limit_allows():
    # In a child process: the test run's own limits stay as they are.
    output = subprocess.run(
        [sys.executable, "-c", RAISE_FROM_256], capture_output=True, text=True, check=True
    ).stdout.split()
    returned, in_force, hard = map(int, output)
    expected = WANTED_OPEN_FILES if hard == resource.RLIM_INFINITY else min(WANTED_OPEN_FILES, hard)
    assert returned == in_force == expected
    assert in_force > 256
