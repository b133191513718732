"""What every lesson plan holds, in every language: the sections a teacher relies on (found by
their anchors, not by their words), the same structure as the English plan, and no command
lines: teachers print from the app."""

import re

import pytest

from printables.catalog import PRINTABLE_NAMES
from printables.lessons.library import Lesson, load_lessons
from printables.lessons.markdown import (
    Block,
    Code,
    CodeBlock,
    Heading,
    ListBlock,
    Paragraph,
    Quote,
    TableBlock,
    Text,
    parse,
    plain_text,
)

LANGUAGES = ("en", "ja", "pl", "ru")
ENGLISH = {lesson.name: lesson for lesson in load_lessons()}
EVERY = [(language, lesson) for language in LANGUAGES for lesson in load_lessons(language=language)]
IDS = [f"{language}-{lesson.name}" for language, lesson in EVERY]
#: The sections every plan has, by anchor; the rubric is a part of the exit ticket.
SECTIONS = (
    "goals",
    "timeline",
    "debrief-questions",
    "exit-ticket",
    "rubric",
    "differentiation",
    "plan-b",
    "curriculum-links",
    "game-and-science",
    "references",
)
#: Programs a command line would start, and the marks of one: options, file names, paths.
PROGRAMS = r"(classroom|make|python3?|pip|flask|pybabel|git|cd|\$)"
COMMAND = re.compile(
    rf"^\s*{PROGRAMS}\s|\s--?[a-z][a-z-]*\b|\b[\w.-]+\.(pdf|md|py|ya?ml|po)\b|\b\w+/\w+"
)
#: A program with a subcommand, in running text.
COMMAND_IN_TEXT = re.compile(
    r"\bclassroom (print|rules|serve|db|purge|teacher)\b|\bmake (catalogs|messages|test)\b"
)


def sections(lesson: Lesson) -> dict[str, list[Block]]:
    """The blocks under each anchored heading, up to the next heading of the same or a
    higher level."""
    blocks = parse(lesson.body)
    found: dict[str, list[Block]] = {}
    for i, block in enumerate(blocks):
        if isinstance(block, Heading) and block.anchor:
            body = []
            for after in blocks[i + 1 :]:
                if isinstance(after, Heading) and after.level <= block.level:
                    break
                body.append(after)
            found[block.anchor] = body
    return found


def skeleton(lesson: Lesson) -> list[tuple[object, ...]]:
    """The plan's structure without its words: headings by level and anchor, and the shape
    of each list and table."""
    shape: list[tuple[object, ...]] = []
    for block in parse(lesson.body):
        if isinstance(block, Heading):
            shape.append(("heading", block.level, block.anchor))
        elif isinstance(block, TableBlock):
            shape.append(("table", len(block.header), len(block.rows)))
        elif isinstance(block, ListBlock):
            shape.append(("list", block.ordered, len(block.items)))
    return shape


def leaves(blocks: list[Block]) -> list[Text | Code | CodeBlock]:
    """Every piece of text and code in the blocks, however deeply nested."""
    found: list[Text | Code | CodeBlock] = []
    for block in blocks:
        if isinstance(block, CodeBlock):
            found.append(block)
        elif isinstance(block, Heading | Paragraph):
            found += _spans(block.inline)
        elif isinstance(block, Quote):
            found += leaves(list(block.blocks))
        elif isinstance(block, ListBlock):
            for item in block.items:
                found += leaves(list(item))
        elif isinstance(block, TableBlock):
            for row in (block.header, *block.rows):
                for cell in row:
                    found += _spans(cell)
    return found


def _spans(inline) -> list[Text | Code]:
    found: list[Text | Code] = []
    for span in inline:
        if isinstance(span, Text | Code):
            found.append(span)
        elif hasattr(span, "inline"):
            found += _spans(span.inline)
    return found


def command_lines(lesson: Lesson) -> list[str]:
    """The pieces of a plan that read like a command to type."""
    found = []
    for leaf in leaves(list(parse(lesson.body))):
        if isinstance(leaf, Text):
            found += [m.group(0) for m in COMMAND_IN_TEXT.finditer(leaf.text)]
        elif COMMAND.search(leaf.text):
            found.append(leaf.text)
    return found


@pytest.mark.parametrize(("language", "lesson"), EVERY, ids=IDS)
def test_no_lesson_tells_a_teacher_to_type_a_command(language, lesson):
    assert command_lines(lesson) == []


@pytest.mark.parametrize(
    "text",
    [
        "Print them: `classroom print rule-cards --ids a,b -o cards.pdf`.",
        "Run classroom rules check on the rule.",
        "Measure it with `python -m classroom`.",
        "    make catalogs",
        "Open `lessons/first-lesson.md`.",
    ],
)
def test_the_command_check_catches_a_command_line(text):
    lesson = Lesson("x", "X", "8-10", 10, (), (), text + "\n")
    assert command_lines(lesson)


def test_the_command_check_lets_the_rule_language_through():
    body = "Try `card.rank > prev.rank or prev.face` and `if ... then ... else`; make it clear.\n"
    assert command_lines(Lesson("x", "X", "8-10", 10, (), (), body)) == []


@pytest.mark.parametrize(("language", "lesson"), EVERY, ids=IDS)
def test_every_lesson_has_every_section_a_teacher_relies_on(language, lesson):
    found = sections(lesson)
    assert [name for name in SECTIONS if not found.get(name)] == []


@pytest.mark.parametrize(("language", "lesson"), EVERY, ids=IDS)
def test_every_section_heading_has_an_anchor(language, lesson):
    headings = [b for b in parse(lesson.body) if isinstance(b, Heading)]
    assert headings and all(heading.anchor for heading in headings)


@pytest.mark.parametrize(("language", "lesson"), EVERY, ids=IDS)
def test_translations_have_the_structure_of_the_english_plan(language, lesson):
    assert skeleton(lesson) == skeleton(ENGLISH[lesson.name])


@pytest.mark.parametrize(("language", "lesson"), EVERY, ids=IDS)
def test_the_exit_ticket_asks_questions_and_the_rubric_has_levels(language, lesson):
    found = sections(lesson)
    ticket = [b for b in found["exit-ticket"] if isinstance(b, ListBlock) and b.ordered]
    assert ticket and len(ticket[0].items) >= 2
    (rubric,) = [b for b in found["rubric"] if isinstance(b, TableBlock)]
    assert len(rubric.header) == 4 and len(rubric.rows) >= 3
    assert all(plain_text(row[0]) for row in rubric.rows)


@pytest.mark.parametrize(("language", "lesson"), EVERY, ids=IDS)
def test_the_game_is_mapped_to_science_and_the_sources_are_cited(language, lesson):
    found = sections(lesson)
    (mapping,) = [b for b in found["game-and-science"] if isinstance(b, TableBlock)]
    assert len(mapping.header) == 2 and len(mapping.rows) >= 5
    words = " ".join(leaf.text for leaf in leaves(found["game-and-science"]))
    assert "Romesburg, 1979" in words and "2020" in words
    references = " ".join(leaf.text for leaf in leaves(found["references"]))
    for source in ("Romesburg, H. C. (1979)", "Walkup, J., & Key, R. (2020)", "Speed Eleusis"):
        assert source in references


@pytest.mark.parametrize(("language", "lesson"), EVERY, ids=IDS)
def test_differentiation_covers_age_and_pace(language, lesson):
    (items,) = [b for b in sections(lesson)["differentiation"] if isinstance(b, ListBlock)]
    assert len(items.items) == 4  # younger, older, faster and slower tables


def test_every_printable_the_lessons_name_can_be_built():
    named = {p for _, lesson in EVERY for p in lesson.printables}
    assert named <= set(PRINTABLE_NAMES)
