"""The printables the kit can build, by the names lessons and the command line use."""

from __future__ import annotations

from printables.kit.i18n import current_language, speaking
from printables.kit.i18n import gettext as _

__all__ = ["LIVE_PRINTABLE_NAMES", "PRINTABLE_NAMES", "printable_label"]

#: Names a lesson may list under materials.printables; each one the CLI can build.
PRINTABLE_NAMES = (
    "rule-cards",
    "blank-rule-card",
    "worksheet",
    "worksheet-young",
    "worksheet-older",
    "score-sheet",
    "rules-sheet",
    "dealer-aid",
    "layout-mat",
    "guess-slips",
    "ne-rules",
    "ne-score-sheet",
)
#: Printables made from a class stored in the app, so never built from defaults alone.
LIVE_PRINTABLE_NAMES = ("class-pack", "class-rule-cards", "report")


def printable_label(name: str, *, language: str | None = None) -> str:
    """The name people read for a printable, e.g. 'Score sheet' for 'score-sheet', in
    `language` (by default the language documents are being printed in)."""
    with speaking(language or current_language()):
        return _labels().get(name, name)


def _labels() -> dict[str, str]:
    return {
        "rule-cards": _("Rule cards for dealers"),
        "blank-rule-card": _("Blank rule cards for dealers' own rules"),
        "worksheet": _("Scientist's worksheet"),
        "worksheet-young": _("Card detective sheet (young)"),
        "worksheet-older": _("Scientist's worksheet (older)"),
        "score-sheet": _("Score sheet"),
        "rules-sheet": _("Rules sheet for students"),
        "dealer-aid": _("Dealer's aid"),
        "layout-mat": _("Layout mat"),
        "guess-slips": _("Guess slips"),
        "ne-rules": _("New Eleusis: rules in brief"),
        "ne-score-sheet": _("New Eleusis: score sheet"),
        "class-pack": _("Class pack: teacher's overview, join cards and worksheets"),
        "class-rule-cards": _("The class's secret rule cards"),
        "report": _("Game report of a round"),
    }
