"""While the dealer judges the card the prophet pointed to, every other move is refused with
a readable reason (the sentence names nobody), so the tablets' views can say what each seat
may do."""

from __future__ import annotations

import pytest

from classroom.core.games.new_eleusis import VerdictPending
from classroom.core.games.new_eleusis.verify import verify_no_play
from tests.unit.test_new_eleusis_errors import pointed
from tests.unit.test_new_eleusis_support import cards


@pytest.mark.parametrize("seat", ["Ben", "Chen"])
def test_a_move_while_the_prophets_card_is_judged_waits_for_the_verdict(seat: str) -> None:
    game = pointed()
    assert game.state.phase == "judging_point"
    with pytest.raises(VerdictPending, match="the card the prophet chose"):
        verify_no_play(game.state, seat)
    with pytest.raises(VerdictPending, match="the card the prophet chose"):
        game.play(seat, cards("9H"))
