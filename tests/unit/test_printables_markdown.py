"""Lesson Markdown read by markdown-it-py into blocks, and drawn as HTML and as PDF markup."""

import pytest

from printables.lessons.html_page import lesson_html
from printables.lessons.library import Lesson
from printables.lessons.markdown import (
    Code,
    CodeBlock,
    Emphasis,
    Heading,
    LineBreak,
    Link,
    ListBlock,
    Paragraph,
    Quote,
    Rule,
    Strong,
    TableBlock,
    Text,
    parse,
    plain_text,
)
from printables.lessons.pdf import LessonRenderer, paragraph_markup
from tests.unit.test_printables_support import reader, text_of


def paragraph(text: str) -> Paragraph:
    return Paragraph((Text(text),))


def inline_of(text: str):
    (block,) = parse(text)
    assert isinstance(block, Paragraph)
    return block.inline


def test_headings_keep_their_level_and_drop_the_hashes():
    assert parse("# One\n## Two ##\n### Three") == (
        Heading(1, (Text("One"),)),
        Heading(2, (Text("Two"),)),
        Heading(3, (Text("Three"),)),
    )


def test_a_trailing_anchor_names_a_heading_and_leaves_its_words():
    assert parse("## Plan B: when it runs long {#plan-b}\n### **Rubric** {#rubric}") == (
        Heading(2, (Text("Plan B: when it runs long"),), "plan-b"),
        Heading(3, (Strong((Text("Rubric"),)),), "rubric"),
    )


@pytest.mark.parametrize("text", ["## Sets {#A}", "## Sets {#a b}", "## {#x} first", "Para {#x}"])
def test_only_a_well_formed_anchor_at_the_end_of_a_heading_is_one(text):
    (block,) = parse(text)
    assert getattr(block, "anchor", "") == "" and "{#" in plain_text(block.inline)


def test_paragraph_lines_join_with_a_space_until_a_blank_line_or_another_block():
    assert parse("first line\nsecond line\n\nnext\n- item") == (
        paragraph("first line second line"),
        paragraph("next"),
        ListBlock(False, ((paragraph("item"),),)),
    )


def test_bullet_items_take_their_indented_continuation_lines():
    assert parse("- one\n  more\n* two") == (
        ListBlock(False, ((paragraph("one more"),),)),
        ListBlock(False, ((paragraph("two"),),)),
    )


def test_numbered_items_form_an_ordered_list_that_keeps_its_first_number():
    assert parse("1. first\n2. second") == (
        ListBlock(True, ((paragraph("first"),), (paragraph("second"),))),
    )
    assert parse("3. third\n4. fourth")[0] == ListBlock(
        True, ((paragraph("third"),), (paragraph("fourth"),)), start=3
    )


def test_a_nested_list_stays_inside_its_item():
    (outer,) = parse("- outer\n  - inner")
    assert outer == ListBlock(
        False, ((paragraph("outer"), ListBlock(False, ((paragraph("inner"),),))),)
    )


def test_pipe_table_skips_the_rule_line_and_pads_short_rows():
    text = "| A | B |\n|---|:---:|\n| 1 | 2 |\n| 3 |"
    assert parse(text) == (
        TableBlock(
            ((Text("A"),), (Text("B"),)),
            (((Text("1"),), (Text("2"),)), ((Text("3"),), ())),
        ),
    )


def test_block_quote_lines_join_into_one_quoted_paragraph():
    assert parse("> I have a rule.\n> Guess it.") == (
        Quote((paragraph("I have a rule. Guess it."),)),
    )


def test_code_blocks_and_rules_are_blocks_of_their_own():
    assert parse("```\na < b\n```\n\n---") == (CodeBlock("a < b"), Rule())


@pytest.mark.parametrize(
    ("text", "spans"),
    [
        ("**bold** and *it*", (Strong((Text("bold"),)), Text(" and "), Emphasis((Text("it"),)))),
        ("_also italic_", (Emphasis((Text("also italic"),)),)),
        ("2 * 3 * 4", (Text("2 * 3 * 4"),)),
        ("snake_case_name", (Text("snake_case_name"),)),
        ("`a*b*c`", (Code("a*b*c"),)),
        ("[the rules](rules.html)", (Link("rules.html", (Text("the rules"),)),)),
        ("line  \nbreak", (Text("line"), LineBreak(), Text("break"))),
        ("a <b>tag</b>", (Text("a <b>tag</b>"),)),
    ],
)
def test_inline_markdown_reads_into_spans(text, spans):
    assert inline_of(text) == spans


def test_a_script_address_is_not_read_as_a_link():
    assert inline_of("[click](javascript:alert(1))") == (Text("[click](javascript:alert(1))"),)


def test_plain_text_drops_the_markup():
    assert plain_text(inline_of("**Ask** *why*: `x` [here](a)")) == "Ask why: x here"


@pytest.mark.parametrize(
    ("text", "html"),
    [
        ("# Top\n### Low", "<h2>Top</h2>\n<h3>Low</h3>"),
        ("## Plan B {#plan-b}", '<h2 id="plan-b">Plan B</h2>'),
        ("- a\n- **b**", "<ul><li>a</li><li><strong>b</strong></li></ul>"),
        ("3. c\n4. d", '<ol start="3"><li>c</li><li>d</li></ol>'),
        ("> *said*", "<blockquote><p><em>said</em></p></blockquote>"),
        (
            "[x](https://example.org/?a=1&b=2)",
            '<p><a href="https://example.org/?a=1&amp;b=2">x</a></p>',
        ),
        ("    if a < b:", "<pre><code>if a &lt; b:</code></pre>"),
        ("a < b & c > d", "<p>a &lt; b &amp; c &gt; d</p>"),
        ("3♥ 8♣", '<p>3<span class="suit-red">♥</span> 8♣</p>'),
    ],
)
def test_lesson_html_draws_each_block_and_escapes_text(text, html):
    assert lesson_html(text) == html


def test_lesson_html_tables_have_column_headers_and_no_inline_styles():
    html = lesson_html("| A | B |\n|:-:|---|\n| `1` | 2 |")
    assert html == (
        '<table class="lesson-table"><thead><tr><th scope="col">A</th><th scope="col">B</th>'
        "</tr></thead><tbody><tr><td><code>1</code></td><td>2</td></tr></tbody></table>"
    )


@pytest.mark.parametrize(
    ("text", "markup"),
    [
        ("**bold** and *it*", "<b>bold</b> and <i>it</i>"),
        ("a < b & c > d", "a &lt; b &amp; c &gt; d"),
        ("`x < 3`", '<font face="M" backColor="#ececec">x &lt; 3</font>'),
        (
            '[here](https://example.org/?q="1")',
            '<a href="https://example.org/?q=%221%22"><u>here</u></a>',
        ),
        ("one  \ntwo", "one<br/>two"),
    ],
)
def test_paragraph_markup_converts_spans_and_escapes_the_rest(text, markup):
    assert paragraph_markup(inline_of(text), code_font="M") == markup


def test_paragraph_markup_colours_red_suits_only_when_asked():
    spans = inline_of("3♥ 8♣")
    assert paragraph_markup(spans, code_font="M") == "3♥ 8♣"
    assert paragraph_markup(spans, code_font="M", red="#c00") == '3<font color="#c00">♥</font> 8♣'


def test_a_lesson_with_every_kind_of_block_prints():
    body = (
        "# Plan\n\nSome *words* & [more](https://example.org/?a=1&b=2).  \nBroken.\n\n"
        "> Read aloud.\n\n1. one\n   - nested\n\n"
        "| A | B |\n|---|---|\n| x |\n\n    code < here\n\n---\n\nThe end.\n"
    )
    lesson = Lesson("all-blocks", "All blocks", "8-10", 30, (), (), body)
    pdf = LessonRenderer().render([lesson])
    text = text_of(pdf)
    for words in (
        "Plan",
        "Some words & more.",
        "Broken.",
        "Read aloud.",
        "nested",
        "code < here",
        "The end.",
    ):
        assert words in text
    (link,) = (annotation.get_object()["/A"] for annotation in reader(pdf).pages[0]["/Annots"])
    assert link["/URI"] == "https://example.org/?a=1&b=2"
