"""A refused write is read as a lost race on the round log (run the use case again), a clash
with a taken name (tell the user), or neither (a programming error, raised as it is)."""

from __future__ import annotations

import pytest
from sqlalchemy.exc import IntegrityError

from classroom.store.locking import write_error
from classroom.usecases.context import retry_once
from classroom.usecases.ports import Clash, WriteRace


def integrity_error(message: str) -> IntegrityError:
    return IntegrityError("INSERT ...", {}, Exception(message))


@pytest.mark.parametrize(
    ("message", "meaning"),
    [
        ("UNIQUE constraint failed: round_events.round_id, round_events.seq", WriteRace),
        ('duplicate key value violates unique constraint "applied_actions_pkey"', WriteRace),
        ("UNIQUE constraint failed: seats.group_id, seats.nickname_key", Clash),
        ('duplicate key value violates unique constraint "teachers_username_key"', Clash),
        ("NOT NULL constraint failed: groups.name", type(None)),
    ],
)
def test_refused_writes_are_read_by_their_constraint(message: str, meaning: type) -> None:
    assert isinstance(write_error(integrity_error(message)), meaning)


def test_a_quoted_value_cannot_pass_for_a_constraint() -> None:
    message = 'insert or update on table "x" violates\nDETAIL: Key (nickname)=(round_events)'
    assert write_error(integrity_error(message)) is None


def test_a_lost_race_runs_the_use_case_again_once() -> None:
    calls: list[int] = []

    @retry_once
    def use_case(value: int) -> int:
        calls.append(value)
        if len(calls) == 1:
            raise WriteRace("round_events")
        return value * 2

    assert use_case(21) == 42
    assert calls == [21, 21]


def test_a_second_loss_is_not_retried_again() -> None:
    calls: list[int] = []

    @retry_once
    def use_case() -> None:
        calls.append(1)
        raise WriteRace("applied_actions")

    with pytest.raises(WriteRace):
        use_case()
    assert len(calls) == 2


def test_other_errors_are_not_retried() -> None:
    calls: list[int] = []

    @retry_once
    def use_case() -> None:
        calls.append(1)
        raise Clash("nickname_key")

    with pytest.raises(Clash):
        use_case()
    assert calls == [1]
