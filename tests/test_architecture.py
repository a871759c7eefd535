"""The shape of the house: no import cycle in game/ (an import by name through importlib counts
too), no module imported by a literal name through importlib (an import hidden from the reader),
the pure-Python floors never import pygame, no file over 600 lines, no game-name comparison in
shared code, and the package list in pyproject.toml covers every package (so `pip install .`
installs them all)."""

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


def _dynamic_imports(tree: ast.AST, name: str) -> list:
    """Every call importlib.import_module(X) / import_module(X) / __import__(X) in a module: (line,
    the literal name or None, the constant head of an f-string or None)."""
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        f = node.func
        called = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
        if called not in ("import_module", "__import__"):
            continue
        arg = node.args[0]
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            out.append((node.lineno, arg.value, None))
        elif isinstance(arg, ast.JoinedStr):
            head = ""
            for part in arg.values:  # the constant start, with {__name__} as the module's own name
                if isinstance(part, ast.Constant):
                    head += str(part.value)
                elif isinstance(part, ast.FormattedValue) and isinstance(part.value, ast.Name):
                    if part.value.id != "__name__":
                        break
                    head += name
                else:
                    break
            out.append((node.lineno, None, head))
        else:
            out.append((node.lineno, None, None))
    return out


def _imports(name: str, path: Path, modules: dict) -> set:
    """Every game module `name` imports, at the top or inside a function, by an import statement
    or through importlib: a literal name counts as that module; an f-string such as
    f"game.ai.{name}" counts as every module it could name (all those under game.ai.), so a module
    found by name cannot hide a cycle either."""
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
        found |= _known(targets, name, modules)
    for _line, literal, head in _dynamic_imports(tree, name):
        if literal:
            found |= _known([literal], name, modules)
        elif head and head.startswith("game.") and "." in head:
            prefix = head if head.endswith(".") else head.rsplit(".", 1)[0] + "."
            found |= {m for m in modules if m.startswith(prefix) and m != name}
    return found


def _known(targets, name: str, modules: dict) -> set:
    """The game modules among import targets (a name inside a module counts as the module)."""
    found = set()
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


def test_the_graph_sees_imports_by_name(tmp_path):
    """The cycle test sees through importlib: a literal name is an import of that module, an
    f-string one of every module it could name."""
    modules = {"game.a": None, "game.b": None, "game.ai": None, "game.ai.x": None, "game.ai.y": None}
    for code, expected in (
        ("import importlib\nimportlib.import_module('game.b')", {"game.b"}),
        ("from importlib import import_module\nimport_module('game.b').X", {"game.b"}),
        ("__import__('game.b')", {"game.b"}),
        ("import importlib\nimportlib.import_module(f'game.ai.{n}')", {"game.ai.x", "game.ai.y"}),
        ("import importlib\nimportlib.import_module('json')", set()),
    ):
        path = tmp_path / "a.py"
        path.write_text(code, encoding="utf-8")
        assert _imports("game.a", path, modules) == expected, code


def test_no_module_is_imported_by_a_literal_name_through_importlib():
    """importlib.import_module("game.x") hides an import from the reader (and once hid a cycle):
    a module named in full is imported by an import statement, a screen is opened by name through
    the scene registry (app.open). Only names made at run time may go through importlib."""
    bad = []
    for path in GAME.rglob("*.py"):
        rel = path.relative_to(ROOT).with_suffix("")
        name = ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)
        for line, literal, _head in _dynamic_imports(ast.parse(path.read_text(encoding="utf-8")), name):
            if literal is not None:
                bad.append(f"{path.relative_to(ROOT)}:{line}: {literal}")
    assert not bad, bad


# every import by a name made at run time, and why it is one (a new one must say why here)
DYNAMIC_IMPORTS = {
    # the engine of the game being played, game.ai.<name> (engines found by the game's name, so
    # this package never imports the registry game.games, which imports it); loaded on first use,
    # so the window's process never loads the draughts engine's compiled search
    "game/ai/__init__.py": 1,
    # each game's package of views, game.scenes.views.<name> for every name in game.games.NAMES,
    # and its optional parts (lessons, diagrams, settings_rows): a new game adds its package only
    "game/scenes/views/__init__.py": 2,
    # every rules module, found by walking the package (each game's module has its NAME and State)
    "game/rules/__init__.py": 1,
    # the games' own screens, named by each game's package (game.scenes.views.scene_modules)
    "game/app.py": 1,
    # the self-check imports every module of the built app, to show nothing was left out of it
    "game/selftest.py": 2,
}


def test_every_import_by_a_run_time_name_is_known():
    found = {}
    for path in GAME.rglob("*.py"):
        rel = path.relative_to(ROOT)
        n = len(_dynamic_imports(ast.parse(path.read_text(encoding="utf-8")), ""))
        if n:
            found[rel.as_posix()] = n
    assert found == DYNAMIC_IMPORTS


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


def _the_app(node: ast.AST) -> bool:
    """`app` or `self.app`: the App as the screens hold it."""
    if isinstance(node, ast.Name):
        return node.id == "app"
    return isinstance(node, ast.Attribute) and node.attr == "app" and isinstance(node.value, ast.Name)


def _app_attributes() -> set:
    """What the App has: its methods and properties, and every self.X its code assigns."""
    tree = ast.parse((GAME / "app.py").read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "App")
    names = {n.name for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    for node in ast.walk(cls):
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        for t in targets:
            for e in t.elts if isinstance(t, ast.Tuple) else [t]:
                if isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name) and e.value.id == "self":
                    names.add(e.attr)
    return names


def test_the_screens_use_only_what_the_app_declares():
    """The App makes what it holds in its code (game/app.py), so no screen reads an attribute of
    the app through getattr/hasattr with a default, nor makes one on it: what the screens keep for
    the session has an owner there (app.choices, app.kept_record), not whichever screen ran first.
    (getattr on the top scene, app.top, stays: scenes differ.)"""
    declared = _app_attributes()
    assert {"choices", "kept_record", "ai_nodes", "jobs"} <= declared
    bad = []
    for path in GAME.rglob("*.py"):
        if path == GAME / "app.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "hasattr", "setattr")
                and node.args
                and _the_app(node.args[0])
            ):
                bad.append(f"{where}: {node.func.id} on the app")
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [node.target]
                if isinstance(node, ast.AnnAssign)
                else []
            )
            for t in targets:
                for e in t.elts if isinstance(t, ast.Tuple) else [t]:
                    if isinstance(e, ast.Attribute) and _the_app(e.value) and e.attr not in declared:
                        bad.append(f"{where}: app.{e.attr} made outside the App")
    assert not bad, "\n".join(bad)


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
