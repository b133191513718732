"""The classroom app on gevent's WSGI server, the standard library monkey-patched first.

Run: `python -m bench.gevent_server --port 5001` (loopback only; CLASSROOM_DATABASE_URL as for
`classroom serve`). The app picks Socket.IO's gevent mode itself once gevent has patched.
"""

from gevent import monkey

if __name__ == "__main__":
    # Only when run: the worker processes of the rule checks import this module again (as
    # their parent's main module) and must stay plain processes, with real threads.
    monkey.patch_all()

import argparse
import socket

from gevent.pywsgi import WSGIServer

from classroom.cli.serve import LISTEN_BACKLOG, tune_for_a_school
from classroom.web import create_app


def main() -> None:
    """Serve on 127.0.0.1 until stopped."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=5001)
    args = parser.parse_args()
    app = create_app()
    tune_for_a_school()
    listener = socket.create_server(("127.0.0.1", args.port), backlog=LISTEN_BACKLOG)
    # Accepted sockets inherit TCP_NODELAY from the listener on Linux.
    listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    WSGIServer(listener, app, log=None).serve_forever()


if __name__ == "__main__":
    main()
