"""Everyone predicts, turned on or off on a running class's page, with its window."""

from __future__ import annotations

from flask import url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from classroom.web.auth import login_required, me
from classroom.web.buttons import back
from classroom.web.context import use_cases
from classroom.web.teacher.actions import perform
from classroom.web.teacher.blueprint import teacher
from classroom.web.teacher.forms import ClassPredictionsForm


def predictions_form(on: bool, seconds: int) -> ClassPredictionsForm:
    """The class page's form, showing the class's setting."""
    return ClassPredictionsForm(everyone_predicts=on, predict_seconds=seconds, formdata=None)


@teacher.post("/classes/<int:class_id>/predictions")
@login_required
def set_predictions(class_id: int) -> Response:
    """Everyone predicts on or off, and how long the table may predict."""
    form = ClassPredictionsForm()
    on, seconds = bool(form.everyone_predicts.data), form.predict_seconds.data or 5
    perform(
        form,
        lambda: use_cases().classes.set_predictions(me(), class_id, on, seconds),
        done=_("Everyone predicts is on.") if on else _("Everyone predicts is off."),
    )
    return back(form.next.data, url_for("teacher.show_class", class_id=class_id))
