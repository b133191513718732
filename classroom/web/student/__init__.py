"""Students on tablets: joining by code, the play page, and the /play socket namespace."""

from classroom.web.student.blueprint import student

# Importing the modules registers their views and socket handlers on `student`.
from . import events, routes

__all__ = ["events", "routes", "student"]
