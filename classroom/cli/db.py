"""`classroom db upgrade` and `classroom db revision`: the schema of the server's database."""

from __future__ import annotations

import argparse
from gettext import gettext as _

from classroom.cli.masking import shown_url
from classroom.cli.settings import database_url
from classroom.store.migrate import upgrade, write_revision

__all__ = ["add_db_commands"]


def _upgrade_command(args: argparse.Namespace) -> int:
    url = args.url or database_url()
    upgrade(url, args.revision)
    print(_("Database at the newest schema: %s") % shown_url(url))
    return 0


def _revision_command(args: argparse.Namespace) -> int:
    """Write a new revision file comparing the models with an up-to-date database."""
    write_revision(args.url or database_url(), args.message)
    return 0


def add_db_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `classroom db upgrade` and `classroom db revision`."""
    db = commands.add_parser("db", help=_("migrate the database schema"))
    actions = db.add_subparsers(metavar="ACTION", required=True)
    up = actions.add_parser("upgrade", help=_("bring the database to the newest schema"))
    up.add_argument("--url", help=_("database URL (default: as `classroom serve` uses)"))
    up.add_argument("--revision", default="head", help=_("target revision (default: head)"))
    up.set_defaults(handler=_upgrade_command)
    new = actions.add_parser(
        "revision", help=_("write a migration for the models' changes (developers)")
    )
    new.add_argument("message", help=_("what the migration does, in a few words"))
    new.add_argument("--url", help=_("database URL (default: as `classroom serve` uses)"))
    new.set_defaults(handler=_revision_command)
