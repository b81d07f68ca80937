"""The layers import in one direction and the rules core does no I/O (STYLE.md 1)."""

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "holdem"

# Each layer may import only the layers listed before it (and itself).
ORDER = [
    "errors",
    "cards",
    "eval",
    "rules",
    "betting",
    "engine",
    "equity",
    "batch",  # N hands at once in numba; every hand checked by replay through engine/
    "fairness",  # the verifiable shuffle's arithmetic (R-FAIR-1): the table's RNG
    "table",
    "history",
    "stats",  # player statistics over replayed histories
    "sim",  # simulation runner: chunks of table hands over processes or Ray
    "rl",  # Gymnasium, PettingZoo, OpenSpiel and ACPC faces over engine/table
    "tournament",  # sit-and-go and multi-table tournaments over many tables
    "server",  # the room (holdem serve): table, history and below; cli runs it
    "cli",
    "__main__",  # python -m holdem: the command line's entry point
]
CORE = {"errors", "cards", "eval", "rules", "betting", "engine", "equity"}
BANNED_IN_CORE = {
    "os",
    "time",
    "random",
    "socket",
    "logging",
    "subprocess",
    "io",
    "sys",
}
BANNED_CALLS_IN_CORE = {"open", "print", "input"}


def layer_of(path: Path) -> str:
    return path.relative_to(SRC).parts[0].removesuffix(".py")


def imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text())
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


SOURCES = sorted(
    p for p in SRC.rglob("*.py") if p.name != "__init__.py" or p.parent != SRC
)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(SRC)))
def test_layers_import_only_layers_above(path: Path) -> None:
    layer = layer_of(path)
    allowed = set(ORDER[: ORDER.index(layer) + 1])
    for name in imports(path):
        parts = name.split(".")
        if parts[0] == "holdem" and len(parts) > 1:
            assert parts[1] in allowed, f"{path.name} ({layer}) imports {name}"


@pytest.mark.parametrize(
    "path",
    [p for p in SOURCES if layer_of(p) in CORE],
    ids=lambda p: str(p.relative_to(SRC)),
)
def test_core_is_pure(path: Path) -> None:
    for name in imports(path):
        assert name.split(".")[0] not in BANNED_IN_CORE, f"{path.name} imports {name}"
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in BANNED_CALLS_IN_CORE, (
                f"{path.name} calls {node.func.id}()"
            )
