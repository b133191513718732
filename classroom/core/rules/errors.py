"""The one exception of the rule language: a compile error a teacher can act on."""

from __future__ import annotations

__all__ = ["RuleError", "shown"]

_SHOWN_LENGTH = 24


def shown(text: str) -> str:
    """`text` as a message quotes it: a name thousands of characters long is cut short."""
    return text if len(text) <= _SHOWN_LENGTH else text[: _SHOWN_LENGTH - 1] + "…"


class RuleError(ValueError):
    """A rule that does not compile, with its line, column and a caret under the bad text.

    `message` is the sentence alone; `str(error)` adds the line of the rule and the caret.
    """

    def __init__(self, message: str, source: str, start: int, end: int | None = None) -> None:
        start = max(0, min(start, len(source)))
        end = start + 1 if end is None or end <= start else end
        line_start = source.rfind("\n", 0, start) + 1
        line_end = source.find("\n", start)
        line_end = len(source) if line_end == -1 else line_end
        self.message = message
        self.line = source.count("\n", 0, start) + 1
        self.column = start - line_start + 1
        text = source[line_start:line_end]
        width = max(1, min(end, line_end) - start)
        # Keep the quoted line readable when the rule is enormous or garbage.
        if len(text) > 120:
            left = max(0, self.column - 60)
            text = text[left : left + 120]
            caret_at = self.column - 1 - left
        else:
            caret_at = self.column - 1
        text = "".join(ch if ch.isprintable() else " " for ch in text)
        self.excerpt = f"    {text}\n    {' ' * caret_at}{'^' * min(width, 120 - caret_at)}"
        super().__init__(f"line {self.line}, column {self.column}: {message}\n{self.excerpt}")
