"""What goes in a game report (no drawing here): one played round of a group, computed from its
event log: the layout, the timeline of guesses, hints and no-plays, the scores, the rule.

Pure: the caller reads the group's record and hands it over.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from classroom.core import game
from classroom.core.cards import Card
from classroom.core.game import Event, RoundState
from classroom.core.rules import RuleError, compile_rule
from classroom.core.scoring import HAND_SIZE, dealer_score, round_scores
from classroom.projections.class_record import GroupRecord
from printables.classpack import library_rule_for
from printables.common import PrintableError
from printables.i18n import current_language, speaking
from printables.i18n import gettext as _

__all__ = [
    "Counts",
    "Entry",
    "GameReport",
    "RoundInfo",
    "RoundNotPlayed",
    "ScoreLine",
    "Verdict",
    "game_report",
    "round_report",
    "timeline",
]

Verdict = Literal["right", "wrong", "pending", ""]


@dataclass(frozen=True, slots=True)
class RoundInfo:
    """Which round this is, the rule it was played with, and its dealer.

    `rule_kind` is "language" for a rule in the rule language, "free" for a student dealer's
    rule in plain words; `dealer` is the dealing seat's engine id, None when the app dealt.
    """

    class_name: str
    group_name: str
    round_number: int
    rule_text: str
    rule_id: str | None = None
    rule_kind: str = "language"
    dealer: str | None = None


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the timeline: `mainline` cards were on the mainline when it happened."""

    seq: int
    kind: Literal["deal", "guess", "no_play", "hint", "deck", "end"]
    who: str
    text: str
    verdict: Verdict
    mainline: int


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
    scores: tuple[ScoreLine, ...]
    dealer_score: int
    #: The student who dealt, or None when the app did.
    dealer_name: str | None
    counts: Counts
    over: bool
    ending: str


def _namer(names: Mapping[str, str], seats: Sequence[str]) -> Mapping[str, str]:
    """Nickname by engine seat id; a seat removed since is 'Student N' (its place at the table)."""
    return {
        seat: names.get(seat) or _("Student {n}").format(n=n) for n, seat in enumerate(seats, 1)
    }


def _entry(event: Event, state: RoundState, who: Mapping[str, str], hinter: str) -> Entry | None:
    """The timeline line an event starts, or None for plays, verdicts and passes."""
    at = len(state.layout.mainline)
    match event:
        case game.Dealt(seats=seats, starter=starter, hands=hands):
            text = _("{n} players, {size} cards each; the starter is {card}.").format(
                n=len(seats), size=len(hands[0]), card=starter.label
            )
            return Entry(event.seq, "deal", "", text, "", at)
        case game.Guessed(seat=seat, text=text):
            return Entry(event.seq, "guess", who[seat], text, "pending", at)
        case game.NoPlay(seat=seat):
            text = _("No card in my hand can be played.")
            return Entry(event.seq, "no_play", who[seat], text, "pending", at)
        case game.Hint(text=text):
            return Entry(event.seq, "hint", hinter, text, "", at)
        case game.DeckAdded():
            return Entry(event.seq, "deck", "", _("A fresh deck went under the stock."), "", at)
        case game.RoundEnded():
            return Entry(event.seq, "end", "", _ending(state, who), "", at)
    return None


def _judged(entry: Entry, event: Event) -> Entry:
    """The guess or no-play `entry` once `event` (its verdict) is known."""
    if isinstance(event, game.GuessJudged):
        return replace(entry, verdict="right" if event.right else "wrong")
    assert isinstance(event, game.NoPlayJudged)
    if event.right:
        return replace(entry, verdict="right")
    text = _("{claim} But {card} could be played.").format(
        claim=entry.text, card=event.card.label if event.card else "?"
    )
    return replace(entry, verdict="wrong", text=text)


def timeline(
    events: Iterable[Event], names: Mapping[str, str], *, hinter: str | None = None
) -> tuple[tuple[Entry, ...], RoundState]:
    """The timeline of a round's events, and the state they fold to.

    Hints are by `hinter`: the student who dealt, or by default the teacher.
    """
    hinter = hinter or _("Teacher")
    entries: list[Entry] = []
    state: RoundState | None = None
    who: Mapping[str, str] = {}
    for event in events:
        state = game.apply(state, event)
        if isinstance(event, game.Dealt):
            who = _namer(names, event.seats)
        if isinstance(event, game.GuessJudged | game.NoPlayJudged):
            last = max(i for i, e in enumerate(entries) if e.kind in ("guess", "no_play"))
            entries[last] = _judged(entries[last], event)
        elif (entry := _entry(event, state, who, hinter)) is not None:
            entries.append(entry)
    if state is None:
        raise game.BadEvent(_("An empty log has no round in it."))
    return tuple(entries), state


def _ending(state: RoundState, who: Mapping[str, str]) -> str:
    """How the round ended, in words; for a round still running, that it is."""
    winner = who.get(state.winner or "", "")
    endings = {
        "emptied": _("{winner} played their last card."),
        "guessed": _("{winner} guessed the rule."),
        "stock_out": _("The stock ran out."),
        "teacher": _("The teacher ended the round."),
    }
    if state.end_reason is None:
        return _("The round is still being played.")
    return endings[state.end_reason].format(winner=winner)


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


def _rule(info: RoundInfo) -> tuple[str, str | None, str]:
    """The rule's title, its plain-language text (if any) and its rule-language text."""
    if info.rule_kind == "free":
        return _("The dealer's rule, in their words"), info.rule_text, ""
    library = library_rule_for(info.rule_text, info.rule_id)
    try:
        canonical = str(compile_rule(info.rule_text))
    except RuleError:
        canonical = info.rule_text
    if library is None:
        return _("Custom rule"), None, canonical
    language = current_language()
    return library.title_in(language), library.text_in(language), canonical


def game_report(
    events: Sequence[Event], info: RoundInfo, names: Mapping[str, str], *, language: str = "en"
) -> GameReport:
    """The report of one round from its whole event log, its texts in `language`; `names` maps
    seat ids to nicknames."""
    with speaking(language):
        return _report(events, info, names)


def _report(events: Sequence[Event], info: RoundInfo, names: Mapping[str, str]) -> GameReport:
    dealer = names.get(info.dealer, "?") if info.dealer else None
    entries, state = timeline(events, names, hinter=dealer)
    who = _namer(names, state.seats)
    title, plain, canonical = _rule(info)
    lines = _score_lines(state, who)
    return GameReport(
        info=info,
        rule_title=title,
        rule_plain=plain,
        rule_canonical=canonical,
        mainline=state.layout.mainline,
        sidelines=state.layout.sidelines,
        timeline=entries,
        scores=lines,
        dealer_score=dealer_score({line.seat: line.score for line in lines}),
        dealer_name=dealer,
        counts=_counts(events, state),
        over=state.is_over,
        ending=_ending(state, who),
    )


class RoundNotPlayed(PrintableError):
    """The group has not played the round asked for (or any round yet)."""


def round_report(
    group: GroupRecord,
    *,
    class_name: str,
    round_number: int | None = None,
    language: str = "en",
) -> GameReport:
    """The report of a group's round (its latest by default) from the group's record, its
    texts in `language`.

    RoundNotPlayed when the group has not played that round.
    """
    played = group.round(round_number)
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
    return game_report(played.events, info, group.names, language=language)
