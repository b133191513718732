"""New Eleusis as the classroom sees every game (`classroom.core.games.shape.Game`)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from classroom.core.eventlog import Judge, LoggedEvent
from classroom.core.games.new_eleusis import prophet, scoring, turns
from classroom.core.games.new_eleusis.errors import BadString, CardNotInHand
from classroom.core.games.new_eleusis.events import event_from_dict
from classroom.core.games.new_eleusis.fold import apply, replay
from classroom.core.games.new_eleusis.options import (
    DEFAULT_OPTIONS,
    LONG_SUDDEN_DEATH,
    MAX_PLAYERS,
    MAX_STRING,
    MIN_PLAYERS,
    NEW_HAND_FEWER,
    NO_PLAY_PENALTY,
    PENALTY_PER_CARD,
    Options,
)
from classroom.core.games.new_eleusis.state import RoundState
from classroom.core.games.new_eleusis.verdicts import first_playable, string_is_right
from classroom.core.games.shape import (
    Awaited,
    Move,
    Penalties,
    UnknownMove,
    Verdict,
    VerdictCheck,
)
from classroom.core.text import _

__all__ = ["NEW_ELEUSIS", "NewEleusis", "options_of"]


def options_of(house: Mapping[str, Any]) -> Options:
    """The house options of a class as the engine takes them: sudden death after 30 / 20
    cards ("abbott") or 40 / 40 ("long"); the first player counted ("count") or the dealer's
    left ("left")."""
    chosen = LONG_SUDDEN_DEATH if house.get("ne_sudden_death") == "long" else DEFAULT_OPTIONS
    return Options(
        first_player="left" if house.get("ne_first_player") == "left" else "count",
        sudden_death=chosen.sudden_death,
        sudden_death_with_prophet=chosen.sudden_death_with_prophet,
    )


class NewEleusis:
    """Abbott's game: strings of 1-4 cards, a prophet, sudden death, 2-card penalties."""

    name = "new_eleusis"
    title = _("New Eleusis")
    scoring = _(
        "New Eleusis rounds: each player scores the most cards in any hand minus their "
        "own, +4 for an empty hand; a prophet at the end scores more for the cards after "
        "the marker. The dealer scores as much as the best player, or less while a "
        "prophet remains."
    )
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    moves = frozenset({"play", "no_play", "declare", "call", "point"})
    predictions = False
    journals_read_log = False
    house_options = frozenset({"ne_sudden_death", "ne_first_player"})
    penalties = Penalties(
        per_wrong_card=PENALTY_PER_CARD,
        wrong_no_play=NO_PLAY_PENALTY,
        new_hand_fewer=NEW_HAND_FEWER,
        most_cards_per_play=MAX_STRING,
    )

    def deal(
        self, players: Sequence[str], rng: random.Random, house: Mapping[str, Any]
    ) -> tuple[LoggedEvent, ...]:
        """Deal 14 cards to each player (the first at the dealer's left)."""
        return (turns.deal(players, rng, options=options_of(house)),)

    def event_from_dict(self, data: Mapping[str, Any]) -> LoggedEvent:
        """A New Eleusis event read back."""
        return event_from_dict(data)

    def replay(self, events: Iterable[LoggedEvent]) -> RoundState:
        """The state a New Eleusis log folds to."""
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
        """A string, a no-play, becoming prophet, the prophet's call or pointing."""
        if move.kind == "play":
            if not move.cards:
                raise BadString(_("Choose 1 to 4 cards to play, in order."))
            return turns.play(state, seat, move.cards, judge=judge, rng=rng)
        if move.kind == "no_play":
            return turns.no_play(state, seat, judge=judge, rng=rng)
        if move.kind == "declare":
            return prophet.declare(state, seat)
        if move.kind == "call":
            return prophet.call(state, seat, move.right, judge=judge, rng=rng)
        if move.kind == "point":
            if move.card is None:
                raise CardNotInHand(_("Choose the card to point to."))
            return prophet.point(state, seat, move.card, judge=judge, rng=rng)
        raise UnknownMove(_("This table plays New Eleusis: this is not one of its moves."))

    def verdict(
        self, state: RoundState, verdict: Verdict, *, rng: random.Random
    ) -> tuple[LoggedEvent, ...]:
        """The dealer's verdict on the waiting string, no-play or prophet's card; on a play
        the prophet has called it confirms or refutes the call."""
        if verdict.kind == "play":
            return turns.judge_play(state, verdict.right, rng=rng)
        if verdict.kind == "no_play":
            return turns.judge_no_play(state, verdict.right, verdict.card, rng=rng)
        if verdict.kind == "point":
            return prophet.judge_point(state, verdict.right, verdict.card, rng=rng)
        raise UnknownMove(_("This table plays New Eleusis: this is not one of its moves."))

    def advice(self, state: RoundState, verdict: Verdict, rule: Judge) -> VerdictCheck | None:
        """A New Eleusis dealer is God: the app gives no advice."""
        return None

    def awaited(self, state: RoundState) -> Awaited | None:
        """The prophet's call or point, or the dealer's verdict on a string, a no-play or the
        prophet's card."""
        if state.phase in ("calling", "pointing"):
            return Awaited(caller=state.prophet)
        verdict = _VERDICT_OWED.get(state.phase)
        return Awaited(verdict=verdict) if verdict else None

    def rule_verdict(self, state: RoundState, rule: Judge) -> Verdict | None:
        """What the rule says of the waiting string, no-play or prophet's card."""
        pending, mainline = state.pending, state.layout.mainline
        if pending is None or state.phase not in _VERDICT_OWED:
            return None
        if state.phase == "judging_play":
            return Verdict("play", string_is_right(rule, mainline, pending.cards))
        hand = state.hand(pending.seat)
        if state.phase == "judging_point":
            if pending.pointed is not None and rule.allows(mainline, pending.pointed):
                return Verdict("point", True)
            other = [card for card in hand if card != pending.pointed]
            return Verdict("point", False, first_playable(rule, mainline, other))
        card = first_playable(rule, mainline, hand)
        if card is not None and pending.call is False:
            # Agreeing with a prophet who says there is one: they point to it.
            return Verdict("no_play", False)
        return Verdict("no_play", card is None, card)

    def waive_call(
        self, state: RoundState, by: str, *, judge: Judge | None, rng: random.Random
    ) -> tuple[LoggedEvent, ...]:
        """Go on without the absent prophet's call or point."""
        return prophet.waive_call(state, "app" if by == "app" else "teacher", judge=judge, rng=rng)

    def scores(self, state: RoundState) -> tuple[dict[str, int], int]:
        """High count minus the hand, +4 for an empty hand, the prophet's bonus; the dealer
        as the best player, capped with a prophet at the end."""
        result = scoring.round_result(state, None)
        return dict(result.scores), result.dealer_score

    def never_dealt(
        self, people: Sequence[str], rounds: Sequence[tuple[str | None, Mapping[str, int], int]]
    ) -> tuple[str, ...]:
        """Ended early, a game gives +10 to everyone who never dealt, when its rounds were dealt
        by students (with the app as God nobody deals, and nobody gets it)."""
        if not rounds or any(dealer is None for dealer, _scores, _best in rounds):
            return ()
        results = [scoring.RoundResult(dealer, scores, best) for dealer, scores, best in rounds]
        bonus = scoring.game_totals(people, results)
        base = scoring.totals(results)
        return tuple(name for name in people if bonus[name] != base.get(name, 0))

    def hint(self, state: RoundState, text: str) -> tuple[LoggedEvent, ...]:
        """A hint, logged with the round."""
        return turns.hint(state, text)

    def skip_turn(self, state: RoundState, seat: str) -> tuple[LoggedEvent, ...]:
        """The next player plays."""
        return turns.skip_turn(state, seat)

    def remove_player(
        self, state: RoundState, seat: str, *, judge: Judge | None, rng: random.Random
    ) -> tuple[LoggedEvent, ...]:
        """The player leaves, not expelled; nobody left to play ends the round."""
        return turns.remove_player(state, seat, judge=judge, rng=rng)

    def end_round(self, state: RoundState, note: str) -> tuple[LoggedEvent, ...]:
        """The round ends as it stands."""
        return turns.end_round(state, note)


#: The phases that wait for the dealer, and the kind of verdict each waits for.
_VERDICT_OWED = {"judging_play": "play", "judging_no_play": "no_play", "judging_point": "point"}

#: The one New Eleusis game.
NEW_ELEUSIS = NewEleusis()
