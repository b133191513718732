"""A New Eleusis round read back for the records: the cards numbered in play order with their
markers, each prophet's term (calls confirmed, overthrow), the calls' outcomes, and the scores
with the prophet's bonus and the dealer's capped score."""

from __future__ import annotations

from classroom.core.games import new_eleusis as ne
from classroom.projections.class_record import RoundRecord
from classroom.projections.games.new_eleusis.record import call_outcomes, ne_debrief, numbered_table
from tests.unit.test_new_eleusis_support import Alternate, cards, long_table, play_right, table


def _record(events: tuple[ne.Event, ...], dealer: str | None = None) -> RoundRecord:
    return RoundRecord(
        round_id=1,
        number=1,
        rule_text="card.color != prev.color",
        rule_kind="language",
        rule_id=None,
        dealer=dealer,
        started_at="2026-11-23T09:00:00Z",
        events=events,
        times={},
        journal=(),
        mismatches=(),
        mode="new_eleusis",
    )


def test_a_prophet_at_the_end_earns_the_bonus_and_caps_the_dealer() -> None:
    game = table(judge=Alternate())
    game.play("Ana", cards("2H"))
    game.declare("Ana")
    game.play("Ben", cards("7S"))  # right, called right: confirmed
    game.call("Ana", True)
    game.play("Chen", cards("10S"))  # wrong, called wrong: confirmed
    game.call("Ana", False)
    game.end_round()
    summary = ne_debrief(_record(game.events, dealer="Eve"))
    assert summary is not None
    (term,) = summary.prophecies
    assert (term.seat, term.marker, term.confirmed, term.overthrown_at) == ("Ana", 1, 2, None)
    assert summary.prophet == "Ana" and summary.prophet_marker == 1
    ana = next(line for line in summary.scores if line.seat == "Ana")
    assert ana.prophet_bonus == 1 + 2  # 7S on the mainline, 10S on the sideline
    assert summary.dealer_score == 2 * 1  # no more than twice the cards up to the marker
    assert (summary.strings, summary.right_strings, summary.end_reason) == (3, 2, "teacher")


def test_a_refuted_call_overthrows_and_a_settled_one_is_confirmed() -> None:
    game = table(judge=Alternate())
    game.play("Ana", cards("2H"))
    game.declare("Ana")
    game.play("Ben", cards("7S"))
    game.call("Ana", True)
    game.play("Chen", cards("9H"))
    game.call("Ana", False)  # 9H is right: the prophet is overthrown
    outcomes = call_outcomes(game.events)
    assert sorted(outcomes.values()) == ["confirmed", "overthrown"]
    summary = ne_debrief(_record(game.events))
    assert summary is not None
    (term,) = summary.prophecies
    assert term.confirmed == 1 and term.overthrown_at == 3 and summary.prophet is None


def test_cards_are_numbered_in_play_order_with_a_marker_on_every_tenth() -> None:
    game = long_table(judge=Alternate())
    play_right(game, 12)
    mainline, sidelines = numbered_table(game.state)
    assert [card.number for card in mainline] == list(range(13))
    assert [card.number for card in mainline if card.marker] == [10]
    assert not any(sidelines)
    summary = ne_debrief(_record(game.events))
    assert summary is not None and summary.cards_played == 12 and not summary.prophecies


def test_a_round_not_dealt_has_no_debrief() -> None:
    assert ne_debrief(_record(())) is None
