"""`classroom check`: whether this server is set up right, each problem with its fix.

An administrator runs it with the same environment as the server processes (the systemd unit's
environment file). It changes nothing: it connects, asks and reports, in the administrator's
language (--language, else the locale of the shell), and exits 1 when something needs fixing.
Nothing secret is printed: addresses are shown without their passwords.
"""

from __future__ import annotations

import argparse
import os
import ssl
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass

from classroom.cli.masking import hide_passwords, shown_url
from classroom.cli.settings import database_url, public_url
from printables.kit.i18n import LANGUAGES, language_of, ngettext, speaking
from printables.kit.i18n import gettext as _

__all__ = ["Finding", "add_check_command", "findings"]

TIMEOUT_SECONDS = 5.0
#: A secret key shorter than this, or made of fewer different characters, is guessable.
SECRET_KEY_LENGTH = 32
SECRET_KEY_VARIETY = 10
OK, WRONG = "✓", "✗"


@dataclass(frozen=True)
class Finding:
    """One line of the report: right or not, what was found, and how to fix it."""

    ok: bool
    text: str
    fix: str = ""


def findings() -> Iterator[Finding]:
    """Every check, in the order an administrator fixes things (in the language spoken)."""
    yield from _database()
    yield _redis()
    yield from _public_address()
    yield _secret_key()


def _database() -> Iterator[Finding]:
    from sqlalchemy import text
    from sqlalchemy.exc import SQLAlchemyError

    from classroom.store.database import make_engine
    from classroom.store.migrate import current_revision, head_revision

    url = database_url()
    engine = None
    try:
        # A malformed address (a port that is not a number) fails here, as a ValueError.
        engine = make_engine(url)
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
        current = current_revision(engine)
    except (SQLAlchemyError, OSError, ValueError) as error:
        yield Finding(
            False,
            _("Database: cannot connect to %(url)s (%(error)s).")
            % {"url": shown_url(url), "error": _first_line(error)},
            _(
                "Start PostgreSQL, and check the host, port, user, password and database name "
                "in CLASSROOM_DATABASE_URL."
            ),
        )
        return
    finally:
        if engine is not None:
            engine.dispose()
    yield Finding(True, _("Database: reachable at %s.") % shown_url(url))
    head = head_revision()
    if current == head:
        yield Finding(True, _("Schema: at the newest revision (%s).") % head)
    else:
        yield Finding(
            False,
            _("Schema: at %(current)s, the newest is %(head)s.")
            % {"current": current or "-", "head": head},
            _("Stop the server processes, back up the database, then run: classroom db upgrade"),
        )


def _redis() -> Finding:
    url = os.environ.get("CLASSROOM_REDIS_URL", "")
    if not url:
        return Finding(True, _("Redis: not set (enough for one server process)."))
    try:
        import redis
    except ImportError:
        return Finding(
            False,
            _("Redis: the redis package is not installed."),
            _("Install the server extras: pip install 'eleusis-classroom[redis]'"),
        )
    client = None
    try:
        client = redis.Redis.from_url(
            url, socket_timeout=TIMEOUT_SECONDS, socket_connect_timeout=TIMEOUT_SECONDS
        )
        client.ping()
    except (redis.RedisError, OSError, ValueError) as error:
        return Finding(
            False,
            _("Redis: no answer from %(url)s (%(error)s).")
            % {"url": shown_url(url), "error": _first_line(error)},
            _(
                "Start redis-server, and check CLASSROOM_REDIS_URL (the same for every server "
                "process)."
            ),
        )
    finally:
        if client is not None:
            client.close()
    return Finding(True, _("Redis: answers at %s.") % shown_url(url))


def _public_address() -> Iterator[Finding]:
    address = public_url().rstrip("/")
    if not address:
        yield Finding(
            False,
            _("Public address: not set."),
            _(
                "Set CLASSROOM_PUBLIC_URL to the address tablets open, such as "
                "https://classroom.example.org"
            ),
        )
        return
    untrusted = ""
    try:
        with urllib.request.urlopen(f"{address}/join", timeout=TIMEOUT_SECONDS):
            pass
    except urllib.error.URLError as error:
        if not isinstance(error.reason, ssl.SSLCertVerificationError):
            yield Finding(
                False,
                _("Public address: %(url)s does not answer (%(error)s).")
                % {"url": address, "error": _first_line(error.reason)},
                _(
                    "Check its name in DNS, that nginx and the server processes run, and that "
                    "the firewall lets the tablets in."
                ),
            )
            return
        untrusted = _first_line(error.reason)
    except OSError as error:  # a reset or a timeout
        yield Finding(
            False,
            _("Public address: %(url)s does not answer (%(error)s).")
            % {"url": address, "error": _first_line(error)},
            _(
                "Check its name in DNS, that nginx and the server processes run, and that "
                "the firewall lets the tablets in."
            ),
        )
        return
    yield Finding(True, _("Public address: %s answers.") % address)
    yield _tls(address, untrusted)


def _tls(address: str, untrusted: str) -> Finding:
    if not address.startswith("https://"):
        return Finding(
            False,
            _("HTTPS: the public address is not https."),
            _(
                "Serve it through nginx with a certificate and an https:// address (tablets "
                "keep their screens on only over https)."
            ),
        )
    if untrusted:
        return Finding(
            False,
            _("HTTPS: the certificate of %(url)s is not trusted (%(error)s).")
            % {"url": address, "error": untrusted},
            _(
                "Give nginx a certificate from your school's CA or Let's Encrypt, with its "
                "whole chain, for this very name."
            ),
        )
    if os.environ.get("CLASSROOM_HTTPS") != "1":
        return Finding(
            False,
            _("HTTPS: CLASSROOM_HTTPS is not 1."),
            _("Set CLASSROOM_HTTPS=1, so that teachers' login cookies travel over https only."),
        )
    return Finding(True, _("HTTPS: on, and the certificate is trusted."))


def _secret_key() -> Finding:
    key = os.environ.get("CLASSROOM_SECRET_KEY", "")
    fix = _(
        "Set CLASSROOM_SECRET_KEY to the same long random value for every server process: "
        "openssl rand -hex 32"
    )
    if not key:
        return Finding(False, _("Secret key: not set."), fix)
    if len(key) < SECRET_KEY_LENGTH or len(set(key)) < SECRET_KEY_VARIETY:
        return Finding(False, _("Secret key: too short or too simple to be safe."), fix)
    return Finding(True, _("Secret key: set, long and random enough."))


def _first_line(error: object) -> str:
    """The gist of an error: its first line, without any password it quotes."""
    lines = str(error).strip().splitlines()
    return hide_passwords(lines[0]).rstrip(".") if lines else type(error).__name__


def report(args: argparse.Namespace) -> int:
    """`classroom check`: print every finding with its fix; 1 when anything is wrong."""
    spoken = args.language or next(
        (os.environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if os.environ.get(name)),
        None,
    )
    with speaking(language_of(spoken)):
        problems = 0
        for finding in findings():
            print(f"{OK if finding.ok else WRONG} {finding.text}")
            if not finding.ok:
                problems += 1
                print("    " + _("Fix: %s") % finding.fix)
        if problems:
            print(ngettext("%d problem to fix.", "%d problems to fix.", problems) % problems)
        else:
            print(_("Everything is ready."))
    return 1 if problems else 0


def add_check_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `classroom check [--language L]`."""
    command = commands.add_parser(
        "check", help=_("tell whether this server is set up right, and how to fix what is not")
    )
    command.add_argument(
        "--language",
        choices=LANGUAGES,
        help=_("the language of the report (default: from LANG)"),
    )
    command.set_defaults(handler=report)
