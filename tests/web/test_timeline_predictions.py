"""Everyone predicts: the teacher's timeline tells the others' forecasts on each card by name and
in words on the card's verdict ("2 forecasts, 1 right: Zoë predicted accepted ✓, ..."), in the
teacher's language, never as bare `predicted` rows."""

from __future__ import annotations

import re

import pytest

from classroom.projections.learning_curve import play_predictions
from classroom.usecases import Move, UseCases
from tests.predicting import play_with_predictions, predicting_on
from tests.web.conftest import Browser, Lesson

PLAYS = 3


def _timeline(client: Browser, service: UseCases, teacher: int, lesson: Lesson, query: str) -> str:
    service.rounds.start_round(teacher, lesson.group_id)
    assert play_with_predictions(service, lesson.group_id, PLAYS) == PLAYS
    service.rounds.end_round(teacher, lesson.group_id)
    response = client.get(f"/teacher/groups/{lesson.group_id}/timeline{query}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def _verdicts(page: str) -> list[str]:
    """The text of each verdict's line, tags stripped."""
    lines = re.findall(r'<li class="moment kind-judged".*?</li>', page, flags=re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", line).split()) for line in lines]


def test_the_timeline_tells_each_cards_forecasts_by_name_on_its_verdict(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    page = _timeline(client, service, teacher, lesson, "")
    assert "kind-predicted" not in page and ">predicted<" not in page
    record = service.records.group_record(teacher, lesson.group_id)
    forecasts = play_predictions(record.rounds[0].events)  # type: ignore[arg-type]
    verdicts = _verdicts(page)
    assert len(verdicts) == PLAYS
    for play, line in enumerate(verdicts, 1):
        on_card = [p for p in forecasts if p.play == play]
        right = sum(1 for p in on_card if p.right)
        assert f"✓✗ 2 forecasts, {right} right:" in line
        for p in on_card:
            said = "predicted accepted" if p.accepted else "predicted rejected"
            mark = "✓" if p.right else "✗"
            assert f"{record.nickname(p.seat)} {said} {mark}" in line


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("ja", ("2件の予想", "と予想")),
        ("pl", ("2 prognozy", "przewiduje:")),
        ("ru", ("2 прогноза", "ждёт, что")),
    ],
)
def test_the_forecasts_speak_the_teachers_language(
    client: Browser,
    service: UseCases,
    teacher: int,
    lesson: Lesson,
    language: str,
    words: tuple[str, ...],
) -> None:
    page = _timeline(client, service, teacher, lesson, f"?lang={language}")
    text = " ".join(_verdicts(page))
    assert "forecast" not in text
    assert all(word in text for word in words), text


def test_a_player_who_skipped_a_forecast_is_named_on_the_cards_verdict(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    predicting_on(service, lesson.group_id)
    service.rounds.start_round(teacher, lesson.group_id)
    state = service.reading.group_snapshot(lesson.group_id).state
    assert state is not None
    seats = {seat.key: seat for seat in lesson.seats}
    player = seats[str(state.turn)]
    service.rounds.act(player, Move("play", "play-1", cards=(state.hand(player.key)[0],)))
    first, second = (seat for seat in lesson.seats if seat is not player)
    service.predictions.predict(first, Move("predict", "p-1", right=True))
    service.predictions.predict(second, Move("skip_predict", "p-2"))
    service.rounds.end_round(teacher, lesson.group_id)
    page = client.get(f"/teacher/groups/{lesson.group_id}/timeline").get_data(as_text=True)
    assert "prediction_declined" not in page  # no raw event name
    (line,) = _verdicts(page)
    assert f"Did not predict: {second.nickname}" in line
    assert "1 forecast, " in line and first.nickname in line
