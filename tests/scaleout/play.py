"""Moving a round forward from the tablets: whatever the next legal action is."""

from __future__ import annotations

import itertools
from typing import Any

from classroom.core.cards import Card
from tests.scaleout.clients import Tablet

_ids = itertools.count(1)


def right_card(state: dict[str, Any]) -> str:
    """A card of the hand that the test rule (colors alternate) accepts, else the first."""
    hand: list[str] = state["hand"]
    mainline = state.get("mainline") or []
    if mainline:
        last = Card.parse(mainline[-1]).color
        for card in hand:
            if Card.parse(card).color != last:
                return card
    return hand[0]


def next_action(tablets: list[Tablet]) -> tuple[Tablet, dict[str, Any]]:
    """The tablet whose move it is and its action: pass a guess chance, else play a right card."""
    for tablet in tablets:
        can = tablet.state.get("can", {})
        if can.get("pass"):
            return tablet, {"type": "pass", "action_id": f"pass-{next(_ids)}"}
    for tablet in tablets:
        if tablet.state.get("can", {}).get("play"):
            card = right_card(tablet.state)
            return tablet, {"type": "play", "card": card, "action_id": f"play-{next(_ids)}"}
    raise AssertionError(f"nobody can move: {[t.state for t in tablets]}")


def step(tablets: list[Tablet]) -> tuple[Tablet, dict[str, Any], int]:
    """Make the next move; every tablet has seen its seq when this returns."""
    tablet, action = next_action(tablets)
    answer = tablet.act(action)
    # A duplicate answer is a resend after a lost acknowledgement: applied once, seq known.
    assert answer["ok"] and answer["seq"], answer
    for each in tablets:
        each.wait_seq(answer["seq"])
    return tablet, action, answer["seq"]
