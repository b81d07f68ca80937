"""Hypothesis profiles, and no silent skips in CI.

Profiles: ``ci`` (derandomized) when CI is set, else ``dev``.

``HYPOTHESIS_PROFILE=mutation`` (set by scripts/mutation.sh) is the ``ci``
profile's budget (the same 200 examples, derandomized) without the example
database: every mutant sees the same examples, and as many as CI tries (a
smaller budget let a mutant wrong only on a later call survive).
"""

import os
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# CI's budget; the mutation job uses the same, so that it sees what CI sees.
_CI_EXAMPLES = 200

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=_CI_EXAMPLES,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev",
    max_examples=100,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "mutation",
    derandomize=True,
    max_examples=_CI_EXAMPLES,
    deadline=None,
    database=None,
    print_blob=False,
    suppress_health_check=list(HealthCheck),
)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)


# In CI (CI=true) the real parts are there by construction (.ci/run installs
# PostgreSQL, chromium and nginx, starts PostgreSQL and exports
# HOLDEM_TEST_POSTGRES_URL, and ../shared sits beside the clone): a test, or a
# whole module, that would skip for lack of one of them fails instead, so a
# broken set-up cannot pass as a green run of fewer tests. This is the one
# place that decides it: a skip whose reason names one of these parts, as
# every such skip in tests/ does ("../shared" or "not found" for the data,
# "postgres" for HOLDEM_TEST_POSTGRES_URL, PostgreSQL and its binaries,
# "chromium" or "playwright" for the browser, "nginx" for the front door).
_CI_MUST_HAVE = re.compile(
    r"\.\./shared|not found|postgres|chromium|playwright|nginx", re.IGNORECASE
)


def _in_ci() -> bool:
    return os.environ.get("CI") == "true"


def _fail_a_ci_skip(report: pytest.TestReport | pytest.CollectReport) -> None:
    """Turn ``report``, a skip for a part CI must have, into a failure."""
    if not (report.skipped and _in_ci()) or hasattr(report, "wasxfail"):
        return
    longrepr = report.longrepr
    reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
    if _CI_MUST_HAVE.search(reason):
        report.outcome = "failed"
        report.longrepr = f"CI=true, and this test would skip: {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A test's skip (a skipif mark, a skip in a fixture or the test) in CI."""
    outcome = yield
    _fail_a_ci_skip(outcome.get_result())


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Any:
    """A whole module's skip (``pytest.importorskip`` at import, a skip with
    ``allow_module_level``) in CI: a collection error, which stops the run."""
    outcome = yield
    _fail_a_ci_skip(outcome.get_result())
