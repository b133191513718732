"""Fixtures shared by the rule card and class pack tests, each built once per test module:
the rule library, and a real class on a temporary database with its class pack.

A module that needs another `live` class (the report and language tests) defines its own,
which takes precedence over these."""

from __future__ import annotations

import pytest

from classroom.core.games.express import Options
from classroom.core.rules.library import load_library
from classroom.usecases import GroupSetup, RuleChoice
from printables.documents import class_pack_pdf
from tests.live_class import build_class, live_service, play_a_round
from tests.unit.test_printables_classpack_support import BASE, WORDS_RULE


@pytest.fixture(scope="module")
def library():
    return load_library()


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    service = live_service(tmp_path_factory.mktemp("pack"))
    live = build_class(service)
    play_a_round(live, live.group_ids[0])
    return live


@pytest.fixture(scope="module")
def snapshot(live):
    return live.service.reading.class_snapshot(live.teacher_id, live.class_id)


@pytest.fixture(scope="module")
def pack_pdf(snapshot):
    return class_pack_pdf(snapshot, base_url=BASE)


@pytest.fixture(scope="module")
def words_class(tmp_path_factory):
    """A class whose only group has a student dealer who chose a rule in plain words."""
    service = live_service(tmp_path_factory.mktemp("words"))
    teacher = service.teachers.create_teacher("kowalska", "correct horse battery")
    setups = [GroupSetup("Sowy", "card.color != prev.color", dealer_mode="student")]
    class_id = service.classes.create_class(teacher, "4A", setups, Options())
    snapshot = service.reading.class_snapshot(teacher, class_id)
    group_id = snapshot.groups[0].group_id
    seats = [
        service.seats.join(snapshot.join_code, group_id, name)[0]
        for name in ("Zoja", "Łucja", "Ignacy", "Wit")
    ]
    service.rounds.start_round(teacher, group_id)
    dealing = service.reading.group_snapshot(group_id).dealing_seat
    dealer = next(seat for seat in seats if seat.key == dealing)
    service.dealing.choose_rule(dealer, RuleChoice("free", WORDS_RULE), "rule-1")
    return service, teacher, class_id
