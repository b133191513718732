"""Every game a table can play, and the one place that picks a game by its stored name.

>>> find_game("new_eleusis").min_players
4
>>> [game.name for game in GAMES]
['express', 'new_eleusis']
"""

from __future__ import annotations

from classroom.core.games.express.game import EXPRESS
from classroom.core.games.new_eleusis.game import NEW_ELEUSIS
from classroom.core.games.shape import Game

__all__ = ["DEFAULT_GAME", "GAMES", "UnknownGame", "find_game", "register"]


class UnknownGame(ValueError):
    """A game name no registered game has (a corrupt row, or a game no longer installed)."""


#: The games on offer, in the order the teacher's forms list them.
GAMES: list[Game] = [EXPRESS, NEW_ELEUSIS]
#: What a new group plays unless the teacher chooses.
DEFAULT_GAME = EXPRESS.name


def find_game(name: str) -> Game:
    """The registered game stored as `name`; UnknownGame if there is none."""
    for game in GAMES:
        if game.name == name:
            return game
    raise UnknownGame(f"No game is called {name!r}.")


def register(game: Game) -> None:
    """Offer one more game (a plug-in, or a test's own small game); a name already taken is
    replaced."""
    GAMES[:] = [known for known in GAMES if known.name != game.name] + [game]
