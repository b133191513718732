"""Every lesson plan as one book: cover, contents with the right page numbers, each lesson
from a right-hand page, and an outline to jump to a lesson."""

import re

import pytest

from printables.documents import lesson_pdf
from printables.kit.i18n import speaking
from printables.lessons.book import BookPlan, language_name
from printables.lessons.library import Lesson, load_lessons
from printables.lessons.pdf import LessonRenderer
from tests.unit.test_printables_support import A4, LETTER, page_sizes, reader, render, unhyphenated

#: (language, paper, lessons): each language once, both papers twice; the translated books bind
#: only their first lessons, which is enough to check them and keeps the tests fast.
BOOKS = [("en", "a4", 4), ("ja", "letter", 2), ("pl", "letter", 2), ("ru", "a4", 3)]


@pytest.fixture(scope="module", params=BOOKS, ids=lambda case: f"{case[0]}-{case[1]}")
def book(request):
    language, paper, count = request.param
    lessons = load_lessons(language=language)[:count]
    if count == len(load_lessons()):
        pdf = lesson_pdf("all", paper=paper, language=language)
    else:
        with speaking(language):
            pdf = LessonRenderer(paper=paper).render(lessons)
    pages = [re.sub(r"\s+", "", unhyphenated(page.extract_text())) for page in reader(pdf).pages]
    return lessons, paper, pdf, pages


def squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_the_book_is_printed_on_the_paper_asked_for(book):
    _, paper, pdf, _ = book
    assert page_sizes(pdf) == {{"a4": A4, "letter": LETTER}[paper]}


def test_the_cover_names_the_kit_the_document_and_the_language(book):
    lessons, _, _, pages = book
    language = lessons[0].language
    cover = pages[0]
    names = {"en": "English", "ja": "日本語", "pl": "Polski", "ru": "Русский"}
    kits = {"en": "classroomkit", "ja": "授業キット", "pl": "zestaw", "ru": "школьныйнабор"}
    titles = {"en": "Lessonplans", "ja": "授業案", "pl": "Scenariuszelekcji", "ru": "Планыуроков"}
    assert names[language] in cover and kits[language] in cover and titles[language] in cover


def test_the_contents_list_every_lesson_with_the_page_it_starts_on(book):
    lessons, _, _, pages = book
    contents = pages[1]
    for n, lesson in enumerate(lessons, 1):
        first = next(i for i, page in enumerate(pages[2:], 3) if squeezed(lesson.title) in page)
        listed = re.search(r"(\d+)$", _row(contents, n, lessons))
        assert listed and int(listed.group(1)) == first, lesson.name


def test_every_lesson_starts_on_a_right_hand_page_the_outline_finds(book):
    lessons, _, pdf, _ = book
    outline = reader(pdf).outline
    starts = [reader(pdf).get_destination_page_number(entry) + 1 for entry in outline]
    titles = [entry.title for entry in outline]
    assert titles == [lesson.title for lesson in lessons]
    assert all(page % 2 == 1 for page in starts) and starts[0] == 3


def test_a_page_left_blank_says_so_and_only_such_pages_are_nearly_empty(book):
    lessons, paper, pdf, pages = book
    inks = render(pdf, f"lesson-book-{lessons[0].language}-{paper}", resolution=20)
    notes = [len(page) < 200 for page in pages]
    assert all(ink > 0.004 for ink, short in zip(inks, notes, strict=True) if not short)


def test_the_plan_leaves_a_page_blank_only_before_a_lesson_on_a_left_hand_page():
    lessons = [Lesson(name, name, "8-10", 10, (), (), "x\n") for name in ("a", "b", "c")]
    # Laid out without blanks: a on pages 3-5, b on 6-7, c on 8.
    plan = BookPlan.measure(lessons, {"a": 3, "b": 6, "c": 8, "": 8})
    assert plan.starts == {"a": 3, "b": 7, "c": 9}
    assert plan.after_blank == {"b"}


@pytest.mark.parametrize(
    ("language", "name"), [("en", "English"), ("ja", "日本語"), ("pl", "Polski"), ("ru", "Русский")]
)
def test_the_cover_names_the_language_in_itself(language, name):
    assert language_name(language) == name


def _row(contents: str, n: int, lessons: tuple[Lesson, ...]) -> str:
    """The contents' row of lesson number n: from its number to the next lesson's."""
    start = contents.index(f"{n}.{squeezed(lessons[n - 1].title)}")
    if n == len(lessons):
        return contents[start:]
    return contents[start : contents.index(f"{n + 1}.{squeezed(lessons[n].title)}")]
