"""The debrief after a round, for the projector: the rule revealed, the table as cards, and the
students' hypotheses in order with the first correct one marked."""

from __future__ import annotations

from typing import Any

from flask import render_template, url_for

from classroom.core.game import Judged
from classroom.projections.debrief import debrief
from classroom.projections.timeline import final_layout
from classroom.web.auth import login_required
from classroom.web.teacher.blueprint import teacher
from classroom.web.teacher.common import own_group_record
from classroom.web.teacher.history import chosen_round
from classroom.web.teacher.rulecheck import library_rule


@teacher.get("/groups/<int:group_id>/debrief")
@login_required
def group_debrief(group_id: int) -> tuple[str, int]:
    """One round's debrief, in type big enough for the back of the room."""
    record = own_group_record(group_id)
    round_, problem, status = chosen_round(record)
    context: dict[str, Any] = {
        "group": record,
        "round": round_,
        "problem": problem,
        "class_page": url_for("teacher.show_class", class_id=record.class_id),
    }
    if round_ is not None:
        # Plain-words rules of student dealers cannot be compared: only guesses can be right.
        secret = round_.rule_text if round_.rule_kind == "language" else ""
        context |= {
            "library": library_rule(round_.rule_id),
            "layout": final_layout(round_.events),
            "summary": debrief(round_.events, round_.journal, secret, times=round_.times),
            "plays": sum(1 for event in round_.events if isinstance(event, Judged)),
            "last_seq": round_.events[-1].seq if round_.events else 1,
        }
    return render_template("teacher/debrief.html", **context), status
