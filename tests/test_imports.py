"""The package's layers, read from the source: which folder may import which.

Every ``import`` and ``from ... import`` (module level or inside a function)
is resolved to a printgen module; an edge that crosses a forbidden boundary
fails with the file and line that makes it.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parent.parent / "printgen"

# importer folder -> folders it must never import. Issue 9's back-edges each fall under one: check/maps ->
# render.maps, check/printable -> render fonts/icons, check/validate -> mesh.pieces and rulebook.render
# (check), rulebook/flowables -> write.pdf (rulebook), mesh/command -> check and report (mesh),
# packs/heroes_of_hex/cards -> rulebook.images (packs); and render never reaches write.
FORBIDDEN = {
    "check": {"render", "rulebook", "mesh", "write", "registry", "build", "plan", "project"},
    "render": {"write", "rulebook", "check", "build", "plan"},
    "packs": {"rulebook", "write", "build", "plan", "registry", "project"},
    "write": {"render", "rulebook", "check", "packs"},
    "model": {"render", "draw", "write", "rulebook", "check", "packs", "mesh"},
    "mesh": {"check", "report", "rulebook", "build", "plan", "project"},
    "rulebook": {"write", "check", "mesh", "build", "plan", "project", "registry"},
    # the balance report reads validated data and draws with matplotlib (its command validates and writes files)
    "balance": {"render", "rulebook", "mesh", "build", "plan", "registry", "packs"},
    # the playtester steps whatever model a pack gives it (packs import it, never the other way)
    "playtest": {"render", "rulebook", "mesh", "build", "plan", "registry", "packs"},
    # the drawing base sits under render, write and rulebook: it may use units and nothing above
    # community map files: data in, data out; the commands load games through project, never draw
    "mapio": {"render", "draw", "rulebook", "build", "plan", "packs", "registry"},
    "draw": {"render", "write", "rulebook", "check", "packs", "mesh", "model", "load", "build", "plan", "project",
             "registry"},
}


@functools.cache
def _imports(path: Path) -> list[ast.Import | ast.ImportFrom]:
    """A source file's import statements, module level or nested, in ``ast.walk``'s order (breadth first):
    read once for both walks below, by the worker running this file (at module level, every pytest-xdist
    worker parsed the whole package while collecting). An import is a statement, so only statement lists are
    walked, not the expressions that make up most of a tree."""
    from collections import deque

    found, todo = [], deque([ast.parse(path.read_text(), str(path))])
    while todo:
        node = todo.popleft()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        for name in ("body", "handlers", "orelse", "finalbody", "cases"):  # in the order ast.walk meets them
            todo.extend(getattr(node, name, None) or ())
    return found


def _edges():
    """(importer folder, imported top-level name under printgen, file, line) for every import."""
    for path in sorted(PKG.rglob("*.py")):
        rel = path.relative_to(PKG)
        package = ["printgen", *rel.parent.parts]
        for node in _imports(path):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package[: len(package) - (node.level - 1)]
                    target = base + (node.module.split(".") if node.module else [])
                    names = [target + [a.name] for a in node.names] if not node.module else [target]
                else:
                    names = [node.module.split(".")] if node.module else []
            elif isinstance(node, ast.Import):
                names = [a.name.split(".") for a in node.names]
            else:
                continue
            for name in names:
                if name[0] == "printgen" and len(name) > 1 and rel.parts[:-1]:
                    yield rel.parts[0], name[1], rel, node.lineno


@functools.cache
def edges() -> list:
    return list(_edges())


def test_the_walk_sees_the_imports():
    assert ("render", "draw") in {(a, b) for a, b, _, _ in edges()}
    assert ("packs", "render") in {(a, b) for a, b, _, _ in edges()}


def test_the_issues_edges_are_all_forbidden():
    for src, dst in (("check", "render"), ("check", "rulebook"), ("check", "mesh"), ("render", "write"),
                     ("packs", "rulebook"), ("rulebook", "write"), ("mesh", "check"), ("mesh", "report")):
        assert dst in FORBIDDEN[src], (src, dst)


@pytest.mark.parametrize("folder", sorted(FORBIDDEN))
def test_no_forbidden_import(folder):
    bad = [f"printgen/{rel}:{line} imports printgen.{to}" for src, to, rel, line in edges()
           if src == folder and to in FORBIDDEN[folder]]
    assert not bad, "\n".join(bad)


# The child that tries each package: the third-party libraries printgen's packages import at module level are
# loaded once (never printgen), then each package is imported first in a process forked from that one. A fresh
# interpreter per package spent most of its time loading pydantic, numpy and reportlab again (5.5 s of the test);
# printgen's own import order, what the test is about, is the same either way.
_FIRST_IMPORTS = """
import os, sys
import jinja2, markdown_it, numpy, PIL.Image, pydantic, reportlab.pdfgen.canvas, rich, typer, yaml
assert not [m for m in sys.modules if m.split(".")[0] == "printgen"], "a library imported printgen"
bad = []
for name in sys.argv[1:]:
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        status = 0
        try:
            __import__(name)
        except BaseException as exc:
            os.write(w, f"{name}: {type(exc).__name__}: {exc}".encode()[:4000])
            status = 1
        os._exit(status)
    os.close(w)
    said = b"".join(iter(lambda: os.read(r, 1 << 16), b""))
    os.close(r)
    if os.waitpid(pid, 0)[1]:
        bad.append(said.decode(errors="replace") or f"{name}: the child died")
print("\\n".join(bad))
"""


def test_every_package_imports_first_in_a_fresh_process():
    # A third party's code (or a pack's own test) may import any part of printgen first: no order
    # of imports may meet a half-initialised module (printgen.packs once imported check, which
    # needed the packs' registry before it existed).
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    packages = sorted(".".join(p.relative_to(root).parts[:-1]) for p in (root / "printgen").rglob("__init__.py")
                      if "scaffold" not in p.parts)
    out = subprocess.run([sys.executable, "-c", _FIRST_IMPORTS, *packages], capture_output=True, text=True,
                         cwd=root, timeout=600)
    assert out.returncode == 0 and out.stdout.strip() == "", out.stdout + out.stderr[-2000:]


def _modules() -> dict[str, Path]:
    """Dotted name -> file of every printgen module (a package by its __init__.py)."""
    out = {}
    for path in sorted(PKG.rglob("*.py")):
        parts = list(path.relative_to(PKG.parent).with_suffix("").parts)
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


MODULES = _modules()


def _module_edges() -> dict[str, dict[str, int]]:
    """importer -> {imported printgen module: the first line importing it}, from every import at module level
    or inside a function. Importing ``a.b.c`` runs the packages ``a.b`` and ``a`` too: an edge goes to each of
    them that is not a package above the importer (those are already running when the importer runs)."""
    edges: dict[str, dict[str, int]] = {}
    for name, path in MODULES.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        for node in _imports(path):
            if isinstance(node, ast.ImportFrom):
                base = ".".join(package[: len(package) - (node.level - 1)] + (node.module or "").split(".")
                                ) if node.level else node.module or ""
                base = base.strip(".")
                # "from pkg import mod" imports the module pkg.mod; "from mod import name" the module mod
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            for target in targets:
                while target and target not in MODULES:  # "from printgen.x import y" where y is a name
                    target = target.rpartition(".")[0]
                parts = target.split(".")
                for i in range(2, len(parts) + 1):
                    dst = ".".join(parts[:i])
                    if dst in MODULES and name != dst and not name.startswith(dst + "."):
                        edges.setdefault(name, {}).setdefault(dst, node.lineno)
    return edges


def _cycles(edges: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative), each as
    one cycle through its modules: a shortest way round from its first module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    comps: list[list[str]] = []
    for root in sorted(MODULES):
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, {}))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges.get(w, {})))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    comps.append(sorted(comp))
    cycles = []
    for comp in comps:  # a shortest way from the first module back to itself, inside its component
        inside, start = set(comp), comp[0]
        before = {start: None}
        frontier = [start]
        end = None
        while frontier and end is None:
            nxt = []
            for v in frontier:
                for w in sorted(edges.get(v, {})):
                    if w == start:
                        end = v
                        break
                    if w in inside and w not in before:
                        before[w] = v
                        nxt.append(w)
                if end is not None:
                    break
            frontier = nxt
        path = [end]
        while before[path[-1]] is not None:
            path.append(before[path[-1]])
        cycles.append(path[::-1] + [start])
    return cycles


@functools.cache
def module_edges() -> dict[str, dict[str, int]]:
    return _module_edges()


def test_the_module_graph_sees_imports_inside_functions():
    # publish/publisher.py imports its kit and bundle inside the job that runs in a worker
    assert "printgen.publish.kit" in module_edges()["printgen.publish.publisher"]
    assert "printgen.draw.document" in module_edges()["printgen.render.compose"]
    # importing printgen.draw.document runs the package printgen.draw too
    assert "printgen.draw" in module_edges()["printgen.render.compose"]


def test_the_cycle_finder_finds_a_planted_cycle():
    edges = {**module_edges(), "printgen.units": {**module_edges().get("printgen.units", {}), "printgen.plan": 1}}
    found = _cycles(edges)
    assert any(c[0] == c[-1] and "printgen.units" in c and "printgen.plan" in c for c in found), found


def test_no_import_cycle_between_printgen_modules():
    # Stages stay acyclic: a module may import a lower one, never one that (through any chain, imports in
    # functions included) imports it back. A lazy import does not make a cycle harmless: it only hides it
    # until the day the import moves to the top of the file.
    bad = []
    for cycle in _cycles(module_edges()):
        steps = [f"  {MODULES[a].relative_to(PKG.parent)}:{module_edges()[a][b]} imports {b}"
                 for a, b in zip(cycle, cycle[1:])]
        bad.append(" -> ".join(cycle) + "\n" + "\n".join(steps))
    assert not bad, "import cycles:\n" + "\n".join(bad)
