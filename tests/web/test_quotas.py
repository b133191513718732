"""Quotas in one process's memory: checked and counted in one step, even from many threads."""

from __future__ import annotations

import threading

import pytest

from classroom.web.quotas import Limit, Quotas, Refusal, Ticket, parse_rate


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_window_slides() -> None:
    clock = Clock()
    quotas = Quotas(clock)
    limit = Limit("k", 2, 10)
    assert [type(quotas.take([limit])) for _ in range(3)] == [Ticket, Ticket, Refusal]
    clock.now += 10.5
    assert isinstance(quotas.take([limit]), Ticket)


def test_every_limit_counts_or_none_does() -> None:
    quotas = Quotas(Clock())
    small, big = Limit("small", 1, 60), Limit("big", 5, 60)
    assert isinstance(quotas.take([small, big]), Ticket)
    refused = quotas.take([small, big])
    assert isinstance(refused, Refusal) and refused.limit == small
    assert quotas.used("big", 60) == 1


def test_a_ticket_given_back_no_longer_counts_and_twice_is_once() -> None:
    quotas = Quotas(Clock())
    limit = Limit("k", 2, 60)
    first, second = quotas.take([limit]), quotas.take([limit])
    assert isinstance(first, Ticket) and isinstance(second, Ticket)
    first.give_back()
    first.give_back()
    assert quotas.used("k", 60) == 1


def test_keys_with_nothing_left_are_forgotten() -> None:
    clock = Clock()
    quotas = Quotas(clock)
    for n in range(Quotas.SWEEP_EVERY - 1):
        quotas.take([Limit(f"browser:{n}", 3, 60)])
    clock.now += 61
    quotas.take([Limit("last", 3, 60)])  # the thousandth take sweeps the table
    assert quotas._uses.keys() == {"last"}


def test_simultaneous_takes_never_pass_the_limit() -> None:
    quotas = Quotas()
    limit = Limit("seat:browser:one", 3, 60)
    start = threading.Barrier(40)
    taken: list[object] = []

    def claim() -> None:
        start.wait()
        taken.append(quotas.take([limit]))

    threads = [threading.Thread(target=claim) for _ in range(40)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum(isinstance(t, Ticket) for t in taken) == 3


@pytest.mark.parametrize("text", ["20", "twenty per minute", "20 per fortnight", ""])
def test_a_rate_that_is_not_one_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_rate(text)
