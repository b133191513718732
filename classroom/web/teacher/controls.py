"""Lesson controls: pause and resume (a group or the whole class), reveal every group's rule,
hint to or end every playing group, and who deals a group's next rounds.
Each view: check the form, call the service, announce."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from flask import flash, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug.wrappers import Response

from classroom.usecases import Change
from classroom.web.auth import login_required
from classroom.web.broadcast import announce, classroom
from classroom.web.teacher import teacher
from classroom.web.teacher.common import attempt, back, form_problems, me, own_class
from classroom.web.teacher.forms import ActionForm, DealerModeForm, HintForm, SwitchForm


@teacher.post("/groups/<int:group_id>/pause")
@login_required
def pause_group(group_id: int) -> Response:
    """Pause one group (no tablet can act) or resume it."""
    form = SwitchForm()
    if form.validate_on_submit():
        change = attempt(lambda: classroom().set_paused(me(), group_id, form.value))
        if change is not None:
            announce(change)
            flash(_("The group is paused.") if form.value else _("The group plays on."), "ok")
    form_problems(form)
    return back(form.next.data, url_for("teacher.index"))


@teacher.post("/classes/<int:class_id>/pause")
@login_required
def pause_class(class_id: int) -> Response:
    """Pause every group of the class, or resume them all."""
    form = SwitchForm()
    page = url_for("teacher.show_class", class_id=class_id)
    if form.validate_on_submit():
        changes = attempt(lambda: classroom().set_class_paused(me(), class_id, form.value))
        if changes is not None:
            for change in changes:
                announce(change)
            flash(_("Every group is paused.") if form.value else _("Every group plays on."), "ok")
    form_problems(form)
    return back(form.next.data, page)


@teacher.post("/classes/<int:class_id>/reveal-all")
@login_required
def reveal_all(class_id: int) -> Response:
    """Show every group's secret rule to its tablets and the projector."""
    form = ActionForm()
    page = url_for("teacher.show_class", class_id=class_id)
    if form.validate_on_submit():
        changes = [_reveal(group.group_id) for group in own_class(class_id).groups]
        for change in filter(None, changes):
            announce(change)
        if any(changes):
            flash(_("Every group's rule is revealed."), "ok")
    form_problems(form)
    return back(form.next.data, page)


@teacher.post("/classes/<int:class_id>/hint")
@login_required
def hint_all(class_id: int) -> Response:
    """The same hint for every group that is playing a round."""
    form = HintForm()
    if form.validate_on_submit():
        _for_each_playing(
            class_id,
            partial(_hint, text=form.text.data),
            lambda n: ngettext("Hint given to %(num)d group.", "Hint given to %(num)d groups.", n),
        )
    form_problems(form)
    return back(form.next.data, url_for("teacher.show_class", class_id=class_id))


@teacher.post("/classes/<int:class_id>/end-rounds")
@login_required
def end_all_rounds(class_id: int) -> Response:
    """End the round of every group that is playing one."""
    form = ActionForm()
    if form.validate_on_submit():
        _for_each_playing(
            class_id,
            lambda group_id: classroom().end_round(me(), group_id),
            lambda n: ngettext("%(num)d round ended.", "%(num)d rounds ended.", n),
        )
    form_problems(form)
    return back(form.next.data, url_for("teacher.show_class", class_id=class_id))


def _hint(group_id: int, *, text: str) -> Change:
    return classroom().give_hint(me(), group_id, text)


def _for_each_playing(
    class_id: int, act: Callable[[int], Change], done: Callable[[int], str]
) -> None:
    """Apply `act` to every group whose round is under way; say how many it reached."""
    playing = [
        group.group_id
        for group in own_class(class_id).groups
        if group.state is not None and not group.state.is_over
    ]
    applied = [c for c in (attempt(partial(act, group_id)) for group_id in playing) if c]
    for change in applied:
        announce(change)
    if applied:
        flash(done(len(applied)), "ok")
    elif not playing:
        flash(_("No group is playing a round."), "error")


@teacher.post("/groups/<int:group_id>/dealer")
@login_required
def dealer_mode(group_id: int) -> Response:
    """The app deals the group's next rounds, or its students take turns (between rounds)."""
    form = DealerModeForm()
    if form.validate_on_submit():
        mode = form.mode.data
        change = attempt(lambda: classroom().set_dealer_mode(me(), group_id, mode))
        if change is not None:
            announce(change)
            flash(
                _("The app deals the next rounds.")
                if mode == "app"
                else _("The students take turns to deal."),
                "ok",
            )
    form_problems(form)
    return back(form.next.data, url_for("teacher.index"))


def _reveal(group_id: int) -> Change | None:
    return attempt(lambda: classroom().set_revealed(me(), group_id, True))
