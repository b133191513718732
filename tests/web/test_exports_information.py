"""What each play taught, in the class's files: one CSV row per judged play whose figures are a
brute-force count of the candidates consistent, its words in the class's language, and the
same figures with the ideal scientists' curve in the research JSON."""

from __future__ import annotations

import csv
import io
import json

from classroom.core.robots.evidence import trials
from classroom.projections.information_export import INFORMATION_COLUMNS
from classroom.usecases import UseCases
from tests.unit.test_robot_candidates import brute_force
from tests.web.conftest import Browser, Lesson, play_a_round


def _rows(data: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))


def test_the_information_csv_counts_what_each_play_left_possible(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    play_a_round(service, teacher, lesson)
    response = client.get(f"/teacher/classes/{lesson.class_id}/information.csv")
    assert response.status_code == 200
    assert response.headers["Content-Disposition"].endswith('information.csv"')
    assert response.data.decode("utf-8-sig").splitlines()[0] == ",".join(INFORMATION_COLUMNS)
    table = _rows(response.data)
    record = service.records.class_record(teacher, lesson.class_id)
    seen = list(trials(record.groups[0].rounds[0].events))
    assert [row["play"] for row in table] == ["1", "2"]
    for n, row in enumerate(table):
        before, after = brute_force(seen[:n]).bit_count(), brute_force(seen[: n + 1]).bit_count()
        assert (int(row["before"]), int(row["after"])) == (before, after)
        assert float(row["ruled_out"]) == round((before - after) / before, 4)
        assert row["verdict"] == "accepted" and row["game"] == "express"
    # Play 2's player wrote the rule itself before playing: the play tested it.
    assert table[1]["hypothesis"] == "prev.color != card.color"
    assert (table[1]["could_refute"], table[1]["refuted"]) == ("yes", "no")
    assert table[0]["hypothesis"] == table[0]["could_refute"] == ""
    document = json.loads(client.get(f"/teacher/classes/{lesson.class_id}/export.json").data)
    block = document["groups"][0]["rounds"][0]["information"]
    assert [(p["before"], p["after"]) for p in block["plays"]] == [
        (int(row["before"]), int(row["after"])) for row in table
    ]
    assert block["ideal_curve"][0] == block["candidates"] == block["plays"][0]["before"]


def test_the_information_csv_speaks_the_class_language(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    play_a_round(service, teacher, lesson)
    service.classes.set_class_language(teacher, lesson.class_id, "ru")
    table = _rows(client.get(f"/teacher/classes/{lesson.class_id}/information.csv").data)
    assert table[1]["verdict"] == "принята"
    assert (table[1]["could_refute"], table[1]["refuted"]) == ("да", "нет")
