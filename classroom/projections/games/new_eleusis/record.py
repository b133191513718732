"""A New Eleusis round as it was played, read back from its log for the teacher's records (the
debrief, the timeline, the exports, the game report). Pure functions.

Cards are numbered in the order they were played, mainline and sideline, the starter 0, as the
table's markers count them. Each prophet's term is told from the log: the card their marker went
on, how many of their calls the dealer confirmed, and the card at which they were overthrown.

A call is "confirmed" when the turn it was made on is settled without an overthrow,
"overthrown" when the dealer refuted it, and has no outcome when the round stopped before any
verdict.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from classroom.core.cards import Card
from classroom.core.eventlog import LoggedEvent
from classroom.core.games import new_eleusis as ne
from classroom.core.games.new_eleusis.scoring import EMPTIED_BONUS, high_count
from classroom.projections.class_record import RoundRecord

__all__ = [
    "CallOutcome",
    "NeCard",
    "NeDebrief",
    "NeMoment",
    "NeScore",
    "Prophecy",
    "call_outcomes",
    "ne_debrief",
    "ne_moments",
    "ne_state",
    "numbered_table",
]

#: A call's outcome; on the verdict that follows a prophet's pointing (no-play case 4), whether
#: the card pointed to was a right one ("pointed_right": it is played, the player draws 5) or
#: not ("pointed_wrong": the dealer plays a right card, the prophet is overthrown).
CallOutcome = Literal["confirmed", "overthrown", "pointed_right", "pointed_wrong"]


@dataclass(frozen=True, slots=True)
class NeMoment:
    """An event of the log and the number of cards on the table once it happened."""

    event: ne.Event
    cards_played: int
    #: A call's outcome (None for other events, or a call never settled).
    outcome: CallOutcome | None = None


@dataclass(frozen=True, slots=True)
class NeCard:
    """A card on the table: its number in play order and the markers on it."""

    card: Card
    number: int
    marker: bool = False
    prophet_marker: bool = False


@dataclass(frozen=True, slots=True)
class Prophecy:
    """One prophet's term: declared at `declared_seq` with the marker on card `marker`."""

    seat: str
    declared_seq: int
    marker: int
    confirmed: int = 0
    #: When and at which card the prophet was overthrown (None: still prophet at the end).
    overthrown_seq: int | None = None
    overthrown_at: int | None = None


@dataclass(frozen=True, slots=True)
class NeScore:
    """A player's score: the high count minus the cards held, plus the bonuses."""

    seat: str
    cards_left: int
    emptied_bonus: int
    prophet_bonus: int
    score: int


@dataclass(frozen=True, slots=True)
class NeDebrief:
    """What the debrief and the game report show of a New Eleusis round."""

    mainline: tuple[NeCard, ...]
    sidelines: tuple[tuple[NeCard, ...], ...]
    prophecies: tuple[Prophecy, ...]
    #: Each expelled seat and the number of cards on the table when it was expelled.
    expulsions: tuple[tuple[str, int], ...]
    scores: tuple[NeScore, ...]
    high_count: int
    #: The dealer's seat (None: the app dealt) and score.
    dealer: str | None
    dealer_score: int
    #: The prophet at the end, whose marker caps the dealer's score.
    prophet: str | None
    prophet_marker: int | None
    cards_played: int
    strings: int
    right_strings: int
    no_plays: int
    over: bool
    end_reason: str | None
    winner: str | None


def ne_moments(events: Sequence[ne.Event]) -> tuple[NeMoment, ...]:
    """Every event with the cards on the table after it and each call's outcome."""
    outcomes = call_outcomes(events)
    moments: list[NeMoment] = []
    state: ne.RoundState | None = None
    pointed: Card | None = None
    for event in events:
        state = ne.apply(state, event)
        outcome = outcomes.get(event.seq)
        if isinstance(event, ne.Pointed):
            pointed = event.card
        elif isinstance(event, ne.NoPlayJudged) and pointed is not None:
            outcome = "pointed_right" if event.card == pointed else "pointed_wrong"
            pointed = None
        moments.append(NeMoment(event, state.cards_played, outcome))
    return tuple(moments)


def call_outcomes(events: Sequence[ne.Event]) -> dict[int, CallOutcome]:
    """The outcome of each prophet's call, by the call's seq."""
    outcomes: dict[int, CallOutcome] = {}
    call: int | None = None
    settled = False
    for event in events:
        if isinstance(event, ne.Called):
            call, settled = event.seq, False
        elif call is None:
            continue
        elif isinstance(event, ne.Overthrown):
            outcomes[call], call = "overthrown", None
        elif isinstance(event, ne.CallWaived):
            call = None  # the prophet never pointed to the card: the call counts for nothing
        elif isinstance(event, ne.Judged | ne.NoPlayJudged | ne.Pointed):
            settled = True
        elif isinstance(event, ne.Played | ne.NoPlay | ne.RoundEnded):
            if settled:
                outcomes[call] = "confirmed"
            call = None
    if call is not None and settled:
        outcomes[call] = "confirmed"
    return outcomes


def ne_state(record: RoundRecord) -> ne.RoundState | None:
    """The round's state at the end of its log (None: nothing dealt yet)."""
    return ne.replay(record.events) if record.events else None


def numbered_table(
    state: ne.RoundState,
) -> tuple[tuple[NeCard, ...], tuple[tuple[NeCard, ...], ...]]:
    """The mainline and the sidelines with each card's number and markers."""
    markers = set(state.markers)
    count = 0

    def numbered(card: Card) -> NeCard:
        return NeCard(card, count, count in markers, count == state.prophet_marker)

    mainline: list[NeCard] = []
    sidelines: list[tuple[NeCard, ...]] = []
    for at, card in enumerate(state.layout.mainline):
        if at > 0:
            count += 1
        mainline.append(numbered(card))
        under: list[NeCard] = []
        for rejected in state.layout.sidelines[at]:
            count += 1
            under.append(numbered(rejected))
        sidelines.append(tuple(under))
    return tuple(mainline), tuple(sidelines)


def _prophecies(moments: Sequence[NeMoment]) -> tuple[Prophecy, ...]:
    terms: list[Prophecy] = []
    for moment in moments:
        event = moment.event
        if isinstance(event, ne.Declared):
            terms.append(Prophecy(event.seat, event.seq, moment.cards_played))
        elif terms and terms[-1].overthrown_seq is None:
            term = terms[-1]
            if isinstance(event, ne.Called) and moment.outcome == "confirmed":
                terms[-1] = replace(term, confirmed=term.confirmed + 1)
            elif isinstance(event, ne.Overthrown):
                terms[-1] = replace(
                    term, overthrown_seq=event.seq, overthrown_at=moment.cards_played
                )
    return tuple(terms)


def _scores(state: ne.RoundState) -> tuple[NeScore, ...]:
    scores = ne.round_scores(state)
    bonus = state.prophet_bonus()
    lines = []
    for seat, size in state.hand_sizes().items():
        prophet = bonus if seat == state.prophet else 0
        emptied = EMPTIED_BONUS if size == 0 else 0
        lines.append(NeScore(seat, size, emptied, prophet, scores[seat]))
    return tuple(lines)


def ne_debrief(record: RoundRecord) -> NeDebrief | None:
    """The debrief of a New Eleusis round (None: nothing dealt yet)."""
    state = ne_state(record)
    if state is None:
        return None
    moments = ne_moments(record.events)
    mainline, sidelines = numbered_table(state)
    result = ne.round_result(state, record.dealer)
    judged = [m.event for m in moments if isinstance(m.event, ne.Judged)]
    return NeDebrief(
        mainline=mainline,
        sidelines=sidelines,
        prophecies=_prophecies(moments),
        expulsions=tuple(
            (m.event.seat, m.cards_played) for m in moments if isinstance(m.event, ne.Expelled)
        ),
        scores=_scores(state),
        high_count=high_count(state.hand_sizes()),
        dealer=record.dealer,
        dealer_score=result.dealer_score,
        prophet=state.prophet,
        prophet_marker=state.prophet_marker,
        cards_played=state.cards_played,
        strings=len(judged),
        right_strings=sum(1 for event in judged if event.correct),
        no_plays=sum(1 for m in moments if isinstance(m.event, ne.NoPlay)),
        over=state.is_over,
        end_reason=state.end_reason,
        winner=state.winner,
    )


def timeline_moments(
    events: Sequence[LoggedEvent],
) -> list[tuple[LoggedEvent, int | None, str | None]]:
    """Every event of the round for its timeline, with the cards on the table once it
    happened and a prophet's call's outcome."""
    return [(m.event, m.cards_played, m.outcome) for m in ne_moments(events)]
