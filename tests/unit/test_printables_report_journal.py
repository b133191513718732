from dataclasses import dataclass

import pytest

from classroom.cli.printing import group_record_of_any_teacher
from classroom.core.cards import Card
from classroom.projections.journal_view import JournalRecord
from classroom.usecases import JournalNote
from printables.documents import game_report_pdf
from printables.report.pdf import ReportRenderer
from printables.report.plan import RoundInfo, game_report
from printables.rounds import round_report
from tests.live_class import build_class, live_service, play_a_round
from tests.unit.test_game_support import table
from tests.unit.test_printables_support import text_of

NAMES = {"Ana": "Ana", "Ben": "Ben", "Chen": "Chen"}
INFO = RoundInfo("7B", "Otters", 1, "card.color != prev.color", "alternate-colors")
ALTERNATE = "card.color != prev.color"


@dataclass(frozen=True)
class Answer:
    """A checker's answer, as the web app's checks keep it."""

    verdict: str
    detail: str = ""
    needs_more_decks: bool = False


def note(seat, seq, text, *, card=None, predicted=None, confidence=None):
    test_card = Card.parse(card) if card else None
    return JournalRecord(seat, seq, text, confidence, test_card, predicted, "")


def played_round():
    """Ana plays 2♥ on the black starter (accepted), Ben 7♠ on it (accepted)."""
    game = table()
    game.play("Ana", Card.parse("2H"))
    game.judge_play(True)
    game.play("Ben", Card.parse("7S"))
    game.judge_play(True)
    return game


def test_journal_groups_each_students_hypotheses_in_seat_then_writing_order():
    game = played_round()
    records = [
        note("Ben", 3, "black after red"),
        note("Ana", 4, "anything goes"),
        note("Ana", 1, ALTERNATE, card="2H", predicted=True, confidence=6),
    ]
    report = game_report(game.events, INFO, NAMES, journal=records)
    assert [(line.who, line.number, line.text) for line in report.journal] == [
        ("Ana", 1, ALTERNATE),
        ("Ana", 2, "anything goes"),
        ("Ben", 1, "black after red"),
    ]
    first = report.journal[0]
    assert (first.test_card, first.predicted_accepted, first.accepted) == ("2♥", True, True)
    assert first.fits_table is True and first.confidence == 6
    assert report.journal[1].fits_table is None and report.journal[1].accepted is None


def test_a_hypothesis_the_table_contradicts_is_marked_so():
    game = played_round()
    records = [note("Ana", 4, "card.color == prev.color")]
    (line,) = game_report(game.events, INFO, NAMES, journal=records).journal
    assert line.fits_table is False


@pytest.mark.parametrize(
    ("answer", "sameness"),
    [(Answer("same"), "same"), (Answer("different"), "different"), (None, "")],
)
def test_the_checkers_answer_is_kept_when_the_caller_has_one(answer, sameness):
    game = played_round()
    records = [note("Ana", 4, ALTERNATE)]
    report = game_report(game.events, INFO, NAMES, journal=records, checker=lambda _t: answer)
    assert report.journal[0].sameness == sameness


def test_report_pdf_prints_the_journal_with_prediction_and_checker():
    game = played_round()
    records = [
        note("Ana", 1, ALTERNATE, card="2H", predicted=False, confidence=6),
        note("Ben", 3, "black after red"),
    ]
    same = Answer("same")
    report = game_report(game.events, INFO, NAMES, journal=records, checker=lambda _t: same)
    text = text_of(game_report_pdf(report))
    assert "Hypothesis journal" in text
    assert f"“{ALTERNATE}”" in text and "“black after red”" in text
    assert "2♥: I predict rejected" in text and "✗ not as predicted" in text
    assert "✓ The same rule as the secret rule." in text
    assert "Fits every card on the table." in text and "How sure: 6 / 10" in text


def test_a_round_without_journal_says_nobody_wrote_in_it():
    report = game_report(played_round().events, INFO, NAMES)
    assert report.journal == ()
    text = text_of(game_report_pdf(report))
    assert "Nobody wrote in the hypothesis journal this round." in text


def test_timeline_hash_column_counts_lines_from_one_not_log_positions():
    game = played_round()
    game.guess("Ben", "colours alternate")
    game.judge_guess(False)
    game.hint("look at the colours")
    report = game_report(game.events, INFO, NAMES)
    assert [entry.seq for entry in report.timeline] != [1, 2, 3]
    _heading, _intro, timeline = ReportRenderer()._timeline(report)
    numbers = [row[0].getPlainText() for row in timeline._cellvalues[1:]]
    assert numbers == [str(n) for n in range(1, len(report.timeline) + 1)] == ["1", "2", "3"]


def test_stored_journal_reaches_the_report_of_the_round(tmp_path):
    live = build_class(live_service(tmp_path))
    group = live.group_ids[0]
    play_a_round(live, group)
    ana = live.seats[group][0]
    live.service.journal.write_journal(ana, JournalNote("Red and black swap", confidence=8))
    class_name, record = group_record_of_any_teacher(live.service, group)
    report = round_report(record, class_name=class_name)
    assert [(line.who, line.text, line.confidence) for line in report.journal] == [
        ("Ana", "Red and black swap", 8)
    ]
    assert "「Red and black swap」" in text_of(game_report_pdf(report, language="ja"))
