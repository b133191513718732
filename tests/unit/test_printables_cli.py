import argparse

import pytest

from printables import documents
from printables.catalog import PRINTABLE_NAMES, printable_label
from printables.cli import add_print_commands, main
from printables.kit.document import PrintableError
from tests.unit.test_printables_support import A4, LETTER, page_sizes, text_of

CUSTOM = ("rule-cards", "--custom-rule")


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        (["rule-cards", "--ids", "alternate-colors, suit-cycle"], "Suit cycle"),
        (["rule-cards", "--difficulty", "1", "--concept", "color", "--age-band", "5-7"], "color"),
        (
            [*CUSTOM, "card.odd", "--custom-title", "Odd ones", "--custom-text", "Only odd."],
            "Odd ones",
        ),
        (["worksheet", "--variant", "young"], "Card detective sheet"),
        (["score-sheet", "--names", "Ana,Ben,Chen", "--rounds", "3"], "Chen"),
        (["lesson", "first-lesson"], "First lesson"),
    ],
)
def test_each_document_command_writes_a_pdf(tmp_path, arguments, expected):
    target = tmp_path / "out.pdf"
    assert main([*arguments, "-o", str(target)]) == 0
    assert expected in text_of(target.read_bytes())


def test_paper_option_picks_the_page_size(tmp_path):
    for paper, size in (("a4", A4), ("letter", LETTER)):
        target = tmp_path / f"{paper}.pdf"
        assert main(["worksheet", "--paper", paper, "-o", str(target)]) == 0
        assert page_sizes(target.read_bytes()) == {size}


def test_lesson_all_puts_every_lesson_in_one_file(tmp_path):
    target = tmp_path / "all.pdf"
    assert main(["lesson", "all", "-o", str(target)]) == 0
    text = text_of(target.read_bytes())
    assert "2-4-6 puzzle" in text and "Design your own secret rule" in text


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["rule-cards", "--ids", "no-such-rule"], "no-such-rule"),
        (["rule-cards", "--concept", "colour"], "colour"),
        (["rule-cards", "--difficulty", "5", "--age-band", "5-7"], "No rule"),
        (["rule-cards", "--custom-rule", "card.odd"], "--custom-title"),
        (
            [*CUSTOM, "card.colour == red", "--custom-title", "T", "--custom-text", "X"],
            "did you mean 'color'",
        ),
        (["score-sheet", "--players", "12"], "3 to 9"),
        (["score-sheet", "--names", "Ana,,Ben"], "names"),
        (["lesson", "no-such-lesson"], "first-lesson"),
    ],
)
def test_bad_input_explains_exits_2_and_writes_nothing(tmp_path, capsys, arguments, message):
    target = tmp_path / "out.pdf"
    assert main([*arguments, "-o", str(target)]) == 2
    assert message in capsys.readouterr().err
    assert not target.exists()


@pytest.mark.parametrize(
    "arguments",
    [
        ["worksheet", "--variant", "middle", "-o", "out.pdf"],
        ["worksheet", "--paper", "a5", "-o", "out.pdf"],
        ["score-sheet", "--players", "4", "--names", "Ana,Ben", "-o", "out.pdf"],
        ["worksheet"],
        ["poster", "-o", "out.pdf"],
        # A stored class's documents are printed by the `classroom` command, which reads it.
        ["class-pack", "--class", "1", "-o", "out.pdf"],
    ],
)
def test_malformed_options_are_usage_errors(tmp_path, monkeypatch, capsys, arguments):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as raised:
        main(arguments)
    assert raised.value.code == 2
    assert "usage:" in capsys.readouterr().err
    assert not (tmp_path / "out.pdf").exists()


def test_missing_output_folder_is_reported_not_raised(tmp_path, capsys):
    assert main(["worksheet", "-o", str(tmp_path / "missing" / "out.pdf")]) == 2
    assert "error:" in capsys.readouterr().err


def test_print_command_plugs_into_a_parent_command(tmp_path):
    parser = argparse.ArgumentParser(prog="classroom")
    add_print_commands(parser.add_subparsers())
    target = tmp_path / "scores.pdf"
    args = parser.parse_args(["print", "score-sheet", "--players", "4", "-o", str(target)])
    assert args.handler(args) == 0
    assert "Score sheet" in text_of(target.read_bytes())


def test_every_catalogued_printable_has_a_builder_and_a_label():
    assert set(documents.BUILDERS) == set(PRINTABLE_NAMES)
    assert all(printable_label(name) != name for name in PRINTABLE_NAMES)


@pytest.mark.parametrize("name", sorted(set(PRINTABLE_NAMES) - {"rule-cards"}))
def test_catalogued_sheets_build_with_default_options(name):
    # rule-cards with defaults (the whole library) is built and checked in the rule card tests
    assert "Eleusis Express" in text_of(documents.build_printable(name, paper="letter"))


def test_build_printable_refuses_unknown_names():
    with pytest.raises(PrintableError):
        documents.build_printable("class-poster")
