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


# --------------------------------------------------------------- import circles

# Circles left on purpose, each with why; a circle not listed here fails. An
# entry whose circle is gone matches nothing and can be deleted.
KNOWN_CIRCLES = {
    frozenset(
        {
            "holdem.server.chat",
            "holdem.server.room",
            "holdem.server.runner",
            "holdem.server.snapshot",
            "holdem.server.telemetry",
            "holdem.server.tournament_table",
            "holdem.server.tournaments",
        }
    ): "server/'s type-only back-references to Room and LiveTournament: not yet",
}


def module_names() -> dict[str, Path]:
    """Every module of holdem by dotted name (a package by its own name)."""
    out = {}
    for path in SRC.rglob("*.py"):
        parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def import_graph() -> dict[str, set[str]]:
    """Module -> the holdem modules it imports, anywhere in it.

    Imports inside functions and under ``TYPE_CHECKING`` count: the import
    order is the layering, not only what runs first. ``from p import x``
    imports the module ``p.x`` when there is one, else the package ``p``.
    """
    modules = module_names()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                targets.update(a.name for a in node.names if a.name in modules)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    if sub in modules:
                        targets.add(sub)
                    elif base in modules:
                        targets.add(base)
        graph[name] = targets - {name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The import circles: strongly connected sets of two or more modules."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[frozenset[str]] = []

    def visit(name: str) -> None:
        index[name] = low[name] = len(index)
        stack.append(name)
        for other in sorted(graph.get(name, ())):
            if other not in index:
                visit(other)
                low[name] = min(low[name], low[other])
            elif other in stack:
                low[name] = min(low[name], index[other])
        if low[name] == index[name]:
            members = {stack.pop()}
            while name not in members:
                members.add(stack.pop())
            if len(members) > 1:
                found.append(frozenset(members))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return found


def test_circle_finder_finds_circles_and_only_circles() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"d"}}
    assert circles(graph) == [frozenset("abc")]
    # the real graph is read: the engine's state imports its steps
    assert "holdem.engine.steps" in import_graph()["holdem.engine.state"]


def test_no_import_circle_inside_holdem() -> None:
    """Imports run one way inside every package too (STYLE.md 1)."""
    unknown = [c for c in circles(import_graph()) if c not in KNOWN_CIRCLES]
    assert not unknown, "import circles: " + "; ".join(
        " <-> ".join(sorted(c)) for c in unknown
    )
