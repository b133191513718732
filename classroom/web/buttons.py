"""The button forms of the teacher's pages, and where a button sends the teacher back to."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import flash, redirect, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response
from wtforms import HiddenField
from wtforms.validators import InputRequired

from classroom.web.messages import say


class ActionForm(FlaskForm):
    """A button that only needs the CSRF token (start, end, remove...)."""

    next = HiddenField()


class SwitchForm(ActionForm):
    """A button turning something on or off (lock joining, reveal the rule)."""

    on = HiddenField(validators=[InputRequired()])

    @property
    def value(self) -> bool:
        """True for "1"."""
        return self.on.data == "1"


def form_problems(form: FlaskForm) -> None:
    """Flash a form's errors (a button form has no place of its own to show them)."""
    for errors in form.errors.values():
        for error in errors:
            flash(say(error), "error")


def safe_next(target: str | None, fallback: str | None = None) -> str:
    """Only paths on this site: never send a teacher to another host."""
    if (
        target
        and target.startswith("/")
        and not target.startswith("//")
        and "\\" not in target
        and not urlsplit(target).netloc
    ):
        return target
    return fallback or url_for("teacher.index")


def back(target: str | None, fallback: str | None = None) -> Response:
    """Redirect to where the form came from."""
    return redirect(safe_next(target, fallback))
