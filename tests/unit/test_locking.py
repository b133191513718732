"""`retry_once`: a commit that lost a race on the round log is run again, once; other
integrity errors are the caller's."""

from __future__ import annotations

import pytest
from sqlalchemy.exc import IntegrityError

from classroom.store.locking import retry_once


def integrity_error(message: str) -> IntegrityError:
    return IntegrityError("INSERT ...", {}, Exception(message))


def test_a_lost_race_on_the_log_runs_the_use_case_again_once():
    calls = []

    @retry_once
    def use_case(value: int) -> int:
        calls.append(value)
        if len(calls) == 1:
            raise integrity_error(
                "UNIQUE constraint failed: round_events.round_id, round_events.seq"
            )
        return value * 2

    assert use_case(21) == 42
    assert calls == [21, 21]


def test_a_second_loss_is_not_retried_again():
    calls = []

    @retry_once
    def use_case() -> None:
        calls.append(1)
        raise integrity_error(
            'duplicate key value violates unique constraint "applied_actions_pkey"'
        )

    with pytest.raises(IntegrityError):
        use_case()
    assert len(calls) == 2


def test_other_integrity_errors_are_not_retried():
    calls = []

    @retry_once
    def use_case() -> None:
        calls.append(1)
        raise integrity_error("UNIQUE constraint failed: seats.group_id, seats.nickname_key")

    with pytest.raises(IntegrityError):
        use_case()
    assert len(calls) == 1
