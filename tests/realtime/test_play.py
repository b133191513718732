"""Tablets playing over real Socket.IO: isolation, privacy, verdicts, guesses and scores."""

from __future__ import annotations

import json

from tests.realtime.conftest import EASY_RULE, OTHER_RULE, Lesson, Tablet

RED = {"H", "D"}


def other_colour_card(state: dict) -> str | None:
    """A card from the hand that the easy rule accepts, if the hand holds one."""
    last_red = state["mainline"][-1][-1] in RED
    return next((c for c in state["hand"] if (c[-1] in RED) != last_red), None)


def seat_two_groups(lesson: Lesson) -> tuple[list[Tablet], list[Tablet]]:
    otters = [lesson.join(name, 0) for name in ("Ana", "Ben", "Chen")]
    falcons = [lesson.join(name, 1) for name in ("Dia", "Eve", "Fay")]
    lesson.start(0)
    lesson.start(1)
    return otters, falcons


def test_tablets_hear_only_their_own_group(lesson):
    otters, falcons = seat_two_groups(lesson)
    ana = otters[0]
    state = ana.last_state()
    for tablet in otters[1:] + falcons:
        tablet.received()
    assert ana.act({"type": "play", "card": state["hand"][0], "action_id": "a-1"})["ok"]
    for tablet in otters[1:]:
        kinds = [e["kind"] for batch in tablet.received("events") for e in batch]
        assert kinds[:1] == ["played"]
    for tablet in falcons:
        assert tablet.received() == []


def test_every_payload_hides_the_rule_other_hands_and_the_stock_order(lesson):
    otters, falcons = seat_two_groups(lesson)
    payloads = []
    for turn in range(6):
        tablet = otters[turn % 3]
        state = tablet.last_state()
        card = other_colour_card(state) or state["hand"][0]
        assert tablet.act({"type": "play", "card": card, "action_id": f"t{turn}"})["ok"]
        if tablet.last_state()["can"]["pass"]:
            tablet.act({"type": "pass", "action_id": f"p{turn}"})
        for each in otters + falcons:
            payloads += [(each, args) for _name, args in each.received()]
    assert payloads
    for tablet, payload in payloads:
        text = json.dumps(payload)
        assert EASY_RULE not in text and OTHER_RULE not in text
        assert '"hands"' not in text and '"cards": [' not in text
        if isinstance(payload, dict) and "hand" in payload:
            assert payload["me"] == _seat_of(lesson, tablet)
            assert payload["status"] == "lobby" or isinstance(payload["stock"], int)
            assert payload["rule"] is None
        for event in payload if isinstance(payload, list) else []:
            assert set(event) <= {
                "kind",
                "seq",
                "seat",
                "card",
                "correct",
                "right",
                "text",
                "starter",
                "count",
                "reason",
                "winner",
                "note",
            }


def _seat_of(lesson: Lesson, tablet: Tablet) -> str:
    return lesson.service.seats.seat_by_token(tablet.token).key


def test_rule_reaches_the_group_only_when_revealed(lesson):
    otters, falcons = seat_two_groups(lesson)
    for tablet in falcons:
        tablet.received()
    assert otters[1].last_state()["rule"] is None
    lesson.service.rounds.set_revealed(lesson.teacher_id, lesson.group_ids[0], True)
    assert otters[1].last_state()["rule"] == EASY_RULE
    assert falcons[0].received() == []


def test_right_guess_ends_the_round_with_express_scores_on_every_tablet(lesson):
    otters, _ = seat_two_groups(lesson)
    ana = otters[0]
    state = ana.last_state()
    card = other_colour_card(state)
    assert card is not None, "seed 7 deals Ana a card of the other colour"
    answer = ana.act({"type": "play", "card": card, "action_id": "play-1"})
    assert answer["ok"]
    assert ana.last_state()["can"]["guess"]
    assert ana.act({"type": "guess", "text": "alternate colours", "action_id": "g-1"})["ok"]
    lesson.service.rounds.judge_guess(lesson.teacher_id, lesson.group_ids[0], True)
    for tablet in otters:
        final = tablet.last_state()
        assert final["status"] == "over"
        assert final["end"] == {"reason": "guessed", "winner": final["seats"][0]["seat"]}
        scores = {s["nickname"]: s["score"] for s in final["seats"]}
        assert scores == {"Ana": 12 - 11 + 6, "Ben": 0, "Chen": 0}
        assert final["dealer_score"] == 7
        # A right guess reveals the rule to the group, without the teacher's Reveal button.
        assert final["rule"] == EASY_RULE


def test_wrong_play_goes_to_the_sideline_and_draws_a_penalty_card(lesson):
    otters, _ = seat_two_groups(lesson)
    ana = otters[0]
    state = ana.last_state()
    last_red = state["mainline"][-1][-1] in RED
    wrong = next(c for c in state["hand"] if (c[-1] in RED) == last_red)
    assert ana.act({"type": "play", "card": wrong, "action_id": "w-1"})["ok"]
    after = ana.last_state()
    assert after["sidelines"][-1] == [wrong]
    assert len(after["hand"]) == 12
    assert after["turn"] == after["seats"][1]["seat"]
    assert not after["can"]["guess"]
