import functools
import shutil
import subprocess
from io import BytesIO

import pytest
import qrcode
import qrcode.constants
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from classroom.cli.main import main as classroom_main
from classroom.core.game import Options
from classroom.usecases import GroupSetup, GroupSnapshot, RuleChoice
from printables.classpack import (
    DEFAULT_WORKSHEETS,
    JoinCard,
    class_pack,
    class_rule_cards,
    group_rule_card,
    join_url,
    library_rule_for,
    qr_matrix,
)
from printables.classpack_pdf import ClassPackRenderer
from printables.common import PrintableError
from printables.documents import class_pack_pdf, class_rule_cards_pdf, worksheet_pdf
from printables.joincard_pdf import QUIET_ZONE, draw_join_card, join_card_layout
from printables.worksheet import worksheet_plan
from tests.conftest import sessions_of
from tests.unit.test_printables_live_support import (
    CUSTOM_RULE,
    build_class,
    live_service,
    play_a_round,
)
from tests.unit.test_printables_support import (
    A4,
    LETTER,
    MIN_INK,
    OUTPUT,
    fonts_of,
    page_sizes,
    reader,
    render,
    require_pdftoppm,
    text_of,
)

BASE = "http://192.168.1.20:5000"
BLANK = "This page is intentionally left blank."
WORDS_RULE = "Red after black, and never two hearts in a row"


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    service = live_service(tmp_path_factory.mktemp("pack"))
    live = build_class(service)
    play_a_round(live, live.group_ids[0])
    return live


@pytest.fixture(scope="module")
def snapshot(live):
    return live.service.reading.class_snapshot(live.teacher_id, live.class_id)


@pytest.fixture(scope="module")
def pack_pdf(snapshot):
    return class_pack_pdf(snapshot, base_url=BASE)


def page_text(pdf, number):
    """The text of one page (1-based), white space collapsed."""
    return " ".join(reader(pdf).pages[number - 1].extract_text().split())


@functools.cache
def worksheet_pages(variant: str = "older", paper: str = "a4") -> int:
    """Pages of one worksheet, as the worksheet printable lays it out."""
    return len(reader(worksheet_pdf(variant=variant, paper=paper)).pages)


def even(pages: int) -> int:
    """The pages a part takes printed on both sides: a blank back after an odd last page."""
    return pages + pages % 2


def expected_pages(groups, worksheets, *, variant="older", paper="a4", duplex=True):
    """The overview, a join card per group, then the worksheets, each part on whole sheets."""
    sheet = worksheet_pages(variant, paper)
    if not duplex:
        return 1 + groups + groups * worksheets * sheet
    return even(1) + groups * even(1) + groups * worksheets * even(sheet)


@pytest.fixture(scope="module")
def words_class(tmp_path_factory):
    """A class whose only group has a student dealer who chose a rule in plain words."""
    service = live_service(tmp_path_factory.mktemp("words"))
    teacher = service.teachers.create_teacher("kowalska", "correct horse battery")
    setups = [GroupSetup("Sowy", "card.color != prev.color", dealer_mode="student")]
    class_id = service.classes.create_class(teacher, "4A", setups, Options())
    snapshot = service.reading.class_snapshot(teacher, class_id)
    group_id = snapshot.groups[0].group_id
    seats = [
        service.seats.join(snapshot.join_code, group_id, name)[0]
        for name in ("Zoja", "Łucja", "Ignacy", "Wit")
    ]
    service.rounds.start_round(teacher, group_id)
    dealing = service.reading.group_snapshot(group_id).dealing_seat
    dealer = next(seat for seat in seats if seat.key == dealing)
    service.dealing.choose_rule(dealer, RuleChoice("free", WORDS_RULE), "rule-1")
    return service, teacher, class_id


@pytest.mark.parametrize(
    ("base", "url"),
    [
        ("http://10.0.0.5:5000", "http://10.0.0.5:5000/join?code=ABC234"),
        ("https://school.example/eleusis/", "https://school.example/eleusis/join?code=ABC234"),
        ("  http://localhost  ", "http://localhost/join?code=ABC234"),
    ],
)
def test_join_url_adds_the_join_path_and_code_to_the_base(base, url):
    assert join_url(base, "ABC234") == url


@pytest.mark.parametrize("base", ["192.168.1.20:5000", "ftp://host", "http://", "http://h/?x=1"])
def test_join_url_refuses_a_base_that_is_not_an_http_address(base):
    with pytest.raises(PrintableError, match="base address"):
        join_url(base, "ABC234")


def test_qr_matrix_is_the_qrcode_library_matrix_of_the_url():
    url = join_url(BASE, "ABC234")
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=0)
    code.add_data(url)
    code.make(fit=True)
    assert qr_matrix(url) == tuple(tuple(row) for row in code.get_matrix())


def test_pack_has_a_join_card_and_a_named_worksheet_per_student(snapshot):
    pack = class_pack(snapshot, base_url=BASE)
    assert [group.join.group_name for group in pack.groups] == ["Otters", "Falcons"]
    assert [group.worksheets for group in pack.groups] == [
        ("Ana", "Ben", "Chen"),
        ("Dev", "Eli", "Fay"),
    ]
    for group in pack.groups:
        assert group.join.url == f"{BASE}/join?code={snapshot.join_code}"
        assert group.join.qr == qr_matrix(group.join.url)


def test_worksheets_option_prints_that_many_per_group_blank_after_the_students(snapshot):
    pack = class_pack(snapshot, base_url=BASE, worksheets=5)
    assert pack.groups[0].worksheets == ("Ana", "Ben", "Chen", "", "")
    assert class_pack(snapshot, base_url=BASE, worksheets=2).groups[1].worksheets == ("Dev", "Eli")
    assert class_pack(snapshot, base_url=BASE, worksheets=0).groups[0].worksheets == ()


def test_a_group_nobody_joined_gets_blank_worksheets(tmp_path):
    service = live_service(tmp_path)
    live = build_class(service, students=(("Ana", "Ben", "Chen"),))
    snapshot = service.reading.class_snapshot(live.teacher_id, live.class_id)
    assert class_pack(snapshot, base_url=BASE).groups[1].worksheets == ("",) * DEFAULT_WORKSHEETS


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"variant": "middle"}, "young or older"),
        ({"worksheets": 9}, "0 to 8"),
        ({"worksheets": -1}, "0 to 8"),
        ({"base_url": "school"}, "base address"),
    ],
)
def test_bad_pack_options_are_refused(snapshot, options, message):
    with pytest.raises(PrintableError, match=message):
        class_pack(snapshot, **({"base_url": BASE} | options))


def test_rule_cards_are_the_groups_library_or_custom_rules(snapshot):
    otters, falcons = (group_rule_card(group) for group in snapshot.groups)
    assert (otters.title, otters.table, otters.rule_id, otters.rule_text) == (
        "Alternate colors",
        "Otters",
        "alternate-colors",
        "card.color != prev.color",
    )
    assert (falcons.title, falcons.table, falcons.difficulty, falcons.rule_id) == (
        "Custom rule",
        "Falcons",
        None,
        None,
    )
    assert falcons.rule_text == CUSTOM_RULE
    assert len(falcons.example) > 1


def test_a_library_id_whose_rule_was_edited_counts_as_custom():
    assert library_rule_for("card.color != prev.color", "alternate-colors") is not None
    assert library_rule_for("card.color == prev.color", "alternate-colors") is None
    assert library_rule_for("card.color != prev.color", "no-such-rule") is None


def test_edited_library_rule_gets_a_custom_card_for_the_group(snapshot):
    group: GroupSnapshot = snapshot.groups[0]
    edited = type(group)(**{**_fields(group), "rule_text": "card.odd"})
    card = group_rule_card(edited)
    assert (card.table, card.rule_text, card.rule_id) == ("Otters", "card.odd", None)


def _fields(group):
    return {name: getattr(group, name) for name in group.__slots__}


def test_a_rule_in_plain_words_gets_a_card_of_its_words(words_class):
    service, teacher, class_id = words_class
    snapshot = service.reading.class_snapshot(teacher, class_id)
    (card,) = class_rule_cards(snapshot)
    assert (card.text, card.rule_text, card.example, card.table) == (WORDS_RULE, "", (), "Sowy")


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


def test_drawn_qr_code_reads_back_as_the_matrix(tmp_path):
    require_pdftoppm()
    url = join_url(BASE, "ABC234")
    matrix = qr_matrix(url)
    card = JoinCard("7B", "Otters", "ABC234", url, matrix)
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=A4, invariant=1)
    draw_join_card(canvas, card, A4)
    canvas.save()
    (tmp_path / "join.pdf").write_bytes(buffer.getvalue())
    dpi = 144
    subprocess.run(
        ["pdftoppm", "-r", str(dpi), "-png", "-singlefile", tmp_path / "join.pdf", tmp_path / "p"],
        check=True,
    )
    OUTPUT.mkdir(parents=True, exist_ok=True)
    shutil.copy(tmp_path / "p.png", OUTPUT / "join-card.png")
    assert _read_qr(tmp_path / "p.png", join_card_layout(A4).qr, len(matrix), dpi) == matrix


def _read_qr(path, box, size, dpi):
    """Sample the centre of every module of the QR code drawn in `box`: dark or light."""
    scale = dpi / 72
    module = box.width / (size + 2 * QUIET_ZONE)
    with Image.open(path) as image:
        grey = image.convert("L")
        height = grey.height

        def dark(row, col):
            x = box.x + (QUIET_ZONE + col + 0.5) * module
            y = box.y + box.height - (QUIET_ZONE + row + 0.5) * module
            return grey.getpixel((round(x * scale), round(height - y * scale))) < 128

        return tuple(tuple(dark(r, c) for c in range(size)) for r in range(size))


def test_cli_class_pack_writes_the_pack_of_the_stored_class(tmp_path, monkeypatch, live, snapshot):
    database = sessions_of(live.service).kw["bind"].url
    monkeypatch.setenv("CLASSROOM_DATABASE_URL", str(database))
    monkeypatch.setenv("CLASSROOM_INSTANCE", str(tmp_path / "instance"))
    target = tmp_path / "pack.pdf"
    arguments = ["print", "class-pack", "--class", str(live.class_id), "--base-url", BASE]
    assert classroom_main([*arguments, "--worksheets", "1", "-o", str(target)]) == 0
    pdf = target.read_bytes()
    assert len(reader(pdf).pages) == expected_pages(2, 1)
    assert f"{BASE}/join?code={snapshot.join_code}" in page_text(pdf, 3)


def test_cli_class_pack_of_an_unknown_class_writes_nothing(tmp_path, monkeypatch, live, capsys):
    monkeypatch.setenv("CLASSROOM_DATABASE_URL", str(sessions_of(live.service).kw["bind"].url))
    monkeypatch.setenv("CLASSROOM_INSTANCE", str(tmp_path / "instance"))
    target = tmp_path / "pack.pdf"
    assert classroom_main(["print", "class-pack", "--class", "999", "-o", str(target)]) == 2
    assert "no such class" in capsys.readouterr().err
    assert not target.exists()


def test_cli_class_pack_default_address_is_the_public_url(tmp_path, monkeypatch, live, snapshot):
    monkeypatch.setenv("CLASSROOM_DATABASE_URL", str(sessions_of(live.service).kw["bind"].url))
    monkeypatch.setenv("CLASSROOM_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.setenv("CLASSROOM_PUBLIC_URL", "https://eleusis.school.example")
    target = tmp_path / "pack.pdf"
    arguments = ["print", "class-pack", "--class", str(live.class_id), "--worksheets", "0"]
    assert classroom_main([*arguments, "-o", str(target)]) == 0
    url = f"https://eleusis.school.example/join?code={snapshot.join_code}"
    assert url in text_of(target.read_bytes())


def test_renderer_draws_what_the_plan_says(snapshot):
    pack = class_pack(snapshot, base_url=BASE, worksheets=0)
    pdf = ClassPackRenderer(paper="a4").render(pack)
    assert len(reader(pdf).pages) == expected_pages(2, 0)


def use_database_of(service, tmp_path, monkeypatch):
    """Point the `classroom` command at the database `service` uses."""
    monkeypatch.setenv("CLASSROOM_DATABASE_URL", str(sessions_of(service).kw["bind"].url))
    monkeypatch.setenv("CLASSROOM_INSTANCE", str(tmp_path / "instance"))


def test_cli_class_pack_and_rule_cards_of_a_class_with_a_rule_in_plain_words(
    tmp_path, monkeypatch, words_class
):
    service, _teacher, class_id = words_class
    use_database_of(service, tmp_path, monkeypatch)
    pack, cards = tmp_path / "pack.pdf", tmp_path / "cards.pdf"
    arguments = ["--class", str(class_id), "--paper", "letter"]
    options = [*arguments, "--base-url", BASE, "--worksheets", "1", "--one-sided"]
    assert classroom_main(["print", "class-pack", *options, "-o", str(pack)]) == 0
    assert len(reader(pack.read_bytes()).pages) == expected_pages(1, 1, duplex=False)
    assert classroom_main(["print", "class-rule-cards", *arguments, "-o", str(cards)]) == 0
    assert WORDS_RULE in text_of(cards.read_bytes())
    assert page_sizes(cards.read_bytes()) == {LETTER}


def test_cli_class_rule_cards_may_print_the_hints_in_public(tmp_path, monkeypatch, live):
    use_database_of(live.service, tmp_path, monkeypatch)
    target = tmp_path / "cards.pdf"
    arguments = ["print", "class-rule-cards", "--class", str(live.class_id), "--public-hint"]
    assert classroom_main([*arguments, "-o", str(target)]) == 0
    text = text_of(target.read_bytes())
    assert "Hint:" in text and "Hint you may give:" not in text
