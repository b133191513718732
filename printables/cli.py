"""The `print` command for documents made from options alone: build a PDF, write it to a file.

`classroom print rule-cards -o cards.pdf` once wired into the `classroom` command, or standalone
`python -m printables rule-cards -o cards.pdf`. Every document subparser sets `handler`. The
documents made from a stored class (class pack, game report) are added by the `classroom`
command, which reads the class and hands it over.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TypeAlias

from printables.documents import (
    OFFLINE_KIT,
    CustomRule,
    blank_rule_card_pdf,
    lesson_pdf,
    ne_rules_pdf,
    ne_score_sheet_pdf,
    rule_cards_pdf,
    score_sheet_pdf,
    worksheet_pdf,
)
from printables.kit.document import PAPERS
from printables.kit.i18n import LANGUAGES, speaking
from printables.kit.i18n import gettext as _
from printables.worksheet.plan import VARIANTS

__all__ = [
    "USAGE_ERROR",
    "Builder",
    "Documents",
    "add_document",
    "add_document_commands",
    "add_new_eleusis_commands",
    "add_print_commands",
    "main",
    "write_document",
]

#: Bad input exits with this code, as argparse does.
USAGE_ERROR = 2
#: Builds a document's PDF from its parsed options.
Builder = Callable[[argparse.Namespace], bytes]
#: Where the document subcommands are registered.
Documents: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def add_print_commands(subparsers: Documents) -> Documents:
    """Register `print` with one subcommand per document on the `classroom` command; returns
    the document subcommands, for more documents to join them."""
    printing = subparsers.add_parser(
        "print", help=_("print rule cards, worksheets, score sheets, class packs, game reports")
    )
    documents = printing.add_subparsers(metavar="DOCUMENT", required=True)
    add_document_commands(documents)
    return documents


def add_document_commands(subparsers: Documents) -> None:
    """One subcommand per document made from options alone, each writing a PDF to -o."""
    cards = add_document(subparsers, "rule-cards", _("rule cards for dealers"), _rule_cards)
    cards.add_argument("--difficulty", type=int, choices=range(1, 6), metavar="1-5")
    cards.add_argument("--concept", help=_("only rules that teach this concept"))
    cards.add_argument("--age-band", help=_("only rules for this age band, e.g. 8-10"))
    cards.add_argument("--ids", help=_("only these library rule ids, comma-separated"))
    cards.add_argument("--custom-rule", metavar="TEXT", help=_("a rule in the rule language"))
    cards.add_argument("--custom-title", metavar="T", help=_("the custom rule's title"))
    cards.add_argument("--custom-text", metavar="T", help=_("the custom rule in plain words"))
    cards.add_argument(
        "--public-hint",
        action="store_true",
        help=_("print each rule's hint on the half of the card the table sees"),
    )

    blank = add_document(
        subparsers, "blank-rule-card", _("blank rule cards for dealers' own rules"), _blank_cards
    )
    blank.add_argument(
        "--sheets",
        type=int,
        default=1,
        choices=range(1, 11),
        metavar="1-10",
        help=_("sheets of three cards"),
    )

    sheet = add_document(subparsers, "worksheet", _("the scientific-method worksheet"), _worksheet)
    sheet.add_argument("--variant", choices=VARIANTS, default="older")

    scores = add_document(subparsers, "score-sheet", _("score sheet for offline rounds"), _scores)
    who = scores.add_mutually_exclusive_group()
    who.add_argument("--players", type=int, help=_("people at the table, dealer included"))
    who.add_argument("--names", help=_("player names, comma-separated"))
    scores.add_argument("--rounds", type=int, help=_("rounds (default: everyone deals once)"))

    for name, help_text in (
        ("rules-sheet", _("the rules sheet for students")),
        ("dealer-aid", _("the dealer's aid")),
        ("layout-mat", _("the layout mat")),
        ("guess-slips", _("guess slips")),
    ):
        add_document(subparsers, name, help_text, partial(_offline, OFFLINE_KIT[name]))

    add_new_eleusis_commands(subparsers)

    lesson = add_document(subparsers, "lesson", _("a lesson plan"), _lesson)
    lesson.add_argument("name", help=_("the lesson's file name without .md, or 'all'"))


def add_new_eleusis_commands(subparsers: Documents) -> None:
    """The papers of New Eleusis, the advanced mode: its rules in brief and its score sheet."""
    rules = partial(_offline, ne_rules_pdf)
    add_document(subparsers, "ne-rules", _("New Eleusis: the rules in brief"), rules)
    scores = add_document(
        subparsers, "ne-score-sheet", _("New Eleusis: the score sheet"), _ne_scores
    )
    who = scores.add_mutually_exclusive_group()
    who.add_argument("--players", type=int, help=_("people at the table, dealer included"))
    who.add_argument("--names", help=_("player names, comma-separated"))
    scores.add_argument("--rounds", type=int, help=_("rounds (default: everyone deals once)"))


def add_document(
    subparsers: Documents, name: str, help_text: str, build: Builder
) -> argparse.ArgumentParser:
    """A document subcommand with --paper, --language and -o; running it writes what `build`
    makes."""
    parser: argparse.ArgumentParser = subparsers.add_parser(name, help=help_text)
    parser.add_argument("--paper", choices=sorted(PAPERS), default="a4")
    parser.add_argument("--language", choices=LANGUAGES, default=LANGUAGES[0])
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
    """Build the PDF fully, then write it; on bad input print why (in the document's language)
    and write nothing."""
    with speaking(getattr(args, "language", None)):
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
        public_hint=args.public_hint,
        language=args.language,
    )


def _blank_cards(args: argparse.Namespace) -> bytes:
    return blank_rule_card_pdf(paper=args.paper, sheets=args.sheets, language=args.language)


def _worksheet(args: argparse.Namespace) -> bytes:
    return worksheet_pdf(paper=args.paper, variant=args.variant, language=args.language)


def _scores(args: argparse.Namespace) -> bytes:
    return score_sheet_pdf(
        paper=args.paper,
        players=args.players,
        names=_split(args.names),
        rounds=args.rounds,
        language=args.language,
    )


def _ne_scores(args: argparse.Namespace) -> bytes:
    return ne_score_sheet_pdf(
        paper=args.paper,
        players=args.players,
        names=_split(args.names),
        rounds=args.rounds,
        language=args.language,
    )


def _offline(build: Callable[..., bytes], args: argparse.Namespace) -> bytes:
    return build(paper=args.paper, language=args.language)


def _lesson(args: argparse.Namespace) -> bytes:
    return lesson_pdf(args.name, paper=args.paper, language=args.language)


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m printables DOCUMENT ... -o FILE.pdf`; returns the exit code."""
    parser = argparse.ArgumentParser(
        prog="python -m printables", description=_("Eleusis Express printables")
    )
    add_document_commands(parser.add_subparsers(metavar="DOCUMENT", required=True))
    args = parser.parse_args(argv)
    result: int = args.handler(args)
    return result
