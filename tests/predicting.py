"""A round where everyone predicts, played through the use cases the tablets call: each card
played on turn, every other player's forecast, the app's verdict once all have predicted. For
the pages and files that read predictions back."""

from __future__ import annotations

import itertools
from collections.abc import Callable

from classroom.core.rules import compile_rule
from classroom.usecases import Move, SeatRef, UseCases

#: (the round's play number from 0, the predicting seat's index, the true verdict) -> the
#: forecast: accepted or not.
Forecast = Callable[[int, int, bool], bool]

_ACTION_IDS = itertools.count(1)


def learner(number: int, index: int, truth: bool) -> bool:
    """Seat 0 learns (wrong on the first four plays, right after); seat 1 is right every other
    play; seat 2 always says "accepted"."""
    if index == 0:
        return truth if number >= 4 else not truth
    if index == 1:
        return truth if number % 2 else not truth
    return True


def _action(kind: str, **fields: object) -> Move:
    return Move(kind, f"predicting-{next(_ACTION_IDS)}", **fields)  # type: ignore[arg-type]


def _seats(service: UseCases, group_id: int) -> dict[str, SeatRef]:
    snapshot = service.reading.group_snapshot(group_id)
    return {
        seat.key: SeatRef(seat.id, group_id, snapshot.class_id, seat.nickname)
        for seat in snapshot.seats
    }


def predicting_on(service: UseCases, group_id: int) -> None:
    """Switch everyone-predicts on for the group's class, as its teacher would."""
    class_id = service.reading.group_snapshot(group_id).class_id
    with service.context.uow() as uow:
        period = uow.classes.get(class_id)
        assert period is not None
        teacher_id = period.teacher_id
    service.classes.set_predictions(teacher_id, class_id, True, 15)


def play_with_predictions(
    service: UseCases, group_id: int, plays: int, forecast: Forecast = learner
) -> int:
    """Play up to `plays` cards on turn (every fourth one wrong on purpose) in the group's running
    round, the others predicting each; returns how many were played before the round ended."""
    predicting_on(service, group_id)
    seats = _seats(service, group_id)
    rule = compile_rule(service.reading.group_snapshot(group_id).rule_text)
    played = 0
    while played < plays:
        state = service.reading.group_snapshot(group_id).state
        assert state is not None
        if state.is_over:
            break
        # The round's play number, whatever was played before this call.
        number = len(state.layout.mainline) - 1 + state.layout.sideline_count
        seat = state.turn
        assert seat is not None
        hand, mainline = state.hand(seat), state.layout.mainline
        wanted = number % 4 != 3  # plays 4, 8, 12...: a different player each time
        card = next((c for c in hand if rule.allows(mainline, c) == wanted), hand[0])
        service.rounds.act(seats[seat], _action("play", cards=(card,)))
        truth = rule.allows(mainline, card)
        for index, other in enumerate(state.seats):
            if other != seat:
                accepted = forecast(number, index, truth)
                service.predictions.predict(seats[other], _action("predict", right=accepted))
        after = service.reading.group_snapshot(group_id).state
        assert after is not None
        if after.phase == "guess_window" and after.guesser is not None:
            service.rounds.act(seats[after.guesser], _action("pass"))
        played += 1
    return played
