"""The teacher's account pages: log in, log out, the list of classes."""

from __future__ import annotations

from flask import current_app, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from classroom.web.auth import current_teacher_id, end_session, login_required, start_session
from classroom.web.buttons import safe_next
from classroom.web.context import use_cases
from classroom.web.ratelimit import LoginLimiter
from classroom.web.teacher.blueprint import teacher
from classroom.web.teacher.forms import LoginForm


def _limiter() -> LoginLimiter:
    """The app's limiter: shared through Redis when CLASSROOM_REDIS_URL is set."""
    from classroom.web.ratelimit import login_limiter

    limiter: LoginLimiter | None = current_app.extensions.get("login_limiter")
    if limiter is None:
        limiter = login_limiter(current_app.config)
        current_app.extensions["login_limiter"] = limiter
    return limiter


@teacher.route("/login", methods=["GET", "POST"])
def login() -> str | Response:
    """Log in; failures are limited per address and username."""
    form = LoginForm()
    if form.validate_on_submit():
        address, username = request.remote_addr or "?", form.username.data
        if _limiter().blocked(address, username):
            form.password.errors = [_("Too many failed attempts. Wait a few minutes.")]
            return render_template("teacher/login.html", form=form), 429  # type: ignore[return-value]
        teacher_id = use_cases().teachers.check_login(username, form.password.data)
        if teacher_id is None:
            _limiter().failed(address, username)
            form.password.errors = [_("Wrong username or password.")]
            return render_template("teacher/login.html", form=form), 401  # type: ignore[return-value]
        _limiter().succeeded(address, username)
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
