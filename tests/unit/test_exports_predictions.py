"""Predictions in the exports as pure functions: rows read back from the CSV, and the JSON."""

from __future__ import annotations

import csv
import io
from dataclasses import replace

from classroom.core.cards import Card
from classroom.core.games.express import Judged, Played, Predicted, RoundEnded
from classroom.projections.class_record import ClassRecord
from classroom.projections.exports import (
    EVENT_COLUMNS,
    PREDICTION_COLUMNS,
    csv_document,
    event_rows,
    export_document,
    prediction_rows,
)
from tests.unit.test_exports import EVENTS, record

KS, TWO_H = Card.parse("KS"), Card.parse("2H")
PREDICTED = (
    EVENTS[0],
    Played(seq=2, seat="1", card=KS),
    Predicted(seq=3, seat="2", accepted=False),
    Judged(seq=4, seat="1", card=KS, correct=True),
    Played(seq=5, seat="2", card=TWO_H),
    Predicted(seq=6, seat="1", accepted=True),
    RoundEnded(seq=7, reason="teacher"),
)


def predicting_record() -> ClassRecord:
    base = record()
    (group,) = base.groups
    round_ = replace(group.rounds[0], events=PREDICTED, journal=(), mismatches=())
    return replace(base, groups=(replace(group, rounds=(round_,)),))


def test_prediction_rows_read_back_from_the_csv() -> None:
    text = csv_document(PREDICTION_COLUMNS, prediction_rows(predicting_record()))
    table = list(csv.DictReader(io.StringIO(text.encode("utf-8").decode("utf-8-sig"))))
    assert table == [
        {
            "group": "Tisch 1", "round": "1", "play": "1", "seq": "2", "card": "KS",
            "player": "Zoë", "nickname": "さくら", "prediction": "rejected", "right": "wrong",
        },
        {
            "group": "Tisch 1", "round": "1", "play": "", "seq": "5", "card": "2H",
            "player": "さくら", "nickname": "Zoë", "prediction": "accepted", "right": "",
        },
    ]  # fmt: skip


def test_the_events_rows_say_what_each_prediction_was() -> None:
    rows = [dict(zip(EVENT_COLUMNS, row, strict=True)) for row in event_rows(predicting_record())]
    said = [(row["nickname"], row["text"]) for row in rows if row["kind"] == "predicted"]
    assert said == [("さくら", "predicted rejected"), ("Zoë", "predicted accepted")]


def test_the_json_document_holds_each_rounds_predictions() -> None:
    (round_,) = export_document(predicting_record())["groups"][0]["rounds"]
    assert round_["predictions"] == [
        {"play": 1, "seq": 2, "card": "KS", "player": "Zoë", "nickname": "さくら",
         "predicted_accepted": False, "right": False},
        {"play": None, "seq": 5, "card": "2H", "player": "さくら", "nickname": "Zoë",
         "predicted_accepted": True, "right": None},
    ]  # fmt: skip
