"""The `>>>` examples in the game and scoring modules run and pass."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "classroom.core.games.express",
    "classroom.core.games.express.commands",
    "classroom.core.games.express.events",
    "classroom.core.games.express.round",
    "classroom.core.games.express.state",
    "classroom.core.games.express.verify",
    "classroom.core.games.express.scoring",
]


@pytest.mark.parametrize("name", MODULES)
def test_examples_in_docstrings_pass(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
