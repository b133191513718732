"""Which round a game report is about, and its secret rule in words: shared by the Express
report (`printables.report.plan`) and the New Eleusis one (`printables.new_eleusis.report`)."""

from __future__ import annotations

from dataclasses import dataclass

from classroom.core.rules import RuleError, compile_rule
from printables.classpack.plan import library_rule_for
from printables.kit.i18n import current_language
from printables.kit.i18n import gettext as _

__all__ = ["RoundInfo", "rule_texts"]


@dataclass(frozen=True, slots=True)
class RoundInfo:
    """Which round this is, the rule it was played with, and its dealer.

    `rule_kind` is "language" for a rule in the rule language, "free" for a student dealer's
    rule in plain words; `dealer` is the dealing seat's engine id, None when the app dealt.
    """

    class_name: str
    group_name: str
    round_number: int
    rule_text: str
    rule_id: str | None = None
    rule_kind: str = "language"
    dealer: str | None = None


def rule_texts(info: RoundInfo) -> tuple[str, str | None, str]:
    """The rule's title, its plain-language text (if any) and its rule-language text."""
    if info.rule_kind == "free":
        return _("The dealer's rule, in their words"), info.rule_text, ""
    library = library_rule_for(info.rule_text, info.rule_id)
    try:
        canonical = str(compile_rule(info.rule_text))
    except RuleError:
        canonical = info.rule_text
    if library is None:
        return _("Custom rule"), None, canonical
    language = current_language()
    return library.title_in(language), library.text_in(language), canonical
