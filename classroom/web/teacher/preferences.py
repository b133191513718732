"""The teacher's own language, chosen in the top bar of every teacher page."""

from __future__ import annotations

from flask import flash, make_response
from flask_babel import force_locale
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from classroom.usecases import ServiceError
from classroom.web.auth import login_required, me
from classroom.web.buttons import back, form_problems
from classroom.web.context import use_cases
from classroom.web.i18n import COOKIE, LANGUAGE_NAMES
from classroom.web.messages import say
from classroom.web.teacher.blueprint import teacher
from classroom.web.teacher.forms import AccountLanguageForm


@teacher.post("/language")
@login_required
def set_language() -> Response:
    """Keep the teacher's language (or none: follow the browser) and show the page again in it."""
    form = AccountLanguageForm()
    if not form.validate_on_submit():
        form_problems(form)
        return back(form.next.data)
    chosen = form.account_language.data or None
    try:
        use_cases().preferences.set_teacher_language(me(), chosen)
    except ServiceError as error:
        flash(say(error), "error")
        return back(form.next.data)
    flash(_language_kept(chosen), "ok")
    response = make_response(back(form.next.data))
    # The account's language is the teacher's choice now: a switch made earlier gives way.
    response.delete_cookie(COOKIE)
    return response


def _language_kept(chosen: str | None) -> str:
    """The confirmation, in the language just chosen (it is the one the next page speaks)."""
    if chosen is None:
        return _("Your pages follow your browser's language.")
    with force_locale(chosen):
        return _("Your pages are now in %(language)s.", language=LANGUAGE_NAMES[chosen])
