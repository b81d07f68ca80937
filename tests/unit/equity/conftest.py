"""The ``path`` fixture: run a test on both ways of counting (exact and samples)."""

import pytest

from holdem.equity import calc


@pytest.fixture(params=["python", "compiled"])
def path(request, monkeypatch):
    """Count in pure Python (``counts``) or with the compiled kernels (``deal``)."""
    limit = 0 if request.param == "compiled" else 10**9
    monkeypatch.setattr(calc, "PYTHON_EXACT_LIMIT", limit)
    monkeypatch.setattr(calc, "PYTHON_SAMPLE_LIMIT", limit)
    return request.param
