"""Running one group: its live panel, rounds, hints, the secret rule's reveal, verdicts on
guesses, and the teacher's say over seats. Each view: check the form, call one service,
announce the change, go back to the page the button was on."""

from __future__ import annotations

from flask import abort, flash, render_template, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from classroom.usecases import GroupSnapshot, ServiceError
from classroom.web.auth import login_required
from classroom.web.broadcast import announce, announce_group, classroom
from classroom.web.teacher import teacher
from classroom.web.teacher.common import attempt, back, form_problems, me
from classroom.web.teacher.display import panel
from classroom.web.teacher.forms import ActionForm, HintForm, RenameForm, SwitchForm, VerdictForm


def _own_group(group_id: int) -> tuple[GroupSnapshot, bool]:
    """The group if its class is the teacher's own (else 404), and whether the class ended."""
    try:
        snapshot = classroom().group_snapshot(group_id)
    except ServiceError:
        abort(404)
    for period in classroom().classes_of(me()):
        if period.id == snapshot.class_id:
            return snapshot, period.ended_at is not None
    abort(404)


def _fallback() -> str:
    return url_for("teacher.index")


@teacher.get("/groups/<int:group_id>/panel")
@login_required
def group_panel(group_id: int) -> str:
    """One group's panel alone: the class page swaps it in when the group changes."""
    snapshot, ended = _own_group(group_id)
    return render_template(
        "teacher/_panel.html",
        panel=panel(snapshot, ended=ended),
        here=url_for("teacher.show_class", class_id=snapshot.class_id),
    )


@teacher.post("/groups/<int:group_id>/start")
@login_required
def start_round(group_id: int) -> Response:
    """Deal a new round (3 to 8 players)."""
    form = ActionForm()
    if form.validate_on_submit():
        change = attempt(lambda: classroom().start_round(me(), group_id))
        if change is not None:
            announce(change)
            flash(_("The round has started."), "ok")
    form_problems(form)
    return back(form.next.data, _fallback())


@teacher.post("/groups/<int:group_id>/hint")
@login_required
def give_hint(group_id: int) -> Response:
    """Give the group a hint (logged with the round)."""
    form = HintForm()
    if form.validate_on_submit():
        change = attempt(lambda: classroom().give_hint(me(), group_id, form.text.data))
        if change is not None:
            announce(change)
            flash(_("Hint given."), "ok")
    form_problems(form)
    return back(form.next.data, _fallback())


@teacher.post("/groups/<int:group_id>/reveal")
@login_required
def reveal_rule(group_id: int) -> Response:
    """Show the secret rule to the group's tablets and the projector (or hide it again)."""
    form = SwitchForm()
    if form.validate_on_submit():
        change = attempt(lambda: classroom().set_revealed(me(), group_id, form.value))
        if change is not None:
            announce(change)
            flash(_("The rule is revealed.") if form.value else _("The rule is hidden."), "ok")
    form_problems(form)
    return back(form.next.data, _fallback())


@teacher.post("/groups/<int:group_id>/end")
@login_required
def end_round(group_id: int) -> Response:
    """End the group's round now; it is scored as it stands."""
    form = ActionForm()
    if form.validate_on_submit():
        change = attempt(lambda: classroom().end_round(me(), group_id))
        if change is not None:
            announce(change)
            flash(_("The round has ended."), "ok")
    form_problems(form)
    return back(form.next.data, _fallback())


@teacher.post("/groups/<int:group_id>/judge")
@login_required
def judge_guess(group_id: int) -> Response:
    """Right or wrong for the pending guess the page showed (not a newer one)."""
    form = VerdictForm()
    if form.validate_on_submit():
        state = _own_group(group_id)[0].state
        shown = form.guess.data
        if state is None or state.phase != "judging_guess" or len(state.guesses) - 1 != shown:
            flash(_("That guess has already been judged."), "error")
            return back(form.next.data, _fallback())
        right = form.right.data == "1"
        change = attempt(lambda: classroom().judge_guess(me(), group_id, right))
        if change is not None:
            announce(change)
            flash(_("Right! The round is over.") if right else _("Judged wrong."), "ok")
    form_problems(form)
    return back(form.next.data, _fallback())


@teacher.post("/seats/<int:seat_id>/rename")
@login_required
def rename_seat(seat_id: int) -> Response:
    """Give a student another nickname."""
    form = RenameForm()
    if form.validate_on_submit():
        group_id = attempt(lambda: classroom().rename_seat(me(), seat_id, form.nickname.data))
        if group_id is not None:
            announce_group(group_id)
            flash(_("Renamed to %(name)s.", name=form.nickname.data.strip()), "ok")
    form_problems(form)
    return back(form.next.data, _fallback())


@teacher.post("/seats/<int:seat_id>/remove")
@login_required
def remove_seat(seat_id: int) -> Response:
    """Remove a student (not while they hold cards in a running round)."""
    form = ActionForm()
    if form.validate_on_submit():
        change = attempt(lambda: classroom().remove_seat(me(), seat_id))
        if change is not None:
            announce(change)
            flash(_("The student was removed."), "ok")
    form_problems(form)
    return back(form.next.data, _fallback())
