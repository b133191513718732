"""Where tablets join: the public URL, else the address the page was opened at unless it names
only this machine, else the machine's address on the network; a warning when there is none."""

from __future__ import annotations

import socket

import pytest

from classroom.web import links
from classroom.web.links import StudentAddress, is_loopback, lan_address, student_address

LAN = "192.168.1.20"


def test_the_public_url_wins_over_every_other_address():
    address = student_address(
        public_url="https://eleusis.school.example/", seen_as="http://10.0.0.5:5000/", lan=LAN
    )
    assert address == StudentAddress("https://eleusis.school.example", reachable=True)


@pytest.mark.parametrize(
    "seen_as",
    [
        "http://localhost:5000/",
        "http://127.0.0.1:5000/",
        "http://127.0.1.1:5000/",
        "http://[::1]:5000/",
        "http://0.0.0.0:5000/",
        "http://LOCALHOST.:5000/",
        "http://eleusis.localhost:5000/",
    ],
)
def test_a_loopback_request_host_is_replaced_by_the_lan_address(seen_as):
    address = student_address(public_url="", seen_as=seen_as, lan=LAN)
    assert address == StudentAddress("http://192.168.1.20:5000", reachable=True)


@pytest.mark.parametrize(
    ("seen_as", "base"),
    [
        ("http://10.0.0.5:5000/", "http://10.0.0.5:5000"),
        ("http://teacher-laptop.local:8080/", "http://teacher-laptop.local:8080"),
        ("https://eleusis.school.example/", "https://eleusis.school.example"),
        ("http://[2001:db8::5]:5000/", "http://[2001:db8::5]:5000"),
    ],
)
def test_a_request_host_the_network_can_reach_is_kept(seen_as, base):
    assert student_address(public_url="", seen_as=seen_as, lan=LAN) == StudentAddress(base, True)


def test_an_ipv6_lan_address_is_written_in_brackets():
    address = student_address(public_url="", seen_as="http://[::1]:5000/", lan="2001:db8::20")
    assert address.base == "http://[2001:db8::20]:5000"


def test_the_scheme_and_port_of_the_request_are_kept_and_default_ports_left_out():
    assert student_address(public_url="", seen_as="https://localhost/", lan=LAN).base == (
        "https://192.168.1.20"
    )
    assert student_address(public_url="", seen_as="http://localhost:443/", lan=LAN).base == (
        "http://192.168.1.20:443"
    )


def test_without_a_request_the_lan_address_and_the_servers_port_are_used():
    address = student_address(public_url="", seen_as=None, lan=LAN, port=5123)
    assert address == StudentAddress("http://192.168.1.20:5123", reachable=True)


@pytest.mark.parametrize("seen_as", ["http://localhost:5000/", None])
def test_no_lan_address_and_a_loopback_host_is_marked_unreachable(seen_as):
    address = student_address(public_url="", seen_as=seen_as, lan=None)
    assert address == StudentAddress("http://localhost:5000", reachable=False)


def test_a_reachable_request_host_needs_no_lan_address():
    address = student_address(public_url="", seen_as="http://10.0.0.5:5000/", lan=None)
    assert address.reachable


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("localhost", True),
        ("ip6-localhost", True),
        ("127.0.0.1", True),
        ("[::1]", True),
        ("::", True),
        ("10.0.0.5", False),
        ("fe80::1", False),
        ("localhost.school.example", False),
    ],
)
def test_loopback_names(host, loopback):
    assert is_loopback(host) is loopback


def test_the_lan_address_is_never_a_loopback_or_link_local_address(monkeypatch):
    answers = {socket.AF_INET: "127.0.1.1", socket.AF_INET6: "fe80::1"}
    monkeypatch.setattr(links, "_route_source", lambda family, target: answers[family])
    assert lan_address() is None


def test_an_ipv6_lan_address_is_used_when_there_is_no_ipv4_route(monkeypatch):
    answers = {socket.AF_INET: None, socket.AF_INET6: "2001:db8::20"}
    monkeypatch.setattr(links, "_route_source", lambda family, target: answers[family])
    assert lan_address() == "2001:db8::20"


def test_the_ipv4_lan_address_comes_first(monkeypatch):
    answers = {socket.AF_INET: LAN, socket.AF_INET6: "2001:db8::20"}
    monkeypatch.setattr(links, "_route_source", lambda family, target: answers[family])
    assert lan_address() == LAN
