"""Checking a student's hypothesis: against the table so far, and against the secret rule.

>>> check_equivalence(
...     "card.suit == prev.suit or card.rank == prev.rank",
...     "card.rank == prev.rank or card.suit == prev.suit",
... ).verdict
'same'
"""

from classroom.core.hypotheses._protocol import JudgingRule
from classroom.core.hypotheses.consistency import Consistency, check_consistency
from classroom.core.hypotheses.equivalence import (
    DEFAULT_BUDGET,
    DEFAULT_BUDGET_S,
    MAX_POSITION,
    Counterexample,
    Equivalence,
    Verdict,
    check_equivalence,
)

__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_BUDGET_S",
    "MAX_POSITION",
    "Consistency",
    "Counterexample",
    "Equivalence",
    "JudgingRule",
    "Verdict",
    "check_consistency",
    "check_equivalence",
]
