"""The `print` command: build a printable PDF and write it to a file.

`classroom print rule-cards -o cards.pdf` once wired into the `classroom` command, or standalone
`python -m printables rule-cards -o cards.pdf`. Every document subparser sets `handler`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from gettext import gettext as _
from pathlib import Path
from typing import TYPE_CHECKING

from printables.common import PAPERS
from printables.documents import (
    CustomRule,
    class_pack_pdf,
    game_report_pdf,
    lesson_pdf,
    rule_cards_pdf,
    score_sheet_pdf,
    worksheet_pdf,
)
from printables.report import load_game_report
from printables.worksheet import VARIANTS

if TYPE_CHECKING:
    from flask import Flask

__all__ = ["add_print_commands", "main"]

#: Bad input exits with this code, as argparse does.
USAGE_ERROR = 2
#: The port `classroom serve` listens on unless told otherwise.
DEFAULT_PORT = 5000
Builder = Callable[[argparse.Namespace], bytes]


def add_print_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `print` with one subcommand per document on the `classroom` command."""
    printing = subparsers.add_parser(
        "print", help=_("print rule cards, worksheets, score sheets, class packs, game reports")
    )
    add_document_commands(printing.add_subparsers(metavar="DOCUMENT", required=True))


def add_document_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """One subcommand per document, each writing a PDF to -o."""
    cards = _document(subparsers, "rule-cards", _("rule cards for dealers"), _rule_cards)
    cards.add_argument("--difficulty", type=int, choices=range(1, 6), metavar="1-5")
    cards.add_argument("--concept", help=_("only rules that teach this concept"))
    cards.add_argument("--age-band", help=_("only rules for this age band, e.g. 8-10"))
    cards.add_argument("--ids", help=_("only these library rule ids, comma-separated"))
    cards.add_argument("--custom-rule", metavar="TEXT", help=_("a rule in the rule language"))
    cards.add_argument("--custom-title", metavar="T", help=_("the custom rule's title"))
    cards.add_argument("--custom-text", metavar="T", help=_("the custom rule in plain words"))

    sheet = _document(subparsers, "worksheet", _("the scientific-method worksheet"), _worksheet)
    sheet.add_argument("--variant", choices=VARIANTS, default="older")

    scores = _document(subparsers, "score-sheet", _("score sheet for offline rounds"), _scores)
    who = scores.add_mutually_exclusive_group()
    who.add_argument("--players", type=int, help=_("people at the table, dealer included"))
    who.add_argument("--names", help=_("player names, comma-separated"))
    scores.add_argument("--rounds", type=int, help=_("rounds (default: everyone deals once)"))

    lesson = _document(subparsers, "lesson", _("a lesson plan"), _lesson)
    lesson.add_argument("name", help=_("the lesson's file name without .md, or 'all'"))
    add_live_commands(subparsers)


def add_live_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The documents made from a class stored in the app's database."""
    pack = _document(subparsers, "class-pack", _("join cards, worksheets, rule cards"), _pack)
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

    report = _document(subparsers, "report", _("the game report of a group's round"), _report)
    report.add_argument("--group", dest="group_id", type=int, required=True, metavar="ID")
    report.add_argument("--round", dest="round_number", type=int, metavar="N")


def _document(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
    name: str,
    help_text: str,
    build: Builder,
) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(name, help=help_text)
    parser.add_argument("--paper", choices=sorted(PAPERS), default="a4")
    parser.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="FILE.pdf",
        help=_("where to write the PDF ('-' for standard output)"),
    )
    parser.set_defaults(handler=lambda args: write_document(build, args))
    return parser


def write_document(build: Builder, args: argparse.Namespace) -> int:
    """Build the PDF fully, then write it; on bad input print why and write nothing."""
    try:
        pdf = build(args)
        if args.output == "-":
            sys.stdout.buffer.write(pdf)
        else:
            Path(args.output).write_bytes(pdf)
    except (ValueError, OSError) as error:
        print(_("error: {error}").format(error=error), file=sys.stderr)
        return USAGE_ERROR
    return 0


def _split(text: str | None) -> list[str] | None:
    return None if text is None else [part.strip() for part in text.split(",")]


def _rule_cards(args: argparse.Namespace) -> bytes:
    parts = (args.custom_rule, args.custom_title, args.custom_text)
    if any(p is not None for p in parts) and not all(p is not None for p in parts):
        raise ValueError(_("--custom-rule needs --custom-title and --custom-text too"))
    custom = CustomRule(*parts) if args.custom_rule is not None else None
    return rule_cards_pdf(
        paper=args.paper,
        difficulty=args.difficulty,
        concept=args.concept,
        age_band=args.age_band,
        ids=_split(args.ids),
        custom=custom,
    )


def _worksheet(args: argparse.Namespace) -> bytes:
    return worksheet_pdf(paper=args.paper, variant=args.variant)


def _scores(args: argparse.Namespace) -> bytes:
    return score_sheet_pdf(
        paper=args.paper, players=args.players, names=_split(args.names), rounds=args.rounds
    )


def _lesson(args: argparse.Namespace) -> bytes:
    return lesson_pdf(args.name, paper=args.paper)


def _app() -> Flask:
    """The app on its database: CLASSROOM_DATABASE_URL, or the instance folder's."""
    from classroom.web import create_app

    return create_app()


def _base_url(app: Flask) -> str:
    """Where students reach this server: PUBLIC_URL, else this machine as `classroom serve`."""
    from classroom.cli.serve import lan_address

    public: str = app.config.get("PUBLIC_URL") or ""
    return public or f"http://{lan_address() or 'localhost'}:{DEFAULT_PORT}"


def _pack(args: argparse.Namespace) -> bytes:
    app = _app()
    snapshot = app.extensions["classroom"].class_snapshot(None, args.class_id)
    return class_pack_pdf(
        snapshot,
        base_url=args.base_url or _base_url(app),
        paper=args.paper,
        variant=args.variant,
        worksheets=args.worksheets,
    )


def _report(args: argparse.Namespace) -> bytes:
    if args.round_number is not None and args.round_number < 1:
        raise ValueError(_("Rounds are numbered from 1."))
    service = _app().extensions["classroom"]
    report = load_game_report(service, args.group_id, round_number=args.round_number)
    return game_report_pdf(report, paper=args.paper)


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m printables DOCUMENT ... -o FILE.pdf`; returns the exit code."""
    parser = argparse.ArgumentParser(
        prog="python -m printables", description=_("Eleusis Express printables")
    )
    add_document_commands(parser.add_subparsers(metavar="DOCUMENT", required=True))
    args = parser.parse_args(argv)
    result: int = args.handler(args)
    return result
