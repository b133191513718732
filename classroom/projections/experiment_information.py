"""What each play taught: how many candidate rules were still possible before and after it, and
whether it could have proved its player's own last hypothesis wrong. Pure functions.

The candidates are the robots' (`classroom.core.robots.candidates`): every library rule and
builder filling, merged by meaning. A play that left as many candidates as it found could not
have taught anything: every rule still possible agreed on its verdict. Beside the class's plays,
`ideal_curve` replays the same deal with three ideal scientists, for the debrief's comparison.

>>> import random
>>> from classroom.core.games.express import Round
>>> from classroom.core.rules import compile_rule
>>> game = Round.deal(["Ana", "Ben", "Chen"], random.Random(5),
...                   judge=compile_rule("card.color != prev.color"))
>>> _ = game.play("Ana", game.state.hand("Ana")[0])
>>> taught = experiment_information(game.events)
>>> play = taught.plays[0]
>>> (play.play, play.seat, play.before > play.after > 0, 0 < play.ruled_out < 1)
(1, 'Ana', True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from classroom.core.cards import Card
from classroom.core.eventlog import LoggedEvent
from classroom.core.games import express, new_eleusis
from classroom.core.robots.candidates import CandidateSet, candidate_set
from classroom.core.robots.evidence import Trial, after, trials
from classroom.core.robots.information import bits_learned, ruled_out
from classroom.core.robots.players import IdealScientist
from classroom.core.robots.tables import play_express, play_new_eleusis
from classroom.core.rules import Rule, RuleError, compile_rule
from classroom.projections.journal_view import JournalRecord

__all__ = [
    "ExperimentInformation",
    "IdealCurve",
    "PlayInformation",
    "experiment_information",
    "ideal_curve",
]

#: How many plays the debrief names as the most informative.
MOST_INFORMATIVE = 3


@dataclass(frozen=True, slots=True)
class PlayInformation:
    """One judged play and what it taught."""

    #: 1 is the first play judged (as in the debrief and the learning curve).
    play: int
    seat: str
    cards: tuple[Card, ...]
    accepted: bool
    #: Candidates consistent with the table before and after the verdict.
    before: int
    after: int
    #: The player's own last hypothesis before the play, if it is rule-language text.
    hypothesis: str | None = None
    #: Whether the verdict could have disagreed with that hypothesis: some candidate still
    #: possible judged the play otherwise (None: no hypothesis to test).
    could_refute: bool | None = None
    #: Whether the verdict did disagree with it.
    refuted: bool | None = None

    @property
    def ruled_out(self) -> float | None:
        """The share of what was still possible that the play ruled out (None: nothing was)."""
        return ruled_out(self.before, self.after)

    @property
    def bits(self) -> float | None:
        """What the play taught, in bits."""
        return bits_learned(self.before, self.after)

    @property
    def taught_nothing(self) -> bool:
        """True when every candidate still possible agreed on the verdict."""
        return self.before > 0 and self.after == self.before


@dataclass(frozen=True, slots=True)
class ExperimentInformation:
    """What every play of one round taught."""

    plays: tuple[PlayInformation, ...]
    #: How many candidates there are before the first play.
    candidates: int

    @property
    def curve(self) -> tuple[int, ...]:
        """Candidates still possible after each play (index 0: before any play)."""
        return (self.candidates, *(play.after for play in self.plays))

    @property
    def most_informative(self) -> tuple[PlayInformation, ...]:
        """The plays that ruled out the largest shares, the earlier first among equals."""
        useful = [p for p in self.plays if p.ruled_out]
        useful.sort(key=lambda p: (-(p.ruled_out or 0.0), p.play))
        return tuple(useful[:MOST_INFORMATIVE])

    @property
    def uninformative(self) -> tuple[PlayInformation, ...]:
        """The plays that could not have taught anything."""
        return tuple(p for p in self.plays if p.taught_nothing)


def experiment_information(
    events: Sequence[LoggedEvent],
    journal: Iterable[JournalRecord] = (),
    *,
    candidates: CandidateSet | None = None,
) -> ExperimentInformation:
    """What each play of a round's log (either game) taught, and whether it tested its
    player's latest journal entry or guess written before it."""
    candidates = candidates or candidate_set()
    written = _hypotheses(events, journal)
    alive = candidates.everything
    plays = []
    for number, trial in enumerate(trials(events), start=1):
        left = after(candidates, alive, trial)
        latest = _latest(written, trial.seat, trial.seq)
        plays.append(_information(candidates, number, trial, alive, left, latest))
        alive = left
    return ExperimentInformation(tuple(plays), len(candidates))


def _information(
    candidates: CandidateSet,
    number: int,
    trial: Trial,
    alive: int,
    left: int,
    hypothesis: tuple[str, Rule] | None,
) -> PlayInformation:
    found = PlayInformation(
        number, trial.seat, trial.cards, trial.accepted, alive.bit_count(), left.bit_count()
    )
    if hypothesis is None:
        return found
    text, rule = hypothesis
    says = _accepts(rule, trial.mainline, trial.cards)
    accepting = candidates.accepting(trial.mainline, trial.cards)
    others = alive & ~accepting if says else alive & accepting
    return PlayInformation(
        found.play,
        found.seat,
        found.cards,
        found.accepted,
        found.before,
        found.after,
        text,
        could_refute=bool(others),
        refuted=says != trial.accepted,
    )


def _accepts(rule: Rule, mainline: tuple[Card, ...], cards: Sequence[Card]) -> bool:
    line = mainline
    for card in cards:
        if not rule.allows(line, card):
            return False
        line = (*line, card)
    return True


def _hypotheses(
    events: Sequence[LoggedEvent], journal: Iterable[JournalRecord]
) -> list[tuple[int, str, str]]:
    """(seq, seat, text) of every guess and journal entry, in log order."""
    found = [(e.seq, e.seat, e.text) for e in events if isinstance(e, express.Guessed)]
    found += [(record.seq, record.seat, record.text) for record in journal]
    return sorted(found, key=lambda item: item[0])


def _latest(
    written: Sequence[tuple[int, str, str]], seat: str, before: int
) -> tuple[str, Rule] | None:
    """The last hypothesis `seat` wrote before event `before`, compiled; None if not a rule."""
    texts = [text for seq, who, text in written if who == seat and seq < before]
    if not texts:
        return None
    try:
        return texts[-1], compile_rule(texts[-1])
    except RuleError:
        return None


@dataclass(frozen=True, slots=True)
class IdealCurve:
    """Three ideal scientists on the round's own deal: candidates left after each play."""

    curve: tuple[int, ...]
    #: The play at which they named the rule (a right guess, or a prophet kept to the end).
    found_at: int | None


def ideal_curve(
    events: Sequence[LoggedEvent],
    rule: Rule,
    *,
    seed: int = 0,
    candidates: CandidateSet | None = None,
) -> IdealCurve | None:
    """Ideal scientists in every seat of the round's deal (None: the log has no deal)."""
    candidates = candidates or candidate_set()
    dealt = next((e for e in events if isinstance(e, express.Dealt | new_eleusis.Dealt)), None)
    if dealt is None:
        return None
    robots = {seat: IdealScientist(seed=seed, candidates=candidates) for seat in dealt.seats}
    rng = random.Random(seed)
    if isinstance(dealt, express.Dealt):
        played = play_express(robots, rule, rng, dealt=dealt)
        log, found = played.events, played.found_at
    else:
        ne_played = play_new_eleusis(robots, rule, rng, dealt=dealt)
        log, found = ne_played.events, ne_played.found_at
    return IdealCurve(experiment_information(log, candidates=candidates).curve, found)
