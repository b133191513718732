"""How long the debrief of a 40-play round takes now that it says what each play taught.

One group of eight on the alternating-colours rule plays 40 cards, five players writing a
hypothesis on the way (two of them rule language, so each play after them is tested against
one). The teacher's debrief page is then fetched through the app: the first request of the
process (it builds the candidate set and replays the ideal scientists on the deal), then
`REPEATS` more; and the information section alone (`information_page`), warm.
`python -m bench debrief` runs it (~15 seconds).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from classroom.core.games.express import Options
from classroom.usecases import GroupSetup, JournalNote, Move, UseCases
from classroom.web import create_app
from classroom.web.teacher.information_page import information_page

RULE = "card.color != prev.color"
PLAYS = 40
REPEATS = 20
NOTES = {2: "idea: colours matter", 9: "card.color == red", 15: "prev.color != card.color",
         20: "red then black", 30: "card.rank > prev.rank"}  # fmt: skip


def _played_round(service: UseCases) -> tuple[int, int, int]:
    """A teacher, a class and a group that has played PLAYS cards; their ids."""
    teacher = service.teachers.create_teacher("bench", "bench-password")
    class_id = service.classes.create_class(
        teacher, "Bench", [GroupSetup("Otters", RULE)], Options()
    )
    snapshot = service.reading.class_snapshot(teacher, class_id)
    group_id = snapshot.groups[0].group_id
    seats = {}
    for n in range(8):
        seat, _token = service.seats.join(snapshot.join_code, group_id, f"Player {n}")
        seats[seat.key] = seat
    service.rounds.start_round(teacher, group_id)
    for number in range(PLAYS):
        state = service.reading.group_snapshot(group_id).state
        assert state is not None and state.turn is not None
        player, last = seats[state.turn], state.layout.mainline[-1]
        hand = state.hand(state.turn)
        if number in NOTES:
            service.journal.write_journal(player, JournalNote(NOTES[number], 5))
        card = next((c for c in hand if c.color != last.color), hand[0])
        service.rounds.act(player, Move("play", f"b-{number}", cards=(card,)))
        after = service.reading.group_snapshot(group_id).state
        if after is not None and after.phase == "guess_window" and after.guesser is not None:
            service.rounds.act(seats[after.guesser], Move("pass", f"s-{number}"))
    service.rounds.end_round(teacher, group_id)
    return teacher, class_id, group_id


def run() -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {
                "DATABASE_URL": f"sqlite:///{Path(folder) / 'debrief.db'}",
                "SECRET_KEY": "bench",
                "WTF_CSRF_ENABLED": False,
                "BEACON_SECONDS": 0,
            }
        )
        service: UseCases = app.extensions["use_cases"]
        teacher, class_id, group_id = _played_round(service)
        client = app.test_client()
        client.post("/teacher/login", data={"username": "bench", "password": "bench-password"})
        url = f"/teacher/groups/{group_id}/debrief?round=1"
        started = time.perf_counter()
        first = client.get(url)
        cold = (time.perf_counter() - started) * 1000
        assert first.status_code == 200 and b"information-curve" in first.data
        warm = []
        for _ in range(REPEATS):
            started = time.perf_counter()
            client.get(url)
            warm.append((time.perf_counter() - started) * 1000)
        record = service.records.class_record(teacher, class_id)
        group = record.groups[0]
        section = []
        with app.test_request_context():
            for _ in range(REPEATS):
                started = time.perf_counter()
                information_page(group, group.rounds[0])
                section.append((time.perf_counter() - started) * 1000)
    figures = {
        "plays": PLAYS,
        "first_request_ms": round(cold, 1),
        "page_p50_ms": round(statistics.median(warm), 1),
        "page_max_ms": round(max(warm), 1),
        "information_section_p50_ms": round(statistics.median(section), 1),
    }
    for name, value in figures.items():
        print(f"{name:28} {value}")
    return figures
