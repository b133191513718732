"""Players that are programs: a random player, a confirmer and an ideal scientist.

Each robot decides from a `SeatView` (its hand, the mainline, every judged play on the table, the
guesses called wrong), never from the secret rule. Robots keep no memory between calls: what a
confirmer "keeps in mind" is found again by replaying the table with its seed, so a robot seat
needs nothing stored beyond its kind and seed, and the same view always gets the same answer.

- `RandomPlayer` plays a random card, never declares no-play, never guesses.
- `Confirmer` holds one hypothesis, chosen at random among the candidates consistent with the
  table when it chose; it plays only cards that hypothesis accepts, guesses it whenever it may,
  and changes it only when the table (or a wrong guess) refutes it: the confirmation bias of
  Wason's 2-4-6 task.
- `IdealScientist` keeps every candidate consistent with the table and plays the card (or
  string) whose verdict is expected to carry the most information. Once few candidates are
  left it names the likeliest at every chance (a wrong guess is free and rules that rule out;
  when the house option makes it cost a card, only once the rules no play can tell apart from
  it hold half the prior weight), and, in New Eleusis, declares itself prophet once they hold
  90 %.

>>> from classroom.core.cards import Card
>>> view = SeatView("Ana", hand=(Card.parse("2H"), Card.parse("KS")),
...                 mainline=(Card.parse("5D"),), trials=())
>>> IdealScientist().choose_play(view) in ((Card.parse("2H"),), (Card.parse("KS"),))
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from classroom.core.cards import Card
from classroom.core.robots.candidates import CandidateSet, candidate_set, members
from classroom.core.robots.evidence import Trial, after, ruled_out_by_guesses
from classroom.core.robots.information import expected_information, share_accepting

__all__ = ["KINDS", "Confirmer", "IdealScientist", "RandomPlayer", "Robot", "SeatView", "robot"]

#: Below this, a play's expected information counts as none (floating-point dust).
_NOTHING = 1e-9
#: How few candidates must be left before the ideal scientist weighs their classes.
_FEW = 64


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat knows: its hand, the mainline, every judged play, the wrong guesses."""

    seat: str
    hand: tuple[Card, ...]
    #: The mainline now, starter first.
    mainline: tuple[Card, ...]
    #: Every judged play on the table so far, in order (sidelines included).
    trials: tuple[Trial, ...]
    #: Texts of guesses the dealer called wrong (anyone's).
    wrong_guesses: tuple[str, ...] = ()
    #: The longest string a play may be: 1 in Eleusis Express, 4 in New Eleusis.
    longest: int = 1
    #: True when a wrong guess costs a card (the house option); guesses are free otherwise.
    guess_costs: bool = False


class Robot:
    """What every robot answers; the base class plays like nobody in particular."""

    kind: ClassVar[str] = "robot"

    def __init__(self, *, seed: int = 0, candidates: CandidateSet | None = None) -> None:
        self.seed = seed
        self.candidates = candidates or candidate_set()

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    def rng(self, view: SeatView, purpose: str) -> random.Random:
        """A random source fixed by the seed, the seat, the table so far and the purpose."""
        return random.Random(f"{self.seed}:{view.seat}:{len(view.trials)}:{purpose}")

    def alive(self, view: SeatView) -> int:
        """The candidates consistent with everything the table has shown."""
        wrong = ruled_out_by_guesses(self.candidates, view.wrong_guesses)
        alive = self.candidates.everything & ~wrong
        for trial in view.trials:
            alive = after(self.candidates, alive, trial)
        return alive

    def choose_play(self, view: SeatView) -> tuple[Card, ...] | None:
        """The card (or string, up to `view.longest`) to play; None to declare no-play."""
        return (self.rng(view, "play").choice(view.hand),) if view.hand else None

    def guess(self, view: SeatView) -> str | None:
        """Rule-language text to guess right after one's own correct play; None to pass."""
        return None

    def predict(self, view: SeatView, cards: Sequence[Card]) -> bool:
        """Whether the dealer will accept `cards`, just played by someone else."""
        return self.rng(view, "predict").random() < 0.5

    def declares_prophet(self, view: SeatView) -> bool:
        """Whether to become prophet now (New Eleusis, right after one's correct string)."""
        return False

    def call(self, view: SeatView, cards: Sequence[Card]) -> bool:
        """As prophet: whether the string `cards` just played is right."""
        return self.predict(view, cards)

    def call_no_play(self, view: SeatView, shown: Sequence[Card]) -> bool:
        """As prophet: whether a no-play showing `shown` is right (no card of it playable)."""
        return self.rng(view, "no-play").random() < 0.5

    def point(self, view: SeatView, shown: Sequence[Card]) -> Card:
        """As prophet: the playable card of a no-play's hand."""
        return self.rng(view, "point").choice(list(shown))


class RandomPlayer(Robot):
    """Plays a random card, never declares no-play, never guesses, never becomes prophet."""

    kind = "random"


class Confirmer(Robot):
    """Keeps one hypothesis and plays only what it predicts will be accepted."""

    kind = "confirmer"

    def hypothesis(self, view: SeatView) -> int | None:
        """The candidate held now: kept until refuted, then chosen again among the consistent."""
        candidates = self.candidates
        alive = candidates.everything
        held: int | None = None
        for step, trial in enumerate((None, *view.trials)):
            if trial is not None:
                alive = after(candidates, alive, trial)
            if held is None or not alive >> held & 1:
                held = self._choose(alive, view.seat, step)
        wrong = ruled_out_by_guesses(candidates, view.wrong_guesses)
        if held is not None and wrong >> held & 1:
            held = self._choose(alive & ~wrong, view.seat, -len(view.wrong_guesses))
        return held

    def _choose(self, alive: int, seat: str, step: int) -> int | None:
        pool = list(members(alive))
        return random.Random(f"{self.seed}:{seat}:{step}").choice(pool) if pool else None

    def _accepts(self, held: int, mainline: Sequence[Card], cards: Sequence[Card]) -> bool:
        return bool(self.candidates.accepting(mainline, cards) >> held & 1)

    def choose_play(self, view: SeatView) -> tuple[Card, ...] | None:
        """A card the hypothesis accepts (a string of two in New Eleusis when it can)."""
        held = self.hypothesis(view)
        if held is None:
            return super().choose_play(view)
        rng = self.rng(view, "play")
        chosen: tuple[Card, ...] = ()
        left = list(view.hand)
        while len(chosen) < min(view.longest, 2):
            line = (*view.mainline, *chosen)
            fits = [card for card in left if self._accepts(held, line, (card,))]
            if not fits:
                break
            card = rng.choice(fits)
            chosen = (*chosen, card)
            left.remove(card)
        return chosen or None

    def guess(self, view: SeatView) -> str | None:
        """The hypothesis held, every time the confirmer may guess."""
        held = self.hypothesis(view)
        return None if held is None else self.candidates[held].said

    def predict(self, view: SeatView, cards: Sequence[Card]) -> bool:
        """What the hypothesis says."""
        held = self.hypothesis(view)
        if held is None:
            return super().predict(view, cards)
        return self._accepts(held, view.mainline, cards)

    def declares_prophet(self, view: SeatView) -> bool:
        """Once its hypothesis has explained the last ten plays."""
        held = self.hypothesis(view)
        recent = view.trials[-10:]
        if held is None or len(recent) < 10:
            return False
        return all(self._accepts(held, t.mainline, t.cards) == t.accepted for t in recent)

    def call(self, view: SeatView, cards: Sequence[Card]) -> bool:
        """What the hypothesis says."""
        return self.predict(view, cards)

    def call_no_play(self, view: SeatView, shown: Sequence[Card]) -> bool:
        """Right when the hypothesis accepts no card shown."""
        return not any(self.predict(view, (card,)) for card in shown)

    def point(self, view: SeatView, shown: Sequence[Card]) -> Card:
        """The first card shown that the hypothesis accepts."""
        return next((card for card in shown if self.predict(view, (card,))), shown[0])


class IdealScientist(Robot):
    """Keeps every consistent candidate and plays the most informative card or string."""

    kind = "ideal"

    def __init__(
        self,
        *,
        seed: int = 0,
        candidates: CandidateSet | None = None,
        library_weight: float = 1.0,
        guess_share: float = 0.5,
        free_guess_share: float = 0.0,
        prophet_share: float = 0.9,
    ) -> None:
        super().__init__(seed=seed, candidates=candidates)
        #: The prior: a library rule weighs this many builder fillings (1.0: uniform).
        self.library_weight = library_weight
        #: The share of what is possible the likeliest rule's class needs before a guess
        #: that costs a card; a free guess is itself an experiment, so the bar is lower.
        self.guess_share = guess_share
        self.free_guess_share = free_guess_share
        self.prophet_share = prophet_share

    def share(self, alive: int, accepting: int) -> float:
        """The prior share of `alive` accepting."""
        return share_accepting(
            self.candidates, alive, accepting, library_weight=self.library_weight
        )

    def information(self, alive: int, accepting: int) -> float:
        """The expected information of a verdict splitting `alive` by `accepting`."""
        return expected_information(
            self.candidates, alive, accepting, library_weight=self.library_weight
        )

    def options(self, view: SeatView) -> list[tuple[Card, ...]]:
        """The plays it weighs: every card, and in New Eleusis every ordered pair."""
        singles: list[tuple[Card, ...]] = [(card,) for card in dict.fromkeys(view.hand)]
        if view.longest < 2:
            return singles
        hand = view.hand
        pairs = [(a, b) for i, a in enumerate(hand) for j, b in enumerate(hand) if i != j]
        return singles + list(dict.fromkeys(pairs))

    def choose_play(self, view: SeatView) -> tuple[Card, ...] | None:
        """The most informative play; once none can teach anything, the longest sure one."""
        if not view.hand:
            return None
        alive = self.alive(view)
        if not alive:
            return super().choose_play(view)
        scored = []
        for cards in self.options(view):
            accepting = self.candidates.accepting(view.mainline, cards)
            scored.append((self.information(alive, accepting), self.share(alive, accepting), cards))
        best = max(info for info, _share, _cards in scored)
        if best > _NOTHING:
            # Of the most informative, the likeliest to be accepted: it empties the hand.
            ties = [(share, c) for info, share, c in scored if info >= best - _NOTHING]
            return max(ties, key=lambda tie: (tie[0], -len(tie[1])))[1]
        return self._sure_string(view, alive)

    def _sure_string(self, view: SeatView, alive: int) -> tuple[Card, ...] | None:
        """The longest string every remaining candidate accepts; None (no-play) if no card."""
        chosen: tuple[Card, ...] = ()
        left = list(view.hand)
        while len(chosen) < view.longest:
            line = (*view.mainline, *chosen)
            sure = next((c for c in left if self._all_accept(alive, line, c)), None)
            if sure is None:
                break
            chosen = (*chosen, sure)
            left.remove(sure)
        return chosen or None

    def _all_accept(self, alive: int, mainline: Sequence[Card], card: Card) -> bool:
        return alive & self.candidates.accepting(mainline, (card,)) == alive

    def leader(self, view: SeatView, alive: int) -> tuple[int | None, float]:
        """The likeliest rule left and the prior share of its class: the candidates no play
        of this round can tell from it (see `CandidateSet.same_from_here`). Classes are only
        weighed once few candidates are left; before that the leader is None."""
        candidates, weigh = self.candidates, self.library_weight
        total = candidates.weight(alive, weigh)
        if total <= 0 or alive.bit_count() > _FEW:
            return None, 0.0
        best: tuple[float, int] | None = None
        left = alive
        while left:
            first = min(members(left), key=self._priority)
            same = (candidates.same_from_here(first, view.mainline) & left) | 1 << first
            share = candidates.weight(same, weigh) / total
            if best is None or share > best[0]:
                best = (share, first)
            left &= ~same
        assert best is not None
        return best[1], best[0]

    def _priority(self, number: int) -> tuple[bool, int, int]:
        """Which member of a class to name: a library rule, then the shortest text."""
        candidate = self.candidates[number]
        return (candidate.library_id is None, len(candidate.text), number)

    def guess(self, view: SeatView) -> str | None:
        """The likeliest rule, once few rules are left and its class holds enough of them."""
        best, share = self.leader(view, self.alive(view))
        bar = self.guess_share if view.guess_costs else self.free_guess_share
        if best is None or share < bar:
            return None
        return self.candidates[best].said

    def predict(self, view: SeatView, cards: Sequence[Card]) -> bool:
        """What most of the remaining candidates (by prior weight) say."""
        alive = self.alive(view)
        return self.share(alive, self.candidates.accepting(view.mainline, cards)) >= 0.5

    def declares_prophet(self, view: SeatView) -> bool:
        """Once the likeliest rule's class holds `prophet_share` of what is possible."""
        return self.leader(view, self.alive(view))[1] >= self.prophet_share

    def call(self, view: SeatView, cards: Sequence[Card]) -> bool:
        """What most of the remaining candidates say."""
        return self.predict(view, cards)

    def call_no_play(self, view: SeatView, shown: Sequence[Card]) -> bool:
        """Right when most of the remaining candidates accept no card shown."""
        return not any(self.predict(view, (card,)) for card in shown)

    def point(self, view: SeatView, shown: Sequence[Card]) -> Card:
        """The card shown that most of the remaining candidates accept."""
        alive = self.alive(view)

        def share(card: Card) -> float:
            return self.share(alive, self.candidates.accepting(view.mainline, (card,)))

        return max(shown, key=share)


#: The robots by kind, as a teacher picks them for a seat.
KINDS: dict[str, type[Robot]] = {
    kind.kind: kind for kind in (RandomPlayer, Confirmer, IdealScientist)
}


def robot(kind: str, *, seed: int = 0) -> Robot:
    """A robot of `kind` ('random', 'confirmer', 'ideal'); ValueError for another kind."""
    found = KINDS.get(kind)
    if found is None:
        raise ValueError(f"no robot is called {kind!r}; choose one of {', '.join(KINDS)}")
    return found(seed=seed)
