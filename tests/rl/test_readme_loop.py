"""README's ten-line training loop on the vector environment runs as printed.

The code block is read from README.md, not copied here: a change to the
README that breaks it fails this test.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="needs the holdem[rl] extra")

README = Path(__file__).resolve().parents[2] / "README.md"


def training_loop() -> str:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)
    (block,) = [b for b in blocks if "HoldemVectorEnv(" in b]
    return block


def test_the_readme_training_loop_is_ten_lines_and_runs():
    block = training_loop()
    lines = [line for line in block.splitlines() if line.strip()]
    body = [line for line in lines if not line.startswith(("import ", "from "))]
    assert len(body) == 10
    namespace: dict[str, object] = {}
    exec(compile(block, str(README), "exec"), namespace)
    theta = namespace["theta"]
    assert isinstance(theta, np.ndarray) and theta.shape[1] == 6
    assert np.isfinite(theta).all() and np.abs(theta).sum() > 0  # it was updated
    assert namespace["step"] == 399
    done = namespace["done"]
    assert isinstance(done, np.ndarray) and done.shape == (256,)
