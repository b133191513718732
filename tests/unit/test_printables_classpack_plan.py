"""What goes into a class pack, before any drawing: join addresses and QR codes, a worksheet
per student, each group's rule card (library, custom or in plain words), options refused."""

from __future__ import annotations

import pytest
import qrcode
import qrcode.constants

from classroom.usecases import GroupSnapshot
from printables.classpack.plan import (
    DEFAULT_WORKSHEETS,
    class_pack,
    class_rule_cards,
    group_rule_card,
    join_url,
    library_rule_for,
    qr_matrix,
)
from printables.kit.document import PrintableError
from tests.live_class import (
    CUSTOM_RULE,
    build_class,
    live_service,
)
from tests.unit.test_printables_classpack_support import (
    BASE,
    WORDS_RULE,
)


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
