"""Sentences for people, kept with what they are made of, so each reader gets them in their
own language.

The core and the use cases write their messages in English with `_`, as with gettext:
`_("%s is already playing a round.") % name`. What comes back is the English sentence (so
`str(error)`, logs and tests read as before) that also remembers its msgid and arguments; the
edge that shows it to a person renders it again with that person's catalog. A seat id in a
sentence is marked with `Seat`, and the edge puts the seat's nickname in its place: a student
never reads "It is 7's turn".

>>> message = _("It is %s's turn, not yours.") % Seat("7")
>>> str(message)
"It is 7's turn, not yours."
>>> message.render(lambda text: text.replace("turn", "go"), name={"7": "Ana"}.get)
"It is Ana's go, not yours."
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["Seat", "Text", "_", "render"]

Translate = Callable[[str], str]
Name = Callable[[str], str | None]


class Seat(str):
    """A seat id inside a sentence: shown to people as the seat's nickname."""


class Text(str):
    """An English sentence that remembers its msgid and its arguments."""

    msgid: str
    arguments: Any

    def __new__(cls, msgid: str, arguments: Any = None) -> Text:
        english = msgid if arguments is None else msgid % arguments
        text = super().__new__(cls, english)
        text.msgid = msgid
        text.arguments = arguments
        return text

    def __mod__(self, arguments: Any) -> Text:
        return Text(self.msgid, arguments)

    def render(self, translate: Translate, name: Name | None = None) -> str:
        """The sentence in the reader's language: `translate` is their catalog's gettext,
        `name` gives a seat's nickname (None: the seat id stays)."""
        translated = translate(self.msgid)
        if self.arguments is None:
            return translated
        return translated % _rendered(self.arguments, translate, name)


def _(msgid: str) -> Text:
    """Mark a sentence for translation; format it with `%` as usual."""
    return Text(msgid)


def render(value: object, translate: Translate, name: Name | None = None) -> str:
    """Any message (a `Text`, an exception carrying one, or plain text) for a reader."""
    if isinstance(value, BaseException) and value.args:
        value = value.args[0]
    if isinstance(value, Text):
        return value.render(translate, name)
    if isinstance(value, Seat):
        return (name(value) if name else None) or str(value)
    return str(value)


def _rendered(arguments: Any, translate: Translate, name: Name | None) -> Any:
    def one(value: Any) -> Any:
        if isinstance(value, (Text, Seat)):
            return render(value, translate, name)
        return value

    if isinstance(arguments, tuple):
        return tuple(one(value) for value in arguments)
    if isinstance(arguments, Mapping):
        return {key: one(value) for key, value in arguments.items()}
    return one(arguments)
