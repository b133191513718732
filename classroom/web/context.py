"""What a view reaches through the running app."""

from __future__ import annotations

from flask import current_app

from classroom.usecases import UseCases


def use_cases() -> UseCases:
    """The use cases of the running app."""
    service: UseCases = current_app.extensions["use_cases"]
    return service
