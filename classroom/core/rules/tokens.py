"""Turn rule text into tokens: names, numbers and operators, each knowing where it stands."""

from __future__ import annotations

import re
from dataclasses import dataclass

from classroom.core.rules.errors import RuleError

__all__ = ["MAX_RULE_LENGTH", "Token", "tokenize"]

#: Longer text is refused before any work is done: no rule a teacher writes comes near it.
#: The same limit holds for the canonical text a compiled rule is stored as (see Rule).
MAX_RULE_LENGTH = 4000
#: Significant digits of a number; with the other limits this bounds every value a rule computes.
MAX_NUMBER_DIGITS = 6

KEYWORDS = frozenset({"if", "then", "elif", "else", "and", "or", "not", "in"})
OPERATORS = ("==", "!=", "<=", ">=", "<", ">", "+", "-", "*", "%", "(", ")", "{", "}", ",", ".")
_SUIT_GLYPHS = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}
_MISTAKES = {
    "=": "use '==' to compare",
    "&": "write 'and'",
    "|": "write 'or'",
    "!": "write 'not', or '!=' for 'is not equal to'",
    "/": "there is no division; '%' gives the remainder",
    "≠": "write '!='",
    "≤": "write '<='",
    "≥": "write '>='",
    "[": "sets of values use curly braces: x in {1, 2, 3}",
    "]": "sets of values use curly braces: x in {1, 2, 3}",
}
_PATTERN = re.compile(
    r"(?P<space>[ \t\r\n]+)|(?P<comment>#[^\n]*)|(?P<number>[0-9]+)"
    r"|(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<glyph>[♠♥♦♣])"
    r"|(?P<op>==|!=|<=|>=|[<>+\-*%(){},.])"
)


@dataclass(frozen=True, slots=True)
class Token:
    """One token: its kind ("name", "keyword", "number", "op", "end"), text and place."""

    kind: str
    text: str
    start: int
    end: int


def tokenize(source: str) -> list[Token]:
    """Split `source` into tokens; names and keywords come out lower-case."""
    if len(source) > MAX_RULE_LENGTH:
        raise RuleError(
            f"the rule is too long ({len(source):,} characters; at most {MAX_RULE_LENGTH:,})",
            source[:200],
            0,
        )
    tokens: list[Token] = []
    pos = 0
    while pos < len(source):
        match = _PATTERN.match(source, pos)
        if match is None:
            raise _stray(source, pos)
        kind, text = match.lastgroup or "", match.group()
        if kind == "name":
            lowered = text.lower()
            kind = "keyword" if lowered in KEYWORDS else "name"
            tokens.append(Token(kind, lowered, pos, match.end()))
        elif kind == "glyph":
            tokens.append(Token("name", _SUIT_GLYPHS[text], pos, match.end()))
        elif kind == "number":
            if len(text.lstrip("0")) > MAX_NUMBER_DIGITS:
                raise RuleError("that number is too large for a rule", source, pos, match.end())
            tokens.append(Token("number", text, pos, match.end()))
        elif kind == "op":
            tokens.append(Token("op", text, pos, match.end()))
        pos = match.end()
    tokens.append(Token("end", "", len(source), len(source)))
    return tokens


def _stray(source: str, pos: int) -> RuleError:
    char = source[pos]
    hint = _MISTAKES.get(char)
    shown = repr(char) if char.isprintable() else f"U+{ord(char):04X}"
    message = f"unexpected character {shown}" + (f"; {hint}" if hint else "")
    return RuleError(message, source, pos)
