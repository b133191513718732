"""The timer of everyone-predicts, as an effect of every change to a group.

When the app deals, its verdict on a play waits for the table's predictions for at most the
class's window. The change that leaves a play waiting sets an alarm for the window's end; the
alarm only asks the use case to close the window, which judges the play if that same play
still waits, so a window closed early (everyone predicted), or by another server process, is
left alone. Any later change to the group rings the alarms of plays no longer waiting, so a
window everyone answered holds no background task for its whole length.

A server restarted meanwhile lost its alarms: the next action on the group, or a tablet
connecting, closes the overdue window instead (`Predictions.close_overdue`).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any

from classroom.usecases.changes import Change
from classroom.usecases.effects import Alarms
from classroom.usecases.errors import ServiceError

__all__ = ["MARGIN_S", "PredictionWindows"]

#: A little after the window's end, so the stored deadline has surely passed.
MARGIN_S = 0.05


class PredictionWindows:
    """Sets and rings the alarms of the app's prediction windows."""

    def __init__(self, alarms: Alarms, close: Callable[[int, int], Any]) -> None:
        self._alarms = alarms
        self._close = close

    def __call__(self, change: Change) -> None:
        """Set the window's alarm if `change` left a play waiting for the app's predictions;
        ring early the alarms of the group's plays that no longer wait."""
        snapshot = change.snapshot
        if change.duplicate or snapshot is None or not change.events:
            return
        state = snapshot.state
        waiting = getattr(getattr(state, "pending", None), "since", None)
        for key in self._alarms.asleep():
            if key[0] == change.group_id and key[1] != waiting:
                self._alarms.ring_early(key)
        if snapshot.predict_left is None or state is None or waiting is None:
            return
        if state.phase != "judging_play" or waiting != change.events[-1].seq:
            return  # a prediction: the play's own change set the alarm
        key = (change.group_id, waiting)
        self._alarms.set(key, snapshot.predict_left + MARGIN_S, lambda: self._ring(*key))

    def _ring(self, group_id: int, play: int) -> None:
        with suppress(ServiceError):  # the class was deleted meanwhile
            self._close(group_id, play)
