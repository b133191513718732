"""What the table has shown: every judged play of a round, and the candidates it leaves.

A *trial* is one judged play as everyone at the table saw it: the mainline it followed, the
card (Eleusis Express) or string (New Eleusis) played, and the verdict. A wrong string says only
that some card of it was wrong, so a trial keeps the string whole. Trials are read from a round's
log, of either game (`trials`), and fold into the set of candidates still consistent
(`consistent`); one more trial is one AND (`after`).

>>> import random
>>> from classroom.core.games.express import Round
>>> from classroom.core.robots.candidates import candidate_set
>>> from classroom.core.rules import compile_rule
>>> game = Round.deal(["Ana", "Ben", "Chen"], random.Random(5),
...                   judge=compile_rule("card.color != prev.color"))
>>> _ = game.play("Ana", game.state.hand("Ana")[0])
>>> [(t.seat, len(t.mainline), t.accepted) for t in trials(game.events)]
[('Ana', 1, False)]
>>> candidates = candidate_set()
>>> left = consistent(candidates, trials(game.events))
>>> 0 < left.bit_count() < len(candidates)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from classroom.core.cards import Card
from classroom.core.eventlog import LoggedEvent
from classroom.core.games import express, new_eleusis
from classroom.core.robots.candidates import CandidateSet

__all__ = ["Trial", "after", "consistent", "ruled_out_by_guesses", "trials"]


@dataclass(frozen=True, slots=True)
class Trial:
    """One judged play: who played, the mainline it followed, the cards, the verdict."""

    seat: str
    #: The mainline (starter first) the play was judged against.
    mainline: tuple[Card, ...]
    cards: tuple[Card, ...]
    accepted: bool
    #: The seq of the event that judged it.
    seq: int


def trials(events: Iterable[LoggedEvent]) -> tuple[Trial, ...]:
    """Every judged play of a round's log (either game), in the order judged.

    A card the dealer played for a wrong no-play is a trial too: it was accepted.
    """
    found: list[Trial] = []
    mainline: tuple[Card, ...] = ()
    for event in events:
        if isinstance(event, express.Dealt | new_eleusis.Dealt):
            mainline = (event.starter,)
            continue
        trial = _trial(event, mainline)
        if trial is not None:
            found.append(trial)
            if trial.accepted:
                mainline = (*mainline, *trial.cards)
    return tuple(found)


def _trial(event: LoggedEvent, mainline: tuple[Card, ...]) -> Trial | None:
    if isinstance(event, express.Judged):
        return Trial(event.seat, mainline, (event.card,), event.correct, event.seq)
    if isinstance(event, new_eleusis.Judged):
        return Trial(event.seat, mainline, event.cards, event.correct, event.seq)
    if isinstance(event, express.NoPlayJudged | new_eleusis.NoPlayJudged) and event.card:
        return Trial(event.seat, mainline, (event.card,), True, event.seq)
    return None


def after(candidates: CandidateSet, alive: int, trial: Trial) -> int:
    """The candidates of `alive` that agree with the verdict of `trial`."""
    accepting = candidates.accepting(trial.mainline, trial.cards)
    return alive & accepting if trial.accepted else alive & ~accepting


def consistent(
    candidates: CandidateSet, seen: Sequence[Trial], *, wrong_guesses: Iterable[str] = ()
) -> int:
    """The candidates that agree with every trial and are none of the wrong guesses."""
    alive = candidates.everything & ~ruled_out_by_guesses(candidates, wrong_guesses)
    for trial in seen:
        alive = after(candidates, alive, trial)
    return alive


def ruled_out_by_guesses(candidates: CandidateSet, wrong_guesses: Iterable[str]) -> int:
    """The candidates that mean what a guess the dealer called wrong said."""
    bits = 0
    for text in wrong_guesses:
        number = candidates.find(text)
        if number is not None:
            bits |= 1 << number
    return bits
