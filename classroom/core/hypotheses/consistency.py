"""Does a hypothesis explain every judgement on the table so far?

>>> from classroom.core.cards import Card
>>> from classroom.core.layout import Layout
>>> table = Layout.starting_with(Card.parse("QH")).accept(Card.parse("7S"))
>>> check_consistency("card.color == prev.color", table).describe()
'Your rule says 7♠ may not follow Q♥, but it was accepted.'
"""

from __future__ import annotations

from dataclasses import dataclass

from classroom.core.hypotheses._protocol import JudgingRule, as_rule
from classroom.core.layout import Judgement, Layout
from classroom.core.text import Text, _

__all__ = ["Consistency", "check_consistency"]


@dataclass(frozen=True, slots=True)
class Consistency:
    """Whether a hypothesis explains the table, and the first judgement it does not."""

    consistent: bool
    #: Judgements compared, in table order; the contradiction (if any) is the last of them.
    checked: int
    contradiction: Judgement | None = None

    def describe(self) -> Text:
        """One sentence a student can read, in English until the edge renders it."""
        judgement = self.contradiction
        if judgement is None:
            if self.checked == 0:
                return _("No card has been judged yet, so every rule explains the table.")
            return _("Your rule explains all %d judgements so far.") % self.checked
        values = {"card": judgement.card.label, "last": judgement.mainline[-1].label}
        if judgement.accepted:
            return (
                _("Your rule says %(card)s may not follow %(last)s, but it was accepted.") % values
            )
        return _("Your rule says %(card)s may follow %(last)s, but it was rejected.") % values


def check_consistency(hypothesis: JudgingRule | str, layout: Layout) -> Consistency:
    """Judge every card on the table again with `hypothesis`; stop at the first disagreement.

    Text is compiled first and raises RuleError when it is not a rule.
    """
    rule = as_rule(hypothesis)
    checked = 0
    for judgement in layout.judgements():
        checked += 1
        if rule.allows(judgement.mainline, judgement.card) != judgement.accepted:
            return Consistency(False, checked, judgement)
    return Consistency(True, checked)
