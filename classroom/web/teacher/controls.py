"""Lesson controls: pause and resume (a group or the whole class), reveal every group's rule,
hint to or end every playing group, and who deals a group's next rounds.
Each view: check the form, call the service (its effects tell every open page)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from flask import flash, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug.wrappers import Response

from classroom.core.games.registry import find_game
from classroom.usecases import Change
from classroom.web.auth import login_required, me
from classroom.web.buttons import ActionForm, SwitchForm
from classroom.web.context import use_cases
from classroom.web.messages import say
from classroom.web.teacher.actions import perform_and_go_back
from classroom.web.teacher.blueprint import teacher
from classroom.web.teacher.common import attempt, own_class
from classroom.web.teacher.forms import DealerModeForm, GameForm, HintForm


@teacher.post("/groups/<int:group_id>/pause")
@login_required
def pause_group(group_id: int) -> Response:
    """Pause one group (no tablet can act) or resume it."""
    form = SwitchForm()
    return perform_and_go_back(
        form,
        lambda: use_cases().lesson.set_paused(me(), group_id, form.value),
        done=_("The group is paused.") if form.value else _("The group plays on."),
        fallback=url_for("teacher.index"),
    )


@teacher.post("/classes/<int:class_id>/pause")
@login_required
def pause_class(class_id: int) -> Response:
    """Pause every group of the class, or resume them all."""
    form = SwitchForm()
    return perform_and_go_back(
        form,
        lambda: use_cases().lesson.set_class_paused(me(), class_id, form.value),
        done=_("Every group is paused.") if form.value else _("Every group plays on."),
        fallback=url_for("teacher.show_class", class_id=class_id),
    )


@teacher.post("/classes/<int:class_id>/reveal-all")
@login_required
def reveal_all(class_id: int) -> Response:
    """Show every group's secret rule to its tablets and the projector."""
    return perform_and_go_back(
        ActionForm(),
        lambda: _each(_reveal, [group.group_id for group in own_class(class_id).groups]),
        done=lambda revealed: _("Every group's rule is revealed.") if revealed else None,
        fallback=url_for("teacher.show_class", class_id=class_id),
    )


@teacher.post("/classes/<int:class_id>/hint")
@login_required
def hint_all(class_id: int) -> Response:
    """The same hint for every group that is playing a round."""
    form = HintForm()
    return perform_and_go_back(
        form,
        lambda: _each(partial(_hint, text=form.text.data), _playing(class_id)),
        done=_reached(
            lambda n: ngettext("Hint given to %(num)d group.", "Hint given to %(num)d groups.", n)
        ),
        fallback=url_for("teacher.show_class", class_id=class_id),
    )


@teacher.post("/classes/<int:class_id>/end-rounds")
@login_required
def end_all_rounds(class_id: int) -> Response:
    """End the round of every group that is playing one."""
    return perform_and_go_back(
        ActionForm(),
        lambda: _each(
            lambda group_id: use_cases().rounds.end_round(me(), group_id), _playing(class_id)
        ),
        done=_reached(lambda n: ngettext("%(num)d round ended.", "%(num)d rounds ended.", n)),
        fallback=url_for("teacher.show_class", class_id=class_id),
    )


@teacher.post("/groups/<int:group_id>/dealer")
@login_required
def dealer_mode(group_id: int) -> Response:
    """The app deals the group's next rounds, or its students take turns (between rounds)."""
    form = DealerModeForm()
    return perform_and_go_back(
        form,
        lambda: use_cases().lesson.set_dealer_mode(me(), group_id, form.mode.data),
        done=(
            _("The app deals the next rounds.")
            if form.mode.data == "app"
            else _("The students take turns to deal.")
        ),
        fallback=url_for("teacher.index"),
    )


@teacher.post("/groups/<int:group_id>/game")
@login_required
def game(group_id: int) -> Response:
    """The game of the group's next rounds, any registered game (between rounds)."""
    form = GameForm()
    return perform_and_go_back(
        form,
        lambda: use_cases().lesson.set_mode(me(), group_id, form.mode.data),
        done=lambda _change: _(
            "The next rounds are %(game)s.", game=say(find_game(form.mode.data).title)
        ),
        fallback=url_for("teacher.index"),
    )


def _hint(group_id: int, *, text: str) -> Change:
    return use_cases().rounds.give_hint(me(), group_id, text)


def _reveal(group_id: int) -> Change:
    return use_cases().rounds.set_revealed(me(), group_id, True)


def _playing(class_id: int) -> list[int]:
    """The groups whose round is under way; the teacher is told when there is none."""
    playing = [
        group.group_id
        for group in own_class(class_id).groups
        if (state := group.state) is not None and not state.is_over
    ]
    if not playing:
        flash(_("No group is playing a round."), "error")
    return playing


def _each(act: Callable[[int], Change], group_ids: list[int]) -> list[Change]:
    """Apply `act` to each group; a refusal becomes a message and the other groups go on."""
    return [change for change in (attempt(partial(act, g)) for g in group_ids) if change]


def _reached(done: Callable[[int], str]) -> Callable[[list[Change]], str | None]:
    """The message saying how many groups an action reached (none: no message)."""
    return lambda applied: done(len(applied)) if applied else None
