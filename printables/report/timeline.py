"""The timeline of a played round (no drawing here): the deal, every guess and no-play with
its verdict, the hints, the skipped turns, the students removed, and the end, numbered 1, 2,
3... as the game report prints them.

Pure: computed from the round's event log alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from classroom.core.games import express as game
from classroom.core.games.express import Event, RoundState
from printables.kit.i18n import gettext as _

__all__ = ["Entry", "Verdict", "ending", "namer", "timeline"]

Verdict = Literal["right", "wrong", "pending", ""]


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the timeline: `mainline` cards were on the mainline when it happened.

    `number` counts the lines from 1 (what the report's "#" column shows); `seq` is the
    event's place in the stored log, which skips every play and verdict and means nothing at
    the table.
    """

    seq: int
    kind: Literal["deal", "guess", "no_play", "hint", "deck", "skip", "removed", "end"]
    who: str
    text: str
    verdict: Verdict
    mainline: int
    number: int = 0


def namer(names: Mapping[str, str], seats: Sequence[str]) -> dict[str, str]:
    """Nickname by engine seat id, in seat order; a seat removed since is 'Student N' (its
    place at the table)."""
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
        case game.TurnSkipped(seat=seat):
            return Entry(event.seq, "skip", who[seat], _("The teacher skipped this turn."), "", at)
        case game.PlayerRemoved(seat=seat):
            text = _("Removed by the teacher: left the round, the cards went under the stock.")
            return Entry(event.seq, "removed", who[seat], text, "", at)
        case game.RoundEnded():
            return Entry(event.seq, "end", "", ending(state, who), "", at)
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
            who = namer(names, event.seats)
        if isinstance(event, game.GuessJudged | game.NoPlayJudged):
            last = max(i for i, e in enumerate(entries) if e.kind in ("guess", "no_play"))
            entries[last] = _judged(entries[last], event)
        elif (entry := _entry(event, state, who, hinter)) is not None:
            entries.append(entry)
    if state is None:
        raise game.BadEvent(_("An empty log has no round in it."))
    return tuple(replace(e, number=n) for n, e in enumerate(entries, 1)), state


def ending(state: RoundState, who: Mapping[str, str]) -> str:
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
