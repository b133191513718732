"""gunicorn settings for ONE classroom process (see docs/deploy.md).

Run one gunicorn per port, several ports behind nginx:

    CLASSROOM_PORT=5001 gunicorn -c deploy/gunicorn.conf.py 'classroom.web:create_app()'
    CLASSROOM_PORT=5002 gunicorn -c deploy/gunicorn.conf.py 'classroom.web:create_app()'

Flask-SocketIO keeps each client's Socket.IO session in the memory of the process that
opened it, and gunicorn's load balancing cannot send a client back to the same worker: so
exactly one worker per gunicorn, and the scaling is done by more gunicorns behind nginx's
sticky sessions, all sharing CLASSROOM_REDIS_URL.
"""

import os

bind = f"127.0.0.1:{os.environ.get('CLASSROOM_PORT', '5001')}"
workers = 1  # never more: see above
worker_class = os.environ.get("CLASSROOM_WORKER_CLASS", "gthread")
# gthread: every open socket holds one of these threads for the whole lesson; a tablet beyond
# them waits unanswered. gevent: greenlets, up to worker_connections.
threads = int(os.environ.get("CLASSROOM_THREADS", "1100"))
worker_connections = 4096
backlog = 2048  # a bell wakes a school's tablets at once (see classroom/cli/serve.py)
# The worker's heartbeat, not a limit on a socket's request. At 30 s, gunicorn killed the
# gthread worker while 1,000 tablets connected at once on a loaded machine ("WORKER TIMEOUT":
# its loop, which sends the heartbeat, waited behind the connecting threads), dropping every
# tablet of the process; see docs/performance.md, "Server choice".
timeout = 120
graceful_timeout = 10
accesslog = os.environ.get("CLASSROOM_ACCESS_LOG")  # unset: none (errors still go to stderr)
# gunicorn's control socket is one path per user: a second gunicorn on the machine (the next
# port) would take it over. Nothing here uses it.
control_socket_disable = True


def post_worker_init(worker):
    """The worker, its app loaded, tuned as `classroom serve` is: open files, GC pauses, GIL
    hand-over (see classroom/cli/serve.py), the robots' candidate rules built in the background.
    Its access log, when one is kept, shows a
    projector's link without the token that opens it, as `classroom serve` does."""
    import logging

    from classroom.cli.masking import HiddenTokens
    from classroom.cli.serve import tune_for_a_school, warm_up

    logging.getLogger("gunicorn.access").addFilter(HiddenTokens())
    tune_for_a_school()
    warm_up()
