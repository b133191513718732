"""Printing every script: Japanese in IPAexGothic, Latin and Cyrillic in DejaVu, on one line if
need be; no character of a nickname or of the printed text may come out as an empty box."""

from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from reportlab.pdfgen.canvas import Canvas

from classroom.core.games.express import Options
from classroom.usecases import GroupSetup
from printables.documents import (
    CustomRule,
    class_pack_pdf,
    game_report_pdf,
    rule_cards_pdf,
    score_sheet_pdf,
)
from printables.kit.scripts import (
    FONT,
    FONT_BOLD,
    FONT_JAPANESE,
    FONT_JAPANESE_BOLD,
    draw_text,
    missing_glyphs,
    script_markup,
    script_paragraph,
    script_runs,
    text_width,
)
from printables.kit.styles import base_styles
from printables.lessons.library import Lesson
from printables.lessons.pdf import LessonRenderer
from tests.live_class import LiveClass, live_service, play_a_round
from tests.unit.test_printables_report import stored_report
from tests.unit.test_printables_support import render, text_by_font, text_of

ROOT = Path(__file__).resolve().parents[2]
NICKNAMES = ("さくら", "Łucja", "Вася", "Zoë", "ゆうき", "Ёжик", "Źdźbło")
CLASS_NAME = "七年二組 Łódź"
GROUPS = ("うさぎ組", "Żubry")
MIXED = "さくら, Łucja, Вася"
JAPANESE = set("さくらゆうき七年二組うさぎ")
#: Where message catalogs may live (Flask-Babel's default folder is inside the package).
CATALOG_HOMES = ("classroom", "printables", "translations")
OTHERS = set("ŁucjaВасяZoëЁжикŹdźbłoŁódźŻubry")


def shown_in(pdf: bytes, font: str) -> str:
    """All the text the document shows in `font` (any weight of it), white space left out."""
    shown = "".join(text for name, text in text_by_font(pdf).items() if name.startswith(font))
    return "".join(shown.split())


def squeezed(pdf: bytes) -> str:
    """The document's text without white space: a change of font breaks the extracted line."""
    return "".join(text_of(pdf).split())


def assert_each_script_in_its_font(pdf: bytes) -> None:
    japanese, dejavu = shown_in(pdf, FONT_JAPANESE), shown_in(pdf, FONT)
    assert set(japanese) >= JAPANESE and not set(japanese) & OTHERS
    assert set(dejavu) >= OTHERS and not set(dejavu) & JAPANESE


def test_a_mixed_line_is_cut_into_one_run_per_script():
    # Bold Japanese is the one-weight face stroked: its own face name.
    assert script_runs(MIXED, FONT_BOLD) == [
        (FONT_JAPANESE_BOLD, "さくら"),
        (FONT_BOLD, ", Łucja, Вася"),
    ]
    assert script_runs("Вася「ゆうき」。", FONT) == [
        (FONT, "Вася"),
        (FONT_JAPANESE, "「ゆうき」。"),
    ]


def test_markup_wraps_japanese_text_only_never_tags_or_entities():
    markup = '<font color="#b8860b">七年</font> &amp; <b>Źdźbło ゆうき</b><br/>'
    assert script_markup(markup) == (
        '<font color="#b8860b"><font name="IPAexGothic">七年</font></font> &amp; '
        # Inside <b> the Japanese run is the stroked face, IPAexGothic's bold.
        '<b>Źdźbło <font name="IPAexGothic-Stroked">ゆうき</font></b><br/>'
    )


def test_japanese_paragraphs_break_between_characters_and_latin_ones_between_words():
    body = base_styles()["body"]
    japanese = script_paragraph("科学者は秘密のルールを当てるために仮説を立てます。" * 4, body)
    latin = script_paragraph("Źdźbło " * 30, body)
    assert japanese.style.wordWrap == "CJK" and latin.style.wordWrap is None
    japanese.wrap(120, 1000)
    latin.wrap(120, 1000)
    assert len(japanese.blPara.lines) > 4
    # "。" and "ー" may not start a line: they hang on the line above, which still fits.
    assert max(japanese.getActualLineWidths0()) <= 120
    assert len(latin.blPara.lines) > 4
    assert {word for _space, words in latin.blPara.lines for word in words} == {"Źdźbło"}


def test_canvas_text_draws_each_run_in_its_font_and_centres_the_whole_line():
    buffer = BytesIO()
    canvas = Canvas(buffer, invariant=1)
    draw_text(canvas, 300, 700, MIXED, font=FONT, size=12, align="centre")
    canvas.save()
    pdf = buffer.getvalue()
    assert shown_in(pdf, FONT_JAPANESE) == "さくら"
    assert shown_in(pdf, FONT) == ",Łucja,Вася"
    assert "さくら,Łucja,Вася" in squeezed(pdf)
    assert text_width("さくら", FONT, 12) == pytest.approx(36)


def printed_texts() -> dict[str, str]:
    """Everything the printables print, by where it comes from: lessons, the rule library, the
    printables' own English text, and every translation in every catalog there is."""
    texts = {"nicknames": " ".join([*NICKNAMES, CLASS_NAME, *GROUPS])}
    for path in sorted((ROOT / "lessons").rglob("*")):
        if path.suffix in {".md", ".yaml", ".yml"}:
            texts[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")
    for path in sorted((ROOT / "printables").rglob("*.py")):
        texts[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")
    catalogs = (path for top in CATALOG_HOMES for path in (ROOT / top).glob("**/*.po"))
    for path in sorted(catalogs):
        with path.open("rb") as catalog:
            strings = [m.string for m in read_po(catalog) if m.id]
        texts[str(path.relative_to(ROOT))] = " ".join(
            part for s in strings for part in ([s] if isinstance(s, str) else s)
        )
    return texts


@pytest.mark.parametrize(("source", "text"), sorted(printed_texts().items()))
def test_every_printed_character_has_a_glyph_in_the_font_that_prints_it(source, text):
    assert missing_glyphs(text) == set(), source


def test_a_character_no_font_has_is_reported_missing():
    assert missing_glyphs("さくら 🦊 Вася") == {"🦊"}


@pytest.fixture(scope="module")
def japanese_class(tmp_path_factory) -> LiveClass:
    """A class named in Japanese and Polish, a Japanese and a Polish group, nicknames in three
    scripts, and a round played by the first group."""
    service = live_service(tmp_path_factory.mktemp("scripts"))
    teacher_id = service.teachers.create_teacher("tanaka", "correct horse battery")
    setups = [
        GroupSetup(GROUPS[0], "card.color != prev.color", "alternate-colors"),
        GroupSetup(GROUPS[1], "card.rank > prev.rank or card.suit == prev.suit"),
    ]
    class_id = service.classes.create_class(teacher_id, CLASS_NAME, setups, Options())
    snapshot = service.reading.class_snapshot(teacher_id, class_id)
    group_ids = tuple(group.group_id for group in snapshot.groups)
    live = LiveClass(service, teacher_id, class_id, snapshot.join_code, group_ids)
    for group_id, names in zip(group_ids, (NICKNAMES[:3], NICKNAMES[3:]), strict=True):
        live.seats[group_id] = [
            service.seats.join(snapshot.join_code, group_id, name)[0] for name in names
        ]
    play_a_round(live, group_ids[0])
    return live


def test_class_pack_prints_japanese_polish_and_russian_nicknames_in_their_fonts(japanese_class):
    live = japanese_class
    snapshot = live.service.reading.class_snapshot(live.teacher_id, live.class_id)
    pdf = class_pack_pdf(snapshot, base_url="http://192.168.1.20:5000", worksheets=1, duplex=False)
    text = squeezed(pdf)
    assert "class七年二組Łódź" in text and "Atthistable:さくら,Łucja,Вася" in text
    assert all(name in text for name in (*NICKNAMES, *GROUPS))
    assert_each_script_in_its_font(pdf)
    assert min(render(pdf, "scripts-class-pack", resolution=80)) > 0.004


def test_game_report_prints_the_class_the_group_and_the_nicknames(japanese_class):
    live = japanese_class
    pdf = game_report_pdf(stored_report(live.service, live.group_ids[0], round_number=1))
    text = squeezed(pdf)
    assert all(name in text for name in ("七年二組Łódź", GROUPS[0], *NICKNAMES[:3]))
    assert set(shown_in(pdf, FONT_JAPANESE)) >= set("さくら七年二組うさぎ")
    assert min(render(pdf, "scripts-report", resolution=80)) > 0.004


def test_score_sheet_prints_names_in_three_scripts():
    pdf = score_sheet_pdf(names=["さくら", "Łucja", "Вася", "Źdźbło", "ゆうき"], rounds=5)
    text = squeezed(pdf)
    assert all(name in text for name in ("さくら", "Łucja", "Вася", "Źdźbło", "ゆうき"))
    assert set(shown_in(pdf, FONT_JAPANESE)) == set("さくらゆうき")
    assert "Вася" in shown_in(pdf, FONT) and "Łucja" in shown_in(pdf, FONT)
    assert render(pdf, "scripts-score-sheet", resolution=80)[0] > 0.004


def test_a_japanese_rule_card_wraps_its_text_inside_the_card():
    custom = CustomRule(
        source="card.color != prev.color",
        title="色が交互 · Kolory · Цвета",
        text="赤いカードと黒いカードが交互に出ます。" * 6,
    )
    pdf = rule_cards_pdf(custom=custom)
    text = squeezed(pdf)
    assert "色が交互" in text and "Kolory" in text and "Цвета" in text
    assert ("赤いカードと黒いカードが交互に出ます。" * 6) in text
    assert {"色", "赤", "。"} <= set(shown_in(pdf, FONT_JAPANESE))
    assert render(pdf, "scripts-rule-card", resolution=80)[0] > 0.004


def test_a_japanese_lesson_plan_prints_headings_lists_and_code():
    body = (
        "## ねらい\n\n科学者は**仮説**を立て、*反例*を探します。Łucja と Вася も。\n\n"
        "- 親がルールを決める\n- 子プレイヤーがカードを出す\n\n"
        "```\ncard.color != prev.color  # 色が交互\n```\n"
    )
    lesson = Lesson("ja", "はじめてのエレウシス", "9–12", 45, (), (), body)
    pdf = LessonRenderer().render([lesson])
    text = squeezed(pdf)
    for words in (
        "はじめてのエレウシス",
        "ねらい",
        "仮説",
        "反例",
        "Łucjaと",
        "親がルール",
        "色が交互",
    ):
        assert words in text, words
    assert {"仮", "説", "親", "色"} <= set(shown_in(pdf, FONT_JAPANESE))
    assert render(pdf, "scripts-lesson", resolution=80)[0] > 0.004


DRAWING = re.compile(r"\b(?:Paragraph|Preformatted)\(|\.draw(?:Centred|Right)?String\(")


def test_printables_draw_text_only_through_the_script_aware_helpers():
    offenders = []
    for path in sorted((ROOT / "printables").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        # Only ReportLab's Paragraph matters: the lesson parser has a Paragraph of its own.
        if path.name != "scripts.py" and "reportlab" in source and DRAWING.search(source):
            offenders.append(path.name)
    assert offenders == []
