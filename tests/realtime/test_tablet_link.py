"""The tablets' link: a dropped connection is noticed within seconds, on both ends."""

from __future__ import annotations

from classroom.web import socketio
from tests.realtime.conftest import make_app

NOTICED_WITHIN_SECONDS = 5


def test_engineio_pings_often_enough_to_notice_a_dead_link_within_five_seconds(database):
    make_app(database)
    engine = socketio.server.eio
    # The client gives up on a link after one interval plus the timeout without a ping.
    assert engine.ping_interval + engine.ping_timeout <= NOTICED_WITHIN_SECONDS
    # Not so often that thirty tablets on school Wi-Fi spend their time pinging.
    assert engine.ping_interval >= 1
