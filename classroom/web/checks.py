"""The hypothesis checker, off the request path: one `Checks` per app, whose workers push each
answer when it is ready: `journal_check` to the tablets of the seat that wrote the entry,
`checked` to the teacher's pages (which then fetch their list of guesses again).

A page never waits for a check: it shows "checking..." and is told when to look again."""

from __future__ import annotations

import functools
import threading
from collections.abc import Hashable
from typing import Any

from flask import Flask, current_app

from classroom.core.games.registry import find_game
from classroom.projections.journal_view import check_view, journal_view
from classroom.usecases import GroupSnapshot
from classroom.usecases.checks import CheckOutcome, Checks
from classroom.web.context import use_cases
from classroom.web.extensions import socketio
from classroom.web.messages import localize
from classroom.web.rooms import PLAY, TEACH

__all__ = ["CHECKED", "JOURNAL_CHECK", "checks", "journal_verdicts", "send_checked_journal"]

#: To the teacher's pages: a check is done, fetch the guesses again (no content).
CHECKED = "checked"
#: To a seat's tablets: {"text": the entry, "check": its verdict as `check_view` words it}.
JOURNAL_CHECK = "journal_check"

_creating = threading.Lock()


def checks() -> Checks:
    """The running app's checker (its workers start with the first check asked for)."""
    found: Checks | None = current_app.extensions.get("checks")
    if found is None:
        with _creating:
            found = current_app.extensions.get("checks")
            if found is None:
                budget = float(current_app.config.get("CHECK_BUDGET_S", 2.0))
                app = current_app._get_current_object()  # type: ignore[attr-defined]
                found = Checks(
                    budget_s=budget,
                    on_done=functools.partial(_push_for, app),
                    computing=use_cases().context.computing,
                )
                current_app.extensions["checks"] = found
    return found


def _push_for(
    app: Flask, secret: str, text: str, outcome: CheckOutcome, asking: frozenset[Hashable]
) -> None:
    """In the worker's thread, under the app that asked: its catalogs and its sockets."""
    with app.app_context():
        _push(secret, text, outcome, asking)


def _push(_secret: str, text: str, outcome: CheckOutcome, asking: frozenset[Hashable]) -> None:
    """Tell whoever asked that an answer is ready (runs in a worker thread)."""
    for who in asking:
        match who:
            case ("seat", int(seat_id)):
                payload = {"text": text, "check": localize(check_view(outcome))}
                socketio.emit(JOURNAL_CHECK, payload, to=f"seat:{seat_id}", namespace=PLAY)
            case ("class", int(class_id)):
                socketio.emit(CHECKED, {}, to=f"teachers:{class_id}", namespace=TEACH)
            case "teachers":
                # A guess on a page that did not say its class: every teacher's page looks
                # again at its own guesses; the message says nothing about anyone's class.
                socketio.emit(CHECKED, {}, namespace=TEACH)


def secret_of(snapshot: GroupSnapshot) -> str | None:
    """The secret rule to compare with, or None: a student dealer's plain words cannot be."""
    if snapshot.round_id is None or snapshot.rule_kind != "language" or not snapshot.rule_text:
        return None
    return snapshot.rule_text


def journal_verdicts(snapshot: GroupSnapshot, seat_id: int | None = None) -> Any:
    """A lookup for `journal_view`: each entry's answer, asking a worker for missing ones."""
    secret = secret_of(snapshot)
    if secret is None:
        return None
    if seat_id is not None and not _rule_known_to_players(snapshot):
        # "Same rule (proved)" beside a student's own hypothesis would give the secret away:
        # a player learns it only when the round is over or the rule is revealed.
        return None
    tell = ("seat", seat_id) if seat_id is not None else None
    return lambda text: checks().request(secret, text, tell=tell)


def _rule_known_to_players(snapshot: GroupSnapshot) -> bool:
    state = snapshot.state
    return snapshot.rule_revealed or (state is not None and state.is_over)


def send_checked_journal(snapshot: GroupSnapshot, seat_id: int) -> None:
    """Send one seat its journal with the checker's answers ("checking..." where pending)."""
    if snapshot.round_id is None:
        return
    records = use_cases().journal.journal(snapshot.round_id, seat_id)
    # A game whose plays are strings has its journals checked against the table alone.
    read_log = records and find_game(snapshot.mode).journals_read_log
    events = use_cases().reading.events_after(snapshot.round_id, 0) if read_log else ()
    layout = snapshot.layout
    view = localize(
        journal_view(records, events, layout, verdict=journal_verdicts(snapshot, seat_id))
    )
    socketio.emit("journal", view, to=f"seat:{seat_id}", namespace=PLAY)
