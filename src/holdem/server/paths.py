"""Path parameters the routes share."""

from __future__ import annotations

from typing import Annotated

from fastapi import Path

__all__ = ["RowId"]

RowId = Annotated[int, Path(ge=1, le=2**31 - 1)]
"""A stored row's id in a route's path: 1 .. 2**31 - 1, a database integer.

Anything else is refused with 400 before the database is asked (a larger
number is no row, and PostgreSQL would refuse it as out of range).
"""
