"""Join by code (or QR), choose a group and a nickname, then play."""

from __future__ import annotations

from flask import Response as FlaskResponse
from flask import make_response, redirect, render_template, request, session, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response

from classroom.core.cards import Rank, printed_rank
from classroom.core.rules.library import load_library
from classroom.usecases import ServiceError
from classroom.web.context import use_cases
from classroom.web.messages import say
from classroom.web.quotas import Refusal
from classroom.web.ratelimit import browser_key, code_guess, seat_claim
from classroom.web.student.blueprint import student
from classroom.web.student.forms import CodeForm, SeatForm

#: Why a join request waits, by the limit that had no room (see classroom/web/ratelimit.py).
_WAIT_MESSAGES = {
    "browser": _l("Too many tries from this tablet. Wait a minute, then try again."),
    "class": _l("Many students are joining this class right now. Try again in a few seconds."),
    "net": _l("Too many tries from this school's network. Wait a minute, then try again."),
}


def _too_many(refusal: Refusal, code: str) -> FlaskResponse:
    """The join page, saying who must wait, and for how long at most."""
    form = CodeForm(code=code)
    who = refusal.limit.key.split(":")[1]
    form.code.errors = [str(_WAIT_MESSAGES[who])]
    response = make_response(render_template("student/code.html", form=form), 429)
    response.headers["Retry-After"] = str(int(refusal.limit.window))
    return response


@student.get("/join")
def join() -> str | Response:
    """Ask for the code, or (with ?code=) for a group and a nickname."""
    code = request.args.get("code", "").strip()
    if not code:
        browser_key()  # the browser's id goes out with the first page: its limits are its own
        return render_template("student/code.html", form=CodeForm())
    return _seat_page(SeatForm(code=code))


@student.post("/join")
def join_code() -> str | Response:
    """Step 1 submitted: go on to step 2 with the code in the URL."""
    form = CodeForm()
    if not form.validate_on_submit():
        return render_template("student/code.html", form=form), 400  # type: ignore[return-value]
    return redirect(url_for("student.join", code=form.code.data.strip().upper()))


@student.post("/join/seat")
def take_seat() -> str | Response:
    """Step 2 submitted: take the seat and go to the play page."""
    return _seat_page(SeatForm(), submitted=True)


@student.get("/play")
def play() -> str | Response:
    """The tablet's game page; the token goes to localStorage from here."""
    token = session.get("play_token", "")
    language = _language()
    return render_template(
        "student/play.html",
        token=token,
        practice=_at_practice_table(token),
        library=_library_choices(language),
        rule_texts={rule.id: rule.text_in(language) for rule in load_library()},
        rank_letters={rank.symbol: printed_rank(rank, language) for rank in _LETTERED},
    )


def _at_practice_table(token: str) -> bool:
    """Whether the tablet's seat is at a practice table (it deals its own next round)."""
    try:
        return use_cases().practice.is_practice(use_cases().seats.seat_by_token(token))
    except ServiceError:
        return False


@student.get("/")
def home() -> Response:
    """Students land on the join page; teachers have /teacher."""
    return redirect(url_for("student.join"))


#: The ranks printed as letters, which differ from country to country.
_LETTERED = (Rank.ACE, Rank.JACK, Rank.QUEEN, Rank.KING)


def _language() -> str:
    """The language this page speaks ('en', 'ja', 'pl', 'ru')."""
    locale = get_locale()
    return locale.language if locale is not None else "en"


def _library_choices(language: str) -> list[dict[str, object]]:
    """The rules a student dealer may pick, in `language`: well designed ones, easiest first."""
    return [
        {
            "id": rule.id,
            "title": rule.title_in(language),
            "text": rule.text_in(language),
            "difficulty": rule.difficulty,
        }
        for rule in load_library()
        if not rule.bad_design
    ]


def _seat_page(form: SeatForm, *, submitted: bool = False) -> str | Response:
    """Show (or, when submitted, take) a seat in the class named by the form's code."""
    code = (form.code.data or "").strip()
    guess = code_guess()
    if isinstance(guess, Refusal):
        return _too_many(guess, code)
    try:
        info = use_cases().seats.open_class_by_code(code)
    except ServiceError as error:
        code_form = CodeForm(code=code)
        code_form.code.errors = [say(error)]
        return render_template("student/code.html", form=code_form), 404  # type: ignore[return-value]
    except BaseException:
        guess.give_back()  # the code was never looked up
        raise
    guess.give_back()  # a right code is not a guess
    form.group.choices = [(group_id, name) for group_id, name, _seated in info.groups]
    if submitted and form.validate_on_submit():
        claim = seat_claim(info.class_id)
        if isinstance(claim, Refusal):
            return _too_many(claim, code)
        try:
            _seat, token = use_cases().seats.join(code, form.group.data, form.nickname.data)
        except ServiceError as error:
            claim.give_back()  # no seat was taken
            form.nickname.errors = [say(error)]
        except BaseException:
            claim.give_back()
            raise
        else:
            session["play_token"] = token
            return redirect(url_for("student.play"))
    if info.joining_locked and not form.nickname.errors:
        form.nickname.errors = [_("Joining is closed for this class. Ask your teacher.")]
    page = render_template("student/seat.html", form=form, info=info)
    return (page, 400) if submitted else page  # type: ignore[return-value]
