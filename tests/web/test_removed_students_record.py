"""A student removed in round 2 stays named in round 1's record, and the record says who was
removed and whose turn was skipped: the totals, the timeline, the CSV and JSON exports and the
printed report (Express), then a New Eleusis table where a removal is no expulsion."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from pathlib import Path

from flask.testing import FlaskClient

from classroom.core.games.express import Options
from classroom.usecases import GroupSetup, Move, UseCases
from tests.live_class import LiveClass, build_class
from tests.unit.test_printables_support import text_of
from tests.web.ne_records_support import NE_NAMES, RULE
from tests.web.printing_support import logged_in, printing_app

STUDENTS = (("Ana", "Ben", "Chen", "Dan"),)


@dataclass
class Removed:
    """A class whose student Dan played round 1 and was skipped, then removed, in round 2."""

    client: FlaskClient
    live: LiveClass
    group_id: int


def _play_wrong(live: LiveClass, group_id: int) -> None:
    live.play(group_id, accepted=False)
    state = live.state(group_id)
    if state.phase == "guess_window" and state.guesser is not None:
        live.service.rounds.act(live.seat(group_id, state.guesser), Move("pass", "pass-1"))


def _removed(tmp_path: Path) -> Removed:
    app = printing_app(tmp_path)
    live = build_class(app.extensions["use_cases"], students=STUDENTS)
    group_id = live.group_ids[0]
    rounds = live.service.rounds
    dan = next(seat for seat in live.seats[group_id] if seat.nickname == "Dan")
    rounds.start_round(live.teacher_id, group_id)
    for _ in range(4):
        _play_wrong(live, group_id)
    rounds.end_round(live.teacher_id, group_id)
    rounds.start_round(live.teacher_id, group_id)
    while live.state(group_id).turn != dan.key:
        _play_wrong(live, group_id)
    rounds.skip_turn(live.teacher_id, group_id, dan.seat_id)
    live.service.seats.remove_seat(live.teacher_id, dan.seat_id)
    return Removed(logged_in(app, live.teacher_id), live, group_id)


def _csv(client: FlaskClient, class_id: int) -> list[dict[str, str]]:
    data = client.get(f"/teacher/classes/{class_id}/events.csv").data
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))


def test_the_totals_keep_a_removed_students_scores(tmp_path: Path) -> None:
    removed = _removed(tmp_path)
    page = removed.client.get(f"/teacher/classes/{removed.live.class_id}/totals")
    html = page.get_data(as_text=True)
    assert '<th scope="col" class="num">Dan</th>' in html
    assert '<th scope="col" class="num">?</th>' not in html


def test_the_timeline_names_who_was_skipped_and_removed(tmp_path: Path) -> None:
    removed = _removed(tmp_path)
    url = f"/teacher/groups/{removed.group_id}/timeline"
    first = removed.client.get(f"{url}?round=1").get_data(as_text=True)
    assert "<strong>Dan</strong> played" in first and "<strong>?</strong>" not in first
    second = removed.client.get(f"{url}?round=2").get_data(as_text=True)
    assert "The teacher skipped the turn of Dan." in second
    assert "Dan left the round; their cards went under the stock." in second


def test_the_exports_name_a_removed_student(tmp_path: Path) -> None:
    removed = _removed(tmp_path)
    class_id = removed.live.class_id
    rows = _csv(removed.client, class_id)
    assert "?" not in {row["nickname"] for row in rows}
    assert any(row["round"] == "1" and row["nickname"] == "Dan" for row in rows)
    kinds = {row["kind"]: row["nickname"] for row in rows if row["round"] == "2"}
    assert kinds["turn_skipped"] == "Dan" and kinds["player_removed"] == "Dan"
    document = json.loads(removed.client.get(f"/teacher/classes/{class_id}/export.json").data)
    group = document["groups"][0]
    assert "Dan" in group["seats"]
    first = group["rounds"][0]["events"]
    assert first[0]["seats"] == ["Ana", "Ben", "Chen", "Dan"]
    assert "?" not in {event.get("seat") for event in first}


def test_the_printed_report_names_a_removed_student(tmp_path: Path) -> None:
    removed = _removed(tmp_path)
    url = f"/teacher/print/groups/{removed.group_id}/report.pdf"
    first = text_of(removed.client.get(f"{url}?round=1").data)
    assert "Dan" in first and "Student 4" not in first
    second = text_of(removed.client.get(f"{url}?round=2").data)
    assert "The teacher skipped this turn." in second
    assert "Removed by the teacher: left the round, the cards went under the stock." in second


def test_a_new_eleusis_removal_is_no_expulsion(tmp_path: Path) -> None:
    app = printing_app(tmp_path)
    service: UseCases = app.extensions["use_cases"]
    teacher = service.teachers.create_teacher("rivera", "correct horse battery")
    setups = [GroupSetup("Owls", RULE, mode="new_eleusis")]
    class_id = service.classes.create_class(teacher, "Club", setups, Options())
    snapshot = service.reading.class_snapshot(teacher, class_id)
    group_id = snapshot.groups[0].group_id
    owls = [service.seats.join(snapshot.join_code, group_id, n)[0] for n in NE_NAMES]
    service.rounds.start_round(teacher, group_id)
    state = service.reading.group_snapshot(group_id).state
    assert state is not None
    turn = next(seat for seat in owls if seat.key == state.turn)
    service.rounds.skip_turn(teacher, group_id, turn.seat_id)
    leaving = next(seat for seat in owls if seat.key != state.turn)
    service.seats.remove_seat(teacher, leaving.seat_id)
    service.rounds.end_round(teacher, group_id)
    client = logged_in(app, teacher)
    timeline = client.get(f"/teacher/groups/{group_id}/timeline").get_data(as_text=True)
    assert f"{leaving.nickname} left the round" in timeline and "expelled" not in timeline
    assert f"The teacher skipped the turn of {turn.nickname}." in timeline
    rows = [row for row in _csv(client, class_id) if row["kind"] == "player_removed"]
    assert [(row["nickname"], row["verdict"]) for row in rows] == [(leaving.nickname, "left")]
    document = json.loads(client.get(f"/teacher/classes/{class_id}/export.json").data)
    assert document["groups"][0]["rounds"][0]["expelled"] == []
    report = text_of(client.get(f"/teacher/print/groups/{group_id}/report.pdf").data)
    assert "expelled" not in report.lower()
    squeezed = report.replace(" ", "")
    line = "Removedbytheteacher:lefttheround,thecardswentunderthestock."
    assert f"{leaving.nickname}{line}" in squeezed
