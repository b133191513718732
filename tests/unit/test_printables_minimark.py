import pytest

from printables.minimark import (
    Heading,
    ListBlock,
    Paragraph,
    Quote,
    TableBlock,
    inline_markup,
    parse,
)


def test_headings_keep_their_level_and_drop_the_hashes():
    assert parse("# One\n## Two ##\n### Three") == (
        Heading(1, "One"),
        Heading(2, "Two"),
        Heading(3, "Three"),
    )


def test_paragraph_lines_join_until_a_blank_line_or_another_block():
    text = "first line\nsecond line\n\nnext\n- item"
    assert parse(text) == (
        Paragraph("first line second line"),
        Paragraph("next"),
        ListBlock(False, ("item",)),
    )


def test_bullet_items_take_their_indented_continuation_lines():
    assert parse("- one\n  more\n* two") == (ListBlock(False, ("one more", "two")),)


def test_numbered_items_form_an_ordered_list():
    assert parse("1. first\n2. second\n10) tenth") == (
        ListBlock(True, ("first", "second", "tenth")),
    )


def test_pipe_table_skips_the_rule_line_and_pads_short_rows():
    text = "| A | B |\n|---|:---:|\n| 1 | 2 |\n| 3 |"
    assert parse(text) == (TableBlock(("A", "B"), (("1", "2"), ("3", ""))),)


def test_block_quote_lines_join_into_one_quote():
    assert parse("> I have a rule.\n> Guess it.") == (Quote("I have a rule. Guess it."),)


@pytest.mark.parametrize(
    ("text", "markup"),
    [
        ("**bold** and *it*", "<b>bold</b> and <i>it</i>"),
        ("_also italic_", "<i>also italic</i>"),
        ("a < b & c", "a &lt; b &amp; c"),
        ("2 * 3 * 4", "2 * 3 * 4"),
        ("`a*b*c`", '<font face="M" backColor="#ececec">a*b*c</font>'),
        ("snake_case_name", "snake_case_name"),
    ],
)
def test_inline_markup_converts_emphasis_and_escapes_the_rest(text, markup):
    assert inline_markup(text, code_font="M") == markup


def test_inline_markup_colours_red_suits_only_when_asked():
    assert inline_markup("3♥ 8♣", code_font="M") == "3♥ 8♣"
    assert inline_markup("3♥ 8♣", code_font="M", red="#c00") == '3<font color="#c00">♥</font> 8♣'
