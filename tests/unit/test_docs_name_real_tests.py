"""Every test a document names (`tests/...py::test_name`, as docs/security.md does for each
promise) exists: a promise never points at a test that was renamed or removed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = re.compile(r"`(tests/[\w/]+\.py)(?:::(\w+))?`")
DOCUMENTS = sorted((ROOT / "docs").glob("*.md"))


def missing_tests(text: str) -> list[str]:
    """The references in `text` to a test file or test function that does not exist."""
    missing = []
    for path, name in REFERENCE.findall(text):
        source = ROOT / path
        if not source.exists():
            missing.append(path)
        elif name and not re.search(rf"^def {name}\(", source.read_text(), re.M):
            missing.append(f"{path}::{name}")
    return missing


def test_the_check_finds_a_test_that_does_not_exist() -> None:
    text = "`tests/unit/test_docs_name_real_tests.py::test_nobody_wrote` and `tests/nowhere.py`"
    assert missing_tests(text) == [
        "tests/unit/test_docs_name_real_tests.py::test_nobody_wrote",
        "tests/nowhere.py",
    ]


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_every_test_a_document_names_exists(document: Path) -> None:
    assert missing_tests(document.read_text()) == []
