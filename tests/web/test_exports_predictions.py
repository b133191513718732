"""Predictions in the downloads: their own CSV, the events CSV and the research JSON."""

from __future__ import annotations

import csv
import io
import json

from classroom.usecases import UseCases
from tests.predicting import play_with_predictions
from tests.web.conftest import Browser, Lesson, text


def rows(data: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))


def played_round(service: UseCases, teacher: int, lesson: Lesson) -> None:
    service.rounds.start_round(teacher, lesson.group_id)
    assert play_with_predictions(service, lesson.group_id, 3) == 3
    service.rounds.end_round(teacher, lesson.group_id)


def test_the_predictions_csv_has_a_row_per_forecast_read_back_with_its_play_and_outcome(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    played_round(service, teacher, lesson)
    assert "predictions (CSV)" in text(client.get(lesson.page))
    response = client.get(f"/teacher/classes/{lesson.class_id}/predictions.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert response.data.startswith(b"\xef\xbb\xbf")
    assert "predictions.csv" in response.headers["Content-Disposition"]
    table = rows(response.data)
    assert len(table) == 6  # three plays, two forecasts each
    assert [row["play"] for row in table] == ["1", "1", "2", "2", "3", "3"]
    assert {row["round"] for row in table} == {"1"} and {row["group"] for row in table} == {
        "Table 1"
    }
    for row in table:
        assert row["nickname"] in {"Zoë", "さくら", "Ana"} and row["nickname"] != row["player"]
        assert row["prediction"] in {"accepted", "rejected"} and row["right"] in {"right", "wrong"}
        assert len(row["card"]) >= 2
    events = rows(client.get(f"/teacher/classes/{lesson.class_id}/events.csv").data)
    predicted = [row for row in events if row["kind"] == "predicted"]
    assert len(predicted) == 6
    assert [row["nickname"] for row in predicted] == [row["nickname"] for row in table]
    assert {row["text"] for row in predicted} <= {"predicted accepted", "predicted rejected"}


def test_the_research_json_lists_each_rounds_predictions(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    played_round(service, teacher, lesson)
    response = client.get(f"/teacher/classes/{lesson.class_id}/export.json")
    document = json.loads(response.data)
    (round_,) = document["groups"][0]["rounds"]
    predictions = round_["predictions"]
    assert [p["play"] for p in predictions] == [1, 1, 2, 2, 3, 3]
    csv_rows = rows(client.get(f"/teacher/classes/{lesson.class_id}/predictions.csv").data)
    for p, row in zip(predictions, csv_rows, strict=True):
        assert (str(p["seq"]), p["card"], p["nickname"], p["player"]) == (
            row["seq"],
            row["card"],
            row["nickname"],
            row["player"],
        )
        assert p["predicted_accepted"] == (row["prediction"] == "accepted")
        assert p["right"] == (row["right"] == "right")
    kinds = [event["kind"] for event in round_["events"]]
    assert kinds.count("predicted") == 6
