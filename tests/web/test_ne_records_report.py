"""The game report PDF of a New Eleusis round, from the app: the table's markers, the prophet
confirmed then overthrown, the expulsion and the scores with the dealer's, in the class's
language; the Express round's report beside it is unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from classroom.usecases import UseCases
from tests.unit.test_printables_ne_report import assert_markers_drawn_by_their_cards, named_markers
from tests.unit.test_printables_support import text_of
from tests.web.ne_records_support import mixed_class
from tests.web.printing_support import PDF, logged_in, printing_app


def _report_pdfs(tmp_path: Path, language: str) -> tuple[bytes, bytes, dict[str, str]]:
    """The New Eleusis and the Express round's reports of a mixed class, and who was the
    prophet and who was expelled."""
    app = printing_app(tmp_path)
    service: UseCases = app.extensions["use_cases"]
    teacher = service.teachers.create_teacher("rivera", "correct horse battery")
    played = mixed_class(service, teacher, language)
    client = logged_in(app, teacher)
    response = client.get(f"/teacher/print/groups/{played.ne_group}/report.pdf?round=1")
    assert response.status_code == 200 and response.mimetype == PDF
    express = client.get(f"/teacher/print/groups/{played.express_group}/report.pdf?round=1")
    assert express.status_code == 200
    names = service.records.group_record(teacher, played.ne_group).names
    who = {"prophet": names[played.prophet], "expelled": names[played.expelled]}
    return response.data, express.data, who


def _report(tmp_path: Path, language: str) -> tuple[str, str, dict[str, str]]:
    new, express, who = _report_pdfs(tmp_path, language)
    return text_of(new), text_of(express), who


def test_the_english_report_tells_the_prophet_markers_expulsion_and_scores(
    tmp_path: Path,
) -> None:
    text, express, who = _report(tmp_path, "en")
    assert "New Eleusis" in text and "The teacher ended the round." in text
    assert "Markers (every 10th card played): card 10 (" in text
    assert "The prophet" in text and who["prophet"] in text
    assert "Becomes the prophet; the marker goes on card" in text
    assert "The prophet calls it wrong." in text
    assert "Overthrown as prophet: 5 penalty cards, the hand comes back." in text
    assert f"{who['expelled']} was expelled (sudden death) at card" in text
    assert "Prophet's bonus" in text
    assert "Dealer (the app): no score, the app is not a player –" in text
    assert "New Eleusis" not in express and "Hypotheses and events" in express


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_markers_on_a_long_sideline_are_drawn_by_the_cards_the_report_names(
    tmp_path: Path, language: str
) -> None:
    pdf, _express, _who = _report_pdfs(tmp_path, language)
    # The round's wrong strings hang under one mainline card: cards 10, 20 and 30 are there.
    assert [n for _sign, n, _label in named_markers(pdf, language)] == [10, 20, 30]
    assert_markers_drawn_by_their_cards(pdf, language)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("ja", ("ニュー・エレウシス", "預言者になります", "脱落", "預言者ボーナス", "親(アプリ)")),
        ("pl", ("Zostaje prorokiem", "Premia proroka", "Krupier (aplikacja)")),
        ("ru", ("Становится Пророком", "Бонус Пророка", "Раздающий (приложение)")),
    ],
)
def test_the_report_speaks_the_class_language(
    tmp_path: Path, language: str, words: tuple[str, ...]
) -> None:
    text, _express, _who = _report(tmp_path, language)
    # pypdf may break a line inside a Japanese phrase: compare without spaces.
    squeezed = text.replace(" ", "")
    for word in words:
        assert word.replace(" ", "") in squeezed, word


def test_the_command_line_prints_the_report_of_a_new_eleusis_round(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from classroom.cli.main import main as classroom_main
    from tests.conftest import sessions_of

    app = printing_app(tmp_path)
    service: UseCases = app.extensions["use_cases"]
    teacher = service.teachers.create_teacher("rivera", "correct horse battery")
    played = mixed_class(service, teacher)
    monkeypatch.setenv("CLASSROOM_DATABASE_URL", str(sessions_of(service).kw["bind"].url))
    monkeypatch.setenv("CLASSROOM_INSTANCE", str(tmp_path / "instance"))
    target = tmp_path / "report.pdf"
    arguments = ["print", "report", "--group", str(played.ne_group), "--language", "ja"]
    assert classroom_main([*arguments, "-o", str(target)]) == 0
    squeezed = text_of(target.read_bytes()).replace(" ", "")
    assert "預言者ボーナス" in squeezed and "ニュー・エレウシス" in squeezed
