from classroom.cli.main import main


def test_rules_check_prints_canonical_text_figures_and_example(capsys):
    assert main(["rules", "check", "Card.Color != prev.color"]) == 0
    out = capsys.readouterr().out
    assert "rule:        card.color != prev.color" in out
    assert "50% on average (min 50%, max 50%)" in out
    assert "dead ends:   0.0%" in out
    assert len(out.split("example:")[1].split()) == 10
    assert "warning" not in out


def test_rules_check_warns_about_bad_designs(capsys):
    assert main(["rules", "check", "card.rank == prev.rank + 1"]) == 0
    out = capsys.readouterr().out
    assert "warning: Too restrictive" in out
    assert "warning: Dead ends" in out


def test_rules_check_shows_the_error_with_a_caret_and_fails(capsys):
    assert main(["rules", "check", "card.colour == red"]) == 1
    captured = capsys.readouterr()
    assert "did you mean 'color'" in captured.err
    assert "         ^^^^^^" in captured.err
    assert captured.out == ""


def test_no_command_prints_help_and_fails(capsys):
    assert main([]) == 2
    assert "rules" in capsys.readouterr().out


def test_rules_list_filters_the_library(capsys):
    assert main(["rules", "list", "--difficulty", "1", "--concept", "color"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("alternate-colors") for line in lines)
    assert all("*" * 2 not in line for line in lines[::2])


def test_rules_list_refuses_an_unknown_concept(capsys):
    assert main(["rules", "list", "--concept", "astrology"]) == 1
    assert "astrology" in capsys.readouterr().err
