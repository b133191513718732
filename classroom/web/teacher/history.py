"""What happened in a class: the totals across rounds, and one round's timeline."""

from __future__ import annotations

from flask import abort, render_template, request, url_for
from flask_babel import gettext as _

from classroom.projections.class_record import GroupRecord, RoundRecord
from classroom.projections.timeline import timeline
from classroom.usecases import ServiceError
from classroom.web.auth import login_required, me
from classroom.web.context import use_cases
from classroom.web.teacher.blueprint import teacher
from classroom.web.teacher.common import own_class, own_group_record
from classroom.web.teacher.display import game_badge
from classroom.web.teacher.rulecheck import library_rule


def chosen_round(record: GroupRecord) -> tuple[RoundRecord | None, str | None, int]:
    """The round `?round=N` names (default: the latest), or a message and the page's status."""
    wanted = request.args.get("round")
    if wanted is None or wanted == "":
        found = record.round(None)
        return found, None if found else _("This group has not played a round yet."), 200
    if not wanted.isdigit() or len(wanted) > 6:
        return None, _("A round is a number, like 1 or 2."), 400
    found = record.round(int(wanted))
    if found is None:
        return None, _("This group has no round %(n)s.", n=wanted), 404
    return found, None, 200


@teacher.get("/classes/<int:class_id>/totals")
@login_required
def class_totals(class_id: int) -> str:
    """Every group's finished rounds: scores per student, the dealer's, and the totals."""
    snapshot = own_class(class_id)
    try:
        groups = use_cases().lesson.class_totals(me(), class_id)
    except ServiceError:
        abort(404)
    tables = []
    for group in groups:
        names = list(group.totals)
        for round_ in group.rounds:
            for name in [*round_.scores, round_.dealer]:
                if name is not None and name not in names:
                    names.append(name)
        tables.append((group, names))
    return render_template("teacher/totals.html", period=snapshot, tables=tables)


@teacher.get("/groups/<int:group_id>/timeline")
@login_required
def group_timeline(group_id: int) -> tuple[str, int]:
    """One round of a group, moment by moment: plays, verdicts, guesses, hints, journals."""
    record = own_group_record(group_id)
    round_, problem, status = chosen_round(record)
    page = render_template(
        "teacher/timeline.html",
        group=record,
        round=round_,
        problem=problem,
        moments=timeline(round_) if round_ else [],
        game_badge=game_badge(round_.mode) if round_ else None,
        library=library_rule(round_.rule_id) if round_ else None,
        class_page=url_for("teacher.show_class", class_id=record.class_id),
    )
    return page, status
