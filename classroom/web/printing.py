"""Printables from the app: the class pack and game reports of the teacher's own classes, the
library documents, and the lesson plans as web pages and as PDFs.

Every download is built in memory and sent inline, so the browser's viewer can print it. A bad
parameter is a 400 with a sentence saying why; a class or group that is not the teacher's, 404.
File names keep the class's and group's own letters in any script (RFC 6266 `filename*`), with
an ASCII name beside them for browsers that read only `filename`.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import (
    Blueprint,
    Response,
    abort,
    render_template,
    request,
    url_for,
)
from flask_babel import get_locale
from flask_babel import gettext as _
from markupsafe import Markup

from classroom.core.rules.library import CONCEPT_NAMES, CONCEPTS, load_library
from classroom.usecases import NotFound
from classroom.usecases.checks import CheckOutcome
from classroom.web import print_params as query
from classroom.web.auth import login_required, me
from classroom.web.checks import checks
from classroom.web.context import use_cases
from classroom.web.filenames import content_disposition, file_stem
from classroom.web.i18n import page_language
from classroom.web.links import student_base_url
from classroom.web.messages import say
from classroom.web.print_params import BadParameter
from printables.catalog import printable_label
from printables.documents import (
    NEW_ELEUSIS,
    OFFLINE_KIT,
    blank_rule_card_pdf,
    class_pack_pdf,
    class_rule_cards_pdf,
    game_report_pdf,
    lesson_pdf,
    ne_rules_pdf,
    ne_score_sheet_pdf,
    rule_cards_pdf,
    score_sheet_pdf,
    worksheet_pdf,
)
from printables.kit.i18n import language_of
from printables.lessons.html_page import lesson_html
from printables.lessons.library import LessonError, find_lesson, load_lessons
from printables.new_eleusis.report import NeGameReport
from printables.report.journal import Checker
from printables.report.plan import GameReport
from printables.rounds import RoundNotPlayed, round_report

__all__ = ["document_language", "printing", "reader_language"]

printing = Blueprint("printing", __name__, url_prefix="/teacher/print")

#: A built document and the file name it is sent under.
Document = tuple[bytes, str]


def reader_language() -> str:
    """The language of this request (see `classroom.web.i18n`): lesson plans and the library's
    documents print in it."""
    return language_of(str(get_locale() or ""))


def document_language() -> str:
    """The language a class's own documents (class pack, game report) print in: the class's,
    whatever language the reader reads the app in; the reader's without a class in the URL."""
    arguments = request.view_args or {}
    if "class_id" in arguments or "group_id" in arguments:
        language = page_language()
        if language is not None:
            return language
    return reader_language()


def _slug(text: str) -> str:
    """A lower-case file-name part: '七年二組 Łódź' -> '七年二組-łódź'."""
    return file_stem(text.lower())


def _send(build: Callable[[], Document]) -> Response:
    """Build a PDF and send it inline; bad input is a 400, someone else's class a 404."""
    try:
        data, filename = build()
    except (NotFound, LessonError, RoundNotPlayed):
        abort(404)
    except ValueError as error:
        message = _("This document cannot be made: %(error)s", error=say(error))
        return Response(message, status=400, mimetype="text/plain")
    response = Response(data, mimetype="application/pdf")
    response.headers["Content-Disposition"] = content_disposition("inline", filename)
    # Class packs and reports carry nicknames and secret rules: no cache keeps them.
    response.headers["Cache-Control"] = "private, no-store"
    return response


def _base_url() -> str:
    """Where students reach the app: never a loopback name (see `classroom.web.links`)."""
    return student_base_url()


@printing.get("/classes/<int:class_id>/pack.pdf")
@login_required
def class_pack(class_id: int) -> Response:
    """The class pack: the teacher's overview, the join cards and the worksheets, with blank
    backs for printing on both sides unless ?one_sided=1."""

    def build() -> Document:
        snapshot = use_cases().reading.class_snapshot(me(), class_id)
        pdf = class_pack_pdf(
            snapshot,
            base_url=_base_url(),
            paper=query.paper(),
            variant=query.word("variant", "older") or "older",
            worksheets=query.number("worksheets"),
            duplex=not query.flag("one_sided"),
            language=document_language(),
        )
        return pdf, f"class-pack-{_slug(snapshot.name)}.pdf"

    return _send(build)


@printing.get("/classes/<int:class_id>/rule-cards.pdf")
@login_required
def class_rule_cards(class_id: int) -> Response:
    """The secret rule card of each of the class's groups, ?public_hint=1 to print the hints
    on the half the table sees."""

    def build() -> Document:
        snapshot = use_cases().reading.class_snapshot(me(), class_id)
        pdf = class_rule_cards_pdf(
            snapshot,
            paper=query.paper(),
            public_hint=query.flag("public_hint"),
            language=document_language(),
        )
        return pdf, f"rule-cards-{_slug(snapshot.name)}.pdf"

    return _send(build)


@printing.get("/groups/<int:group_id>/report.pdf")
@login_required
def group_report(group_id: int) -> Response:
    """The game report of a group's round: its latest, or ?round=N."""

    def build() -> Document:
        number = query.number("round")
        if number == 0:
            raise BadParameter(_("Rounds are numbered from 1."))
        language = document_language()
        report = teachers_round_report(me(), group_id, number, language=language)
        info = report.info
        name = f"report-{_slug(info.group_name)}-round-{info.round_number}.pdf"
        return game_report_pdf(report, paper=query.paper(), language=language), name

    return _send(build)


def teachers_round_report(
    teacher_id: int, group_id: int, number: int | None, *, language: str = "en"
) -> GameReport | NeGameReport:
    """The report of round `number` (None: the latest) of one of the teacher's groups, in
    `language`."""
    service = use_cases()
    group = service.records.group_record(teacher_id, group_id)
    class_name = service.reading.group_snapshot(group_id).class_name
    played = group.round(number)
    checker = _checker(played.rule_text) if played and played.rule_kind == "language" else None
    return round_report(
        group, class_name=class_name, round_number=number, checker=checker, language=language
    )


def _checker(secret: str) -> Checker:
    """The checker's answers on hypotheses about `secret`; an answer not known yet is asked
    for now, so that the next download of the report has it."""

    def answer(text: str) -> CheckOutcome | None:
        return checks().request(secret, text)

    return answer


@printing.get("/rule-cards.pdf")
@login_required
def rule_cards() -> Response:
    """Library rule cards, filtered by ?difficulty=, ?concept=, ?age_band= and ?ids=a,b;
    ?public_hint=1 prints the hints on the half the table sees."""

    def build() -> Document:
        ids = query.word("ids")
        pdf = rule_cards_pdf(
            paper=query.paper(),
            difficulty=query.number("difficulty"),
            concept=query.word("concept"),
            age_band=query.word("age_band"),
            ids=None if ids is None else [part.strip() for part in ids.split(",")],
            public_hint=query.flag("public_hint"),
            language=reader_language(),
        )
        return pdf, "rule-cards.pdf"

    return _send(build)


@printing.get("/blank-rule-card.pdf")
@login_required
def blank_rule_card() -> Response:
    """Blank rule cards, for dealers who write their own rule."""

    def build() -> Document:
        pdf = blank_rule_card_pdf(paper=query.paper(), language=reader_language())
        return pdf, "blank-rule-card.pdf"

    return _send(build)


@printing.get("/worksheet.pdf")
@login_required
def worksheet() -> Response:
    """The scientific-method worksheet, ?variant=young or older."""

    def build() -> Document:
        variant = query.word("variant", "older") or "older"
        pdf = worksheet_pdf(paper=query.paper(), variant=variant, language=reader_language())
        return pdf, f"worksheet-{_slug(variant)}.pdf"

    return _send(build)


@printing.get("/score-sheet.pdf")
@login_required
def score_sheet() -> Response:
    """The score sheet for offline rounds, ?players= or ?names=, ?rounds= and ?paper=."""

    def build() -> Document:
        names = query.names()
        pdf = score_sheet_pdf(
            paper=query.paper(),
            # Names written out say how many sit at the table: the number field is then moot.
            players=None if names else query.number("players"),
            names=names,
            rounds=query.number("rounds"),
            language=reader_language(),
        )
        return pdf, "score-sheet.pdf"

    return _send(build)


@printing.get("/<any('rules-sheet', 'dealer-aid', 'layout-mat', 'guess-slips'):name>.pdf")
@login_required
def offline_kit(name: str) -> Response:
    """A document of the offline kit (rules sheet, dealer's aid, layout mat, guess slips),
    ?paper=."""

    def build() -> Document:
        return OFFLINE_KIT[name](paper=query.paper(), language=reader_language()), f"{name}.pdf"

    return _send(build)


@printing.get("/ne-rules.pdf")
@login_required
def ne_rules() -> Response:
    """New Eleusis, the advanced mode: the rules in brief, ?paper=."""

    def build() -> Document:
        return ne_rules_pdf(paper=query.paper(), language=reader_language()), "ne-rules.pdf"

    return _send(build)


@printing.get("/ne-score-sheet.pdf")
@login_required
def ne_score_sheet() -> Response:
    """The New Eleusis score sheet, ?players= or ?names=, ?rounds= and ?paper=."""

    def build() -> Document:
        names = query.names()
        pdf = ne_score_sheet_pdf(
            paper=query.paper(),
            players=None if names else query.number("players"),
            names=names,
            rounds=query.number("rounds"),
            language=reader_language(),
        )
        return pdf, "ne-score-sheet.pdf"

    return _send(build)


@printing.get("/lessons/<name>.pdf")
@login_required
def lesson_download(name: str) -> Response:
    """One lesson plan as a PDF."""

    def build() -> Document:
        pdf = lesson_pdf(name, paper=query.paper(), language=reader_language())
        return pdf, f"lesson-{_slug(name)}.pdf"

    return _send(build)


@printing.get("/lessons/<name>")
@login_required
def lesson_page(name: str) -> str:
    """One lesson plan as a web page, with a button to print it."""
    language = reader_language()
    try:
        lesson = find_lesson(name, language=language)
    except LessonError:
        abort(404)
    titles = {rule.id: rule.title_in(language) for rule in load_library()}
    rules = [(rule_id, titles.get(rule_id, rule_id)) for rule_id in lesson.rules]
    materials = [
        (printable_label(p, language=language), _material_url(p, lesson.rules))
        for p in lesson.printables
    ]
    # lesson_html escapes every piece of the lesson's text; only its own tags are markup.
    body = Markup(lesson_html(lesson.body))
    return render_template(
        "printing/lesson.html", lesson=lesson, body=body, rules=rules, materials=materials
    )


def _material_url(name: str, rules: tuple[str, ...]) -> str:
    """Where a lesson's printable downloads; its rule cards are those of the lesson's rules."""
    if name == "rule-cards":
        return url_for("printing.rule_cards", ids=",".join(rules) or None)
    if name == "blank-rule-card":
        return url_for("printing.blank_rule_card")
    if name in OFFLINE_KIT:
        return url_for("printing.offline_kit", name=name)
    if name == "ne-rules":
        return url_for("printing.ne_rules")
    if name == "ne-score-sheet":
        return url_for("printing.ne_score_sheet")
    if name.startswith("worksheet"):
        variant = name.removeprefix("worksheet").strip("-") or "older"
        return url_for("printing.worksheet", variant=variant)
    return url_for("printing.score_sheet")


@printing.get("/")
@login_required
def index() -> str:
    """Lessons, library documents, and the packs and reports of the teacher's classes."""
    service, teacher_id, language = use_cases(), me(), reader_language()
    classes = [
        service.reading.class_snapshot(teacher_id, c.id)
        for c in service.classes.classes_of(teacher_id)
    ]
    return render_template(
        "printing/index.html",
        lessons=load_lessons(language=reader_language()),
        classes=classes,
        concepts=[(c, say(CONCEPT_NAMES[c])) for c in CONCEPTS],
        offline_kit=[
            (name, printable_label(name, language=reader_language())) for name in OFFLINE_KIT
        ],
        new_eleusis=[
            (f"printing.{name.replace('-', '_')}", printable_label(name, language=language))
            for name in NEW_ELEUSIS
        ],
    )
