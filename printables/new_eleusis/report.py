"""What the game report of a New Eleusis round holds (no drawing here): the table with its
markers, every event in words (strings and their verdicts, no plays, the prophet's calls and
what the dealer made of them, markers, expulsions, the end), the prophets' terms, the scores
with the prophet's bonus and the dealer's score, and what each play taught.

Pure: computed from the group's record (`classroom.projections.games.new_eleusis.record`
reads the log).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from classroom.core.cards import Card, printed_label
from classroom.core.games import new_eleusis as ne
from classroom.projections.class_record import GroupRecord, RoundRecord
from classroom.projections.games.new_eleusis.record import (
    NeDebrief,
    NeMoment,
    ne_debrief,
    ne_moments,
)
from printables.kit.i18n import current_language
from printables.kit.i18n import gettext as _
from printables.report.info import RoundInfo
from printables.report.information_pdf import RoundInformation, round_information
from printables.report.journal import JournalLine, journal_lines
from printables.report.timeline import namer

__all__ = ["NeEntry", "NeGameReport", "ne_entries", "ne_round_report"]


@dataclass(frozen=True, slots=True)
class NeEntry:
    """One line of the report's timeline: `cards_played` cards were on the table by then."""

    number: int
    cards_played: int
    who: str
    text: str
    #: "right", "wrong" or "" (no verdict).
    verdict: str


@dataclass(frozen=True, slots=True)
class NeGameReport:
    """Everything the report prints about one New Eleusis round."""

    info: RoundInfo
    rule_title: str
    rule_plain: str | None
    rule_canonical: str
    summary: NeDebrief
    names: Mapping[str, str]
    entries: tuple[NeEntry, ...]
    journal: tuple[JournalLine, ...]
    dealer_name: str | None
    ending: str
    #: What each play taught (the Express report's section, computed the same way).
    information: RoundInformation | None = None


def _labels(cards: Sequence[Card]) -> str:
    language = current_language()
    return " ".join(printed_label(card, language) for card in cards)


def _line(moment: NeMoment, who: Mapping[str, str]) -> tuple[str, str, str] | None:
    """Who, what and the verdict of an event worth a line (None: told by another line)."""
    event = moment.event
    name = who.get(getattr(event, "seat", "") or "", "")
    match event:
        case ne.Dealt():
            text = _("{n} players, {size} cards each; the starter is {card}.").format(
                n=len(event.seats), size=len(event.hands[0]), card=_labels([event.starter])
            )
            return "", text, ""
        case ne.Judged():
            return name, _labels(event.cards), "right" if event.correct else "wrong"
        case ne.NoPlay():
            return name, _("No card in my hand can be played."), ""
        case ne.NoPlayJudged():
            if event.right:
                return name, _("No play: right, a new hand of 4 fewer cards."), "right"
            if event.card is None:
                text = _(
                    "The dealer agrees with the prophet: a card can be played; the prophet must"
                    " point to one."
                )
                return name, text, "wrong"
            card = _labels([event.card])
            if moment.outcome == "pointed_right":
                text = _("The prophet pointed to a right card: {card} is played, 5 penalty cards.")
                return name, text.format(card=card), "wrong"
            if moment.outcome == "pointed_wrong":
                text = _(
                    "The prophet pointed to a wrong card: the dealer plays {card}, no penalty"
                    " cards, and the prophet is overthrown."
                )
                return name, text.format(card=card), ""
            text = _("No play: wrong, {card} could be played.").format(card=card)
            return name, text, "wrong"
        case ne.Called():
            said = (
                _("The prophet calls it right.")
                if event.right
                else _("The prophet calls it wrong.")
            )
            verdict = {"confirmed": "right", "overthrown": "wrong"}.get(moment.outcome or "", "")
            return name, said, verdict
        case ne.CallWaived():
            return name, _("No call: the prophet's tablet was away, the round went on."), ""
        case ne.Pointed():
            return name, _("The prophet points to {card}.").format(card=_labels([event.card])), ""
        case ne.Declared():
            text = _("Becomes the prophet; the marker goes on card {n}.")
            return name, text.format(n=moment.cards_played), ""
        case ne.Overthrown():
            return name, _("Overthrown as prophet: 5 penalty cards, the hand comes back."), ""
        case ne.Expelled():
            return name, _("Expelled (sudden death); the hand still counts."), ""
        case ne.TurnSkipped():
            return name, _("The teacher skipped this turn."), ""
        case ne.PlayerRemoved():
            text = _("Removed by the teacher: left the round, the cards went under the stock.")
            return name, text, ""
        case ne.Marked():
            return "", _("A marker goes on card {n}.").format(n=event.count), ""
        case ne.DeckAdded():
            return "", _("A fresh deck went under the stock."), ""
        case ne.Hint():
            return "", event.text, ""
        case ne.RoundEnded():
            return "", _("The round is over."), ""
    return None


def ne_entries(events: Sequence[ne.Event], who: Mapping[str, str]) -> tuple[NeEntry, ...]:
    """The timeline of a round: a played string shows once, with its verdict, and the
    prophet's call on it after it (the call is logged before the verdict the line carries; a
    call on a no-play stays between the claim and its verdict)."""
    lines: list[tuple[int, tuple[str, str, str]]] = []
    call: tuple[int, tuple[str, str, str]] | None = None
    string = False
    for moment in ne_moments(events):
        if isinstance(moment.event, ne.Played | ne.NoPlay):
            string = isinstance(moment.event, ne.Played)
        line = _line(moment, who)
        if line is None:
            continue
        if isinstance(moment.event, ne.Called) and string:
            call = (moment.cards_played, line)
            continue
        lines.append((moment.cards_played, line))
        if call is not None:
            lines.append((moment.cards_played, call[1]))
            call = None
    if call is not None:
        lines.append(call)
    return tuple(NeEntry(n, cards, *line) for n, (cards, line) in enumerate(lines, 1))


def ne_ending(summary: NeDebrief, who: Mapping[str, str]) -> str:
    """How the round ended, in words; for a round still running, that it is."""
    endings = {
        "emptied": _("{winner} played their last card."),
        "expelled": _("Nobody but the prophet was left playing."),
        "teacher": _("The teacher ended the round."),
    }
    if summary.end_reason is None:
        return _("The round is still being played.")
    return endings[summary.end_reason].format(winner=who.get(summary.winner or "", ""))


def ne_round_report(
    group: GroupRecord,
    played: RoundRecord,
    info: RoundInfo,
    rule: tuple[str, str | None, str],
) -> NeGameReport | None:
    """The report of a New Eleusis round of `group`; `rule` is its title, plain words and
    rule-language text (as the Express report finds them); None while its cards are not dealt
    (a student dealer still choosing the rule). Call inside `speaking(language)`."""
    summary = ne_debrief(played)
    if summary is None or not isinstance(played.events[0], ne.Dealt):
        return None
    who = namer(group.names, played.events[0].seats)
    state = ne.replay(played.events)
    title, plain, canonical = rule
    return NeGameReport(
        info=info,
        rule_title=title,
        rule_plain=plain,
        rule_canonical=canonical,
        summary=summary,
        names=who,
        entries=ne_entries(played.events, who),
        journal=journal_lines(played.journal, (), state.layout, who),
        dealer_name=group.nickname(played.dealer) if played.dealer else None,
        ending=ne_ending(summary, who),
        information=round_information(played.events, info, played.journal),
    )
