"""The class's files on a class with an Express group and a New Eleusis group: each row and
round says its game, and the New Eleusis round comes with its strings, calls, prophet, markers,
expulsion, end and scores."""

from __future__ import annotations

import csv
import io
import json

from classroom.usecases import UseCases
from tests.web.conftest import Browser
from tests.web.ne_records_support import mixed_class


def _rows(data: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))


def test_the_events_csv_holds_both_games_with_the_new_eleusis_events(
    client: Browser, service: UseCases, teacher: int
) -> None:
    played = mixed_class(service, teacher)
    names = service.records.group_record(teacher, played.ne_group).names
    response = client.get(f"/teacher/classes/{played.class_id}/events.csv")
    assert response.status_code == 200
    table = _rows(response.data)
    assert {(row["group"], row["game"]) for row in table} == {
        ("Cats", "express"),
        ("Owls", "new_eleusis"),
    }
    owls = [row for row in table if row["group"] == "Owls"]
    assert [row["seq"] for row in owls] == [str(n) for n in range(1, len(owls) + 1)]
    assert owls[0]["kind"] == "dealt" and owls[0]["text"] == "Zoë, さくら, Ana, Ben, Chen"
    strings = [
        row for row in owls if row["kind"] == "played" and row["text"] == "cards in the string: 4"
    ]
    assert strings and len(strings[0]["card"].split(" ")) == 4
    judged = {row["verdict"] for row in owls if row["kind"] == "judged"}
    assert judged == {"accepted", "rejected"}
    calls = [row["verdict"] for row in owls if row["kind"] == "called"]
    assert calls == ["confirmed", "overthrown"]
    (declared,) = (row for row in owls if row["kind"] == "declared")
    assert declared["nickname"] == names[played.prophet]
    assert declared["text"].startswith("prophet, marker on card ")
    (overthrown,) = (row for row in owls if row["kind"] == "overthrown")
    assert overthrown["nickname"] == names[played.prophet]
    assert overthrown["verdict"] == "overthrown"
    assert "marker on card 10" in [row["text"] for row in owls if row["kind"] == "marked"]
    (expelled,) = (row for row in owls if row["kind"] == "expelled")
    assert expelled["nickname"] == names[played.expelled]
    assert owls[-1]["kind"] == "round_ended" and owls[-1]["verdict"] == "ended by the teacher"


def test_the_hypotheses_and_predictions_files_read_the_class_without_failing(
    client: Browser, service: UseCases, teacher: int
) -> None:
    played = mixed_class(service, teacher)
    hypotheses = _rows(client.get(f"/teacher/classes/{played.class_id}/hypotheses.csv").data)
    assert [(row["text"], row["game"]) for row in hypotheses] == [("reds follow blacks", "express")]
    response = client.get(f"/teacher/classes/{played.class_id}/predictions.csv")
    assert response.status_code == 200
    assert all(row["group"] == "Cats" for row in _rows(response.data))


def test_the_json_export_has_the_new_eleusis_round_with_prophets_and_scores(
    client: Browser, service: UseCases, teacher: int
) -> None:
    played = mixed_class(service, teacher)
    names = service.records.group_record(teacher, played.ne_group).names
    document = json.loads(client.get(f"/teacher/classes/{played.class_id}/export.json").data)
    cats, owls = document["groups"]
    assert cats["rounds"][0]["game"] == "express" and owls["rounds"][0]["game"] == "new_eleusis"
    (round_,) = owls["rounds"]
    kinds = [event["kind"] for event in round_["events"]]
    assert kinds[0] == "dealt" and kinds[-1] == "round_ended"
    assert {"called", "declared", "overthrown", "expelled", "marked"} <= set(kinds)
    assert [e["outcome"] for e in round_["events"] if e["kind"] == "called"] == [
        "confirmed",
        "overthrown",
    ]
    (prophet,) = round_["prophets"]
    assert prophet["nickname"] == names[played.prophet] and prophet["confirmed_calls"] == 1
    assert prophet["overthrown_at"] is not None
    assert round_["expelled"][0]["nickname"] == names[played.expelled]
    assert set(round_["scores"]) == set(names.values())
    assert round_["dealer_score"] is None  # the app dealt: it is no player
    assert 10 in round_["markers"]
