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
    assert "⚑" in page and 'class="ne-card marked"' in page  # the 10th card's marker
    assert "Dealer (the app): no score, the app is not a player" in page and "bonus" in page
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


def test_a_student_dealers_new_eleusis_round_is_read_before_and_after_the_deal(
    client: Browser, service: UseCases, teacher: int
) -> None:
    from classroom.core.games.express import Options
    from classroom.usecases import GroupSetup

    groups = [GroupSetup("Owls", "card.color != prev.color", mode="new_eleusis")]
    class_id = service.classes.create_class(teacher, "Club", groups, Options())
    snapshot = service.reading.class_snapshot(teacher, class_id)
    group_id = snapshot.groups[0].group_id
    seats = [
        service.seats.join(snapshot.join_code, group_id, name)[0]
        for name in ("Ana", "Ben", "Chen", "Dana", "Emil")
    ]
    service.lesson.set_dealer_mode(teacher, group_id, "student")
    service.rounds.start_round(teacher, group_id)
    assert service.reading.group_snapshot(group_id).dealing_seat is not None
    for page in ("debrief", "timeline"):
        assert client.get(f"/teacher/groups/{group_id}/{page}").status_code == 200
    for download in ("events.csv", "hypotheses.csv", "predictions.csv", "export.json"):
        assert client.get(f"/teacher/classes/{class_id}/{download}").status_code == 200
    # The dealer chooses the rule; the round is dealt, a string judged by the dealer, ended.
    from classroom.usecases import Move, RuleChoice, Verdict

    dealer = next(
        s for s in seats if s.key == service.reading.group_snapshot(group_id).dealing_seat
    )
    service.dealing.choose_rule(dealer, RuleChoice("language", "card.color != prev.color"), "r1")
    state = service.reading.group_snapshot(group_id).state
    assert state is not None
    player = next(s for s in seats if s.key == state.turn)
    service.rounds.act(player, Move("play", "p1", cards=state.hand(player.key)[:2]))
    service.dealing.judge_as_dealer(dealer, Verdict("play", False), "v1")
    service.rounds.end_round(teacher, group_id)
    page = text(client.get(f"/teacher/groups/{group_id}/debrief?round=1"))
    assert f"Dealer {dealer.nickname}" in page
    assert "Nobody became the prophet this round." in page
    timeline = text(client.get(f"/teacher/groups/{group_id}/timeline?round=1"))
    assert "played a string of 2 cards:" in timeline and "wrong: to the sideline" in timeline
