"""What the teacher's templates show: group panels, pending guesses, cards, labels.

Everything here is built from `teacher_group_view`, the same projection the /teach socket sends,
plus what only a page needs (the library's plain text, the checker's verdict on a guess).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from flask_babel import get_locale
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from classroom.core.cards import Card, CardError, Rank, Suit, printed_label
from classroom.core.games.express.scoring import next_dealer
from classroom.core.games.registry import DEFAULT_GAME, GAMES, find_game
from classroom.core.games.shape import Game
from classroom.core.hypotheses.builder import built_from
from classroom.core.rules.library import LibraryRule
from classroom.projections.group_views import teacher_group_view
from classroom.usecases import GroupSnapshot
from classroom.usecases.seats import MAX_PLAYERS
from classroom.web.messages import say
from classroom.web.robot_names import ROBOT_EXPLAINED, ROBOT_KINDS, ROBOT_LABELS
from classroom.web.teacher.curve_page import got_it_rule
from classroom.web.teacher.rulecheck import GuessCheck, check_guess, library_rule
from classroom.web.teacher.settling import SettleOffer, settle_offer

STATUS_LABELS = {
    "lobby": _l("Waiting to start"),
    "choosing_rule": _l("A student is choosing the rule"),
    "playing": _l("Playing"),
    "judging_play": _l("Judging a play"),
    "judging_no_play": _l("Judging a no-play"),
    "guess_window": _l("A player may guess"),
    "judging_guess": _l("Guess to judge"),
    "over": _l("Round over"),
    # New Eleusis: the prophet calls each play before the dealer judges it.
    "calling": _l("Waiting for the prophet's call"),
    "pointing": _l("Waiting for the prophet to point"),
    "judging_point": _l("Judging the prophet's card"),
}
END_REASONS = {
    "emptied": _l("a player emptied their hand"),
    "guessed": _l("the rule was guessed"),
    "stock_out": _l("the stock ran out"),
    "teacher": _l("ended by the teacher"),
    # New Eleusis: everyone but the prophet was expelled.
    "expelled": _l("nobody but the prophet was left playing"),
}
_RANK_WORDS = {
    Rank.ACE: _l("ace"),
    Rank.JACK: _l("jack"),
    Rank.QUEEN: _l("queen"),
    Rank.KING: _l("king"),
}
_SUIT_WORDS = {
    Suit.SPADES: _l("spades"),
    Suit.HEARTS: _l("hearts"),
    Suit.DIAMONDS: _l("diamonds"),
    Suit.CLUBS: _l("clubs"),
}
#: A round can be dealt in these states.
STARTABLE = frozenset({"lobby", "over"})
#: Neither dealable nor running: a student dealer is still writing the rule.
_BETWEEN = frozenset({"choosing_rule"})
#: A player is to play and no verdict is owed: their turn may be skipped.
_SKIPPABLE = frozenset({"playing", "guess_window"})


def card_face(text: str) -> dict[str, str]:
    """A card for display: its label ('10♥'), its colour class, and words for screen readers."""
    try:
        card = Card.parse(text)
    except CardError:
        return {"label": text, "color": "unknown", "words": text}
    rank = _RANK_WORDS.get(card.rank, card.rank.symbol)
    return {
        "label": printed_label(card, str(get_locale() or "en")),
        "color": str(card.color),
        "words": _("%(rank)s of %(suit)s", rank=rank, suit=_SUIT_WORDS[card.suit]),
    }


@dataclass(frozen=True, slots=True)
class PendingGuess:
    """A guess waiting for the teacher's verdict, with what helps to judge it."""

    group_id: int
    group_name: str
    nickname: str
    text: str
    number: int
    rule_text: str
    library: LibraryRule | None
    check: GuessCheck
    #: A guess built by taps, in the words the child chose (the text is its rule language).
    words: str | None = None


def game_badge(mode: str) -> str | None:
    """The name of the game `mode`, in the reader's language, when it is not the kit's usual
    game (pages badge the others)."""
    return None if mode == DEFAULT_GAME else say(find_game(mode).title)


@dataclass(frozen=True, slots=True)
class GameChoice:
    """A game the group's next rounds may be, as the panel's game switch offers it."""

    name: str
    title: str
    chosen: bool
    #: Why the group cannot play it with its seats now (None: it can).
    note: str | None


def _game_choice(game: Game, chosen: str, players: int) -> GameChoice:
    fits = game.min_players <= players <= game.max_players
    note = None
    if not fits and game.name != chosen:
        note = _(
            "%(game)s needs %(least)d to %(most)d players.",
            game=say(game.title),
            least=game.min_players,
            most=game.max_players,
        )
    return GameChoice(game.name, say(game.title), game.name == chosen, note)


@dataclass(frozen=True, slots=True)
class Panel:
    """One group's panel: the teacher view and the library entry of its secret rule."""

    view: dict[str, Any]
    library: LibraryRule | None
    names: dict[str, str]
    #: The class has ended: the panel shows what happened, without buttons.
    ended: bool = False
    #: Engine seat ids with a tablet connected now.
    online: frozenset[str] = frozenset()
    #: A call or a verdict waiting on an offline tablet, which the teacher may settle.
    settle: SettleOffer | None = None
    #: Engine seat ids of the robot players: never offline, never renamed.
    robots: frozenset[str] = frozenset()

    @property
    def status(self) -> str:
        """The round's status (see STATUS_LABELS)."""
        return str(self.view["status"])

    @property
    def can_start(self) -> bool:
        """True when a new round may be dealt (enough players is the service's call)."""
        return not self.ended and self.status in STARTABLE

    @property
    def running(self) -> bool:
        """True while a round is on."""
        return not self.ended and self.status not in STARTABLE | _BETWEEN

    @property
    def between_rounds(self) -> bool:
        """True when the dealer may be changed: no round running, no rule being chosen."""
        return not self.ended and self.status in STARTABLE

    @property
    def next_dealer(self) -> str | None:
        """The student who will deal the next round (student dealers only)."""
        seats = [str(seat["seat"]) for seat in self.view["seats"]]
        if self.view.get("dealer_mode") != "student" or not seats:
            return None
        return self.nickname(next_dealer(seats, int(self.view["round"])))

    @property
    def can_skip(self) -> bool:
        """True when the turn may be skipped, in any game: someone is to play and no verdict
        (nor a prophet's call) is owed."""
        return not self.ended and self.status in _SKIPPABLE and self.view.get("turn") is not None

    @property
    def game_badge(self) -> str | None:
        """The name of the group's game, when it is not the kit's usual game."""
        return game_badge(str(self.view.get("mode", DEFAULT_GAME)))

    @property
    def games(self) -> list[GameChoice]:
        """Every game the group may play next, the one chosen first."""
        chosen = str(self.view.get("next_mode", DEFAULT_GAME))
        players = len(self.view.get("seats", ()))
        choices = [_game_choice(game, chosen, players) for game in GAMES]
        return sorted(choices, key=lambda choice: not choice.chosen)

    def marked(self, number: int) -> str:
        """The marker on the card played `number`-th: "prophet", "marker" or ""."""
        if number and number == self.view.get("prophet_marker"):
            return "prophet"
        return "marker" if number in self.view.get("markers", ()) else ""

    def is_online(self, seat: str) -> bool:
        """Whether the seat has a tablet connected (a robot always plays)."""
        return seat in self.online or seat in self.robots

    def is_robot(self, seat: str) -> bool:
        """Whether a program sits in the seat."""
        return seat in self.robots

    @property
    def can_seat_robot(self) -> bool:
        """Whether a robot player may join: the class goes on, the app deals, seats are free."""
        seats = len(self.view.get("seats", ()))
        return not self.ended and self.view.get("dealer_mode") == "app" and seats < MAX_PLAYERS

    def nickname(self, seat: str | None) -> str:
        """The nickname behind an engine seat id."""
        return self.names.get(seat or "", "?")


def panel(
    snapshot: GroupSnapshot,
    *,
    ended: bool = False,
    online: set[int] | None = None,
    offline_since: Callable[[int], datetime | None] | None = None,
) -> Panel:
    """The panel of one group; `online` holds the seat ids with a tablet connected, and
    `offline_since` says since when a seat's tablet is offline (for the settle buttons)."""
    settle = None
    if offline_since is not None and not ended:
        settle = settle_offer(snapshot, offline_since)
    return Panel(
        view=teacher_group_view(snapshot),
        library=library_rule(snapshot.rule_id),
        names=snapshot.names,
        ended=ended,
        online=frozenset(str(seat_id) for seat_id in online or ()),
        settle=settle,
        robots=frozenset(seat.key for seat in snapshot.seats if seat.robot),
    )


def pending_guesses(groups: Iterable[GroupSnapshot]) -> list[PendingGuess]:
    """Every group's unjudged guess, oldest first (a group holds at most one at a time)."""
    found = []
    waiting = [g for g in groups if g.guess_pending_since is not None]
    for group in sorted(waiting, key=lambda g: (g.guess_pending_since, g.position)):
        state = group.state
        if state is None or state.phase != "judging_guess" or not state.guesses:
            continue
        guess = state.guesses[-1]
        found.append(
            PendingGuess(
                group_id=group.group_id,
                group_name=group.group_name,
                nickname=group.nickname(guess.seat),
                text=guess.text,
                number=len(state.guesses) - 1,
                rule_text=group.rule_text,
                library=library_rule(group.rule_id),
                check=check_guess(group.rule_text, guess.text),
                words=built_words(guess.text),
            )
        )
    return found


def template_helpers() -> dict[str, Any]:
    """Helpers every teacher template may use."""
    return {
        "card_face": card_face,
        "status_label": lambda status: STATUS_LABELS.get(status, status),
        "end_reason": lambda reason: END_REASONS.get(reason, reason),
        "got_it_rule": got_it_rule,
        "game_badge": game_badge,
        "game_scoring": lambda mode: say(find_game(mode).scoring),
        "built_words": built_words,
        "robot_kinds": ROBOT_KINDS,
        "robot_labels": ROBOT_LABELS,
        "robot_explained": ROBOT_EXPLAINED,
    }


def built_words(text: str) -> str | None:
    """A hypothesis built by taps in the words the builder showed the child, in the reader's
    language; None for text typed by hand (it is shown as written)."""
    built = built_from(text)
    return say(built.words) if built is not None else None
