"""Rules as the teacher's pages report them: compile errors with a caret, figures, examples,
library entries, and the checker's verdict on a guess written in the rule language (read from
the checks' cache: a page never waits for the checker)."""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from flask import current_app, jsonify
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response

from classroom.core.rules import Rule, RuleError, compile_rule
from classroom.core.rules.analysis import RuleAnalysis, analyze
from classroom.core.rules.library import LibraryRule, load_library, localized
from classroom.usecases.checks import is_rule, rule_analysis
from classroom.usecases.computing import Overrun
from classroom.web.auth import login_required
from classroom.web.checks import checks
from classroom.web.context import use_cases
from classroom.web.messages import say
from classroom.web.teacher.blueprint import teacher
from classroom.web.teacher.forms import RuleCheckForm

#: What a teacher reads when a rule's figures were not measured in time.
FIGURES_TOO_SLOW = _l("This rule could not be measured in time. Please try again in a moment.")

#: Rules measured already (the oldest looked-at is forgotten first).
_measured: OrderedDict[str, RuleAnalysis] = OrderedDict()
_measured_lock = threading.Lock()
MEASURED_KEPT = 256


def _analysis(rule_text: str) -> RuleAnalysis:
    """Random play is the slow part (a fifth of a second): each rule is measured once, in a
    worker process, so a teacher typing a rule never holds up the tablets. `Overrun` when the
    workers did not answer in time."""
    with _measured_lock:
        found = _measured.get(rule_text)
        if found is not None:
            _measured.move_to_end(rule_text)
            return found
    computing = use_cases().context.computing
    timeout_s = float(current_app.config.get("COMPUTE_TIMEOUT_S", 5.0))
    analysis = computing.run(rule_analysis, rule_text, timeout_s=timeout_s)
    with _measured_lock:
        _measured[rule_text] = analysis
        while len(_measured) > MEASURED_KEPT:
            _measured.popitem(last=False)
    return analysis


def rule_figures(rule: Rule) -> dict[str, Any]:
    """Acceptance figures, warnings and an example mainline, JSON-ready."""
    analysis = _analysis(str(rule))
    return {
        "figures": {
            "mean": round(analysis.acceptance_mean * 100),
            "min": round(analysis.acceptance_min * 100),
            "max": round(analysis.acceptance_max * 100),
            "dead_ends": round(analysis.dead_end_rate * 100, 1),
        },
        "warnings": [say(warning) for warning in analysis.warnings],
        "example": [str(card) for card in analysis.example_mainline],
    }


def rule_report(text: str) -> dict[str, Any]:
    """What the live check answers about a rule's text, good or bad."""
    try:
        rule = compile_rule(text)
    except RuleError as error:
        return error_report(error)
    try:
        figures = rule_figures(rule)
    except Overrun:
        # The rule compiles, but its figures are not ready: said like an error, and the
        # editor checks again at the next keystroke.
        return {"ok": False, "error": str(FIGURES_TOO_SLOW), "line": None, "column": None}
    return {"ok": True, "canonical": str(rule), **figures}


def error_report(error: RuleError) -> dict[str, Any]:
    """A compile error: the sentence, where it is, and the source line with a caret under it."""
    return {
        "ok": False,
        "error": say(error.message),
        "line": error.line,
        "column": error.column,
        "excerpt": error.excerpt,
    }


def library() -> tuple[LibraryRule, ...]:
    """The kit's rule library, its titles, texts and hints in the language of this page."""
    locale = get_locale()
    return _library_in(locale.language if locale is not None else "en")


@functools.cache
def _library_in(language: str) -> tuple[LibraryRule, ...]:
    return tuple(localized(rule, language) for rule in load_library())


def library_rule(rule_id: str | None) -> LibraryRule | None:
    """The library rule with this id, or None."""
    return next((rule for rule in library() if rule.id == rule_id), None)


def library_entry(rule: LibraryRule, *, figures: bool = False) -> dict[str, Any]:
    """A library rule for the picker; `figures` adds the (slower) measurements."""
    entry: dict[str, Any] = {
        "id": rule.id,
        "title": rule.title,
        "text": rule.text,
        "canonical": rule.rule_text,
        "difficulty": rule.difficulty,
        "concepts": list(rule.concepts),
        "age_band": rule.age_band,
        "bad_design": rule.bad_design,
    }
    if not figures:
        return entry
    try:
        return entry | rule_figures(rule.rule)
    except Overrun:
        # The library's rules are few and known: measured here rather than shown without.
        analysis = analyze(rule.rule)
        with _measured_lock:
            _measured[str(rule.rule)] = analysis
        return entry | rule_figures(rule.rule)


@dataclass(frozen=True, slots=True)
class GuessCheck:
    """The checker's opinion of a guess, as far as it has got."""

    #: False for plain language (or a secret rule in plain words): the teacher judges alone.
    compiles: bool
    #: "same" (proved), "different", "undecided", or "checking" while a worker is on it.
    verdict: str = "checking"
    #: The counterexample for "different"; what was compared for "undecided".
    detail: str = ""
    #: The rules differ only where two decks cannot get.
    needs_more_decks: bool = False

    @property
    def same(self) -> bool:
        """Proved to be the secret rule."""
        return self.verdict == "same"

    @property
    def pending(self) -> bool:
        """Still being checked: the page is told when the answer is ready."""
        return self.verdict == "checking"


def check_guess(rule_text: str, guess: str, *, class_id: int | None = None) -> GuessCheck:
    """Compare a guess with the secret rule when the guess is written in the rule language:
    the answer if the checker has it, else "checking" (it never waits for the checker); the
    pages of class `class_id` (or every teacher's page) are told when it is ready."""
    if not (is_rule(guess) and is_rule(rule_text)):
        return GuessCheck(compiles=False)
    tell = ("class", class_id) if class_id is not None else "teachers"
    found = checks().request(rule_text, guess, tell=tell)
    if found is None:
        return GuessCheck(compiles=True)
    return GuessCheck(True, found.verdict, found.detail, found.needs_more_decks)


@teacher.post("/rules/check")
@login_required
def check_rule() -> tuple[Response, int] | Response:
    """The rule editor's live check: JSON in (or form data), JSON out."""
    form = RuleCheckForm()
    if not form.validate():
        message = next(iter(form.errors.values()), [_("Write a rule.")])[0]
        return jsonify({"ok": False, "error": str(message)}), 400
    return jsonify(rule_report(form.text.data))


@teacher.get("/rules/library.json")
@login_required
def library_json() -> Response:
    """Every library rule, for filtering the pickers in the browser."""
    return jsonify([library_entry(rule) for rule in library()])


@teacher.get("/rules/library/<rule_id>.json")
@login_required
def library_rule_json(rule_id: str) -> tuple[Response, int] | Response:
    """One library rule with its figures and example mainline."""
    rule = library_rule(rule_id)
    if rule is None:
        return jsonify({"ok": False, "error": _("There is no such rule in the library.")}), 404
    return jsonify({"ok": True} | library_entry(rule, figures=True))
