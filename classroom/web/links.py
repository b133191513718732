"""Addresses the kit shows people, such as the page students open to join.

What the class page, its QR code, the projector and the join cards show must open on a tablet.
A teacher who opened the app as http://localhost:5000 is on an address that, typed on a tablet,
means the tablet itself: such a name is replaced by this machine's address on the network.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from flask import current_app, has_request_context, request, url_for
from flask_babel import gettext as _

from classroom.web.config import DEFAULT_PORT

__all__ = [
    "DEFAULT_PORT",
    "StudentAddress",
    "is_loopback",
    "join_url",
    "join_warning",
    "lan_address",
    "practice_url",
    "student_address",
    "student_address_now",
    "student_base_url",
]

# Names that mean "this machine" wherever they are typed.
_LOOPBACK_NAMES = frozenset({"localhost", "ip6-localhost", "ip6-loopback"})
_DEFAULT_PORTS = {"http": 80, "https": 443}
# Documentation addresses (RFC 5737, RFC 3849): a UDP 'connect' to them only looks up the route.
_PROBES = ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1"))


@dataclass(frozen=True)
class StudentAddress:
    """Where tablets open the app, such as 'http://192.168.1.20:5000'; `reachable` is False
    when only a name of this machine itself was found (no network)."""

    base: str
    reachable: bool


def is_loopback(host: str) -> bool:
    """Whether `host` names only the machine it is typed on (or no machine at all).

    >>> [is_loopback(h) for h in ("localhost", "127.0.0.1", "[::1]", "0.0.0.0", "10.0.0.5")]
    [True, True, True, True, False]
    """
    name = host.strip("[]").lower().rstrip(".")
    if name in _LOOPBACK_NAMES or name.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def student_address(
    *, public_url: str, seen_as: str | None, lan: str | None, port: int = DEFAULT_PORT
) -> StudentAddress:
    """Where tablets reach the server: `public_url` when the school set one; else the address
    the page was requested at (`seen_as`, such as 'http://localhost:5000/') with a loopback
    host replaced by the LAN address `lan`; without a request, `lan` on `port`.

    >>> student_address(public_url="", seen_as="http://localhost:5000/", lan="192.168.1.20")
    StudentAddress(base='http://192.168.1.20:5000', reachable=True)
    """
    if public_url:
        return StudentAddress(public_url.rstrip("/"), reachable=True)
    scheme, host = "http", ""
    seen_port: int | None = port
    if seen_as:
        parts = urlsplit(seen_as)
        scheme, host, seen_port = parts.scheme or "http", parts.hostname or "", parts.port
    if host and not is_loopback(host):
        return StudentAddress(_origin(scheme, host, seen_port), reachable=True)
    if lan:
        return StudentAddress(_origin(scheme, lan, seen_port), reachable=True)
    return StudentAddress(_origin(scheme, host or "localhost", seen_port), reachable=False)


def _origin(scheme: str, host: str, port: int | None) -> str:
    """'scheme://host:port', the port left out when it is the scheme's own, IPv6 in brackets."""
    written = f"[{host}]" if ":" in host else host
    suffix = "" if port is None or port == _DEFAULT_PORTS.get(scheme) else f":{port}"
    return f"{scheme}://{written}{suffix}"


def lan_address() -> str | None:
    """This machine's address on the local network (IPv4, else a global IPv6); None when it
    is on no network. No packet is sent."""
    for family, target in _PROBES:
        found = _route_source(family, target)
        if found is not None and not is_loopback(found):
            if ipaddress.ip_address(found).is_link_local:
                continue  # fe80:: needs an interface name that a tablet cannot know
            return found
    return None


def _route_source(family: int, target: str) -> str | None:
    """The local address the system would send from to reach `target`, if it has a route."""
    try:
        probe = socket.socket(family, socket.SOCK_DGRAM)
    except OSError:
        return None
    try:
        probe.connect((target, 9))
        address: str = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    return address.split("%", 1)[0]


def student_address_now() -> StudentAddress:
    """Where tablets reach this server, worked out from the request being answered, if any."""
    return student_address(
        public_url=str(current_app.config.get("PUBLIC_URL") or ""),
        seen_as=request.host_url if has_request_context() else None,
        lan=lan_address(),
        port=int(current_app.config.get("LISTEN_PORT") or DEFAULT_PORT),
    )


def student_base_url() -> str:
    """The address the join cards print, such as 'http://192.168.1.20:5000/'."""
    return student_address_now().base + "/"


def join_url(code: str) -> str:
    """The address students open to join the class with this code."""
    if has_request_context():
        path = url_for("student.join", code=code)
    else:
        path = current_app.url_map.bind("localhost").build("student.join", {"code": code})
    return student_address_now().base + path


def practice_url(token: str) -> str:
    """The address a student opens to practise alone with the class's practice link."""
    return student_address_now().base + url_for("student.practice", token=token)


def join_warning() -> str:
    """What the teacher must do when tablets cannot reach this machine; empty when they can."""
    if student_address_now().reachable:
        return ""
    return _(
        "Tablets cannot reach this computer: it is not connected to a network. Connect it to "
        "the school Wi-Fi (the same network as the tablets), then reload this page."
    )
