"""The /play namespace: a tablet connects with its seat token and acts on its own seat only."""

from __future__ import annotations

import logging
from gettext import gettext as plain_gettext
from typing import Any

from flask import current_app, request, session
from flask_babel import gettext as _
from flask_socketio import ConnectionRefusedError as Refused
from flask_socketio import join_room

from classroom.core.games.errors import GameError
from classroom.projections.group_views import public_event, student_view
from classroom.projections.journal_view import journal_view
from classroom.usecases import (
    Conflict,
    NotFound,
    SeatRef,
    ServiceError,
    StoreUnavailable,
    VerdictCheck,
)
from classroom.web import after_connect, presence
from classroom.web.checks import send_checked_journal
from classroom.web.context import use_cases
from classroom.web.extensions import socketio
from classroom.web.messages import localize, say
from classroom.web.replies import reply
from classroom.web.rooms import PLAY
from classroom.web.student.payloads import (
    action_id,
    parse_journal,
    parse_move,
    parse_position,
    parse_rule_choice,
    parse_verdict,
)

log = logging.getLogger(__name__)

#: The words in which the seat use case refuses a tablet of an ended class.
CLASS_ENDED = "This class has ended."


def _seat() -> SeatRef:
    """The seat of this connection, checked again on every message (it may have been removed)."""
    return use_cases().seats.seat_by_token(session.get("play_token", ""))


def _seat_as_connected() -> SeatRef:
    """The seat this connection was accepted for, without reading it again: for `act`, whose
    own transaction checks that the seat is still there (it runs for every play)."""
    seat = session.get("play_ref")
    if not isinstance(seat, SeatRef):
        raise NotFound(_("This tablet has no seat. Please join again."))
    return seat


@socketio.on("connect", namespace=PLAY)
def on_connect(auth: Any = None) -> None:
    """Accept a tablet only with a valid seat token and a free tab, then send what it missed."""
    token = auth.get("token") if isinstance(auth, dict) else None
    try:
        seat = use_cases().seats.seat_by_token(token if isinstance(token, str) else "")
    except StoreUnavailable as error:
        raise Refused(_busy_message(), {"reason": "busy"}) from error
    except ServiceError as error:
        # Socket.IO's own refusal (not Python's built-in one, which reaches the tablet as a
        # bare "Connection refused by server"): its message and reason reach the tablet, which
        # shows a page for each reason.
        raise Refused(say(error), {"reason": _refusal_reason(error)}) from error
    if not presence.admit(seat.seat_id):
        message = _("This seat is already open on too many tablets. Close the other tabs.")
        raise Refused(message, {"reason": "too_many_tabs"})
    try:
        if seat.predicting:  # a card left waiting by a restarted server is judged now
            _close_overdue(seat.group_id)
        catch_up = _welcome(seat, token, auth)
        presence.announce(seat.class_id)
    except StoreUnavailable as error:
        presence.disconnected(seat.seat_id)
        # The database is restarting: the tablet tries again in a moment (reason "busy").
        raise Refused(_busy_message(), {"reason": "busy"}) from error
    except BaseException:
        presence.disconnected(seat.seat_id)  # the tab admitted above never opened
        raise
    current_app.extensions["beacons"].start()
    # Sent once the tablet has its CONNECT: before it, socket.io-client would hold them back.
    after_connect.send_once_connected(request.sid, PLAY, catch_up)  # type: ignore[attr-defined]


def _close_overdue(group_id: int) -> None:
    """Judge the group's waiting play now if its window has passed (everybody is told)."""
    try:
        use_cases().predictions.close_overdue(group_id)
    except ServiceError:
        return


def _welcome(seat: SeatRef, token: Any, auth: Any) -> list[tuple[str, Any]]:
    """Rooms first: a change committed while the tablet catches up still reaches it. Returns
    the catch-up to send."""
    session["play_token"] = token
    join_room(f"group:{seat.group_id}")
    join_room(f"seat:{seat.seat_id}")
    catch_up = _catch_up_messages(seat, parse_position(auth))
    session["play_seat"] = seat.seat_id
    session["play_class"] = seat.class_id
    session["play_ref"] = seat
    return catch_up


@socketio.on("disconnect", namespace=PLAY)
def on_disconnect(reason: Any = None) -> None:
    """The seat's connection dot on the projector goes out (if it was its last tab)."""
    after_connect.forget(request.sid, PLAY)  # type: ignore[attr-defined]
    seat_id, class_id = session.get("play_seat"), session.get("play_class")
    if isinstance(seat_id, int) and isinstance(class_id, int):
        presence.disconnected(seat_id)
        presence.announce(class_id)


@socketio.on("resync", namespace=PLAY)
def on_resync(payload: Any = None) -> dict[str, Any]:
    """A tablet that woke up asks for what it missed."""
    try:
        seat = _seat()
    except ServiceError as error:
        return _refuse(error)
    _catch_up(seat, parse_position(payload))
    return {"ok": True}


@socketio.on("act", namespace=PLAY)
def on_act(payload: Any = None) -> dict[str, Any]:
    """A player's move in the table's game (a play, a no-play, a guess, a forecast, becoming
    prophet, a call...); the answer says whether it was applied."""
    try:
        seat = _seat_as_connected()
        move = parse_move(payload)
        if move.kind in ("predict", "skip_predict"):
            change = use_cases().predictions.predict(seat, move)
        else:
            change = use_cases().rounds.act(seat, move)
    except StoreUnavailable:
        return _try_again()
    except (ServiceError, GameError) as error:
        if isinstance(error, GameError | Conflict):
            # Refused by the table as it is (not your turn, already judged...): the move was
            # made on a stale view, so the tablet gets the table as it is now.
            _send_fresh_state()
        return _refuse(error)
    if change.duplicate:
        # A resend after a lost answer: whatever was announced meanwhile, the tablet gets
        # the table as it is now.
        _send_fresh_state()
    if change.late:
        return _refuse(RuntimeError(_("Too late: the verdict is in.")))
    return {"ok": True, "duplicate": change.duplicate, "seq": change.seq}


@socketio.on("choose_rule", namespace=PLAY)
def on_choose_rule(payload: Any = None) -> dict[str, Any]:
    """The student dealer picks the secret rule; the cards are dealt."""
    try:
        seat = _seat()
        change = use_cases().dealing.choose_rule(
            seat, parse_rule_choice(payload), action_id(payload)
        )
    except StoreUnavailable:
        return _try_again()
    except (ServiceError, GameError) as error:
        return _refuse(error)
    except Exception:  # a dealer must never wait for an answer that will not come
        log.exception("a student dealer's rule choice failed")
        return _refuse(_server_trouble())
    return {"ok": True, "duplicate": change.duplicate}


@socketio.on("verdict", namespace=PLAY)
def on_verdict(payload: Any = None) -> dict[str, Any]:
    """The student dealer judges what waits, in any game; a verdict the rule contradicts
    needs confirming."""
    try:
        seat = _seat()
        result = use_cases().dealing.judge_as_dealer(
            seat, parse_verdict(payload), action_id(payload)
        )
    except StoreUnavailable:
        return _try_again()
    except (ServiceError, GameError) as error:
        return _refuse(error)
    except Exception:  # nothing was recorded: the dealer may judge again, or the teacher
        log.exception("a student dealer's verdict failed")
        return _refuse(_server_trouble())
    if isinstance(result, VerdictCheck):
        return {"ok": False, "confirm": say(result.message)}
    return {"ok": True, "duplicate": result.duplicate, "seq": result.seq}


@socketio.on("journal", namespace=PLAY)
def on_journal(payload: Any = None) -> dict[str, Any]:
    """Write down a hypothesis; the journal comes back with checks and outcomes."""
    try:
        seat = _seat()
        use_cases().journal.write_journal(seat, parse_journal(payload))
    except (ServiceError, GameError) as error:
        return _refuse(error)
    # The checker's answers come later (`journal_check`): the journal is sent at once.
    send_checked_journal(use_cases().reading.group_snapshot(seat.group_id), seat.seat_id)
    return {"ok": True}


def _send_fresh_state() -> None:
    """Send this tablet its view of the table now (nothing if its seat is gone)."""
    try:
        seat = _seat_as_connected()
        snapshot = use_cases().reading.group_snapshot(seat.group_id)
    except ServiceError:
        return
    reply("state", student_view(snapshot, seat.key))


def _catch_up(seat: SeatRef, position: tuple[int, int]) -> None:
    """Send the tablet what it missed since its (round, seq)."""
    for event, data in _catch_up_messages(seat, position):
        reply(event, data)


def _catch_up_messages(seat: SeatRef, position: tuple[int, int]) -> list[tuple[str, Any]]:
    """The events after the tablet's (round, seq), then its fresh state, then its journal if
    it has one (an empty journal is not worth a message: a page starts with none)."""
    round_number, last_seq = position
    found = use_cases().reading.catch_up(seat.group_id, seat.seat_id, round_number, last_seq)
    messages: list[tuple[str, Any]] = []
    if found.missed:
        messages.append(("events", [public_event(event) for event in found.missed]))
    messages.append(("state", student_view(found.snapshot, seat.key)))
    # A tablet that held another round's journal is sent this round's, even when empty.
    stale = round_number not in (0, found.snapshot.round_number)
    if found.snapshot.round_id is not None and (found.journal or stale):
        layout = found.snapshot.layout
        view = localize(journal_view(found.journal, found.journal_events, layout))
        messages.append(("journal", view))
    return messages


def _refusal_reason(error: ServiceError) -> str:
    """ "class_ended" or "seat_gone": why a tablet's connection was refused."""
    # The seat use case says an ended class in these words (standard gettext, as it does).
    return "class_ended" if str(error) == plain_gettext(CLASS_ENDED) else "seat_gone"


def _server_trouble() -> Exception:
    return RuntimeError(
        _("Something went wrong on the server. Try again; if it happens again, tell your teacher.")
    )


def _busy_message() -> str:
    return _("The server is busy for a moment. Trying again...")


def _try_again() -> dict[str, Any]:
    """The answer to an action the database could not take just now (it is restarting):
    nothing was applied, and the tablet sends the same action again shortly."""
    return {"ok": False, "retry": True, "error": _busy_message()}


def _refuse(error: Exception) -> dict[str, Any]:
    message = say(error)
    reply("problem", {"message": message})
    return {"ok": False, "error": message}
