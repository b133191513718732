"""A New Eleusis round's state as a pure fold over its events: `apply` one, `replay` them all.

The fold trusts no command: an event that does not fit the log raises BadEvent. Draws always
find their cards, because the commands add a deck to a short stock first (`DeckAdded`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import reduce
from typing import Any

from classroom.core.cards import Card
from classroom.core.games.new_eleusis.errors import BadEvent
from classroom.core.games.new_eleusis.events import (
    Called,
    CallWaived,
    Dealt,
    DeckAdded,
    Declared,
    Event,
    Expelled,
    Hint,
    Judged,
    Marked,
    NoPlay,
    NoPlayJudged,
    Overthrown,
    Played,
    PlayerRemoved,
    Pointed,
    RoundEnded,
    TurnSkipped,
)
from classroom.core.games.new_eleusis.options import (
    MARKER_EVERY,
    NEW_HAND_FEWER,
    NO_PLAY_PENALTY,
    OVERTHROW_PENALTY,
    PENALTY_PER_CARD,
    Options,
)
from classroom.core.games.new_eleusis.state import Pending, Phase, RoundState
from classroom.core.layout import Layout

__all__ = ["apply", "first_player", "replay"]

Changes = dict[str, Any]


def first_player(seats: tuple[str, ...], starter: Card, options: Options) -> str:
    """Who plays first: the dealer's left counts 1, and the count goes clockwise up to the
    starter's value (A=1 ... K=13), round the table as often as needed; or, by house option,
    the dealer's left.

    >>> first_player(("Ana", "Ben", "Chen", "Dia"), Card.parse("6S"), Options())
    'Ben'
    """
    if options.first_player == "left":
        return seats[0]
    return seats[(starter.rank - 1) % len(seats)]


def _dealt(event: Dealt) -> RoundState:
    if event.seq != 1:
        raise BadEvent(f"The deal must be event 1, not {event.seq}.")
    if len(event.hands) != len(event.seats) or not event.seats:
        raise BadEvent("The deal needs one hand per seat.")
    return RoundState(
        seats=event.seats,
        hands=event.hands,
        stock=event.stock,
        layout=Layout.starting_with(event.starter),
        options=event.options,
        decks=event.decks,
        turn=first_player(event.seats, event.starter, event.options),
        seq=1,
    )


def _without(state: RoundState, seat: str, cards: Iterable[Card]) -> tuple[Card, ...]:
    hand = list(state.hand(seat))
    for card in cards:
        if card not in hand:
            raise BadEvent(f"{seat} does not hold {card}.")
        hand.remove(card)
    return tuple(hand)


def _hand(state: RoundState, seat: str, hand: tuple[Card, ...], draw: int = 0) -> Changes:
    """`seat` holds `hand` plus `draw` cards off the top of the stock."""
    if draw > len(state.stock):
        raise BadEvent(f"{seat} cannot draw {draw} cards from a stock of {len(state.stock)}.")
    cut = len(state.stock) - draw
    i = state.seats.index(seat)
    hand = hand + tuple(reversed(state.stock[cut:]))
    return {"hands": (*state.hands[:i], hand, *state.hands[i + 1 :]), "stock": state.stock[:cut]}


def _pending(state: RoundState, seat: str, event: Event) -> Pending:
    pending = state.pending
    if pending is None or pending.seat != seat:
        raise BadEvent(f"Event {event.seq} judges a turn {seat} did not take.")
    return pending


def _judged(state: RoundState, event: Judged) -> Changes:
    pending = _pending(state, event.seat, event)
    if pending.cards != event.cards:
        raise BadEvent(f"Event {event.seq} judges cards that were not played.")
    layout = state.layout
    for card in event.cards:
        layout = layout.accept(card) if event.correct else layout.reject(card)
    # A refuted prophet takes the blame: the player draws nothing for the play.
    refuted = pending.call is not None and pending.call != event.correct
    draw = 0 if event.correct or refuted else PENALTY_PER_CARD * len(event.cards)
    done = {"layout": layout, "phase": "playing", "pending": None}
    return (
        done
        | {"may_declare": event.seat if event.correct else None}
        | _hand(state, event.seat, state.hand(event.seat), draw)
    )


def _no_play_judged(state: RoundState, event: NoPlayJudged) -> Changes:
    pending = _pending(state, event.seat, event)
    seat, card = event.seat, event.card
    if state.phase == "judging_no_play" and event.right:
        if card is not None:
            raise BadEvent(f"Event {event.seq} plays a card for a right no-play.")
        size = len(state.hand(seat))
        new_hand = _hand(state, seat, (), max(size - NEW_HAND_FEWER, 0))
        return new_hand | {"discards": state.discards + size, "phase": "playing", "pending": None}
    if event.right:
        raise BadEvent(f"Event {event.seq} calls a no-play right after the prophet pointed.")
    if card is None:
        if state.phase != "judging_no_play" or pending.call is not False:
            raise BadEvent(f"Event {event.seq} asks for a point nobody owes.")
        return {"phase": "pointing"}
    if state.phase == "judging_point":
        draw = NO_PLAY_PENALTY if card == pending.pointed else 0
    else:
        draw = 0 if pending.call else NO_PLAY_PENALTY
    played = _hand(state, seat, _without(state, seat, [card]), draw)
    return played | {"layout": state.layout.accept(card), "phase": "playing", "pending": None}


def _call_waived(state: RoundState, event: CallWaived) -> Changes:
    """No call on the waiting turn: it waits for the dealer as if there were no prophet. A
    point the prophet owed after a no-play goes back to the dealer's verdict on that no-play,
    now without the prophet's call (a wrong one: the dealer names the card, the player draws 5)."""
    if event.by not in ("teacher", "app"):
        raise BadEvent(f"Event {event.seq} is waived by {event.by!r}, neither teacher nor app.")
    pending = _pending_turn(state, event)
    waiting = "judging_play" if pending.cards else "judging_no_play"
    return {"phase": waiting, "pending": replace(pending, call=None, pointed=None)}


def _pending_turn(state: RoundState, event: Event) -> Pending:
    if state.pending is None:
        raise BadEvent(f"Event {event.seq} settles a turn nobody took.")
    return state.pending


def _declared(state: RoundState, event: Declared) -> Changes:
    if event.seat != state.may_declare or state.prophet is not None:
        raise BadEvent(f"Event {event.seq} makes {event.seat} prophet out of turn.")
    return {
        "prophet": event.seat,
        "prophet_marker": state.cards_played,
        "former_prophets": (*state.former_prophets, event.seat),
        "may_declare": None,
    }


def _overthrown(state: RoundState, event: Overthrown) -> Changes:
    if event.seat != state.prophet:
        raise BadEvent(f"Event {event.seq} overthrows {event.seat}, who is not the prophet.")
    penalty = _hand(state, event.seat, state.hand(event.seat), OVERTHROW_PENALTY)
    restart = {"prophet": None, "prophet_marker": None, "count_from": state.cards_played}
    return penalty | restart


def _expelled(state: RoundState, event: Expelled) -> Changes:
    if not state.is_playing(event.seat):
        raise BadEvent(f"Event {event.seq} expels {event.seat}, who is not playing.")
    return {"expelled": (*state.expelled, event.seat)}


def _removed(state: RoundState, event: PlayerRemoved) -> Changes:
    """A player leaves (the teacher removed them): not an expulsion. Their hand, with any
    string still waiting for its verdict, goes under the stock; a prophet leaves office without
    penalty, and the count without a prophet starts again, as after an overthrow."""
    seat = event.seat
    if seat not in state.seats:
        raise BadEvent(f"Event {event.seq} removes {seat}, who is not at the table.")
    at = state.seats.index(seat)
    hand = state.hand(seat)
    changes: Changes = {}
    pending = state.pending
    if pending is not None and pending.seat == seat:
        hand += pending.cards
        changes |= {"phase": "playing", "pending": None}
    if state.prophet == seat:
        changes |= {"prophet": None, "prophet_marker": None, "count_from": state.cards_played}
        if pending is not None and pending.seat != seat and state.phase != "playing":
            # The call or the pointing the prophet owed is nobody's now: the dealer judges the
            # waiting turn alone.
            waiting = "judging_play" if pending.cards else "judging_no_play"
            changes |= {"phase": waiting, "pending": replace(pending, call=None, pointed=None)}
    seats = state.seats[:at] + state.seats[at + 1 :]
    hands = state.hands[:at] + state.hands[at + 1 :]
    changes |= {"seats": seats, "hands": hands, "stock": hand + state.stock}
    changes |= {"expelled": tuple(other for other in state.expelled if other != seat)}
    if state.may_declare == seat:
        changes["may_declare"] = None
    if state.last == seat:
        changes["last"] = None
    if state.turn == seat or "pending" in changes:
        # The turn goes on to the next seat, clockwise, that still plays.
        after = state.seats[at + 1 :] + state.seats[:at]
        still = [other for other in after if other not in state.expelled and other != state.prophet]
        changes["turn"] = still[0] if still else None
    return changes


def _skipped(state: RoundState, event: TurnSkipped) -> Changes:
    if event.seat != state.turn:
        raise BadEvent(f"Event {event.seq} skips {event.seat}, whose turn it is not.")
    # As if the skipped player had just played: the turn goes on clockwise from them.
    return {"last": event.seat, "may_declare": None}


def _marked(state: RoundState, event: Marked) -> Changes:
    count = event.count
    if count % MARKER_EVERY or not max(state.markers, default=0) < count <= state.cards_played:
        raise BadEvent(f"Event {event.seq} puts a marker on card {count}.")
    return {"markers": (*state.markers, count)}


def _round_ended(state: RoundState, event: RoundEnded) -> Changes:
    ended: Changes = {"phase": "over", "turn": None, "pending": None, "may_declare": None}
    ended |= {"end_reason": event.reason, "winner": event.winner}
    pending = state.pending
    if pending is not None and pending.cards:
        # An unjudged string does not count: the cards go back to their player.
        ended |= _hand(state, pending.seat, state.hand(pending.seat) + pending.cards)
    return ended


def _step(state: RoundState, event: Event) -> Changes:
    match event:
        case Played(seat=seat, cards=cards):
            if not cards:
                raise BadEvent(f"Event {event.seq} plays no cards.")
            waiting = "calling" if state.prophet else "judging_play"
            turn = {"phase": waiting, "pending": Pending(seat, cards), "may_declare": None}
            return _hand(state, seat, _without(state, seat, cards)) | turn | {"last": seat}
        case NoPlay(seat=seat):
            waiting = "calling" if state.prophet else "judging_no_play"
            return {"phase": waiting, "pending": Pending(seat), "may_declare": None, "last": seat}
        case Called(right=right) if state.pending is not None:
            phase = "judging_play" if state.pending.cards else "judging_no_play"
            return {"phase": phase, "pending": replace(state.pending, call=right)}
        case Pointed(card=card) if state.pending is not None:
            _without(state, state.pending.seat, [card])
            return {"phase": "judging_point", "pending": replace(state.pending, pointed=card)}
        case CallWaived():
            return _call_waived(state, event)
        case Judged():
            return _judged(state, event)
        case NoPlayJudged():
            return _no_play_judged(state, event)
        case Declared():
            return _declared(state, event)
        case Overthrown():
            return _overthrown(state, event)
        case Expelled():
            return _expelled(state, event)
        case Marked():
            return _marked(state, event)
        case DeckAdded(cards=cards):
            return {"stock": cards + state.stock, "decks": state.decks + 1}
        case Hint(text=text):
            return {"hints": (*state.hints, text)}
        case TurnSkipped():
            return _skipped(state, event)
        case PlayerRemoved():
            return _removed(state, event)
        case RoundEnded():
            return _round_ended(state, event)
    raise BadEvent(f"Event {event.seq} of kind {event.kind!r} cannot follow the deal.")


_ALLOWED: dict[type[Event], frozenset[Phase]] = {
    Played: frozenset({"playing"}),
    NoPlay: frozenset({"playing"}),
    Called: frozenset({"calling"}),
    CallWaived: frozenset({"calling", "pointing"}),
    Judged: frozenset({"judging_play"}),
    NoPlayJudged: frozenset({"judging_no_play", "judging_point"}),
    Pointed: frozenset({"pointing"}),
    Declared: frozenset({"playing"}),
    Overthrown: frozenset({"playing"}),
    Expelled: frozenset({"playing"}),
    TurnSkipped: frozenset({"playing"}),
}


def _check_actor(state: RoundState, event: Event) -> None:
    if isinstance(event, Played | NoPlay):
        actor = state.turn
    elif isinstance(event, Called | Pointed | CallWaived):
        actor = state.prophet
    else:
        return
    if event.seat != actor:
        raise BadEvent(f"Event {event.seq} is by {event.seat}, out of turn.")


def apply(state: RoundState | None, event: Event) -> RoundState:
    """The state after `event`; the first event (state None) must be the deal."""
    if state is None or isinstance(event, Dealt):
        if state is not None or not isinstance(event, Dealt):
            raise BadEvent(f"A round starts with its deal, and only once (event {event.seq}).")
        return _dealt(event)
    if event.seq != state.seq + 1:
        raise BadEvent(f"Event {event.seq} cannot follow event {state.seq}.")
    if state.is_over:
        raise BadEvent(f"Event {event.seq} comes after the end of the round.")
    allowed = _ALLOWED.get(type(event))
    if allowed is not None and state.phase not in allowed:
        raise BadEvent(f"A {event.kind!r} event cannot happen in phase {state.phase!r}.")
    _check_actor(state, event)
    new = replace(state, seq=event.seq, **_step(state, event))
    if new.phase == "playing" and new.last is not None:
        # Whoever is expelled, overthrown or set aside, the turn goes clockwise from the last
        # player to the next seat that still plays (None: nobody, and the round ends).
        new = replace(new, turn=new.next_player(new.last))
    if new.phase == "playing" and new.turn is not None and not new.is_playing(new.turn):
        # A player who leaves before anyone has played: the turn passes to the next seat.
        new = replace(new, turn=new.next_player(new.turn))
    return new


def replay(events: Iterable[Event]) -> RoundState:
    """The state a round's events fold to; raise BadEvent if they are not a round's log."""
    state = reduce(apply, events, None)
    if state is None:
        raise BadEvent("An empty log has no round in it.")
    return state
