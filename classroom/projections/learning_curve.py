"""The learning curve of a round: how often each student foresaw the verdict on the others'
cards, play after play, and when each first had the rule. Pure functions.

Every judged play is one step of the round's play axis (play 1 is the first card judged, as
in the debrief). A student's accuracy at play k counts their predictions judged at plays 1..k
(cumulative) and at the last WINDOW plays up to k (rolling); the group pools everyone's.
A student who is right on at least 80 % of at least 5 predictions over the last 10 plays has
"got it": a rule of thumb, since a lucky streak of guesses rarely lasts that long.

>>> from classroom.core.cards import Card
>>> from classroom.core.games.express import Judged, Played, Predicted
>>> seven = Card.parse("7H")
>>> events = [Played(seq=2, seat="1", card=seven), Predicted(seq=3, seat="2", accepted=True),
...           Judged(seq=4, seat="1", card=seven, correct=False)]
>>> [(p.seat, p.play, p.right) for p in play_predictions(events)]
[('2', 1, False)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from classroom.core.cards import Card
from classroom.core.games.express import (
    Dealt,
    Event,
    Judged,
    Played,
    Predicted,
    Prediction,
    RoundState,
)
from classroom.projections.debrief import hypotheses, play_numbers
from classroom.projections.journal_view import JournalRecord

__all__ = [
    "GOT_IT_MIN",
    "GOT_IT_SHARE",
    "WINDOW",
    "Curve",
    "LearningCurve",
    "PlayPrediction",
    "Point",
    "first_correct_plays",
    "learning_curve",
    "live_accuracy",
    "play_predictions",
]

#: The rolling window, in plays.
WINDOW = 10
#: "Got it": at least this share right, over at least GOT_IT_MIN predictions in the window.
GOT_IT_SHARE = 0.8
GOT_IT_MIN = 5


@dataclass(frozen=True, slots=True)
class PlayPrediction:
    """One forecast on one card, placed on the play axis."""

    seat: str
    #: The seq of the `played` event it forecast.
    play_seq: int
    #: The judged play it forecast (1 is the first); None if the card was never judged.
    play: int | None
    card: Card | None
    accepted: bool
    right: bool | None


def play_predictions(events: Sequence[Event]) -> tuple[PlayPrediction, ...]:
    """Every prediction of the round, in log order, with its play and its outcome."""
    found: list[PlayPrediction] = []
    waiting: list[int] = []  # indexes in `found` of the predictions on the waiting card
    played: Played | None = None
    number = 0
    for event in events:
        if isinstance(event, Played):
            played, waiting = event, []
        elif isinstance(event, Predicted) and played is not None:
            waiting.append(len(found))
            found.append(
                PlayPrediction(event.seat, played.seq, None, played.card, event.accepted, None)
            )
        elif isinstance(event, Judged):
            number += 1
            for index in waiting:
                guess = found[index]
                found[index] = replace(guess, play=number, right=guess.accepted == event.correct)
            played, waiting = None, []
    return tuple(found)


@dataclass(frozen=True, slots=True)
class Point:
    """Accuracy right after one play the curve's owner predicted (shares from 0 to 1)."""

    play: int
    cumulative: float
    rolling: float


@dataclass(frozen=True, slots=True)
class Curve:
    """One student's curve (seat None: the whole group's)."""

    seat: str | None
    points: tuple[Point, ...]
    right: int
    predicted: int
    #: Right and predicted over the last WINDOW plays of the round.
    recent_right: int
    recent_predicted: int
    #: The play of the first correct hypothesis (0: before the first play), if any.
    first_correct: int | None = None

    @property
    def got_it(self) -> bool:
        """Right on at least 80 % of at least 5 predictions over the last WINDOW plays."""
        return (
            self.recent_predicted >= GOT_IT_MIN
            and self.recent_right >= GOT_IT_SHARE * self.recent_predicted
        )


@dataclass(frozen=True, slots=True)
class LearningCurve:
    """A round's curves: one per student who predicted or found the rule, and the group's."""

    plays: int
    students: tuple[Curve, ...]
    group: Curve

    @property
    def has_predictions(self) -> bool:
        """Whether anyone's prediction was judged this round."""
        return self.group.predicted > 0


def _curve(
    judged: Sequence[PlayPrediction], plays: int, seat: str | None, first: int | None = None
) -> Curve:
    """The curve of `judged` predictions (all of them already the owner's)."""
    points = []
    for play in sorted({p.play for p in judged if p.play is not None}):
        upto = [p for p in judged if p.play is not None and p.play <= play]
        recent = [p for p in upto if p.play is not None and p.play > play - WINDOW]
        points.append(Point(play, _share(upto), _share(recent)))
    last = [p for p in judged if p.play is not None and p.play > plays - WINDOW]
    return Curve(
        seat=seat,
        points=tuple(points),
        right=sum(1 for p in judged if p.right),
        predicted=len(judged),
        recent_right=sum(1 for p in last if p.right),
        recent_predicted=len(last),
        first_correct=first,
    )


def _share(predictions: Sequence[PlayPrediction]) -> float:
    return sum(1 for p in predictions if p.right) / len(predictions) if predictions else 0.0


def first_correct_plays(
    events: Sequence[Event],
    journal: Iterable[JournalRecord],
    equivalent: Callable[[str], bool | None],
) -> dict[str, int]:
    """For each seat, the play of its first correct hypothesis: a guess judged right or a
    journal entry `equivalent` finds to be the secret rule, whichever came first."""
    items = hypotheses(events, journal)
    at_play = play_numbers(events, (item.seq for item in items))
    found: dict[str, int] = {}
    for item, play in zip(items, at_play, strict=True):
        correct = item.right if item.kind == "guess" else equivalent(item.text) is True
        if correct and item.seat not in found:
            found[item.seat] = play
    return found


def learning_curve(
    events: Sequence[Event],
    journal: Iterable[JournalRecord] = (),
    *,
    equivalent: Callable[[str], bool | None] = lambda text: None,
) -> LearningCurve:
    """The round's curves, students in seat order; `equivalent` as for the debrief."""
    plays = sum(1 for event in events if isinstance(event, Judged))
    judged = [p for p in play_predictions(events) if p.right is not None]
    firsts = first_correct_plays(events, journal, equivalent)
    seats = next((event.seats for event in events if isinstance(event, Dealt)), ())
    ordered = [*seats, *sorted({p.seat for p in judged} - set(seats))]
    students = tuple(
        _curve([p for p in judged if p.seat == seat], plays, seat, firsts.get(seat))
        for seat in ordered
        if seat in firsts or any(p.seat == seat for p in judged)
    )
    first = min(firsts.values(), default=None)
    return LearningCurve(plays, students, _curve(judged, plays, None, first))


def live_accuracy(state: RoundState | None) -> dict[str, object]:
    """For the teacher's panel, from the round's state alone: each seat's and the table's
    predictions over the last WINDOW plays anyone predicted, and who has got it.

    The state does not remember plays nobody predicted; in a class where everyone predicts,
    those are the plays made before anyone had a go, and they say nothing of anyone's learning.
    """
    judged = [p for p in (state.predictions if state else ()) if p.right is not None]
    recent_plays = sorted({p.play for p in judged})[-WINDOW:]
    recent = [p for p in judged if p.play in recent_plays]

    def figures(owned: Sequence[Prediction]) -> dict[str, object]:
        right = sum(1 for p in owned if p.right)
        window = Curve(None, (), 0, 0, right, len(owned))
        percent = round(100 * right / len(owned)) if owned else None
        return {
            "right": right,
            "predicted": len(owned),
            "percent": percent,
            "got_it": window.got_it,
        }

    seats = state.seats if state else ()
    return {
        "window": WINDOW,
        "plays": len(recent_plays),
        "group": figures(recent),
        "seats": {seat: figures([p for p in recent if p.seat == seat]) for seat in seats},
    }
