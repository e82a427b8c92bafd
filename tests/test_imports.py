"""The package's layers, read from the source: which folder may import which.

Every ``import`` and ``from ... import`` (module level or inside a function)
is resolved to a printgen module; an edge that crosses a forbidden boundary
fails with the file and line that makes it.
"""

from __future__ import annotations

import ast
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
    # the drawing base sits under render, write and rulebook: it may use units and nothing above
    "draw": {"render", "write", "rulebook", "check", "packs", "mesh", "model", "load", "build", "plan", "project",
             "registry"},
}


def _edges():
    """(importer folder, imported top-level name under printgen, file, line) for every import."""
    for path in sorted(PKG.rglob("*.py")):
        rel = path.relative_to(PKG)
        package = ["printgen", *rel.parent.parts]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
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


EDGES = list(_edges())


def test_the_walk_sees_the_imports():
    assert ("render", "draw") in {(a, b) for a, b, _, _ in EDGES}
    assert ("packs", "render") in {(a, b) for a, b, _, _ in EDGES}


def test_the_issues_edges_are_all_forbidden():
    for src, dst in (("check", "render"), ("check", "rulebook"), ("check", "mesh"), ("render", "write"),
                     ("packs", "rulebook"), ("rulebook", "write"), ("mesh", "check"), ("mesh", "report")):
        assert dst in FORBIDDEN[src], (src, dst)


@pytest.mark.parametrize("folder", sorted(FORBIDDEN))
def test_no_forbidden_import(folder):
    bad = [f"printgen/{rel}:{line} imports printgen.{to}" for src, to, rel, line in EDGES
           if src == folder and to in FORBIDDEN[folder]]
    assert not bad, "\n".join(bad)


def test_every_package_imports_first_in_a_fresh_process():
    # A third party's code (or a pack's own test) may import any part of printgen first: no order
    # of imports may meet a half-initialised module (printgen.packs once imported check, which
    # needed the packs' registry before it existed).
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    packages = sorted(".".join(p.relative_to(root).parts[:-1]) for p in (root / "printgen").rglob("__init__.py")
                      if "scaffold" not in p.parts)
    code = ("import importlib, subprocess, sys\n"
            "bad = []\n"
            "for name in sys.argv[1:]:\n"
            "    r = subprocess.run([sys.executable, '-c', f'import {name}'], capture_output=True, text=True)\n"
            "    if r.returncode:\n"
            "        bad.append(name + ': ' + r.stderr.strip().splitlines()[-1])\n"
            "print('\\n'.join(bad))\n")
    out = subprocess.run([sys.executable, "-c", code, *packages], capture_output=True, text=True, cwd=root,
                         timeout=600)
    assert out.stdout.strip() == "", out.stdout
