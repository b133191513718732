"""Running groups from the class page: rounds, hints, the reveal, and the students' seats."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from classroom.core.games.express import Options
from classroom.usecases import ClassSnapshot, GroupSetup, Move, SeatRef, UseCases
from tests.web.conftest import Browser, text


@pytest.fixture
def period(
    teacher: int, service: UseCases, new_class: Callable[..., int]
) -> Callable[..., ClassSnapshot]:
    """A class with `groups` empty groups, made through the form."""

    def make(groups: int = 1) -> ClassSnapshot:
        return service.reading.class_snapshot(teacher, new_class(groups=groups))

    return make


def seat_students(
    join: Callable[..., SeatRef], snapshot: ClassSnapshot, group: int, count: int
) -> list[SeatRef]:
    names = ["Ana", "Ben", "Chen", "Dia", "Eli", "Femi", "Gus", "Hana"]
    return [join(snapshot.join_code, snapshot.groups[group].group_id, n) for n in names[:count]]


def page_of(snapshot: ClassSnapshot) -> str:
    return f"/teacher/classes/{snapshot.class_id}"


def test_starting_a_round_deals_to_every_student_and_shows_the_turn(
    client: Browser,
    service: UseCases,
    period: Callable[..., ClassSnapshot],
    join: Callable[..., SeatRef],
) -> None:
    snapshot = period()
    seats = seat_students(join, snapshot, 0, 3)
    group_id = snapshot.groups[0].group_id
    here = page_of(snapshot)
    response = client.post(f"/teacher/groups/{group_id}/start", {"next": f"{here}#group-1"})
    assert response.location == f"{here}#group-1"
    state = service.reading.group_snapshot(group_id).state
    assert state is not None and state.turn == seats[0].key
    page = text(client.get(here))
    assert "The round has started." in page
    assert "Round 1" in page
    assert f'<tr class="turn" data-seat="{seats[0].key}">' in page
    assert "12</td>" in page  # hand counts


def test_a_round_needs_three_students(
    client: Browser,
    service: UseCases,
    period: Callable[..., ClassSnapshot],
    join: Callable[..., SeatRef],
) -> None:
    snapshot = period()
    seat_students(join, snapshot, 0, 2)
    group_id = snapshot.groups[0].group_id
    client.post(f"/teacher/groups/{group_id}/start", {"next": page_of(snapshot)})
    page = text(client.get(page_of(snapshot)))
    assert "Table 1 has 2 players; a round needs 3 to 8." in page
    assert service.reading.group_snapshot(group_id).state is None


def test_start_all_starts_the_groups_that_can_and_says_why_others_cannot(
    client: Browser,
    service: UseCases,
    period: Callable[..., ClassSnapshot],
    join: Callable[..., SeatRef],
) -> None:
    snapshot = period(groups=3)
    seat_students(join, snapshot, 0, 3)
    seat_students(join, snapshot, 2, 4)
    response = client.post(f"{page_of(snapshot)}/start-all")
    assert response.location == page_of(snapshot)
    page = text(client.get(page_of(snapshot)))
    assert "Round started in: Table 1, Table 3." in page
    assert "Not started: Table 2 has 0 players; a round needs 3 to 8." in page
    states = [service.reading.group_snapshot(g.group_id).state for g in snapshot.groups]
    assert [state is not None for state in states] == [True, False, True]


def test_hint_reveal_and_end_round_change_the_group(
    client: Browser,
    service: UseCases,
    period: Callable[..., ClassSnapshot],
    join: Callable[..., SeatRef],
) -> None:
    snapshot = period()
    seat_students(join, snapshot, 0, 3)
    group_id = snapshot.groups[0].group_id
    here = page_of(snapshot)
    client.post(f"/teacher/groups/{group_id}/start", {"next": here})
    client.post(f"/teacher/groups/{group_id}/hint", {"text": "Look at the colours.", "next": here})
    client.post(f"/teacher/groups/{group_id}/reveal", {"on": "1", "next": here})
    group = service.reading.group_snapshot(group_id)
    assert group.state is not None and group.state.hints == ("Look at the colours.",)
    assert group.rule_revealed is True
    page = text(client.get(here))
    assert "Look at the colours." in page
    assert "revealed to students" in page
    assert "Hide rule" in page
    client.post(f"/teacher/groups/{group_id}/end", {"next": here})
    group = service.reading.group_snapshot(group_id)
    assert group.state is not None and group.state.is_over
    page = text(client.get(here))
    assert "Round over: ended by the teacher." in page
    assert "Start next round" in page


def test_the_live_refreshes_write_no_session_cookie_so_a_buttons_message_is_kept(
    client: Browser,
    period: Callable[..., ClassSnapshot],
    join: Callable[..., SeatRef],
) -> None:
    """The class page fetches its panels and its guesses in the background while the teacher
    presses buttons. An answer that re-sent the session cookie, made from the cookie as it was
    when it was asked for, could arrive just after a button's answer and put back the session
    without that button's message: those answers write no cookie."""
    snapshot = period()
    seat_students(join, snapshot, 0, 3)
    group_id = snapshot.groups[0].group_id
    here = page_of(snapshot)
    client.post(f"/teacher/groups/{group_id}/start", {"next": here})
    assert "The round has started." in text(client.get(here))
    refreshes = [
        f"/teacher/groups/{group_id}/panel",
        f"/teacher/classes/{snapshot.class_id}/guesses?fragment=1",
    ]
    for url in refreshes:
        response = client.get(url)
        assert response.status_code == 200
        assert response.headers.getlist("Set-Cookie") == [], url
    answer = client.post(f"/teacher/groups/{group_id}/end", {"next": here})
    assert answer.status_code == 302
    assert answer.headers.getlist("Set-Cookie"), "the message travels in the session"
    assert "The round has ended." in text(client.get(here))


def test_empty_hint_is_refused_with_a_message(
    client: Browser,
    service: UseCases,
    period: Callable[..., ClassSnapshot],
    join: Callable[..., SeatRef],
) -> None:
    snapshot = period()
    seat_students(join, snapshot, 0, 3)
    group_id = snapshot.groups[0].group_id
    client.post(f"/teacher/groups/{group_id}/start", {"next": page_of(snapshot)})
    client.post(f"/teacher/groups/{group_id}/hint", {"text": "", "next": page_of(snapshot)})
    assert "This field is required." in text(client.get(page_of(snapshot)))
    group = service.reading.group_snapshot(group_id)
    assert group.state is not None and group.state.hints == ()


def test_ending_a_round_that_is_not_running_says_so(
    client: Browser, service: UseCases, period: Callable[..., ClassSnapshot]
) -> None:
    snapshot = period()
    client.post(f"/teacher/groups/{snapshot.groups[0].group_id}/end")
    assert "The round has not started yet." in text(client.get(page_of(snapshot)))


def test_renaming_a_student_changes_their_nickname(
    client: Browser,
    service: UseCases,
    period: Callable[..., ClassSnapshot],
    join: Callable[..., SeatRef],
) -> None:
    snapshot = period()
    ana, _ben = seat_students(join, snapshot, 0, 2)
    here = page_of(snapshot)
    client.post(f"/teacher/seats/{ana.seat_id}/rename", {"nickname": "Anna K", "next": here})
    group = service.reading.group_snapshot(snapshot.groups[0].group_id)
    assert [seat.nickname for seat in group.seats] == ["Anna K", "Ben"]
    assert "Renamed to Anna K." in text(client.get(here))
    client.post(f"/teacher/seats/{ana.seat_id}/rename", {"nickname": "ben", "next": here})
    assert "Someone in this group is already called ben." in text(client.get(here))


def test_removing_a_student_mid_round_puts_their_hand_under_the_stock(
    client: Browser,
    service: UseCases,
    period: Callable[..., ClassSnapshot],
    join: Callable[..., SeatRef],
) -> None:
    snapshot = period()
    seats = seat_students(join, snapshot, 0, 5)
    group_id = snapshot.groups[0].group_id
    here = page_of(snapshot)
    client.post(f"/teacher/seats/{seats[4].seat_id}/remove", {"next": here})
    assert "The student was removed." in text(client.get(here))
    client.post(f"/teacher/groups/{group_id}/start", {"next": here})
    dealt = service.reading.group_snapshot(group_id).state
    assert dealt is not None
    stock = dealt.stock
    client.post(f"/teacher/seats/{seats[0].seat_id}/remove", {"next": here})
    assert "The student was removed." in text(client.get(here))
    group = service.reading.group_snapshot(group_id)
    assert group.state is not None and group.state.seats == tuple(s.key for s in seats[1:4])
    assert len(group.state.stock) == len(stock) + 12
    assert [seat.nickname for seat in group.seats] == ["Ben", "Chen", "Dia"]


def test_group_panel_fragment_is_the_panel_alone(
    client: Browser,
    service: UseCases,
    period: Callable[..., ClassSnapshot],
    join: Callable[..., SeatRef],
) -> None:
    snapshot = period()
    seat_students(join, snapshot, 0, 3)
    group_id = snapshot.groups[0].group_id
    fragment = text(client.get(f"/teacher/groups/{group_id}/panel")).strip()
    assert fragment.startswith(f'<section class="panel status-lobby" id="group-{group_id}"')
    assert fragment.endswith("</section>")
    assert "Chen" in fragment
    assert "<html" not in fragment


@pytest.mark.parametrize("action", ["start", "hint", "reveal", "end", "judge"])
def test_group_actions_without_the_csrf_token_are_refused(
    client: Browser, service: UseCases, period: Callable[..., ClassSnapshot], action: str
) -> None:
    snapshot = period()
    group_id = snapshot.groups[0].group_id
    data = {"on": "1", "text": "hint", "right": "1", "guess": "0"}
    response = client.post(f"/teacher/groups/{group_id}/{action}", data, csrf=False)
    assert response.status_code == 400
    assert service.reading.group_snapshot(group_id).rule_revealed is False


def test_a_right_guess_that_revealed_the_rule_shows_as_revealed_on_the_panel(
    client: Browser,
    service: UseCases,
    teacher: int,
    join: Callable[..., SeatRef],
) -> None:
    groups = [GroupSetup("Table 1", "card.color != prev.color")]
    made = service.classes.create_class(teacher, "7c", groups, Options(), reveal_after_guess=True)
    snapshot = service.reading.class_snapshot(teacher, made)
    seats = {seat.key: seat for seat in seat_students(join, snapshot, 0, 3)}
    group_id = snapshot.groups[0].group_id
    here = page_of(snapshot)
    client.post(f"/teacher/groups/{group_id}/start", {"next": here})
    assert "hidden from students" in text(client.get(here))
    for number in range(40):  # until a card the rule accepts opens a guess
        state = service.reading.group_snapshot(group_id).state
        assert state is not None and state.turn is not None
        if state.phase == "guess_window" and state.guesser is not None:
            break
        card = state.hand(state.turn)[0]
        service.rounds.act(seats[state.turn], Move("play", f"p{number}", cards=(card,)))
    assert state.guesser is not None
    service.rounds.act(seats[state.guesser], Move("guess", "g", text="the colours alternate"))
    service.rounds.judge_guess(teacher, group_id, True)
    page = text(client.get(here))
    # The class reveals on a right guess: the students see the rule, and the panel says so.
    assert "revealed to students" in page and "hidden from students" not in page
