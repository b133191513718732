"""Practice alone: a teacher's practice link opens a table of the student's own, with two
robot players and the app as dealer; at the end of a round the student deals the next."""

from __future__ import annotations

from flask import make_response, redirect, render_template, session, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response

from classroom.usecases import PracticeInvitation, ServiceError
from classroom.web.context import use_cases
from classroom.web.i18n import speak
from classroom.web.messages import say
from classroom.web.quotas import Refusal
from classroom.web.ratelimit import browser_key, practice_table
from classroom.web.robot_names import ROBOT_EXPLAINED, ROBOT_LABELS, robot_namer
from classroom.web.student.blueprint import student
from classroom.web.student.forms import PracticeForm

#: Why no practice table was opened, by the limit that had no room.
_WAIT_MESSAGES = {
    "browser": _l(
        "You have opened many practice tables in the last hour. Go on with the one you have, "
        "or try again later."
    ),
    "net": _l("Many practice tables were opened from this network. Try again later."),
}


def _invitation(token: str) -> PracticeInvitation | None:
    """The link's invitation, the page speaking its class's language unless the reader chose."""
    try:
        invitation = use_cases().practice.invitation(token)
    except ServiceError:
        return None
    speak(invitation.language)
    return invitation


def _page(token: str, invitation: PracticeInvitation | None, form: PracticeForm) -> str:
    robots = [
        (str(ROBOT_LABELS[kind]), str(ROBOT_EXPLAINED[kind]))
        for kind in (invitation.robots if invitation else ())
    ]
    return render_template(
        "student/practice.html", token=token, invitation=invitation, form=form, robots=robots
    )


@student.get("/practice/<token>")
def practice(token: str) -> Response:
    """What a practice table is, and the button that opens one."""
    invitation = _invitation(token)
    browser_key()  # the browser's id goes out with the page: its limit is its own
    page = _page(token, invitation, PracticeForm(formdata=None))
    return make_response(page, 200 if invitation else 404)


@student.post("/practice/<token>")
def open_practice(token: str) -> Response:
    """Open the student's practice table and go to it."""
    invitation = _invitation(token)
    form = PracticeForm()
    if invitation is None or not form.validate_on_submit():
        return make_response(_page(token, invitation, form), 404 if invitation is None else 400)
    claim = practice_table()
    if isinstance(claim, Refusal):
        form.nickname.errors = [str(_WAIT_MESSAGES[claim.limit.key.split(":")[1]])]
        response = make_response(_page(token, invitation, form), 429)
        response.headers["Retry-After"] = str(int(claim.limit.window))
        return response
    locale = get_locale()
    language = locale.language if locale is not None else "en"
    try:
        _seat, seat_token = use_cases().practice.open_table(
            token,
            (form.nickname.data or "").strip() or _("Scientist"),
            table_name=_("Practice"),
            language=language,
            name=robot_namer(language),
        )
    except ServiceError as error:
        claim.give_back()  # no table was opened
        form.nickname.errors = [say(error)]
        return make_response(_page(token, invitation, form), 400)
    except BaseException:
        claim.give_back()
        raise
    session["play_token"] = seat_token
    return redirect(url_for("student.play"))


@student.post("/practice/next-round")
def next_practice_round() -> Response:
    """Deal the practice table's next round (a new rule), then back to the table."""
    form = PracticeForm()
    if form.validate_on_submit():
        try:
            seats = use_cases().seats
            use_cases().practice.next_round(seats.seat_by_token(session.get("play_token", "")))
        except ServiceError:
            pass  # the round still runs, or the seat is gone: the table page says which
    return redirect(url_for("student.play"))
