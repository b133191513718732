"""`classroom print class-pack` and `class-rule-cards`: the stored class's documents written
to a file, the public address by default, nothing written for an unknown class."""

from __future__ import annotations

from classroom.cli.main import main as classroom_main
from tests.conftest import sessions_of
from tests.unit.test_printables_classpack_support import (
    BASE,
    WORDS_RULE,
    expected_pages,
    page_text,
)
from tests.unit.test_printables_support import (
    LETTER,
    page_sizes,
    reader,
    text_of,
)


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
