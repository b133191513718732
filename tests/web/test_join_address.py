"""A teacher on http://localhost still hands out an address tablets can open: the class page,
its QR code, the projector's join line and the class pack use the LAN address; without one the
class page says what to do. Every page links the favicon, which is served."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from io import BytesIO

import pytest
from flask import Flask
from PIL import Image, ImageDraw
from pypdf import PdfReader

from classroom.usecases import UseCases
from classroom.web.links import join_url, join_warning
from classroom.web.qr import qr_svg_document
from tests.web.conftest import Browser, text

LAN = "192.168.1.20"
# What `make run` prints for the teacher: the page is opened on this machine.
TEACHERS_ADDRESS = "http://localhost:5000"
INLINE_QR = re.compile(r'<svg role="img".*?</svg>', re.DOTALL)


@pytest.fixture
def on_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This computer is on the school Wi-Fi at 192.168.1.20."""
    monkeypatch.setattr("classroom.web.links.lan_address", lambda: LAN)
    yield


@pytest.fixture
def off_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This computer is on no network."""
    monkeypatch.setattr("classroom.web.links.lan_address", lambda: None)
    yield


def class_page(client: Browser, class_id: int) -> str:
    return text(client.get(f"/teacher/classes/{class_id}", base_url=TEACHERS_ADDRESS))


def qr_modules(svg: str) -> tuple[int, list[tuple[int, int]]]:
    """The size of a QR SVG drawn by `qr_svg` and the dark modules' positions."""
    found = re.search(r'viewBox="0 0 (\d+) \d+"', svg)
    assert found, svg[:200]
    modules = [(int(x), int(y)) for x, y in re.findall(r"M(\d+),(\d+)H", svg)]
    return int(found.group(1)), modules


def decoded(svg: str) -> str:
    """What a phone's camera reads from a QR SVG drawn by `qr_svg`."""
    zxingcpp = pytest.importorskip("zxingcpp")
    size, modules = qr_modules(svg)
    scale = 8
    image = Image.new("L", (size * scale, size * scale), 255)
    draw = ImageDraw.Draw(image)
    for x, y in modules:
        draw.rectangle([x * scale, y * scale, (x + 1) * scale - 1, (y + 1) * scale - 1], fill=0)
    found = zxingcpp.read_barcodes(image)
    assert len(found) == 1
    return str(found[0].text)


def test_a_class_page_opened_on_localhost_shows_the_lan_address(
    on_network: None,
    client: Browser,
    teacher: int,
    service: UseCases,
    new_class: Callable[..., int],
) -> None:
    class_id = new_class()
    code = service.reading.class_snapshot(teacher, class_id).join_code
    page = class_page(client, class_id)
    assert f'Tablets join at <a href="http://{LAN}:5000/join?code={code}">' in page
    assert f">http://{LAN}:5000/join</a>" in page
    assert "localhost" not in page
    assert 'role="alert"' not in page


def test_the_class_page_qr_code_encodes_the_lan_address(
    on_network: None,
    client: Browser,
    teacher: int,
    service: UseCases,
    new_class: Callable[..., int],
) -> None:
    class_id = new_class()
    code = service.reading.class_snapshot(teacher, class_id).join_code
    expected = f"http://{LAN}:5000/join?code={code}"
    inline = INLINE_QR.search(class_page(client, class_id))
    assert inline is not None
    assert qr_modules(inline.group(0)) == qr_modules(qr_svg_document(expected))
    alone = client.get(f"/teacher/classes/{class_id}/qr.svg", base_url=TEACHERS_ADDRESS)
    assert qr_modules(text(alone)) == qr_modules(qr_svg_document(expected))


def test_a_phone_reads_the_lan_address_from_the_class_page_qr_code(
    on_network: None,
    client: Browser,
    teacher: int,
    service: UseCases,
    new_class: Callable[..., int],
) -> None:
    class_id = new_class()
    code = service.reading.class_snapshot(teacher, class_id).join_code
    inline = INLINE_QR.search(class_page(client, class_id))
    assert inline is not None
    assert decoded(inline.group(0)) == f"http://{LAN}:5000/join?code={code}"


def test_a_page_opened_at_the_lan_address_keeps_it(off_network: None, app: Flask) -> None:
    with app.test_request_context(base_url="http://10.0.0.5:5000"):
        assert join_url("ABC234") == "http://10.0.0.5:5000/join?code=ABC234"
        assert join_warning() == ""


def test_off_the_network_the_class_page_tells_the_teacher_what_to_do(
    off_network: None, client: Browser, teacher: int, new_class: Callable[..., int]
) -> None:
    page = class_page(client, new_class())
    warning = re.search(r'<p class="join-warning[^"]*" role="alert">([^<]*)</p>', page)
    assert warning is not None, "no warning on the class page"
    assert "not connected to a network" in warning.group(1)
    assert "Wi-Fi" in warning.group(1)


def test_the_warning_is_said_only_when_tablets_cannot_reach_this_computer(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("classroom.web.links.lan_address", lambda: None)
    with app.test_request_context(base_url=TEACHERS_ADDRESS):
        assert "Wi-Fi" in join_warning()
    with app.test_request_context(base_url="http://10.0.0.5:5000"):
        assert join_warning() == ""
    monkeypatch.setattr("classroom.web.links.lan_address", lambda: LAN)
    with app.test_request_context(base_url=TEACHERS_ADDRESS):
        assert join_warning() == ""


def test_a_join_link_made_outside_a_request_uses_the_lan_address_and_the_servers_port(
    on_network: None, app: Flask
) -> None:
    app.config["LISTEN_PORT"] = 5123
    with app.app_context():
        assert join_url("ABC234") == f"http://{LAN}:5123/join?code=ABC234"


def test_the_projector_join_line_uses_the_lan_address(
    on_network: None, app: Flask, client: Browser, teacher: int, new_class: Callable[..., int]
) -> None:
    from classroom.web.projector_feed import class_view

    class_id = new_class()
    with app.test_request_context(base_url=TEACHERS_ADDRESS):
        assert class_view(class_id)["join_url"].startswith(f"http://{LAN}:5000/join?code=")


def test_the_class_pack_printed_from_localhost_carries_the_lan_address(
    on_network: None,
    client: Browser,
    teacher: int,
    service: UseCases,
    new_class: Callable[..., int],
) -> None:
    class_id = new_class()
    code = service.reading.class_snapshot(teacher, class_id).join_code
    response = client.client.get(
        f"/teacher/print/classes/{class_id}/pack.pdf?worksheets=0", base_url=TEACHERS_ADDRESS
    )
    assert response.status_code == 200
    first = PdfReader(BytesIO(response.get_data())).pages[0].extract_text()
    response.close()
    assert f"http://{LAN}:5000/join?code={code}" in first
    assert "localhost" not in first


# --- the favicon -------------------------------------------------------------------------------
def fetched(client: Browser, url: str) -> tuple[int, str, bytes]:
    """Status, type and body of a file (not a page: no CSRF token to look for)."""
    response = client.client.get(url)
    try:
        return response.status_code, response.mimetype, response.get_data()
    finally:
        response.close()


def test_the_favicon_is_served_where_browsers_look_for_it(client: Browser) -> None:
    status, mimetype, body = fetched(client, "/favicon.ico")
    assert status == 200
    assert mimetype in ("image/vnd.microsoft.icon", "image/x-icon")
    assert Image.open(BytesIO(body)).size == (48, 48)


@pytest.mark.parametrize(
    ("name", "mimetype"),
    [("favicon.ico", "image/vnd.microsoft.icon"), ("favicon.svg", "image/svg+xml")],
)
def test_the_favicons_are_static_files(client: Browser, name: str, mimetype: str) -> None:
    status, served_as, body = fetched(client, f"/static/{name}")
    assert (status, served_as) == (200, mimetype)
    assert body


@pytest.mark.parametrize("page", ["/join", "/teacher/login", "/teacher/"])
def test_every_page_links_the_favicon(client: Browser, teacher: int, page: str) -> None:
    html = text(client.get(page))
    assert '<link rel="icon" href="/static/favicon.ico"' in html
    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in html
