"""Requests larger than any form of the kit are refused before they are read; every page tells
the browser to load nothing from elsewhere."""

from __future__ import annotations

import pytest
from flask import Flask

from tests.web.conftest import Browser


@pytest.mark.parametrize("url", ["/join/seat", "/teacher/login", "/join"])
def test_a_body_over_64_kib_is_refused_and_read_no_further(app: Flask, url: str) -> None:
    response = app.test_client().post(url, data={"nickname": "x" * (65 * 1024)})
    assert response.status_code == 413


def test_every_page_forbids_other_origins_and_framing(client: Browser) -> None:
    for url in ("/join", "/teacher/login"):
        headers = client.get(url).headers
        policy = headers["Content-Security-Policy"]
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert headers["X-Content-Type-Options"] == "nosniff"
