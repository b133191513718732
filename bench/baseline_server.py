"""The floor: a bare python-socketio server that only relays a play to a room.

Same stack as the classroom server (python-socketio in threading mode on werkzeug with
simple-websocket, one thread per connection), none of the app: no database, no game, no views.
It speaks just enough of the classroom protocol for the school benchmark to drive it unchanged:

- /play, auth {token: "<group>-<class>-<seat>"}: joins room group:<group>, gets `state` {seq}.
- `act`: the group's seq grows by two (played + judged, as in the app); the two events go to
  the group room, a one-group `class` payload to the class's projector room; ack {ok, seq}.
- /projector, auth {token: "class-<class>"}: joins room projector:<class>.

Run: `python -m bench.baseline_server --port 5001` (loopback only).
"""

from __future__ import annotations

import argparse
import logging
import threading
from typing import Any

import socketio
from werkzeug.serving import run_simple


class Relay:
    """The relay's state: each group's seq, and which group and class each connection is in."""

    def __init__(self) -> None:
        self.seqs: dict[int, int] = {}
        self.where: dict[str, tuple[int, int, str]] = {}
        self.lock = threading.Lock()

    def seat(self, sid: str, token: str) -> tuple[int, int, str]:
        """Remember a tablet's group, class and seat from its token."""
        group, class_id, seat = token.split("-")
        self.where[sid] = (int(group), int(class_id), seat)
        return self.where[sid]

    def advance(self, group: int) -> int:
        """The group's seq after one play (a played and a judged event)."""
        with self.lock:
            self.seqs[group] = self.seqs.get(group, 0) + 2
            return self.seqs[group]


def create_server() -> socketio.Server:
    """The Socket.IO server with its three handlers on /play and one on /projector."""
    server = socketio.Server(async_mode="threading")
    relay = Relay()

    @server.on("connect", namespace="/play")
    def play_connect(sid: str, environ: dict[str, Any], auth: Any = None) -> None:
        group, _class_id, seat = relay.seat(sid, str((auth or {}).get("token", "0-0-0")))
        server.enter_room(sid, f"group:{group}", namespace="/play")
        seq = relay.seqs.get(group, 0)
        state = {"seq": seq, "round": 1, "me": seat, "turn": None, "status": "playing"}
        server.emit("state", state, to=sid, namespace="/play")

    @server.on("act", namespace="/play")
    def act(sid: str, payload: Any = None) -> dict[str, Any]:
        group, class_id, seat = relay.where[sid]
        seq = relay.advance(group)
        card = (payload or {}).get("card")
        events = [
            {"kind": "played", "seq": seq - 1, "seat": seat, "card": card},
            {"kind": "judged", "seq": seq, "seat": seat, "card": card, "correct": True},
        ]
        server.emit("events", events, to=f"group:{group}", namespace="/play")
        line = {"id": group, "mainline_total": 1 + seq // 2, "sideline_total": 0}
        server.emit("class", {"groups": [line]}, to=f"projector:{class_id}", namespace="/projector")
        return {"ok": True, "seq": seq, "duplicate": False}

    @server.on("connect", namespace="/projector")
    def projector_connect(sid: str, environ: dict[str, Any], auth: Any = None) -> None:
        class_id = str((auth or {}).get("token", "class-0")).removeprefix("class-")
        server.enter_room(sid, f"projector:{class_id}", namespace="/projector")
        server.emit("class", {"groups": []}, to=sid, namespace="/projector")

    return server


def main() -> None:
    """Serve on 127.0.0.1 until stopped."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=5001)
    args = parser.parse_args()
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    app = socketio.WSGIApp(create_server())
    run_simple("127.0.0.1", args.port, app, threaded=True)


if __name__ == "__main__":
    main()
