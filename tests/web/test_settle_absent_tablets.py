"""The class page settles what a tablet owes: once a prophet's call or a student dealer's
verdict has waited the class's away time (on an offline tablet, or on one that does not
answer), the group's panel offers to go on without the call or to judge in the dealer's place;
before that it only says when to look again."""

from __future__ import annotations

import re
from collections.abc import Callable

from flask import Flask

from classroom.core.games.express import Options
from classroom.usecases import GroupSetup, Move, RuleChoice, SeatRef, UseCases
from tests.usecases.test_settling import _prophet_and_a_wrong_play
from tests.web.conftest import Browser, flashes, text

RULE = "card.color != prev.color"
NAMES = ("Ana", "Ben", "Chen", "Dana", "Emil")
WAIVE = "Go on without the prophet's call"


def _table(
    service: UseCases, teacher: int, join: Callable[..., SeatRef], *, student_dealer: bool = False
) -> tuple[int, int, list[SeatRef]]:
    groups = [GroupSetup("Owls", RULE, mode="new_eleusis")]
    class_id = service.classes.create_class(teacher, "Club", groups, Options())
    snapshot = service.reading.class_snapshot(teacher, class_id)
    group_id = snapshot.groups[0].group_id
    seats = [join(snapshot.join_code, group_id, name) for name in NAMES]
    if student_dealer:
        service.lesson.set_dealer_mode(teacher, group_id, "student")
    service.rounds.start_round(teacher, group_id)
    return class_id, group_id, seats


def _settle_box(page: str, group_id: int) -> str:
    found = re.search(
        rf'<div class="settle notice" id="settle-{group_id}".*?</div>\s*</div>', page, re.S
    )
    return found.group(0) if found else ""


def test_the_settle_button_shows_only_once_the_prophet_is_away_long_enough(
    app: Flask, client: Browser, service: UseCases, teacher: int, join: Callable[..., SeatRef]
) -> None:
    class_id, group_id, seats = _table(service, teacher, join)
    prophet, _player = _prophet_and_a_wrong_play(service, teacher, group_id, seats)
    page_url = f"/teacher/classes/{class_id}"
    client.get(page_url)  # the page counts tablets from its first look
    presence = app.extensions["presence"]
    presence.connected(prophet.seat_id)
    service.classes.set_away_seconds(teacher, class_id, 120)
    page = text(client.get(page_url))
    assert WAIVE not in page and "data-settle-in" in page  # the prophet is here, thinking
    service.classes.set_away_seconds(teacher, class_id, 0)
    box = _settle_box(text(client.get(page_url)), group_id)  # a prophet who will not call
    assert WAIVE in box and f"{prophet.nickname} has not called for a while" in box
    presence.disconnected(prophet.seat_id)
    service.classes.set_away_seconds(teacher, class_id, 20)
    page = text(client.get(page_url))
    assert WAIVE not in page
    wait = re.search(r'data-settle-in="([\d.]+)"', page)
    assert wait and 15 < float(wait.group(1)) <= 20
    service.classes.set_away_seconds(teacher, class_id, 0)
    page = text(client.get(page_url))
    box = _settle_box(page, group_id)
    assert WAIVE in box and f"{prophet.nickname}'s tablet is offline" in box
    seq = service.reading.group_snapshot(group_id).seq
    client.post(f"/teacher/groups/{group_id}/waive-call", {"seq": str(seq), "next": page_url})
    page = flashes(client, page_url)
    assert "The call was settled without the prophet: the dealer judges." in page
    state = service.reading.group_snapshot(group_id).state
    assert state is not None and state.phase == "playing" and state.prophet == prophet.key
    assert WAIVE not in page
    client.post(f"/teacher/groups/{group_id}/waive-call", {"seq": str(seq), "next": page_url})
    assert "The table has moved on: this was settled already." in flashes(client, page_url)
    timeline = text(client.get(f"/teacher/groups/{group_id}/timeline?round=1"))
    assert f"The prophet {prophet.nickname} made no call: the tablet was away and the teacher" in (
        timeline
    )


def test_the_teacher_judges_for_a_student_dealer_whose_tablet_is_away(
    app: Flask, client: Browser, service: UseCases, teacher: int, join: Callable[..., SeatRef]
) -> None:
    class_id, group_id, seats = _table(service, teacher, join, student_dealer=True)
    dealer = next(
        s for s in seats if s.key == service.reading.group_snapshot(group_id).dealing_seat
    )
    service.dealing.choose_rule(dealer, RuleChoice("language", RULE), "rule-1")
    state = service.reading.group_snapshot(group_id).state
    assert state is not None
    player = next(s for s in seats if s.key == state.turn)
    cards = state.hand(player.key)[:2]
    service.rounds.act(player, Move("play", "p-1", cards=cards))
    service.classes.set_away_seconds(teacher, class_id, 0)
    page_url = f"/teacher/classes/{class_id}"
    client.get(page_url)  # the page counts tablets from its first look
    app.extensions["presence"].connected(dealer.seat_id)
    box = _settle_box(text(client.get(page_url)), group_id)  # a dealer who will not judge
    assert f"{dealer.nickname} has not judged for a while" in box
    app.extensions["presence"].disconnected(dealer.seat_id)
    box = _settle_box(text(client.get(page_url)), group_id)
    assert f"{dealer.nickname}'s tablet is offline" in box
    assert "the table waits for the dealer's verdict" in box
    assert "The secret rule says: wrong." in box or "The secret rule says: right." in box
    assert 'name="kind" value="play"' in box
    url = f"/teacher/groups/{group_id}/judge-for-dealer"
    seq = service.reading.group_snapshot(group_id).seq
    client.post(url, {"seq": str(seq), "kind": "guess", "right": "0", "next": page_url})
    assert "Judged in the dealer" not in flashes(client, page_url)
    assert service.reading.group_snapshot(group_id).seq == seq  # bad input changes nothing
    client.post(url, {"seq": str(seq), "kind": "play", "right": "0", "next": page_url})
    assert "Judged in the dealer&#39;s place." in flashes(client, page_url)
    state = service.reading.group_snapshot(group_id).state
    assert state is not None and state.layout.sidelines[0] == cards


def test_the_settle_words_are_in_the_teachers_language(
    app: Flask, client: Browser, service: UseCases, teacher: int, join: Callable[..., SeatRef]
) -> None:
    class_id, group_id, seats = _table(service, teacher, join)
    _prophet_and_a_wrong_play(service, teacher, group_id, seats)
    service.classes.set_away_seconds(teacher, class_id, 0)
    page = text(client.get(f"/teacher/classes/{class_id}", headers={"Accept-Language": "pl"}))
    box = _settle_box(page, group_id)
    assert "Graj dalej bez oceny proroka" in box and WAIVE not in box


def test_the_teacher_judges_for_an_absent_dealer_at_an_express_table(
    app: Flask, client: Browser, service: UseCases, teacher: int, join: Callable[..., SeatRef]
) -> None:
    class_id = service.classes.create_class(
        teacher, "Club", [GroupSetup("Otters", RULE)], Options()
    )
    snapshot = service.reading.class_snapshot(teacher, class_id)
    group_id = snapshot.groups[0].group_id
    seats = [join(snapshot.join_code, group_id, name) for name in NAMES[:4]]
    service.lesson.set_dealer_mode(teacher, group_id, "student")
    service.rounds.start_round(teacher, group_id)
    dealer = next(
        s for s in seats if s.key == service.reading.group_snapshot(group_id).dealing_seat
    )
    service.dealing.choose_rule(dealer, RuleChoice("language", RULE), "rule-1")
    state = service.reading.group_snapshot(group_id).state
    assert state is not None
    player = next(s for s in seats if s.key == state.turn)
    card = state.hand(player.key)[0]
    service.rounds.act(player, Move("play", "p-1", cards=(card,)))
    service.classes.set_away_seconds(teacher, class_id, 0)
    page_url = f"/teacher/classes/{class_id}"
    box = _settle_box(text(client.get(page_url)), group_id)
    assert "the table waits for the dealer's verdict" in box
    assert WAIVE not in box  # Express has no prophet
    seq = service.reading.group_snapshot(group_id).seq
    url = f"/teacher/groups/{group_id}/judge-for-dealer"
    client.post(url, {"seq": str(seq), "kind": "play", "right": "1", "next": page_url})
    assert "Judged in the dealer&#39;s place." in flashes(client, page_url)
    state = service.reading.group_snapshot(group_id).state
    assert state is not None and state.layout.mainline[-1] == card
    assert state.seq > seq


def test_the_card_named_in_the_dealers_place_must_be_a_card_code_exactly(
    app: Flask, client: Browser, service: UseCases, teacher: int, join: Callable[..., SeatRef]
) -> None:
    class_id, group_id, seats = _table(service, teacher, join, student_dealer=True)
    snapshot = service.reading.group_snapshot(group_id)
    dealer = next(s for s in seats if s.key == snapshot.dealing_seat)
    service.dealing.choose_rule(dealer, RuleChoice("language", RULE), "rule-1")
    state = service.reading.group_snapshot(group_id).state
    assert state is not None
    player = next(s for s in seats if s.key == state.turn)
    service.rounds.act(player, Move("no_play", "np-1"))
    card = str(state.hand(player.key)[0])
    seq = service.reading.group_snapshot(group_id).seq
    page_url = f"/teacher/classes/{class_id}"
    url = f"/teacher/groups/{group_id}/judge-for-dealer"
    for loose in (f" {card}", card.lower(), f"{card} ", "TH" if card == "10H" else "10H "):
        form = {"seq": str(seq), "kind": "no_play", "right": "0", "card": loose}
        client.post(url, {**form, "next": page_url})
        assert "Choose a card from the player" in flashes(client, page_url)
        assert service.reading.group_snapshot(group_id).seq == seq  # nothing changed
