"""Connections open and close by the transport alone, never by what a client says.

Socket.IO runs the handler of any event a client names, and the `connect` and `disconnect`
handlers are found by name like the others: a client that sent an event called `disconnect`
would run the code that frees its seat's tab while its socket stayed open (and open more),
and one called `connect` would run the seat check again. A connection's CONNECT and
DISCONNECT packets reach those handlers by another way (the server's own), so an *event*
with such a name is never legitimate: it is dropped here, before any handler, in every
namespace, and said in one line of the (limited) log.
"""

from __future__ import annotations

import logging
from typing import Any

import socketio

__all__ = ["RESERVED", "install"]

#: Names only the server's connection handling may use.
RESERVED = frozenset({"connect", "disconnect", "connect_error"})

log = logging.getLogger(__name__)


def install(server: socketio.Server) -> None:
    """Make `server` drop client events whose name is reserved for the transport."""
    handle = server._handle_event

    def handle_unless_reserved(eio_sid: str, namespace: str | None, id: Any, data: Any) -> Any:
        name = data[0] if isinstance(data, list) and data else None
        if name in RESERVED:
            log.warning("an event named %r from a client was ignored (%s)", name, namespace or "/")
            return None
        return handle(eio_sid, namespace, id, data)

    server._handle_event = handle_unless_reserved
