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
from classroom.core.scoring import HAND_SIZE, dealer_score, round_scores
from classroom.projections.class_record import GroupRecord, RoundRecord
from classroom.projections.journal_view import JournalRecord
from classroom.projections.learning_curve import LearningCurve, learning_curve
from printables.common import PrintableError
from printables.i18n import gettext as _
from printables.i18n import speaking
from printables.ne_report import NeGameReport, ne_round_report
from printables.report_info import RoundInfo, rule_texts
from printables.report_journal import Checker, JournalLine, journal_lines
from printables.report_timeline import Entry, Verdict, ending, namer, timeline

__all__ = [
    "Checker",
    "Counts",
    "Entry",
    "GameReport",
    "JournalLine",
    "NeGameReport",
    "RoundInfo",
    "RoundNotPlayed",
    "ScoreLine",
    "Verdict",
    "game_report",
    "round_report",
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
    )


def _sameness(checker: Checker | None) -> Callable[[str], bool | None]:
    """Whether a hypothesis is the secret rule, as far as the checker's answers go."""

    def same(text: str) -> bool | None:
        answer = checker(text) if checker else None
        if answer is None or answer.verdict == "not_a_rule":
            return None
        return answer.verdict == "same"

    return same


class RoundNotPlayed(PrintableError):
    """The group has not played the round asked for (or any round yet)."""


def round_report(
    group: GroupRecord,
    *,
    class_name: str,
    round_number: int | None = None,
    checker: Checker | None = None,
    language: str = "en",
) -> GameReport | NeGameReport:
    """The report of a group's round (its latest by default) from the group's record, its
    texts in `language`; `checker` as for `game_report`. A New Eleusis round gets its own
    report (`printables.ne_report`).

    RoundNotPlayed when the group has not played that round.
    """
    played = group.round(round_number)
    if played is not None and played.new_eleusis:
        return _new_eleusis_report(group, played, class_name, language)
    if played is None:
        with speaking(language):
            message = (
                _("{group} has not played round {n}.")
                if round_number
                else _("{group} has not played a round yet.")
            )
        raise RoundNotPlayed(message.format(group=group.name, n=round_number))
    info = RoundInfo(
        class_name=class_name,
        group_name=group.name,
        round_number=played.number,
        rule_text=played.rule_text,
        rule_id=played.rule_id,
        rule_kind=played.rule_kind,
        dealer=played.dealer,
    )
    return game_report(
        played.events,
        info,
        group.names,
        journal=played.journal,
        checker=checker,
        language=language,
    )


def _new_eleusis_report(
    group: GroupRecord, played: RoundRecord, class_name: str, language: str
) -> NeGameReport:
    """The report of a New Eleusis round; RoundNotPlayed while its cards are not dealt."""
    info = RoundInfo(
        class_name=class_name,
        group_name=group.name,
        round_number=played.number,
        rule_text=played.rule_text,
        rule_id=played.rule_id,
        rule_kind=played.rule_kind,
        dealer=played.dealer,
    )
    with speaking(language):
        report = ne_round_report(group, played, info, rule_texts(info))
        if report is None:
            message = _("{group} has not played round {n}.")
            raise RoundNotPlayed(message.format(group=group.name, n=played.number))
    return report
