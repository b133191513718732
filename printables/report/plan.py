"""What goes in a game report (no drawing here): one played round of a group, computed from its
event log: the layout, the timeline of guesses, hints and no-plays, the hypothesis journal,
the scores, the rule.

Pure: the caller reads the group's record and hands it over.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from classroom.core.cards import Card
from classroom.core.games import express as game
from classroom.core.games.express import Event, RoundState
from classroom.core.games.express.scoring import HAND_SIZE, dealer_score, round_scores
from classroom.projections.journal_view import JournalRecord
from classroom.projections.learning_curve import LearningCurve, learning_curve
from printables.kit.i18n import speaking
from printables.report.info import RoundInfo, rule_texts
from printables.report.information_pdf import RoundInformation, round_information
from printables.report.journal import Checker, JournalLine, journal_lines
from printables.report.timeline import Entry, Verdict, ending, namer, timeline

__all__ = [
    "Checker",
    "Counts",
    "Entry",
    "GameReport",
    "JournalLine",
    "RoundInfo",
    "ScoreLine",
    "Verdict",
    "game_report",
    "timeline",
]


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """A player's score for the round: 12 minus the cards left, plus any bonus."""

    seat: str
    nickname: str
    cards_left: int
    bonus: int
    score: int


@dataclass(frozen=True, slots=True)
class Counts:
    """How much happened: plays and their verdicts, no-plays, guesses, hints."""

    plays: int
    accepted: int
    rejected: int
    no_plays: int
    guesses: int
    hints: int


@dataclass(frozen=True, slots=True)
class GameReport:
    """Everything the report prints about one round."""

    info: RoundInfo
    rule_title: str
    rule_plain: str | None
    #: The rule in the rule language ('' for a rule in plain words).
    rule_canonical: str
    mainline: tuple[Card, ...]
    sidelines: tuple[tuple[Card, ...], ...]
    timeline: tuple[Entry, ...]
    #: Every student's hypotheses in order, grouped by student in seat order.
    journal: tuple[JournalLine, ...]
    scores: tuple[ScoreLine, ...]
    dealer_score: int
    #: The student who dealt, or None when the app did.
    dealer_name: str | None
    counts: Counts
    over: bool
    ending: str
    #: Everyone's predictions play after play (None: not computed).
    curve: LearningCurve | None = None
    #: What each play taught, beside ideal scientists on the same deal (None: not computed).
    information: RoundInformation | None = None


def _counts(events: Sequence[Event], state: RoundState) -> Counts:
    judged = [e for e in events if isinstance(e, game.Judged)]
    accepted = sum(1 for e in judged if e.correct)
    return Counts(
        plays=sum(1 for e in events if isinstance(e, game.Played)),
        accepted=accepted,
        rejected=len(judged) - accepted,
        no_plays=sum(1 for e in events if isinstance(e, game.NoPlay)),
        guesses=len(state.guesses),
        hints=len(state.hints),
    )


def _score_lines(state: RoundState, who: Mapping[str, str]) -> tuple[ScoreLine, ...]:
    scores = round_scores(state)
    sizes = state.hand_sizes()
    lines = []
    for seat in state.seats:
        bonus = scores[seat] - (HAND_SIZE - sizes[seat])
        lines.append(ScoreLine(seat, who[seat], sizes[seat], bonus, scores[seat]))
    return tuple(lines)


def game_report(
    events: Sequence[Event],
    info: RoundInfo,
    names: Mapping[str, str],
    *,
    journal: Sequence[JournalRecord] = (),
    checker: Checker | None = None,
    language: str = "en",
) -> GameReport:
    """The report of one round from its whole event log and its hypothesis journal, its texts
    in `language`; `names` maps seat ids to nicknames, `checker` gives the checker's answers
    on the hypotheses where the caller has them."""
    with speaking(language):
        return _report(events, info, names, journal, checker)


def _report(
    events: Sequence[Event],
    info: RoundInfo,
    names: Mapping[str, str],
    journal: Sequence[JournalRecord],
    checker: Checker | None,
) -> GameReport:
    dealer = names.get(info.dealer, "?") if info.dealer else None
    entries, state = timeline(events, names, hinter=dealer)
    who = namer(names, state.seats)
    title, plain, canonical = rule_texts(info)
    lines = _score_lines(state, who)
    return GameReport(
        info=info,
        rule_title=title,
        rule_plain=plain,
        rule_canonical=canonical,
        mainline=state.layout.mainline,
        sidelines=state.layout.sidelines,
        timeline=entries,
        journal=journal_lines(journal, events, state.layout, who, checker=checker),
        scores=lines,
        dealer_score=dealer_score({line.seat: line.score for line in lines}),
        dealer_name=dealer,
        counts=_counts(events, state),
        over=state.is_over,
        ending=ending(state, who),
        curve=learning_curve(events, journal, equivalent=_sameness(checker)),
        information=round_information(events, info, journal),
    )


def _sameness(checker: Checker | None) -> Callable[[str], bool | None]:
    """Whether a hypothesis is the secret rule, as far as the checker's answers go."""

    def same(text: str) -> bool | None:
        answer = checker(text) if checker else None
        if answer is None or answer.verdict == "not_a_rule":
            return None
        return answer.verdict == "same"

    return same
