"""The shape of a teacher's button: check the form, call the use case (its effects tell every
open page), say it was done, go back to the page the button was on."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import flash
from werkzeug.wrappers import Response

from classroom.core.games.errors import GameError
from classroom.usecases import ServiceError
from classroom.web.buttons import ActionForm, back, form_problems
from classroom.web.messages import say

T = TypeVar("T")


def perform(
    form: ActionForm,
    call: Callable[[], T],
    *,
    done: str | Callable[[T], str | None],
) -> None:
    """Run `call` if the form is valid and flash `done` (or what `done` makes of the result;
    None: say nothing). A refusal or a bad form becomes a message, never a 500."""
    if form.validate_on_submit():
        try:
            result = call()
        except (ServiceError, GameError) as error:
            flash(say(error), "error")
        else:
            message = done(result) if callable(done) else done
            if message is not None:
                flash(message, "ok")
    form_problems(form)


def perform_and_go_back(
    form: ActionForm,
    call: Callable[[], T],
    *,
    done: str | Callable[[T], str | None],
    fallback: str,
) -> Response:
    """`perform`, then back to the form's page (or `fallback` when it names none)."""
    perform(form, call, done=done)
    return back(form.next.data, fallback)
