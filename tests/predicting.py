"""A stored round where everyone predicts: cards played in a group's running round with every
other player's forecast before each verdict, written to the round's log through the store (the
same events the predicting tablets produce), for the pages and files that read them back."""

from __future__ import annotations

from collections.abc import Callable

from classroom.core.game import Judged, Round
from classroom.core.rules import compile_rule
from classroom.usecases import UseCases

#: (the round's play number from 0, the predicting seat's index, the true verdict) -> the
#: forecast: accepted or not.
Forecast = Callable[[int, int, bool], bool]


def learner(number: int, index: int, truth: bool) -> bool:
    """Seat 0 learns (wrong on the first four plays, right after); seat 1 is right every other
    play; seat 2 always says "accepted"."""
    if index == 0:
        return truth if number >= 4 else not truth
    if index == 1:
        return truth if number % 2 else not truth
    return True


def play_with_predictions(
    service: UseCases, group_id: int, plays: int, forecast: Forecast = learner
) -> int:
    """Play up to `plays` cards on turn (every fourth one wrong on purpose) in the group's running
    round, the others predicting each; returns how many were played before the round ended."""
    with service.context.uow() as uow:
        round_row = uow.rounds.latest(group_id)
        assert round_row is not None
        rule = compile_rule(round_row.rule_text)
        game = Round(uow.rounds.events(round_row.id))
        start, played = len(game.events), 0
        while played < plays and not game.state.is_over:
            state = game.state
            seat = state.turn
            assert seat is not None
            hand, mainline = state.hand(seat), state.layout.mainline
            number = sum(1 for event in game.events if isinstance(event, Judged))
            wanted = number % 4 != 3  # plays 4, 8, 12...: a different player each time
            card = next((c for c in hand if rule.allows(mainline, c) == wanted), hand[0])
            game.play(seat, card)
            truth = rule.allows(mainline, card)
            for index, other in enumerate(state.seats):
                if other != seat:
                    game.predict(other, accepted=forecast(number, index, truth))
            game.judge_play(truth)
            if game.state.phase == "guess_window" and game.state.guesser is not None:
                game.pass_guess(game.state.guesser)
            played += 1
        uow.rounds.append(round_row.id, game.events[start:])
        uow.commit()
    service.context.states.forget()
    return played
