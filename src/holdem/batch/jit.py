"""How the batch engine compiles the functions that work on one hand.

``kernel`` is ``numba.njit`` (cached on disk, no GIL, no bounds checks)
without numba's reference counting: a compiled function that takes arrays
counts a reference to each on entry and drops it on return, two atomic
operations per array per call, and the rules of one hand call a few such
functions per decision (``end_street``, ``deal_board``, ``finish``...). The
hand's arrays are owned by the loop that calls them (``run.py``), so the
functions below it need no counts; they must not allocate (numba refuses to
compile an allocation without reference counting, so this cannot slip in).
The loops that allocate (``run.play_batch`` and the others) use plain
``njit``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from numba import njit

__all__ = ["kernel"]

F = TypeVar("F", bound=Callable[..., Any])

_OPTIONS: dict[str, Any] = {
    "cache": True,
    "nogil": True,
    "boundscheck": False,
    "_nrt": False,  # numba's flag (not in its type stubs) for no reference counts
}
_compile = njit(**_OPTIONS)


def kernel(function: F) -> F:
    """Decorator: compile a function of one hand (see the module docstring)."""
    return _compile(function)  # type: ignore[no-any-return]
