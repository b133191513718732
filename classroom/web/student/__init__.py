"""Students on tablets: joining by code, the play page, and the /play socket namespace."""

from flask import Blueprint

student = Blueprint("student", __name__)

from classroom.web.student import events, routes  # noqa: E402, F401  (register handlers)
