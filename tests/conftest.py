"""Hypothesis profiles: ``ci`` (derandomized) when CI is set, else ``dev``.

``HYPOTHESIS_PROFILE=mutation`` (set by scripts/mutation.sh) picks a small,
derandomized profile: every mutant sees the same examples, and the job stays
within its time budget. The normal runs are unchanged.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=200,
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
    max_examples=30,
    deadline=None,
    database=None,
    print_blob=False,
    suppress_health_check=list(HealthCheck),
)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)
