"""A server log that a client cannot flood.

Whatever a client can make the server say (a refused connection, an event it had no right to
send) is said in one line, and only a few times a minute: `LineLimit` lets `per_window` lines
of each kind through per window, counts the rest, and tells the count on the next line of
that kind that gets through. A line's kind is its logger and its message before the values
are put in, so "refused: seat_gone from 10.0.0.7" and "... from 10.0.0.8" count together.
A refusal raised by a Socket.IO handler loses its traceback (it is an answer, not a fault).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

import socketio

__all__ = ["LineLimit", "install"]

#: Lines of one kind let through per window, and the window, in seconds.
LINES_PER_WINDOW = 5
WINDOW_S = 60.0
#: The kinds remembered at most (kinds are message templates, so a few dozen in practice).
MOST_KINDS = 1000

#: The loggers whose lines a client can cause: ours that log refusals, and Socket.IO's own
#: (which log a handler's exception with its traceback).
CLIENT_TRIGGERED = (
    "classroom.web.student.events",
    "classroom.web.reserved_events",
    "classroom.web.seat_budgets",
    "socketio.server",
    "engineio.server",
)


class LineLimit(logging.Filter):
    """At most `per_window` lines of each kind per `window` seconds; one line per refusal."""

    def __init__(
        self,
        per_window: int = LINES_PER_WINDOW,
        window: float = WINDOW_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        self.per_window = per_window
        self.window = window
        self.clock = clock
        self._lock = threading.Lock()
        # kind -> [window start, lines let through, lines held back]
        self._kinds: dict[tuple[str, int, str], list[float]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        kind = (record.name, record.levelno, str(record.msg))
        _without_refusal_traceback(record)
        now = self.clock()
        with self._lock:
            seen = self._kinds.get(kind)
            if seen is None or now - seen[0] >= self.window:
                held_back = int(seen[2]) if seen else 0
                if len(self._kinds) >= MOST_KINDS:
                    self._kinds.clear()
                seen = self._kinds[kind] = [now, 0, 0]
                if held_back:
                    _add_note(record, f"and {held_back} more like it not logged")
            if seen[1] >= self.per_window:
                seen[2] += 1
                return False
            seen[1] += 1
            if seen[1] == self.per_window:
                _add_note(record, f"more like it in the next {self.window:.0f} s are only counted")
        return True


def _add_note(record: logging.LogRecord, note: str) -> None:
    # Appended to the template, which the values (if any) are put into later.
    escaped = note.replace("%", "%%") if record.args else note
    record.msg = f"{record.msg} [{escaped}]"


def _without_refusal_traceback(record: logging.LogRecord) -> None:
    """A connection refused from inside a handler: its reason in the line, no traceback."""
    error = record.exc_info[1] if record.exc_info else None
    if isinstance(error, socketio.exceptions.ConnectionRefusedError):
        reason = error.error_args.get("message") if isinstance(error.error_args, dict) else None
        _add_note(record, f"refused: {reason or 'no reason given'}")
        record.exc_info = None
        record.exc_text = None


def install() -> LineLimit:
    """Limit the lines of the loggers a client can make speak, with fresh counts (a new app
    replaces the limit an earlier one in the same process installed)."""
    limit = LineLimit()
    for name in CLIENT_TRIGGERED:
        logger = logging.getLogger(name)
        for earlier in [f for f in logger.filters if isinstance(f, LineLimit)]:
            logger.removeFilter(earlier)
        logger.addFilter(limit)
    return limit
