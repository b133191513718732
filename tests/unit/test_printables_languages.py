"""Every document prints in Japanese, Polish and Russian: its headings come from the catalogs.

The expected words are read from each language's messages.po, so these tests hold whatever the
translators write; one page of each document per language is rendered to
tests/output/printables-<language>/ to be looked at.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from classroom.cli.main import main as classroom_main
from printables.catalog import printable_label
from printables.cli import main as printables_main
from printables.documents import (
    class_pack_pdf,
    class_rule_cards_pdf,
    game_report_pdf,
    lesson_pdf,
    rule_cards_pdf,
    score_sheet_pdf,
    worksheet_pdf,
)
from printables.kit.i18n import (
    TRANSLATIONS,
    current_language,
    language_of,
    local_number,
    ngettext,
    speaking,
    translations,
)
from printables.rounds import round_report
from tests.conftest import sessions_of
from tests.live_class import build_class, live_service, play_a_round
from tests.unit.test_printables_support import MIN_INK, reader, render, unhyphenated

LANGUAGES = ("ja", "pl", "ru")
OUTPUT = Path(__file__).resolve().parents[1] / "output"
BASE = "http://192.168.1.20:5000"


@cache
def catalog(language: str) -> dict[str, str]:
    """Each translated message of a language's catalog, by its English text."""
    path = TRANSLATIONS / language / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as source:
        messages = read_po(source, locale=language)
    return {str(m.id): str(m.string) for m in messages if m.id and isinstance(m.string, str)}


def translated(language: str, english: str) -> str:
    """The catalog's translation of `english`; fails when there is none."""
    text = catalog(language).get(english, "")
    assert text and text != english, f"{english!r} has no {language} translation"
    return text


def squeezed(text: str) -> str:
    """Text without white space, as line breaks in a PDF fall anywhere in Japanese."""
    return re.sub(r"\s+", "", text)


def page_texts(pdf: bytes) -> list[str]:
    return [squeezed(unhyphenated(page.extract_text())) for page in reader(pdf).pages]


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    service = live_service(tmp_path_factory.mktemp("languages"))
    live = build_class(service)
    play_a_round(live, live.group_ids[0])
    return live


def _pack(live, language: str) -> bytes:
    snapshot = live.service.reading.class_snapshot(live.teacher_id, live.class_id)
    return class_pack_pdf(snapshot, base_url=BASE, language=language)


def _rule_cards(live, language: str) -> bytes:
    snapshot = live.service.reading.class_snapshot(live.teacher_id, live.class_id)
    return class_rule_cards_pdf(snapshot, language=language)


def _report(live, language: str) -> bytes:
    group_id = live.group_ids[0]
    class_name = live.service.reading.group_snapshot(group_id).class_name
    record = live.service.records.group_record(live.teacher_id, group_id)
    report = round_report(record, class_name=class_name, round_number=1, language=language)
    return game_report_pdf(report, language=language)


#: Each document: how to build it in a language, the page to look at, and headings it prints.
DOCUMENTS: dict[str, tuple[Callable[..., bytes], int, tuple[str, ...]]] = {
    "rule-cards": (
        lambda live, lang: rule_cards_pdf(ids=["alternate-colors"], language=lang),
        1,
        ("In the rule language:", "Rule cards for dealers"),
    ),
    "worksheet-young": (
        lambda live, lang: worksheet_pdf(variant="young", language=lang),
        1,
        ("Card detective sheet",),
    ),
    "worksheet-older": (
        lambda live, lang: worksheet_pdf(variant="older", language=lang),
        1,
        ("Scientist's worksheet", "Sideline (rejected)"),
    ),
    "score-sheet": (
        lambda live, lang: score_sheet_pdf(players=4, language=lang),
        1,
        ("Score sheet", "Total"),
    ),
    # The pack opens with the teacher's overview, then (printed on both sides) a blank back,
    # then the join cards.
    "join-card": (_pack, 3, ("Class code", "3. Type a nickname. No real names needed.")),
    "class-pack": (_pack, 1, ("Secret rule", "Students", "Worksheets")),
    "class-rule-cards": (_rule_cards, 1, ("In the rule language:",)),
    "lesson": (
        lambda live, lang: lesson_pdf("first-lesson", language=lang),
        1,
        ("Duration", "Secret rules"),
    ),
    "report": (_report, 1, ("Hypotheses and events", "The secret rule", "Scores")),
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("document", DOCUMENTS)
def test_every_document_prints_its_headings_in_the_language_asked(live, document, language):
    build, page, headings = DOCUMENTS[document]
    pdf = build(live, language)
    text = page_texts(pdf)[page if page < 0 else page - 1]
    for english in headings:
        assert squeezed(translated(language, english)) in text, english
        assert squeezed(english) not in text, english
    folder = OUTPUT / f"printables-{language}"
    number = page if page > 0 else len(reader(pdf).pages) + page + 1
    (ink,) = render(pdf, document, output=folder, page=number, resolution=60)
    assert ink > MIN_INK


def test_the_class_rule_cards_print_in_the_language_asked(live):
    pdf = _rule_cards(live, "pl")
    cards = page_texts(pdf)[-1]
    assert squeezed(translated("pl", "In the rule language:")) in cards
    assert squeezed(translated("pl", "Keep secret")).upper() in cards.upper()


def test_english_stays_the_source_and_an_unknown_language_prints_english():
    assert squeezed("Score sheet") in page_texts(score_sheet_pdf(players=3))[0]
    assert squeezed("Score sheet") in page_texts(score_sheet_pdf(players=3, language="de"))[0]


@pytest.mark.parametrize(
    ("tag", "language"), [("pl_PL", "pl"), ("ja-JP", "ja"), ("RU", "ru"), ("de", "en"), ("", "en")]
)
def test_a_locale_tag_prints_in_its_supported_language(tag, language):
    assert language_of(tag) == language


def test_speaking_sets_the_language_only_inside_its_block():
    with speaking("ru"):
        assert current_language() == "ru"
        with speaking("ja"):
            assert printable_label("score-sheet") == translated("ja", "Score sheet")
        assert printable_label("score-sheet") == translated("ru", "Score sheet")
    assert current_language() == "en" and printable_label("score-sheet") == "Score sheet"


def test_plurals_follow_the_rules_of_the_language():
    one, many = "%(num)d round ended.", "%(num)d rounds ended."
    with speaking("pl"):
        forms = [ngettext(one, many, n) for n in (1, 3, 5)]
    assert len(set(forms)) == 3
    assert translations("en").ngettext(one, many, 5) == many


def test_the_command_line_prints_in_the_language_asked(tmp_path):
    target = tmp_path / "sheet.pdf"
    assert printables_main(["score-sheet", "--language", "ru", "-o", str(target)]) == 0
    text = page_texts(target.read_bytes())[0]
    assert squeezed(translated("ru", "Score sheet")) in text


def test_the_command_line_refuses_a_language_it_does_not_print(tmp_path, capsys):
    with pytest.raises(SystemExit):
        printables_main(["score-sheet", "--language", "de", "-o", str(tmp_path / "x.pdf")])
    assert "--language" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("document", "options", "heading"),
    [
        ("class-pack", ["--class", "{class_id}", "--base-url", BASE], "Secret rule"),
        ("report", ["--group", "{group_id}"], "Hypotheses and events"),
    ],
)
def test_classroom_print_makes_a_stored_classs_documents_in_the_language_asked(
    tmp_path, monkeypatch, live, document, options, heading
):
    monkeypatch.setenv("CLASSROOM_DATABASE_URL", str(sessions_of(live.service).kw["bind"].url))
    monkeypatch.setenv("CLASSROOM_INSTANCE", str(tmp_path / "instance"))
    target = tmp_path / "document.pdf"
    ids = {"class_id": live.class_id, "group_id": live.group_ids[0]}
    arguments = [part.format(**ids) for part in options]
    command = ["print", document, *arguments, "--language", "pl", "-o", str(target)]
    assert classroom_main(command) == 0
    text = squeezed(" ".join(page_texts(target.read_bytes())))
    assert squeezed(translated("pl", heading)) in text and squeezed(heading) not in text


def test_numbers_are_written_as_the_language_writes_them():
    with speaking("ru"):
        assert local_number(12345) == "12\xa0345"
    with speaking("pl"):
        assert local_number(-3) == "-3"
    assert local_number(12345) == "12,345"
