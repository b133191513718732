"""Messages from the game and the use cases, said in the reader's language.

The core and the use cases raise errors whose message is a `classroom.core.text.Text`: English
that remembers its msgid and arguments. Here, at the edge, it is rendered again with the
request's catalog, and seat ids become nicknames. A rule-language error is said with its place
("Line 2, column 5: ...") and the caret under the rule's text: only the words are translated.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask_babel import gettext

from classroom.core.text import Seat, Text, render

__all__ = ["localize", "say"]


def _translate(msgid: str) -> str:
    # flask_babel formats only when given variables: the msgid comes back translated, as is.
    return str(gettext(msgid))


def say(message: object, name: Callable[[str], str | None] | None = None) -> str:
    """`message` (an error, a `Text`, plain text) in the reader's language; `name` gives the
    nickname of a seat id named in it."""
    return render(message, _translate, name)


def localize(payload: Any, name: Callable[[str], str | None] | None = None) -> Any:
    """A JSON-ready payload with every message in it said in the reader's language (for the
    few payloads that carry sentences, such as a journal; views carry words the page renders)."""
    if isinstance(payload, (Text, Seat)):
        return say(payload, name)
    if isinstance(payload, dict):
        return {key: localize(value, name) for key, value in payload.items()}
    if isinstance(payload, (list, tuple)):
        return [localize(value, name) for value in payload]
    return payload
