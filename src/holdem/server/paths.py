"""Path parameters the routes share."""

from __future__ import annotations

from typing import Annotated

from fastapi import Path, Query

__all__ = ["ROW_ID_MAX", "RowAfter", "RowId", "RowIdQuery"]

ROW_ID_MAX = 2**31 - 1
"""The largest row id: a PostgreSQL ``integer``."""

RowId = Annotated[int, Path(ge=1, le=ROW_ID_MAX)]
"""A stored row's id in a route's path: 1 .. 2**31 - 1, a database integer.

Anything else is refused with 400 before the database is asked (a larger
number is no row, and PostgreSQL would refuse it as out of range).
"""

RowIdQuery = Annotated[int | None, Query(ge=1, le=ROW_ID_MAX)]
"""A row id in a query (``?hand=57``): the same range, or absent."""

RowAfter = Annotated[int, Query(ge=0, le=ROW_ID_MAX)]
"""A page's start (``?after=``): 0 .. the largest row id."""
