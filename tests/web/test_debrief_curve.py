"""The learning curve on the debrief: a chart drawn on the server with one line per student,
the first correct hypothesis starred, and sentences that say the same in words."""

from __future__ import annotations

import re

from flask import Flask

from classroom.usecases import JournalNote, UseCases
from tests.predicting import play_with_predictions
from tests.web.conftest import Browser, Lesson, text


def curve_section(page: str) -> str:
    return page.partition('<section class="curve-box"')[2].partition("</section>")[0]


def test_the_debrief_draws_each_students_curve_and_stars_the_first_correct_hypothesis(
    app: Flask, client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    service.rounds.start_round(teacher, lesson.group_id)
    assert play_with_predictions(service, lesson.group_id, 6) == 6
    state = service.reading.group_snapshot(lesson.group_id).state
    assert state is not None
    writer = lesson.seat(state.seats[0])
    service.journal.write_journal(writer, JournalNote("prev.color != card.color", 8))
    assert play_with_predictions(service, lesson.group_id, 10) == 10
    service.rounds.end_round(teacher, lesson.group_id)
    client.get(f"/teacher/groups/{lesson.group_id}/debrief?round=1")
    assert app.extensions["checks"].wait_idle(30.0)
    section = curve_section(text(client.get(f"/teacher/groups/{lesson.group_id}/debrief")))
    svg = section.partition("<svg")[2].partition("</svg>")[0]
    assert svg.count('class="curve student"') == 3 and svg.count('class="curve group"') == 1
    assert re.search(r"<title id=\"curve-\d+-title\">Learning curve of Table 1, round 1", svg)
    assert "<desc id=" in svg and "aria-labelledby=" in svg
    starred = re.findall(r'class="first-correct" data-seat="(\d+)"', svg)
    assert starred == [writer.key]
    assert f"{writer.nickname}: first correct hypothesis at play 6</title>" in svg
    # The learner: wrong on plays 1-4, right on plays 5-16; the last 10 plays are 7 to 16,
    # four of which (7, 10, 13, 16) are its own, not predicted by it.
    sentences = re.findall(r'<li data-seat="(\d+)"[^>]*>(.*?)</li>', section, re.S)
    said = {seat: re.sub(r"<[^>]+>", "", line).strip() for seat, line in sentences}
    assert said[writer.key] == (
        f"★ {writer.nickname}: 6 of 6 right in the last 10 plays. Got it!"
        " First correct hypothesis at play 6."
    )
    assert "No correct hypothesis this round." in said[state.seats[2]]
    assert "The whole group:" in section and "“Got it”: at least 80 % right" in section


def test_the_debrief_says_when_nobody_predicted(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    service.rounds.start_round(teacher, lesson.group_id)
    service.rounds.end_round(teacher, lesson.group_id)
    section = curve_section(text(client.get(f"/teacher/groups/{lesson.group_id}/debrief")))
    assert "<svg" not in section
    assert "Nobody at this table predicted a verdict this round." in section


def test_the_debrief_curve_speaks_the_class_language(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    service.rounds.start_round(teacher, lesson.group_id)
    play_with_predictions(service, lesson.group_id, 12)
    service.rounds.end_round(teacher, lesson.group_id)
    service.classes.set_class_language(teacher, lesson.class_id, "ja")
    section = curve_section(text(client.get(f"/teacher/groups/{lesson.group_id}/debrief")))
    assert "学習曲線" in section and "ラウンドのプレイ" in section and "グループ全体" in section
    assert re.search(r"Zoë:直近 10 回のプレイで \d+ 回中 \d+ 回正解。", section)
    assert "このラウンドでは正しい仮説はありませんでした。" in section
    assert "Learning curve" not in section and "right in the last" not in section
