"""What each game's tables look like to each audience: the projections' side of the registry of
games (`classroom.core.games.registry`).

Every game registers one `TableViews` under its game's name. The generic views (`group_views`,
`projector_view`) ask the group's game for the parts only it knows: the seats' and the
teacher's views, a tile on the projector, its latest verdict; they never compare a mode with a
game's name. A new game registers its views next to its `Game` (`register_views`).
"""

from __future__ import annotations

from classroom.projections.games.shape import Moment, Row, TableViews, View

__all__ = ["TABLE_VIEWS", "Moment", "Row", "TableViews", "View", "register_views", "views_of"]

TABLE_VIEWS: dict[str, TableViews] = {}


def register_views(views: TableViews) -> None:
    """Offer `views` for the tables of the game of the same name."""
    TABLE_VIEWS[views.name] = views


def views_of(mode: str) -> TableViews:
    """The views of the game a table plays."""
    return TABLE_VIEWS[mode]


def _register_built_in() -> None:
    from classroom.projections.games.express import EXPRESS_VIEWS
    from classroom.projections.games.new_eleusis import NEW_ELEUSIS_VIEWS

    register_views(EXPRESS_VIEWS)
    register_views(NEW_ELEUSIS_VIEWS)


_register_built_in()
