"""The kit's Socket.IO packets: compact JSON, never a search for binary attachments."""

from __future__ import annotations

import pytest
from socketio import packet

from classroom.web.packets import JsonPacket


def test_an_event_is_encoded_as_the_stock_packet_encodes_json():
    data = ["state", {"hand": ["7H", "QS"], "seats": [{"seat": "3", "cards": None}]}]
    ours = JsonPacket(packet.EVENT, data=data, namespace="/play").encode()
    stock = packet.Packet(packet.EVENT, data=data, namespace="/play").encode()
    assert (
        ours == stock == '2/play,["state",{"hand":["7H","QS"],"seats":[{"seat":"3","cards":null}]}]'
    )


def test_bytes_sent_by_mistake_fail_loudly_instead_of_travelling_as_an_attachment():
    with pytest.raises(TypeError):
        JsonPacket(packet.EVENT, data=["state", {"qr": b"\\x89PNG"}], namespace="/play").encode()


def test_packets_from_clients_are_decoded_as_usual():
    decoded = JsonPacket(encoded_packet='2/play,1["act",{"type":"pass","action_id":"a"}]')
    assert (decoded.packet_type, decoded.namespace, decoded.id) == (packet.EVENT, "/play", 1)
    assert decoded.data == ["act", {"type": "pass", "action_id": "a"}]
