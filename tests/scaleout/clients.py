"""Clients of a scaled-out classroom: tablets and projectors over real websockets
(python-socketio), a teacher over real HTTP (urllib with a cookie jar)."""

from __future__ import annotations

import contextlib
import http.cookiejar
import re
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from typing import Any

import socketio

from classroom.projections.view_changes import updated_view

WAIT_SECONDS = 15.0


#: A beacon's resync is asked again only after this long (as the tablet page does).
BEACON_RETRY_S = 5.0

#: A first connect through a proxy can fail while it opens its upstream connections; the
#: browser client retries after a second, and so do these clients (a few times at most).
CONNECT_ATTEMPTS = 3
RETRY_PAUSE_SECONDS = 1.0


class Listener:
    """A socket.io client that records what it receives and can wait for a condition."""

    namespace = "/"

    def __init__(self, transports: list[str] | None = None, **options: Any) -> None:
        """`transports`: websocket only unless told; `options` go to `socketio.Client`."""
        self.client = socketio.Client(**{"reconnection": False, **options})
        self.transports = transports or ["websocket"]
        self.received: list[tuple[str, Any]] = []
        self._changed = threading.Condition()

    def _record(self, name: str) -> Callable[[Any], None]:
        def handler(payload: Any = None) -> None:
            with self._changed:
                self.received.append((name, payload))
                self._absorb(name, payload)
                self._changed.notify_all()

        return handler

    def _absorb(self, name: str, payload: Any) -> None:
        """Keep what a subclass tracks (called under the lock)."""

    def listen(self, *names: str) -> None:
        for name in names:
            self.client.on(name, self._record(name), namespace=self.namespace)

    def connect(self, base_url: str, auth: dict[str, Any]) -> None:
        """Connect; like socket.io's browser client, a failed first attempt is tried again."""
        for attempt in range(CONNECT_ATTEMPTS):
            try:
                self.client.connect(
                    base_url,
                    namespaces=[self.namespace],
                    auth=auth,
                    transports=self.transports,
                    wait_timeout=WAIT_SECONDS,
                )
                return
            except socketio.exceptions.ConnectionError:
                if attempt == CONNECT_ATTEMPTS - 1:
                    raise
                time.sleep(RETRY_PAUSE_SECONDS)  # the browser client's reconnection delay

    def wait_for(self, condition: Callable[[], bool], what: str) -> None:
        """Block until `condition()` holds (checked on every message), at most WAIT_SECONDS."""
        deadline = time.monotonic() + WAIT_SECONDS
        with self._changed:
            while not condition():
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"timed out waiting for {what}; got {self.received!r}")
                self._changed.wait(left)

    def close(self) -> None:
        with contextlib.suppress(Exception):  # a client of a killed server may be gone already
            self.client.disconnect()


def close_all(clients: list[Listener]) -> None:
    """Disconnect every client at once: each waits up to seconds for its close handshake."""
    closing = [threading.Thread(target=client.close) for client in clients]
    for thread in closing:
        thread.start()
    for thread in closing:
        thread.join(timeout=WAIT_SECONDS)


class Tablet(Listener):
    """A student's tablet on /play: its seat token, the events and states it received."""

    namespace = "/play"

    def __init__(self, token: str, transports: list[str] | None = None, **options: Any) -> None:
        super().__init__(transports, **options)
        self.token = token
        self.state: dict[str, Any] = {}
        self.seqs: list[int] = []
        self.base_url = ""
        self._beacon_asked = 0.0
        self._beacon_asked_for = (0, 0)
        self.listen("events", "state", "update", "journal", "problem", "beacon")

    def position(self) -> dict[str, Any]:
        """The (round, seq) this tablet holds, as the page sends it when it (re)connects."""
        return {"round": self.state.get("round", 0), "last_seq": self.state.get("seq", 0)}

    def _absorb(self, name: str, payload: Any) -> None:
        if name == "beacon":
            # As the page does: a group that stands further than the view held means a
            # change whose announce was lost; ask for what was missed (the same beacon again
            # only after a while, a further one at once).
            at = (payload["round"], payload["seq"])
            behind = at > (self.state.get("round", 0), self.state.get("seq", 0))
            further = at > self._beacon_asked_for
            waited = time.monotonic() - self._beacon_asked > BEACON_RETRY_S
            if self.state and behind and (further or waited):
                self._beacon_asked, self._beacon_asked_for = time.monotonic(), at
                self.client.start_background_task(self._ask_resync)
        elif name == "state" and not _older(payload, self.state):
            self.state = payload
        elif name == "update":
            # Behind a message queue every view is sent whole; one process alone sends updates.
            updated = updated_view(self.state, payload)
            if updated is not None:
                self.state = updated
            elif _older(self.state, payload):
                # As the tablet's page does: a missed message means asking for the whole view.
                position = {
                    "round": self.state.get("round", 0),
                    "last_seq": self.state.get("seq", 0),
                }
                self.client.emit("resync", position, namespace=self.namespace)
        elif name == "events":
            self.seqs.extend(event["seq"] for event in payload)

    def _ask_resync(self) -> None:
        """Ask for what was missed; a link that dropped meanwhile asks again on reconnecting."""
        with contextlib.suppress(socketio.exceptions.SocketIOError):
            self.client.emit("resync", self.position(), namespace=self.namespace)

    def join(self, base_url: str, round_number: int = 0, last_seq: int = 0) -> Tablet:
        """Connect with the token and the (round, seq) already seen; wait for the state."""
        auth = {"token": self.token, "round": round_number, "last_seq": last_seq}
        self.base_url = base_url
        self.connect(base_url, auth)
        self.wait_for(lambda: bool(self.state), "the first state")
        return self

    def act(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Send an action; the server's acknowledgement.

        Like the tablet page, an action whose acknowledgement is lost (a transport switching
        under it) is sent once more with the same action id: the server applies it once. If
        the connection itself was dropped meanwhile (a busy machine can miss the 4.5 s ping
        window), the tablet first joins again from the moment it had seen, as the page does.
        """
        if not self.connected():
            self._rejoin()
        try:
            return self._call(payload)
        except (socketio.exceptions.TimeoutError, socketio.exceptions.BadNamespaceError):
            if not self.connected():
                self._rejoin()
            return self._call(payload)

    def connected(self) -> bool:
        return bool(self.client.connected) and self.namespace in self.client.namespaces

    def _rejoin(self) -> None:
        self.close()
        seen = (self.state.get("round", 0), self.state.get("seq", 0))
        with self._changed:
            self.state = {}
        self.join(self.base_url, *seen)

    def _call(self, payload: dict[str, Any]) -> dict[str, Any]:
        answer: dict[str, Any] = self.client.call(
            "act", payload, namespace=self.namespace, timeout=WAIT_SECONDS / 2
        )
        return answer

    def wait_seq(self, seq: int) -> None:
        self.wait_for(lambda: self.state.get("seq", 0) >= seq, f"state seq {seq}")


def _older(view: dict[str, Any], seen: dict[str, Any]) -> bool:
    """A state from an earlier moment than the one held (broadcasts may cross)."""
    return (view["round"], view["seq"]) < (seen.get("round", 0), seen.get("seq", 0))


class Projector(Listener):
    """A projector page on /projector: the newest `class` view."""

    namespace = "/projector"

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token
        self.view: dict[str, Any] = {}
        self.listen("class")

    def _absorb(self, name: str, payload: Any) -> None:
        self.view = payload

    def join(self, base_url: str) -> Projector:
        self.connect(base_url, {"token": self.token})
        self.wait_for(lambda: bool(self.view), "the first class view")
        return self


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


CSRF_TAG = re.compile(r'<(?:input|meta)[^>]*name="csrf[-_]token"[^>]*>')
CSRF_VALUE = re.compile(r'(?:value|content)="([^"]+)"')


class Teacher:
    """A teacher's browser: one cookie jar, used against any server process."""

    def __init__(self) -> None:
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), _NoRedirect()
        )

    def request(self, url: str, data: dict[str, Any] | None = None) -> tuple[int, str]:
        """GET (or POST a form); the status and body, redirects not followed."""
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        try:
            with self.opener.open(url, data=body, timeout=WAIT_SECONDS) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(errors="replace")

    def csrf(self, url: str) -> str:
        status, page = self.request(url)
        assert status == 200, (status, page[:500])
        tag = CSRF_TAG.search(page)
        found = CSRF_VALUE.search(tag.group(0)) if tag else None
        assert found, f"no CSRF token on {url}"
        return found.group(1)

    def login(self, base_url: str, username: str, password: str) -> int:
        """Post the login form; 302 on success, 401 wrong, 429 blocked."""
        token = self.csrf(f"{base_url}/teacher/login")
        form = {"csrf_token": token, "username": username, "password": password}
        return self.request(f"{base_url}/teacher/login", form)[0]

    def judge(self, base_url: str, group_id: int, guess: int, right: bool) -> int:
        """The verdict on a pending guess, posted the way the panel's buttons do."""
        token = self.csrf(f"{base_url}/teacher/")
        form = {"csrf_token": token, "right": "1" if right else "0", "guess": guess, "next": ""}
        return self.request(f"{base_url}/teacher/groups/{group_id}/judge", form)[0]
