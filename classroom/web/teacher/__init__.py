"""The teacher: log in, set up classes, run them, judge guesses."""

from flask import Blueprint

teacher = Blueprint("teacher", __name__, url_prefix="/teacher")

from classroom.web.teacher import events, routes  # noqa: E402, F401  (register handlers)
