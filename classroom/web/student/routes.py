"""Join by code (or QR), choose a group and a nickname, then play."""

from __future__ import annotations

from flask import Response as FlaskResponse
from flask import current_app, make_response, redirect, render_template, request, session, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_limiter import RequestLimit
from werkzeug.wrappers import Response

from classroom.core.cards import Rank, printed_rank
from classroom.core.rules.library import load_library
from classroom.usecases import ServiceError
from classroom.web.context import use_cases
from classroom.web.messages import say
from classroom.web.ratelimit import browser_key, limiter
from classroom.web.student.blueprint import student
from classroom.web.student.forms import CodeForm, SeatForm


def _too_many(_limit: RequestLimit) -> FlaskResponse:
    """The join page, saying that this network or browser must wait before trying again."""
    form = CodeForm(code=request.values.get("code", ""))
    form.code.errors = [_("Too many tries from this tablet or network. Wait a minute.")]
    return make_response(render_template("student/code.html", form=form), 429)


def _config(name: str) -> str:
    value: str = current_app.config[name]
    return value


#: Wrong join codes tried, per address, counted alike on every page that takes a code.
codes_tried = limiter.shared_limit(
    lambda: _config("JOIN_CODE_LIMIT"),
    scope="join-code",
    exempt_when=lambda: not request.values.get("code"),
    deduct_when=lambda response: response.status_code == 404,
    on_breach=_too_many,
)
#: Seats taken per address and per browser.
seats_taken_per_network = limiter.limit(
    lambda: _config("SEAT_CLAIM_LIMIT"),
    deduct_when=lambda response: response.status_code == 302,
    on_breach=_too_many,
)
seats_taken_per_browser = limiter.limit(
    lambda: _config("SEAT_CLAIMS_PER_BROWSER"),
    key_func=browser_key,
    deduct_when=lambda response: response.status_code == 302,
    on_breach=_too_many,
)


@student.get("/join")
@codes_tried
def join() -> str | Response:
    """Ask for the code, or (with ?code=) for a group and a nickname."""
    code = request.args.get("code", "").strip()
    if not code:
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
@codes_tried
@seats_taken_per_network
@seats_taken_per_browser
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
        library=_library_choices(language),
        rule_texts={rule.id: rule.text_in(language) for rule in load_library()},
        rank_letters={rank.symbol: printed_rank(rank, language) for rank in _LETTERED},
    )


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
    try:
        info = use_cases().seats.open_class_by_code(code)
    except ServiceError as error:
        code_form = CodeForm(code=code)
        code_form.code.errors = [say(error)]
        return render_template("student/code.html", form=code_form), 404  # type: ignore[return-value]
    form.group.choices = [(group_id, name) for group_id, name, _seated in info.groups]
    if submitted and form.validate_on_submit():
        try:
            _seat, token = use_cases().seats.join(code, form.group.data, form.nickname.data)
        except ServiceError as error:
            form.nickname.errors = [say(error)]
        else:
            session["play_token"] = token
            return redirect(url_for("student.play"))
    if info.joining_locked and not form.nickname.errors:
        form.nickname.errors = [_("Joining is closed for this class. Ask your teacher.")]
    page = render_template("student/seat.html", form=form, info=info)
    return (page, 400) if submitted else page  # type: ignore[return-value]
