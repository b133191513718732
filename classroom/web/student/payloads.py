"""Validation of everything a tablet sends over the socket, before any service sees it."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from classroom.core.cards import Card, CardError
from classroom.core.games.registry import GAMES
from classroom.usecases import Invalid, JournalNote, Move, RuleChoice, Verdict

MAX_ACTION_ID = 64
MAX_GUESS = 300


def _all_moves() -> frozenset[str]:
    """Every move some game has; the table's own game refuses the others in its words."""
    return frozenset().union(*(game.moves for game in GAMES))


def _most_cards() -> int:
    return max(game.penalties.most_cards_per_play for game in GAMES)


def _card(code: Any) -> Card | None:
    """The card whose code is exactly `code` ('10H', 'QS'), or None for anything else (a
    padded, lower-case or glyph spelling included: tablets send the codes they were sent)."""
    try:
        return Card.from_code(code)
    except CardError:
        return None


def parse_move(payload: Any) -> Move:
    """A player's move from a tablet's JSON, for whichever game the table plays, or Invalid
    with a message a student can read. A play names one `card` or a string of `cards`."""
    if not isinstance(payload, dict):
        raise Invalid(_("That message from your tablet was not understood."))
    kind, ident = payload.get("type"), action_id(payload)
    if kind not in _all_moves():
        raise Invalid(_("That message from your tablet was not understood."))
    if kind == "play":
        return Move("play", ident, cards=_played(payload))
    if kind == "point":
        card = _card(payload.get("card"))
        if card is None:
            raise Invalid(_("Choose the card to point to."))
        return Move("point", ident, cards=(card,))
    if kind == "guess":
        guess = payload.get("text")
        if not isinstance(guess, str) or not guess.strip():
            raise Invalid(_("Write your guess of the rule first."))
        if len(guess) > MAX_GUESS:
            raise Invalid(_("A guess has at most %(n)d characters.", n=MAX_GUESS))
        return Move("guess", ident, text=guess.strip())
    if kind == "predict":
        accepted = payload.get("accepted")
        if not isinstance(accepted, bool):
            raise Invalid(_("Say whether you think the card will be accepted."))
        return Move("predict", ident, right=accepted)
    if kind == "call":
        right = payload.get("right")
        if not isinstance(right, bool):
            raise Invalid(_("Say whether the play is right or wrong."))
        return Move("call", ident, right=right)
    return Move(kind, ident)


def _played(payload: dict[str, Any]) -> tuple[Card, ...]:
    if "cards" not in payload:
        card = _card(payload.get("card"))
        if card is None:
            raise Invalid(_("Choose a card to play."))
        return (card,)
    texts = payload.get("cards")
    if not isinstance(texts, list) or not 1 <= len(texts) <= _most_cards():
        raise Invalid(_("Choose 1 to 4 cards to play, in order."))
    cards = tuple(_card(text) for text in texts)
    if any(card is None for card in cards):
        raise Invalid(_("Choose 1 to 4 cards to play, in order."))
    return tuple(card for card in cards if card is not None)


def parse_position(payload: Any) -> tuple[int, int]:
    """The (round, last event seq) a tablet has seen; (0, 0) when unknown or nonsense."""
    if not isinstance(payload, dict):
        return (0, 0)
    numbers = [payload.get("round"), payload.get("last_seq")]
    if all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 10**9 for n in numbers):
        return (numbers[0], numbers[1])  # type: ignore[return-value]
    return (0, 0)


def action_id(payload: Any) -> str:
    """The client-made id of an action; Invalid if missing or malformed."""
    value = payload.get("action_id") if isinstance(payload, dict) else None
    if not isinstance(value, str) or not 1 <= len(value) <= MAX_ACTION_ID:
        raise Invalid(_("That message from your tablet was not understood."))
    return value


def parse_rule_choice(payload: Any) -> RuleChoice:
    """The dealer's choice of secret rule."""
    kind = payload.get("kind") if isinstance(payload, dict) else None
    text = payload.get("text") if isinstance(payload, dict) else None
    if kind not in ("library", "language", "free") or not isinstance(text, str):
        raise Invalid(_("Choose or write a secret rule first."))
    if len(text) > 4000:
        raise Invalid(_("That rule is too long."))
    return RuleChoice(kind, text)


def parse_verdict(payload: Any) -> Verdict:
    """A dealer's verdict on a play, a no-play, a guess or the prophet's card, with the right
    card played for the player when a no-play (or the prophet's card) was wrong."""
    if not isinstance(payload, dict):
        raise Invalid(_("That message from your tablet was not understood."))
    kind, right = payload.get("kind"), payload.get("right")
    if kind not in ("play", "no_play", "guess", "point") or not isinstance(right, bool):
        raise Invalid(_("That message from your tablet was not understood."))
    card = None
    if payload.get("card") not in (None, ""):
        card = _card(payload["card"])
        if card is None:
            raise Invalid(_("Choose the card to play for them."))
    return Verdict(kind, right, card, confirmed=payload.get("confirm") is True)


def parse_journal(payload: Any) -> JournalNote:
    """A journal entry from a tablet."""
    if not isinstance(payload, dict):
        raise Invalid(_("That message from your tablet was not understood."))
    return JournalNote.checked(
        payload.get("text"),
        payload.get("confidence"),
        payload.get("test_card"),
        payload.get("predicted_accepted"),
    )


#: The longest template or choice id and the most blanks a template has, with room to spare.
MAX_BUILT_ID = 40
MAX_BLANKS = 8


def parse_built(payload: Any) -> tuple[str, dict[str, str]]:
    """A built hypothesis: (template id, {blank id: choice id}), shaped right but not yet
    known to be a template or a choice (the builder says that in its own words)."""
    template = payload.get("template") if isinstance(payload, dict) else None
    choices = payload.get("choices") if isinstance(payload, dict) else None
    if not isinstance(template, str) or not 0 < len(template) <= MAX_BUILT_ID:
        raise Invalid(_("Choose one of the sentences first."))
    if not isinstance(choices, dict) or len(choices) > MAX_BLANKS:
        raise Invalid(_("Choose something for every blank first."))
    for blank, choice in choices.items():
        if not isinstance(choice, str) or not 0 < len(choice) <= MAX_BUILT_ID:
            raise Invalid(_("Choose something for every blank first."))
        if len(blank) > MAX_BUILT_ID:
            raise Invalid(_("That message from your tablet was not understood."))
    return template, dict(choices)
