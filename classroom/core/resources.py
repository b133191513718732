"""Where the data folders (lessons, templates) live, in a checkout or in an installed wheel."""

from __future__ import annotations

from pathlib import Path

# This file lives in classroom/core/: the package is one folder up.
_PACKAGE = Path(__file__).resolve().parent.parent


def data_dir(name: str) -> Path:
    """The folder `name` ("lessons", "templates"): inside the wheel, else at the checkout's top."""
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the {name!r} folder is missing from this installation")
