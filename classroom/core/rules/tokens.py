"""Turn rule text into tokens: names, numbers and operators, each knowing where it stands."""

from __future__ import annotations

import re
from dataclasses import dataclass

from classroom.core.rules.errors import RuleError
from classroom.core.text import Text, _

__all__ = ["MAX_RULE_LENGTH", "Token", "tokenize"]

#: Longer text is refused before any work is done: no rule a teacher writes comes near it.
#: The same limit holds for the canonical text a compiled rule is stored as (see Rule).
MAX_RULE_LENGTH = 4000
#: Significant digits of a number; with the other limits this bounds every value a rule computes.
MAX_NUMBER_DIGITS = 6

KEYWORDS = frozenset({"if", "then", "elif", "else", "and", "or", "not", "in"})
OPERATORS = ("==", "!=", "<=", ">=", "<", ">", "+", "-", "*", "%", "(", ")", "{", "}", ",", ".")
_SUIT_GLYPHS = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}
# Operators and examples are rule-language code: they read the same in every language.
_MISTAKES = {
    "=": _("use '==' to compare"),
    "&": _("write 'and'"),
    "|": _("write 'or'"),
    "!": _("write 'not', or '!=' for 'is not equal to'"),
    "/": _("there is no division; '%' gives the remainder"),
    "≠": _("write '!='"),
    "≤": _("write '<='"),
    "≥": _("write '>='"),
    "[": _("sets of values use curly braces: x in {1, 2, 3}"),
    "]": _("sets of values use curly braces: x in {1, 2, 3}"),
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
        too_long = _("the rule is too long (%(length)d characters; at most %(most)d)")
        raise RuleError(
            too_long % {"length": len(source), "most": MAX_RULE_LENGTH}, source[:200], 0
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
                raise RuleError(_("that number is too large for a rule"), source, pos, match.end())
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
    message: Text
    if hint is None:
        message = _("unexpected character %(character)s") % {"character": shown}
    else:
        message = _("unexpected character %(character)s; %(hint)s") % {
            "character": shown,
            "hint": hint,
        }
    return RuleError(message, source, pos)
