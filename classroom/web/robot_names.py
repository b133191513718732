"""How robot players are named and explained to people, in each language the kit speaks.

A robot's nickname is written once, when it is seated, in its class's language: a robot mark,
its kind and the word "program", so every screen that shows names (tablets, projector, the
teacher's page, the record) shows it as a program, never by colour alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask_babel import force_locale, gettext
from flask_babel import lazy_gettext as _l

__all__ = ["ROBOT_EXPLAINED", "ROBOT_KINDS", "ROBOT_LABELS", "robot_namer"]

#: The kinds a teacher may seat, in the order the form offers them.
ROBOT_KINDS = ("ideal", "confirmer", "random")

ROBOT_LABELS: dict[str, Any] = {
    "random": _l("Random player"),
    "confirmer": _l("Confirmer"),
    "ideal": _l("Ideal scientist"),
}

ROBOT_EXPLAINED: dict[str, Any] = {
    "random": _l("Plays any card at random and never guesses: a table's baseline."),
    "confirmer": _l("Keeps one idea of the rule and plays only cards it expects to be accepted."),
    "ideal": _l("Keeps every rule still possible and plays the card that tells them apart best."),
}


def robot_namer(language: str) -> Callable[[str, int], str]:
    """Names for robots seated at a class speaking `language`: "Ideal scientist (program)",
    "Ideal scientist 2 (program)" for the second of a kind."""

    def name(kind: str, number: int) -> str:
        with force_locale(language):
            label = str(ROBOT_LABELS[kind])
            if number > 1:
                label = f"{label} {number}"
            return gettext("%(robot)s (program)", robot=label)

    return name
