"""The debrief after a round, for the projector: the rule revealed, the table as cards, and the
students' hypotheses in order with the first correct one marked. The checker's answers on
journal entries are read from its cache: missing ones show "checking..." and are worked out
by the checker's workers, never while the page waits."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask import render_template, url_for

from classroom.core.games.express import Judged
from classroom.projections.debrief import debrief
from classroom.projections.games import views_of
from classroom.projections.journal_view import JournalRecord
from classroom.projections.timeline import final_layout
from classroom.usecases.checks import CheckOutcome
from classroom.web.auth import login_required
from classroom.web.checks import checks
from classroom.web.teacher.blueprint import teacher
from classroom.web.teacher.common import own_group_record
from classroom.web.teacher.curve_page import curve_page, got_it_rule
from classroom.web.teacher.display import game_badge
from classroom.web.teacher.history import chosen_round
from classroom.web.teacher.information_page import information_page
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
        "game_badge": game_badge(round_.mode) if round_ else None,
        "taught": information_page(record, round_) if round_ else None,
    }
    views = views_of(round_.mode) if round_ is not None else None
    if round_ is not None and views is not None and views.story_template:
        # A game with its own story (New Eleusis: prophets, markers, expulsions) tells it.
        context |= {
            "library": library_rule(round_.rule_id),
            "story": views.story(round_),
            "story_template": views.story_template,
        }
    elif round_ is not None:
        # Plain-words rules of student dealers cannot be compared: only guesses can be right.
        secret = round_.rule_text if round_.rule_kind == "language" else ""
        answers = _answers(secret, round_.journal)

        def equivalent(text: str) -> bool | None:
            return _is_same(answers.get(text))

        summary = debrief(round_.events, round_.journal, equivalent=equivalent, times=round_.times)
        context |= {
            "library": library_rule(round_.rule_id),
            "layout": final_layout(round_.events),
            "summary": summary,
            "curve": curve_page(record, round_, equivalent),
            "got_it_rule": got_it_rule(),
            "checks": {
                item.text: _shown(answers.get(item.text))
                for item in summary.items
                if item.kind == "journal" and item.text in answers
            },
            "plays": sum(1 for event in round_.events if isinstance(event, Judged)),
            "last_seq": round_.events[-1].seq if round_.events else 1,
        }
    return render_template("teacher/debrief.html", **context), status


def _answers(secret: str, journal: Iterable[JournalRecord]) -> dict[str, CheckOutcome | None]:
    """The checker's answer on each journal entry so far (None: being checked now)."""
    if not secret:
        return {}
    texts = {record.text for record in journal}
    return {text: checks().request(secret, text, tell=None) for text in texts}


def _is_same(answer: CheckOutcome | None) -> bool | None:
    if answer is None or answer.verdict == "not_a_rule":
        return None
    return answer.verdict == "same"


def _shown(answer: CheckOutcome | None) -> CheckOutcome | str:
    """What the strip shows by a journal entry: the answer, "checking" or "" (not a rule)."""
    if answer is None:
        return "checking"
    return "" if answer.verdict == "not_a_rule" else answer
