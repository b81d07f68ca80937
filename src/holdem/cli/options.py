"""Option types shared by the commands.

Click's integer ranges refuse ``x`` with "is not a valid integer range";
``WholeNumberRange`` says "is not a whole number", a range's bounds as
before. ``HistoryPath`` is a file or folder argument that is never empty
(``Path("")`` is the current folder: ``holdem replay ""`` read all of it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

__all__ = ["HistoryPath", "WholeNumberRange"]


class WholeNumberRange(click.IntRange):
    """``click.IntRange`` whose message for a non-number says "whole number"."""

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> Any:
        """``value`` as an int in the range; ``self.fail`` (exit 2) if not."""
        if not isinstance(value, int):
            try:
                int(value)
            except (TypeError, ValueError):
                self.fail(f"{value!r} is not a whole number.", param, ctx)
        return super().convert(value, param, ctx)


class HistoryPath(click.Path):
    """A ``Path`` to a file or folder; an empty or blank value fails (exit 2)."""

    def __init__(self) -> None:
        """A path argument giving ``pathlib.Path`` values."""
        super().__init__(path_type=Path)

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> Any:
        """``value`` as a ``Path``; ``self.fail`` (exit 2) if it is empty."""
        if isinstance(value, str) and not value.strip():
            self.fail("an empty path names no file or folder.", param, ctx)
        return super().convert(value, param, ctx)
