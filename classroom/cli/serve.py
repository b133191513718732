"""`classroom serve`: start the live classroom and tell the teacher how to begin."""

from __future__ import annotations

import argparse
import gc
import logging
import secrets
import socket
import sys
import threading
from gettext import gettext as _
from typing import Any

from werkzeug.serving import ThreadedWSGIServer

from classroom.cli.masking import HiddenTokens, shown_url
from classroom.cli.purge import purge_on_start

FIRST_TEACHER = "teacher"
SWITCH_INTERVAL_S = 0.001
# Connections the kernel holds while the server is busy accepting. Werkzeug's default of 128 is
# exceeded when a bell wakes a school's tablets at once: a dropped SYN is retried by the tablet
# only after 1, 3, 7... seconds. The kernel caps it at net.core.somaxconn (4096 on current
# Linux).
LISTEN_BACKLOG = 2048


# Young objects are collected after 20,000 allocations instead of 700, and everything loaded at
# start (modules, mappers, the app) is frozen out of collections: with a few hundred tablets
# connected, CPython's collections of the older generations paused the server 50-70 ms in the
# middle of a lesson, which tablets felt as a late play.
GC_THRESHOLDS = (20_000, 20, 20)


# One open file per connected tablet, projector or teacher page, plus the database's.
WANTED_OPEN_FILES = 8192


def raise_open_file_limit(wanted: int = WANTED_OPEN_FILES) -> int | None:
    """Raise this process's soft limit on open files towards `wanted` (as far as the hard limit
    allows); returns the limit now in force, or None where the system has no such limit.

    Many systems start processes with a soft limit of 1,024, which a school of ~1,000 tablets
    exceeds: past it, new connections fail to be accepted.
    """
    try:
        # Unix only: imported here so that the command also starts on Windows.
        import resource
    except ImportError:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        return target
    return soft


def tune_for_a_school() -> int | None:
    """Set this process up for hundreds of sockets, once the app is loaded (`classroom serve`,
    and gunicorn's worker through deploy/gunicorn.conf.py); the open-file limit now in force."""
    # Threading mode: a play's emits wait in socket writer threads while the handler goes on
    # building views. Python hands the GIL over only every 5 ms by default; 1 ms lets the
    # writers send the play almost at once (see docs/performance.md).
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    open_files = raise_open_file_limit()
    gc.set_threshold(*GC_THRESHOLDS)
    gc.freeze()
    return open_files


class SchoolServer(ThreadedWSGIServer):
    """Werkzeug's threaded server (a thread per connection, as Flask-SocketIO's threading mode
    needs) with a listen queue sized for a whole school reconnecting."""

    request_queue_size = LISTEN_BACKLOG

    def get_request(self) -> tuple[socket.socket, Any]:
        """Accept a connection with Nagle's algorithm off. A tablet catching up is sent several
        small messages at once; with Nagle on, each one after the first waited for the tablet's
        delayed acknowledgement, about 40 ms (measured: a resync took ~46 ms, 4-13 ms without)."""
        connection, address = super().get_request()
        with_no_delay(connection)
        return connection, address


def with_no_delay(connection: socket.socket) -> socket.socket:
    """`connection` with TCP_NODELAY set, where it is a TCP socket (not a Unix one)."""
    if connection.family in (socket.AF_INET, socket.AF_INET6):
        connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return connection


def make_school_server(host: str, port: int, app: Any) -> SchoolServer:
    """The server `classroom serve` runs (the benchmark and tests start it the same way)."""
    return SchoolServer(host, port, app)


# Addresses that listen on every network the machine is on.
WILDCARD_HOSTS = frozenset({"0.0.0.0", "::", ""})


def students_line(*, listen_host: str, port: int, public_url: str, lan: str | None) -> str:
    """The line that tells the teacher where tablets join, or why they cannot."""
    from classroom.web.links import is_loopback, student_address

    if listen_host not in WILDCARD_HOSTS and is_loopback(listen_host):
        return _(
            "  Students:  cannot join: the server listens on this computer only "
            "(start it with --host 0.0.0.0)"
        )
    own = lan if listen_host in WILDCARD_HOSTS else listen_host
    address = student_address(public_url=public_url, seen_as=None, lan=own, port=port)
    if not address.reachable:
        return _(
            "  Students:  cannot join yet: this computer is not on a network. Connect it to "
            "the school Wi-Fi (the same network as the tablets); the class page then shows "
            "the address."
        )
    line = _("  Students:  %(url)s/join  (same Wi-Fi; or scan the QR code on the class page)")
    return line % {"url": address.base}


def warm_up() -> threading.Thread:
    """Build the robots' candidate rules (about two seconds) in the background as the server
    starts, so that the first debrief or robot move of the day does not wait for them."""
    from classroom.core.robots.candidates import candidate_set

    thread = threading.Thread(target=candidate_set, name="warm-up", daemon=True)
    thread.start()
    return thread


def serve(args: argparse.Namespace) -> int:
    """Create the database (and a first teacher), print how to log in and join, then serve."""
    from classroom.web import create_app
    from classroom.web.links import lan_address

    app = create_app()
    app.config["LISTEN_PORT"] = args.port
    service = app.extensions["use_cases"]
    print(_("Eleusis Express classroom kit"))
    if not service.teachers.has_teachers():
        password = secrets.token_urlsafe(9)
        service.teachers.create_teacher(FIRST_TEACHER, password)
        print(_("  First start: a teacher account was created."))
        print(
            _("  Teacher login:  username %(user)s   password %(pw)s")
            % {"user": FIRST_TEACHER, "pw": password}
        )
        print(_("  (Change it with: classroom teacher password %s)") % FIRST_TEACHER)
    print(_("  Teacher:   http://localhost:%d/teacher") % args.port)
    print(
        students_line(
            listen_host=args.host,
            port=args.port,
            public_url=app.config["PUBLIC_URL"],
            lan=lan_address(),
        )
    )
    print(_("  Database:  %s") % shown_url(app.config["DATABASE_URL"]))
    print(_("  Purged:    %d class(es) past the retention period") % purge_on_start(app))
    if not args.log_requests:
        # One line per request and per closed websocket: noise for a teacher, and CPU for a
        # school. Errors are still printed.
        logging.getLogger("werkzeug").setLevel(logging.WARNING)
    else:
        # A projector's address is its credential: the request lines show it without.
        logging.getLogger("werkzeug").addFilter(HiddenTokens())
    open_files = tune_for_a_school()
    warm_up()
    if open_files is not None and open_files < 2048:
        print(
            _("  Warning:   only %d open files allowed: about as many tablets can connect.")
            % open_files
        )
    server = make_school_server(args.host, args.port, app)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print(_("Stopped."))
    finally:
        server.server_close()
    return 0


def teacher_password(args: argparse.Namespace) -> int:
    """Set a teacher's password (creating the account if it does not exist)."""
    from classroom.usecases import ServiceError
    from classroom.web import create_app

    service = create_app().extensions["use_cases"]
    password = args.password or secrets.token_urlsafe(9)
    try:
        if service.teachers.teacher_id(args.username) is None:
            service.teachers.create_teacher(args.username, password)
        else:
            service.teachers.set_password(args.username, password)
    except ServiceError as error:
        print(_("error: %s") % error)
        return 1
    print(
        _("Teacher %(user)s can log in with password %(pw)s")
        % {"user": args.username, "pw": password}
    )
    return 0


def add_commands(commands: argparse._SubParsersAction) -> None:
    """Register `serve` and `teacher password`."""
    run = commands.add_parser("serve", help=_("start the live classroom server"))
    run.add_argument("--host", default="0.0.0.0", help=_("address to listen on"))
    run.add_argument("--port", type=int, default=5000, help=_("port to listen on"))
    run.add_argument(
        "--log-requests", action="store_true", help=_("print a line for every HTTP request")
    )
    run.set_defaults(handler=serve)
    teacher = commands.add_parser("teacher", help=_("manage teacher accounts"))
    actions = teacher.add_subparsers(metavar="ACTION", required=True)
    password = actions.add_parser("password", help=_("set or reset a teacher's password"))
    password.add_argument("username")
    password.add_argument("--password", help=_("the new password (default: a random one)"))
    password.set_defaults(handler=teacher_password)
