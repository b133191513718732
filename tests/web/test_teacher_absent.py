"""The class page copes with absent students: online dots, Skip turn, Remove mid-round, and
buttons that ask before they end anything."""

from __future__ import annotations

import re
from collections.abc import Callable

from flask import Flask

from classroom.projections.group_views import student_view
from classroom.usecases import SeatRef, UseCases
from tests.web.conftest import Browser, Lesson, flashes, text


def _row(page: str, seat: SeatRef) -> str:
    """The HTML of one seat's row on the class page."""
    found = re.search(rf'<tr[^>]*data-seat="{seat.key}">(.*?)</tr>', page, re.S)
    assert found, f"no row for {seat.nickname}"
    return found.group(1)


def test_each_seat_shows_whether_its_tablet_is_online(
    app: Flask, client: Browser, lesson: Lesson
) -> None:
    page = text(client.get(lesson.page))
    assert all("tablet offline" in _row(page, seat) for seat in lesson.seats)
    app.extensions["presence"].connected(lesson.seats[1].seat_id)
    page = text(client.get(lesson.page))
    assert "tablet online" in _row(page, lesson.seats[1])
    assert "tablet offline" in _row(page, lesson.seats[0])


def test_skip_turn_passes_an_absent_students_turn_on(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    service.rounds.start_round(teacher, lesson.group_id)
    state = service.reading.group_snapshot(lesson.group_id).state
    assert state is not None
    absent = lesson.seat(state.turn)
    page = text(client.get(lesson.page))
    assert "Skip turn" in _row(page, absent)
    assert all("Skip turn" not in _row(page, s) for s in lesson.seats if s is not absent)
    url = f"/teacher/groups/{lesson.group_id}/skip"
    client.post(url, {"seat": str(absent.seat_id), "next": lesson.page})
    assert "Turn skipped: the next student plays." in flashes(client, lesson.page)
    after = service.reading.group_snapshot(lesson.group_id).state
    assert after is not None and after.turn == state.next_seat(absent.key)
    client.post(url, {"seat": str(absent.seat_id), "next": lesson.page})
    assert "It is no longer this student&#39;s turn." in flashes(client, lesson.page)


def test_removing_one_of_three_players_mid_round_ends_the_round(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    service.rounds.start_round(teacher, lesson.group_id)
    client.post(f"/teacher/seats/{lesson.seats[2].seat_id}/remove", {"next": lesson.page})
    page = flashes(client, lesson.page)
    assert "The student was removed." in page
    assert "Round over" in page
    state = service.reading.group_snapshot(lesson.group_id).state
    assert state is not None and state.is_over


def test_end_round_end_all_rounds_and_end_class_ask_first_in_the_page(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    service.rounds.start_round(teacher, lesson.group_id)
    page = text(client.get(lesson.page))
    for box, question in [
        (f"end-round-{lesson.group_id}", "It is scored as it stands."),
        ("end-all-rounds", "Each is scored as it stands."),
        ("end-class", "even mid-round"),
    ]:
        found = re.search(rf'<details class="confirm" id="{box}">(.*?)</details>', page, re.S)
        assert found, box
        assert question in found.group(1)
        assert 'class="button danger"' in found.group(1)
        assert "data-close-confirm" in found.group(1)
    assert "window.confirm" not in page and "onclick" not in page
    assert "js/teacher/confirm.js" in page


def test_the_class_pack_opens_in_a_new_tab(client: Browser, lesson: Lesson) -> None:
    page = text(client.get(lesson.page))
    link = re.search(r'<a href="[^"]*class-pack[^"]*"[^>]*>', page) or re.search(
        r'<a href="[^"]*pack[^"]*"[^>]*>', page
    )
    assert link, "no class-pack link"
    assert 'target="_blank"' in link.group(0) and 'rel="noopener"' in link.group(0)


def test_an_ended_class_offers_no_action_to_any_tablet(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    service.rounds.start_round(teacher, lesson.group_id)
    snapshot = service.reading.group_snapshot(lesson.group_id)
    assert snapshot.state is not None and snapshot.state.turn is not None
    assert student_view(snapshot, snapshot.state.turn)["can"]["play"]
    client.post(f"/teacher/classes/{lesson.class_id}/end")
    snapshot = service.reading.group_snapshot(lesson.group_id)
    for seat in lesson.seats:
        assert not any(student_view(snapshot, seat.key)["can"].values())
    page = text(client.get(lesson.page))
    assert "Skip turn" not in page and "End round" not in page


def test_student_dealers_are_refused_at_the_switch_with_too_few_students(
    client: Browser, service: UseCases, lesson: Lesson
) -> None:
    assert "Students deal with 4 or more at the table" in text(client.get(lesson.page))
    client.post(f"/teacher/groups/{lesson.group_id}/dealer", {"mode": "student"})
    page = flashes(client, lesson.page)
    assert "3 students; students deal only with 4 or more" in page
    assert service.reading.group_snapshot(lesson.group_id).dealer_mode == "app"


def test_a_full_student_dealer_table_keeps_its_student_dealers(
    client: Browser,
    service: UseCases,
    lesson: Lesson,
    join: Callable[..., SeatRef],
) -> None:
    join(lesson.join_code, lesson.group_id, "Dia")
    client.post(f"/teacher/groups/{lesson.group_id}/dealer", {"mode": "student"})
    for name in ("Eli", "Fay", "Gus", "Hal", "Ivo"):
        join(lesson.join_code, lesson.group_id, name)
    assert len(service.reading.group_snapshot(lesson.group_id).seats) == 9
    client.post(f"/teacher/groups/{lesson.group_id}/dealer", {"mode": "app"})
    assert "the app deals to 8 players at most" in flashes(client, lesson.page)
    assert service.reading.group_snapshot(lesson.group_id).dealer_mode == "student"


def test_the_timeline_shows_skipped_turns_and_removals(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson, join: Callable[..., SeatRef]
) -> None:
    dia = join(lesson.join_code, lesson.group_id, "Dia")
    service.rounds.start_round(teacher, lesson.group_id)
    state = service.reading.group_snapshot(lesson.group_id).state
    assert state is not None and state.turn is not None
    skipped = lesson.seat(state.turn)
    service.rounds.skip_turn(teacher, lesson.group_id, skipped.seat_id)
    service.seats.remove_seat(teacher, dia.seat_id)
    page = text(client.get(f"/teacher/groups/{lesson.group_id}/timeline?round=1"))
    assert f"The teacher skipped the turn of {skipped.nickname}." in page
    assert "left the round; their cards went under the stock." in page
