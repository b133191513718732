"""A New Eleusis round in the class's files (`classroom.projections.exports`): its events as
rows of the event log, and its scores, prophets and expulsions in the JSON document. Pure.

Like the Express rows, the cells in words are `Text`, said in the class's language where the
file is written; the JSON keeps the codes ("confirmed", "pointed_right") for research.
"""

from __future__ import annotations

from typing import Any

from classroom.core.games import new_eleusis as ne
from classroom.core.text import Text, _
from classroom.projections.class_record import GroupRecord, RoundRecord
from classroom.projections.games.new_eleusis.record import (
    NeCard,
    NeDebrief,
    NeMoment,
    ne_debrief,
    ne_moments,
)
from classroom.projections.words import ACCEPTED, RIGHT, end_note, end_reason, yes_no

__all__ = ["ne_event_cells", "ne_event_rows", "ne_round_extras"]

_OUTCOMES = {"confirmed": _("confirmed"), "overthrown": _("overthrown")}
_BY = {"teacher": _("no call, the teacher went on"), "app": _("no call, the app went on")}


def _cards(cards: tuple[Any, ...]) -> str:
    return " ".join(str(card) for card in cards)


def ne_event_cells(moment: NeMoment, group: GroupRecord) -> tuple[str, str, str, str]:
    """Nickname, cards (in the order played), verdict and text of one New Eleusis event."""
    event = moment.event
    seat = getattr(event, "seat", None)
    nickname = group.nickname(seat) if seat is not None else ""
    match event:
        case ne.Dealt():
            return "", str(event.starter), "", ", ".join(group.nickname(s) for s in event.seats)
        case ne.Played():
            string = _("cards in the string: %d") % len(event.cards)
            return nickname, _cards(event.cards), "", string
        case ne.Judged():
            verdict = yes_no(event.correct, ACCEPTED)
            return nickname, _cards(event.cards), verdict, _played(moment)
        case ne.NoPlayJudged():
            card = str(event.card) if event.card else ""
            return nickname, card, yes_no(event.right, RIGHT), _no_play_text(moment)
        case ne.Called():
            said = _("prophet says right") if event.right else _("prophet says wrong")
            return nickname, "", _OUTCOMES.get(moment.outcome or "", ""), said
        case ne.CallWaived():
            return nickname, "", _("waived"), _BY.get(event.by, "")
        case ne.Pointed():
            return nickname, str(event.card), "", _("prophet points")
        case ne.Declared():
            return nickname, "", "", _("prophet, marker on card %d") % moment.cards_played
        case ne.Overthrown():
            return nickname, "", _("overthrown"), _("at card %d") % moment.cards_played
        case ne.Expelled():
            return nickname, "", _("expelled"), _("at card %d") % moment.cards_played
        case ne.PlayerRemoved():
            return nickname, "", _("left"), _("removed by the teacher")
        case ne.TurnSkipped():
            return nickname, "", "", _("turn skipped by the teacher")
        case ne.Marked():
            return "", "", "", _("marker on card %d") % event.count
        case ne.DeckAdded():
            return "", "", "", _("cards added: %d") % len(event.cards)
        case ne.Hint():
            return "", "", "", event.text
        case ne.RoundEnded():
            winner = group.nickname(event.winner) if event.winner else ""
            return winner, "", end_reason(event.reason), end_note(event.note)
    return nickname, "", "", ""


def _played(moment: NeMoment) -> Text:
    return _("cards played: %d") % moment.cards_played


def _no_play_text(moment: NeMoment) -> Text | str:
    """What a no-play's verdict did, where a prophet made it more than right or wrong."""
    event = moment.event
    assert isinstance(event, ne.NoPlayJudged)
    if moment.outcome == "pointed_right":
        return _("prophet pointed to a right card: played, player draws 5")
    if moment.outcome == "pointed_wrong":
        return _("prophet pointed to a wrong card: dealer plays this card, player draws nothing")
    if not event.right and event.card is None:
        return _("dealer agrees with the prophet: a card can be played, the prophet points")
    return ""


def ne_event_rows(round_: RoundRecord, group: GroupRecord) -> list[tuple[int, str, list[str]]]:
    """Seq, kind and the four cells of every event of a New Eleusis round."""
    return [
        (moment.event.seq, moment.event.kind, list(ne_event_cells(moment, group)))
        for moment in ne_moments(round_.events)
    ]


def ne_round_extras(round_: RoundRecord, group: GroupRecord) -> dict[str, Any]:
    """The JSON of a New Eleusis round beyond the Express fields: its events with nicknames,
    each call's outcome, the prophets, the expulsions and the scores."""
    moments = ne_moments(round_.events)
    events = []
    for moment in moments:
        data = group.named(moment.event.to_dict()) | {"time": round_.times.get(moment.event.seq)}
        if moment.outcome:
            data["outcome"] = moment.outcome
        events.append(data)
    summary = ne_debrief(round_)
    if summary is None:
        return {"events": events, "scores": {}, "dealer_score": None, "prophets": []}
    return {
        "events": events,
        "scores": {group.nickname(line.seat): line.score for line in summary.scores},
        "score_lines": [
            {
                "nickname": group.nickname(line.seat),
                "cards_left": line.cards_left,
                "emptied_bonus": line.emptied_bonus,
                "prophet_bonus": line.prophet_bonus,
                "score": line.score,
            }
            for line in summary.scores
        ],
        # A student dealer's score; the app, which dealt otherwise, is not a player.
        "dealer_score": summary.dealer_score if summary.dealer is not None else None,
        "prophets": [
            {
                "nickname": group.nickname(term.seat),
                "declared_seq": term.declared_seq,
                "marker": term.marker,
                "confirmed_calls": term.confirmed,
                "overthrown_seq": term.overthrown_seq,
                "overthrown_at": term.overthrown_at,
            }
            for term in summary.prophecies
        ],
        "expelled": [
            {"nickname": group.nickname(seat), "at": at} for seat, at in summary.expulsions
        ],
        "markers": [card.number for card in _all_cards(summary) if card.marker],
        "over": summary.over,
        "end_reason": summary.end_reason,
    }


def _all_cards(summary: NeDebrief) -> list[NeCard]:
    cards = list(summary.mainline)
    for under in summary.sidelines:
        cards.extend(under)
    return sorted(cards, key=lambda card: card.number)
