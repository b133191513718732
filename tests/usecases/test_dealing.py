"""Student dealers through the use cases, on the in-memory store."""

from __future__ import annotations

import pytest

from classroom.core.games.express import Options
from classroom.usecases import (
    Change,
    Conflict,
    Forbidden,
    GroupSetup,
    Invalid,
    Move,
    RuleChoice,
    UseCases,
    Verdict,
    VerdictCheck,
)
from tests.usecases.tables import Table


@pytest.fixture
def dealt(use_cases: UseCases, teacher: int) -> Table:
    """Five students; the first deals round 1 with the alternating-colours rule."""
    setup = [GroupSetup("Otters", "card.color != prev.color", dealer_mode="student")]
    class_id = use_cases.classes.create_class(teacher, "Club", setup, Options())
    table = Table.seated(use_cases, teacher, class_id, players=5)
    use_cases.rounds.start_round(teacher, table.group_id)
    snapshot = use_cases.reading.group_snapshot(table.group_id)
    dealer = next(seat for seat in table.seats if seat.key == snapshot.dealing_seat)
    choice = RuleChoice("language", "card.color != prev.color")
    use_cases.dealing.choose_rule(dealer, choice, "choose-1")
    return table


def test_a_student_dealer_needs_three_other_players(use_cases: UseCases, teacher: int) -> None:
    setup = [GroupSetup("Otters", "true", dealer_mode="student")]
    class_id = use_cases.classes.create_class(teacher, "Club", setup, Options())
    table = Table.seated(use_cases, teacher, class_id, players=3)
    with pytest.raises(Conflict, match="besides the dealer"):
        use_cases.rounds.start_round(teacher, table.group_id)


def test_only_the_dealing_seat_chooses_the_rule(use_cases: UseCases, teacher: int) -> None:
    setup = [GroupSetup("Otters", "true", dealer_mode="student")]
    class_id = use_cases.classes.create_class(teacher, "Club", setup, Options())
    table = Table.seated(use_cases, teacher, class_id, players=4)
    use_cases.rounds.start_round(teacher, table.group_id)
    dealing = use_cases.reading.group_snapshot(table.group_id).dealing_seat
    other = next(seat for seat in table.seats if seat.key != dealing)
    with pytest.raises(Forbidden):
        use_cases.dealing.choose_rule(other, RuleChoice("free", "red cards"), "c1")
    with pytest.raises(Invalid):
        dealer = next(seat for seat in table.seats if seat.key == dealing)
        use_cases.dealing.choose_rule(dealer, RuleChoice("language", "card.color =="), "c2")


def test_the_chosen_rule_deals_the_round_to_everyone_but_the_dealer(dealt: Table) -> None:
    snapshot = dealt.use_cases.reading.group_snapshot(dealt.group_id)
    assert snapshot.dealer_seat is not None and snapshot.state is not None
    assert snapshot.dealer_seat not in snapshot.state.seats
    assert len(snapshot.state.seats) == 4


def test_a_verdict_against_the_rule_asks_first_and_is_recorded_when_confirmed(
    dealt: Table,
) -> None:
    player = dealt.whose_turn()
    dealt.use_cases.rounds.act(player, Move("play", "p1", cards=(dealt.right_card(player),)))
    dealer = next(s for s in dealt.seats if s.key == _dealer_key(dealt))
    check = dealt.use_cases.dealing.judge_as_dealer(dealer, Verdict("play", False), "v1")
    assert isinstance(check, VerdictCheck) and check.expected is True
    change = dealt.use_cases.dealing.judge_as_dealer(
        dealer, Verdict("play", False, confirmed=True), "v2"
    )
    assert isinstance(change, Change) and change.events
    assert dealt.use_cases.reading.group_snapshot(dealt.group_id).dealer_mismatches == 1
    again = dealt.use_cases.dealing.judge_as_dealer(
        dealer, Verdict("play", False, confirmed=True), "v2"
    )
    assert isinstance(again, Change) and again.duplicate
    record = dealt.use_cases.records.group_record(dealt.teacher, dealt.group_id)
    [mismatch] = record.rounds[0].mismatches
    assert (mismatch.given, mismatch.expected) == (False, True)


def test_the_dealer_cannot_play(dealt: Table) -> None:
    dealer = next(s for s in dealt.seats if s.key == _dealer_key(dealt))
    with pytest.raises(Conflict, match="dealer"):
        dealt.use_cases.rounds.act(dealer, Move("pass", "p"))


def _dealer_key(table: Table) -> str:
    key = table.use_cases.reading.group_snapshot(table.group_id).dealer_seat
    assert key is not None
    return key
