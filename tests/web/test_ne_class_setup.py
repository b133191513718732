"""New Eleusis chosen by the teacher: per group on the new-class form, with the class's house
options, and between rounds on the class page; the class page shows a running New Eleusis
table (the prophet, sudden death, the markers) without Express's skip-turn."""

from __future__ import annotations

import re
from collections.abc import Callable

from classroom.core.rules import compile_rule
from classroom.usecases import Move, SeatRef, UseCases
from tests.web.conftest import Browser, class_form, flashes, text

NAMES = ("Ana", "Ben", "Chen", "Dia", "Emil")


def test_the_form_offers_the_game_per_group_and_the_house_options(
    client: Browser, teacher: int
) -> None:
    page = text(client.get("/teacher/classes/new?groups=2"))
    for row in (0, 1):
        express = re.search(rf'<input[^>]*name="groups-{row}-game"[^>]*value="express"[^>]*>', page)
        assert express is not None and "checked" in express.group(0)
        assert f'name="groups-{row}-game"' in page and 'value="new_eleusis"' in page
    for name, default in (("ne_sudden_death", "abbott"), ("ne_first_player", "count")):
        inputs = re.findall(rf'<input[^>]*name="{name}"[^>]*>', page)
        assert len(inputs) == 2
        assert [("checked" in i) for i in inputs] == [f'value="{default}"' in i for i in inputs]


def test_a_new_eleusis_group_is_made_with_the_house_options(
    client: Browser, teacher: int, service: UseCases
) -> None:
    client.get("/teacher/classes/new?groups=2")
    data = class_form(
        "Club", ["alternate-colors"] * 2, ne_sudden_death="long", ne_first_player="left"
    )
    data["groups-1-game"] = "new_eleusis"
    assert client.post("/teacher/classes/new", data).status_code == 302
    (period,) = service.classes.classes_of(teacher)
    assert (period.ne_sudden_death, period.ne_first_player) == ("long", "left")
    groups = service.reading.class_snapshot(teacher, period.id).groups
    assert [group.next_mode for group in groups] == ["express", "new_eleusis"]


def test_an_unknown_game_or_option_is_refused_in_the_pages_language(
    client: Browser, teacher: int, service: UseCases
) -> None:
    client.get("/teacher/classes/new?groups=1&lang=pl")
    data = class_form("Club", ["alternate-colors"])
    data["groups-0-game"] = "chess"
    response = client.post("/teacher/classes/new", data, headers={"Accept-Language": "pl"})
    assert response.status_code == 400 and "Eleusis Express albo" in text(response)
    data = class_form("Club", ["alternate-colors"], ne_sudden_death="never")
    response = client.post("/teacher/classes/new", data, headers={"Accept-Language": "pl"})
    assert response.status_code == 400 and "Eliminacja" in text(response)
    assert service.classes.classes_of(teacher) == []


def _ne_table(
    client: Browser,
    service: UseCases,
    teacher: int,
    join: Callable[..., SeatRef],
) -> tuple[int, int, list[SeatRef]]:
    client.get("/teacher/classes/new?groups=1")
    data = class_form("Club", ["card.color != prev.color"])
    data["groups-0-game"] = "new_eleusis"
    response = client.post("/teacher/classes/new", data)
    class_id = int(response.location.rsplit("/", 1)[1])
    snapshot = service.reading.class_snapshot(teacher, class_id)
    group_id = snapshot.groups[0].group_id
    seats = [join(snapshot.join_code, group_id, name) for name in NAMES]
    return class_id, group_id, seats


def test_the_class_page_shows_the_prophet_and_sudden_death_and_no_skip_turn(
    client: Browser, teacher: int, service: UseCases, join: Callable[..., SeatRef]
) -> None:
    class_id, group_id, seats = _ne_table(client, service, teacher, join)
    page = f"/teacher/classes/{class_id}"
    assert "Play Eleusis Express next" in text(client.get(page))
    service.rounds.start_round(teacher, group_id)
    rule = compile_rule("card.color != prev.color")
    rounds, n = service.rounds, 0
    while True:
        state = service.reading.group_snapshot(group_id).state
        assert state is not None and state.turn is not None
        seat = next(s for s in seats if s.key == state.turn)
        right = [c for c in state.hand(seat.key) if rule.allows(state.layout.mainline, c)]
        n += 1
        if right:
            rounds.act(seat, Move("play", f"p{n}", cards=(right[0],)))
            rounds.act(seat, Move("declare", f"d{n}"))
            break
        rounds.act(seat, Move("no_play", f"n{n}"))
    html = text(client.get(page))
    assert "New Eleusis" in html and f"Prophet: {seat.nickname}" in html
    assert "Sudden death in" in html
    after = service.reading.group_snapshot(group_id).state
    assert after is not None and after.turn is not None
    turn = next(s for s in seats if s.key == after.turn)
    # An absent player's turn can be skipped at a New Eleusis table too.
    assert f'Skip turn<span class="sr-only"> {turn.nickname}</span>' in html
    assert "Play Eleusis Express next" not in html  # not while a round runs
    refused = client.post(f"/teacher/groups/{group_id}/game", {"mode": "express", "next": page})
    assert "Change the game between rounds." in flashes(client, refused.location)
    service.rounds.end_round(teacher, group_id)
    done = client.post(f"/teacher/groups/{group_id}/game", {"mode": "express", "next": page})
    assert "The next rounds are Eleusis Express." in flashes(client, done.location)
    assert service.reading.group_snapshot(group_id).next_mode == "express"


def test_the_class_page_names_the_new_eleusis_house_options_of_its_tables(
    client: Browser, teacher: int, service: UseCases
) -> None:
    client.get("/teacher/classes/new?groups=1")
    express_only = client.post("/teacher/classes/new", class_form("Plain", ["alternate-colors"]))
    assert "sudden death" not in text(client.get(express_only.location)).lower()
    data = class_form("Club", ["alternate-colors"], ne_sudden_death="long", ne_first_player="left")
    data["groups-0-game"] = "new_eleusis"
    page = text(client.get(client.post("/teacher/classes/new", data).location))
    assert "sudden death after 40 cards" in page and "dealer's left starts" in page


def test_the_totals_show_new_eleusis_rounds_and_who_would_get_ten_for_never_dealing(
    client: Browser, teacher: int, service: UseCases, join: Callable[..., SeatRef]
) -> None:
    from classroom.usecases import RuleChoice

    class_id, group_id, seats = _ne_table(client, service, teacher, join)
    service.lesson.set_dealer_mode(teacher, group_id, "student")
    service.rounds.start_round(teacher, group_id)
    dealing = service.reading.group_snapshot(group_id).dealing_seat
    dealer = next(seat for seat in seats if seat.key == dealing)
    service.dealing.choose_rule(dealer, RuleChoice("language", "card.color != prev.color"), "r1")
    service.rounds.end_round(teacher, group_id)
    page = text(client.get(f"/teacher/classes/{class_id}/totals"))
    assert "New Eleusis rounds: each player scores" in page
    assert "If the game ends now" in page and page.count("+10<") == len(seats) - 1


def test_a_hint_to_all_and_end_all_rounds_reach_a_new_eleusis_table(
    client: Browser, teacher: int, service: UseCases, join: Callable[..., SeatRef]
) -> None:
    class_id, group_id, _seats = _ne_table(client, service, teacher, join)
    service.rounds.start_round(teacher, group_id)
    page = f"/teacher/classes/{class_id}"
    client.post(f"{page}/hint", {"text": "Look at the colours", "next": page})
    state = service.reading.group_snapshot(group_id).state
    assert state is not None and state.hints == ("Look at the colours",)
    client.post(f"{page}/end-rounds", {"next": page})
    state = service.reading.group_snapshot(group_id).state
    assert state is not None and state.is_over
