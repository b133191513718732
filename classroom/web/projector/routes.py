"""The projector page (its token is the credential) and the teacher's projector controls."""

from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import get_locale, ngettext
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from classroom.core.cards import Rank, printed_rank
from classroom.core.rules.library import load_library
from classroom.usecases import ServiceError
from classroom.web.auth import login_required, me
from classroom.web.buttons import ActionForm, SwitchForm, back, form_problems
from classroom.web.context import use_cases
from classroom.web.projector.blueprint import projector
from classroom.web.projector_feed import class_view
from classroom.web.qr import qr_svg


@projector.get("/projector/<token>")
def show(token: str) -> tuple[str, int, dict[str, str]] | tuple[str, dict[str, str]]:
    """The projector page: every group live; a wrong or old link gets a page that says so."""
    headers = {"Cache-Control": "no-store"}
    try:
        class_id = use_cases().classes.class_for_projector(token)
    except ServiceError:
        return render_template("projector/invalid.html"), 404, headers
    view = class_view(class_id)
    url = view["join_url"] or ""
    qr = qr_svg(url, label=_("QR code of %(url)s", url=url)) if url else None
    page = render_template(
        "projector/show.html",
        view=view,
        token=token,
        qr=qr,
        page_seconds=_page_seconds(),
        rank_letters=_rank_letters(),
        # Words with a number, in each plural form of the page's language, and the library
        # rules' words, for a revealed rule.
        more_words=_point_words() | _sudden_words() | _rule_words(),
    )
    return page, headers


#: How long each page of groups stays on screen when they do not all fit readably.
PAGE_SECONDS = 12
_LETTERED = (Rank.ACE, Rank.JACK, Rank.QUEEN, Rank.KING)


def _language() -> str:
    """The language this page speaks ('en', 'ja', 'pl', 'ru')."""
    locale = get_locale()
    return locale.language if locale is not None else "en"


def _rule_words() -> dict[str, str]:
    """Each library rule's plain words in the page's language, for a revealed rule's line."""
    return {f"rule_words_{rule.id}": rule.text_in(_language()) for rule in load_library()}


def _page_seconds() -> int:
    """Seconds per page: ?page_seconds= (1 to 120) for a quick look or a test, else the default."""
    asked = request.args.get("page_seconds", type=int)
    return max(1, min(120, asked)) if asked is not None else PAGE_SECONDS


def _rank_letters() -> dict[str, str]:
    """The letters of the ace and the court cards as printed on the decks of the page's language."""
    return {rank.symbol: printed_rank(rank, _language()) for rank in _LETTERED}


def _plural_categories() -> dict[str, int]:
    """The page language's CLDR plural categories, each with a whole number that stands for it
    in the catalog's plural rule (the first number of the category)."""
    locale = get_locale()
    categories: dict[str, int] = {}
    if locale is not None:
        for n in range(200):
            categories.setdefault(locale.plural_form(n), n)
    return categories


def _point_words() -> dict[str, str]:
    """'{n} point' in each plural form of the page's language, by CLDR category ('points_one',
    'points_few'...): the script picks the form with Intl.PluralRules, the catalog words it."""
    words = {
        f"points_{category}": ngettext("{n} point", "{n} points", n)
        for category, n in _plural_categories().items()
    }
    words.setdefault("points_other", ngettext("{n} point", "{n} points", 2))
    return words


def _sudden_words() -> dict[str, str]:
    """'Sudden death in {n} cards' at a New Eleusis table, in each plural form (as points)."""
    words = {
        f"ne_sudden_in_{category}": ngettext(
            "Sudden death in {n} card", "Sudden death in {n} cards", n
        )
        for category, n in _plural_categories().items()
    }
    words.setdefault(
        "ne_sudden_in_other", ngettext("Sudden death in {n} card", "Sudden death in {n} cards", 2)
    )
    return words


@projector.post("/teacher/projector/<int:class_id>/open")
@login_required
def open_view(class_id: int) -> Response:
    """A fresh projector link (the old one stops working, open pages included), then the page."""
    form = ActionForm()
    if not form.validate_on_submit():
        form_problems(form)
        return back(form.next.data, url_for("teacher.show_class", class_id=class_id))
    try:
        token = use_cases().classes.projector_link_token(me(), class_id)
    except ServiceError:
        abort(404)
    # Pages still open with the old link were told (the use case's effect), and hear nothing more.
    return redirect(url_for("projector.show", token=token))


@projector.post("/teacher/projector/<int:class_id>/anonymous")
@login_required
def set_anonymous(class_id: int) -> Response:
    """Show seats as "Player 1, 2..." on the projector (on = "1"), or nicknames again."""
    form = SwitchForm()
    page = url_for("teacher.show_class", class_id=class_id)
    if not form.validate_on_submit():
        form_problems(form)
        return back(form.next.data, page)
    try:
        use_cases().classes.set_projector_anonymous(me(), class_id, form.value)
    except ServiceError:
        abort(404)
    if form.value:
        flash(_("The projector shows players by number."), "ok")
    else:
        flash(_("The projector shows nicknames."), "ok")
    return back(form.next.data, page)


def anonymous(class_id: int) -> bool:
    """Whether the class's projector shows "Player 1, 2..." instead of nicknames."""
    return use_cases().reading.class_snapshot(None, class_id).projector_anonymous


def template_helpers() -> dict[str, Any]:
    """For the teacher's class page: whether its projector is anonymous."""
    return {"projector_anonymous": anonymous}
