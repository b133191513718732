"""The class page's practice link: handed out with the two robots' kinds, shown with its QR
code, withdrawn. The practice tables it made show only as a count."""

from __future__ import annotations

from typing import Any

from flask import url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from classroom.web.auth import login_required, me
from classroom.web.buttons import ActionForm
from classroom.web.context import use_cases
from classroom.web.links import practice_url
from classroom.web.qr import qr_svg
from classroom.web.teacher.actions import perform_and_go_back
from classroom.web.teacher.blueprint import teacher
from classroom.web.teacher.forms import PracticeLinkForm

__all__ = ["practice_section"]


def practice_section(class_id: int) -> dict[str, Any]:
    """What the class page's Practice section shows."""
    link = use_cases().practice.link_of(me(), class_id)
    url = practice_url(link.token) if link.token else None
    first, second = link.robots
    return {
        "practice": link,
        "practice_url": url,
        "practice_qr": qr_svg(url, label=_("QR code of %(url)s", url=url)) if url else None,
        "practice_form": PracticeLinkForm(first=first, second=second, formdata=None),
    }


@teacher.post("/classes/<int:class_id>/practice")
@login_required
def hand_out_practice(class_id: int) -> Response:
    """A new practice link with the chosen robots (the one before stops working)."""
    form = PracticeLinkForm()
    robots = (form.first.data or "", form.second.data or "")
    return perform_and_go_back(
        form,
        lambda: use_cases().practice.hand_out_link(me(), class_id, robots),
        done=_("A new practice link is ready. The one before no longer works."),
        fallback=url_for("teacher.show_class", class_id=class_id),
    )


@teacher.post("/classes/<int:class_id>/practice/withdraw")
@login_required
def withdraw_practice(class_id: int) -> Response:
    """The practice link stops working; tables already open play on."""
    return perform_and_go_back(
        ActionForm(),
        lambda: use_cases().practice.withdraw_link(me(), class_id),
        done=_("The practice link no longer works."),
        fallback=url_for("teacher.show_class", class_id=class_id),
    )
