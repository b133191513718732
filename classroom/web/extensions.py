"""Flask extensions, created once and bound to an app in `create_app`."""

from flask_babel import Babel
from flask_socketio import SocketIO
from flask_wtf import CSRFProtect

socketio = SocketIO()
csrf = CSRFProtect()
babel = Babel()
