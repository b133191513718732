"""Running one group: its live panel, rounds, hints, the secret rule's reveal, verdicts on
guesses, and the teacher's say over seats. Each view: check the form, call one service
(whose effects tell every open page), go back to the page the button was on."""

from __future__ import annotations

from flask import abort, render_template, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from classroom.usecases import Change, GroupSnapshot, Invalid, ServiceError
from classroom.web.auth import login_required, me
from classroom.web.buttons import ActionForm, SwitchForm
from classroom.web.context import use_cases
from classroom.web.presence import offline_since, online
from classroom.web.robot_names import ROBOT_LABELS, robot_namer
from classroom.web.teacher.actions import perform_and_go_back
from classroom.web.teacher.blueprint import teacher
from classroom.web.teacher.display import panel
from classroom.web.teacher.forms import HintForm, RenameForm, RobotForm, SkipForm, VerdictForm


def _own_group(group_id: int) -> tuple[GroupSnapshot, bool]:
    """The group if its class is the teacher's own (else 404), and whether the class ended."""
    try:
        snapshot = use_cases().reading.group_snapshot(group_id)
    except ServiceError:
        abort(404)
    for period in use_cases().classes.classes_of(me()):
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
        panel=panel(snapshot, ended=ended, online=online(), offline_since=offline_since()),
        here=url_for("teacher.show_class", class_id=snapshot.class_id),
    )


@teacher.post("/groups/<int:group_id>/start")
@login_required
def start_round(group_id: int) -> Response:
    """Deal a new round (3 to 8 players)."""
    return perform_and_go_back(
        ActionForm(),
        lambda: use_cases().rounds.start_round(me(), group_id),
        done=_("The round has started."),
        fallback=_fallback(),
    )


@teacher.post("/groups/<int:group_id>/hint")
@login_required
def give_hint(group_id: int) -> Response:
    """Give the group a hint (logged with the round)."""
    form = HintForm()
    return perform_and_go_back(
        form,
        lambda: use_cases().rounds.give_hint(me(), group_id, form.text.data),
        done=_("Hint given."),
        fallback=_fallback(),
    )


@teacher.post("/groups/<int:group_id>/reveal")
@login_required
def reveal_rule(group_id: int) -> Response:
    """Show the secret rule to the group's tablets and the projector (or hide it again)."""
    form = SwitchForm()
    return perform_and_go_back(
        form,
        lambda: use_cases().rounds.set_revealed(me(), group_id, form.value),
        done=_("The rule is revealed.") if form.value else _("The rule is hidden."),
        fallback=_fallback(),
    )


@teacher.post("/groups/<int:group_id>/end")
@login_required
def end_round(group_id: int) -> Response:
    """End the group's round now; it is scored as it stands."""
    return perform_and_go_back(
        ActionForm(),
        lambda: use_cases().rounds.end_round(me(), group_id),
        done=_("The round has ended."),
        fallback=_fallback(),
    )


@teacher.post("/groups/<int:group_id>/skip")
@login_required
def skip_turn(group_id: int) -> Response:
    """Skip the turn of an absent student (the page names the seat whose turn it showed)."""
    form = SkipForm()
    return perform_and_go_back(
        form,
        lambda: use_cases().rounds.skip_turn(me(), group_id, form.seat.data),
        done=_("Turn skipped: the next student plays."),
        fallback=_fallback(),
    )


@teacher.post("/groups/<int:group_id>/judge")
@login_required
def judge_guess(group_id: int) -> Response:
    """Right or wrong for the pending guess the page showed (not a newer one)."""
    form = VerdictForm()
    return perform_and_go_back(
        form,
        lambda: _judge(group_id, form),
        done=_("Right! The round is over.") if _right(form) else _("Judged wrong."),
        fallback=_fallback(),
    )


def _right(form: VerdictForm) -> bool:
    return form.right.data == "1"


def _judge(group_id: int, form: VerdictForm) -> Change:
    """Judge the guess the page showed; Invalid when it is no longer the pending one."""
    state = _own_group(group_id)[0].state
    shown = form.guess.data
    if state is None or state.phase != "judging_guess" or len(state.guesses) - 1 != shown:
        raise Invalid(_("That guess has already been judged."))
    return use_cases().rounds.judge_guess(me(), group_id, _right(form))


@teacher.post("/seats/<int:seat_id>/rename")
@login_required
def rename_seat(seat_id: int) -> Response:
    """Give a student another nickname."""
    form = RenameForm()
    return perform_and_go_back(
        form,
        lambda: use_cases().seats.rename_seat(me(), seat_id, form.nickname.data),
        done=lambda _result: _("Renamed to %(name)s.", name=form.nickname.data.strip()),
        fallback=_fallback(),
    )


@teacher.post("/seats/<int:seat_id>/remove")
@login_required
def remove_seat(seat_id: int) -> Response:
    """Remove a student, even mid-round: their hand goes back under the stock."""
    return perform_and_go_back(
        ActionForm(),
        lambda: use_cases().seats.remove_seat(me(), seat_id),
        done=_("The student was removed."),
        fallback=_fallback(),
    )


@teacher.post("/groups/<int:group_id>/robots")
@login_required
def add_robot(group_id: int) -> Response:
    """Seat a robot player at the group's table, named in its class's language."""
    snapshot, _ended = _own_group(group_id)
    language = use_cases().reading.class_snapshot(me(), snapshot.class_id).language
    form = RobotForm()
    kind = form.kind.data or ""
    return perform_and_go_back(
        form,
        lambda: use_cases().robots.add_robot(me(), group_id, kind, robot_namer(language)),
        done=lambda _seat: _(
            "A robot player joined: %(robot)s.", robot=str(ROBOT_LABELS.get(kind, kind))
        ),
        fallback=_fallback(),
    )
