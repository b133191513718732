"""Words the class's files share across games: verdicts, why a round ended. Pure.

Each is a `Text` (English that remembers its msgid), said in the class's language where the file
is written; the codes behind them ("guessed", "teacher") stay in the research JSON.
"""

from __future__ import annotations

from classroom.core.text import Text, _

__all__ = ["ACCEPTED", "RIGHT", "end_note", "end_reason", "yes_no"]

ACCEPTED = (_("accepted"), _("rejected"))
RIGHT = (_("right"), _("wrong"))
_END_REASONS = {
    "emptied": _("a player emptied their hand"),
    "guessed": _("the rule was guessed"),
    "stock_out": _("the stock ran out"),
    "teacher": _("ended by the teacher"),
    "expelled": _("nobody but the prophet was left playing"),
}
#: The notes the kit itself writes when a round ends without a winner.
_END_NOTES = {
    "too few players": _("too few players"),
    "the class ended": _("the class ended"),
    "ended by the teacher": _("ended by the teacher"),
    "the dealer left": _("the dealer left"),
}


def yes_no(value: bool | None, words: tuple[Text, Text]) -> Text | str:
    """The first word for yes, the second for no; nothing for None.

    >>> yes_no(False, ACCEPTED), yes_no(None, ACCEPTED)
    ('rejected', '')
    """
    return "" if value is None else words[0] if value else words[1]


def end_reason(reason: str) -> Text | str:
    """Why a round ended, in words."""
    return _END_REASONS.get(reason, reason)


def end_note(note: str) -> Text | str:
    """A round's end note in words where the kit wrote it; the note as it is otherwise."""
    return _END_NOTES.get(note, note)
