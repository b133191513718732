"""A class as the teacher runs it: the join code and QR, the groups' panels, pending guesses,
and what acts on the whole class (lock joining, start all, end, delete)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from classroom.core.games.errors import GameError
from classroom.core.games.registry import find_game
from classroom.usecases import ClassSnapshot, ServiceError
from classroom.web.auth import login_required, me
from classroom.web.buttons import ActionForm, SwitchForm, back, form_problems
from classroom.web.context import use_cases
from classroom.web.i18n import LANGUAGE_NAMES
from classroom.web.links import join_url, join_warning
from classroom.web.messages import say
from classroom.web.presence import offline_since, online
from classroom.web.qr import qr_svg, qr_svg_document
from classroom.web.teacher.actions import perform
from classroom.web.teacher.blueprint import teacher
from classroom.web.teacher.common import own_class, succeeded
from classroom.web.teacher.display import STARTABLE, panel, pending_guesses
from classroom.web.teacher.forms import ClassLanguageForm
from classroom.web.teacher.practice import practice_section
from classroom.web.teacher.predicting import predictions_form
from classroom.web.teacher.settling import away_form

SOCKET_CLIENT = Path("vendor") / "socket.io.min.js"


def _class_page(snapshot: ClassSnapshot) -> dict[str, Any]:
    """What the class page and its fragments show."""
    url = join_url(snapshot.join_code)
    seats_online = online()
    offline = offline_since()
    static = Path(current_app.static_folder or "")
    return {
        "period": snapshot,
        "here": url_for("teacher.show_class", class_id=snapshot.class_id),
        "join_url": url,
        "join_warning": join_warning(),
        "qr": qr_svg(url, label=_("QR code of %(url)s", url=url)),
        "panels": [
            panel(group, ended=snapshot.ended, online=seats_online, offline_since=offline)
            for group in snapshot.groups
        ],
        "pending": pending_guesses(snapshot.groups),
        "socket_client": (static / SOCKET_CLIENT).is_file(),
        "language_form": ClassLanguageForm(language=snapshot.language, formdata=None),
        "predict_form": predictions_form(snapshot.everyone_predicts, snapshot.predict_seconds),
        "away_form": away_form(snapshot.away_seconds),
        "not_predicting": tables_without_predictions(snapshot),
        **practice_section(snapshot.class_id),
    }


def tables_without_predictions(snapshot: ClassSnapshot) -> list[str]:
    """The groups whose game (this round's or the next one's) has no predictions: with
    everyone predicts on, the class page names them, so no teacher waits for forecasts there."""
    if not snapshot.everyone_predicts:
        return []
    return [
        group.group_name
        for group in snapshot.groups
        if not (find_game(group.mode).predictions and find_game(group.next_mode).predictions)
    ]


@teacher.get("/classes/<int:class_id>")
@login_required
def show_class(class_id: int) -> str:
    """The class page: join code, QR, pending guesses, and one live panel per group."""
    return render_template("teacher/class.html", **_class_page(own_class(class_id)))


@teacher.get("/classes/<int:class_id>/qr.svg")
@login_required
def class_qr(class_id: int) -> Response:
    """The join URL as a QR code, to print or to open in a new tab."""
    document = qr_svg_document(join_url(own_class(class_id).join_code))
    return Response(document, mimetype="image/svg+xml")


@teacher.get("/classes/<int:class_id>/guesses")
@login_required
def guesses(class_id: int) -> str:
    """Guesses waiting for a verdict; ?fragment=1 gives only the list, for live refreshes."""
    snapshot = own_class(class_id)
    pending = pending_guesses(snapshot.groups)
    if request.args.get("fragment"):
        # Fetched by the class page: verdicts go back there.
        here = url_for("teacher.show_class", class_id=class_id)
        return render_template("teacher/_guesses.html", pending=pending, here=here)
    here = url_for("teacher.guesses", class_id=class_id)
    return render_template("teacher/guesses.html", period=snapshot, pending=pending, here=here)


@teacher.post("/classes/<int:class_id>/lock")
@login_required
def lock_joining(class_id: int) -> Response:
    """Close joining (or open it again)."""
    form = SwitchForm()
    perform(
        form,
        lambda: use_cases().classes.set_joining_locked(me(), class_id, form.value),
        done=_("Joining is closed.") if form.value else _("Joining is open."),
    )
    # A bad form goes back to the teacher's classes when it names no page.
    page = None if form.errors else url_for("teacher.show_class", class_id=class_id)
    return back(form.next.data, page)


@teacher.post("/classes/<int:class_id>/language")
@login_required
def set_class_language(class_id: int) -> Response:
    """The language the class's tablets, projector, debrief and printouts speak from now on."""
    form = ClassLanguageForm()
    language = form.language.data or ""
    perform(
        form,
        lambda: use_cases().classes.set_class_language(me(), class_id, language),
        done=_("The class now speaks %(language)s.", language=LANGUAGE_NAMES.get(language, "")),
    )
    return back(form.next.data, url_for("teacher.show_class", class_id=class_id))


@teacher.post("/classes/<int:class_id>/start-all")
@login_required
def start_all(class_id: int) -> Response:
    """Deal a round in every group that is not playing; say which could not start and why."""
    form = ActionForm()
    page = url_for("teacher.show_class", class_id=class_id)
    if not form.validate_on_submit():
        form_problems(form)
        return back(page)
    started, refused = [], []
    for group in own_class(class_id).groups:
        state = group.state
        if state is not None and state.phase not in STARTABLE:
            continue
        try:
            use_cases().rounds.start_round(me(), group.group_id)
        except (ServiceError, GameError) as error:
            refused.append(say(error))
            continue
        started.append(group.group_name)
    if started:
        flash(_("Round started in: %(groups)s.", groups=", ".join(started)), "ok")
    for reason in refused:
        flash(_("Not started: %(reason)s", reason=reason), "error")
    if not started and not refused:
        flash(_("Every group is already playing."), "ok")
    return back(page)


@teacher.post("/classes/<int:class_id>/end")
@login_required
def end_class(class_id: int) -> Response:
    """End the class: no more joining or playing; the data stays until the class is deleted."""
    perform(
        ActionForm(),
        lambda: use_cases().classes.end_class(me(), class_id),
        done=_("The class has ended."),
    )
    return redirect(url_for("teacher.show_class", class_id=class_id))


@teacher.route("/classes/<int:class_id>/delete", methods=["GET", "POST"])
@login_required
def delete_class(class_id: int) -> str | Response:
    """Ask first; then delete the class and everything recorded about it."""
    snapshot = own_class(class_id)
    form = ActionForm()
    if form.validate_on_submit():
        if succeeded(lambda: use_cases().classes.delete_class(me(), class_id)):
            flash(_("%(name)s and all its data are deleted.", name=snapshot.name), "ok")
            return redirect(url_for("teacher.index"))
        return back(url_for("teacher.show_class", class_id=class_id))
    return render_template("teacher/delete.html", period=snapshot, form=form)
