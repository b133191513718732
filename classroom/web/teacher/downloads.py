"""A class's record to download: events, hypotheses and predictions as CSV, everything as
JSON."""

from __future__ import annotations

import json

from flask import abort
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
from classroom.usecases import ServiceError
from classroom.web.auth import login_required, me
from classroom.web.context import use_cases
from classroom.web.filenames import content_disposition, file_stem
from classroom.web.teacher.blueprint import teacher


def _record(class_id: int) -> ClassRecord:
    try:
        return use_cases().records.class_record(me(), class_id)
    except ServiceError:
        abort(404)


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
    body = csv_document(EVENT_COLUMNS, event_rows(record))
    return _download(body, record, "events.csv", "text/csv; charset=utf-8")


@teacher.get("/classes/<int:class_id>/hypotheses.csv")
@login_required
def hypotheses_csv(class_id: int) -> Response:
    """Every journal entry and every guess, one row each."""
    record = _record(class_id)
    body = csv_document(HYPOTHESIS_COLUMNS, hypothesis_rows(record))
    return _download(body, record, "hypotheses.csv", "text/csv; charset=utf-8")


@teacher.get("/classes/<int:class_id>/predictions.csv")
@login_required
def predictions_csv(class_id: int) -> Response:
    """Every forecast on a played card ("will it be accepted?"), one row each."""
    record = _record(class_id)
    body = csv_document(PREDICTION_COLUMNS, prediction_rows(record))
    return _download(body, record, "predictions.csv", "text/csv; charset=utf-8")


@teacher.get("/classes/<int:class_id>/export.json")
@login_required
def export_json(class_id: int) -> Response:
    """The whole class, for research: rules, nicknames, full event logs and journals."""
    record = _record(class_id)
    body = json.dumps(export_document(record), ensure_ascii=False, indent=1)
    return _download(body, record, "export.json", "application/json")
