"""The secret-rule language: compile a rule once, then judge plays in microseconds.

>>> from classroom.core.cards import Card
>>> rule = compile_rule("card.color != prev.color")
>>> rule.allows([Card.parse("4H")], Card.parse("7S"))
True
"""

from classroom.core.rules.errors import RuleError
from classroom.core.rules.rule import Rule, compile_rule

__all__ = ["Rule", "RuleError", "compile_rule"]
