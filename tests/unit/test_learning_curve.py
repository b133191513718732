"""The learning curve: prediction accuracy play after play, and each student's first correct
hypothesis on the same play axis. Rounds built by hand; every figure exact."""

from __future__ import annotations

import random

from classroom.core.cards import Card
from classroom.core.games.express import (
    Event,
    Guessed,
    GuessJudged,
    Judged,
    Played,
    Predicted,
    Round,
    RoundEnded,
)
from classroom.projections.journal_view import JournalRecord
from classroom.projections.learning_curve import (
    Curve,
    Point,
    learning_curve,
    live_accuracy,
    play_predictions,
)
from tests.unit.test_game_support import Alternate, dealt, table

CARD = Card.parse("7H")
Play = tuple[str, bool, dict[str, bool]]


def log(plays: list[Play], *, seats: str = "Ana Ben Chen") -> list[Event]:
    """A round of (player, verdict, {seat: predicted accepted}) plays; the hands do not matter."""
    events: list[Event] = [dealt({seat: "2H" for seat in seats.split()})]
    for player, correct, forecasts in plays:
        seq = events[-1].seq + 1
        events.append(Played(seq=seq, seat=player, card=CARD))
        for n, (seat, accepted) in enumerate(forecasts.items(), start=1):
            events.append(Predicted(seq=seq + n, seat=seat, accepted=accepted))
        events.append(Judged(seq=events[-1].seq + 1, seat=player, card=CARD, correct=correct))
    return events


def ben_learns(wrong: int, right: int) -> list[Event]:
    """Ana plays accepted cards; Ben first forecasts `wrong` of them wrongly, then `right` well."""
    return log([("Ana", True, {"Ben": n >= wrong}) for n in range(wrong + right)])


def test_predictions_take_their_play_number_and_verdict_from_the_log() -> None:
    events = log([("Ana", True, {"Ben": True, "Chen": False}), ("Ben", False, {"Ana": False})])
    found = [(p.seat, p.play_seq, p.play, p.accepted, p.right) for p in play_predictions(events)]
    assert found == [
        ("Ben", 2, 1, True, True),
        ("Chen", 2, 1, False, False),
        ("Ana", 6, 2, False, True),
    ]


def test_a_card_never_judged_leaves_its_predictions_open_and_off_the_curve() -> None:
    events = log([("Ana", True, {"Ben": True})])
    events += [Played(seq=5, seat="Ben", card=CARD), Predicted(seq=6, seat="Ana", accepted=True)]
    events.append(RoundEnded(seq=7, reason="teacher"))
    assert [(p.play, p.right) for p in play_predictions(events)] == [(1, True), (None, None)]
    curve = learning_curve(events)
    assert [(c.seat, c.predicted) for c in curve.students] == [("Ben", 1)]
    assert curve.plays == 1 and curve.group.predicted == 1


def test_cumulative_and_rolling_accuracy_part_once_the_early_mistakes_leave_the_window() -> None:
    curve = learning_curve(ben_learns(wrong=2, right=10))
    (ben,) = curve.students
    assert ben.points[0] == Point(1, 0.0, 0.0)
    assert ben.points[2] == Point(3, 1 / 3, 1 / 3)
    assert ben.points[10] == Point(11, 9 / 11, 9 / 10)
    assert ben.points[11] == Point(12, 10 / 12, 1.0)
    assert (ben.right, ben.predicted, ben.recent_right, ben.recent_predicted) == (10, 12, 10, 10)
    assert ben.got_it


def test_the_group_line_pools_every_student() -> None:
    events = log(
        [
            ("Ana", True, {"Ben": True, "Chen": False}),
            ("Ben", False, {"Ana": False, "Chen": False}),
            ("Chen", True, {"Ana": False, "Ben": True}),
        ]
    )
    curve = learning_curve(events)
    assert [(c.seat, c.right, c.predicted) for c in curve.students] == [
        ("Ana", 1, 2),
        ("Ben", 2, 2),
        ("Chen", 1, 2),
    ]
    assert [(p.play, p.cumulative) for p in curve.group.points] == [(1, 0.5), (2, 0.75), (3, 4 / 6)]
    assert (curve.group.right, curve.group.predicted) == (4, 6)


def test_got_it_needs_eighty_percent_of_at_least_five_predictions_in_the_last_ten_plays() -> None:
    def window(right: int, predicted: int) -> Curve:
        return Curve("Ben", (), 0, 0, right, predicted)

    assert window(4, 5).got_it
    assert window(8, 10).got_it
    assert not window(4, 4).got_it  # too few to tell luck from insight
    assert not window(3, 5).got_it
    assert not window(7, 10).got_it
    # A student right ten times long ago but wrong lately has not got it (any more).
    assert (
        not learning_curve(log([("Ana", True, {"Ben": n < 10}) for n in range(20)]))
        .students[0]
        .got_it
    )


def test_the_first_correct_hypothesis_is_a_right_guess_or_a_journal_entry_equal_to_the_rule() -> (
    None
):
    events = ben_learns(wrong=1, right=4)  # plays 1..5 end at seq 15
    events += [
        Guessed(seq=16, seat="Chen", text="red"),
        GuessJudged(seq=17, seat="Chen", right=True),
    ]
    journal = [
        JournalRecord("Ben", 7, "card.color != prev.color", 7, None, None, ""),  # after play 2
        JournalRecord("Ben", 10, "card.color != prev.color", 9, None, None, ""),
        JournalRecord("Ana", 4, "big cards", 2, None, None, ""),
    ]
    curve = learning_curve(
        events, journal, equivalent=lambda text: text == "card.color != prev.color"
    )
    assert [(c.seat, c.first_correct) for c in curve.students] == [("Ben", 2), ("Chen", 5)]
    assert curve.group.first_correct == 2


def test_a_round_without_predictions_has_no_curve() -> None:
    curve = learning_curve(log([("Ana", True, {}), ("Ben", False, {})]))
    assert curve.plays == 2 and not curve.has_predictions and curve.students == ()


def test_the_live_figures_count_the_last_ten_predicted_plays_of_a_real_round() -> None:
    game = table(automatic=False)
    rule = Alternate()
    forecasts = {"Ana": True, "Ben": False, "Chen": True}
    for _ in range(6):
        seat = game.state.turn
        assert seat is not None
        card = game.state.hand(seat)[0]
        game.play(seat, card)
        for other in game.state.seats:
            if other != seat:
                game.predict(other, accepted=forecasts[other])
        game.judge_play(rule.allows(game.state.layout.mainline, card))
        if game.state.phase == "guess_window" and game.state.guesser is not None:
            game.pass_guess(game.state.guesser)
    live = live_accuracy(game.state)
    # Verdicts: accepted, rejected, accepted, rejected, rejected, accepted.
    assert live["plays"] == 6
    assert live["seats"] == {
        "Ana": {"right": 2, "predicted": 4, "percent": 50, "got_it": False},
        "Ben": {"right": 1, "predicted": 4, "percent": 25, "got_it": False},
        "Chen": {"right": 1, "predicted": 4, "percent": 25, "got_it": False},
    }
    assert live["group"] == {"right": 4, "predicted": 12, "percent": 33, "got_it": False}
    assert live_accuracy(None)["group"] == {
        "right": 0,
        "predicted": 0,
        "percent": None,
        "got_it": False,
    }


def test_the_live_figures_forget_plays_older_than_the_last_ten_predicted() -> None:
    game = Round.deal(["Ana", "Ben", "Chen"], random.Random(3))
    rule = Alternate()
    for number in range(20):
        seat = game.state.turn
        assert seat is not None
        hand, mainline = game.state.hand(seat), game.state.layout.mainline
        card = next((c for c in hand if rule.allows(mainline, c) == (number % 3 != 2)), hand[0])
        game.play(seat, card)
        truth = rule.allows(mainline, card)
        if seat != "Ben":  # Ben: wrong on the first four plays, right after
            game.predict("Ben", accepted=truth == (number >= 4))
        game.judge_play(truth)
        if game.state.phase == "guess_window" and game.state.guesser is not None:
            game.pass_guess(game.state.guesser)
    live = live_accuracy(game.state)
    ben = [p for p in game.state.predictions if p.seat == "Ben"]
    recent = sorted({p.play for p in ben})[-10:]
    assert live["plays"] == 10 and len(ben) > 10
    assert live["seats"]["Ben"] == {"right": 10, "predicted": 10, "percent": 100, "got_it": True}
    assert all(p.right for p in ben if p.play in recent)
    assert not all(p.right for p in ben)  # the early mistakes are there, out of the window
