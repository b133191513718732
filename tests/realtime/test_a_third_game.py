"""A third game, registered from this test alone, played through the real app: its tablets over
Socket.IO, the teacher's page and socket, the projector's socket, then the debrief, the
timeline, the exports and the printed report. No production file names it.

"Lowest wins" is Express's one card a turn with its own scoring: 10 points to whoever holds
the fewest cards when the round ends, nothing to the others. Its tables look like Express
tables, so it registers Express's views and printed report under its own name.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from pypdf import PdfReader

from classroom.core.games import registry
from classroom.core.games.express import Options
from classroom.core.games.express.game import Express
from classroom.core.text import Text
from classroom.projections import games as table_views
from classroom.projections.games.express import EXPRESS_VIEWS
from classroom.usecases import GroupSetup
from classroom.web import socketio
from printables import rounds
from tests.realtime.conftest import EASY_RULE, Lesson, Tablet, make_app

PASSWORD = "magic-school-bus"


class LowestWins(Express):
    """Express's turns, its own scoring."""

    name = "lowest_wins"
    title = Text("Lowest wins")
    scoring = Text("10 points to whoever holds the fewest cards when the round ends.")

    def scores(self, state: Any) -> tuple[dict[str, int], int]:
        sizes = state.hand_sizes()
        fewest = min(sizes.values())
        return {seat: 10 if held == fewest else 0 for seat, held in sizes.items()}, 0


@pytest.fixture
def third_game() -> Iterator[str]:
    """The game registered for the test, and taken out again after it."""
    games, views = list(registry.GAMES), dict(table_views.TABLE_VIEWS)
    reports = dict(rounds.ROUND_REPORTS)
    registry.register(LowestWins())
    table_views.register_views(replace(EXPRESS_VIEWS, name=LowestWins.name))
    rounds.register_round_report(LowestWins.name, rounds.express_report)
    yield LowestWins.name
    registry.GAMES[:] = games
    table_views.TABLE_VIEWS.clear()
    table_views.TABLE_VIEWS.update(views)
    rounds.ROUND_REPORTS.clear()
    rounds.ROUND_REPORTS.update(reports)


@pytest.fixture
def lowest(database: str, third_game: str) -> Lesson:
    app = make_app(database)
    service = app.extensions["use_cases"]
    teacher_id = service.teachers.create_teacher("frizzle", PASSWORD)
    class_id = service.classes.create_class(
        teacher_id, "6A", [GroupSetup("Lynxes", EASY_RULE, mode=third_game)], Options()
    )
    snapshot = service.reading.class_snapshot(teacher_id, class_id)
    groups = [group.group_id for group in snapshot.groups]
    return Lesson(app, service, teacher_id, class_id, snapshot.join_code, groups)


def _whose_turn(tablets: list[Tablet]) -> Tablet:
    turn = tablets[0].last_state()["turn"]
    return next(t for t in tablets if t.last_state()["me"] == turn)


def test_a_game_registered_by_a_test_is_played_through_the_app(lowest: Lesson) -> None:
    teacher = lowest.app.test_client()
    assert teacher.post("/teacher/login", data={"username": "frizzle", "password": PASSWORD})
    watching = socketio.test_client(lowest.app, namespace="/teach", flask_test_client=teacher)
    watched = watching.emit(
        "watch", {"class_id": lowest.class_id}, namespace="/teach", callback=True
    )
    assert watched["ok"]
    token = lowest.service.classes.projector_link_token(lowest.teacher_id, lowest.class_id)
    projector = socketio.test_client(lowest.app, namespace="/projector", auth={"token": token})
    tablets = [lowest.join(name) for name in ("Ana", "Ben", "Chen")]

    group = lowest.group_ids[0]
    started = teacher.post(f"/teacher/groups/{group}/start", data={"next": "/teacher/"})
    assert started.status_code == 302
    first = tablets[0].last_state()
    assert first["mode"] == "lowest_wins" and len(first["hand"]) == 12
    assert first["penalties"]["wrong_no_play"] == 1

    for n in range(6):  # whoever's turn it is plays their first card, right or wrong
        player = _whose_turn(tablets)
        card = player.last_state()["hand"][0]
        assert player.act({"type": "play", "card": card, "action_id": f"p-{n}"})["ok"]
    table = tablets[0].last_state()
    assert len(table["mainline"]) - 1 + sum(map(len, table["sidelines"])) == 6

    hint = teacher.post(f"/teacher/groups/{group}/hint", data={"text": "Look at colours."})
    assert hint.status_code == 302
    assert tablets[1].last_state()["hints"] == ["Look at colours."]
    ended = teacher.post(f"/teacher/groups/{group}/end", data={})
    assert ended.status_code == 302

    final = tablets[2].last_state()
    sizes = {seat["seat"]: seat["cards"] for seat in final["seats"]}
    scores = {seat["seat"]: seat["score"] for seat in final["seats"]}
    fewest = min(sizes.values())
    assert final["status"] == "over"
    assert scores == {seat: 10 if held == fewest else 0 for seat, held in sizes.items()}

    views = [m["args"][0] for m in projector.get_received("/projector") if m["name"] == "class"]
    (tile,) = views[-1]["groups"]
    assert tile["mode"] == "lowest_wins" and tile["status"] == "over"
    assert {seat["seat"]: seat["score"] for seat in tile["seats"]} == scores
    pushed = [m["args"][0] for m in watching.get_received("/teach") if m["name"] == "group"]
    assert pushed[-1]["mode"] == "lowest_wins" and pushed[-1]["status"] == "over"

    page = teacher.get(f"/teacher/classes/{lowest.class_id}")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and "Lynxes" in html
    # Between rounds the game switch names it, and offers the other games.
    assert "Lowest wins" in html and "Play New Eleusis next" in html
    _the_records_tell_the_round(teacher, lowest, played=6)


def _the_records_tell_the_round(teacher: Any, lowest: Lesson, *, played: int) -> None:
    """After the round: its debrief, timeline, exports and report, from the stored log."""
    group, class_id = lowest.group_ids[0], lowest.class_id
    debrief = teacher.get(f"/teacher/groups/{group}/debrief").get_data(as_text=True)
    assert f"of the {played} plays tested a prediction" in " ".join(debrief.split())
    timeline = teacher.get(f"/teacher/groups/{group}/timeline").get_data(as_text=True)
    assert "Look at colours." in timeline and "Lowest wins" in timeline
    totals = teacher.get(f"/teacher/classes/{class_id}/totals").get_data(as_text=True)
    assert LowestWins.scoring in totals and "Lowest wins" in totals
    rows = list(
        csv.DictReader(
            io.StringIO(
                teacher.get(f"/teacher/classes/{class_id}/events.csv").get_data(as_text=True)
            )
        )
    )
    assert {row["game"] for row in rows} == {"lowest_wins"}
    assert sum(row["kind"] == "judged" for row in rows) == played
    document = json.loads(teacher.get(f"/teacher/classes/{class_id}/export.json").get_data())
    (round_,) = document["groups"][0]["rounds"]
    assert round_["game"] == "lowest_wins" and round_["events"][0]["kind"] == "dealt"
    report = teacher.get(f"/teacher/print/groups/{group}/report.pdf")
    assert report.status_code == 200 and report.mimetype == "application/pdf"
    words = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(report.data)).pages)
    assert "Lynxes" in words and "Look at colours." in words
