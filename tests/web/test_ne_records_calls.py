"""The record of a New Eleusis prophet's calls: the printed report puts each call after the
string it judges, and no-play case 4 (the prophet says a card can be played, the dealer agrees,
the prophet points to one) is told as the rules tell it, on the timeline, in the CSV and in the
report."""

from __future__ import annotations

import csv
import io
import itertools
from pathlib import Path

from classroom.core.cards import Card
from classroom.core.games import new_eleusis as ne
from classroom.core.games.express import Options
from classroom.core.rules import compile_rule
from classroom.usecases import GroupSetup, Move, UseCases
from tests.unit.test_printables_support import text_of
from tests.web.ne_records_support import NE_NAMES, RULE
from tests.web.printing_support import logged_in, printing_app

_ids = (f"case4-{n}" for n in itertools.count())


def _fits(state: ne.RoundState, seat: str, right: bool) -> list[Card]:
    rule = compile_rule(RULE)
    return [c for c in state.hand(seat) if rule.allows(state.layout.mainline, c) == right]


def _pages(tmp_path: Path) -> tuple[str, list[dict[str, str]], str]:
    """A prophet calls a wrong string wrong, then a no-play wrong; the dealer agrees and the
    prophet points to a right card. The timeline, the events CSV and the report's text."""
    app = printing_app(tmp_path)
    service: UseCases = app.extensions["use_cases"]
    teacher = service.teachers.create_teacher("rivera", "correct horse battery")
    setups = [GroupSetup("Owls", RULE, mode="new_eleusis")]
    class_id = service.classes.create_class(teacher, "Club", setups, Options())
    snapshot = service.reading.class_snapshot(teacher, class_id)
    group_id = snapshot.groups[0].group_id
    seats = {
        s.key: s for s in (service.seats.join(snapshot.join_code, group_id, n)[0] for n in NE_NAMES)
    }

    def state() -> ne.RoundState:
        found = service.reading.group_snapshot(group_id).state
        assert found is not None
        return found

    service.rounds.start_round(teacher, group_id)
    while not _fits(state(), state().turn or "", True):
        service.rounds.act(seats[state().turn or ""], Move("no_play", next(_ids)))
    prophet = seats[state().turn or ""]
    card = _fits(state(), prophet.key, True)[0]
    service.rounds.act(prophet, Move("play", next(_ids), cards=(card,)))
    service.rounds.act(prophet, Move("declare", next(_ids)))
    player = seats[state().turn or ""]
    wrong = _fits(state(), player.key, False)[0]
    service.rounds.act(player, Move("play", next(_ids), cards=(wrong,)))
    service.rounds.act(prophet, Move("call", next(_ids), right=False))
    while not _fits(state(), state().turn or "", True):
        player = seats[state().turn or ""]
        service.rounds.act(
            player, Move("play", next(_ids), cards=(_fits(state(), player.key, False)[0],))
        )
        service.rounds.act(prophet, Move("call", next(_ids), right=False))
    player = seats[state().turn or ""]
    right = _fits(state(), player.key, True)[0]
    service.rounds.act(player, Move("no_play", next(_ids)))
    service.rounds.act(prophet, Move("call", next(_ids), right=False))
    assert state().phase == "pointing"
    service.rounds.act(prophet, Move("point", next(_ids), cards=(right,)))
    service.rounds.end_round(teacher, group_id)
    client = logged_in(app, teacher)
    timeline = client.get(f"/teacher/groups/{group_id}/timeline").get_data(as_text=True)
    data = client.get(f"/teacher/classes/{class_id}/events.csv").data
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))
    report = text_of(client.get(f"/teacher/print/groups/{group_id}/report.pdf").data)
    return timeline, rows, " ".join(report.split())


def test_the_report_puts_each_call_after_the_string_it_judges(tmp_path: Path) -> None:
    _timeline, _rows, report = _pages(tmp_path)
    events = report.partition("The round, event by event")[2]
    first_call = events.index("The prophet calls it wrong.")
    declared = events.index("Becomes the prophet")
    string = events.index("✗ wrong", declared)
    assert declared < string < first_call


def test_no_play_case_4_is_told_as_the_rules_tell_it(tmp_path: Path) -> None:
    timeline, rows, report = _pages(tmp_path)
    agrees = (
        "The dealer agrees with the prophet: a card can be played; the prophet must point to one."
    )
    assert agrees in timeline and agrees in report
    assert "The prophet pointed to a right card; it is played and" in timeline
    assert "draws 5 penalty cards" in timeline
    assert (
        "The prophet pointed to a right card:" in report and "is played, 5 penalty cards." in report
    )
    assert "the prophet must point to the right card" not in timeline
    texts = [row["text"] for row in rows if row["kind"] == "no_play_judged"]
    assert texts[-2:] == [
        "dealer agrees with the prophet: a card can be played, the prophet points",
        "prophet pointed to a right card: played, player draws 5",
    ]
