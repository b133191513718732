"""A class's record to download: events, hypotheses, predictions and what each play taught as
CSV, their words in the class's language, and everything as JSON (codes, never translated, for
research)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from flask import abort
from flask_babel import force_locale
from werkzeug.wrappers import Response

from classroom.projections.class_record import ClassRecord
from classroom.projections.exports import (
    EVENT_COLUMNS,
    HYPOTHESIS_COLUMNS,
    PREDICTION_COLUMNS,
    csv_document,
    event_rows,
    export_document,
    hypothesis_rows,
    prediction_rows,
)
from classroom.projections.information_export import INFORMATION_COLUMNS, information_rows
from classroom.usecases import ServiceError
from classroom.web.auth import login_required, me
from classroom.web.context import use_cases
from classroom.web.filenames import content_disposition, file_stem
from classroom.web.messages import localize
from classroom.web.teacher.blueprint import teacher


def _record(class_id: int) -> ClassRecord:
    try:
        return use_cases().records.class_record(me(), class_id)
    except ServiceError:
        abort(404)


def _in_class_language(class_id: int, rows: Sequence[Sequence[object]]) -> list[list[object]]:
    """The rows with every word said in the class's language, whoever downloads them."""
    language = use_cases().preferences.class_language(class_id)
    with force_locale(language or "en"):
        said: list[list[object]] = localize(rows)
        return said


def _download(body: str, record: ClassRecord, what: str, mimetype: str) -> Response:
    """A file download named after the class, in the class name's own script."""
    filename = f"{file_stem(record.name, 'class')}-{what}"
    response = Response(body.encode("utf-8"), mimetype=mimetype)
    response.headers["Content-Disposition"] = content_disposition("attachment", filename)
    response.headers["Cache-Control"] = "no-store"
    return response


@teacher.get("/classes/<int:class_id>/events.csv")
@login_required
def events_csv(class_id: int) -> Response:
    """Every event of every round of every group, one row each."""
    record = _record(class_id)
    body = csv_document(EVENT_COLUMNS, _in_class_language(class_id, event_rows(record)))
    return _download(body, record, "events.csv", "text/csv; charset=utf-8")


@teacher.get("/classes/<int:class_id>/hypotheses.csv")
@login_required
def hypotheses_csv(class_id: int) -> Response:
    """Every journal entry and every guess, one row each."""
    record = _record(class_id)
    body = csv_document(HYPOTHESIS_COLUMNS, _in_class_language(class_id, hypothesis_rows(record)))
    return _download(body, record, "hypotheses.csv", "text/csv; charset=utf-8")


@teacher.get("/classes/<int:class_id>/predictions.csv")
@login_required
def predictions_csv(class_id: int) -> Response:
    """Every forecast on a played card ("will it be accepted?"), one row each."""
    record = _record(class_id)
    body = csv_document(PREDICTION_COLUMNS, _in_class_language(class_id, prediction_rows(record)))
    return _download(body, record, "predictions.csv", "text/csv; charset=utf-8")


@teacher.get("/classes/<int:class_id>/information.csv")
@login_required
def information_csv(class_id: int) -> Response:
    """What every judged play taught: candidate rules still possible before and after it."""
    record = _record(class_id)
    rows = _in_class_language(class_id, information_rows(record))
    body = csv_document(INFORMATION_COLUMNS, rows)
    return _download(body, record, "information.csv", "text/csv; charset=utf-8")


@teacher.get("/classes/<int:class_id>/export.json")
@login_required
def export_json(class_id: int) -> Response:
    """The whole class, for research: rules, nicknames, full event logs and journals."""
    record = _record(class_id)
    body = json.dumps(export_document(record), ensure_ascii=False, indent=1)
    return _download(body, record, "export.json", "application/json")
