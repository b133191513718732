"""New Eleusis on the /play namespace: a player's strings, no-plays and prophecy, and a student
dealer's verdicts. Like `act`, every answer says whether the action was applied."""

from __future__ import annotations

from typing import Any

from classroom.core.games.express import GameError
from classroom.usecases import ServiceError
from classroom.web.context import use_cases
from classroom.web.extensions import socketio
from classroom.web.notifier import notifier
from classroom.web.rooms import PLAY
from classroom.web.student.events import _refuse, _seat, _seat_as_connected
from classroom.web.student.ne_payloads import parse_ne_action, parse_ne_verdict
from classroom.web.student.payloads import action_id


@socketio.on("ne_act", namespace=PLAY)
def on_ne_act(payload: Any = None) -> dict[str, Any]:
    """Play a string, declare no-play, become prophet, call a play or point to a card."""
    try:
        seat = _seat_as_connected()
        change = use_cases().rounds.new_eleusis.act(seat, parse_ne_action(payload))
    except (ServiceError, GameError) as error:
        return _refuse(error)
    notifier().announce(change)
    return {"ok": True, "duplicate": change.duplicate, "seq": change.seq}


@socketio.on("ne_verdict", namespace=PLAY)
def on_ne_verdict(payload: Any = None) -> dict[str, Any]:
    """A student dealer judges the string, the no-play or the prophet's card waiting."""
    try:
        seat = _seat()
        verdict = parse_ne_verdict(payload)
        change = use_cases().rounds.new_eleusis.judge_as_dealer(seat, verdict, action_id(payload))
    except (ServiceError, GameError) as error:
        return _refuse(error)
    notifier().announce(change)
    return {"ok": True, "duplicate": change.duplicate, "seq": change.seq}
