"""The teacher: log in, set up classes, run them, judge guesses."""

from classroom.web.teacher.blueprint import teacher

# Importing the modules registers their views and socket handlers on `teacher`.
from . import (
    classes,
    controls,
    debriefing,
    display,
    downloads,
    events,
    history,
    practice,
    predicting,
    preferences,
    routes,
    rulecheck,
    running,
    settling,
    setup,
)

teacher.context_processor(display.template_helpers)

__all__ = [
    "classes",
    "controls",
    "debriefing",
    "downloads",
    "events",
    "history",
    "practice",
    "predicting",
    "preferences",
    "routes",
    "rulecheck",
    "running",
    "settling",
    "setup",
    "teacher",
]
