"""What a tablet shows of everyone-predicts: the card the table is predicting, this student's
own forecast, and how right the student and the table have been this round. Pure.

Privacy: a student sees their own forecast and how many have predicted, never what another
student said; once the verdict is in, only how many were right.
"""

from __future__ import annotations

from typing import Any

from classroom.core.games.express import Prediction, RoundState
from classroom.core.games.express.round import passes
from classroom.core.games.express.verify import verify_predict
from classroom.projections.snapshots import GroupSnapshot

__all__ = ["prediction_view", "public_prediction"]


def public_prediction(seq: int) -> dict[str, Any]:
    """A `predicted` event as the table may see it: that someone predicted, not who or what."""
    return {"kind": "predicted", "seq": seq}


def prediction_view(snapshot: GroupSnapshot, seat_key: str) -> dict[str, Any] | None:
    """The `predict` field of a student's view; None when the class does not predict."""
    state = snapshot.state
    if not snapshot.everyone_predicts or state is None:
        return None
    judged = [p for p in state.predictions if p.right is not None]
    mine = [p for p in judged if p.seat == seat_key]
    return {
        "waiting": _waiting(snapshot, state, seat_key),
        "mine": _score(mine),
        "table": _score(judged),
        "last": _last(state, judged, seat_key),
    }


def _waiting(snapshot: GroupSnapshot, state: RoundState, seat_key: str) -> dict[str, Any] | None:
    """The card the table predicts now, with this seat's part in it."""
    pending = state.pending
    if state.phase != "judging_play" or pending is None or pending.card is None:
        return None
    said = next(
        (p.accepted for p in state.predictions if p.play == pending.since and p.seat == seat_key),
        None,
    )
    others = [seat for seat in state.seats if seat != pending.seat]
    left = snapshot.predict_left
    return {
        "play": pending.since,
        "card": str(pending.card),
        "player": pending.seat,
        "mine": pending.seat == seat_key,
        "can": not snapshot.paused and passes(lambda: verify_predict(state, seat_key)),
        "said": said,
        # Those who declined (Skip) have answered too: the window waits for nobody else.
        "count": sum(1 for seat in others if state.answered(seat)),
        "of": len(others),
        # Whole seconds left of the app's window; None with a student dealer (no window).
        "left": None if left is None else round(left),
        "seconds": None if left is None else snapshot.predict_seconds,
    }


def _score(predictions: list[Prediction]) -> dict[str, int]:
    return {"right": sum(1 for p in predictions if p.right), "of": len(predictions)}


def _last(state: RoundState, judged: list[Prediction], seat_key: str) -> dict[str, Any] | None:
    """The newest judged play that was predicted: how many were right, and this seat's own
    forecast on it (None if it did not predict that one)."""
    if not judged:
        return None
    play = max(p.play for p in judged)
    on_it = [p for p in judged if p.play == play]
    own = next((p for p in on_it if p.seat == seat_key), None)
    return {
        "play": play,
        "right": sum(1 for p in on_it if p.right),
        "of": len(on_it),
        "mine": None if own is None else own.right,
        "said": None if own is None else own.accepted,
    }
