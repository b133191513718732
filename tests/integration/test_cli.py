import json
import os
import subprocess
import sys

import pytest
from sqlalchemy import inspect

from classroom.cli.main import main
from classroom.cli.printing import server_address
from classroom.cli.settings import database_url
from classroom.store.database import make_engine


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


def test_database_defaults_to_sqlite_in_the_instance_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("CLASSROOM_DATABASE_URL", raising=False)
    monkeypatch.setenv("CLASSROOM_INSTANCE", str(tmp_path / "instance"))
    assert database_url() == f"sqlite:///{tmp_path / 'instance' / 'classroom.db'}"
    assert (tmp_path / "instance").is_dir()
    monkeypatch.setenv("CLASSROOM_DATABASE_URL", "sqlite:///elsewhere.db")
    assert database_url() == "sqlite:///elsewhere.db"


# Runs `classroom ARGS...`, then says which of the web app's modules it loaded.
RUN_AND_LIST_WEB = """
import json, sys
from classroom.cli.main import main
code = main(sys.argv[1:])
print(json.dumps([code, sorted(m for m in sys.modules if m.startswith("classroom.web"))]))
"""


def test_purge_opens_the_database_without_the_web_app(tmp_path):
    url = f"sqlite:///{tmp_path / 'school.db'}"
    environment = os.environ | {"CLASSROOM_DATABASE_URL": url}
    result = subprocess.run(
        [sys.executable, "-c", RUN_AND_LIST_WEB, "purge", "--days", "9"],
        capture_output=True,
        text=True,
        env=environment,
        check=True,
    )
    *said, last = result.stdout.splitlines()
    assert json.loads(last) == [0, []]
    assert said == ["Deleted 0 class(es) older than 9 days."]
    engine = make_engine(url)
    assert "classes" in inspect(engine).get_table_names()
    engine.dispose()


def test_print_offers_the_documents_of_stored_classes_too(capsys):
    with pytest.raises(SystemExit):
        main(["print", "--help"])
    listing = capsys.readouterr().out
    for document in ("rule-cards", "worksheet", "score-sheet", "lesson", "class-pack", "report"):
        assert document in listing


def test_printed_join_cards_use_the_lan_address_of_this_computer(monkeypatch, capsys):
    monkeypatch.delenv("CLASSROOM_PUBLIC_URL", raising=False)
    monkeypatch.setattr("classroom.web.links.lan_address", lambda: "192.168.1.20")
    assert server_address() == "http://192.168.1.20:5000"
    assert capsys.readouterr().err == ""


def test_printed_join_cards_use_the_public_url_when_set(monkeypatch):
    monkeypatch.setenv("CLASSROOM_PUBLIC_URL", "https://eleusis.school.example/")
    monkeypatch.setattr("classroom.web.links.lan_address", lambda: "192.168.1.20")
    assert server_address() == "https://eleusis.school.example"


def test_printing_join_cards_off_the_network_warns_what_to_do(monkeypatch, capsys):
    monkeypatch.delenv("CLASSROOM_PUBLIC_URL", raising=False)
    monkeypatch.setattr("classroom.web.links.lan_address", lambda: None)
    assert server_address() == "http://localhost:5000"
    warning = capsys.readouterr().err
    assert "not on a network" in warning and "--base-url" in warning
