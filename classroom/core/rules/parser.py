"""Recursive-descent parser: one short method per grammar rule.

rule       = expr
expr       = "if" expr "then" expr { "elif" expr "then" expr } "else" expr | or
or         = and { "or" and }
and        = not { "and" not }
not        = "not" not | comparison
comparison = sum [ ("==" | "!=" | "<" | "<=" | ">" | ">=") sum ]
           | sum "in" "{" sum { "," sum } "}"
sum        = product { ("+" | "-") product }
product    = unary { ("*" | "%") unary }
unary      = "-" unary | atom
atom       = NUMBER | name | cardref "." attribute | "(" expr ")"
"""

from __future__ import annotations

import re
from collections.abc import Callable

from classroom.core.cards import Color, Suit
from classroom.core.rules.errors import RuleError, shown
from classroom.core.rules.syntax import (
    ATTRIBUTES,
    Arith,
    Attr,
    BoolLit,
    BoolOp,
    Compare,
    Const,
    If,
    Member,
    Neg,
    Node,
    Not,
    Num,
    Position,
)
from classroom.core.rules.tokens import Token, tokenize
from classroom.core.rules.unknown import unknown_attribute, unknown_name
from classroom.core.text import Text, _

__all__ = ["MAX_NESTING", "MAX_PREV", "parse"]

#: Deeper nesting is refused: no real rule needs it, and it bounds every recursion after parsing.
MAX_NESTING = 40
#: `prevN` beyond this is refused: a round's mainline is never checked that far back.
MAX_PREV = 20

COMPARISONS = ("==", "!=", "<", "<=", ">", ">=")
_NUMBERS = {"ace": 1, "a": 1, "jack": 11, "j": 11, "queen": 12, "q": 12, "king": 13, "k": 13}
_NUMBER_WORDS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
_CONSTANTS: dict[str, Suit | Color] = {s.word: s for s in Suit} | {c.value: c for c in Color}
_BOOLEANS = {"true": True, "false": False}
_Rule = Callable[[], Node]
_CARD_REF = re.compile(r"card|prev([0-9]*)")
_KNOWN_NAMES = ("card", "prev", "position", *_NUMBERS, *_CONSTANTS, *_BOOLEANS)


def parse(source: str) -> Node:
    """Parse a whole rule into its syntax tree, or raise RuleError."""
    return _Parser(source).rule()


class _Parser:
    def __init__(self, source: str) -> None:
        self.source = source
        self.tokens = tokenize(source)
        self.index = 0
        self.nesting = 0

    # --- helpers -----------------------------------------------------------------------
    @property
    def token(self) -> Token:
        return self.tokens[self.index]

    def advance(self) -> Token:
        token = self.tokens[self.index]
        self.index += 1
        return token

    def at(self, text: str) -> bool:
        return self.token.kind in ("op", "keyword") and self.token.text == text

    def expect(self, text: str, why: Text) -> Token:
        if not self.at(text):
            raise self.error(why)
        return self.advance()

    def error(self, message: Text, token: Token | None = None) -> RuleError:
        token = token or self.token
        return RuleError(message, self.source, token.start, token.end)

    def enter(self) -> None:
        self.nesting += 1
        if self.nesting > MAX_NESTING:
            too_deep = _("the rule is nested too deeply (more than %(most)d levels)")
            raise self.error(too_deep % {"most": MAX_NESTING})

    def span_from(self, start: int) -> tuple[int, int]:
        return (start, self.tokens[self.index - 1].end)

    # --- grammar -----------------------------------------------------------------------
    def rule(self) -> Node:
        if self.token.kind == "end":
            raise self.error(_("the rule is empty; write a condition such as card.color == red"))
        node = self.expr()
        if self.token.kind != "end":
            raise self.error(self.trailing_message())
        return node

    def trailing_message(self) -> Text:
        if self.token.text in COMPARISONS or self.at("in"):
            return _(
                "comparisons do not chain; join them with 'and', "
                "or put each comparison in parentheses"
            )
        if self.at("then") or self.at("elif") or self.at("else"):
            return _("'%(keyword)s' without a matching 'if'") % {"keyword": self.token.text}
        if self.at(")"):
            return _("this ')' has no matching '('")
        return _("unexpected %(found)s; perhaps 'and' or 'or' is missing") % {
            "found": self.describe(self.token)
        }

    def expr(self) -> Node:
        if not self.at("if"):
            return self.or_()
        start = self.advance().start
        self.enter()
        branches = [self.branch()]
        while self.at("elif"):
            self.advance()
            branches.append(self.branch())
        if not self.at("else"):
            raise self.error(_("an 'if' needs an 'else': if ... then ... else ..."))
        self.advance()
        otherwise = self.expr()
        self.nesting -= 1
        return If(tuple(branches), otherwise, self.span_from(start))

    def branch(self) -> tuple[Node, Node]:
        condition = self.expr()
        self.expect("then", _("expected 'then' after the condition of 'if'"))
        return condition, self.expr()

    def or_(self) -> Node:
        return self.chain("or", self.and_)

    def and_(self) -> Node:
        return self.chain("and", self.not_)

    def chain(self, op: str, operand: _Rule) -> Node:
        start = self.token.start
        operands = [operand()]
        while self.at(op):
            self.advance()
            operands.append(operand())
        if len(operands) == 1:
            return operands[0]
        # (a or b) or c reads as a or b or c: one flat node, one canonical text.
        flat: list[Node] = []
        for node in operands:
            flat.extend(node.operands if isinstance(node, BoolOp) and node.op == op else (node,))
        return BoolOp(op, tuple(flat), self.span_from(start))

    def not_(self) -> Node:
        if not self.at("not"):
            return self.comparison()
        start = self.advance().start
        self.enter()
        operand = self.not_()
        self.nesting -= 1
        return Not(operand, self.span_from(start))

    def comparison(self) -> Node:
        start = self.token.start
        left = self.sum_()
        if self.at("in"):
            self.advance()
            node: Node = Member(left, self.options(), self.span_from(start))
        elif self.token.kind == "op" and self.token.text in COMPARISONS:
            op = self.advance().text
            node = Compare(op, left, self.sum_(), self.span_from(start))
        else:
            return left
        if (self.token.kind == "op" and self.token.text in COMPARISONS) or self.at("in"):
            raise self.error(
                _(
                    "comparisons do not chain: write 'a < b and b < c', "
                    "or put the first comparison in parentheses"
                )
            )
        return node

    def options(self) -> tuple[Node, ...]:
        self.expect("{", _("expected '{' after 'in', as in: card.rank in {2, 3, 5}"))
        options = [self.sum_()]
        while self.at(","):
            self.advance()
            options.append(self.sum_())
        self.expect("}", _("expected ',' or '}' in the set of values"))
        return tuple(options)

    def sum_(self) -> Node:
        return self.arith(("+", "-"), self.product)

    def product(self) -> Node:
        return self.arith(("*", "%"), self.unary)

    def arith(self, ops: tuple[str, ...], operand: _Rule) -> Node:
        start = self.token.start
        first = operand()
        rest: list[tuple[str, Node]] = []
        while self.token.kind == "op" and self.token.text in ops:
            op = self.advance().text
            rest.append((op, operand()))
        return Arith(first, tuple(rest), self.span_from(start)) if rest else first

    def unary(self) -> Node:
        if not self.at("-"):
            return self.atom()
        start = self.advance().start
        self.enter()
        operand = self.unary()
        self.nesting -= 1
        return Neg(operand, self.span_from(start))

    def atom(self) -> Node:
        token = self.token
        if token.kind == "number":
            self.advance()
            # The tokenizer bounded the significant digits; leading zeros may still be many.
            return Num(int(token.text.lstrip("0") or "0"), None, (token.start, token.end))
        if token.kind == "name":
            return self.name()
        if self.at("("):
            return self.parenthesized()
        if self.at("if"):
            raise self.error(
                _("put 'if ... then ... else ...' in parentheses when it is part of a larger rule")
            )
        found = self.describe(token)
        raise self.error(_("expected a value here, but found %(found)s") % {"found": found})

    def parenthesized(self) -> Node:
        opening = self.advance()
        self.enter()
        node = self.expr()
        if not self.at(")"):
            unclosed = _("expected ')' to close the '(' at column %(column)d")
            raise self.error(unclosed % {"column": self.column(opening)})
        self.advance()
        self.nesting -= 1
        return node

    def name(self) -> Node:
        token = self.advance()
        span = (token.start, token.end)
        if token.text in _NUMBERS:
            return Num(_NUMBERS[token.text], _NUMBER_WORDS[_NUMBERS[token.text]], span)
        if token.text in _CONSTANTS:
            return Const(_CONSTANTS[token.text], span)
        if token.text in _BOOLEANS:
            return BoolLit(_BOOLEANS[token.text], span)
        if token.text == "position":
            return Position(span)
        match = _CARD_REF.fullmatch(token.text)
        if match is None:
            raise self.error(unknown_name(token.text, _KNOWN_NAMES), token)
        return self.attribute(token, self.card_ref(token, match.group(1)))

    def card_ref(self, token: Token, digits: str | None) -> int:
        if digits is None:
            return 0
        if not digits:
            return 1
        significant = digits.lstrip("0")
        if not significant:
            no_prev0 = _("there is no prev0: prev (or prev1) is the last mainline card")
            raise self.error(no_prev0, token)
        # Compare lengths before int(): a name may carry thousands of digits.
        if len(significant) > len(str(MAX_PREV)) or int(significant) > MAX_PREV:
            too_far = _("rules look back at most %(most)d cards (prev%(most)d)")
            raise self.error(too_far % {"most": MAX_PREV}, token)
        return int(significant)

    def attribute(self, ref_token: Token, ref: int) -> Node:
        if not self.at("."):
            bare = _(
                "'%(card)s' is a card; name what to compare, like %(card)s.rank or %(card)s.color"
            )
            raise self.error(bare % {"card": shown(ref_token.text)}, ref_token)
        self.advance()
        token = self.token
        if token.kind not in ("name", "keyword"):
            attributes = _("expected an attribute after '.': one of %(attributes)s")
            raise self.error(attributes % {"attributes": ", ".join(ATTRIBUTES)})
        self.advance()
        if token.text not in ATTRIBUTES:
            raise self.error(unknown_attribute(ref_token.text, token.text), token)
        return Attr(ref, token.text, (ref_token.start, token.end))

    def describe(self, token: Token) -> Text | str:
        return _("the end of the rule") if token.kind == "end" else f"'{shown(token.text)}'"

    def column(self, token: Token) -> int:
        return token.start - self.source.rfind("\n", 0, token.start)
