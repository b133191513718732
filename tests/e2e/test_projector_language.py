"""The projector speaks the room's language: rank letters as printed on its decks (a Polish queen
is D, a Russian one Д) and the points in each plural form the language has."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Browser, expect

from classroom.core.games.express import Options
from classroom.store import connect
from classroom.store.composition import use_cases_for
from classroom.usecases import GroupSetup, Move
from tests.e2e.conftest import SCREENSHOTS, TEACHER, Server
from tests.e2e.test_projector import EASY_RULE, NICKNAMES, Projector, _seat_ref

QUEEN_OF_HEARTS = "QH"
WORDS = "() => JSON.parse(document.getElementById('projector-text').textContent)"


def round_with_card_on_table(server: Server, card: str) -> str:
    """A class of one group in a round played until `card` lies on the table: its projector link."""
    service = use_cases_for(connect(server.database), rng=random.Random(12))
    teacher_id = service.teachers.check_login(*TEACHER)
    assert teacher_id is not None
    class_id = service.classes.create_class(
        teacher_id, "Klasa 7", [GroupSetup("Stół", EASY_RULE)], Options()
    )
    group_id = service.reading.class_snapshot(teacher_id, class_id).groups[0].group_id
    for nickname in NICKNAMES[:4]:
        service.seats.join(
            service.reading.class_snapshot(teacher_id, class_id).join_code, group_id, nickname
        )
    service.rounds.start_round(teacher_id, group_id)
    for number in range(120):
        state = service.reading.group_snapshot(group_id).state
        assert state is not None
        table = {str(c) for c in state.layout.mainline} | {
            str(c) for side in state.layout.sidelines for c in side
        }
        if card in table:
            token = service.classes.projector_link_token(teacher_id, class_id)
            return f"{server.url}/projector/{token}"
        if state.phase == "guess_window" and state.guesser is not None:
            guesser = _seat_ref(service, group_id, int(state.guesser))
            service.rounds.act(guesser, Move("pass", f"q-pass-{number}"))
            continue
        assert state.turn is not None, "the round ended before the card was played"
        hand = state.hand(state.turn)
        chosen = next((c for c in hand if str(c) == card), hand[0])
        player = _seat_ref(service, group_id, int(state.turn))
        service.rounds.act(player, Move("play", f"q-play-{number}", cards=(chosen,)))
    raise AssertionError(f"{card} never reached the table")


@pytest.fixture(scope="module")
def queen_on_table(server: Server) -> str:
    return round_with_card_on_table(server, QUEEN_OF_HEARTS)


@pytest.mark.parametrize(("language", "letter"), [("en", "Q"), ("pl", "D"), ("ru", "Д")])
def test_rank_letters_are_those_printed_on_the_rooms_decks(
    browser: Browser, queen_on_table: str, language: str, letter: str
) -> None:
    projector = Projector.open(browser, f"{queen_on_table}?lang={language}")
    queen = projector.page.locator(f'.pcard[data-card="{QUEEN_OF_HEARTS}"]').first
    expect(queen).to_be_visible()
    assert queen.inner_text().replace("\ufe0e", "").replace("\n", "") == f"{letter}♥"
    projector.page.screenshot(path=str(SCREENSHOTS / f"projector-queen-{language}.png"))
    projector.close()


@pytest.mark.parametrize(
    ("language", "forms"),
    [
        ("en", {"one", "other"}),
        ("ja", {"other"}),
        ("pl", {"one", "few", "many", "other"}),
        ("ru", {"one", "few", "many", "other"}),
    ],
)
def test_points_come_in_each_plural_form_of_the_language(
    browser: Browser, queen_on_table: str, language: str, forms: set[str]
) -> None:
    projector = Projector.open(browser, f"{queen_on_table}?lang={language}")
    words = projector.page.evaluate(WORDS)
    assert {key.removeprefix("points_") for key in words if key.startswith("points_")} == forms
    assert all("{n}" in words[f"points_{form}"] for form in forms)
    projector.close()


def test_one_point_is_singular_and_more_are_plural(browser: Browser, queen_on_table: str) -> None:
    projector = Projector.open(browser, f"{queen_on_table}?lang=en")
    labels = projector.page.evaluate(
        """async () => {
            const { points } = await import("/static/js/projector/render.js");
            return [0, 1, 2, 5].map(points);
        }"""
    )
    assert labels == ["0 points", "1 point", "2 points", "5 points"]
    scores = projector.page.locator(".seat .score").all_inner_texts()
    assert scores and all(re.fullmatch(r"1 point|\d+ points", score) for score in scores), scores
    projector.close()
