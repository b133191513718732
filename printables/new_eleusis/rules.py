"""What the New Eleusis rules summary says: its sections in a student's words, the drawn example
layout, and a worked scoring example whose numbers are written out (a test checks them against
`classroom.core.games.new_eleusis.scoring`)."""

from __future__ import annotations

from dataclasses import dataclass

from classroom.core.cards import Card
from printables.kit.i18n import gettext as _

__all__ = [
    "EXAMPLE_MAINLINE",
    "EXAMPLE_MARKER",
    "EXAMPLE_SIDELINES",
    "WORKED_EXAMPLE",
    "Section",
    "WorkedExample",
    "ne_rules_sections",
]

Section = tuple[str, tuple[str, ...]]

#: The example layout under the rule "red and black take turns", starter first.
EXAMPLE_MAINLINE = tuple(Card.parse(c) for c in ("7H", "3S", "10D", "5C", "9H", "2S"))
#: A wrong string of two cards under the 3: the jack is wrong, so the 4 after it goes too.
EXAMPLE_SIDELINES: tuple[tuple[Card, ...], ...] = (
    (),
    (Card.parse("JS"), Card.parse("4H")),
    (),
    (),
    (),
    (),
)
#: The mainline card the prophet's marker lies on.
EXAMPLE_MARKER = 3


@dataclass(frozen=True, slots=True)
class WorkedExample:
    """A round's end as the summary prints it: cards held, the prophet and the cards played
    after their marker, the cards up to it, and the scores written out on the sheet."""

    hands: tuple[int, ...] = (0, 6, 9, 3)
    prophet: int = 3
    mainline_after: int = 5
    sideline_after: int = 1
    before_marker: int = 6
    high: int = 9
    scores: tuple[int, ...] = (13, 3, 0, 13)
    dealer: int = 12

    def names(self) -> tuple[str, ...]:
        """The players' names in the language being spoken."""
        return (_("Ana"), _("Ben"), _("Chen"), _("Dia"))

    def sums(self) -> tuple[str, ...]:
        """Each player's score as a sum: high count − cards (+ 4) (+ the prophet's bonus)."""
        lines = []
        for seat, (cards, score) in enumerate(zip(self.hands, self.scores, strict=True)):
            parts = [f"{self.high} − {cards}"]
            if cards == 0:
                parts.append("+ 4")
            if seat == self.prophet:
                parts.append(f"+ {self.mainline_after} × 1 + {self.sideline_after} × 2")
            lines.append(" ".join(parts) + f" = {score}")
        return tuple(lines)


WORKED_EXAMPLE = WorkedExample()


def ne_rules_sections() -> tuple[tuple[Section, ...], tuple[Section, ...]]:
    """The sections before the example layout and those after it: (heading, sentences)."""
    return _play_sections(), _prophet_and_score_sections()


def _play_sections() -> tuple[Section, ...]:
    return (
        (
            _("Getting ready"),
            (
                _(
                    "4 to 8 players and a dealer, who plays no hand. Shuffle two decks together "
                    "(and another one if the stock runs out)."
                ),
                _(
                    "The dealer writes a secret rule down, deals 14 cards to every player, turns "
                    "up the starter and may give a hint."
                ),
                _(
                    "Count to the left from the player on the dealer's left, as many players as "
                    "the starter's value (A = 1 … K = 13): that player starts. House option: the "
                    "player on the dealer's left starts."
                ),
            ),
        ),
        (
            _("Your turn: a string of 1 to 4 cards"),
            (
                _(
                    "Play 1, 2, 3 or 4 cards in a row: a string. It is right only if every card "
                    "is right after the one before it."
                ),
                _("Right: all the cards go on the mainline, in order."),
                _(
                    "Wrong: the whole string goes into the sideline under the last mainline card, "
                    "in order. The dealer does not say which card was wrong. You draw 2 penalty "
                    "cards for every card in the string."
                ),
            ),
        ),
        (
            _("No play"),
            (
                _(
                    "If you think no card in your hand fits, say “no play” instead of playing "
                    "and show your hand."
                ),
                _(
                    "You are right: your hand is taken away and you get a new hand with 4 cards "
                    "fewer. If that leaves none, you have emptied your hand."
                ),
                _(
                    "You are wrong: the dealer plays one right card from your hand for you, and "
                    "you draw 5 penalty cards."
                ),
            ),
        ),
    )


def _prophet_and_score_sections() -> tuple[Section, ...]:
    return (
        (
            _("The prophet"),
            (
                _(
                    "Right after your play was judged right, you may say “I am the prophet” if "
                    "there is no prophet now, you have not been prophet in this round, and at "
                    "least two other players would still be playing."
                ),
                _(
                    "A marker goes on the card you just played. Put your hand aside: the prophet "
                    "does not play."
                ),
                _(
                    "After every play the prophet calls “right” or “wrong” before the dealer. "
                    "The dealer agrees, and the cards are placed as the prophet called, or "
                    "disagrees."
                ),
                _(
                    "A prophet the dealer disagrees with is overthrown: 5 penalty cards, the hand "
                    "comes back, the prophet's markers are removed and turns go on. The player "
                    "who played draws no penalty for that play; the dealer places the cards "
                    "correctly."
                ),
                _(
                    "After a “no play” the prophet says whether the hand holds a right card. If "
                    "the dealer disagrees, the prophet is overthrown. If both say there is one, "
                    "the prophet must point to it: a wrong choice overthrows the prophet, a right "
                    "one is played and the player draws 5."
                ),
                _("A player who was overthrown cannot be prophet again in the same round."),
            ),
        ),
        (
            _("Markers and sudden death"),
            (
                _("A marker goes on every 10th card played, in the mainline or a sideline."),
                _(
                    "After 30 cards with no prophet, or 20 cards after the prophet's marker, a "
                    "wrong play or a wrong “no play” expels the player: they stop playing and "
                    "keep their hand for the scores."
                ),
                _("When a prophet is overthrown, the count of 30 starts again."),
            ),
        ),
        (
            _("End of the round and scores"),
            (
                _(
                    "The round ends when a player has no cards left, or when every player but the "
                    "prophet is expelled."
                ),
                _(
                    "High count: the most cards in any player's hand, the prophet's set-aside "
                    "hand included. Each player scores the high count minus the cards in their "
                    "hand, +4 for an empty hand."
                ),
                _(
                    "A prophet left at the end also scores +1 for each mainline card and +2 for "
                    "each sideline card played after the prophet's marker."
                ),
                _(
                    "The dealer scores the highest player score; with a prophet at the end, no "
                    "more than 2 × the cards played up to the prophet's marker (the marked card "
                    "included)."
                ),
                _(
                    "A game: everyone deals once. If the game ends early, every player who never "
                    "dealt gets +10."
                ),
            ),
        ),
    )
