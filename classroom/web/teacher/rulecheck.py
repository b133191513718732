"""Rules as the teacher's pages report them: compile errors with a caret, figures, examples,
library entries, and the checker's verdict on a guess written in the rule language."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from flask import jsonify
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from classroom.core.hypotheses import check_equivalence
from classroom.core.rules import Rule, RuleError, compile_rule
from classroom.core.rules.analysis import RuleAnalysis, analyze
from classroom.core.rules.library import LibraryRule, load_library
from classroom.usecases.rounds import compiled
from classroom.web.auth import login_required
from classroom.web.teacher.blueprint import teacher
from classroom.web.teacher.forms import RuleCheckForm


@functools.lru_cache(maxsize=256)
def _analysis(rule_text: str) -> RuleAnalysis:
    """Random play is the slow part (a fifth of a second): measure each rule once."""
    return analyze(compiled(rule_text))


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
        "warnings": analysis.warnings,
        "example": [str(card) for card in analysis.example_mainline],
    }


def rule_report(text: str) -> dict[str, Any]:
    """What the live check answers about a rule's text, good or bad."""
    try:
        rule = compile_rule(text)
    except RuleError as error:
        return error_report(error)
    return {"ok": True, "canonical": str(rule), **rule_figures(rule)}


def error_report(error: RuleError) -> dict[str, Any]:
    """A compile error: the sentence, where it is, and the source line with a caret under it."""
    return {
        "ok": False,
        "error": error.message,
        "line": error.line,
        "column": error.column,
        "excerpt": error.excerpt,
    }


def library() -> tuple[LibraryRule, ...]:
    """The kit's rule library."""
    return load_library()


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
    return entry | rule_figures(rule.rule) if figures else entry


@dataclass(frozen=True, slots=True)
class GuessCheck:
    """The checker's opinion of a guess: None for `same` when it is plain language."""

    compiles: bool
    same: bool | None = None
    sentence: str = ""
    exact: bool = True


@functools.lru_cache(maxsize=512)
def check_guess(rule_text: str, guess: str) -> GuessCheck:
    """Compare a guess with the secret rule when the guess is written in the rule language."""
    try:
        hypothesis = compile_rule(guess)
    except RuleError:
        return GuessCheck(compiles=False)
    result = check_equivalence(compiled(rule_text), hypothesis)
    return GuessCheck(True, result.equivalent, result.describe(), result.exact)


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
