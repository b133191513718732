from dataclasses import replace

import pytest

from classroom.cli.main import main as classroom_main
from classroom.cli.printing import group_record_of_any_teacher
from classroom.core.cards import Card
from classroom.projections.class_record import GroupRecord, RoundRecord
from classroom.usecases import NotFound
from printables.documents import game_report_pdf
from printables.kit.card_layout import MAX_COLUMN, LayoutRow, layout_rows, sideline_step
from printables.report.pdf import verdict_label
from printables.report.plan import RoundInfo, game_report, timeline
from printables.rounds import RoundNotPlayed, round_report
from tests.conftest import sessions_of
from tests.live_class import (
    CUSTOM_RULE,
    HINT,
    RIGHT_GUESS,
    WRONG_GUESS,
    build_class,
    live_service,
    play_a_round,
)
from tests.unit.test_game_support import cards, table
from tests.unit.test_printables_support import (
    LETTER,
    MIN_INK,
    fonts_of,
    page_sizes,
    reader,
    render,
    text_of,
)

NAMES = {"Ana": "Ana", "Ben": "Ben", "Chen": "Chen"}
INFO = RoundInfo("7B", "Otters", 1, "card.color != prev.color", "alternate-colors")


def stored_report(service, group_id, round_number=None):
    """The report of a stored group's round, read as the command line reads it."""
    class_name, group = group_record_of_any_teacher(service, group_id)
    return round_report(group, class_name=class_name, round_number=round_number)


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    service = live_service(tmp_path_factory.mktemp("report"))
    live = build_class(service)
    live.guessers = play_a_round(live, live.group_ids[0])
    return live


@pytest.fixture(scope="module")
def report(live):
    return stored_report(live.service, live.group_ids[0], round_number=1)


@pytest.fixture(scope="module")
def report_pdf(report):
    return game_report_pdf(report)


def test_timeline_lists_guesses_with_verdicts_hints_no_plays_and_the_end():
    game = table(ana="2H 3S 4H", ben="6D 7S 8D")
    game.play("Ana", Card.parse("2H"))
    game.judge_play(True)
    game.guess("Ana", "red then black")
    game.judge_guess(False)
    game.hint("colours matter")
    game.no_play("Ben")
    game.judge_no_play(False, Card.parse("7S"))
    game.end_round("bell")
    entries, state = timeline(game.events, NAMES)
    assert [(e.kind, e.who, e.verdict) for e in entries] == [
        ("deal", "", ""),
        ("guess", "Ana", "wrong"),
        ("hint", "Teacher", ""),
        ("no_play", "Ben", "wrong"),
        ("end", "", ""),
    ]
    assert entries[1].text == "red then black" and entries[1].mainline == 2
    assert "7♠ could be played" in entries[3].text
    assert entries[4].text == "The teacher ended the round."
    assert state.is_over


def test_a_guess_not_judged_yet_is_pending_and_the_round_still_running():
    game = table()
    game.play("Ana", Card.parse("2H"))
    game.judge_play(True)
    game.guess("Ana", "alternating colours")
    report = game_report(game.events, INFO, NAMES)
    assert report.timeline[-1].verdict == "pending"
    assert not report.over and report.ending == "The round is still being played."
    assert verdict_label("pending") == "not judged"


def test_a_student_dealers_round_with_a_rule_in_plain_words():
    game = table()
    game.hint("think of colours")
    info = RoundInfo("7B", "Otters", 2, "Red and black take turns", rule_kind="free", dealer="Dia")
    report = game_report(game.events, info, NAMES | {"Dia": "Dia"})
    assert (report.rule_title, report.rule_plain) == (
        "The dealer's rule, in their words",
        "Red and black take turns",
    )
    assert report.rule_canonical == "" and report.dealer_name == "Dia"
    assert report.timeline[-1].who == "Dia"
    text = text_of(game_report_pdf(report))
    assert "Red and black take turns" in text and "Dealer Dia: as the best player" in text


def test_a_seat_removed_since_is_named_by_its_place_at_the_table():
    game = table()
    entries, _state = timeline(game.events, {"Ana": "Ana"})
    report = game_report(game.events, INFO, {"Ana": "Ana"})
    assert [line.nickname for line in report.scores] == ["Ana", "Student 2", "Student 3"]
    assert entries[0].text == "3 players, 3 cards each; the starter is 5♣."


def test_report_counts_the_layout_and_scores_of_a_played_round(live, report):
    wrong, right = live.guessers
    names = live.service.reading.group_snapshot(live.group_ids[0]).names
    state = live.state(live.group_ids[0])
    guesses = [e for e in report.timeline if e.kind == "guess"]
    assert [(g.who, g.text, g.verdict) for g in guesses] == [
        (names[wrong], WRONG_GUESS, "wrong"),
        (names[right], RIGHT_GUESS, "right"),
    ]
    assert [e.text for e in report.timeline if e.kind == "hint"] == [HINT]
    assert report.ending == f"{names[right]} guessed the rule." and report.over
    assert report.mainline == state.layout.mainline and report.sidelines == state.layout.sidelines
    counts = report.counts
    assert counts.plays == counts.accepted + counts.rejected and counts.rejected >= 4
    assert counts.accepted == len(report.mainline) - 1 and counts.guesses == 2


def test_scores_are_twelve_minus_hand_plus_six_for_the_right_guess(live, report):
    _wrong, right = live.guessers
    sizes = live.state(live.group_ids[0]).hand_sizes()
    for line in report.scores:
        assert line.cards_left == sizes[line.seat]
        assert line.bonus == (6 if line.seat == right else 0)
        assert line.score == 12 - line.cards_left + line.bonus
    assert report.dealer_score == max(line.score for line in report.scores)


def test_library_rule_has_its_title_and_plain_text_custom_rule_its_source(live, report):
    assert report.rule_title == "Alternate colors"
    assert report.rule_plain and report.rule_plain.startswith("After a red card play a black")
    live.service.rounds.start_round(live.teacher_id, live.group_ids[1])
    custom = stored_report(live.service, live.group_ids[1])
    assert (custom.rule_title, custom.rule_plain) == ("Custom rule", None)
    assert custom.rule_canonical == CUSTOM_RULE and not custom.over


def test_report_pdf_shows_rule_guesses_nicknames_and_scores(live, report, report_pdf):
    text = text_of(report_pdf)
    assert "Game report: Otters, round 1" in text
    assert "After a red card play a black card" in text and "card.color != prev.color" in text
    for guess in (WRONG_GUESS, RIGHT_GUESS, HINT):
        assert guess in text
    assert "✗ wrong" in text and "✓ right" in text
    for line in report.scores:
        assert f"{line.nickname} {line.cards_left} {12 - line.cards_left}" in text
    # The app dealt: it is no player, so it has no score.
    assert "Dealer (the app): no score, the app is not a player –" in text
    assert "Dealer (the app): as the best player" not in text


def test_report_pdf_is_reproducible_with_embedded_fonts_and_not_blank(report, report_pdf):
    assert game_report_pdf(report) == report_pdf
    assert all(fonts_of(report_pdf).values())
    assert min(render(report_pdf, "game-report", resolution=60)) > MIN_INK
    assert page_sizes(game_report_pdf(report, paper="letter")) == {LETTER}


def test_earlier_rounds_keep_their_own_report(tmp_path):
    live = build_class(live_service(tmp_path))
    group = live.group_ids[0]
    play_a_round(live, group)
    live.service.rounds.start_round(live.teacher_id, group)
    assert stored_report(live.service, group).info.round_number == 2
    first = stored_report(live.service, group, round_number=1)
    assert first.info.round_number == 1 and first.counts.guesses == 2
    with pytest.raises(RoundNotPlayed, match="has not played round 3"):
        stored_report(live.service, group, round_number=3)


def record_of(*rounds):
    """A group's record made by hand, no database: one RoundRecord per event log."""
    played = tuple(
        RoundRecord(
            n, n, INFO.rule_text, "language", INFO.rule_id, None, "", tuple(events), {}, (), ()
        )
        for n, events in enumerate(rounds, 1)
    )
    return GroupRecord(1, 1, "Otters", 0, INFO.rule_text, INFO.rule_id, "app", NAMES, played)


def test_report_is_made_from_a_record_alone_its_latest_round_by_default():
    first, second = table(), table(ana="2H 3S 4H 6H")
    second.hint("colours")
    group = record_of(first.events, second.events)
    latest = round_report(group, class_name="7B")
    assert (latest.info.class_name, latest.info.group_name) == ("7B", "Otters")
    assert latest.info.round_number == 2 and latest.counts.hints == 1
    assert round_report(group, class_name="7B", round_number=1).counts.hints == 0
    assert latest == game_report(second.events, replace(INFO, round_number=2), NAMES)
    with pytest.raises(RoundNotPlayed, match="Otters has not played round 3"):
        round_report(group, class_name="7B", round_number=3)
    with pytest.raises(RoundNotPlayed, match="Otters has not played a round yet"):
        round_report(record_of(), class_name="7B")


def test_a_group_is_found_whoever_teaches_it_and_an_unknown_one_is_not(live):
    class_name, group = group_record_of_any_teacher(live.service, live.group_ids[0])
    assert (class_name, group.name, group.group_id) == ("7B Science", "Otters", live.group_ids[0])
    with pytest.raises(NotFound):
        group_record_of_any_teacher(live.service, 999)


def test_layout_wraps_the_mainline_into_rows_keeping_sidelines_under_their_card():
    mainline = cards(" ".join(["2H", "3S"] * 15))
    sidelines = [()] * 29 + [cards("4H 5H")]
    rows = layout_rows(mainline, sidelines, 510)
    assert [len(row.mainline) for row in rows] == [12, 12, 6]
    assert [row.first for row in rows] == [1, 13, 25]
    assert rows[-1].sidelines[-1] == cards("4H 5H")
    flat, deep = rows[0].wrap(510, 800)[1], rows[-1].wrap(510, 800)[1]
    assert deep > flat


def test_a_long_sideline_overlaps_more_to_stay_on_the_page():
    assert sideline_step(30) < sideline_step(3)
    row = LayoutRow(1, cards("2H"), [cards(" ".join(["3H"] * 40))])
    assert row.wrap(510, 800)[1] < MAX_COLUMN + 80


def test_cli_report_writes_the_round_and_refuses_unknown_groups(
    tmp_path, monkeypatch, live, capsys
):
    monkeypatch.setenv("CLASSROOM_DATABASE_URL", str(sessions_of(live.service).kw["bind"].url))
    monkeypatch.setenv("CLASSROOM_INSTANCE", str(tmp_path / "instance"))
    target = tmp_path / "report.pdf"
    group = str(live.group_ids[0])
    assert (
        classroom_main(["print", "report", "--group", group, "--round", "1", "-o", str(target)])
        == 0
    )
    assert "Game report: Otters, round 1" in text_of(target.read_bytes())
    assert len(reader(target.read_bytes()).pages) >= 1
    missing = tmp_path / "missing.pdf"
    for arguments in (
        ["--group", "999"],
        ["--group", group, "--round", "7"],
        ["--group", group, "--round", "0"],
    ):
        assert classroom_main(["print", "report", *arguments, "-o", str(missing)]) == 2
        assert "error:" in capsys.readouterr().err
    assert not missing.exists()
