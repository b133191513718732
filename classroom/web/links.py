"""Addresses the kit shows people, such as the page students open to join."""

from __future__ import annotations

from flask import current_app, has_request_context, url_for


def join_url(code: str) -> str:
    """The address students open (PUBLIC_URL when the server sits behind another name).

    Outside a request (a push from a script) it may lack the host.
    """
    public = (current_app.config.get("PUBLIC_URL") or "").rstrip("/")
    if not has_request_context():
        return public + current_app.url_map.bind("localhost").build("student.join", {"code": code})
    if public:
        return public + url_for("student.join", code=code)
    return url_for("student.join", code=code, _external=True)
