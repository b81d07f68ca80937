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
# PostgreSQL and chromium, ../shared sits beside the clone): a test that would
# skip for lack of one of them fails instead, so a broken set-up cannot pass
# as a green run of fewer tests.
_CI_MUST_HAVE = re.compile(
    r"not found|\.\./shared|HOLDEM_TEST_POSTGRES_URL|PostgreSQL|chromium|playwright"
    r"|nginx",
    re.IGNORECASE,
)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Turn a CI skip for missing data, PostgreSQL or chromium into a failure."""
    outcome = yield
    report = outcome.get_result()
    if not (report.skipped and os.environ.get("CI") == "true"):
        return
    if hasattr(report, "wasxfail"):
        return
    longrepr = report.longrepr
    reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
    if _CI_MUST_HAVE.search(reason):
        report.outcome = "failed"
        report.longrepr = f"CI=true, and this test would skip: {reason}"
