"""The projector view over real Socket.IO: its token, live updates, privacy, anonymity, presence."""

from __future__ import annotations

import json
import time
from typing import Any

from flask.testing import FlaskClient
from flask_socketio import SocketIOTestClient

from classroom.core.games.express import Options
from classroom.usecases import GroupSetup
from classroom.web import socketio
from tests.realtime.conftest import EASY_RULE, OTHER_RULE, Lesson, Tablet
from tests.realtime.test_play import other_colour_card

PROJECTOR = "/projector"
PASSWORD = "magic-school-bus"


def open_projector(lesson: Lesson) -> SocketIOTestClient:
    """A projector page's socket, connected with a fresh link's token."""
    token = lesson.service.classes.projector_link_token(lesson.teacher_id, lesson.class_id)
    client = socketio.test_client(lesson.app, namespace=PROJECTOR, auth={"token": token})
    assert client.is_connected(PROJECTOR)
    return client


def views(client: SocketIOTestClient) -> list[dict[str, Any]]:
    """The `class` payloads received since the last call."""
    received = client.get_received(PROJECTOR)
    assert all(message["name"] == "class" for message in received)
    return [message["args"][0] for message in received]


def latest(client: SocketIOTestClient) -> dict[str, Any]:
    """The newest projector view."""
    received = views(client)
    assert received, "the projector received nothing"
    return received[-1]


def next_redraw(client: SocketIOTestClient, wait_s: float = 5.0) -> list[dict[str, Any]]:
    """The views received once a (gathered, so slightly later) presence redraw has arrived."""
    deadline = time.monotonic() + wait_s
    received: list[dict[str, Any]] = []
    while not received and time.monotonic() < deadline:
        time.sleep(0.02)  # polling until the redraw arrives, up to `wait_s`
        received = views(client)
    assert received, f"no projector redraw within {wait_s} s"
    return received


def group_of(view: dict[str, Any], group_id: int) -> dict[str, Any]:
    (group,) = [g for g in view["groups"] if g["id"] == group_id]
    return group


def seat_online(view: dict[str, Any], lesson: Lesson, tablet: Tablet) -> bool:
    key = lesson.service.seats.seat_by_token(tablet.token).key
    (seat,) = [s for s in group_of(view, tablet.group_id)["seats"] if s["seat"] == key]
    online: bool = seat["online"]
    return online


def play_on_turn(tablets: list[Tablet], action_id: str) -> str:
    """The tablet on turn plays a card the easy rule accepts (or any); returns the card."""
    for tablet in tablets:
        state = tablet.last_state()
        if state["turn"] == state["me"]:
            card = other_colour_card(state) or state["hand"][0]
            assert tablet.act({"type": "play", "card": card, "action_id": action_id})["ok"]
            return card
    raise AssertionError("nobody is on turn")


def logged_in(lesson: Lesson, username: str, password: str) -> FlaskClient:
    client = lesson.app.test_client()
    answer = client.post("/teacher/login", data={"username": username, "password": password})
    assert answer.status_code == 302
    return client


def test_a_wrong_token_is_refused(lesson):
    lesson.service.classes.projector_link_token(lesson.teacher_id, lesson.class_id)
    client = socketio.test_client(lesson.app, namespace=PROJECTOR, auth={"token": "guessed"})
    assert not client.is_connected(PROJECTOR)
    without = socketio.test_client(lesson.app, namespace=PROJECTOR)
    assert not without.is_connected(PROJECTOR)


def test_an_old_link_stops_working_when_a_new_one_is_made(lesson):
    old = lesson.service.classes.projector_link_token(lesson.teacher_id, lesson.class_id)
    lesson.service.classes.projector_link_token(lesson.teacher_id, lesson.class_id)
    client = socketio.test_client(lesson.app, namespace=PROJECTOR, auth={"token": old})
    assert not client.is_connected(PROJECTOR)
    assert lesson.app.test_client().get(f"/projector/{old}").status_code == 404


def test_a_good_token_receives_every_group_of_the_class(lesson):
    lesson.join("Ana", 0)
    view = latest(open_projector(lesson))
    assert [g["name"] for g in view["groups"]] == ["Otters", "Falcons"]
    assert view["joining"] and view["join_code"] == lesson.code
    otters = group_of(view, lesson.group_ids[0])
    assert otters["status"] == "lobby"
    assert [s["name"] for s in otters["seats"]] == ["Ana"]


def test_a_tablet_play_reaches_the_projector(lesson):
    otters = [lesson.join(name, 0) for name in ("Ana", "Ben", "Chen")]
    lesson.start(0)
    projector = open_projector(lesson)
    before = group_of(latest(projector), lesson.group_ids[0])
    assert before["status"] == "playing" and len(before["mainline"]) == 1
    card = play_on_turn(otters, "p-1")
    after = group_of(latest(projector), lesson.group_ids[0])
    accepted = len(after["mainline"]) == 2
    assert after["mainline"][-1] == card if accepted else after["sidelines"] == [[card]]
    assert after["verdict"] == {
        "kind": "play",
        "seat": before["turn"],
        "card": card,
        "right": accepted,
    }
    # A correct card leaves the hand; a wrong one is replaced by a penalty card.
    assert sum(seat["cards"] for seat in after["seats"]) == 3 * 12 - accepted


def test_the_rule_is_absent_until_revealed(lesson):
    otters = [lesson.join(name, 0) for name in ("Ana", "Ben", "Chen")]
    lesson.start(0)
    projector = open_projector(lesson)
    play_on_turn(otters, "p-1")
    for view in views(projector):
        text = json.dumps(view)
        assert EASY_RULE not in text and OTHER_RULE not in text
    lesson.service.rounds.set_revealed(lesson.teacher_id, lesson.group_ids[0], True)
    view = latest(projector)
    assert group_of(view, lesson.group_ids[0])["rule"] == EASY_RULE
    assert OTHER_RULE not in json.dumps(view)


def test_anonymous_mode_leaves_nicknames_out_of_the_payload(lesson):
    lesson.join("Zanzibar", 0)
    lesson.join("Quetzal", 0)
    lesson.join("Yolanda", 1)
    projector = open_projector(lesson)
    assert "Zanzibar" in json.dumps(latest(projector))
    teacher = logged_in(lesson, "frizzle", PASSWORD)
    url = f"/teacher/projector/{lesson.class_id}/anonymous"
    assert teacher.post(url, data={"on": "1"}).status_code == 302
    view = latest(projector)
    text = json.dumps(view)
    for nickname in ("Zanzibar", "Quetzal", "Yolanda"):
        assert nickname not in text
    otters = group_of(view, lesson.group_ids[0])
    assert [(s["number"], "name" in s) for s in otters["seats"]] == [(1, False), (2, False)]
    token = lesson.service.classes.projector_link_token(lesson.teacher_id, lesson.class_id)
    page = lesson.app.test_client().get(f"/projector/{token}")
    assert "Zanzibar" not in page.get_data(as_text=True)
    teacher.post(url, data={"on": "0"})
    assert "Zanzibar" in json.dumps(latest(open_projector(lesson)))


def test_a_tablet_connecting_and_leaving_flips_its_connection_dot(lesson):
    ana = lesson.join("Ana", 0)
    projector = open_projector(lesson)
    assert seat_online(latest(projector), lesson, ana)
    second_tab = socketio.test_client(
        lesson.app, namespace="/play", auth={"token": ana.token}, flask_test_client=ana.http
    )
    assert second_tab.is_connected("/play")
    next_redraw(projector)
    second_tab.disconnect(namespace="/play")
    assert seat_online(next_redraw(projector)[-1], lesson, ana), "one tab of the seat is still open"
    ana.socket.disconnect(namespace="/play")
    assert not seat_online(next_redraw(projector)[-1], lesson, ana)


def test_tablets_coming_at_once_cost_the_projector_one_redraw(lesson):
    """A bell: the dots of everyone who came back within the gathering time are drawn once."""
    tablets = [lesson.join(name, index % 2) for index, name in enumerate(("Ana", "Ben", "Chen"))]
    projector = open_projector(lesson)
    views(projector)
    lesson.app.config["PRESENCE_REDRAW_S"] = 2.0
    for tablet in tablets:
        tablet.socket.disconnect(namespace="/play")
    back = [
        socketio.test_client(lesson.app, namespace="/play", auth={"token": tablet.token})
        for tablet in tablets[:2]
    ]
    assert all(socket.is_connected("/play") for socket in back)
    (redraw,) = next_redraw(projector)
    assert [seat_online(redraw, lesson, tablet) for tablet in tablets] == [True, True, False]
    time.sleep(0.3)  # room for a second redraw, had the gathering failed
    assert views(projector) == [], "the gathered redraw came once"


def test_a_class_deleted_before_its_dots_are_redrawn_leaves_nothing_to_draw(lesson):
    ana = lesson.join("Ana", 0)
    projector = open_projector(lesson)
    views(projector)
    ana.socket.disconnect(namespace="/play")  # a redraw is now due in 0.25 s
    lesson.service.classes.delete_class(lesson.teacher_id, lesson.class_id)
    time.sleep(0.6)  # past the 0.25 s after which the redraw runs
    # An exception in the redraw's thread would fail this test (warnings are errors).
    assert views(projector) == []


def test_the_projector_never_receives_hands_or_guess_texts(lesson):
    otters = [lesson.join(name, 0) for name in ("Ana", "Ben", "Chen")]
    lesson.start(0)
    projector = open_projector(lesson)
    for turn in range(6):
        play_on_turn(otters, f"t{turn}")
        for tablet in otters:
            if tablet.last_state()["can"]["pass"]:
                tablet.act({"type": "pass", "action_id": f"p{turn}"})
    received = views(projector)
    assert len(received) >= 6
    for view in received:
        text = json.dumps(view)
        assert '"hand"' not in text and '"hands"' not in text and '"stock"' not in text
        for group in view["groups"]:
            lists = {key for key, value in group.items() if isinstance(value, list)}
            assert lists <= {"mainline", "sidelines", "seats"}
            assert all(isinstance(seat["cards"], int | None) for seat in group["seats"])
            assert all(isinstance(seat["score"], int | None) for seat in group["seats"])
            verdict = group["verdict"]
            assert verdict is None or set(verdict) == {"kind", "seat", "card", "right"}


def test_teacher_routes_need_a_login_and_the_class_owner(lesson):
    anonymous_url = f"/teacher/projector/{lesson.class_id}/anonymous"
    open_url = f"/teacher/projector/{lesson.class_id}/open"
    visitor = lesson.app.test_client()
    for url in (open_url, anonymous_url):
        answer = visitor.post(url, data={"on": "1"})
        assert answer.status_code == 302 and "/teacher/login" in answer.headers["Location"]
    lesson.service.teachers.create_teacher("other", "another-password")
    other = logged_in(lesson, "other", "another-password")
    assert other.post(open_url).status_code == 404
    assert other.post(anonymous_url, data={"on": "1"}).status_code == 404
    owner = logged_in(lesson, "frizzle", PASSWORD)
    answer = owner.post(open_url)
    assert answer.status_code == 302
    page = visitor.get(answer.headers["Location"])
    assert page.status_code == 200 and "Otters" in page.get_data(as_text=True)


def test_a_wrong_link_gets_a_clear_404_page(lesson):
    page = lesson.app.test_client().get("/projector/not-a-token")
    assert page.status_code == 404
    assert "not valid" in page.get_data(as_text=True)


def reconnect(lesson: Lesson, tablet: Tablet) -> None:
    """The tablet's page comes back (a reload, or a tablet woken up): a new socket."""
    tablet.socket = socketio.test_client(
        lesson.app, namespace="/play", auth={"token": tablet.token}, flask_test_client=tablet.http
    )
    assert tablet.socket.is_connected("/play")


def test_a_tablet_back_while_no_projector_watched_stays_online_after_plays_elsewhere(lesson):
    """The dots of every group follow the server's presence, not the view sent before the
    projector page closed: a play in another group must not bring back an old dot."""
    ana = lesson.join("Ana", 0)
    falcons = [lesson.join(name, 1) for name in ("Ben", "Chen", "Dia")]
    lesson.start(1)
    projector = open_projector(lesson)
    views(projector)
    ana.socket.disconnect(namespace="/play")
    assert not seat_online(next_redraw(projector)[-1], lesson, ana)
    projector.disconnect(namespace=PROJECTOR)  # the projector page is closed
    reconnect(lesson, ana)
    projector = open_projector(lesson)
    assert seat_online(latest(projector), lesson, ana)
    play_on_turn(falcons, "after-reopen")
    assert all(seat_online(view, lesson, ana) for view in views(projector))


def test_after_a_projector_reload_the_dots_match_the_server(lesson):
    """A reload leaves the room for a moment; a tablet that comes and goes meanwhile is drawn
    as the server sees it, then and at every later change."""
    ana = lesson.join("Ana", 0)
    ben = lesson.join("Ben", 0)
    falcons = [lesson.join(name, 1) for name in ("Chen", "Dia", "Eve")]
    lesson.start(1)
    projector = open_projector(lesson)
    play_on_turn(falcons, "before-reload")
    views(projector)
    token = lesson.service.classes.projector_link_token(lesson.teacher_id, lesson.class_id)
    projector.disconnect(namespace=PROJECTOR)
    ana.socket.disconnect(namespace="/play")  # gone while the page reloads
    reloaded = socketio.test_client(lesson.app, namespace=PROJECTOR, auth={"token": token})
    first = latest(reloaded)
    assert not seat_online(first, lesson, ana) and seat_online(first, lesson, ben)
    for turn in range(2):
        for tablet in falcons:
            if tablet.last_state()["can"]["pass"]:
                tablet.act({"type": "pass", "action_id": f"pass-{turn}"})
        play_on_turn(falcons, f"after-reload-{turn}")
    later = views(reloaded)
    assert later
    assert [seat_online(view, lesson, ana) for view in later] == [False] * len(later)
    assert all(seat_online(view, lesson, ben) for view in later)


def test_while_a_student_dealer_chooses_the_projector_says_who_and_hides_the_old_table(lesson):
    service = lesson.service
    class_id = service.classes.create_class(
        lesson.teacher_id, "8C", [GroupSetup("Ravens", "true", dealer_mode="student")], Options()
    )
    snapshot = service.reading.class_snapshot(lesson.teacher_id, class_id)
    lesson.class_id, lesson.code = class_id, snapshot.join_code
    lesson.group_ids = [snapshot.groups[0].group_id]
    tablets = [lesson.join(name) for name in ("Ana", "Ben", "Chen", "Dia")]
    projector = open_projector(lesson)
    lesson.start(0)
    ravens = group_of(latest(projector), lesson.group_ids[0])
    keys = [seat["seat"] for seat in ravens["seats"]]
    assert (ravens["status"], ravens["dealing"], ravens["mainline"]) == (
        "choosing_rule",
        keys[0],
        [],
    )
    rule = {"kind": "library", "text": "alternate-colors", "action_id": "rule-1"}
    assert tablets[0].socket.emit("choose_rule", rule, namespace="/play", callback=True)["ok"]
    assert group_of(latest(projector), lesson.group_ids[0])["status"] == "playing"
    service.rounds.end_round(lesson.teacher_id, lesson.group_ids[0])
    lesson.start(0)
    ravens = group_of(latest(projector), lesson.group_ids[0])
    assert ravens["status"] == "choosing_rule" and ravens["dealing"] == keys[1]
    assert ravens["mainline"] == [] and ravens["sidelines"] == [] and ravens["verdict"] is None
    assert all(seat["cards"] is None for seat in ravens["seats"])
