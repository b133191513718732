"""The Socket.IO packet format of the kit: JSON only, and never nested deeper than a payload
of the kit can be."""

from __future__ import annotations

import logging
import re
from typing import Any

from flask_babel import gettext as _
from socketio import packet as packets
from socketio.packet import Packet

from classroom.web.extensions import socketio
from classroom.web.replies import reply
from classroom.web.rooms import PLAY, PROJECTOR, TEACH

__all__ = ["FRAME_REJECTED", "MAX_DEPTH", "JsonPacket", "nesting_depth"]

#: No payload of the kit nests deeper than a few levels; far beyond that a frame is hostile.
MAX_DEPTH = 32
#: The event a frame nested too deeply becomes, so its sender hears why nothing happened.
FRAME_REJECTED = "frame_rejected"

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")
log = logging.getLogger(__name__)


def nesting_depth(text: str) -> int:
    """How deeply the JSON `text` nests arrays and objects (brackets inside strings aside).

    >>> nesting_depth('[1, {"a": "[[["}]')
    2
    """
    depth = deepest = 0
    for match in _BRACKET.finditer(_STRING.sub("", text)):
        depth += 1 if match.group() in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _too_deep(text: str) -> bool:
    # Counting brackets runs at C speed: the scan itself is only needed for frames with many.
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    return nesting_depth(text) > MAX_DEPTH


class JsonPacket(Packet):
    """A Socket.IO packet whose data never holds bytes and never nests deeper than `MAX_DEPTH`.

    Everything the kit sends is JSON: views, events, journals. The stock packet searches every
    payload for bytes (to send them as attachments) by walking each list and dict of it on every
    emit, which cost an eighth of the server's CPU per play. This packet skips the search; bytes
    sent by mistake then fail loudly in `json.dumps` instead of travelling as an attachment.

    A client's frame nested thousands of levels deep would exhaust Python's recursion while it
    is decoded (and log a RecursionError): such a frame is not decoded. It, and a frame whose
    data is not JSON, is rejected: an event becomes the `FRAME_REJECTED` event, answered with a
    clear error; any other packet loses its data.
    """

    @classmethod
    def data_is_binary(cls, data: object) -> bool:
        """Never: see the class."""
        return False

    def decode(self, encoded_packet: Any) -> int:
        """Decode as usual, but never a frame nested deeper than `MAX_DEPTH`, and turn a frame
        whose data is not JSON into a rejected one rather than an error in the log."""
        if not isinstance(encoded_packet, str):
            return int(super().decode(encoded_packet))
        if _too_deep(encoded_packet):
            return self._reject(encoded_packet, f"nested deeper than {MAX_DEPTH} levels")
        try:
            return int(super().decode(encoded_packet))
        except ValueError as error:  # not JSON, or a number too long to read
            return self._reject(encoded_packet, str(error))

    def _reject(self, encoded_packet: str, reason: str) -> int:
        log.warning("dropped a Socket.IO frame: %s", reason)
        # The header (type, namespace, id) is read by the stock decoder, without the body.
        attachments = int(super().decode(encoded_packet[: _body_start(encoded_packet)]))
        rejected = self.packet_type in (packets.EVENT, packets.BINARY_EVENT)
        self.data = [FRAME_REJECTED] if rejected else None
        return attachments


def _body_start(encoded: str) -> int:
    """Where the JSON data of an encoded packet begins (its first '[' or '{' or '"')."""
    starts = [index for index in (encoded.find(c) for c in '[{"') if index >= 0]
    return min(starts) if starts else len(encoded)


def _answer_rejected_frame(payload: Any = None) -> dict[str, Any]:
    """Tell the sender its frame was dropped (the tablet shows `problem` messages)."""
    message = _("That message was malformed and has been ignored.")
    reply("problem", {"message": message})
    return {"ok": False, "error": message}


for _namespace in (PLAY, TEACH, PROJECTOR):
    socketio.on_event(FRAME_REJECTED, _answer_rejected_frame, namespace=_namespace)
