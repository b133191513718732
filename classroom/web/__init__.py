"""The web app: `create_app()` builds Flask, the database, Socket.IO and the blueprints."""

from __future__ import annotations

import logging
import os
import random
import sys
from pathlib import Path
from typing import Any

from flask import Flask, Response, render_template
from flask_babel import get_locale
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.routing import IntegerConverter, Map

from classroom.core.resources import data_dir
from classroom.store import connect
from classroom.store.composition import use_cases_for
from classroom.store.migrate import upgrade
from classroom.usecases import StoreUnavailable
from classroom.usecases.computing import Computations
from classroom.web import after_connect, i18n, log_limits, pinger, reserved_events
from classroom.web.alarms import BackgroundAlarms
from classroom.web.beacon import Beacons
from classroom.web.config import MAX_ROW_ID, default_config
from classroom.web.extensions import babel, csrf, socketio
from classroom.web.notifier import Notifier
from classroom.web.packets import JsonPacket
from classroom.web.ratelimit import init_limits
from classroom.web.robot_driver import RobotDriver

__all__ = ["create_app", "socketio"]

STATIC = Path(__file__).resolve().parent.parent / "static"
# No third-party origin is ever contacted: scripts, styles, fonts and sockets are all our own.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'"
)


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app; `test_config` overrides settings (tests pass a temporary database)."""
    app = Flask(
        __name__,
        instance_relative_config=True,
        instance_path=os.environ.get("CLASSROOM_INSTANCE") or None,
        template_folder=str(data_dir("templates")),
        static_folder=str(STATIC),
    )
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(default_config(Path(app.instance_path)))
    app.config.from_mapping(test_config or {})
    sessions = connect(app.config["DATABASE_URL"])
    upgrade(sessions.kw["bind"])  # a new or older database is brought to the newest schema
    rng = app.config.get("SHUFFLE_SEED")
    app.extensions["use_cases"] = use_cases_for(
        sessions,
        rng=random.Random(rng) if rng is not None else None,
        # Worker processes start with the first long computation, not with the app.
        computing=Computations(workers=int(app.config["COMPUTE_WORKERS"])),
    )
    app.extensions["use_cases"].built.timeout_s = float(app.config["COMPUTE_TIMEOUT_S"])
    _wire_effects(app)
    csrf.init_app(app)
    init_limits(app)
    i18n.init_app(app)
    babel.init_app(app, locale_selector=i18n.select_locale)
    # Every <int:...> in a URL is a row id: beyond what a row id can be, the page is a 404.
    app.url_map.converters["int"] = RowIdConverter
    # Handlers must be declared before init_app: Flask-SocketIO replays them onto each new app
    # (a restarted server in the same process, tests) only if it saw them before the first one.
    _register_blueprints(app)
    socketio.init_app(
        app,
        async_mode=async_mode(),
        message_queue=os.environ.get("CLASSROOM_REDIS_URL"),
        max_http_buffer_size=16 * 1024,
        serializer=JsonPacket,
        # A connection's messages are handled in order, in its own reader thread, instead of
        # a new thread per message (a play cost one thread start; order is what tablets expect).
        async_handlers=False,
        # A tablet whose Wi-Fi dropped hears no ping within interval + timeout and shows
        # "Reconnecting..." within 4.5 s (Engine.IO's defaults, 25 + 20 s, kept students
        # tapping a dead page); the server also sees a gone tablet as offline as quickly.
        ping_interval=2,
        ping_timeout=2.5,
    )
    after_connect.install(socketio.server)
    # Only the transport opens and closes a connection: a client's event named "connect" or
    # "disconnect" reaches no handler; what clients can make the server log stays short.
    reserved_events.install(socketio.server)
    log_limits.install()
    pinger.install(socketio.server.eio)
    app.register_error_handler(StoreUnavailable, _store_unavailable)
    app.after_request(_security_headers)
    # Browsers ask for /favicon.ico whatever the page links.
    app.add_url_rule("/favicon.ico", "favicon", lambda: app.send_static_file("favicon.ico"))
    proxies = int(app.config.get("TRUSTED_PROXIES", 0))
    if proxies:
        # Behind nginx every request comes from the proxy; per-address login limits need the
        # address the proxy saw, and secure cookies need the scheme the browser used.
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies
        )
    app.context_processor(lambda: {"locale": str(get_locale() or "en")})
    return app


def async_mode() -> str:
    """Socket.IO's gevent mode once gevent has patched the standard library (gunicorn's gevent
    worker, or any server started after `gevent.monkey.patch_all()`), threading otherwise."""
    monkey = sys.modules.get("gevent.monkey")
    patched = monkey is not None and monkey.is_module_patched("socket")
    return "gevent" if patched else "threading"


class RowIdConverter(IntegerConverter):
    """An `int` URL part that a database row id can be (so never overflows a query)."""

    def __init__(self, url_map: Map, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max", MAX_ROW_ID)
        super().__init__(url_map, *args, **kwargs)


def _wire_effects(app: Flask) -> None:
    """The web app's side of the use cases' effects: the notifier tells every open screen of a
    committed change, the alarms close prediction windows."""
    notifier, alarms = Notifier(app), BackgroundAlarms(app)
    app.extensions["notifier"] = notifier
    app.extensions["alarms"] = alarms
    # Where each group's log stands, to its tablets every few seconds: a tablet that missed
    # an announce catches up (started by the first tablet to connect).
    app.extensions["beacons"] = Beacons(app, every=float(app.config["BEACON_SECONDS"]))
    app.extensions["robot_driver"] = RobotDriver(
        app,
        every=float(app.config["ROBOT_SWEEP_SECONDS"]),
        pause=tuple(app.config["ROBOT_PAUSE_SECONDS"]),
        rng=random.Random(),
    )
    app.extensions["use_cases"].wire_effects(notifier, alarms)


def _register_blueprints(app: Flask) -> None:
    from classroom.web.printing import printing
    from classroom.web.projector import projector
    from classroom.web.student import student
    from classroom.web.teacher import teacher

    app.register_blueprint(student)
    app.register_blueprint(teacher)
    app.register_blueprint(projector)
    app.register_blueprint(printing)


def _store_unavailable(error: StoreUnavailable) -> tuple[str, int, dict[str, str]]:
    """The database is restarting (a use case already tried twice): a page in the reader's
    language that reloads itself, never a server error."""
    logging.getLogger(__name__).warning("database unavailable: %s", error)
    return render_template("unavailable.html"), 503, {"Retry-After": "5"}


def _security_headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return response
