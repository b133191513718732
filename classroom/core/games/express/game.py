"""Eleusis Express as the classroom sees every game (`classroom.core.games.shape.Game`)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from classroom.core.cards import Card
from classroom.core.eventlog import Judge, LoggedEvent
from classroom.core.games.express import commands
from classroom.core.games.express.errors import CardNotInHand
from classroom.core.games.express.events import Options, event_from_dict
from classroom.core.games.express.scoring import dealer_score, round_scores
from classroom.core.games.express.state import RoundState, apply, replay
from classroom.core.games.shape import (
    Awaited,
    Move,
    Penalties,
    UnknownMove,
    Verdict,
    VerdictCheck,
)
from classroom.core.text import _

__all__ = ["EXPRESS", "Express"]


class Express:
    """12-card hands, one card a turn, open guessing after a right play, 1-card penalties."""

    name = "express"
    title = _("Eleusis Express")
    scoring = _(
        "Each player scores 12 minus the cards in hand, +6 for guessing the rule, +3 for "
        "emptying the hand. The dealer scores as much as the best player of the round."
    )
    min_players = 3
    max_players = 8
    moves = frozenset({"play", "no_play", "guess", "pass", "predict", "skip_predict"})
    predictions = True
    journals_read_log = True
    house_options = frozenset({"wrong_guess_penalty", "stock_out"})
    penalties = Penalties(
        per_wrong_card=1, wrong_no_play=1, new_hand_fewer=1, most_cards_per_play=1
    )

    def deal(
        self, players: Sequence[str], rng: random.Random, house: Mapping[str, Any]
    ) -> tuple[LoggedEvent, ...]:
        """Deal 12 cards to each player with the class's wrong-guess and stock-out options."""
        options = Options(
            wrong_guess_penalty=bool(house.get("wrong_guess_penalty", False)),
            stock_out="end" if house.get("stock_out") == "end" else "add_deck",
        )
        return (commands.deal(players, rng, options=options),)

    def event_from_dict(self, data: Mapping[str, Any]) -> LoggedEvent:
        """An Express event read back."""
        return event_from_dict(data)

    def replay(self, events: Iterable[LoggedEvent]) -> RoundState:
        """The state an Express log folds to."""
        return replay(events)

    def apply(self, state: RoundState, event: LoggedEvent) -> RoundState:
        """One more event folded in."""
        return apply(state, event)

    def move(
        self,
        state: RoundState,
        seat: str,
        move: Move,
        *,
        judge: Judge | None,
        rng: random.Random,
    ) -> tuple[LoggedEvent, ...]:
        """A card, a no-play, a guess, a pass, or a forecast of the waiting card."""
        if move.kind == "play":
            if move.card is None:
                raise CardNotInHand(_("Choose a card to play."))
            return commands.play(state, seat, move.card, judge=judge, rng=rng)
        if move.kind == "no_play":
            return commands.no_play(state, seat, judge=judge, rng=rng)
        if move.kind == "guess":
            return commands.guess(state, seat, move.text)
        if move.kind == "pass":
            return commands.pass_guess(state, seat)
        if move.kind == "predict":
            return commands.predict(state, seat, move.right)
        if move.kind == "skip_predict":
            return commands.decline_prediction(state, seat)
        raise UnknownMove(_("This table plays Eleusis Express: play one card at a time."))

    def verdict(
        self, state: RoundState, verdict: Verdict, *, rng: random.Random
    ) -> tuple[LoggedEvent, ...]:
        """The dealer's verdict on the waiting play, no-play or guess."""
        if verdict.kind == "play":
            return commands.judge_play(state, verdict.right, rng=rng)
        if verdict.kind == "guess":
            return commands.judge_guess(state, verdict.right, rng=rng)
        if verdict.kind == "no_play":
            return commands.judge_no_play(state, verdict.right, verdict.card, rng=rng)
        raise UnknownMove(_("This table plays Eleusis Express: play one card at a time."))

    def advice(self, state: RoundState, verdict: Verdict, rule: Judge) -> VerdictCheck | None:
        """What the rule says of the waiting card or no-play when the dealer says otherwise;
        a guess is the dealer's alone to judge."""
        pending = state.pending
        if verdict.kind == "guess" or pending is None:
            return None
        if verdict.kind == "play" and pending.card is not None:
            return _play_advice(rule, state, pending.card, verdict)
        return _no_play_advice(rule, state, pending.seat, verdict)

    def awaited(self, state: RoundState) -> Awaited | None:
        """The dealer's verdict on the waiting card or no-play (a guess waits in the
        teacher's queue)."""
        if state.phase == "judging_play":
            return Awaited(verdict="play")
        if state.phase == "judging_no_play":
            return Awaited(verdict="no_play")
        return None

    def rule_verdict(self, state: RoundState, rule: Judge) -> Verdict | None:
        """What the rule says of the waiting card or no-play."""
        pending, mainline = state.pending, state.layout.mainline
        if pending is None or state.phase not in ("judging_play", "judging_no_play"):
            return None
        if pending.card is not None:
            return Verdict("play", rule.allows(mainline, pending.card))
        card = next((c for c in state.hand(pending.seat) if rule.allows(mainline, c)), None)
        return Verdict("no_play", card is None, card)

    def waive_call(
        self, state: RoundState, by: str, *, judge: Judge | None, rng: random.Random
    ) -> tuple[LoggedEvent, ...]:
        """Express has no calls: nothing to go on without."""
        raise UnknownMove(_("Nobody at this table makes calls: there is none to settle."))

    def scores(self, state: RoundState) -> tuple[dict[str, int], int]:
        """12 minus the cards held, +6 for the rule guessed, +3 for an emptied hand; the
        dealer as the best player."""
        scores = round_scores(state)
        return scores, dealer_score(scores)

    def never_dealt(
        self, people: Sequence[str], rounds: Sequence[tuple[str | None, Mapping[str, int], int]]
    ) -> tuple[str, ...]:
        """Express has no bonus for never dealing."""
        return ()

    def hint(self, state: RoundState, text: str) -> tuple[LoggedEvent, ...]:
        """A hint, logged with the round."""
        return commands.hint(state, text)

    def skip_turn(self, state: RoundState, seat: str) -> tuple[LoggedEvent, ...]:
        """The next seat plays."""
        return commands.skip_turn(state, seat)

    def remove_player(
        self, state: RoundState, seat: str, *, judge: Judge | None, rng: random.Random
    ) -> tuple[LoggedEvent, ...]:
        """The hand goes under the stock; fewer than three players end the round."""
        return commands.remove_player(state, seat)

    def end_round(self, state: RoundState, note: str) -> tuple[LoggedEvent, ...]:
        """The round ends as it stands."""
        return commands.end_round(state, note)


def _play_advice(
    rule: Judge, state: RoundState, card: Card, verdict: Verdict
) -> VerdictCheck | None:
    expected = rule.allows(state.layout.mainline, card)
    if expected == verdict.right:
        return None
    message = (
        _("The rule says %s is correct here. Are you sure?")
        if expected
        else _("The rule says %s is wrong here. Are you sure?")
    ) % card.label
    return VerdictCheck(expected, message, card)


def _no_play_advice(
    rule: Judge, state: RoundState, seat: str, verdict: Verdict
) -> VerdictCheck | None:
    mainline = state.layout.mainline
    expected = not any(rule.allows(mainline, card) for card in state.hand(seat))
    if expected != verdict.right:
        message = (
            _("The rule says no card of that hand can be played. Are you sure?")
            if expected
            else _("The rule says a card of that hand can be played.")
        )
        return VerdictCheck(expected, message)
    if verdict.card is not None and not rule.allows(mainline, verdict.card):
        return VerdictCheck(
            False, _("The rule says %s cannot be played here.") % verdict.card.label
        )
    return None


#: The one Express game.
EXPRESS = Express()
