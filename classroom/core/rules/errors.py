"""The one exception of the rule language: a compile error a teacher can act on.

Its sentence is a `Text`, so the edge says it in the teacher's language; the line, the column
and the caret under the rule's own text stay as they are in every language.

>>> error = RuleError(_("unknown attribute '%(name)s'") % {"name": "colour"}, "card.colour", 5, 11)
>>> print(error)
line 1, column 6: unknown attribute 'colour'
    card.colour
         ^^^^^^
>>> print(error.render(lambda msgid: msgid.replace("unknown", "UNKNOWN")))
Line 1, column 6: UNKNOWN attribute 'colour'
    card.colour
         ^^^^^^
"""

from __future__ import annotations

from classroom.core.text import Name, Text, Translate, _

__all__ = ["RuleError", "shown"]

_SHOWN_LENGTH = 24


def shown(text: str) -> str:
    """`text` as a message quotes it: a name thousands of characters long is cut short."""
    return text if len(text) <= _SHOWN_LENGTH else text[: _SHOWN_LENGTH - 1] + "…"


class RuleError(ValueError):
    """A rule that does not compile, with its line, column and a caret under the bad text.

    `message` is the sentence alone; `str(error)` adds the line of the rule and the caret, in
    English; `render(translate)` gives the same in the reader's language.
    """

    def __init__(self, message: Text, source: str, start: int, end: int | None = None) -> None:
        start = max(0, min(start, len(source)))
        end = start + 1 if end is None or end <= start else end
        line_start = source.rfind("\n", 0, start) + 1
        line_end = source.find("\n", start)
        line_end = len(source) if line_end == -1 else line_end
        self.message = message
        self.line = source.count("\n", 0, start) + 1
        self.column = start - line_start + 1
        self.excerpt = _excerpt(
            source[line_start:line_end], self.column, min(end, line_end) - start
        )
        #: The sentence with its place, for a reader: "Line 2, column 5: ...", no excerpt.
        self.located = _("Line %(line)d, column %(column)d: %(message)s") % {
            "line": self.line,
            "column": self.column,
            "message": message,
        }
        english = f"line {self.line}, column {self.column}: {message}\n{self.excerpt}"
        super().__init__(_Report(english, self))

    def render(self, translate: Translate, name: Name | None = None) -> str:
        """The located sentence in the reader's language, then the rule's line and the caret."""
        return f"{self.located.render(translate, name)}\n{self.excerpt}"


class _Report(Text):
    """The whole error as `str(error)` reads (English, for logs), rendered for a reader by
    `RuleError.render`: whatever renders the error's message says it in the reader's
    language, line, column and caret included."""

    error: RuleError

    def __new__(cls, english: str, error: RuleError) -> _Report:
        report = str.__new__(cls, english)
        report.msgid = error.located.msgid
        report.arguments = error.located.arguments
        report.error = error
        return report

    def render(self, translate: Translate, name: Name | None = None) -> str:
        """The error in the reader's language, with its excerpt and caret."""
        return self.error.render(translate, name)


def _excerpt(text: str, column: int, width: int) -> str:
    """The rule's line quoted, with carets under the `width` characters from `column`."""
    width = max(1, width)
    # Keep the quoted line readable when the rule is enormous or garbage.
    if len(text) > 120:
        left = max(0, column - 60)
        text = text[left : left + 120]
        caret_at = column - 1 - left
    else:
        caret_at = column - 1
    text = "".join(ch if ch.isprintable() else " " for ch in text)
    return f"    {text}\n    {' ' * caret_at}{'^' * min(width, 120 - caret_at)}"
