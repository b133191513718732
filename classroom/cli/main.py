"""The `classroom` command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from gettext import gettext as _

from classroom.core.rules import RuleError, compile_rule
from classroom.core.rules.analysis import analyze

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "handler"):
        parser.print_help()
        return 2
    try:
        result: int = args.handler(args)
    except Exception as error:
        if not _is_database_failure(error):
            raise
        # The driver's traceback would quote the connection string; its first line, with any
        # password hidden, is what an administrator needs, and `classroom check` says the rest.
        from classroom.cli.masking import hide_passwords

        lines = str(error).strip().splitlines() or [type(error).__name__]
        print(_("error: %s") % hide_passwords(lines[0]), file=sys.stderr)
        print(_("`classroom check` shows what is wrong and how to fix it."), file=sys.stderr)
        return 1
    return result


def _is_database_failure(error: Exception) -> bool:
    """Whether `error` is the database refusing or the database address being malformed."""
    from sqlalchemy.exc import ArgumentError, OperationalError

    return isinstance(error, OperationalError | ArgumentError)


def build_parser() -> argparse.ArgumentParser:
    """All subcommands; later parts of the kit add theirs here."""
    parser = argparse.ArgumentParser(
        prog="classroom", description=_("Eleusis Express classroom kit")
    )
    commands = parser.add_subparsers(metavar="COMMAND")
    rules = commands.add_parser("rules", help=_("check and list secret rules"))
    rule_commands = rules.add_subparsers(metavar="ACTION", required=True)

    check = rule_commands.add_parser("check", help=_("compile a rule and measure how it plays"))
    check.add_argument("rule", help=_("the rule, in the rule language"))
    check.add_argument("--seed", type=int, default=0, help=_("seed of the random play"))
    check.set_defaults(handler=check_rule)

    listing = rule_commands.add_parser("list", help=_("list the rule library"))
    listing.add_argument("--difficulty", type=int, choices=range(1, 6), metavar="1-5")
    listing.add_argument("--concept", help=_("only rules about this concept"))
    listing.add_argument("--age-band", help=_("only rules for this age band"))
    listing.set_defaults(handler=list_rules)

    from classroom.cli.check import add_check_command
    from classroom.cli.db import add_db_commands
    from classroom.cli.printing import add_classroom_print_commands
    from classroom.cli.purge import add_purge_command
    from classroom.cli.serve import add_commands

    add_commands(commands)
    add_classroom_print_commands(commands)
    add_purge_command(commands)
    add_db_commands(commands)
    add_check_command(commands)
    return parser


def check_rule(args: argparse.Namespace) -> int:
    """`classroom rules check`: canonical text, figures, warnings and an example mainline."""
    try:
        rule = compile_rule(args.rule)
    except RuleError as error:
        print(_("error: %s") % error, file=sys.stderr)
        return 1
    result = analyze(rule, seed=args.seed)
    print(_("rule:        %s") % rule)
    print(_("depth:       %d") % rule.depth)
    print(
        _("acceptance:  %(mean).0f%% on average (min %(min).0f%%, max %(max).0f%%)")
        % {
            "mean": result.acceptance_mean * 100,
            "min": result.acceptance_min * 100,
            "max": result.acceptance_max * 100,
        }
    )
    print(_("dead ends:   %.1f%% of situations") % (result.dead_end_rate * 100))
    print(_("example:     %s") % " ".join(card.label for card in result.example_mainline))
    for warning in result.warnings:
        print(_("warning: %s") % warning)
    return 0


def list_rules(args: argparse.Namespace) -> int:
    """`classroom rules list`: one line per library rule."""
    from classroom.core.rules.library import LibraryError, filter_rules, load_library

    try:
        rules = filter_rules(
            load_library(),
            difficulty=args.difficulty,
            concept=args.concept,
            age_band=args.age_band,
        )
    except LibraryError as error:
        print(_("error: %s") % error, file=sys.stderr)
        return 1
    for entry in rules:
        concepts = ", ".join(entry.concepts)
        print(f"{entry.id:28} {'*' * entry.difficulty:5} {entry.age_band:6} {concepts}")
        print(f"{'':28} {entry.rule}")
    if not rules:
        print(_("No rule matches."), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
