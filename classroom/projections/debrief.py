"""What the debrief after a round shows: the hypotheses in order, where the first correct one
appeared, and how the students tested their ideas. Pure functions.

A journal entry written when the log had reached seq `s` comes after event `s` and before
event `s + 1`; a guess sits at its own event.

>>> from classroom.core.cards import Card
>>> from classroom.core.games.express import Guessed, GuessJudged
>>> events = [Guessed(seq=4, seat="1", text="red"), GuessJudged(seq=5, seat="1", right=False)]
>>> note = JournalRecord("2", 4, "alternate colours", 7, Card.parse("KS"), False, "")
>>> [(h.kind, h.seq, h.text) for h in hypotheses(events, [note])]
[('guess', 4, 'red'), ('journal', 4, 'alternate colours')]
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from classroom.core.games.express import Event, Guessed, GuessJudged, Judged
from classroom.projections.journal_view import JournalRecord, prediction_outcome

__all__ = [
    "Debrief",
    "Hypothesis",
    "count_tested",
    "debrief",
    "first_correct",
    "hypotheses",
    "play_numbers",
]


@dataclass(frozen=True, slots=True)
class Hypothesis:
    """A journal entry or a guess, where it sits in the round's log."""

    kind: Literal["journal", "guess"]
    seq: int
    seat: str
    text: str
    #: A guess's verdict (None: not judged); always None for journal entries.
    right: bool | None = None
    confidence: int | None = None
    test_card: str | None = None
    predicted_accepted: bool | None = None
    #: Whether the test card was accepted once played (None: not played).
    accepted: bool | None = None
    written_at: str = ""

    @property
    def came_true(self) -> bool | None:
        """Whether the prediction came true (None: no prediction, or not tested)."""
        if self.accepted is None or self.predicted_accepted is None:
            return None
        return self.accepted == self.predicted_accepted

    @property
    def falsification(self) -> bool:
        """A test designed to fail: the writer predicted the test card would be rejected."""
        return self.test_card is not None and self.predicted_accepted is False


def hypotheses(
    events: Sequence[Event],
    journal: Iterable[JournalRecord],
    times: dict[int, str] | None = None,
) -> list[Hypothesis]:
    """Guesses (with their verdicts) and journal entries (with outcomes), in log order."""
    verdicts = {}
    pending: int | None = None
    for event in events:
        if isinstance(event, Guessed):
            pending = event.seq
        elif isinstance(event, GuessJudged) and pending is not None:
            verdicts[pending], pending = event.right, None
    keyed: list[tuple[tuple[int, int, int], Hypothesis]] = []
    for event in events:
        if isinstance(event, Guessed):
            at = (times or {}).get(event.seq, "")
            guess = Hypothesis(
                "guess", event.seq, event.seat, event.text, verdicts.get(event.seq), written_at=at
            )
            keyed.append(((event.seq, 0, 0), guess))
    for n, record in enumerate(journal):
        entry = Hypothesis(
            "journal",
            record.seq,
            record.seat,
            record.text,
            confidence=record.confidence,
            test_card=str(record.test_card) if record.test_card else None,
            predicted_accepted=record.predicted_accepted,
            accepted=prediction_outcome(record, events),
            written_at=record.written_at,
        )
        keyed.append(((record.seq, 1, n), entry))
    return [item for _, item in sorted(keyed, key=lambda pair: pair[0])]


def first_correct(
    items: Sequence[Hypothesis], equivalent: Callable[[str], bool | None]
) -> int | None:
    """The index of the first correct hypothesis: a guess judged right, or a journal entry
    `equivalent` finds to be the secret rule (None from it: not a rule, skipped)."""
    for index, item in enumerate(items):
        if item.kind == "guess" and item.right:
            return index
        if item.kind == "journal" and equivalent(item.text) is True:
            return index
    return None


def count_tested(items: Iterable[Hypothesis]) -> int:
    """Journal entries whose test card was then played."""
    return sum(1 for item in items if item.kind == "journal" and item.accepted is not None)


def play_numbers(events: Sequence[Event], seqs: Iterable[int]) -> tuple[int, ...]:
    """For each seq, how many plays had been judged by then: the class counts in plays, not in
    log events ("at play 21 of 40"; 0 is before the first play).

    >>> from classroom.core.cards import Card
    >>> seven = Card.parse("7H")
    >>> events = [Judged(seq=3, seat="1", card=seven, correct=True),
    ...           Judged(seq=5, seat="2", card=seven, correct=False)]
    >>> play_numbers(events, [1, 3, 4, 9])
    (0, 1, 1, 2)
    """
    judged = sorted(event.seq for event in events if isinstance(event, Judged))
    return tuple(bisect.bisect_right(judged, seq) for seq in seqs)


@dataclass(frozen=True, slots=True)
class Debrief:
    """The strip of hypotheses and the figures the debrief shows."""

    items: tuple[Hypothesis, ...]
    first_correct: int | None
    tested: int
    falsifications: int
    #: The plays judged in the round (cards put down: right or wrong).
    plays: int = 0
    #: For each item, the play it came at (see `play_numbers`).
    at_play: tuple[int, ...] = ()

    @property
    def first(self) -> Hypothesis | None:
        """The first correct hypothesis, if any."""
        return None if self.first_correct is None else self.items[self.first_correct]

    @property
    def first_at_play(self) -> int | None:
        """The play the first correct hypothesis came at, if any."""
        return None if self.first_correct is None else self.at_play[self.first_correct]

    @property
    def guesses(self) -> int:
        """How many hypotheses were guesses said to the dealer."""
        return sum(1 for item in self.items if item.kind == "guess")

    @property
    def written(self) -> int:
        """How many hypotheses were written in journals."""
        return len(self.items) - self.guesses


def debrief(
    events: Sequence[Event],
    journal: Iterable[JournalRecord],
    *,
    equivalent: Callable[[str], bool | None],
    times: dict[int, str] | None = None,
) -> Debrief:
    """The debrief of one round; `equivalent` says whether a journal entry is the secret rule
    as far as is known (None: not a rule, or not checked yet). It must answer at once: the
    checker's slow comparisons are done elsewhere and only read here."""
    items = tuple(hypotheses(events, journal, times))
    found = first_correct(items, equivalent)
    return Debrief(
        items=items,
        first_correct=found,
        tested=count_tested(items),
        falsifications=sum(1 for item in items if item.falsification),
        plays=sum(1 for event in events if isinstance(event, Judged)),
        at_play=play_numbers(events, (item.seq for item in items)),
    )
