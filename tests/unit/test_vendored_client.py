"""The Socket.IO browser client kept in git is the one package.json pins, with its licence, and
byte for byte the file npm installs (when node_modules/ is there to compare with)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VENDOR = ROOT / "classroom" / "static" / "vendor"
CLIENT = VENDOR / "socket.io.min.js"
INSTALLED = ROOT / "node_modules" / "socket.io-client" / "dist" / "socket.io.min.js"


def pinned_version() -> str:
    """The socket.io-client version package.json asks npm for."""
    version: str = json.loads((ROOT / "package.json").read_text())["dependencies"][
        "socket.io-client"
    ]
    return version


def test_the_kept_client_is_the_pinned_version() -> None:
    banner = re.search(r"Socket\.IO v(\S+)", CLIENT.read_text()[:300])
    assert banner is not None, "the client's banner comment is missing"
    assert banner.group(1) == pinned_version(), "run `make vendor` and commit the new copy"


def test_the_kept_client_carries_its_licence() -> None:
    licence = (VENDOR / "socket.io.LICENSE").read_text()
    assert "MIT License" in licence
    assert "Permission is hereby granted" in licence


@pytest.mark.skipif(not INSTALLED.exists(), reason="node_modules/ is not installed (make vendor)")
def test_the_kept_client_is_the_file_npm_installs() -> None:
    assert CLIENT.read_bytes() == INSTALLED.read_bytes(), "run `make vendor` and commit the copy"
