"""The projector view: a read-only page of every group of a class, opened with its own link."""

from classroom.web.projector.blueprint import projector

# Importing the modules registers their views and socket handlers on `projector`.
from . import events, routes

projector.app_context_processor(routes.template_helpers)

__all__ = ["events", "projector", "routes"]
