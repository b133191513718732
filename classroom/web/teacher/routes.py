"""The teacher's account pages: log in, log out, the list of classes."""

from __future__ import annotations

from flask import redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from classroom.web.auth import current_teacher_id, end_session, login_required, start_session
from classroom.web.buttons import safe_next
from classroom.web.context import use_cases
from classroom.web.ratelimit import login_limiter
from classroom.web.teacher.blueprint import teacher
from classroom.web.teacher.forms import LoginForm


@teacher.route("/login", methods=["GET", "POST"])
def login() -> str | Response:
    """Log in; failures are limited per address and username."""
    form = LoginForm()
    if form.validate_on_submit():
        address, username = request.remote_addr or "?", form.username.data
        attempt = login_limiter().attempt(address, username)
        if attempt is None:
            form.password.errors = [_("Too many failed attempts. Wait a few minutes.")]
            return render_template("teacher/login.html", form=form), 429  # type: ignore[return-value]
        try:
            teacher_id = use_cases().teachers.check_login(username, form.password.data)
        except BaseException:
            attempt.give_back()  # not a failure: the password was never checked
            raise
        if teacher_id is None:
            form.password.errors = [_("Wrong username or password.")]
            return render_template("teacher/login.html", form=form), 401  # type: ignore[return-value]
        login_limiter().succeeded(attempt, address, username)
        start_session(teacher_id)
        return redirect(safe_next(request.args.get("next")))
    return render_template("teacher/login.html", form=form)


@teacher.post("/logout")
@login_required
def logout() -> Response:
    """Log out: this session, and every other one of this teacher, ends on the server too."""
    end_session()
    return redirect(url_for("teacher.login"))


@teacher.get("/")
@login_required
def index() -> str:
    """The teacher's classes."""
    teacher_id = current_teacher_id()
    assert teacher_id is not None
    return render_template("teacher/index.html", classes=use_cases().classes.classes_of(teacher_id))
