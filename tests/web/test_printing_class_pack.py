"""Downloading a class pack: join codes and addresses, variant, paper, worksheets, one-sided
printing, the class's language and names in any script.

The app and the class are shared by the module's tests (fixtures in conftest.py); a test that
changes them takes the own_* ones.
"""

from __future__ import annotations

from werkzeug.http import parse_options_header

from classroom.core.rules.library import find_rule
from tests.live_class import build_class
from tests.unit.test_printables_languages import squeezed, translated
from tests.unit.test_printables_support import reader, text_of
from tests.web.printing_support import PDF, disposition, logged_in


def test_class_pack_is_a_pdf_with_each_groups_join_code_and_url(
    print_client, print_class, monkeypatch
):
    monkeypatch.setattr("classroom.web.links.lan_address", lambda: "192.168.1.20")
    response = print_client.get(f"/teacher/print/classes/{print_class.class_id}/pack.pdf")
    assert response.status_code == 200 and response.mimetype == PDF
    assert disposition(response) == ("inline", "class-pack-7b-science.pdf")
    assert "no-store" in response.headers["Cache-Control"]
    pdf = response.data
    # The teacher's overview and its blank back come first, then the first join card.
    first = reader(pdf).pages[2].extract_text()
    assert f"http://192.168.1.20/join?code={print_class.code}" in first
    assert " ".join(print_class.code) in first and "Otters" in first


def test_class_pack_takes_variant_paper_and_worksheets(print_client, print_class):
    url = f"/teacher/print/classes/{print_class.class_id}/pack.pdf"
    response = print_client.get(f"{url}?variant=young&paper=letter&worksheets=1")
    assert response.status_code == 200
    pages = reader(response.data).pages
    assert round(pages[0].mediabox.width) == 612
    # The overview and each join card fill a sheet, front and (blank) back; worksheets follow.
    assert "Card detective sheet" in pages[6].extract_text()
    assert "KEEP SECRET" not in text_of(response.data)


def test_a_class_named_in_japanese_and_polish_keeps_its_name_in_the_download(
    print_app, print_service
):
    students = (("さくら", "Łucja", "Вася"),)
    live = build_class(print_service, name="七年二組 Łódź", students=students, teacher="tanaka")
    response = logged_in(print_app, live.teacher_id).get(
        f"/teacher/print/classes/{live.class_id}/pack.pdf"
    )
    assert response.status_code == 200
    header = response.headers["Content-Disposition"]
    encoded = "%E4%B8%83%E5%B9%B4%E4%BA%8C%E7%B5%84-%C5%82%C3%B3d%C5%BA"
    assert header == (
        f"inline; filename=\"class-pack-lodz.pdf\"; filename*=UTF-8''class-pack-{encoded}.pdf"
    )
    assert parse_options_header(header)[1]["filename"] == "class-pack-七年二組-łódź.pdf"
    assert "さくら,Łucja,Вася" in "".join(text_of(response.data).split())


def test_the_class_pack_speaks_the_class_language_whatever_the_browser(
    own_client, own_service, own_class
):
    own_service.classes.set_class_language(own_class.teacher_id, own_class.class_id, "ja")
    url = f"/teacher/print/classes/{own_class.class_id}/pack.pdf"
    response = own_client.get(url, headers={"Accept-Language": "ru,en;q=0.5"})
    assert response.status_code == 200
    pages = [squeezed(page.extract_text()) for page in reader(response.data).pages]
    assert squeezed(translated("ja", "Class code")) in pages[0]
    for heading in ("Secret rule", "Students", "Worksheets"):
        assert squeezed(translated("ja", heading)) in pages[0] and heading not in pages[0]
    assert find_rule("alternate-colors").title_in("ja") in pages[0]


def test_class_pack_of_a_class_with_a_rule_in_plain_words_downloads(print_app, print_service):
    from classroom.core.games.express import Options
    from classroom.usecases import GroupSetup, RuleChoice

    teacher = print_service.teachers.create_teacher("nowak", "correct horse battery")
    setups = [GroupSetup("Sowy", "card.color != prev.color", dealer_mode="student")]
    class_id = print_service.classes.create_class(teacher, "4A", setups, Options())
    snapshot = print_service.reading.class_snapshot(teacher, class_id)
    group_id = snapshot.groups[0].group_id
    seats = [
        print_service.seats.join(snapshot.join_code, group_id, name)[0]
        for name in ("Zoja", "Łucja", "Ignacy", "Wit")
    ]
    print_service.rounds.start_round(teacher, group_id)
    dealing = print_service.reading.group_snapshot(group_id).dealing_seat
    dealer = next(seat for seat in seats if seat.key == dealing)
    rule = "czerwona po czarnej, nigdy dwa kiery"
    print_service.dealing.choose_rule(dealer, RuleChoice("free", rule), "rule-1")
    client = logged_in(print_app, teacher)
    pack = client.get(f"/teacher/print/classes/{class_id}/pack.pdf?worksheets=1")
    assert pack.status_code == 200 and rule not in text_of(pack.data)
    cards = client.get(f"/teacher/print/classes/{class_id}/rule-cards.pdf")
    assert cards.status_code == 200 and rule in text_of(cards.data)


def test_a_one_sided_class_pack_has_no_blank_backs(print_client, print_class):
    url = f"/teacher/print/classes/{print_class.class_id}/pack.pdf?worksheets=1"
    both = reader(print_client.get(url).data).pages
    one = reader(print_client.get(f"{url}&one_sided=1").data).pages
    blank = "This page is intentionally left blank."
    assert any(blank in page.extract_text() for page in both)
    assert not any(blank in page.extract_text() for page in one)
    assert len(one) < len(both)
