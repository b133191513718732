"""Going on without a tablet, from the class page: when a prophet's call or a student dealer's
verdict has waited for the class's away time, the group's panel offers the teacher to go on
without the call, or to judge in the dealer's place (with what the secret rule says, where the
app can read it). The wait counts from the later of the table's last move and the tablet's
going offline; a tablet still online that does not answer (a student who will not call) is
waited for as long, then offered alike, so no student can stall a table. Before that, the panel
says how long is left, and the page redraws it then (`live.js`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from flask import url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from classroom.core.cards import printed_label
from classroom.core.games.registry import find_game
from classroom.core.games.shape import Game, Verdict
from classroom.core.rules import RuleError
from classroom.usecases import GroupSnapshot
from classroom.usecases.classes import AWAY_SECONDS_DEFAULT
from classroom.usecases.context import utcnow
from classroom.usecases.rounds import compiled
from classroom.usecases.settling import away_for
from classroom.web.auth import login_required, me
from classroom.web.buttons import back
from classroom.web.context import use_cases
from classroom.web.teacher.actions import perform, perform_and_go_back
from classroom.web.teacher.blueprint import teacher
from classroom.web.teacher.forms import ClassAwayForm, DealerVerdictForm, WaiveCallForm

__all__ = ["SettleOffer", "away_form", "settle_offer"]


@dataclass(frozen=True, slots=True)
class SettleOffer:
    """What a group's panel offers while a call or a verdict waits on an offline tablet."""

    #: Where the table stood when the page was drawn (a stale page settles nothing newer).
    seq: int
    #: The engine seat id whose tablet is away: the prophet's, or the student dealer's.
    seat: str
    #: The dealer's verdict that waits ("play", "no_play", "point"); None: the prophet's call.
    verdict: str | None
    #: Seconds before the buttons show (0: they show now).
    due_in: float
    #: The cards the teacher may name as played instead (a wrong no-play or prophet's card).
    hand: tuple[str, ...] = ()
    #: What the secret rule says of what waits, in words (None: the app cannot read it).
    advice: str | None = None
    #: The card the rule would play, chosen first in the list.
    advice_card: str | None = None
    #: Whether the seat's tablet is online (it is there, but has not answered).
    online: bool = False

    @property
    def shown(self) -> bool:
        """Whether the buttons show now."""
        return self.due_in <= 0


def settle_offer(
    snapshot: GroupSnapshot,
    offline_since: Callable[[int], datetime | None],
    now: datetime | None = None,
) -> SettleOffer | None:
    """The panel's offer, if the table waits on a seat's call or verdict (None: it waits on
    nobody but the player whose turn it is)."""
    state, since = snapshot.state, snapshot.awaited_since
    if state is None or since is None or snapshot.paused:
        return None
    game = find_game(snapshot.mode)
    awaited = game.awaited(state)
    if awaited is None:
        return None
    seat = awaited.caller or snapshot.dealer_seat
    if seat is None or not seat.isdigit():
        return None
    now = now or utcnow()
    offline = offline_since(int(seat))
    waited = away_for(since, offline, now)
    if waited is None:  # online: the wait counts from the table's last move alone
        waited = max(0.0, (now - since).total_seconds())
    due_in = max(0.0, snapshot.away_seconds - waited)
    online = offline is None
    if awaited.caller is not None:
        return SettleOffer(state.seq, seat, None, due_in, online=online)
    rule = _rule_verdict(game, snapshot)
    advice_card = str(rule.card) if rule and rule.card else None
    return SettleOffer(
        state.seq,
        seat,
        awaited.verdict,
        due_in,
        _hand(state),
        _advice(rule),
        advice_card,
        online=online,
    )


def _hand(state: object) -> tuple[str, ...]:
    """The hand of the player whose turn waits, less the prophet's chosen card."""
    pending = getattr(state, "pending", None)
    if pending is None:
        return ()
    pointed = getattr(pending, "pointed", None)
    hand = state.hand(pending.seat)  # type: ignore[attr-defined]
    return tuple(str(card) for card in hand if card != pointed)


def _rule_verdict(game: Game, snapshot: GroupSnapshot) -> Verdict | None:
    """What the round's rule says, when it is written in the rule language and can judge."""
    if snapshot.rule_kind != "language":
        return None
    try:
        return game.rule_verdict(snapshot.state, compiled(snapshot.rule_text))
    except (RuleError, ArithmeticError, RecursionError):
        return None


def _advice(verdict: Verdict | None) -> str | None:
    if verdict is None:
        return None
    if verdict.kind == "play":
        return (
            _("The secret rule says: right.")
            if verdict.right
            else _("The secret rule says: wrong.")
        )
    if verdict.right:
        if verdict.kind == "point":
            return _("The secret rule says: the prophet's card fits.")
        return _("The secret rule says: no card of the hand fits.")
    if verdict.card is None:
        return _("The secret rule says: a card of the hand fits.")
    label = printed_label(verdict.card, str(get_locale() or "en"))
    return _("The secret rule says: %(card)s fits.", card=label)


@teacher.post("/groups/<int:group_id>/waive-call")
@login_required
def waive_call(group_id: int) -> Response:
    """Go on without the absent prophet's call: the dealer judges the turn."""
    form = WaiveCallForm()
    return perform_and_go_back(
        form,
        lambda: use_cases().settling.waive_call(me(), group_id, form.seq.data),
        done=_("The call was settled without the prophet: the dealer judges."),
        fallback=_fallback(),
    )


@teacher.post("/groups/<int:group_id>/judge-for-dealer")
@login_required
def judge_for_dealer(group_id: int) -> Response:
    """The teacher's verdict in the absent student dealer's place."""
    form = DealerVerdictForm()
    return perform_and_go_back(
        form,
        lambda: use_cases().settling.judge_for_dealer(me(), group_id, form.seq.data, form.verdict),
        done=_("Judged in the dealer's place."),
        fallback=_fallback(),
    )


def _fallback() -> str:
    return url_for("teacher.index")


def away_form(seconds: int) -> ClassAwayForm:
    """The class page's form, showing the class's away time."""
    return ClassAwayForm(away_seconds=seconds, formdata=None)


@teacher.post("/classes/<int:class_id>/away")
@login_required
def set_away_seconds(class_id: int) -> Response:
    """How long a call or a dealer's verdict waits on an offline tablet from now on."""
    form = ClassAwayForm()
    blank = form.away_seconds.data is None
    seconds = AWAY_SECONDS_DEFAULT if blank else int(form.away_seconds.data)
    perform(
        form,
        lambda: use_cases().classes.set_away_seconds(me(), class_id, seconds),
        done=_("The time to wait for an absent tablet is changed."),
    )
    return back(form.next.data, url_for("teacher.show_class", class_id=class_id))
