"""The mesh step: polyhex terrain tiles as exact, watertight triangle meshes, and their exporters.

The names below load on first use (PEP 562), so importing ``printgen.mesh.options`` for the CLI's
``stl`` options does not load the mesh code, pydantic or numpy (``printgen --help`` starts fast)."""

from __future__ import annotations

from importlib import import_module

_WHERE = {"MeshError": "polyhex", "TileSpec": "polyhex", "build_tile": "polyhex",
          "ShapeError": "shapes", "parse_shape": "shapes"}
__all__ = sorted(_WHERE)


def __getattr__(name: str):
    if name in _WHERE:
        return getattr(import_module(f".{_WHERE[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
