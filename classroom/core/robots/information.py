"""How much a play can teach: the entropy of the accept / reject split of what is still possible.

Before a card is judged, each remaining candidate says "accepted" or "rejected". If a share `p`
(by prior weight) says "accepted", the verdict carries `H(p)` bits on average: 1 bit for an even
split, 0 when every candidate agrees (the play cannot teach anything). Once judged, the play
taught `log2(before / after)` bits, and ruled out `1 - after / before` of what was possible.

>>> entropy(0.5), entropy(1.0), round(entropy(0.25), 3)
(1.0, 0.0, 0.811)
>>> ruled_out(10, 6), bits_learned(8, 2)
(0.4, 2.0)
"""

from __future__ import annotations

import math

from classroom.core.robots.candidates import CandidateSet

__all__ = ["bits_learned", "entropy", "expected_information", "ruled_out", "share_accepting"]


def entropy(p: float) -> float:
    """The entropy in bits of a yes / no outcome that is yes with probability `p`."""
    if p <= 0.0 or p >= 1.0:
        return 0.0
    return -(p * math.log2(p) + (1.0 - p) * math.log2(1.0 - p))


def share_accepting(
    candidates: CandidateSet, alive: int, accepting: int, *, library_weight: float = 1.0
) -> float:
    """The prior share of `alive` that accepts (0.5 when nothing is alive: no opinion)."""
    total = candidates.weight(alive, library_weight)
    if total <= 0:
        return 0.5
    return candidates.weight(alive & accepting, library_weight) / total


def expected_information(
    candidates: CandidateSet, alive: int, accepting: int, *, library_weight: float = 1.0
) -> float:
    """The bits a verdict is expected to carry about which of `alive` is the rule."""
    if not alive:
        return 0.0
    return entropy(share_accepting(candidates, alive, accepting, library_weight=library_weight))


def ruled_out(before: int, after: int) -> float | None:
    """The share of the candidates consistent before a play that it ruled out (None: none were)."""
    if before <= 0:
        return None
    return (before - after) / before


def bits_learned(before: int, after: int) -> float | None:
    """`log2(before / after)`: what a play taught, in bits (None when nothing is left to count)."""
    if before <= 0 or after <= 0:
        return None
    return math.log2(before / after)
