"""What a compile error says about a name or an attribute the rule language does not know:
the closest known word, or how to write what the teacher most likely meant."""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from classroom.core.cards import Color, Suit
from classroom.core.rules.errors import shown
from classroom.core.rules.syntax import ATTRIBUTES
from classroom.core.text import Text, _

__all__ = ["unknown_attribute", "unknown_name"]

_SUITS = frozenset(suit.word for suit in Suit)
_COLORS = frozenset(color.value for color in Color)
#: Words teachers write for an attribute, and the attribute they mean.
_ATTRIBUTE_ALIASES = {
    "colour": "color",
    "value": "rank",
    "number": "rank",
    "suite": "suit",
    "parity": "odd",
    "is_face": "face",
}


def unknown_name(word: str, known: Sequence[str]) -> Text:
    """The sentence for a name that is none of `known`."""
    suggestion = _closest(word, known)
    if suggestion is None:
        return _("unknown name '%(name)s'") % {"name": shown(word)}
    return _("unknown name '%(name)s'; did you mean '%(suggestion)s'?") % {
        "name": shown(word),
        "suggestion": suggestion,
    }


def unknown_attribute(ref: str, word: str) -> Text:
    """The sentence for `ref.word` when `word` is not an attribute (`card.red`, `card.colour`)."""
    if word in _SUITS:
        return _("unknown attribute '%(name)s'; to test the suit, write %(example)s") % {
            "name": shown(word),
            "example": f"{shown(ref)}.suit == {word}",
        }
    if word in _COLORS:
        return _("unknown attribute '%(name)s'; to test the color, write %(example)s") % {
            "name": shown(word),
            "example": f"{shown(ref)}.color == {word}",
        }
    suggestion = _ATTRIBUTE_ALIASES.get(word) or _closest(word, ATTRIBUTES)
    if suggestion is None:
        return _("unknown attribute '%(name)s'") % {"name": shown(word)}
    return _("unknown attribute '%(name)s'; did you mean '%(suggestion)s'?") % {
        "name": shown(word),
        "suggestion": suggestion,
    }


def _closest(word: str, choices: Sequence[str]) -> str | None:
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return close[0] if close else None
