"""Everyone predicts: while a card waits for its verdict, the other players forecast it.

With a student dealer the table predicts until the dealer judges. When the app deals, its
verdict waits until every other player has predicted or the class's window has passed (see
`verdict_window`); the web layer's timer calls `close_predictions` when the window ends, and
`close_overdue` closes a window a lost timer left open (a tablet connecting calls it).
"""

from __future__ import annotations

from collections.abc import Sequence

from classroom.core.games import express as game
from classroom.core.games.registry import find_game
from classroom.core.games.shape import Move
from classroom.core.text import _
from classroom.usecases.changes import Change
from classroom.usecases.context import Context, use_case
from classroom.usecases.errors import Conflict
from classroom.usecases.reading import snapshot_of
from classroom.usecases.running import student_round
from classroom.usecases.seats import SeatRef
from classroom.usecases.verdict_window import close_if_due, everyone_predicted, predicting

__all__ = ["Predictions"]


class Predictions:
    """A student's prediction, and the closing of the app's prediction window."""

    def __init__(self, context: Context) -> None:
        self.context = context
        self.uow = context.uow
        self.rng = context.rng
        self.states = context.states

    @use_case
    def predict(self, seat: SeatRef, move: Move, *, at_seq: int | None = None) -> Change:
        """`seat` forecasts the waiting card, or declines to (`move.kind` "skip_predict"); the
        last answer the app waited for brings the verdict at once. A forecast after an overdue
        window brings the verdict, not recorded (`late`). With `at_seq`, only while the round
        still stands there (a robot's forecast, chosen at that seq)."""
        with self.context.writing(seat.group_id) as uow:
            found = student_round(uow, seat, move.action_id)
            if isinstance(found, Change):
                return found
            group, round_row = found
            if not group.everyone_predicts:
                raise Conflict(_("This class does not predict the cards."))
            state = self.states.of(uow, round_row)
            if at_seq is not None and state.seq != at_seq:
                return Change(seat.group_id, seat.class_id, ())  # chosen for a table gone by
            closed, state = close_if_due(uow, self.states, self.rng, group, round_row, state)
            if closed:
                snapshot = snapshot_of(uow, group, round_row, state)
                change = Change(seat.group_id, seat.class_id, closed, snapshot=snapshot, late=True)
                self.context.changed(uow, change)
                uow.commit()
                return change
            if move.kind == "skip_predict":
                events = game.decline_prediction(state, str(seat.seat_id))
            else:
                events = game.predict(state, str(seat.seat_id), move.right)
            play = state.pending.since if state.pending else 0
            after = self.states.append(uow, round_row, events, state)
            if predicting(group, round_row) and everyone_predicted(after):
                verdict, after = close_if_due(
                    uow, self.states, self.rng, group, round_row, after, play=play
                )
                events += verdict
            uow.seats.remember_action(seat.seat_id, move.action_id, events[-1].seq)
            snapshot = snapshot_of(uow, group, round_row, after)
            change = Change(seat.group_id, seat.class_id, events, snapshot=snapshot)
            self.context.changed(uow, change)
            uow.commit()
            return change

    def close_predictions(self, group_id: int, play: int) -> Change | None:
        """The app's verdict on play `play` if it still waits (None otherwise): the window's
        timer calls it; a second call, or a call racing another process, does nothing."""
        return self._close(group_id, play, overdue_only=False)

    def close_overdue(self, group_id: int) -> Change | None:
        """The app's verdict on a play whose window has passed (None when none waits): a
        server restarted while a card waited never leaves it waiting."""
        with self.uow() as uow:  # a read first: most of the time nothing waits
            found = uow.groups.with_latest_round(group_id)
            if found is None or found[1] is None or found[1].dealer_seat_id is not None:
                return None
            if not find_game(found[1].mode).predictions:
                return None  # a game whose tables do not predict
            state = self.states.of(uow, found[1])
            if state.phase != "judging_play" or state.pending is None:
                return None
            play = state.pending.since
        return self._close(group_id, play, overdue_only=True)

    def close_all_overdue(self, group_ids: Sequence[int]) -> list[Change]:
        """`close_overdue` for those of the groups whose class predicts: a sweep, so that a
        window whose alarm was lost (its process died, its database connection dropped) is
        closed within moments, without waiting for a tablet to act or connect."""
        with self.uow() as uow:
            predicting = uow.groups.predicting(group_ids)
        closed = []
        for group_id in predicting:
            change = self.close_overdue(group_id)
            if change is not None:
                closed.append(change)
        return closed

    @use_case
    def _close(self, group_id: int, play: int, *, overdue_only: bool) -> Change | None:
        with self.context.writing(group_id) as uow:
            group, round_row = uow.groups.with_latest_round(group_id) or (None, None)
            if group is None or round_row is None or group.class_ended:
                return None
            if not find_game(round_row.mode).predictions:
                return None
            state = self.states.of(uow, round_row)
            if state.pending is None or state.pending.since != play:
                return None  # judged meanwhile, here or by another process
            forced = None if overdue_only else play
            events, after = close_if_due(
                uow, self.states, self.rng, group, round_row, state, play=forced
            )
            if not events:
                return None
            snapshot = snapshot_of(uow, group, round_row, after)
            change = Change(group_id, group.class_id, events, snapshot=snapshot)
            self.context.changed(uow, change)
            uow.commit()
            return change
