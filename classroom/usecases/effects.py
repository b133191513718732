"""What follows a committed change, run from one place.

A use case says what it changed (`Context.changed(uow, message)`) inside its transaction; the
message is queued once the transaction commits (never if it rolls back, so a retried use case
announces once), and when the outermost use case returns, with every lock released, the
`Effects` run each message's subscribed handlers in order: announcing to the tablets, the
projector and the teachers' pages, prediction windows' timers.

The handlers reach the outside world through ports (`Announcer`, `Alarms`) that the web app
implements and wires at start-up (`UseCases.wire_effects`); without them (the command line,
the use-case tests) the messages simply have no subscribers.

A handler that fails is logged and the others still run: the change is committed, the player
was told it was applied, and a screen that missed it catches up from the log.
"""

from __future__ import annotations

import logging
import threading
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol

from classroom.usecases.changes import Change

__all__ = [
    "Alarms",
    "Announcer",
    "ClassChanged",
    "ClassEnded",
    "Effects",
    "GroupTouched",
    "ProjectorChanged",
    "ProjectorRevoked",
    "SeatRemoved",
]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class GroupTouched:
    """Something about a group that is not in its round's log changed (a seat joined or was
    renamed): its screens are sent fresh views."""

    group_id: int


@dataclass(frozen=True, slots=True)
class SeatRemoved:
    """A student was removed: their tablets are told and let go, then the group goes on."""

    seat_id: int
    change: Change


@dataclass(frozen=True, slots=True)
class ClassChanged:
    """A setting of the whole class changed (joining, language, predictions)."""

    class_id: int


@dataclass(frozen=True, slots=True)
class ClassEnded:
    """The class has ended: no more joining or playing."""

    class_id: int


@dataclass(frozen=True, slots=True)
class ProjectorChanged:
    """The class's projector settings changed."""

    class_id: int


@dataclass(frozen=True, slots=True)
class ProjectorRevoked:
    """The class has a new projector link: pages open with the old one hear nothing more."""

    class_id: int


class Announcer(Protocol):
    """Tells the open screens (tablets, projector, teachers' pages) what changed."""

    def announce(self, change: Change) -> None: ...

    def announce_group(self, group_id: int) -> None: ...

    def seat_removed(self, seat_id: int, group_id: int) -> None: ...

    def announce_class(self, class_id: int) -> None: ...

    def class_ended(self, class_id: int) -> None: ...

    def projector_changed(self, class_id: int) -> None: ...

    def projector_revoked(self, class_id: int) -> None: ...


class Alarms(Protocol):
    """Rings a callback after some seconds, in the background; an alarm can be rung early."""

    def set(self, key: tuple[int, int], seconds: float, ring: Callable[[], None]) -> None: ...

    def ring_early(self, key: tuple[int, int]) -> None: ...

    def asleep(self) -> list[tuple[int, int]]: ...


Handler = Callable[[Any], None]


class Effects:
    """The registered effects of each kind of change, and the queue of committed changes."""

    def __init__(self) -> None:
        self._handlers: dict[type, list[Handler]] = defaultdict(list)
        self._local = threading.local()

    def subscribe(self, kind: type, handler: Handler) -> None:
        """Run `handler` for every committed message of `kind`, after those subscribed before."""
        self._handlers[kind].append(handler)

    def clear(self) -> None:
        """Forget every subscription (a new app wires its own)."""
        self._handlers.clear()

    def committed(self, message: object) -> None:
        """A change was committed: run its effects when the outermost use case returns (at once
        when no use case is running, as for a commit made outside one)."""
        queue: list[object] | None = getattr(self._local, "queue", None)
        if queue is None:
            self.run(message)
        else:
            queue.append(message)

    @contextmanager
    def deferred(self) -> Iterator[None]:
        """Hold the effects of the commits made inside the block until it ends, then run them
        in order (only the outermost block runs them: a use case may call another)."""
        if getattr(self._local, "queue", None) is not None:
            yield
            return
        queue: list[object] = []
        self._local.queue = queue
        try:
            yield
        finally:
            self._local.queue = None
            for message in queue:
                self.run(message)

    def run(self, message: object) -> None:
        """Run every handler of the message's kind; one that fails does not stop the others."""
        for handler in self._handlers.get(type(message), ()):
            try:
                handler(message)
            except Exception:
                log.exception("an effect of %s failed", type(message).__name__)
