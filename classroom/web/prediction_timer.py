"""The timer of everyone-predicts: when the app deals, its verdict on a play waits for the
table's predictions for at most the class's window; a background task closes the window then.

The task only calls the use case, which judges the play if that same play still waits, so a
window closed early (everyone predicted), or by another server process, is left alone. A
server restarted meanwhile lost its tasks: the next action on the group, or a tablet
connecting, closes the overdue window instead (`close_overdue`).
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from flask import Flask, current_app

from classroom.usecases import Change, ServiceError
from classroom.web.context import use_cases
from classroom.web.extensions import socketio
from classroom.web.notifier import notifier

__all__ = ["after_change", "close_overdue", "timers_running"]

log = logging.getLogger(__name__)

#: A little after the window's end, so the stored deadline has surely passed.
MARGIN_S = 0.05

_count_lock = threading.Lock()
_running = 0
#: The timers asleep, by (group, play): each wakes early once its play has its verdict, so a
#: window everyone answered holds no task (nor a test's teardown) for its whole length.
_asleep: dict[tuple[int, int], Any] = {}


def timers_running() -> int:
    """How many windows' timers are still asleep (tests wait for none before the next app)."""
    with _count_lock:
        return _running


def _count(step: int) -> None:
    global _running
    with _count_lock:
        _running += step


def after_change(change: Change) -> None:
    """Start the window's timer if `change` left a play waiting for the app's predictions;
    wake the timers of the group's plays that no longer wait."""
    snapshot = change.snapshot
    if change.duplicate or snapshot is None:
        return
    _wake_judged(change.group_id, snapshot.state)
    if snapshot.predict_left is None:
        return
    state = snapshot.state
    if state is None or state.pending is None or state.phase != "judging_play":
        return
    if state.pending.since != change.events[-1].seq:
        return  # a prediction: the play's own change started the timer
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    key = (change.group_id, state.pending.since)
    alarm = socketio.server.eio.create_event()
    with _count_lock:
        _asleep[key] = alarm
    _count(1)
    socketio.start_background_task(_close_later, app, key, alarm, snapshot.predict_left)


def _wake_judged(group_id: int, state: Any) -> None:
    waiting = state.pending.since if state is not None and state.pending is not None else None
    with _count_lock:
        done = [key for key in _asleep if key[0] == group_id and key[1] != waiting]
        alarms = [_asleep.pop(key) for key in done]
    for alarm in alarms:
        alarm.set()


def close_overdue(group_id: int) -> None:
    """Judge the group's waiting play now if its window has passed, and tell everybody."""
    try:
        change = use_cases().predictions.close_overdue(group_id)
    except ServiceError:
        return
    if change is not None:
        notifier().announce(change)


def _close_later(app: Flask, key: tuple[int, int], alarm: Any, seconds: float) -> None:
    try:
        alarm.wait(seconds + MARGIN_S)
        # Woken early or not: the use case judges the play only if it still waits.
        _close(app, *key)
    finally:
        with _count_lock:
            _asleep.pop(key, None)
        _count(-1)


def _close(app: Flask, group_id: int, play: int) -> None:
    with app.app_context():
        try:
            change = use_cases().predictions.close_predictions(group_id, play)
        except ServiceError:
            return  # the class was deleted meanwhile
        except Exception:  # a timer must not die silently: the next action closes it anyway
            log.exception("closing the predictions of group %s failed", group_id)
            return
        if change is not None:
            notifier().announce(change)
