"""Downloads of a class's record: the events and hypotheses as CSV, everything as JSON."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable

from werkzeug.http import parse_options_header

from classroom.usecases import UseCases
from tests.web.conftest import Browser, Lesson, play_a_round


def rows(data: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))


def test_events_csv_has_a_bom_and_every_event_with_unicode_nicknames(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    play_a_round(service, teacher, lesson)
    response = client.get(f"/teacher/classes/{lesson.class_id}/events.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    assert response.data.startswith("\ufeff".encode())
    table = rows(response.data)
    assert [row["seq"] for row in table] == [str(n) for n in range(1, len(table) + 1)]
    assert {row["class"] for row in table} == {"7B"}
    assert table[0]["kind"] == "dealt" and table[0]["text"] == "Zoë, さくら, Ana"
    played = [row for row in table if row["kind"] == "played"]
    assert {row["nickname"] for row in played} <= {"Zoë", "さくら", "Ana"}
    assert [row["verdict"] for row in table if row["kind"] == "judged"] == ["accepted"] * 2
    assert [row["verdict"] for row in table if row["kind"] == "guess_judged"] == ["wrong", "right"]
    assert table[-1]["kind"] == "round_ended" and table[-1]["verdict"] == "the rule was guessed"


def test_hypotheses_csv_lists_journal_entries_and_guesses_in_order(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    play_a_round(service, teacher, lesson)
    response = client.get(f"/teacher/classes/{lesson.class_id}/hypotheses.csv")
    assert response.data.startswith(b"\xef\xbb\xbf")
    table = rows(response.data)
    assert [(row["kind"], row["text"]) for row in table] == [
        ("journal", "reds come after blacks"),
        ("guess", "Match the last card: the same suit."),
        ("journal", "prev.color != card.color"),
        ("guess", "colours alternate"),
    ]
    first, guess, second, _ = table
    assert first["nickname"] == "Zoë" and second["nickname"] == "さくら"
    assert (first["prediction"], first["outcome"], first["confidence"]) == (
        "rejected",
        "accepted",
        "5",
    )
    assert guess["verdict"] == "wrong" and first["verdict"] == ""
    assert second["prediction"] == second["outcome"] == "accepted"
    assert first["test_card"] and first["time"].endswith("Z")
    # A guess built by taps reads in the builder's words, its rule-language text beside them.
    assert (guess["code"], first["code"], second["code"]) == ("card.suit == prev.suit", "", "")


def test_json_export_holds_the_whole_class_with_nicknames_only(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    play_a_round(service, teacher, lesson)
    response = client.get(f"/teacher/classes/{lesson.class_id}/export.json")
    assert response.mimetype == "application/json"
    document = json.loads(response.data.decode("utf-8"))
    assert set(document) == {"format", "class", "groups"}
    assert document["class"]["name"] == "7B"
    (group,) = document["groups"]
    assert group["seats"] == ["Zoë", "さくら", "Ana"]
    assert group["rule"] == {"text": "card.color != prev.color", "id": "alternate-colors"}
    (round_,) = group["rounds"]
    assert round_["number"] == 1 and round_["dealer"] is None
    kinds = [event["kind"] for event in round_["events"]]
    assert kinds[0] == "dealt" and kinds[-1] == "round_ended"
    assert round_["events"][0]["seats"] == ["Zoë", "さくら", "Ana"]
    assert len(round_["events"][0]["hands"]) == 3  # the full log, for replay
    assert all(e["time"] for e in round_["events"])
    assert [entry["nickname"] for entry in round_["journal"]] == ["Zoë", "さくら"]
    assert "token" not in response.get_data(as_text=True)


def test_an_empty_class_exports_headers_only(client: Browser, lesson: Lesson) -> None:
    response = client.get(f"/teacher/classes/{lesson.class_id}/events.csv")
    assert response.data.decode("utf-8-sig").splitlines() == [
        "class,group,round,seq,time,kind,nickname,card,verdict,text,game"
    ]


def test_exports_need_a_login(app, lesson: Lesson) -> None:
    anonymous = Browser(app, address="10.0.0.7")
    response = anonymous.get(f"/teacher/classes/{lesson.class_id}/events.csv")
    assert response.status_code == 302 and "/teacher/login" in response.location


def test_downloads_keep_a_class_name_in_any_script_with_an_ascii_fallback(
    client: Browser, new_class: Callable[..., int]
) -> None:
    class_id = new_class(name="七年二組 Łódź")
    for what in ("events.csv", "hypotheses.csv", "export.json"):
        response = client.get(f"/teacher/classes/{class_id}/{what}")
        assert response.status_code == 200
        header = response.headers["Content-Disposition"]
        assert header.startswith(f"attachment; filename=\"Lodz-{what}\"; filename*=UTF-8''")
        assert parse_options_header(header)[1]["filename"] == f"七年二組-Łódź-{what}"


def test_an_ascii_class_name_downloads_under_a_plain_file_name(
    client: Browser, lesson: Lesson
) -> None:
    response = client.get(f"/teacher/classes/{lesson.class_id}/events.csv")
    assert response.headers["Content-Disposition"] == 'attachment; filename="7B-events.csv"'
