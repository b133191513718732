"""The kit's typesetting (printables.kit.typeset) and the proofreader the print sweep uses
(tests.typography), each tried on text set badly on purpose, so that every check can fail."""

from __future__ import annotations

from io import BytesIO

import pytest
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas

from classroom.core.rules.library import find_rule
from printables.kit.i18n import quote, speaking
from printables.kit.scripts import FONT, FONT_BOLD, FONT_JAPANESE, register_fonts, script_paragraph
from printables.kit.typeset import (
    CANNOT_END,
    CANNOT_START,
    break_points,
    hyphenate,
    overflows,
    phrases,
)
from printables.lessons import markdown as md
from printables.lessons.prose import localized, quoted
from printables.rulecards.pdf import hint_markup
from tests.typography import (
    english_words,
    kinsoku_breaks,
    known_pairs,
    known_words,
    lines_of,
    small_text,
    split_words,
)


def drawn(lines: list[tuple[str, str, float]]) -> bytes:
    """A page with each (text, font, size) on a line of its own, one leading apart, as a
    paragraph prints them."""
    register_fonts()
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(400, 400))
    y = 360.0
    for text, font, size in lines:
        canvas.setFont(font, size)
        canvas.drawString(20, y, text)
        y -= size * 1.25
    canvas.save()
    return buffer.getvalue()


def set_in(markup: str, width: float, *, language: str, size: float = 9) -> bytes:
    """A page with `markup` set by the kit in a column `width` points wide."""
    register_fonts()
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(400, 400))
    style = ParagraphStyle("test", fontName=FONT, fontSize=size, leading=size * 1.25)
    with speaking(language):
        paragraph = script_paragraph(markup, style)
    _w, height = paragraph.wrap(width, 400)
    paragraph.drawOn(canvas, 20, 380 - height)
    canvas.save()
    return buffer.getvalue()


def texts(pdf: bytes) -> list[str]:
    return [line.text.strip() for line in lines_of(pdf)]


# The proofreader, on bad samples and good ones


def test_a_word_split_without_a_hyphen_is_found_and_one_split_at_a_hyphen_is_not():
    words = set(known_words("ru"))
    bad = drawn([("Раздающи", FONT, 9), ("й ведёт игру", FONT, 9)])
    assert split_words(lines_of(bad), words) == ["Раздающи|й"]
    good = drawn([("Разда-", FONT, 9), ("ющий ведёт игру", FONT, 9)])
    assert split_words(lines_of(good), words) == []


def test_two_words_on_two_lines_are_not_a_split_word():
    words = set(known_words("pl"))
    assert (
        split_words(lines_of(drawn([("Powiedz TAK", FONT, 9), ("i zagraj", FONT, 9)])), words) == []
    )


def test_two_words_written_apart_in_the_texts_are_not_a_split_word():
    words, pairs = set(known_words("ru")), known_pairs("ru")
    apart = drawn([("одно и то", FONT, 9), ("же лёгкое правило", FONT, 9)])
    assert split_words(lines_of(apart), words) == ["то|же"]  # "тоже" is a word too
    assert split_words(lines_of(apart), words, pairs) == []  # but the text says "то же"


def test_a_japanese_line_against_the_kinsoku_rules_is_found():
    bad = drawn(
        [
            ("ルールカード", FONT_JAPANESE, 9),
            ("。次の行", FONT_JAPANESE, 9),
            ("ミスライン(", FONT_JAPANESE, 9),
            ("正解のメインライ", FONT_JAPANESE, 9),
            ("ンを見る", FONT_JAPANESE, 9),
        ]
    )
    found = kinsoku_breaks(lines_of(bad))
    assert any(f.startswith("starts with 。") for f in found)
    assert any(f.startswith("ends with (") for f in found)
    assert any("katakana split" in f and "メインライ|ン" in f for f in found)
    good = drawn([("ルールカードを", FONT_JAPANESE, 9), ("出します。", FONT_JAPANESE, 9)])
    assert kinsoku_breaks(lines_of(good)) == []


def test_text_under_the_floor_is_found_at_its_printed_size():
    pdf = drawn([("Eleusis Express", FONT, 6), ("Karta pracy", FONT, 9)])
    assert small_text(lines_of(pdf), 8) == ["6.0 pt: Eleusis Express"]
    assert small_text(lines_of(pdf), 6) == []


def test_an_english_word_on_a_translated_page_is_found_but_not_an_allowed_name():
    english = set(known_words("en") - known_words("ru"))
    pdf = drawn([("Нет хода: No play", FONT, 9), ("Eleusis Express, Ana", FONT, 9)])
    found = english_words(lines_of(pdf), english, {"Eleusis", "Express", "Ana"})
    assert [f.split(":")[0] for f in found] == ["play"]


# Hyphenation: Liang's patterns, never a split without a hyphen


def test_words_hyphenate_at_the_points_of_their_language():
    assert hyphenate("уверенность", "ru") == ["уве", "рен", "ность"]
    assert hyphenate("Przewidywanie", "pl") == ["Prze", "wi", "dy", "wa", "nie"]
    assert hyphenate("ラウンド", "ja") == ["ラウンド"]


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("ru", "Побочный ряд (отклонённые) Длительность Моя уверенность Раздающий"),
        ("pl", "Przewidywanie Sprawdzenie Najwyższa liczba kart do znacznika"),
        ("en", "Sideline (rejected) Confidence What happened"),
    ],
)
def test_a_narrow_column_breaks_words_only_at_hyphens(language, text):
    with overflows() as overflowed:
        pdf = set_in(text, 62, language=language)
    lines = texts(pdf)
    assert len(lines) > 3 and not overflowed
    assert split_words(lines_of(pdf), set(known_words(language))) == []
    # Taking the hyphens out at line ends gives the text back, word for word.
    joined = " ".join(lines)
    for hyphen in ("- ", "\u00ad "):
        joined = joined.replace(hyphen, "")
    assert joined.split() == text.split()


def test_a_word_with_yo_is_hyphenated_too():
    lines = texts(set_in("(отклонённые)", 45, language="ru"))
    assert len(lines) > 1 and all(line.endswith("-") for line in lines[:-1])


def test_a_word_that_fits_nowhere_is_reported_never_cut():
    with overflows() as overflowed:
        pdf = set_in("XQXQXQXQXQXQXQXQ", 30, language="en")
    assert texts(pdf) == ["XQXQXQXQXQXQXQXQ"]
    assert overflowed and "XQXQ" in overflowed[0]


# Japanese: phrases and kinsoku


def test_budoux_phrases_are_where_japanese_may_break():
    assert phrases("ラウンドの得点") == ("ラウンドの", "得点")
    preferred, fallback = break_points("ラウンドの得点")
    assert preferred == {5}
    assert 2 not in fallback  # never inside the katakana word ラウンド


def test_no_break_puts_a_closing_mark_first_or_an_opening_one_last():
    text = "「はい」と言う。（残りの枚数）"
    preferred, fallback = break_points(text)
    for at in preferred | fallback:
        assert text[at] not in CANNOT_START and text[at - 1] not in CANNOT_END, at


@pytest.mark.parametrize("width", [40, 50, 70])
def test_a_narrow_japanese_column_keeps_phrases_whole_and_the_kinsoku_rules(width):
    with overflows() as overflowed:
        pdf = set_in("ラウンドの得点（残りの枚数）を「はい」と言う。", width, language="ja")
    lines = texts(pdf)
    assert kinsoku_breaks(lines_of(pdf)) == []
    assert "".join(lines) == "ラウンドの得点（残りの枚数）を「はい」と言う。"
    assert not overflowed
    if width == 50:  # ラウンドの得点 is 63 pt wide at 9 pt: the phrases go on two lines
        assert lines[:2] == ["ラウンドの", "得点"]


def test_a_column_narrower_than_a_katakana_word_is_reported():
    with overflows() as overflowed:
        set_in("ラウンドの得点", 30, language="ja")
    assert overflowed and "ラウン" in overflowed[0]


def test_japanese_bold_is_the_one_weight_face_stroked():
    pdf = set_in("<b>太字</b>と普通", 200, language="ja")
    # Filled and outlined for 太字, filled only again for と普通.
    assert b"2 Tr" in _content(pdf) and b"0 Tr" in _content(pdf)


def _content(pdf: bytes) -> bytes:
    from pypdf import PdfReader

    return PdfReader(BytesIO(pdf)).pages[0].get_contents().get_data()


def test_a_bold_style_prints_japanese_stroked_and_latin_in_the_bold_face():
    style = ParagraphStyle("head", fontName=FONT_BOLD, fontSize=12, leading=15)
    paragraph = script_paragraph("1. 観察", style)
    assert 'name="IPAexGothic-Stroked"' in paragraph.text


# The lesson plans' prose


def test_a_line_break_inside_japanese_is_dropped_and_between_words_is_a_space():
    (japanese,) = md.parse("赤と黒を\n交互に出す。")
    (english,) = md.parse("red and\nblack")
    assert md.plain_text(japanese.inline) == "赤と黒を交互に出す。"
    assert md.plain_text(english.inline) == "red and black"


def test_rule_ids_read_as_titles_and_quotes_take_the_language_marks():
    title = find_rule("alternate-colors").title_in("ja")
    (block,) = md.parse('ルールは **alternate-colors** を使います。"はい"と言う。')
    prose = localized(block.inline, "ja", {"alternate-colors": title})
    text = md.plain_text(prose)
    assert "alternate-colors" not in text and title in text and "「はい」" in text
    assert quoted('"tak"', "pl") == "„tak”" and quoted('"да"', "ru") == "«да»"
    with speaking("ja"):
        assert quote("はい") == "「はい」"


def test_a_hint_with_its_own_label_is_not_labelled_twice():
    assert (
        hint_markup("ヒント:", "話し合い用: 数えてみよう。")
        == "<b>話し合い用:</b> <i>数えてみよう。</i>"
    )
    assert (
        hint_markup("Hint:", "Count the red cards.") == "<b>Hint:</b> <i>Count the red cards.</i>"
    )
