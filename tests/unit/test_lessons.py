import pytest

from classroom.core.rules.library import find_rule, load_library
from printables.catalog import PRINTABLE_NAMES
from printables.documents import BUILDERS, lesson_pdf
from printables.lessons.library import (
    AGE_BANDS,
    LessonError,
    find_lesson,
    load_lessons,
    parse_lesson,
)
from printables.lessons.markdown import Heading, ListBlock, parse, plain_text
from printables.lessons.pdf import LessonRenderer
from tests.unit.test_printables_support import MIN_INK, fonts_of, reader, render, text_of

REQUIRED = ("first-lesson", "scientific-method", "design-your-own-rule", "offline-lesson")
#: The order the kit teaches the lessons in: play, then method, then paper only, then design,
#: then the class's experiments beside the robots'.
TEACHING_ORDER = (
    "first-lesson",
    "scientific-method",
    "offline-lesson",
    "design-your-own-rule",
    "experiments-and-robots",
)
LESSONS = load_lessons()
#: Each translation's heading of the debrief questions every lesson ends with.
DEBRIEF = {"ja": "ふりかえりの問い", "pl": "Pytania do omówienia", "ru": "Вопросы для разбора"}
TRANSLATED = [
    (language, lesson) for language in DEBRIEF for lesson in load_lessons(language=language)
]


def translated_id(case):
    return f"{case[0]}-{case[1].name}"


@pytest.fixture(scope="module")
def all_lessons_pdf():
    return lesson_pdf("all")


@pytest.fixture(scope="module")
def all_lessons_text(all_lessons_pdf):
    return text_of(all_lessons_pdf)


def test_the_four_core_lessons_are_there():
    assert set(REQUIRED) <= {lesson.name for lesson in LESSONS}


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.name)
def test_every_rule_a_lesson_names_is_in_the_library(lesson):
    library_ids = {rule.id for rule in load_library()}
    assert lesson.rules
    assert set(lesson.rules) <= library_ids


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.name)
def test_every_printable_a_lesson_names_is_one_the_cli_can_build(lesson):
    assert lesson.printables
    assert set(lesson.printables) <= set(PRINTABLE_NAMES) <= set(BUILDERS)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.name)
def test_every_lesson_has_debrief_questions(lesson):
    blocks = parse(lesson.body)
    anchors = [block.anchor if isinstance(block, Heading) else None for block in blocks]
    follows = blocks[anchors.index("debrief-questions") + 1]
    assert isinstance(follows, ListBlock) and len(follows.items) >= 3


@pytest.mark.parametrize("language", ["en", "ja", "pl", "ru"])
def test_lessons_come_in_teaching_order_in_every_language(language):
    lessons = load_lessons(language=language)
    assert [lesson.name for lesson in lessons] == list(TEACHING_ORDER)
    assert [lesson.order for lesson in lessons] == [1, 2, 3, 4, 5]


def test_two_lessons_in_the_same_place_are_refused(tmp_path):
    (tmp_path / "one.md").write_text(GOOD_HEADER, encoding="utf-8")
    (tmp_path / "two.md").write_text(GOOD_HEADER, encoding="utf-8")
    with pytest.raises(LessonError, match="one, two: two lessons cannot both have order 2"):
        load_lessons(tmp_path)


def test_lessons_sort_by_order_not_by_file_name(tmp_path):
    (tmp_path / "a-later.md").write_text(GOOD_HEADER.replace("order: 2", "order: 9"), "utf-8")
    (tmp_path / "z-first.md").write_text(GOOD_HEADER.replace("order: 2", "order: 1"), "utf-8")
    assert [lesson.name for lesson in load_lessons(tmp_path)] == ["z-first", "a-later"]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.name)
def test_lesson_headers_are_sensible(lesson):
    assert lesson.age_band in AGE_BANDS
    assert 20 <= lesson.duration_minutes <= 120
    assert lesson.title and not lesson.body.startswith("---")


def test_first_lesson_lasts_about_one_period():
    assert 45 <= find_lesson("first-lesson", LESSONS).duration_minutes <= 55


def test_offline_lesson_needs_only_printables_for_paper():
    lesson = find_lesson("offline-lesson", LESSONS)
    assert "score-sheet" in lesson.printables and "rule-cards" in lesson.printables


GOOD_HEADER = """---
title: A lesson
age_band: "8-10"
duration_minutes: 40
order: 2
materials:
  printables: [worksheet]
  rules: [alternate-colors]
---
## Body
"""


def test_parse_lesson_reads_the_header_and_keeps_the_body():
    lesson = parse_lesson(GOOD_HEADER, "a-lesson")
    assert (lesson.name, lesson.title, lesson.age_band) == ("a-lesson", "A lesson", "8-10")
    assert (lesson.duration_minutes, lesson.printables) == (40, ("worksheet",))
    assert lesson.order == 2
    assert lesson.rules == ("alternate-colors",) and lesson.body == "## Body\n"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("## no header\n", "starts with"),
        ("---\ntitle: x\n", "closing"),
        (GOOD_HEADER.replace("title: A lesson", "title: ''"), "title"),
        (GOOD_HEADER.replace('"8-10"', '"9-11"'), "age_band"),
        (GOOD_HEADER.replace("40", "forty"), "duration_minutes"),
        (GOOD_HEADER.replace("order: 2\n", ""), "order"),
        (GOOD_HEADER.replace("order: 2", "order: 0"), "order"),
        (GOOD_HEADER.replace("order: 2", "order: yes"), "order"),
        (GOOD_HEADER.replace("[worksheet]", "worksheet"), "printables"),
        (GOOD_HEADER.replace("title: A lesson", "title: [unclosed"), "YAML"),
    ],
)
def test_parse_lesson_names_the_broken_field(text, problem):
    with pytest.raises(LessonError, match=problem):
        parse_lesson(text, "broken")


def test_find_lesson_lists_the_known_names_when_missing():
    with pytest.raises(LessonError, match="first-lesson"):
        find_lesson("lesson-zero", LESSONS)


def test_all_lessons_pdf_has_every_title_and_debrief(all_lessons_pdf, all_lessons_text):
    for lesson in LESSONS:
        assert " ".join(lesson.title.split()) in all_lessons_text
    assert all_lessons_text.count("Debrief questions") == len(LESSONS)
    assert len(reader(all_lessons_pdf).pages) >= len(LESSONS)


def test_lesson_pdf_shows_rule_titles_from_the_library(all_lessons_text):
    assert "Alternate colors (alternate-colors)" in all_lessons_text


def test_lesson_pages_are_not_blank_and_fonts_embedded(all_lessons_pdf):
    assert all(fonts_of(all_lessons_pdf).values())
    left_blank = ["left blank" in page.extract_text() for page in reader(all_lessons_pdf).pages]
    inks = render(all_lessons_pdf, "lessons")
    assert min(ink for ink, blank in zip(inks, left_blank, strict=True) if not blank) > MIN_INK


def test_rebuilding_a_lesson_gives_the_same_bytes():
    assert lesson_pdf("offline-lesson", paper="letter") == lesson_pdf(
        "offline-lesson", paper="letter"
    )


# The lessons in Japanese, Polish and Russian


@pytest.mark.parametrize("language", DEBRIEF)
def test_every_lesson_is_translated_with_the_same_facts(language):
    translated = load_lessons(language=language)
    assert [lesson.name for lesson in translated] == [lesson.name for lesson in LESSONS]
    for lesson, english in zip(translated, LESSONS, strict=True):
        assert lesson.language == language and lesson.title != english.title
        facts = ("age_band", "duration_minutes", "printables", "rules")
        assert [getattr(lesson, f) for f in facts] == [getattr(english, f) for f in facts]


@pytest.mark.parametrize(
    ("language", "lesson"), TRANSLATED, ids=list(map(translated_id, TRANSLATED))
)
def test_every_translated_lesson_ends_with_its_debrief_questions(language, lesson):
    blocks = parse(lesson.body)
    headings = [plain_text(b.inline) if isinstance(b, Heading) else None for b in blocks]
    follows = blocks[headings.index(DEBRIEF[language]) + 1]
    assert isinstance(follows, ListBlock) and len(follows.items) >= 3


@pytest.mark.parametrize(
    ("language", "lesson"), TRANSLATED, ids=list(map(translated_id, TRANSLATED))
)
def test_each_lesson_prints_in_each_language(language, lesson):
    pdf = LessonRenderer().render([lesson])
    text = text_of(pdf)
    squeezed = text.replace(" ", "")
    assert DEBRIEF[language].replace(" ", "") in squeezed
    assert lesson.title.replace(" ", "") in squeezed
    for rule_id in lesson.rules:
        title = find_rule(rule_id).title_in(language)
        if language == "en":
            assert f"{title}({rule_id})".replace(" ", "") in squeezed
        else:  # a translated plan names its rules by their titles, never by the English ids
            assert title.replace(" ", "") in squeezed and rule_id not in text
    assert all(fonts_of(pdf).values())


@pytest.mark.parametrize("language", ["en", "de"])
def test_english_or_a_language_without_lessons_reads_the_english_plans(language):
    assert load_lessons(language=language) == LESSONS
    assert find_lesson("first-lesson", language=language).language == "en"


def test_find_lesson_finds_the_plan_in_the_language_asked_for():
    lesson = find_lesson("offline-lesson", language="ru")
    assert lesson.language == "ru" and lesson.body.count("Вопросы для разбора") == 1
