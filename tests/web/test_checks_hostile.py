"""Pages never wait for the checker: a debrief and a class page full of hostile hypotheses render
with "checking..." while every comparison runs in the checker's workers."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import pytest
from flask import Flask

from classroom.core.games.express import Options
from classroom.core.rules import compile_rule
from classroom.usecases import GroupSetup, JournalNote, Move, RuleChoice, SeatRef, UseCases
from classroom.usecases import checks as checks_module
from tests.web.conftest import Browser, text

SLOTS = ("card", "prev", "prev2", "prev3")
RULE_LENGTH = 3175
ENTRY_LENGTH = 279


def deep_entry(n: int) -> str:
    """A 279-character rule nested as deep as that allows, reading every card up to prev3."""
    expr, step = "card.rank", 0
    while len(nested := f"({expr} + {SLOTS[(step + n) % 4]}.rank * {step % 5 + 2}) % 13") < 270:
        expr, step = nested, step + 1
    return expr + " " * (ENTRY_LENGTH - len(expr) - 5) + f" != {n % 10}"


def dealers_rule() -> str:
    """A 3,175-character depth-3 rule, as a student dealer might write one."""
    terms: list[str] = []
    while len(" or ".join(terms)) < RULE_LENGTH - 100:
        n = len(terms)
        terms.append(
            f"(card.rank == {n % 13 + 1} and prev.suit != prev2.suit and prev3.rank != {n % 11})"
        )
    rule = " or ".join(terms)
    return "(" + " " * (RULE_LENGTH - len(rule)) + rule[1:]


@dataclass
class Spy:
    """Stands in for the checker: records the threads it runs in, and waits for the gate."""

    gate: threading.Event
    threads: list[int]
    real: Callable[..., Any]

    def __call__(self, secret: Any, hypothesis: Any, **options: Any) -> Any:
        self.threads.append(threading.get_ident())
        assert self.gate.wait(30.0), "the test never opened the gate"
        return self.real(secret, hypothesis, budget_s=0.05)


@pytest.fixture
def app_settings() -> dict[str, Any]:
    """Checks in the server's own threads, where the spy can see which thread runs them
    (the worker processes have their own tests: tests/usecases/test_computing.py)."""
    return {"COMPUTE_WORKERS": 0}


@pytest.fixture
def spy(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Iterator[Spy]:
    made = Spy(threading.Event(), [], checks_module.check_equivalence)
    monkeypatch.setattr(checks_module, "check_equivalence", made)
    yield made
    made.gate.set()
    checks = app.extensions.get("checks")
    assert checks is None or checks.wait_idle(60.0)


@pytest.fixture
def moving_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each journal entry a minute after the last: the pace limit is not what is tested here."""
    moments = iter(datetime(2026, 1, 5, 9, 0) + timedelta(minutes=n) for n in range(10_000))
    monkeypatch.setattr("classroom.usecases.journal.utcnow", lambda: next(moments))


@dataclass
class HostileClass:
    class_id: int
    dealer_group: int
    guess_group: int


@pytest.fixture
def hostile(
    teacher: int,
    service: UseCases,
    join: Callable[..., SeatRef],
    moving_clock: None,
) -> HostileClass:
    """A student dealer's huge rule with ten deep journal entries, and a deep pending guess."""
    setups = [
        GroupSetup("Dealers", "true", dealer_mode="student"),
        GroupSetup("Guessers", "card.color != prev.color"),
    ]
    class_id = service.classes.create_class(teacher, "7B", setups, Options())
    snapshot = service.reading.class_snapshot(teacher, class_id)
    dealers, guessers = (group.group_id for group in snapshot.groups)
    seats = [join(snapshot.join_code, dealers, name) for name in ("Ana", "Ben", "Chen", "Dia")]
    service.rounds.start_round(teacher, dealers)
    dealing = service.reading.group_snapshot(dealers).dealing_seat
    dealer = next(seat for seat in seats if seat.key == dealing)
    service.dealing.choose_rule(dealer, RuleChoice("language", dealers_rule()), "rule-1")
    writers = [seat for seat in seats if seat is not dealer]
    for n in range(10):
        service.journal.write_journal(writers[n % 3], JournalNote(deep_entry(n)))
    players = [join(snapshot.join_code, guessers, name) for name in ("Eli", "Fay", "Gus")]
    service.rounds.start_round(teacher, guessers)
    state = service.reading.group_snapshot(guessers).state
    assert state is not None
    player = next(seat for seat in players if seat.key == state.turn)
    rule = compile_rule("card.color != prev.color")
    card = next(c for c in state.hand(player.key) if rule.allows(state.layout.mainline, c))
    service.rounds.act(player, Move("play", "p1", cards=(card,)))
    service.rounds.act(player, Move("guess", "g1", text=deep_entry(7)))
    return HostileClass(class_id, dealers, guessers)


def test_the_hostile_texts_are_what_the_report_describes() -> None:
    assert len(dealers_rule()) == RULE_LENGTH and compile_rule(dealers_rule()).depth == 3
    for n in range(10):
        assert len(deep_entry(n)) == ENTRY_LENGTH and compile_rule(deep_entry(n)).depth == 3


def test_a_debrief_of_hostile_entries_renders_before_any_check_is_done(
    app: Flask, client: Browser, spy: Spy, hostile: HostileClass
) -> None:
    response = client.get(f"/teacher/groups/{hostile.dealer_group}/debrief")
    assert response.status_code == 200
    page = text(response)
    assert page.count('data-verdict="checking"') == 10
    assert not spy.gate.is_set()  # the page came back while the checker was held
    assert threading.get_ident() not in spy.threads  # nothing compared in the request
    spy.gate.set()
    assert app.extensions["checks"].wait_idle(60.0)
    assert threading.get_ident() not in spy.threads
    page = text(client.get(f"/teacher/groups/{hostile.dealer_group}/debrief"))
    assert 'data-verdict="checking"' not in page
    assert page.count('data-verdict="') == 10


def test_a_class_page_with_a_hostile_guess_renders_with_checking(
    app: Flask, client: Browser, spy: Spy, hostile: HostileClass
) -> None:
    for url in (
        f"/teacher/classes/{hostile.class_id}",
        f"/teacher/classes/{hostile.class_id}/guesses",
    ):
        response = client.get(url)
        assert response.status_code == 200
        assert "Checker: checking…" in text(response)
    assert not spy.gate.is_set() and threading.get_ident() not in spy.threads
    spy.gate.set()
    assert app.extensions["checks"].wait_idle(60.0)
    page = text(client.get(f"/teacher/classes/{hostile.class_id}/guesses"))
    assert "Checker: checking…" not in page and 'data-verdict="' in page


def test_one_comparison_per_text_however_often_the_pages_are_loaded(
    app: Flask, client: Browser, spy: Spy, hostile: HostileClass
) -> None:
    for _ in range(3):
        client.get(f"/teacher/groups/{hostile.dealer_group}/debrief")
        client.get(f"/teacher/classes/{hostile.class_id}/guesses")
    spy.gate.set()
    assert app.extensions["checks"].wait_idle(60.0)
    client.get(f"/teacher/groups/{hostile.dealer_group}/debrief")
    assert len(spy.threads) == 11  # ten journal entries and one guess, each compared once


def test_a_secret_rule_in_plain_words_asks_the_checker_nothing(
    client: Browser,
    teacher: int,
    service: UseCases,
    join: Callable[..., SeatRef],
    spy: Spy,
    moving_clock: None,
) -> None:
    setups = [GroupSetup("Dealers", "true", dealer_mode="student")]
    class_id = service.classes.create_class(teacher, "7B", setups, Options())
    snapshot = service.reading.class_snapshot(teacher, class_id)
    group_id = snapshot.groups[0].group_id
    seats = [join(snapshot.join_code, group_id, name) for name in ("Ana", "Ben", "Chen", "Dia")]
    service.rounds.start_round(teacher, group_id)
    dealing = service.reading.group_snapshot(group_id).dealing_seat
    dealer = next(seat for seat in seats if seat.key == dealing)
    service.dealing.choose_rule(dealer, RuleChoice("free", "red after black"), "rule-1")
    writer = next(seat for seat in seats if seat is not dealer)
    service.journal.write_journal(writer, JournalNote("card.color != prev.color"))
    page = text(client.get(f"/teacher/groups/{group_id}/debrief"))
    # The note is listed (in the builder's words, as the debrief tells a hypothesis it can
    # say in words), with no verdict: a plain-words rule cannot be compared with it.
    assert f"Journal of {writer.nickname}" in page and 'data-verdict="' not in page
    assert spy.threads == []
