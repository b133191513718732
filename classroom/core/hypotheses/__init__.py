"""Checking a student's hypothesis: against the table so far, and against the secret rule.

>>> from classroom.core.rules import compile_rule
>>> secret = compile_rule("card.suit == prev.suit or card.rank == prev.rank")
>>> check_equivalence(secret, "card.rank == prev.rank or card.suit == prev.suit").equivalent
True
"""

from classroom.core.hypotheses._protocol import JudgingRule
from classroom.core.hypotheses.consistency import Consistency, check_consistency
from classroom.core.hypotheses.equivalence import (
    DEFAULT_BUDGET,
    MAX_POSITION,
    Counterexample,
    Equivalence,
    check_equivalence,
)

__all__ = [
    "DEFAULT_BUDGET",
    "MAX_POSITION",
    "Consistency",
    "Counterexample",
    "Equivalence",
    "JudgingRule",
    "check_consistency",
    "check_equivalence",
]
