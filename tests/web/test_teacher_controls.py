"""The teacher's lesson controls on the class page: pause, reveal to all, the dealer switch,
next rounds, the student dealer's contested verdicts, and the totals table."""

from __future__ import annotations

from datetime import timedelta

import pytest

from classroom.cli.main import main
from classroom.cli.purge import purge_on_start
from classroom.core.games.express import Options
from classroom.usecases import Conflict, Move, RuleChoice, UseCases, Verdict
from classroom.usecases.dealing import VerdictCheck
from tests.conftest import sessions_of
from tests.web.conftest import Browser, Lesson, flashes, play_a_round, right_card, text


def test_pausing_a_group_refuses_tablet_actions_until_resumed(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    service.rounds.start_round(teacher, lesson.group_id)
    page = text(client.get(lesson.page))
    assert ">Pause</button>" in page
    response = client.post(f"/teacher/groups/{lesson.group_id}/pause", {"on": "1"})
    assert response.status_code == 302
    assert service.reading.group_snapshot(lesson.group_id).paused
    page = flashes(client, lesson.page)
    assert "The group is paused." in page and ">Resume</button>" in page
    state = service.reading.group_snapshot(lesson.group_id).state
    assert state is not None
    player = lesson.seat(state.turn)
    with pytest.raises(Conflict, match="paused"):
        service.rounds.act(player, Move("play", "p1", cards=(state.hand(player.key)[0],)))
    client.post(f"/teacher/groups/{lesson.group_id}/pause", {"on": "0"})
    assert not service.reading.group_snapshot(lesson.group_id).paused
    assert service.rounds.act(player, Move("play", "p2", cards=(state.hand(player.key)[0],))).events


def test_pause_all_and_resume_all_act_on_every_group(
    client: Browser, service: UseCases, teacher: int, new_class
) -> None:
    class_id = new_class(groups=3)
    page = f"/teacher/classes/{class_id}"
    client.get(page)
    client.post(f"{page}/pause", {"on": "1"})
    groups = service.reading.class_snapshot(teacher, class_id).groups
    assert all(group.paused for group in groups)
    assert "Every group is paused." in flashes(client, page)
    client.post(f"{page}/pause", {"on": "0"})
    assert not any(g.paused for g in service.reading.class_snapshot(teacher, class_id).groups)


def test_reveal_to_all_groups(client: Browser, service: UseCases, teacher: int, new_class) -> None:
    class_id = new_class(groups=2)
    page = f"/teacher/classes/{class_id}"
    assert "Reveal to all groups" in text(client.get(page))
    client.post(f"{page}/reveal-all")
    assert all(g.rule_revealed for g in service.reading.class_snapshot(teacher, class_id).groups)
    assert "Every group&#39;s rule is revealed." in flashes(client, page)


def test_dealer_mode_switches_between_rounds_and_names_the_next_dealer(
    client: Browser, service: UseCases, lesson: Lesson, join
) -> None:
    join(lesson.join_code, lesson.group_id, "Dia")
    assert "Let students deal" in text(client.get(lesson.page))
    client.post(f"/teacher/groups/{lesson.group_id}/dealer", {"mode": "student"})
    assert service.reading.group_snapshot(lesson.group_id).dealer_mode == "student"
    page = flashes(client, lesson.page)
    assert "The students take turns to deal." in page
    assert "Next dealer: Zoë" in page
    client.post(f"/teacher/groups/{lesson.group_id}/start")
    page = text(client.get(lesson.page))
    assert "Zoë is choosing a rule" in page
    assert "Let the app deal" not in page


def test_dealer_mode_is_refused_mid_round_with_a_message(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    service.rounds.start_round(teacher, lesson.group_id)
    assert "Let students deal" not in text(client.get(lesson.page))
    response = client.post(f"/teacher/groups/{lesson.group_id}/dealer", {"mode": "student"})
    assert response.status_code == 302
    assert "Change the dealer between rounds." in flashes(client, lesson.page)
    assert service.reading.group_snapshot(lesson.group_id).dealer_mode == "app"


@pytest.mark.parametrize("data", [{"mode": "robot"}, {}])
def test_a_bad_dealer_mode_is_a_message(
    client: Browser, service: UseCases, lesson: Lesson, data: dict[str, str]
) -> None:
    client.get(lesson.page)
    response = client.post(f"/teacher/groups/{lesson.group_id}/dealer", data)
    assert response.status_code == 302
    assert service.reading.group_snapshot(lesson.group_id).dealer_mode == "app"


def test_controls_need_the_csrf_token(client: Browser, service: UseCases, lesson: Lesson) -> None:
    client.get(lesson.page)
    client.post(f"/teacher/groups/{lesson.group_id}/pause", {"on": "1"}, csrf=False)
    assert not service.reading.group_snapshot(lesson.group_id).paused


def test_another_teachers_groups_are_not_found(
    app, client: Browser, service: UseCases, lesson: Lesson
) -> None:
    service.teachers.create_teacher("other", "another long password")
    other = Browser(app, address="10.0.0.9")
    other.log_in("other", "another long password")
    other.get("/teacher/")
    for url in (
        f"/teacher/groups/{lesson.group_id}/pause",
        f"/teacher/groups/{lesson.group_id}/dealer",
        f"/teacher/classes/{lesson.class_id}/reveal-all",
    ):
        other.post(url, {"on": "1", "mode": "student"})
    snapshot = service.reading.group_snapshot(lesson.group_id)
    assert not snapshot.paused and not snapshot.rule_revealed and snapshot.dealer_mode == "app"
    for url in (
        f"/teacher/classes/{lesson.class_id}/totals",
        f"/teacher/groups/{lesson.group_id}/timeline",
        f"/teacher/groups/{lesson.group_id}/debrief",
        f"/teacher/classes/{lesson.class_id}/events.csv",
        f"/teacher/classes/{lesson.class_id}/hypotheses.csv",
        f"/teacher/classes/{lesson.class_id}/export.json",
    ):
        assert other.get(url).status_code == 404, url


def test_an_ended_round_offers_the_next_one(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    play_a_round(service, teacher, lesson)
    assert "Start next round" in text(client.get(lesson.page))


def test_totals_table_has_rounds_down_nicknames_across_and_a_totals_row(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    play_a_round(service, teacher, lesson)
    (group,) = service.lesson.class_totals(teacher, lesson.class_id)
    (first,) = group.rounds
    page = text(client.get(f"/teacher/classes/{lesson.class_id}/totals"))
    table = page.partition('class="totals-table"')[2].partition("</table>")[0]
    header, _, rest = table.partition("</thead>")
    assert [name for name in ("Zoë", "さくら", "Ana") if f">{name}</th>" in header] == [
        "Zoë",
        "さくら",
        "Ana",
    ]
    body, _, foot = rest.partition("<tfoot>")
    assert '<th scope="row">1</th>' in body
    # The dealer's score is a student dealer's: the app is no player.
    assert "the app: no score, it is not a player" in body
    assert f"the app: {first.dealer_score}" not in body
    for name in ("Zoë", "さくら", "Ana"):
        assert f'<td class="num">{first.scores[name]}</td>' in body
        assert f'<td class="num total">{group.totals[name]}</td>' in foot


def test_a_student_dealers_contested_verdicts_show_on_the_panel_and_the_timeline(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson, join
) -> None:
    lesson.seats.append(join(lesson.join_code, lesson.group_id, "Dia"))
    service.lesson.set_dealer_mode(teacher, lesson.group_id, "student")
    service.rounds.start_round(teacher, lesson.group_id)
    dealer = lesson.seats[0]
    service.dealing.choose_rule(dealer, RuleChoice("language", "card.color != prev.color"), "rule")
    state = service.reading.group_snapshot(lesson.group_id).state
    assert state is not None
    player = lesson.seat(state.turn)
    card = right_card(service, lesson.group_id, player)
    service.rounds.act(player, Move("play", "p", cards=(card,)))
    wrong = Verdict("play", right=False)
    assert isinstance(service.dealing.judge_as_dealer(dealer, wrong, "v1"), VerdictCheck)
    service.dealing.judge_as_dealer(dealer, Verdict("play", right=False, confirmed=True), "v2")
    page = text(client.get(lesson.page))
    assert "The dealer's verdict differed from the rule 1 time." in page
    timeline = text(client.get(f"/teacher/groups/{lesson.group_id}/timeline?round=1"))
    assert "The dealer's verdict differed from the rule:" in timeline
    assert "the dealer said no, the rule says yes." in timeline
    assert "(the dealer's verdict)" in timeline


def _make_classes(app, service: UseCases, teacher: int, ages: list[int]) -> list[int]:
    """Classes created `age` days ago each."""
    from classroom.store.models import ClassPeriod, utcnow
    from classroom.usecases import GroupSetup

    ids = []
    for age in ages:
        class_id = service.classes.create_class(
            teacher, f"{age} days", [GroupSetup("A", "card.color != prev.color")], Options()
        )
        with sessions_of(service).begin() as db:
            period = db.get(ClassPeriod, class_id)
            assert period is not None
            period.created_at = utcnow() - timedelta(days=age)
        ids.append(class_id)
    return ids


def test_purge_command_deletes_classes_past_the_retention_period(
    app, service: UseCases, teacher: int, tmp_path, monkeypatch, capsys
) -> None:
    monkeypatch.setenv("CLASSROOM_DATABASE_URL", app.config["DATABASE_URL"])
    monkeypatch.setenv("CLASSROOM_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.setenv("CLASSROOM_SECRET_KEY", "x")
    monkeypatch.delenv("CLASSROOM_RETENTION_DAYS", raising=False)
    old, middle, new = _make_classes(app, service, teacher, [40, 10, 0])
    assert main(["purge"]) == 0
    assert "Deleted 1 class(es) older than 30 days." in capsys.readouterr().out
    assert {c.id for c in service.classes.classes_of(teacher)} == {middle, new}
    monkeypatch.setenv("CLASSROOM_RETENTION_DAYS", "7")
    assert main(["purge"]) == 0
    assert {c.id for c in service.classes.classes_of(teacher)} == {new}
    assert main(["purge", "--days", "100"]) == 0
    assert "Deleted 0 class(es) older than 100 days." in capsys.readouterr().out
    assert old not in {c.id for c in service.classes.classes_of(teacher)}


@pytest.mark.parametrize("days", ["0", "-3", "soon"])
def test_purge_refuses_a_bad_number_of_days(days: str, capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["purge", "--days", days])
    assert exit_.value.code == 2
    assert "1 or more" in capsys.readouterr().err


def test_purge_on_start_uses_the_configured_retention(app, service: UseCases, teacher: int) -> None:
    _, kept = _make_classes(app, service, teacher, [3, 1])
    app.config["RETENTION_DAYS"] = 2
    assert purge_on_start(app) == 1
    assert [c.id for c in service.classes.classes_of(teacher)] == [kept]


def test_a_hint_to_all_reaches_every_playing_group_and_only_those(
    client: Browser, service: UseCases, teacher: int, new_class, join
) -> None:
    class_id = new_class(groups=3)
    groups = service.reading.class_snapshot(teacher, class_id).groups
    code = service.reading.class_snapshot(teacher, class_id).join_code
    for group in groups[:2]:
        for name in ("Ana", "Ben", "Chen"):
            join(code, group.group_id, name)
        service.rounds.start_round(teacher, group.group_id)
    page = f"/teacher/classes/{class_id}"
    assert "Hint to all" in text(client.get(page))
    client.post(f"{page}/hint", {"text": "Look at the colours"})
    hints = [
        g.state.hints if g.state else ()
        for g in service.reading.class_snapshot(teacher, class_id).groups
    ]
    assert hints == [("Look at the colours",), ("Look at the colours",), ()]
    assert "Hint given to 2 groups." in flashes(client, page)
    client.post(f"{page}/hint", {"text": ""})
    after = [
        g.state.hints if g.state else ()
        for g in service.reading.class_snapshot(teacher, class_id).groups
    ]
    assert after == hints


def test_end_all_rounds_ends_every_running_round(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    service.rounds.start_round(teacher, lesson.group_id)
    client.get(lesson.page)
    client.post(f"{lesson.page}/end-rounds")
    state = service.reading.group_snapshot(lesson.group_id).state
    assert state is not None and state.is_over and state.end_reason == "teacher"
    assert "1 round ended." in flashes(client, lesson.page)
    client.post(f"{lesson.page}/end-rounds")
    assert "No group is playing a round." in flashes(client, lesson.page)


def test_the_class_page_links_to_printables_the_pack_and_reports(
    client: Browser, service: UseCases, teacher: int, lesson: Lesson
) -> None:
    service.rounds.start_round(teacher, lesson.group_id)
    page = text(client.get(lesson.page))
    assert "/teacher/print/" in page
    assert f"/teacher/print/classes/{lesson.class_id}/pack.pdf" in page
    report = f"/teacher/print/groups/{lesson.group_id}/report.pdf?round=1"
    assert report in page
    assert client.client.get(report).headers["Content-Type"] == "application/pdf"
