"""Migrations build exactly the schema the models describe, on SQLite and on PostgreSQL, and a
database made by `create_all` before migrations existed is adopted, not rebuilt."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, inspect, select, text

from classroom.cli.main import main
from classroom.store import create_schema
from classroom.store.database import make_engine
from classroom.store.migrate import INITIAL_REVISION, alembic_config, upgrade
from classroom.store.models import Base, ClassPeriod, Group, StoredRound, Teacher
from tests.conftest import require_postgres

BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(params=BACKENDS)
def engines(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Engine, Engine]]:
    """Two empty databases on one backend."""
    if request.param == "sqlite":
        urls = [f"sqlite:///{tmp_path / name}.db" for name in ("one", "two")]
        names: list[str] = []
    else:
        server = require_postgres()
        made = [server.create_database() for _ in range(2)]
        names, urls = [name for name, _ in made], [url for _, url in made]
    pair = (make_engine(urls[0]), make_engine(urls[1]))
    yield pair
    for engine in pair:
        engine.dispose()
    for name in names:
        server.drop_database(name)


def head_revision() -> str:
    """The newest revision in the package."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def schema(engine: Engine) -> dict[str, dict[str, Any]]:
    """What the database says about every table: columns, keys, constraints, indexes."""
    inspector = inspect(engine)
    tables: dict[str, dict[str, Any]] = {}
    for table in sorted(set(inspector.get_table_names()) - {"alembic_version"}):
        tables[table] = {
            "columns": [
                (c["name"], str(c["type"]), c["nullable"]) for c in inspector.get_columns(table)
            ],
            "primary_key": inspector.get_pk_constraint(table)["constrained_columns"],
            "foreign_keys": sorted(
                (
                    tuple(fk["constrained_columns"]),
                    fk["referred_table"],
                    tuple(fk["referred_columns"]),
                    (fk.get("options") or {}).get("ondelete"),
                )
                for fk in inspector.get_foreign_keys(table)
            ),
            "unique": sorted(
                tuple(u["column_names"]) for u in inspector.get_unique_constraints(table)
            ),
            "indexes": sorted(
                (i["name"], tuple(i["column_names"]), bool(i["unique"]))
                for i in inspector.get_indexes(table)
            ),
        }
    return tables


def test_upgrading_an_empty_database_builds_what_the_models_describe(engines):
    migrated, created = engines
    upgrade(migrated)
    create_schema(created)
    assert schema(migrated) == schema(created)
    assert set(schema(migrated)) == set(Base.metadata.tables)
    with migrated.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, Base.metadata) == []
        version = connection.scalar(text("SELECT version_num FROM alembic_version"))
    assert version == head_revision()


def test_the_models_unique_constraints_and_indexes_are_all_there(engines):
    migrated, _ = engines
    upgrade(migrated)
    tables = schema(migrated)
    assert ("round_id", "seq") in tables["round_events"]["unique"]
    assert ("group_id", "nickname_key") in tables["seats"]["unique"]
    assert ("token_hash",) in tables["seats"]["unique"]
    assert ("username",) in tables["teachers"]["unique"]
    assert ("group_id", "number") in tables["rounds"]["unique"]
    assert ("ix_round_events_round_seq", ("round_id", "seq"), False) in tables["round_events"][
        "indexes"
    ]
    assert (("class_id",), "classes", ("id",), "CASCADE") in tables["groups"]["foreign_keys"]


def test_a_database_made_by_create_all_is_stamped_and_keeps_its_data(engines):
    old, _ = engines
    create_schema(old)
    with old.begin() as connection:
        connection.execute(Teacher.__table__.insert(), {"username": "rivera", "password_hash": "x"})
    upgrade(old)
    upgrade(old)  # and a second start finds nothing to do
    with old.connect() as connection:
        assert connection.scalar(text("SELECT version_num FROM alembic_version")) == (
            head_revision()
        )
        assert connection.scalars(select(Teacher.__table__.c.username)).all() == ["rivera"]


def test_a_partial_old_database_gets_its_missing_tables(tmp_path):
    engine = create_engine(f"sqlite:///{tmp_path / 'old.db'}")
    Base.metadata.tables["teachers"].create(engine)
    upgrade(engine)
    assert set(inspect(engine).get_table_names()) == {*Base.metadata.tables, "alembic_version"}
    engine.dispose()


def test_downgrade_to_base_removes_every_table(tmp_path):
    from alembic import command

    engine = make_engine(f"sqlite:///{tmp_path / 'down.db'}")
    upgrade(engine)
    with engine.begin() as connection:
        command.downgrade(alembic_config(connection), "base")
    assert set(inspect(engine).get_table_names()) == {"alembic_version"}
    engine.dispose()


def test_classroom_db_upgrade_migrates_the_configured_database(tmp_path, monkeypatch, capsys):
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    monkeypatch.setenv("CLASSROOM_DATABASE_URL", url)
    assert main(["db", "upgrade"]) == 0
    assert url in capsys.readouterr().out
    engine = create_engine(url)
    assert "round_events" in inspect(engine).get_table_names()
    engine.dispose()


def test_classes_made_before_the_reveal_option_keep_revealing_after_a_right_guess(engines):
    database, _ = engines
    upgrade(database, INITIAL_REVISION)
    with database.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO teachers (id, username, password_hash, created_at)"
                " VALUES (1, 'rivera', 'x', CURRENT_TIMESTAMP)"
            )
        )
        connection.execute(
            text(
                "INSERT INTO classes (id, teacher_id, name, join_code, joining_locked,"
                " wrong_guess_penalty, stock_out, projector_anonymous, created_at)"
                " VALUES (1, 1, '7B', 'ABC234', false, false, 'add_deck', false, CURRENT_TIMESTAMP)"
            )
        )
    upgrade(database)
    with database.connect() as connection:
        reveal = connection.scalar(select(ClassPeriod.__table__.c.reveal_after_guess))
    assert reveal is True
    seats = {c["name"]: c["type"] for c in inspect(database).get_columns("seats")}
    assert getattr(seats["nickname_key"], "length", None) == 80


def test_classes_and_teachers_made_before_languages_speak_english_and_the_browsers(engines):
    database, _ = engines
    upgrade(database, "0003_teacher_session_version")
    with database.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO teachers (id, username, password_hash, created_at)"
                " VALUES (1, 'rivera', 'x', CURRENT_TIMESTAMP)"
            )
        )
        connection.execute(
            text(
                "INSERT INTO classes (id, teacher_id, name, join_code, joining_locked,"
                " wrong_guess_penalty, stock_out, projector_anonymous, created_at)"
                " VALUES (1, 1, '7B', 'ABC234', false, false, 'add_deck', false, CURRENT_TIMESTAMP)"
            )
        )
    upgrade(database)
    with database.connect() as connection:
        class_language = connection.scalar(select(ClassPeriod.__table__.c.language))
        teacher_language = connection.scalar(select(Teacher.__table__.c.language))
    assert (class_language, teacher_language) == ("en", None)


def test_groups_and_rounds_made_before_new_eleusis_play_express(engines):
    database, _ = engines
    upgrade(database, "0005_everyone_predicts")
    with database.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO teachers (id, username, password_hash, created_at)"
                " VALUES (1, 'rivera', 'x', CURRENT_TIMESTAMP)"
            )
        )
        connection.execute(
            text(
                "INSERT INTO classes (id, teacher_id, name, join_code, joining_locked,"
                " wrong_guess_penalty, stock_out, projector_anonymous, created_at)"
                " VALUES (1, 1, '7B', 'ABC234', false, false, 'add_deck', false, CURRENT_TIMESTAMP)"
            )
        )
        connection.execute(
            text(
                "INSERT INTO groups (id, class_id, position, name, rule_text, rule_revealed,"
                " paused, dealer_mode) VALUES (1, 1, 0, 'Otters', 'true', false, false, 'app')"
            )
        )
        connection.execute(
            text(
                "INSERT INTO rounds (id, group_id, number, rule_text, rule_kind, created_at)"
                " VALUES (1, 1, 1, 'true', 'language', CURRENT_TIMESTAMP)"
            )
        )
    upgrade(database)
    with database.connect() as connection:
        group_mode = connection.scalar(select(Group.__table__.c.mode))
        round_mode = connection.scalar(select(StoredRound.__table__.c.mode))
        options = connection.execute(
            select(ClassPeriod.__table__.c.ne_sudden_death, ClassPeriod.__table__.c.ne_first_player)
        ).one()
    assert (group_mode, round_mode, tuple(options)) == ("express", "express", ("abbott", "count"))
