"""The printables the kit can build, by the names lessons and the command line use."""

from __future__ import annotations

from printables.i18n import current_language, speaking
from printables.i18n import gettext as _

__all__ = ["LIVE_PRINTABLE_NAMES", "PRINTABLE_NAMES", "printable_label"]

#: Names a lesson may list under materials.printables; each one the CLI can build.
PRINTABLE_NAMES = ("rule-cards", "worksheet", "worksheet-young", "worksheet-older", "score-sheet")
#: Printables made from a class stored in the app, so never built from defaults alone.
LIVE_PRINTABLE_NAMES = ("class-pack", "report")


def printable_label(name: str, *, language: str | None = None) -> str:
    """The name people read for a printable, e.g. 'Score sheet' for 'score-sheet', in
    `language` (by default the language documents are being printed in)."""
    with speaking(language or current_language()):
        return _labels().get(name, name)


def _labels() -> dict[str, str]:
    return {
        "rule-cards": _("Rule cards for dealers"),
        "worksheet": _("Scientist's worksheet"),
        "worksheet-young": _("Card detective sheet (young)"),
        "worksheet-older": _("Scientist's worksheet (older)"),
        "score-sheet": _("Score sheet"),
        "class-pack": _("Class pack: join cards, worksheets and rule cards"),
        "report": _("Game report of a round"),
    }
