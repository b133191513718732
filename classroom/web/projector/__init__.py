"""The projector view: a read-only page of every group of a class, opened with its own link."""

from flask import Blueprint

projector = Blueprint("projector", __name__)

# Importing the modules registers their views and socket handlers on `projector`.
from . import events, routes  # noqa: E402

projector.app_context_processor(routes.template_helpers)

__all__ = ["events", "projector", "routes"]
