"""Robot scientists: candidate rules as bit sets, what each play can teach, and three players.

- `candidates`: every library rule and builder filling, merged by meaning, as bits of one int.
- `evidence`: the judged plays of a round (`trials`) and the candidates they leave.
- `information`: entropy of a play's accept / reject split; what a judged play taught.
- `players`: `RandomPlayer`, `Confirmer`, `IdealScientist`, deciding from a `SeatView`.
- `seats`: a robot's next move in either game's own terms (`express_move`, `new_eleusis_move`).
- `tables`: whole rounds among robots with the app as dealer (`play_express`, ...).

docs/robots.md describes them for the web layer.
"""

from classroom.core.robots.candidates import Candidate, CandidateSet, candidate_set
from classroom.core.robots.evidence import Trial, consistent, trials
from classroom.core.robots.players import (
    KINDS,
    Confirmer,
    IdealScientist,
    RandomPlayer,
    Robot,
    SeatView,
    robot,
)
from classroom.core.robots.seats import (
    Call,
    DeclareProphet,
    Guess,
    Move,
    NoPlay,
    PassGuess,
    Play,
    Point,
    Predict,
    express_move,
    express_view,
    new_eleusis_move,
    new_eleusis_view,
)
from classroom.core.robots.tables import PlayedRound, play_express, play_new_eleusis
from classroom.core.robots.turns import next_robot_move

__all__ = [
    "KINDS",
    "Call",
    "Candidate",
    "CandidateSet",
    "Confirmer",
    "DeclareProphet",
    "Guess",
    "IdealScientist",
    "Move",
    "NoPlay",
    "PassGuess",
    "Play",
    "PlayedRound",
    "Point",
    "Predict",
    "RandomPlayer",
    "Robot",
    "SeatView",
    "Trial",
    "candidate_set",
    "consistent",
    "express_move",
    "express_view",
    "new_eleusis_move",
    "new_eleusis_view",
    "next_robot_move",
    "play_express",
    "play_new_eleusis",
    "robot",
    "trials",
]
