"""gunicorn settings for ONE classroom process (see docs/deploy.md).

Run one gunicorn per port, several ports behind nginx:

    CLASSROOM_PORT=5001 gunicorn -c deploy/gunicorn.conf.py 'classroom.web:create_app()'
    CLASSROOM_PORT=5002 gunicorn -c deploy/gunicorn.conf.py 'classroom.web:create_app()'

Flask-SocketIO keeps each client's Socket.IO session in the memory of the process that
opened it, and gunicorn's load balancing cannot send a client back to the same worker: so
exactly one worker per gunicorn, many threads (async_mode="threading"), and the scaling is
done by more gunicorns behind nginx's sticky sessions, all sharing CLASSROOM_REDIS_URL.
"""

import os

bind = f"127.0.0.1:{os.environ.get('CLASSROOM_PORT', '5001')}"
workers = 1  # never more: see above
worker_class = "gthread"
threads = 100  # every open socket holds a thread for the whole lesson
timeout = 30  # the worker heartbeat (gthread), not a limit on a socket's request
graceful_timeout = 10
accesslog = "-"
