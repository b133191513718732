"""A New Eleusis round in the class's files (`classroom.projections.exports`): its events as
rows of the event log, and its scores, prophets and expulsions in the JSON document. Pure.

Like the Express rows, the cells are plain English words a spreadsheet can filter on
("accepted", "right", "confirmed"), never translated: the files are data for research.
"""

from __future__ import annotations

from typing import Any

from classroom.core.games import new_eleusis as ne
from classroom.projections.class_record import GroupRecord, RoundRecord
from classroom.projections.games.new_eleusis.record import (
    NeCard,
    NeDebrief,
    NeMoment,
    ne_debrief,
    ne_moments,
)

__all__ = ["ne_event_cells", "ne_event_rows", "ne_round_extras"]


def _cards(cards: tuple[Any, ...]) -> str:
    return " ".join(str(card) for card in cards)


def _yes_no(value: bool, yes: str, no: str) -> str:
    return yes if value else no


def ne_event_cells(moment: NeMoment, group: GroupRecord) -> tuple[str, str, str, str]:
    """Nickname, cards (in the order played), verdict and text of one New Eleusis event."""
    event = moment.event
    seat = getattr(event, "seat", None)
    nickname = group.nickname(seat) if seat is not None else ""
    match event:
        case ne.Dealt():
            return "", str(event.starter), "", ", ".join(group.nickname(s) for s in event.seats)
        case ne.Played():
            return nickname, _cards(event.cards), "", f"string of {len(event.cards)}"
        case ne.Judged():
            verdict = _yes_no(event.correct, "accepted", "rejected")
            return nickname, _cards(event.cards), verdict, f"{moment.cards_played} cards played"
        case ne.NoPlayJudged():
            card = str(event.card) if event.card else ""
            return nickname, card, _yes_no(event.right, "right", "wrong"), _no_play_text(moment)
        case ne.Called():
            said = "says right" if event.right else "says wrong"
            return nickname, "", moment.outcome or "", f"prophet {said}"
        case ne.CallWaived():
            return nickname, "", "waived", f"no call, the {event.by} went on"
        case ne.Pointed():
            return nickname, str(event.card), "", "prophet points"
        case ne.Declared():
            return nickname, "", "", f"prophet, marker on card {moment.cards_played}"
        case ne.Overthrown():
            return nickname, "", "overthrown", f"at card {moment.cards_played}"
        case ne.Expelled():
            return nickname, "", "expelled", f"at card {moment.cards_played}"
        case ne.PlayerRemoved():
            return nickname, "", "left", "removed by the teacher"
        case ne.TurnSkipped():
            return nickname, "", "", "turn skipped by the teacher"
        case ne.Marked():
            return "", "", "", f"marker on card {event.count}"
        case ne.DeckAdded():
            return "", "", "", f"{len(event.cards)} cards"
        case ne.Hint():
            return "", "", "", event.text
        case ne.RoundEnded():
            winner = group.nickname(event.winner) if event.winner else ""
            return winner, "", event.reason, event.note
    return nickname, "", "", ""


def _no_play_text(moment: NeMoment) -> str:
    """What a no-play's verdict did, where a prophet made it more than right or wrong."""
    event = moment.event
    assert isinstance(event, ne.NoPlayJudged)
    if moment.outcome == "pointed_right":
        return "prophet pointed to a right card: played, player draws 5"
    if moment.outcome == "pointed_wrong":
        return "prophet pointed to a wrong card: dealer plays this card, player draws nothing"
    if not event.right and event.card is None:
        return "dealer agrees with the prophet: a card can be played, the prophet points"
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
