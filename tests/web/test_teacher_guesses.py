"""Judging guesses: the pending list with the checker's opinion, and the verdict buttons."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from flask import Flask

from classroom.core.rules import compile_rule
from classroom.usecases import ClassSnapshot, Move, SeatRef, UseCases
from tests.web.conftest import Browser, text


@dataclass
class Table:
    """A class with one group of three playing a round."""

    snapshot: ClassSnapshot
    group_id: int
    seats: list[SeatRef]

    @property
    def page(self) -> str:
        return f"/teacher/classes/{self.snapshot.class_id}"


@pytest.fixture
def table(
    client: Browser,
    teacher: int,
    service: UseCases,
    new_class: Callable[..., int],
    join: Callable[..., SeatRef],
) -> Table:
    snapshot = service.reading.class_snapshot(teacher, new_class())
    group_id = snapshot.groups[0].group_id
    seats = [join(snapshot.join_code, group_id, name) for name in ("Ana", "Ben", "Chen")]
    client.post(f"/teacher/groups/{group_id}/start")
    return Table(snapshot, group_id, seats)


def guess(service: UseCases, table: Table, words: str) -> SeatRef:
    """The player whose turn it is plays a card the rule accepts, then guesses `words`."""
    group = service.reading.group_snapshot(table.group_id)
    state = group.state
    assert state is not None
    player = next(seat for seat in table.seats if seat.key == state.turn)
    rule = compile_rule(group.rule_text)
    card = next(c for c in state.hand(player.key) if rule.allows(state.layout.mainline, c))
    service.rounds.act(player, Move("play", f"play-{state.seq}", cards=(card,)))
    service.rounds.act(player, Move("guess", f"guess-{state.seq}", text=words))
    return player


def checked(app: Flask) -> None:
    """Wait for the checker's workers to answer what the pages asked."""
    assert app.extensions["checks"].wait_idle(30.0)


def test_pending_guess_is_judged_right_from_the_page_and_ends_the_round(
    app: Flask, client: Browser, service: UseCases, table: Table
) -> None:
    player = guess(service, table, "card.color != prev.color")
    page = text(client.get(table.page))
    assert 'data-verdict="checking"' in page
    checked(app)
    page = text(client.get(table.page))
    pending = page.partition('id="pending"')[2].partition("</section>")[0]
    assert f"{player.nickname} guesses:" in pending
    assert "card.color != prev.color</blockquote>" in pending
    assert "Checker: the same rule (proved)." in pending
    assert '<code class="rule-code">card.color != prev.color</code>' in pending
    response = client.post(
        f"/teacher/groups/{table.group_id}/judge", {"right": "1", "guess": "0", "next": table.page}
    )
    assert response.location == table.page
    state = service.reading.group_snapshot(table.group_id).state
    assert state is not None and state.is_over and state.winner == player.key
    page = text(client.get(table.page))
    assert "Right! The round is over." in page
    assert "Round over: the rule was guessed." in page
    assert f"Winner: {player.nickname}." in page
    assert "No guess is waiting for you." in page


def test_guess_in_the_rule_language_that_differs_gets_a_counterexample(
    app: Flask, client: Browser, service: UseCases, table: Table
) -> None:
    guess(service, table, "card.suit != prev.suit")
    assert "Checker: checking…" in text(client.get(f"{table.page}/guesses"))
    checked(app)
    pending = text(client.get(f"{table.page}/guesses"))
    assert "Checker: a different rule." in pending and 'data-verdict="different"' in pending
    assert "but the secret rule says" in pending


def test_plain_language_guess_is_left_to_the_teacher(
    client: Browser, service: UseCases, table: Table
) -> None:
    guess(service, table, "red then black then red")
    pending = text(client.get(f"{table.page}/guesses?fragment=1")).strip()
    assert pending.startswith('<section id="pending"')
    assert "Plain language: the checker cannot read it, so you judge." in pending
    assert "red then black then red" in pending


def test_wrong_verdict_lets_play_go_on(client: Browser, service: UseCases, table: Table) -> None:
    guess(service, table, "red then black")
    guesses_page = f"{table.page}/guesses"
    response = client.post(
        f"/teacher/groups/{table.group_id}/judge",
        {"right": "0", "guess": "0", "next": guesses_page},
    )
    assert response.location == guesses_page
    state = service.reading.group_snapshot(table.group_id).state
    assert state is not None and state.phase == "playing"
    assert state.guesses[0].right is False
    assert "Judged wrong." in text(client.get(guesses_page))


def test_verdict_from_a_stale_page_is_not_applied_to_another_guess(
    client: Browser, service: UseCases, table: Table
) -> None:
    guess(service, table, "red then black")
    client.post(f"/teacher/groups/{table.group_id}/judge", {"right": "1", "guess": "3"})
    state = service.reading.group_snapshot(table.group_id).state
    assert state is not None and state.phase == "judging_guess"
    assert "That guess has already been judged." in text(client.get(table.page))


def test_nickname_and_guess_text_are_escaped(
    client: Browser, service: UseCases, table: Table
) -> None:
    guess(service, table, "<img src=x onerror=alert(1)>")
    page = text(client.get(table.page))
    assert "<img src=x" not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page


def test_verdict_without_the_csrf_token_is_refused(
    client: Browser, service: UseCases, table: Table
) -> None:
    guess(service, table, "red then black")
    response = client.post(
        f"/teacher/groups/{table.group_id}/judge", {"right": "1", "guess": "0"}, csrf=False
    )
    assert response.status_code == 400
    state = service.reading.group_snapshot(table.group_id).state
    assert state is not None and state.phase == "judging_guess"


def test_the_queue_puts_the_oldest_guess_first_whatever_the_panel_order(
    service: UseCases, table: Table
) -> None:
    from dataclasses import replace
    from datetime import timedelta

    from classroom.web.teacher.display import pending_guesses

    guess(service, table, "alternate colours")
    waiting = service.reading.group_snapshot(table.group_id)
    assert waiting.guess_pending_since is not None
    earlier = waiting.guess_pending_since - timedelta(seconds=30)
    first_panel = replace(waiting, group_id=101, group_name="First panel", position=0)
    second_panel = replace(
        waiting, group_id=102, group_name="Second panel", position=1, guess_pending_since=earlier
    )
    idle = replace(waiting, group_id=103, position=2, guess_pending_since=None)
    queue = pending_guesses([first_panel, idle, second_panel])
    assert [item.group_name for item in queue] == ["Second panel", "First panel"]
