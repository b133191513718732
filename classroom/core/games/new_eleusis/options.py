"""The house options of a New Eleusis round, chosen before the deal, and the fixed numbers of the
rules.

>>> Options().to_dict()
{'first_player': 'count', 'sudden_death': 30, 'sudden_death_with_prophet': 20}
>>> Options.from_dict(LONG_SUDDEN_DEATH.to_dict()) == LONG_SUDDEN_DEATH
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal, get_args

from classroom.core.games.new_eleusis.errors import BadSetup
from classroom.core.text import _

__all__ = [
    "DEFAULT_OPTIONS",
    "HAND_SIZE",
    "LONG_SUDDEN_DEATH",
    "MARKER_EVERY",
    "MAX_PLAYERS",
    "MAX_STRING",
    "MIN_PLAYERS",
    "NEW_HAND_FEWER",
    "NO_PLAY_PENALTY",
    "OVERTHROW_PENALTY",
    "PENALTY_PER_CARD",
    "FirstPlayer",
    "Options",
]

MIN_PLAYERS = 4
MAX_PLAYERS = 8
HAND_SIZE = 14
MAX_STRING = 4
PENALTY_PER_CARD = 2
NO_PLAY_PENALTY = 5
OVERTHROW_PENALTY = 5
NEW_HAND_FEWER = 4
MARKER_EVERY = 10

#: "count": count clockwise from the dealer's left by the starter's value (Abbott's rule);
#: "left": the player at the dealer's left starts.
FirstPlayer = Literal["count", "left"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Options:
    """House options. Sudden death starts after `sudden_death` cards with no prophet, or after
    `sudden_death_with_prophet` cards past the prophet's marker: 30 / 20 by default, 40 / 40 in
    the Polish text. Both are multiples of 10 because the table counts them by its markers."""

    first_player: FirstPlayer = "count"
    sudden_death: int = 30
    sudden_death_with_prophet: int = 20

    def __post_init__(self) -> None:
        if self.first_player not in get_args(FirstPlayer):
            raise BadSetup(_("The first player is found by 'count' or 'left'."))
        for cards in (self.sudden_death, self.sudden_death_with_prophet):
            if not isinstance(cards, int) or cards % MARKER_EVERY or not 10 <= cards <= 100:
                raise BadSetup(_("Sudden death starts after 10, 20, ... or 100 cards."))

    def to_dict(self) -> dict[str, object]:
        """The options as a plain dict."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Options:
        """Options from `to_dict()` output; raise BadSetup for unknown or bad values."""
        try:
            return cls(**data)
        except TypeError as error:
            raise BadSetup(_("These are not options of New Eleusis.")) from error


DEFAULT_OPTIONS = Options()
#: The Polish text's sudden death: at the fourth marker, with or without a prophet.
LONG_SUDDEN_DEATH = Options(sudden_death=40, sudden_death_with_prophet=40)
