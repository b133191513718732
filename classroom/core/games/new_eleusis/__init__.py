"""New Eleusis (Abbott, 1977) as an event-sourced state machine: the kit's advanced mode.

Like Eleusis Express (`classroom.core.games.express`), a round is a log of events (`events`);
its state is a fold over them (`fold.apply`, `fold.replay`); commands (`turns`, `prophet`) check
legality (`verify`) and return new events; `Round` bundles the log, the state, an optional automatic
judge (any `allows(mainline, card)`, e.g. a compiled rule) and the rng. Every illegal command
raises a `NewEleusisError` (a `GameError`) and changes nothing.

Each rule and where it is enforced:

Setup
- 4 to 8 players plus the dealer, 14 cards each: `turns.deal`, `verify.verify_deal`.
- Two decks; another is shuffled in when the stock runs short (`DeckAdded`,
  `verdicts.Batch.add_drawing`), or at the deal when eight hands of 14 need it
  (`turns.decks_for`).
- The starter opens the mainline; the first player is counted clockwise from the dealer's
  left by its value, A=1 ... K=13 (house option "left": the dealer's left):
  `fold.first_player`, `Options.first_player`.
- Hints: `turns.hint`.

A turn
- A string of 1 to 4 cards from the hand: `verify.verify_play`.
- Judged card by card, each as if the cards before it had been accepted:
  `verdicts.string_is_right`.
- Right: all to the mainline. Wrong: all to the sideline under the last mainline card, in
  order, and 2 penalty cards per card: `fold._judged`, `verdicts.settle_play`.
- No play right: a new hand of 4 fewer, none left = an emptied hand; wrong: the dealer plays a
  correct card from the hand and the player draws 5: `fold._no_play_judged`,
  `verdicts.settle_no_play`.
- Turns go clockwise, skipping the prophet and expelled players: `RoundState.next_player`.

The prophet
- Declared right after one's own correct string, with no prophet in office, never prophet
  before in the round, and two other players still playing: `verify.verify_declare`. The
  marker goes on the card just played; the hand is set aside: `fold._declared`.
- The prophet calls every turn before the dealer (`prophet.call`); the dealer confirms or
  refutes (`turns.judge_play`, `turns.judge_no_play`, `prophet.judge_point`).
- A refuted call overthrows the prophet: 5 penalty cards, the hand back, the marker removed,
  turns resumed (`fold._overthrown`); the player draws no penalty and is not expelled for
  that turn; the dealer places the cards correctly (`verdicts`).
- A no-play with a prophet, four cases (`verdicts.settle_no_play`, `verdicts.settle_point`):
  1. prophet "none", dealer agrees: a new hand of 4 fewer;
  2. prophet "there is one", dealer says none: a new hand of 4 fewer, the prophet overthrown;
  3. prophet "none", dealer plays a right card: no penalty, the prophet overthrown;
  4. prophet "there is one", dealer agrees: the prophet points (`prophet.point`); a right card
     is played and the player draws 5; a wrong one overthrows the prophet and the dealer plays
     a right card, the player drawing nothing.
- No second time as prophet in a round: `RoundState.former_prophets`.
- A prophet whose tablet is away too long: the teacher, or the app as dealer, goes on without
  the call or the point (`prophet.waive_call`, `CallWaived`). The turn is judged as if there
  were no prophet call on it; the prophet keeps office with no penalty and no overthrow (an
  absent tablet is not a wrong call), and the turn counts neither for nor against them.

Sudden death
- A marker on every 10th card played, mainline and sideline, the starter not counted
  (`Marked`, `verdicts._aftermath`).
- After 30 cards with no prophet, or 20 after the prophet's marker (house option 40 / 40:
  `LONG_SUDDEN_DEATH`), a wrong play or a wrong no-play expels the player, who draws the
  penalty and keeps the hand for scoring: `RoundState.sudden_death`, `Expelled`. Whether a
  turn is in sudden death is decided by the cards counted before it. An overthrow restarts
  the count without a prophet from that moment: `RoundState.count_from`.

End and scoring
- The round ends when a hand is empty, or when nobody but the prophet is left playing
  (`verdicts._aftermath`), or when the teacher ends it (`turns.end_round`).
- High count minus one's hand, +4 for an empty hand; the prophet at the end +1 per mainline and
  +2 per sideline card after the marker; the dealer the highest player score, with a prophet at
  the end no more than twice the cards up to the marked card: `scoring`.
- A game: +10 for everyone who never dealt when it ends early: `scoring.game_totals`.

>>> import random
>>> class Alternate:
...     def allows(self, mainline, card):
...         return card.color != mainline[-1].color
>>> game = Round.deal(["Ana", "Ben", "Chen", "Dia"], random.Random(4), judge=Alternate())
>>> seat = game.state.turn
>>> right = [c for c in game.state.hand(seat) if c.color != game.state.layout.mainline[-1].color]
>>> [event.kind for event in game.play(seat, right[:1])]
['played', 'judged']
>>> [event.kind for event in game.declare(seat)]
['declared']
>>> game.state.prophet == seat, game.state.prophet_marker
(True, 1)
>>> replay(event_from_dict(e.to_dict()) for e in game.events) == game.state
True
"""

from classroom.core.games.new_eleusis.errors import (
    BadEvent,
    BadSetup,
    BadString,
    BadVerdict,
    CardNotInHand,
    EmptyText,
    NewEleusisError,
    NothingToJudge,
    NotPlaying,
    NotProphet,
    NotYourTurn,
    ProphetNotAllowed,
    RoundOver,
    UnknownSeat,
    VerdictPending,
)
from classroom.core.games.new_eleusis.events import (
    Called,
    CallWaived,
    Dealt,
    DeckAdded,
    Declared,
    EndReason,
    Event,
    Expelled,
    Hint,
    Judged,
    Marked,
    NoPlay,
    NoPlayJudged,
    Overthrown,
    Played,
    PlayerRemoved,
    Pointed,
    RoundEnded,
    TurnSkipped,
    event_from_dict,
)
from classroom.core.games.new_eleusis.fold import apply, first_player, replay
from classroom.core.games.new_eleusis.options import (
    DEFAULT_OPTIONS,
    HAND_SIZE,
    LONG_SUDDEN_DEATH,
    FirstPlayer,
    Options,
)
from classroom.core.games.new_eleusis.prophet import call, declare, judge_point, point, waive_call
from classroom.core.games.new_eleusis.round import Round
from classroom.core.games.new_eleusis.scoring import (
    RoundResult,
    dealer_score,
    game_totals,
    player_scores,
    round_result,
    round_scores,
    totals,
)
from classroom.core.games.new_eleusis.state import OWED, Pending, Phase, RoundState
from classroom.core.games.new_eleusis.turns import (
    deal,
    end_round,
    hint,
    judge_no_play,
    judge_play,
    no_play,
    play,
    remove_player,
    skip_turn,
)
from classroom.core.games.new_eleusis.verdicts import first_playable, string_is_right

__all__ = [
    "DEFAULT_OPTIONS",
    "HAND_SIZE",
    "LONG_SUDDEN_DEATH",
    "OWED",
    "BadEvent",
    "BadSetup",
    "BadString",
    "BadVerdict",
    "CallWaived",
    "Called",
    "CardNotInHand",
    "Dealt",
    "DeckAdded",
    "Declared",
    "EmptyText",
    "EndReason",
    "Event",
    "Expelled",
    "FirstPlayer",
    "Hint",
    "Judged",
    "Marked",
    "NewEleusisError",
    "NoPlay",
    "NoPlayJudged",
    "NotPlaying",
    "NotProphet",
    "NotYourTurn",
    "NothingToJudge",
    "Options",
    "Overthrown",
    "Pending",
    "Phase",
    "Played",
    "PlayerRemoved",
    "Pointed",
    "ProphetNotAllowed",
    "Round",
    "RoundEnded",
    "RoundOver",
    "RoundResult",
    "RoundState",
    "TurnSkipped",
    "UnknownSeat",
    "VerdictPending",
    "apply",
    "call",
    "deal",
    "dealer_score",
    "declare",
    "end_round",
    "event_from_dict",
    "first_playable",
    "first_player",
    "game_totals",
    "hint",
    "judge_no_play",
    "judge_play",
    "judge_point",
    "no_play",
    "play",
    "player_scores",
    "point",
    "remove_player",
    "replay",
    "round_result",
    "round_scores",
    "skip_turn",
    "string_is_right",
    "totals",
    "waive_call",
]
