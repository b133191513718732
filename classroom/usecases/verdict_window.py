"""The window in which the table predicts a card the app judges (everyone predicts).

With the class option on, a play in a group the app deals is recorded without its verdict; the
others may predict it until the window closes: when every other player has predicted, or when
the class's `predict_seconds` have passed since the play was written, whichever comes first.
Then the app's verdict (the rule's, as always) is recorded.

A timer in the web layer closes the window on time; every later action on the group closes it
too if it is overdue, so a play never waits forever (a restarted server lost its timers). The
moment a window opened is the stored time of the play's event: nothing else is kept.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from functools import lru_cache

from classroom.core.games import express as game
from classroom.core.games.express import Event, RoundState
from classroom.core.games.registry import find_game
from classroom.core.rules import Rule, compile_rule
from classroom.usecases.context import RoundStates, utcnow
from classroom.usecases.ports import GroupRow, RoundRow, UnitOfWork

__all__ = ["close_if_due", "compiled", "everyone_predicted", "predicting", "window_end"]


@lru_cache(maxsize=512)
def compiled(rule_text: str) -> Rule:
    """Rules are compiled once per text."""
    return compile_rule(rule_text)


def predicting(group: GroupRow, round_row: RoundRow) -> bool:
    """Whether the app holds its verdicts back for the table's predictions in this round (in
    a game whose tables predict)."""
    if not group.everyone_predicts or round_row.dealer_seat_id is not None:
        return False
    return find_game(round_row.mode).predictions


def _app_play_waits(round_row: RoundRow, state: RoundState) -> bool:
    """A card the app has to judge waits for its verdict."""
    waiting = state.phase == "judging_play" and state.pending is not None
    return waiting and round_row.dealer_seat_id is None


def everyone_predicted(state: RoundState) -> bool:
    """Every player but the one whose card waits has predicted it or declined to (Skip)."""
    pending = state.pending
    if pending is None:
        return False
    return all(state.answered(seat) for seat in state.seats if seat != pending.seat)


def window_end(
    uow: UnitOfWork, group: GroupRow, round_row: RoundRow, state: RoundState
) -> datetime:
    """When the window of the waiting play closes: its event's stored time plus the window."""
    assert state.pending is not None
    opened = uow.rounds.event_time(round_row.id, state.pending.since) or utcnow()
    return opened + timedelta(seconds=group.predict_seconds)


def _due(uow: UnitOfWork, group: GroupRow, round_row: RoundRow, state: RoundState) -> bool:
    if not group.everyone_predicts:  # turned off while a card waited
        return True
    return everyone_predicted(state) or utcnow() >= window_end(uow, group, round_row, state)


def close_if_due(
    uow: UnitOfWork,
    states: RoundStates,
    rng: random.Random,
    group: GroupRow,
    round_row: RoundRow,
    state: RoundState,
    *,
    play: int | None = None,
) -> tuple[tuple[Event, ...], RoundState]:
    """Record the app's verdict on the waiting play if its window has closed (or, with `play`,
    if that play is the one still waiting, whatever the clock says); the events appended and
    the state they lead to. Call it holding the group's lock."""
    if not find_game(round_row.mode).predictions:
        return (), state  # no play of this game waits for forecasts
    if not _app_play_waits(round_row, state) or state.pending is None:
        return (), state
    if play is not None:
        if state.pending.since != play:
            return (), state
    elif not _due(uow, group, round_row, state):
        return (), state
    card = state.pending.card
    assert card is not None  # a waiting play always has its card
    accepted = compiled(round_row.rule_text).allows(state.layout.mainline, card)
    events = game.judge_play(state, accepted, rng=rng)
    return events, states.append(uow, round_row, events, state)
