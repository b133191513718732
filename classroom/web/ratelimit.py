"""Rate limits: teachers' failed logins, and the students' join requests.

Every limit is a quota (`classroom/web/quotas.py`): checked and counted in one step, so that
simultaneous requests cannot all pass, and shared by every server process through Redis when
`CLASSROOM_REDIS_URL` is set (in this process's memory otherwise, and while Redis is away).

The keys name a person where the app can tell one, because a whole school often reaches the
server through one address:

- a teacher's login failures count per (address, username), and per username from anywhere:
  one student guessing at one account locks out neither the other teachers nor the account
  for everybody, and a right password clears its address's count;
- wrong join codes count per browser (a random id in its session cookie), so a student who
  mistypes is slowed down and the classmate beside them is not; the address has a far higher
  ceiling, against a script that drops its cookies;
- seats count per browser, per class (a whole class joins at once, a flood does not) and per
  address (a school's ceiling);
- practice tables count per browser and per address, by the hour.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from collections.abc import Mapping
from typing import Any

from flask import Flask, current_app, request, session

from classroom.web.quotas import Limit, Quotas, RedisQuotas, Refusal, Ticket

__all__ = [
    "LoginLimiter",
    "browser_key",
    "code_guess",
    "init_limits",
    "network_key",
    "practice_table",
    "quotas_for",
    "seat_claim",
]

# The per-username key allows this many times more failures, so a spread-out attack is slowed
# too without one classroom's typos locking the account for everybody.
ANYONE_FACTOR = 4
#: How long a request waits for Redis before counting in this process's memory instead.
REDIS_TIMEOUT_S = 2


class LoginLimiter:
    """Failed logins per (address, username) and per username, over a sliding window.

    `attempt` counts the attempt before the password is checked (so simultaneous guesses
    cannot all slip under the limit) and answers None when the limit is reached; a right
    password gives its attempt back and clears its address's failures (`succeeded`).
    """

    def __init__(self, quotas: Quotas, attempts: int, window: float) -> None:
        self.quotas = quotas
        self.attempts = attempts
        self.window = window

    def _limits(self, address: str, username: str) -> list[Limit]:
        name = username.strip().casefold()
        # An address never holds "|" nor is "*", so no pair is mistaken for another.
        return [
            Limit(f"login:{address}|{name}", self.attempts, self.window),
            Limit(f"login:*|{name}", self.attempts * ANYONE_FACTOR, self.window),
        ]

    def attempt(self, address: str, username: str) -> Ticket | None:
        """Count one attempt; None while this address (or everybody) failed too often."""
        taken = self.quotas.take(self._limits(address, username))
        return None if isinstance(taken, Refusal) else taken

    def succeeded(self, attempt: Ticket, address: str, username: str) -> None:
        """A right password: the attempt did not fail, and the address's failures are cleared."""
        attempt.give_back()
        self.quotas.clear(self._limits(address, username)[0].key)


def quotas_for(config: Mapping[str, Any]) -> Quotas:
    """Shared through Redis when a Redis URL is set (`REDIS_URL` in the settings, else
    `CLASSROOM_REDIS_URL`), in this process's memory otherwise."""
    url = config.get("REDIS_URL") or os.environ.get("CLASSROOM_REDIS_URL")
    if not url:
        return Quotas()
    from redis import Redis

    client = Redis.from_url(
        url, socket_timeout=REDIS_TIMEOUT_S, socket_connect_timeout=REDIS_TIMEOUT_S
    )
    # Row ids are per database: servers of two databases sharing one Redis keep apart.
    store = hashlib.sha256(str(config.get("DATABASE_URL", "")).encode()).hexdigest()[:12]
    return RedisQuotas(client, prefix=f"classroom:quota:{store}:")


def init_limits(app: Flask) -> None:
    """Give the app its quotas and its login limiter."""
    quotas = quotas_for(app.config)
    app.extensions["quotas"] = quotas
    app.extensions["login_limiter"] = LoginLimiter(
        quotas, app.config["LOGIN_ATTEMPTS"], app.config["LOGIN_WINDOW_SECONDS"]
    )


def login_limiter() -> LoginLimiter:
    """The app's login limiter."""
    limiter: LoginLimiter = current_app.extensions["login_limiter"]
    return limiter


def network_key() -> str:
    """The address a request came from (the forwarded one behind a trusted proxy)."""
    return request.remote_addr or "?"


def browser_key() -> str:
    """One browser at one address: a random id kept in its session cookie.

    A client that drops its cookies gets a new id each time; the address's own limit still
    holds it.
    """
    browser = session.get("browser")
    if not isinstance(browser, str):
        browser = session["browser"] = secrets.token_hex(8)
    return f"{network_key()}|{browser}"


def _limit(key: str, setting: str) -> Limit:
    return Limit.rate(key, current_app.config[setting])


def _take(limits: list[Limit]) -> Ticket | Refusal:
    quotas: Quotas = current_app.extensions["quotas"]
    return quotas.take(limits)


def code_guess() -> Ticket | Refusal:
    """Count a join code about to be looked up; give the ticket back when it was right."""
    return _take(
        [
            _limit(f"code:browser:{browser_key()}", "JOIN_CODES_PER_BROWSER"),
            _limit(f"code:net:{network_key()}", "JOIN_CODE_LIMIT"),
        ]
    )


def seat_claim(class_id: int) -> Ticket | Refusal:
    """Count a seat about to be taken in a class; give the ticket back when none was taken."""
    return _take(
        [
            _limit(f"seat:browser:{browser_key()}", "SEAT_CLAIMS_PER_BROWSER"),
            _limit(f"seat:class:{class_id}", "SEAT_CLAIMS_PER_CLASS"),
            _limit(f"seat:net:{network_key()}", "SEAT_CLAIM_LIMIT"),
        ]
    )


def practice_table() -> Ticket | Refusal:
    """Count a practice table about to be opened; give the ticket back when none was."""
    return _take(
        [
            _limit(f"practice:browser:{browser_key()}", "PRACTICE_TABLES_PER_BROWSER"),
            _limit(f"practice:net:{network_key()}", "PRACTICE_TABLE_LIMIT"),
        ]
    )
