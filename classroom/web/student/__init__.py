"""Students on tablets: joining by code, the play page, and the /play socket namespace."""

from classroom.web.student.blueprint import student

# Importing the modules registers their views and socket handlers on `student`.
from . import builder_events, events, practice, routes

__all__ = ["builder_events", "events", "practice", "routes", "student"]
