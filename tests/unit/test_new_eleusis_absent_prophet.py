"""A prophet whose tablet is away: the teacher (or the app as dealer) goes on without the call
or the point, and the turn is judged as if there were no prophet call on it. The prophet stays
in office, unpunished."""

from __future__ import annotations

import pytest

from classroom.core.games import new_eleusis as ne
from classroom.core.games.new_eleusis.game import NEW_ELEUSIS
from classroom.core.games.shape import Awaited, Verdict
from tests.unit.test_new_eleusis_prophet import ALL_RED, SOME_BLACK, with_prophet
from tests.unit.test_new_eleusis_support import Alternate, cards, snapshot


def test_a_waived_call_leaves_the_string_to_the_dealer_without_a_call() -> None:
    game = with_prophet()
    game.play("Ben", cards("6D"))
    assert NEW_ELEUSIS.awaited(game.state) == Awaited(caller="Ana")
    events = game.waive_call("teacher")
    assert [e.to_dict() for e in events] == [
        {"kind": "call_waived", "seq": events[0].seq, "seat": "Ana", "by": "teacher"}
    ]
    state = game.state
    assert state.phase == "judging_play" and state.pending == ne.Pending("Ben", cards("6D"))
    assert NEW_ELEUSIS.awaited(state) == Awaited(verdict="play")
    assert state.prophet == "Ana" and state.hand("Ana") == cards("3S 4H 5S 6H")


def test_a_wrong_string_after_a_waived_call_costs_the_player_not_the_prophet() -> None:
    game = with_prophet()
    game.play("Ben", cards("6D 8D"))
    game.waive_call()
    before_ana = game.state.hand("Ana")
    kinds = [event.kind for event in game.judge_play(False)]
    assert kinds == ["judged"]  # no overthrow
    assert len(game.state.hand("Ben")) == 3 + 2 * 2
    assert game.state.prophet == "Ana" and game.state.hand("Ana") == before_ana


def test_the_app_as_dealer_judges_a_waived_call_at_once() -> None:
    game = with_prophet(SOME_BLACK, automatic=True)
    game.play("Ben", cards("7S"))
    assert game.state.phase == "calling"
    kinds = [event.kind for event in game.waive_call("app")]
    assert kinds == ["call_waived", "judged"]
    assert game.state.layout.mainline[-1] == cards("7S")[0]
    assert game.state.prophet == "Ana" and game.state.turn == "Chen"


def test_a_waived_call_on_a_no_play_is_judged_as_a_no_play_without_a_prophet() -> None:
    game = with_prophet(SOME_BLACK)
    game.no_play("Ben")
    game.waive_call()
    assert game.state.phase == "judging_no_play" and game.state.pending == ne.Pending("Ben")
    with pytest.raises(ne.BadVerdict):
        game.check("judge_no_play", False, None)  # no prophet left to point: name the card
    game.judge_no_play(False, cards("7S")[0])
    assert len(game.state.hand("Ben")) == 2 + 5
    assert game.state.prophet == "Ana"


def test_a_right_no_play_after_a_waived_call_gives_a_new_hand_and_keeps_the_prophet() -> None:
    game = with_prophet(ALL_RED, automatic=True)
    game.no_play("Ben")
    kinds = [event.kind for event in game.waive_call("app")]
    assert kinds == ["call_waived", "no_play_judged"]
    assert len(game.state.hand("Ben")) == 6 - 4 and game.state.prophet == "Ana"


def test_a_point_the_prophet_never_makes_goes_back_to_the_dealers_verdict() -> None:
    game = with_prophet(SOME_BLACK)
    game.no_play("Ben")
    game.call("Ana", False)  # "there is one"
    game.judge_no_play(False)  # the dealer agrees: the prophet must point
    assert game.state.phase == "pointing"
    assert NEW_ELEUSIS.awaited(game.state) == Awaited(caller="Ana")
    game.waive_call()
    assert game.state.phase == "judging_no_play"
    assert game.state.pending == ne.Pending("Ben")
    game.judge_no_play(False, cards("7S")[0])
    assert len(game.state.hand("Ben")) == 2 + 5
    assert game.state.prophet == "Ana" and game.state.hand("Ana") == cards("3S 4H")


def test_an_unpointed_card_is_played_by_the_app_when_it_deals() -> None:
    game = with_prophet(SOME_BLACK, automatic=True)
    game.no_play("Ben")
    game.call("Ana", False)
    assert game.state.phase == "pointing"
    kinds = [event.kind for event in game.waive_call("app")]
    assert kinds == ["call_waived", "no_play_judged"]
    assert game.state.layout.mainline[-1] == cards("7S")[0]


@pytest.mark.parametrize("phase", ["playing", "judging_play"])
def test_nothing_to_waive_is_refused_and_changes_nothing(phase: str) -> None:
    game = with_prophet()
    if phase == "judging_play":
        game.play("Ben", cards("7S"))
        game.call("Ana", True)
    assert game.state.phase == phase
    before = snapshot(game)
    with pytest.raises(ne.NothingToJudge, match="Nothing waits for the prophet"):
        game.waive_call()
    assert snapshot(game) == before


def test_the_fold_refuses_a_waived_call_nobody_owes_or_by_anyone_else() -> None:
    game = with_prophet()
    with pytest.raises(ne.BadEvent):
        ne.apply(game.state, ne.CallWaived(seq=game.state.seq + 1, seat="Ana", by="teacher"))
    game.play("Ben", cards("7S"))
    stranger = ne.event_from_dict(
        {"kind": "call_waived", "seq": game.state.seq + 1, "seat": "Ana", "by": "Ben"}
    )
    with pytest.raises(ne.BadEvent):
        ne.apply(game.state, stranger)
    with pytest.raises(ne.BadEvent):
        ne.apply(game.state, ne.CallWaived(seq=game.state.seq + 1, seat="Ben", by="app"))


def test_a_log_with_a_waived_call_replays_from_json_to_the_same_state() -> None:
    game = with_prophet(SOME_BLACK)
    game.play("Ben", cards("7S"))
    game.waive_call()
    game.judge_play(True)
    read = [ne.event_from_dict(event.to_dict()) for event in game.events]
    assert ne.replay(read) == game.state


def test_the_rule_says_what_the_dealer_owes() -> None:
    game = with_prophet(SOME_BLACK)
    game.play("Ben", cards("8D"))
    game.waive_call()
    assert NEW_ELEUSIS.rule_verdict(game.state, Alternate()) == Verdict("play", False)
    game.judge_play(False)
    game.no_play("Chen")  # Chen: 9H 10S JH, after the red 2H the black 10S fits
    game.waive_call()
    assert NEW_ELEUSIS.rule_verdict(game.state, Alternate()) == Verdict(
        "no_play", False, cards("10S")[0]
    )
