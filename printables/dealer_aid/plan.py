"""What the dealer's aid says, page by page, in the language being spoken: the dealer's part of
the rules of Eleusis Express, with the words to say and how to judge what players do."""

from __future__ import annotations

from dataclasses import dataclass

from printables.kit.i18n import gettext as _

__all__ = ["AidSection", "dealer_aid_pages"]


@dataclass(frozen=True, slots=True)
class AidSection:
    """A heading, its sentences, words for the dealer to say aloud (empty when none), and
    whether the example layout is drawn after them."""

    heading: str
    sentences: tuple[str, ...]
    say: str = ""
    layout: bool = False


def dealer_aid_pages() -> tuple[tuple[AidSection, ...], ...]:
    """The aid's two pages: the start and each card; then no play, guesses, mistakes and
    the end."""
    return (_first_page(), _second_page())


def _first_page() -> tuple[AidSection, ...]:
    return (
        AidSection(
            _("1. Before the round"),
            (
                _("Write your secret rule on your rule card before anything else."),
                _(
                    "Agree with the table what happens if the stock runs out: shuffle in another "
                    "deck, or end the round at that moment."
                ),
                _("Deal 12 cards to every player. You play no hand."),
                _(
                    "Turn the top card of the stock face up: the starter, the first card of the "
                    "mainline. The starter is not checked against the rule."
                ),
                _("You may give a hint about the rule, now or at any time during the round."),
            ),
            say=_(
                "“I have a secret rule that says which card may follow which. In turn, each of "
                "you plays one card. If it fits my rule, it goes at the end of this row; if not, "
                "it goes below the last card of the row and you draw a card. Right after one of "
                "your cards fits, you may guess my rule. Watch every card: the wrong ones tell "
                "you as much as the right ones.”"
            ),
        ),
        AidSection(
            _("2. Judging a card"),
            (
                _("The player to your left plays first; play goes around to the left."),
                _(
                    "Judge each card against the mainline only: cards in sidelines never count "
                    "for the rule. If you are not sure, read your rule card again before you "
                    "answer."
                ),
                _("Right: say “right” and put the card at the right end of the mainline."),
                _(
                    "Wrong: say “wrong” and put the card below the last mainline card, the card "
                    "it was played on. If wrong cards already lie there, put it below them. The "
                    "player draws one penalty card from the stock."
                ),
            ),
            layout=True,
        ),
    )


def _second_page() -> tuple[AidSection, ...]:
    return (
        AidSection(
            _("3. “No play”"),
            (
                _(
                    "A player who believes no card in their hand fits may say “no play” instead "
                    "of playing, and show you their hand. Check every card in it."
                ),
                _(
                    "“No play” is right (no card fits): take the hand away to the discard pile "
                    "and deal a new hand with one card fewer. A player left with no cards has "
                    "emptied their hand."
                ),
                _(
                    "“No play” is wrong (a card fits): play one right card from that hand onto "
                    "the mainline for them. The player draws one penalty card."
                ),
            ),
        ),
        AidSection(
            _("4. Guesses"),
            (
                _(
                    "A player may guess only right after one of their own cards was right: not "
                    "after a wrong card, not on someone else's turn."
                ),
                _(
                    "Say whether the guess is right. A right guess ends the round. A wrong guess "
                    "costs nothing, unless the table agreed before the round that it costs one "
                    "card from the stock."
                ),
                _(
                    "“The same rule” means the same verdict on every card, not the same words. "
                    "“Red and black take turns” is the same rule as “after red play black, after "
                    "black play red”."
                ),
                _(
                    "To judge a guess in other words, test it on a few cards: imagine different "
                    "last cards on the mainline, and for each card ask whether both rules say "
                    "right or both say wrong. One card on which they differ is enough: then the "
                    "guess is not the same rule."
                ),
                _(
                    "As a hint, you may name a card on which the guess and your rule differ. A "
                    "guess slip has room for it."
                ),
            ),
        ),
        AidSection(
            _("5. After a mistake"),
            (
                _("Everyone misjudges a card now and then. Say so as soon as you notice."),
                _(
                    "If no card has been played since, move the card to where it belongs. A card "
                    "wrongly called wrong goes to the end of the mainline and its player puts the "
                    "penalty card back on the stock. A card wrongly called right goes below the "
                    "card it was played on, and its player draws one penalty card."
                ),
                _(
                    "If more cards have been played since, stop the round and ask your teacher "
                    "how to go on. Everyone corrects the card on their sheet."
                ),
            ),
        ),
        AidSection(
            _("6. The end of the round"),
            (
                _(
                    "The round ends when a player empties their hand or guesses the rule, or, if "
                    "the table chose so, as soon as the stock is empty."
                ),
                _("Show your rule card to everyone and read the rule out loud."),
                _(
                    "Each player scores 12 minus the cards in their hand (this can be below zero), "
                    "+6 for guessing the rule, +3 for emptying their hand."
                ),
                _(
                    "You score the same as the best player of the round: a rule nobody finds "
                    "gives you a poor score too."
                ),
                _(
                    "Example: Ana guesses right holding 7 cards (12 − 7 + 6 = 11), Ben holds 9 "
                    "(3), Chen holds 12 (0), Dia holds 13 after penalties (−1). You score 11."
                ),
            ),
        ),
    )
