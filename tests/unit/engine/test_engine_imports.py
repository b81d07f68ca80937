"""The engine's modules import one way (issue 7 item 11): no cycle, and none
but the top (dealing.py and betting_loop.py, which drive a HandState) imports
state.py, even for types."""

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[3] / "src" / "holdem" / "engine"


def engine_imports(path: Path) -> set[str]:
    """Engine modules that ``path`` imports anywhere (TYPE_CHECKING too)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith("holdem.engine."):
                out.add(node.module.split(".")[2])
            elif node.module == "holdem.engine":
                out.update(alias.name for alias in node.names)
    return out - {path.stem}


GRAPH = {p.stem: engine_imports(p) for p in ENGINE.glob("*.py") if p.stem != "__init__"}


def test_engine_modules_import_without_a_cycle() -> None:
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " -> ".join((*path, name))
        if name in done:
            return
        for other in GRAPH.get(name, ()):
            visit(other, (*path, name))
        done.add(name)

    for name in GRAPH:
        visit(name, ())


def test_only_the_top_imports_the_state_machine() -> None:
    users = {name for name, deps in GRAPH.items() if "state" in deps}
    assert users == {"betting_loop", "dealing"}
