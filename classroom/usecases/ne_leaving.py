"""A player who leaves a running New Eleusis round (the teacher removed the seat)."""

from __future__ import annotations

from classroom.core.games import new_eleusis as ne
from classroom.core.text import _
from classroom.usecases.errors import Conflict

__all__ = ["ne_seat_leaves"]


def ne_seat_leaves(state: ne.RoundState, seat: str, nickname: str) -> tuple[ne.Event, ...]:
    """The events by which a player leaves a running New Eleusis round: they stop playing, as
    if expelled (their turn passes on; the round ends when nobody else plays). A player the
    table waits for (their play's verdict, or the prophet's call) is refused with a reason."""
    if state.is_over or seat not in state.seats or seat in state.expelled:
        return ()
    pending = state.pending
    if state.phase in ne.OWED and pending is not None and pending.seat == seat:
        raise Conflict(_("%s is waiting for a verdict: give it, then remove them.") % nickname)
    if state.prophet == seat:
        raise Conflict(
            _("%s is the prophet: end the round, or remove them once they are overthrown.")
            % nickname
        )
    if state.phase in ne.OWED:
        raise Conflict(_("The table is waiting for a verdict: give it, then remove them."))
    events: list[ne.Event] = [ne.Expelled(seq=state.seq + 1, seat=seat)]
    after = ne.apply(state, events[0])
    if not after.players():
        events.append(ne.RoundEnded(seq=after.seq + 1, reason="expelled"))
    return tuple(events)
