"""Setting up a class: its groups, a secret rule for each (library or written), house options."""

from __future__ import annotations

from typing import Any

from flask import flash, redirect, render_template, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from werkzeug.wrappers import Response
from wtforms import SelectChoice

from classroom.core.games.express import Options
from classroom.core.rules import RuleError, compile_rule
from classroom.core.rules.library import (
    CONCEPT_NAMES,
    CONCEPTS,
    DIFFICULTIES,
    LibraryRule,
    filter_rules,
)
from classroom.usecases import GroupSetup
from classroom.usecases.classes import AWAY_SECONDS_DEFAULT, MAX_GROUPS
from classroom.usecases.names import friendly_group_names
from classroom.web.auth import login_required, me
from classroom.web.context import use_cases
from classroom.web.i18n import account_language
from classroom.web.messages import say
from classroom.web.teacher.blueprint import teacher
from classroom.web.teacher.common import attempt
from classroom.web.teacher.forms import ClassForm, GroupCountForm, GroupForm
from classroom.web.teacher.rulecheck import library, library_entry, library_rule, rule_report

DEFAULT_GROUPS = 4


@teacher.route("/classes/new", methods=["GET", "POST"])
@login_required
def new_class() -> tuple[str, int] | Response:
    """The class form; ?groups=N sets the number of rows, ?difficulty= and ?concept= filter
    the library pickers (all of it works without JavaScript)."""
    filters = _filters()
    count, status = _row_count(filters)
    form = ClassForm()
    if request.method == "GET":
        _fill_rows(form, count)
        form.language.data = _default_language()
    elif form.validate_on_submit():
        setups = group_setups(form)
        if setups is not None:
            class_id = _create(form, setups)
            if class_id is not None:
                flash(_("The class is ready. Show the join code to your students."), "ok")
                return redirect(url_for("teacher.show_class", class_id=class_id))
        status = 400
    else:
        status = 400
    return render_template("teacher/new_class.html", **_page(form, filters)), status


def _create(form: ClassForm, setups: list[GroupSetup]) -> int | None:
    """The new class's id; None (and the reason flashed) when the use case refused it."""
    options = Options(
        wrong_guess_penalty=bool(form.wrong_guess_penalty.data), stock_out=form.stock_out.data
    )
    reveal = bool(form.reveal_after_guess.data)
    # A form sent without the language field gets the default language.
    language = form.language.data or _default_language()
    seconds = form.predict_seconds.data or 5
    return attempt(
        lambda: use_cases().classes.create_class(
            me(),
            form.name.data,
            setups,
            options,
            reveal_after_guess=reveal,
            language=language,
            everyone_predicts=bool(form.everyone_predicts.data),
            predict_seconds=seconds,
            ne_sudden_death=form.ne_sudden_death.data or "abbott",
            ne_first_player=form.ne_first_player.data or "count",
            away_seconds=_away_seconds(form),
        )
    )


def _away_seconds(form: ClassForm) -> int:
    """The form's away time; blank: the default (0 is a choice: at once)."""
    seconds = form.away_seconds.data
    return AWAY_SECONDS_DEFAULT if seconds is None else seconds


def group_setups(form: ClassForm) -> list[GroupSetup] | None:
    """Each row's rule, checked (compiled, or found in the library); None if any row is wrong,
    with the errors on the rows."""
    setups: list[GroupSetup] = []
    for row in form.groups:
        group: GroupForm = row.form
        name = group.name.data or ""
        if group.source.data == "custom":
            try:
                rule = compile_rule(group.custom_rule.data or "")
            except RuleError as error:
                group.custom_rule.errors = [
                    _(
                        "Line %(line)d, column %(column)d: %(message)s",
                        line=error.line,
                        column=error.column,
                        message=say(error.message),
                    )
                ]
                group.rule_excerpt = error.excerpt
                continue
            setups.append(GroupSetup(name, str(rule), mode=_game(group)))
            continue
        chosen = library_rule(group.library_rule.data)
        if chosen is None:
            group.library_rule.errors = [_("Choose a rule from the library.")]
            continue
        setups.append(GroupSetup(name, chosen.rule_text, rule_id=chosen.id, mode=_game(group)))
    return setups if len(setups) == len(form.groups.entries) else None


def _game(group: GroupForm) -> str:
    """The row's game; a form sent without it (an older page) plays Express."""
    return group.game.data or "express"


def _default_language() -> str:
    """A new class speaks its teacher's language, else the one this page is read in."""
    locale = get_locale()
    return account_language() or (locale.language if locale is not None else "en")


def _filters() -> GroupCountForm:
    filters = GroupCountForm(request.args)
    filters.difficulty.choices = [SelectChoice("", _("Any difficulty"))] + [
        SelectChoice(str(n), _("Difficulty %(n)d", n=n)) for n in DIFFICULTIES
    ]
    filters.concept.choices = [SelectChoice("", _("Any concept"))] + [
        SelectChoice(c, say(CONCEPT_NAMES[c])) for c in CONCEPTS
    ]
    return filters


def _row_count(filters: GroupCountForm) -> tuple[int, int]:
    """The number of rows to show and the page's status (400 when ?groups= is out of range)."""
    if "groups" not in request.args:
        filters.groups.data = DEFAULT_GROUPS
        return DEFAULT_GROUPS, 200
    if filters.groups.validate(filters):
        return int(filters.groups.data), 200
    wanted = filters.groups.data
    count = min(max(wanted, 1), MAX_GROUPS) if isinstance(wanted, int) else DEFAULT_GROUPS
    filters.groups.errors = [_("A class has 1 to %(n)d groups.", n=MAX_GROUPS)]
    return count, 400


def _fill_rows(form: ClassForm, count: int) -> None:
    first = library()[0].id
    for name in friendly_group_names(count):
        form.groups.append_entry({"name": say(name), "source": "library", "library_rule": first})


def _listed(filters: GroupCountForm) -> tuple[LibraryRule, ...]:
    """The library rules the pickers list under the chosen filters (unknown values: no filter)."""
    difficulty = filters.difficulty.data or ""
    concept = filters.concept.data or ""
    return filter_rules(
        library(),
        difficulty=int(difficulty) if difficulty in {str(n) for n in DIFFICULTIES} else None,
        concept=concept if concept in CONCEPTS else None,
    )


def _choice(rule: LibraryRule) -> SelectChoice:
    if rule.bad_design:
        label = _(
            "%(title)s (difficulty %(n)d, a poor rule on purpose)",
            title=rule.title,
            n=rule.difficulty,
        )
    else:
        label = _("%(title)s (difficulty %(n)d)", title=rule.title, n=rule.difficulty)
    return SelectChoice(rule.id, label)


def _page(form: ClassForm, filters: GroupCountForm) -> dict[str, Any]:
    """The template's context: pickers limited to the filter (plus each row's own choice), the
    selected library rule's figures, and the live-check result of each written rule."""
    listed = _listed(filters)
    infos, reports = [], []
    for row in form.groups:
        group: GroupForm = row.form
        chosen = library_rule(group.library_rule.data)
        shown = listed if chosen is None or chosen in listed else (chosen, *listed)
        group.library_rule.choices = [_choice(rule) for rule in shown]
        infos.append(library_entry(chosen, figures=True) if chosen else None)
        text = (group.custom_rule.data or "").strip()
        written = group.source.data == "custom" and text and not group.rule_excerpt
        reports.append(rule_report(text) if written else None)
    return {
        "form": form,
        "filters": filters,
        "rows": list(zip(form.groups, infos, reports, strict=True)),
        "friendly_names": [say(name) for name in friendly_group_names(MAX_GROUPS)],
        "max_groups": MAX_GROUPS,
    }
