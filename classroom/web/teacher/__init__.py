"""The teacher: log in, set up classes, run them, judge guesses."""

from flask import Blueprint

teacher = Blueprint("teacher", __name__, url_prefix="/teacher")

# Importing the modules registers their views and socket handlers on `teacher`.
from . import classes, display, events, routes, rulecheck, running, setup  # noqa: E402

teacher.context_processor(display.template_helpers)

__all__ = ["classes", "events", "routes", "rulecheck", "running", "setup", "teacher"]
