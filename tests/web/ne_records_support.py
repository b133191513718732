"""A class with an Express group and a New Eleusis group, each with a round played, for the
tests of the teacher's records (exports, debrief, timeline, game report).

The New Eleusis round has a prophet whose first call the app confirms and whose second it
refutes (overthrown), then wrong strings up to sudden death and a player expelled; the teacher
ends it. The Express round has a play and a journal entry.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from classroom.core.cards import Card
from classroom.core.games import new_eleusis as ne
from classroom.core.games.express import Options
from classroom.core.rules import compile_rule
from classroom.usecases import GroupSetup, JournalNote, Move, SeatRef, UseCases

RULE = "card.color != prev.color"
NE_NAMES = ("Zoë", "さくら", "Ana", "Ben", "Chen")
_ids = (f"ne-{n}" for n in itertools.count())


@dataclass
class MixedClass:
    """The class, its two groups and the New Eleusis round's prophet and expelled player."""

    class_id: int
    express_group: int
    ne_group: int
    prophet: str
    expelled: str


def _state(service: UseCases, group_id: int) -> ne.RoundState:
    state = service.reading.group_snapshot(group_id).state
    assert state is not None
    return state


def _cards(state: ne.RoundState, seat: str, right: bool) -> list[Card]:
    rule = compile_rule(RULE)
    return [c for c in state.hand(seat) if rule.allows(state.layout.mainline, c) == right]


def _play_ne_round(service: UseCases, group_id: int, seats: list[SeatRef]) -> tuple[str, str]:
    by_key = {seat.key: seat for seat in seats}
    act = service.rounds.act
    state = _state(service, group_id)
    while not _cards(state, state.turn or "", True):
        act(by_key[state.turn or ""], Move("no_play", next(_ids)))
        state = _state(service, group_id)
    prophet = by_key[state.turn or ""]
    act(prophet, Move("play", next(_ids), cards=(_cards(state, prophet.key, True)[0],)))
    act(prophet, Move("declare", next(_ids)))
    # A wrong card called wrong: confirmed.
    state = _state(service, group_id)
    player = by_key[state.turn or ""]
    act(player, Move("play", next(_ids), cards=(_cards(state, player.key, False)[0],)))
    act(prophet, Move("call", next(_ids), right=False))
    # A right card called wrong: the prophet is overthrown.
    state = _state(service, group_id)
    player = by_key[state.turn or ""]
    act(player, Move("play", next(_ids), cards=(_cards(state, player.key, True)[0],)))
    act(prophet, Move("call", next(_ids), right=False))
    assert _state(service, group_id).prophet is None
    # Wrong strings of four until sudden death, then one more wrong card expels its player.
    state = _state(service, group_id)
    while not state.sudden_death:
        player = by_key[state.turn or ""]
        act(player, Move("play", next(_ids), cards=tuple(_cards(state, player.key, False)[:4])))
        state = _state(service, group_id)
    player = by_key[state.turn or ""]
    act(player, Move("play", next(_ids), cards=(_cards(state, player.key, False)[0],)))
    assert player.key in _state(service, group_id).expelled
    return prophet.key, player.key


def mixed_class(service: UseCases, teacher_id: int, language: str = "en") -> MixedClass:
    """The class, speaking `language`, both rounds played and ended by the teacher."""
    groups = [GroupSetup("Cats", RULE), GroupSetup("Owls", RULE, mode="new_eleusis")]
    class_id = service.classes.create_class(
        teacher_id, "Club", groups, Options(), language=language
    )
    snapshot = service.reading.class_snapshot(teacher_id, class_id)
    express, new = (group.group_id for group in snapshot.groups)
    cats = [service.seats.join(snapshot.join_code, express, n)[0] for n in ("Kai", "Lea", "Mo")]
    owls = [service.seats.join(snapshot.join_code, new, n)[0] for n in NE_NAMES]
    service.rounds.start_round(teacher_id, express)
    state = service.reading.group_snapshot(express).state
    assert state is not None
    player = next(seat for seat in cats if seat.key == state.turn)
    card = state.hand(player.key)[0]
    service.journal.write_journal(player, JournalNote("reds follow blacks", 6, card, True))
    service.rounds.act(player, Move("play", next(_ids), cards=(card,)))
    service.rounds.end_round(teacher_id, express)
    service.rounds.start_round(teacher_id, new)
    prophet, expelled = _play_ne_round(service, new, owls)
    service.rounds.end_round(teacher_id, new)
    return MixedClass(class_id, express, new, prophet, expelled)
