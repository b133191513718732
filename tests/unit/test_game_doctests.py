"""The `>>>` examples in the game and scoring modules run and pass."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "classroom.core.game",
    "classroom.core.game.commands",
    "classroom.core.game.events",
    "classroom.core.game.round",
    "classroom.core.game.state",
    "classroom.core.game.verify",
    "classroom.core.scoring",
]


@pytest.mark.parametrize("name", MODULES)
def test_examples_in_docstrings_pass(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
