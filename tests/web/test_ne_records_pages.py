"""The teacher's pages on a class with an Express group and a New Eleusis group: the debrief and
the timeline tell the New Eleusis round (prophet, markers, expulsion, scores), the Express
round's pages stay as they were, and the learning curve skips New Eleusis without failing."""

from __future__ import annotations

import re

from classroom.usecases import UseCases
from tests.web.conftest import Browser, text
from tests.web.ne_records_support import mixed_class


def test_the_debrief_of_a_new_eleusis_round_tells_the_prophet_markers_and_scores(
    client: Browser, service: UseCases, teacher: int
) -> None:
    played = mixed_class(service, teacher)
    names = {
        seat: nick
        for seat, nick in service.records.group_record(teacher, played.ne_group).names.items()
    }
    response = client.get(f"/teacher/groups/{played.ne_group}/debrief?round=1")
    page = text(response)
    assert response.status_code == 200, page
    prophet = names[played.prophet]
    assert f"{prophet} became the prophet at card " in page
    assert "1 call confirmed by the dealer." in page and "Overthrown at card " in page
    assert f"{names[played.expelled]} was expelled at card " in page
    assert "🔖" in page and 'class="ne-card marked"' in page  # the 10th card's marker
    assert "Dealer (the app)" in page and "bonus" in page
    scores = page.partition('class="scores"')[2].partition("</table>")[0]
    assert len(re.findall(r"<tr", scores)) == 1 + 5 + 1  # head, five players, the dealer
    assert "Learning curve" not in page  # Express-only


def test_the_express_debrief_beside_it_is_unchanged(
    client: Browser, service: UseCases, teacher: int
) -> None:
    played = mixed_class(service, teacher)
    page = text(client.get(f"/teacher/groups/{played.express_group}/debrief?round=1"))
    assert "Learning curve" in page and "Hypotheses, in order" in page
    assert "reds follow blacks" in page and "became the prophet" not in page


def test_the_timeline_tells_new_eleusis_events_in_words(
    client: Browser, service: UseCases, teacher: int
) -> None:
    played = mixed_class(service, teacher)
    names = service.records.group_record(teacher, played.ne_group).names
    response = client.get(f"/teacher/groups/{played.ne_group}/timeline?round=1")
    page = text(response)
    assert response.status_code == 200, page
    assert f"{names[played.prophet]} becomes the prophet; the marker goes on card " in page
    assert "calls it wrong." in page
    assert "confirmed by the dealer" in page and "refuted by the dealer" in page
    assert f"{names[played.prophet]} is overthrown as prophet at card " in page
    assert "played a string of 4 cards:" in page and "wrong: to the sideline" in page
    assert "A marker goes on card 10." in page
    assert f"{names[played.expelled]} is expelled (sudden death) at card " in page
    assert "Round over: ended by the teacher." in page
    express = text(client.get(f"/teacher/groups/{played.express_group}/timeline?round=1"))
    assert "reds follow blacks" in express and "prophet" not in express


def test_the_class_page_and_the_totals_read_a_class_with_both_games(
    client: Browser, service: UseCases, teacher: int
) -> None:
    played = mixed_class(service, teacher)
    assert client.get(f"/teacher/classes/{played.class_id}").status_code == 200
    assert client.get(f"/teacher/classes/{played.class_id}/totals").status_code == 200
