"""The class's CSV files say their words (verdicts, what an event did) in the class's language,
whoever downloads them; ids, card codes, event kinds and the JSON stay as they are."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from classroom.usecases import UseCases
from tests.web.conftest import Browser, Lesson, play_a_round
from tests.web.ne_records_support import NE_NAMES, mixed_class

ROOT = Path(__file__).resolve().parents[2]
TEXT_COLUMNS = {
    "events": ("verdict", "text"),
    "hypotheses": ("prediction", "outcome", "verdict"),
    "predictions": ("prediction", "right"),
    "information": ("verdict", "taught_nothing", "could_refute", "refuted"),
}


def rows(data: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))


def english_words(language: str) -> set[str]:
    """The words of every English text the catalog says otherwise in `language`."""
    with (ROOT / "classroom" / "translations" / language / "LC_MESSAGES" / "messages.po").open(
        "rb"
    ) as file:
        catalog = read_po(file)
    words: set[str] = set()
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.id and ids[0] not in strings:
            for text in ids:
                words |= {
                    w.lower()
                    for w in re.findall(r"[A-Za-z]{4,}", re.sub(r"%\(\w+\)[ds]", "", text))
                }
    return words


@pytest.mark.parametrize("language", ["pl", "ru"])
def test_a_classes_csv_files_say_their_words_in_its_language(
    client: Browser, service: UseCases, teacher: int, language: str
) -> None:
    played = mixed_class(service, teacher, language)
    # Nicknames are the students' own words, whatever their language.
    english = english_words(language) - {name.lower() for name in (*NE_NAMES, "Kai", "Lea")}
    for name, columns in TEXT_COLUMNS.items():
        response = client.get(f"/teacher/classes/{played.class_id}/{name}.csv")
        table = rows(response.data)
        assert table or name == "predictions", name  # nobody predicts in this class
        for row in table:
            for column in columns:
                found = {w.lower() for w in re.findall(r"[A-Za-z]{4,}", row[column])}
                assert not found & english, (name, column, row[column])
    events = rows(client.get(f"/teacher/classes/{played.class_id}/events.csv").data)
    assert {"dealt", "played", "judged", "called", "round_ended"} <= {r["kind"] for r in events}
    document = client.get(f"/teacher/classes/{played.class_id}/export.json")
    rounds = [r for g in json.loads(document.data)["groups"] for r in g["rounds"]]
    assert {e.get("outcome") for r in rounds for e in r["events"]} >= {"confirmed", "overthrown"}


def test_a_built_guess_reads_in_the_builders_words_of_the_class_with_its_code_beside(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    service.classes.set_class_language(teacher, lesson.class_id, "pl")
    play_a_round(service, teacher, lesson)
    table = rows(client.get(f"/teacher/classes/{lesson.class_id}/hypotheses.csv").data)
    (guess,) = (row for row in table if row["code"])
    assert (guess["kind"], guess["code"]) == ("guess", "card.suit == prev.suit")
    assert guess["text"] and "Match" not in guess["text"] and "card." not in guess["text"]
    assert guess["verdict"] == "źle"
