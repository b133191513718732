"""Keeping data no longer than needed: `classroom purge` and the purge at every server start.

Classes older than the retention period (30 days unless `CLASSROOM_RETENTION_DAYS` says
otherwise) are deleted with everything recorded about them, and practice tables (one student
with two robots, from a practice link) after a week, whatever the retention period.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping
from gettext import gettext as _
from typing import Any

from classroom.cli.settings import open_use_cases
from classroom.usecases import UseCases

__all__ = [
    "DEFAULT_RETENTION_DAYS",
    "add_purge_command",
    "delete_old_classes",
    "purge_on_start",
    "retention_days",
]

DEFAULT_RETENTION_DAYS = 30


def retention_days(config: Mapping[str, Any] | None = None) -> int:
    """Days a class is kept: the app's RETENTION_DAYS, else the environment, else 30."""
    configured = (config or {}).get("RETENTION_DAYS")
    if configured is None:
        configured = os.environ.get("CLASSROOM_RETENTION_DAYS", "")
    try:
        days = int(configured)
    except (TypeError, ValueError):
        return DEFAULT_RETENTION_DAYS
    return days if days >= 1 else DEFAULT_RETENTION_DAYS


def _days(text: str) -> int:
    try:
        days = int(text)
    except ValueError:
        days = 0
    if days < 1:
        raise argparse.ArgumentTypeError(_("give a whole number of days, 1 or more"))
    return days


def delete_old_classes(service: UseCases, days: int) -> int:
    """Delete the classes older than `days` days with everything about them, and the practice
    tables older than a week; returns how many classes and tables went."""
    return service.classes.purge(days) + service.practice.purge()


def purge(args: argparse.Namespace) -> int:
    """`classroom purge`: delete the classes older than the retention period."""
    days = args.days or retention_days()
    with open_use_cases() as service:
        count = delete_old_classes(service, days)
    print(_("Deleted %(n)d class(es) older than %(days)d days.") % {"n": count, "days": days})
    return 0


def purge_on_start(app: Any) -> int:
    """The purge a server start runs on the app's services; returns how many classes went."""
    return delete_old_classes(app.extensions["use_cases"], retention_days(app.config))


def add_purge_command(commands: argparse._SubParsersAction) -> None:
    """Register `classroom purge [--days N]`."""
    command = commands.add_parser("purge", help=_("delete classes older than the retention period"))
    command.add_argument(
        "--days",
        type=_days,
        default=None,
        help=_("keep classes this many days (default: CLASSROOM_RETENTION_DAYS or 30)"),
    )
    command.set_defaults(handler=purge)
