"""Exports as pure functions: CSV with a BOM, rows from records, the research document."""

from __future__ import annotations

import csv
import io

import pytest

from classroom.core.cards import Card
from classroom.core.games.express import (
    Dealt,
    Guessed,
    GuessJudged,
    Hint,
    Judged,
    Options,
    Played,
    RoundEnded,
)
from classroom.projections.class_record import ClassRecord, GroupRecord, Mismatch, RoundRecord
from classroom.projections.exports import (
    EVENT_COLUMNS,
    HYPOTHESIS_COLUMNS,
    csv_document,
    event_rows,
    export_document,
    hypothesis_rows,
)
from classroom.projections.journal_view import JournalRecord

KS, TWO_H = Card.parse("KS"), Card.parse("2H")
EVENTS = (
    Dealt(
        seq=1, seats=("1", "2"), hands=((KS,), (TWO_H,)), starter=TWO_H, stock=(), options=Options()
    ),
    Played(seq=2, seat="1", card=KS),
    Judged(seq=3, seat="1", card=KS, correct=True),
    Guessed(seq=4, seat="1", text="=colours alternate"),
    GuessJudged(seq=5, seat="1", right=True),
    Hint(seq=6, text="look at colours"),
    RoundEnded(seq=7, reason="guessed", winner="1"),
)  # fmt: skip


def record() -> ClassRecord:
    round_ = RoundRecord(
        round_id=1,
        number=1,
        rule_text="card.color != prev.color",
        rule_kind="language",
        rule_id=None,
        dealer="2",
        started_at="2025-01-01T09:00:00Z",
        events=EVENTS,
        times={event.seq: f"2025-01-01T09:00:{event.seq:02d}Z" for event in EVENTS},
        journal=(JournalRecord("2", 1, "rouge après noir", 8, KS, False, "2025-01-01T09:00:01Z"),),
        mismatches=(Mismatch(3, KS, True, False),),
    )
    group = GroupRecord(
        group_id=1,
        class_id=1,
        name="Tisch 1",
        position=0,
        rule_text="card.color != prev.color",
        rule_id="alternate-colors",
        dealer_mode="student",
        names={"1": "Zoë", "2": "さくら"},
        rounds=(round_,),
    )
    return ClassRecord(1, "5e", "2025-01-01T08:00:00Z", None, False, "add_deck", (group,))


def parse(text: str) -> list[dict[str, str]]:
    assert text.startswith("\ufeff")
    data = text.encode("utf-8").decode("utf-8-sig")
    return list(csv.DictReader(io.StringIO(data)))


def test_csv_starts_with_a_bom_and_round_trips_unicode() -> None:
    text = csv_document(["nickname", "text"], [["Zoë", 'さくら, "quoted"\nline'], ["x", None]])
    assert parse(text) == [
        {"nickname": "Zoë", "text": 'さくら, "quoted"\nline'},
        {"nickname": "x", "text": ""},
    ]


@pytest.mark.parametrize("cell", ["=1+1", "+1", "-1", "@SUM(A1)"])
def test_cells_a_spreadsheet_would_run_as_formulas_are_kept_as_text(cell: str) -> None:
    assert parse(csv_document(["a"], [[cell]])) == [{"a": "'" + cell}]


def test_event_rows_name_the_seats_and_mark_contested_verdicts() -> None:
    rows = [dict(zip(EVENT_COLUMNS, row, strict=True)) for row in event_rows(record())]
    assert [row["kind"] for row in rows] == [event.kind for event in EVENTS]
    dealt, played, judged, guessed, judged_guess, hint, ended = rows
    assert dealt["card"] == "2H" and dealt["text"] == "Zoë, さくら"
    assert (played["nickname"], played["card"], played["verdict"]) == ("Zoë", "KS", "")
    assert judged["verdict"] == "accepted" and "differed from the rule" in judged["text"]
    assert guessed["text"] == "=colours alternate" and judged_guess["verdict"] == "right"
    assert hint["text"] == "look at colours"
    assert (ended["nickname"], ended["verdict"]) == ("Zoë", "the rule was guessed")
    assert (dealt["class"], dealt["group"], dealt["round"], dealt["time"]) == (
        "5e",
        "Tisch 1",
        1,
        "2025-01-01T09:00:01Z",
    )


def test_hypothesis_rows_hold_journal_entries_and_guesses() -> None:
    rows = [dict(zip(HYPOTHESIS_COLUMNS, row, strict=True)) for row in hypothesis_rows(record())]
    journal, guess = rows
    assert journal["kind"] == "journal" and journal["nickname"] == "さくら"
    assert (journal["test_card"], journal["prediction"], journal["confidence"]) == (
        "KS",
        "rejected",
        8,
    )
    assert journal["outcome"] == ""  # さくら never played the king
    assert (guess["kind"], guess["nickname"], guess["verdict"]) == ("guess", "Zoë", "right")
    assert guess["time"] == "2025-01-01T09:00:04Z"


def test_export_document_replaces_seat_ids_with_nicknames() -> None:
    document = export_document(record())
    assert document["class"]["name"] == "5e"
    (group,) = document["groups"]
    assert group["seats"] == ["Zoë", "さくら"]
    (round_,) = group["rounds"]
    assert round_["dealer"] == "さくら"
    assert round_["events"][0]["seats"] == ["Zoë", "さくら"]
    assert round_["events"][1]["seat"] == "Zoë" and round_["events"][1]["time"].endswith("02Z")
    assert round_["events"][-1]["winner"] == "Zoë"
    assert round_["journal"][0]["nickname"] == "さくら"
    assert round_["dealer_mismatches"] == [
        {"seq": 3, "card": "KS", "given": True, "expected": False}
    ]
