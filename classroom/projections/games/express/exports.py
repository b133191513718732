"""What the exports say of an Express round's events: one row per event, in words. Pure.

The words are `Text`: English here, said in the class's language where the file is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from classroom.core.eventlog import LoggedEvent
from classroom.core.games.express import (
    Dealt,
    Guessed,
    GuessJudged,
    Hint,
    Judged,
    NoPlayJudged,
    Predicted,
    PredictionDeclined,
    RoundEnded,
)
from classroom.core.text import _
from classroom.projections.class_record import GroupRecord, RoundRecord
from classroom.projections.words import ACCEPTED, RIGHT, end_note, end_reason, yes_no

__all__ = ["event_rows", "moments", "round_extras"]


def _event_cells(event: LoggedEvent, group: GroupRecord) -> tuple[str, str, str, str]:
    """Nickname, card, verdict and text of one event."""
    seat = getattr(event, "seat", None)
    nickname = group.nickname(seat) if seat is not None else ""
    card = getattr(event, "card", None)
    card_text = str(card) if card is not None else ""
    if isinstance(event, Dealt):
        return "", str(event.starter), "", ", ".join(group.nickname(s) for s in event.seats)
    if isinstance(event, Judged):
        return nickname, card_text, yes_no(event.correct, ACCEPTED), ""
    if isinstance(event, NoPlayJudged | GuessJudged):
        return nickname, card_text, yes_no(event.right, RIGHT), ""
    if isinstance(event, Predicted):
        said = yes_no(event.accepted, (_("predicted accepted"), _("predicted rejected")))
        return nickname, "", "", said
    if isinstance(event, PredictionDeclined):
        return nickname, "", "", _("did not predict")
    if isinstance(event, Guessed | Hint):
        return nickname, "", "", event.text
    if isinstance(event, RoundEnded):
        winner = group.nickname(event.winner) if event.winner else ""
        return winner, "", end_reason(event.reason), end_note(event.note)
    return nickname, card_text, "", ""


def event_rows(round_: RoundRecord, group: GroupRecord) -> list[tuple[int, str, list[str]]]:
    """Seq, kind and the nickname, card, verdict and text of each event of an Express round
    (a contested verdict of a student dealer says so)."""
    contested = {m.seq for m in round_.mismatches}
    found = []
    for event in round_.events:
        nickname, card, verdict, text = _event_cells(event, group)
        if event.seq in contested:
            text = _("the dealer's verdict differed from the rule")
        found.append((event.seq, event.kind, [nickname, card, verdict, text]))
    return found


def moments(events: Sequence[LoggedEvent]) -> list[tuple[LoggedEvent, int | None, str | None]]:
    """Every event of an Express round for its timeline, as it is (a card is one card)."""
    return [(event, None, None) for event in events]


def round_extras(round_: RoundRecord, group: GroupRecord) -> dict[str, Any]:
    """An Express round's JSON holds the fields every round has, nothing more."""
    return {}
