"""The class pack as a PDF, built once for the module: overview, join cards and worksheets in
order on front pages, no secret rule in it; one-sided, young and letter variants; the class's
rule cards apart."""

from __future__ import annotations

from printables.classpack.pdf import ClassPackRenderer
from printables.classpack.plan import class_pack
from printables.documents import class_pack_pdf, class_rule_cards_pdf
from printables.worksheet.plan import worksheet_plan
from tests.live_class import CUSTOM_RULE
from tests.unit.test_printables_classpack_support import (
    BASE,
    BLANK,
    WORDS_RULE,
    even,
    expected_pages,
    page_text,
    worksheet_pages,
)
from tests.unit.test_printables_support import (
    A4,
    LETTER,
    MIN_INK,
    fonts_of,
    page_sizes,
    reader,
    render,
    text_of,
)


def test_a_class_pack_builds_when_a_student_dealer_chose_a_rule_in_plain_words(words_class):
    service, teacher, class_id = words_class
    snapshot = service.reading.class_snapshot(teacher, class_id)
    pdf = class_pack_pdf(snapshot, base_url=BASE, worksheets=1, language="pl")
    assert len(reader(pdf).pages) == expected_pages(1, 1)
    assert "Sowy" in page_text(pdf, 1) and WORDS_RULE not in text_of(pdf)
    cards = class_rule_cards_pdf(snapshot, language="pl")
    assert WORDS_RULE in text_of(cards) and "Sowy" in text_of(cards)


def test_pack_pages_overview_then_join_cards_then_worksheets(pack_pdf, snapshot):
    assert len(reader(pack_pdf).pages) == expected_pages(2, 3)
    url = f"{BASE}/join?code={snapshot.join_code}"
    assert "For the teacher" in page_text(pack_pdf, 1)
    assert page_text(pack_pdf, 2).startswith(BLANK)
    for page, group, names in ((3, "Otters", "Ana Ben Chen"), (5, "Falcons", "Dev Eli Fay")):
        join = page_text(pack_pdf, page)
        assert url in join and " ".join(snapshot.join_code) in join and group in join
        assert f"At this table: {names.replace(' ', ', ')}" in join
    sheet = even(worksheet_pages())
    first = 7
    for n, (name, group) in enumerate(
        [(name, "Otters") for name in ("Ana", "Ben", "Chen")]
        + [(name, "Falcons") for name in ("Dev", "Eli", "Fay")]
    ):
        text = page_text(pack_pdf, first + n * sheet)
        # The name line is stamped over the shared page: its words come after the page's.
        assert "Name: Group: Date:" in text and f"{name} {group}" in text
        assert worksheet_plan("older").title in text


def test_every_worksheet_and_join_card_starts_on_a_front_page(pack_pdf):
    starts = [
        n
        for n in range(1, len(reader(pack_pdf).pages) + 1)
        if "Name: Group: Date:" in page_text(pack_pdf, n) or "Class code" in page_text(pack_pdf, n)
    ]
    assert len(starts) == 1 + 2 + 6
    assert all(n % 2 == 1 for n in starts), starts


def test_a_one_sided_pack_has_no_blank_pages(snapshot):
    pdf = class_pack_pdf(snapshot, base_url=BASE, worksheets=1, duplex=False)
    assert len(reader(pdf).pages) == expected_pages(2, 1, duplex=False)
    assert BLANK not in text_of(pdf)


def test_the_overview_says_which_table_has_which_rule_but_no_rule(pack_pdf, snapshot):
    overview = page_text(pack_pdf, 1)
    assert "Which table has which rule" in overview and snapshot.join_code in overview
    assert "Alternate colors" in overview and "★☆☆☆☆" in overview
    assert "Custom rule" in overview and "Ana, Ben, Chen" in overview
    assert "the app" in overview
    text = text_of(pack_pdf)
    for secret in ("card.color != prev.color", CUSTOM_RULE, "After a red card", "KEEP SECRET"):
        assert secret not in text


def test_the_class_rule_cards_carry_every_groups_rule(snapshot):
    pdf = class_rule_cards_pdf(snapshot, paper="letter")
    assert page_sizes(pdf) == {LETTER} and len(reader(pdf).pages) == 1
    text = text_of(pdf)
    assert "Otters" in text and "Alternate colors" in text and "card.color != prev.color" in text
    assert "Falcons" in text and "card.rank > prev.rank or card.suit ==" in text
    assert "KEEP SECRET" in text


def test_young_variant_and_letter_paper(snapshot):
    pdf = class_pack_pdf(snapshot, base_url=BASE, variant="young", paper="letter", worksheets=1)
    assert len(reader(pdf).pages) == expected_pages(2, 1, variant="young", paper="letter")
    assert page_sizes(pdf) == {LETTER}
    assert worksheet_plan("young").title in page_text(pdf, 7)


def test_pack_is_reproducible_with_embedded_fonts_and_no_empty_page(pack_pdf, snapshot):
    assert class_pack_pdf(snapshot, base_url=BASE) == pack_pdf
    assert page_sizes(pack_pdf) == {A4}
    assert fonts_of(pack_pdf) and all(fonts_of(pack_pdf).values())
    inks = render(pack_pdf, "class-pack")
    blanks = {n for n in range(len(inks)) if BLANK in page_text(pack_pdf, n + 1)}
    # A page left blank says so; every other page carries its part.
    assert blanks and min(ink for n, ink in enumerate(inks) if n not in blanks) > MIN_INK


def test_worksheet_pages_share_one_layout(pack_pdf, snapshot):
    single = class_pack_pdf(snapshot, base_url=BASE, worksheets=1)
    # Nine more worksheets (three per student) must not cost nine more layouts.
    assert len(pack_pdf) < 1.5 * len(single)


def test_renderer_draws_what_the_plan_says(snapshot):
    pack = class_pack(snapshot, base_url=BASE, worksheets=0)
    pdf = ClassPackRenderer(paper="a4").render(pack)
    assert len(reader(pdf).pages) == expected_pages(2, 0)


def test_the_overview_names_the_tables_that_play_new_eleusis(snapshot):
    from dataclasses import replace

    groups = (replace(snapshot.groups[0], next_mode="new_eleusis"), *snapshot.groups[1:])
    pdf = class_pack_pdf(replace(snapshot, groups=groups), base_url=BASE, worksheets=1)
    overview = page_text(pdf, 1)
    assert "Otters · New Eleusis" in overview and "Falcons · New Eleusis" not in overview
