"""A card travels in the protocol in exactly one spelling ('KD', '10H'): padded, lower-case or
otherwise loose spellings are refused with a clear message and change nothing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.realtime.conftest import Lesson, Tablet


def loose_spellings(code: str) -> list[str]:
    """Ways to write a card that name it to a person but are not its code."""
    rank, suit = code[:-1], code[-1]
    glyph = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[suit]
    spellings = [
        f"{code} ",
        f" {code}",
        f"\t{code}\n",
        code.lower(),
        f"{rank}{suit.lower()}",
        f"{rank}{glyph}",
        f"0{code}",
    ]
    if rank == "10":
        spellings.append(f"T{suit}")
    if rank == "A":
        spellings.append(f"1{suit}")
    return spellings


@pytest.fixture
def table(lesson: Lesson) -> tuple[Tablet, Tablet]:
    """Two of three players of a started round: Ana (first to play) and Ben."""
    ana, ben, _chen = (lesson.join(name) for name in ("Ana", "Ben", "Chen"))
    lesson.start(0)
    return ana, ben


def emit(tablet: Tablet, event: str, payload: Any) -> Any:
    return tablet.socket.emit(event, payload, namespace="/play", callback=True)


def table_as_it_is(lesson: Lesson) -> tuple[Any, ...]:
    snapshot = lesson.service.reading.group_snapshot(lesson.group_ids[0])
    return (snapshot.round_number, str(snapshot.state))


def test_a_play_in_a_loose_spelling_is_refused(lesson: Lesson, table) -> None:
    ana, _ben = table
    hand = ana.last_state()["hand"]
    before = table_as_it_is(lesson)
    for n, code in enumerate(hand[:3]):
        for loose in loose_spellings(code):
            single = ana.act({"type": "play", "card": loose, "action_id": f"s{n}-{loose!r}"})
            assert single == {"ok": False, "error": "Choose a card to play."}, loose
            several = ana.act({"type": "play", "cards": [loose], "action_id": f"m{n}-{loose!r}"})
            assert several == {"ok": False, "error": "Choose 1 to 4 cards to play, in order."}
    assert table_as_it_is(lesson) == before
    # The same cards in their codes are plays.
    assert ana.act({"type": "play", "card": hand[0], "action_id": "exact"})["ok"] is True


def test_pointing_to_a_card_in_a_loose_spelling_is_refused(lesson: Lesson, table) -> None:
    ana, _ben = table
    before = table_as_it_is(lesson)
    for loose in loose_spellings("KD") + loose_spellings("10H"):
        answer = ana.act({"type": "point", "card": loose, "action_id": f"p-{loose!r}"})
        assert answer == {"ok": False, "error": "Choose the card to point to."}, loose
    assert table_as_it_is(lesson) == before


def test_a_dealers_card_in_a_loose_spelling_is_refused(lesson: Lesson, table) -> None:
    ana, _ben = table
    before = table_as_it_is(lesson)
    for loose in loose_spellings("AS") + loose_spellings("10C"):
        payload = {"kind": "no_play", "right": False, "card": loose, "action_id": f"v{loose!r}"}
        answer = emit(ana, "verdict", payload)
        assert answer == {"ok": False, "error": "Choose the card to play for them."}, loose
    assert table_as_it_is(lesson) == before


def test_a_journal_test_card_in_a_loose_spelling_is_refused(lesson: Lesson, table) -> None:
    ana, _ben = table
    code = ana.last_state()["hand"][0]
    for loose in loose_spellings(code):
        entry = {"text": "red after black", "test_card": loose, "predicted_accepted": True}
        answer = emit(ana, "journal", entry)
        assert answer == {
            "ok": False,
            "error": "Choose the card you will play from your hand.",
        }, loose
    seat = lesson.service.seats.seat_by_token(ana.token)
    assert lesson.service.reading.catch_up(seat.group_id, seat.seat_id, 0, 0).journal == ()


def test_a_builder_choice_is_its_exact_id(lesson: Lesson, table) -> None:
    ana, _ben = table
    exact = {"template": "alternate", "choices": {"what": "color"}}
    assert emit(ana, "builder_check", exact)["ok"] is True
    for loose in (" color", "color ", "COLOR"):
        answer = emit(ana, "builder_check", {"template": "alternate", "choices": {"what": loose}})
        assert answer["ok"] is False
    for loose in (" alternate", "ALTERNATE"):
        answer = emit(ana, "builder_check", {"template": loose, "choices": {"what": "color"}})
        assert answer["ok"] is False
