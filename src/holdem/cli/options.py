"""Option types shared by ``holdem play``, ``simulate`` and ``serve``.

Click's integer ranges refuse ``x`` with "is not a valid integer range";
``WholeNumberRange`` says "is not a whole number", a range's bounds as
before.
"""

from __future__ import annotations

from typing import Any

import click

__all__ = ["WholeNumberRange"]


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
