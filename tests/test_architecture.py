"""The shape of the house: no import cycle in game/, the pure-Python floors never import pygame,
no file over 600 lines, no game-name comparison in shared code, and the package list in
pyproject.toml covers every package (so `pip install .` installs them all)."""

import ast
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"


def _modules() -> dict:
    out = {}
    for path in GAME.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _imports(name: str, path: Path, modules: dict) -> set:
    """Every game module `name` imports, at the top or inside a function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else [])
                )
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
        else:
            continue
        for t in targets:
            while t and t not in modules:
                t = t.rsplit(".", 1)[0] if "." in t else ""
            if t and t != name and t.startswith("game"):
                found.add(t)
    return found


def test_no_import_cycle_in_game():
    modules = _modules()
    # every import counts, at the top or inside a function, toward a package's __init__ too
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    seen, stack, cycles = set(), [], []

    def visit(n):
        if n in stack:
            cycles.append(stack[stack.index(n) :] + [n])
            return
        if n in seen:
            return
        seen.add(n)
        stack.append(n)
        for m in sorted(graph.get(n, ())):
            visit(m)
        stack.pop()

    for n in sorted(graph):
        visit(n)
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles[:5])


def test_the_engines_package_never_imports_the_registry():
    """game.games imports game.ai (its engines); game.ai finds an engine by the game's name, so the
    other direction never happens, at any depth."""
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    reach, todo = set(), [m for m in graph if m == "game.ai" or m.startswith("game.ai.")]
    while todo:
        n = todo.pop()
        for m in graph.get(n, ()):
            if m not in reach:
                reach.add(m)
                todo.append(m)
    assert "game.games" not in reach and not any(m.startswith("game.scenes") for m in reach)


def test_pure_python_floors_import_no_pygame():
    code = (
        "import sys; import game.games, game.match, game.record, game.storage, game.worker, game.cli, "
        "game.net.session, game.net.saves, game.net.runner, game.ai, game.rules.draughts_pdn, "
        "game.ai.draughts.hub; "
        "sys.exit('pygame' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT, timeout=120).returncode == 0


def test_no_file_under_game_is_over_600_lines():
    long = {
        str(p.relative_to(ROOT)): n
        for p in GAME.rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > 600
    }
    assert not long, long


# the per-game modules may name their own game; shared code asks game.games instead
PER_GAME = re.compile(r"(palace|draughts|banqi)")


def test_no_game_name_comparison_in_shared_code():
    pattern = re.compile(r"""(==|!=)\s*["'](palace|draughts|banqi)["']|["'](palace|draughts|banqi)["']\s*(==|!=)""")
    bad = []
    for path in GAME.rglob("*.py"):
        if PER_GAME.search(str(path.relative_to(GAME))):  # game/rules/banqi.py, game/ai/draughts/...
            continue
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                bad.append(f"{path.relative_to(ROOT)}:{i}: {line.strip()}")
    assert not bad, "\n".join(bad)


def test_pyproject_installs_every_package_and_the_assets():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    packages = {".".join(p.parent.relative_to(ROOT).parts) for p in GAME.rglob("__init__.py")}
    assert packages <= listed, packages - listed
    assert config["tool"]["setuptools"]["package-dir"]["game.assets"] == "assets"
    assert config["project"]["scripts"]["qipan"] == "game.app:main"
