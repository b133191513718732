"""One Eleusis Express round as an event-sourced state machine.

A round is a log of events (`events`); its state is a fold over them (`state.apply`,
`state.replay`). Commands (`commands`) check legality (`verify`) and return new events;
`Round` bundles the log, the state, an optional automatic judge and the rng.

>>> import random
>>> game = Round.deal(["Ana", "Ben", "Chen"], random.Random(2))
>>> card = game.state.hand("Ana")[0]
>>> [event.kind for event in game.play("Ana", card)]
['played']
>>> game.state.phase
'judging_play'
>>> [event.kind for event in game.judge_play(True)]
['judged']
>>> game.state.phase, game.state.guesser, game.state.turn
('guess_window', 'Ana', 'Ben')
>>> replay(event_from_dict(e.to_dict()) for e in game.events) == game.state
True

Absent players. The teacher may skip the turn of a seat whose player is away
(`skip_turn`, event `turn_skipped`), or remove a player mid-round (`remove_player`, event
`player_removed`). A removed player's hand goes back under the stock (the cards drawn next
are the ones already due), the player leaves the seat order and scores nothing for the
round; the turn passes on if it was theirs. A round left with fewer than three players ends
there and is scored as it stands.

Stock-out. With the house option "add_deck" a draw bigger than the stock shuffles a
52-card deck in first. With "end" a draw takes what is left and the round ends as soon as the
stock is empty, right after the draw that emptied it; a wrong play is never left without its
penalty card, so it never makes a hand smaller.
"""

from classroom.core.games.express.commands import (
    DEFAULT_OPTIONS,
    MIN_PLAYERS,
    Judge,
    deal,
    decline_prediction,
    end_round,
    guess,
    hint,
    judge_guess,
    judge_no_play,
    judge_play,
    no_play,
    pass_guess,
    play,
    predict,
    remove_player,
    skip_turn,
)
from classroom.core.games.express.errors import (
    BadEvent,
    BadSetup,
    BadVerdict,
    CardNotInHand,
    EmptyText,
    GameError,
    GuessNotAllowed,
    NothingToJudge,
    NotYourTurn,
    PredictionNotAllowed,
    RoundOver,
    UnknownSeat,
    VerdictPending,
)
from classroom.core.games.express.events import (
    Dealt,
    DeckAdded,
    EndReason,
    Event,
    Guessed,
    GuessJudged,
    GuessPassed,
    Hint,
    Judged,
    NoPlay,
    NoPlayJudged,
    Options,
    Played,
    PlayerRemoved,
    Predicted,
    PredictionDeclined,
    RoundEnded,
    StockOut,
    TurnSkipped,
    event_from_dict,
)
from classroom.core.games.express.round import Round
from classroom.core.games.express.state import (
    JUDGING,
    Guess,
    Pending,
    Phase,
    Prediction,
    RoundState,
    apply,
    owing,
    replay,
)
from classroom.core.games.express.verify import (
    verify_deal,
    verify_end_round,
    verify_guess,
    verify_hint,
    verify_judge_guess,
    verify_judge_no_play,
    verify_judge_play,
    verify_no_play,
    verify_pass_guess,
    verify_play,
    verify_predict,
    verify_remove_player,
    verify_skip_turn,
)

__all__ = [
    "DEFAULT_OPTIONS",
    "JUDGING",
    "MIN_PLAYERS",
    "BadEvent",
    "BadSetup",
    "BadVerdict",
    "CardNotInHand",
    "Dealt",
    "DeckAdded",
    "EmptyText",
    "EndReason",
    "Event",
    "GameError",
    "Guess",
    "GuessJudged",
    "GuessNotAllowed",
    "GuessPassed",
    "Guessed",
    "Hint",
    "Judge",
    "Judged",
    "NoPlay",
    "NoPlayJudged",
    "NotYourTurn",
    "NothingToJudge",
    "Options",
    "Pending",
    "Phase",
    "Played",
    "PlayerRemoved",
    "Predicted",
    "Prediction",
    "PredictionDeclined",
    "PredictionNotAllowed",
    "Round",
    "RoundEnded",
    "RoundOver",
    "RoundState",
    "StockOut",
    "TurnSkipped",
    "UnknownSeat",
    "VerdictPending",
    "apply",
    "deal",
    "decline_prediction",
    "end_round",
    "event_from_dict",
    "guess",
    "hint",
    "judge_guess",
    "judge_no_play",
    "judge_play",
    "no_play",
    "owing",
    "pass_guess",
    "play",
    "predict",
    "remove_player",
    "replay",
    "skip_turn",
    "verify_deal",
    "verify_end_round",
    "verify_guess",
    "verify_hint",
    "verify_judge_guess",
    "verify_judge_no_play",
    "verify_judge_play",
    "verify_no_play",
    "verify_pass_guess",
    "verify_play",
    "verify_predict",
    "verify_remove_player",
    "verify_skip_turn",
]
