"""The background tasks' loop (beacons, robot moves): a round that fails is logged and the next
round tries again; a database away is one line, a bug keeps its traceback."""

from __future__ import annotations

import logging

import pytest
from flask import Flask

from classroom.usecases import StoreUnavailable
from classroom.web.periodic import PeriodicTask


class Rounds:
    """A stop event that lets `count` rounds run, then stops the loop."""

    def __init__(self, count: int) -> None:
        self.left = count

    def wait(self, _seconds: float) -> bool:
        self.left -= 1
        return self.left < 0


class Failing(PeriodicTask):
    def __init__(self, app: Flask, errors: list[Exception]) -> None:
        super().__init__(app, every=1.0, idle_rounds=100)
        self.errors = errors
        self._stop = Rounds(len(errors))
        self.rounds = 0

    def work(self) -> int:
        self.rounds += 1
        raise self.errors[self.rounds - 1]


def test_a_database_away_is_one_line_and_a_bug_its_traceback(
    app: Flask, caplog: pytest.LogCaptureFixture
) -> None:
    task = Failing(app, [StoreUnavailable("connection refused"), KeyError("bug")])
    with caplog.at_level(logging.WARNING, logger="classroom.web.periodic"):
        task._run()
    assert task.rounds == 2  # the loop went on after the first failure
    away, bug = caplog.records
    assert "the database is unavailable (connection refused)" in away.getMessage()
    assert away.exc_info is None and bug.exc_info is not None
