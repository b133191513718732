"""`classroom print`: every printable, including those made from a class stored on this server.

The class pack, the class's rule cards and the game report read the class through the services,
then hand plain data to `printables`, which never reads the database itself.
"""

from __future__ import annotations

import argparse
import sys
from gettext import gettext as _

from classroom.cli.settings import open_use_cases, public_url
from classroom.projections.class_record import GroupRecord
from classroom.usecases import UseCases
from printables.cli import Documents, add_document, add_print_commands
from printables.documents import class_pack_pdf, class_rule_cards_pdf, game_report_pdf
from printables.rounds import round_report
from printables.worksheet.plan import VARIANTS

__all__ = [
    "DEFAULT_PORT",
    "add_classroom_print_commands",
    "add_stored_class_commands",
    "group_record_of_any_teacher",
    "server_address",
]

#: The port `classroom serve` listens on unless told otherwise.
DEFAULT_PORT = 5000


def add_classroom_print_commands(commands: Documents) -> None:
    """Register `classroom print`: the documents made from options, and those of stored classes."""
    add_stored_class_commands(add_print_commands(commands))


def add_stored_class_commands(documents: Documents) -> None:
    """The documents made from a class stored in the server's database."""
    pack = add_document(
        documents, "class-pack", _("teacher's overview, join cards, worksheets"), _pack
    )
    pack.add_argument("--class", dest="class_id", type=int, required=True, metavar="ID")
    pack.add_argument(
        "--base-url", help=_("the address students open (default: the server's address)")
    )
    pack.add_argument("--variant", choices=VARIANTS, default="older")
    pack.add_argument(
        "--worksheets",
        type=int,
        metavar="N",
        help=_("worksheets per group (default: one per student, 5 for an empty group)"),
    )
    pack.add_argument(
        "--one-sided",
        action="store_true",
        help=_("no blank backs: for a printer that prints on one side only"),
    )
    cards = add_document(
        documents, "class-rule-cards", _("the secret rule card of every group"), _rule_cards
    )
    cards.add_argument("--class", dest="class_id", type=int, required=True, metavar="ID")
    cards.add_argument(
        "--public-hint",
        action="store_true",
        help=_("print each rule's hint on the half of the card the table sees"),
    )
    report = add_document(documents, "report", _("the game report of a group's round"), _report)
    report.add_argument("--group", dest="group_id", type=int, required=True, metavar="ID")
    report.add_argument("--round", dest="round_number", type=int, metavar="N")


def server_address() -> str:
    """Where students reach this server: PUBLIC_URL, else this machine's network address on
    the port `classroom serve` uses; a warning goes to stderr when there is neither."""
    from classroom.web.links import lan_address, student_address

    address = student_address(
        public_url=public_url(), seen_as=None, lan=lan_address(), port=DEFAULT_PORT
    )
    if not address.reachable:
        print(
            _(
                "warning: this computer is not on a network, so the join cards show %s, which "
                "tablets cannot open. Connect it to the school network, or give --base-url."
            )
            % address.base,
            file=sys.stderr,
        )
    return address.base


def group_record_of_any_teacher(service: UseCases, group_id: int) -> tuple[str, GroupRecord]:
    """A group's class name and record, whichever teacher's class it is in (the command line
    is run by whoever runs the server); NotFound otherwise."""
    record = service.records.group_record(None, group_id)
    return service.reading.group_snapshot(group_id).class_name, record


def _pack(args: argparse.Namespace) -> bytes:
    with open_use_cases() as service:
        snapshot = service.reading.class_snapshot(None, args.class_id)
    return class_pack_pdf(
        snapshot,
        base_url=args.base_url or server_address(),
        paper=args.paper,
        variant=args.variant,
        worksheets=args.worksheets,
        duplex=not args.one_sided,
        language=args.language,
    )


def _rule_cards(args: argparse.Namespace) -> bytes:
    with open_use_cases() as service:
        snapshot = service.reading.class_snapshot(None, args.class_id)
    return class_rule_cards_pdf(
        snapshot, paper=args.paper, public_hint=args.public_hint, language=args.language
    )


def _report(args: argparse.Namespace) -> bytes:
    if args.round_number is not None and args.round_number < 1:
        raise ValueError(_("Rounds are numbered from 1."))
    with open_use_cases() as service:
        class_name, group = group_record_of_any_teacher(service, args.group_id)
    language = args.language
    report = round_report(
        group, class_name=class_name, round_number=args.round_number, language=language
    )
    return game_report_pdf(report, paper=args.paper, language=language)
