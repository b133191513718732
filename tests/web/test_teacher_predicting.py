"""The teacher's group panel while everyone predicts: each student's right forecasts over the
last ten plays, the table's, and a "got it" badge; the panel the class page fetches again after
each change shows the new figures."""

from __future__ import annotations

import re

from classroom.usecases import UseCases
from tests.predicting import play_with_predictions
from tests.web.conftest import Browser, Lesson, text


def seat_cells(page: str) -> dict[str, str]:
    cells = re.findall(r'data-seat="(\d+)">.*?<td class="num predicting">(.*?)</td>', page, re.S)
    return {seat: " ".join(re.sub(r"<[^>]+>", " ", cell).split()) for seat, cell in cells}


def test_the_panel_counts_right_predictions_and_says_who_has_got_it(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    service.rounds.start_round(teacher, lesson.group_id)
    panel_url = f"/teacher/groups/{lesson.group_id}/panel"
    assert "predicting" not in text(client.get(panel_url))  # nobody predicted yet
    play_with_predictions(service, lesson.group_id, 6)
    state = service.reading.group_snapshot(lesson.group_id).state
    assert state is not None
    learner = state.seats[0]
    # Plays 1-6, the learner playing 1 and 4: wrong on 2 and 3, right on 5 and 6.
    early = seat_cells(text(client.get(lesson.page)))
    assert early[learner] == "2 of 4"
    play_with_predictions(service, lesson.group_id, 9)
    page = text(client.get(panel_url))
    cells = seat_cells(page)
    # Plays 6-15: the learner's own are 7, 10, 13; it was right on the other seven.
    assert cells[learner] == "7 of 7 ✓ got it"
    assert "got it" not in cells[state.seats[1]]  # right on every other play only
    assert "The table:" in page and "over the last 10 plays" in page
    assert (
        "“Got it”: at least 80 % right over the last 10 plays, with at least 5 predictions." in page
    )


def test_the_panel_speaks_the_teachers_language(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    service.rounds.start_round(teacher, lesson.group_id)
    play_with_predictions(service, lesson.group_id, 15)
    service.preferences.set_teacher_language(teacher, "ja")
    page = text(client.get(f"/teacher/groups/{lesson.group_id}/panel"))
    assert "予想の正解(直近 10 回のプレイ)" in page
    assert "テーブル全体:直近 10 回のプレイで予想" in page and "✓ わかった" in page
    assert "The table:" not in page and "got it" not in page


def test_the_panel_and_the_debrief_give_the_same_figures(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    service.rounds.start_round(teacher, lesson.group_id)
    play_with_predictions(service, lesson.group_id, 17)
    panel = seat_cells(text(client.get(f"/teacher/groups/{lesson.group_id}/panel")))
    debrief = text(client.get(f"/teacher/groups/{lesson.group_id}/debrief"))
    said = dict(re.findall(r'<li data-seat="(\d+)"[^>]*>.*?: (\d+ of \d+) right', debrief))
    assert {seat: cell.split(" ✓")[0] for seat, cell in panel.items()} == said
    assert len(said) == 3
