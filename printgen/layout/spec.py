"""Layout files: ``templates/<game-id>/layouts/<name>.yaml``, one face each, named by the file's stem.

    size: card                 # card (game.yaml card size), token, hex, or "63.5mm x 88.9mm"
    shape: rect                # rect, round or hex (flat-top); default: round for token, hex for hex
    bleed: 3mm                 # default: the game's card bleed for cards, 0 otherwise (round its cut)
    cut: 0.2mm                 # round and hex faces draw their own cut line this wide (0: none)
    extends: base-card         # start from another layout: its keys, vars and elements
    background: "#f4ecd8"      # fills the whole bleed box
    vars: {accent: "{{ item.colour or '#3b2f4a' }}"}   # named values, evaluated in order per item
    icons: {AP: {icon: hex, colour: "#1f5f8b"}}        # inline icons written :AP: in text
    elements:
      - {type: rect, x: -bleed, y: -bleed, w: 100% + 2bleed, h: 14mm + bleed, fill: "{{ accent }}"}
      - {type: text, id: title, text: "{{ item.name }}", x: 3mm, y: 3mm, w: 100% - 6mm, h: 8mm,
         font: serif-bold, size: 14pt, min: 8pt, align: center}

Positions are in the trim box ((0, 0) its top-left corner; a round or hex face's trim box is the
bounding box of its disc or hexagon); see ``lengths`` for units and
``elements`` for each element's keys. A child layout's element with the ``id`` of one of its parent's
is laid over it in place (the child's keys win, so one key can change; its type: may be left out); its other elements are drawn after the parent's. Loading checks the file's
shape (unknown keys and element types, with "did you mean"); per-item mistakes (an unknown field, text
that cannot fit) are found when the validator draws every item.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from ..findings import Finding, Location, did_you_mean, error, quoted
from ..load.game_folder import display_path
from ..load.yaml_source import Document, load_yaml_file
from ..safety.paths import confined_files, escaping_link, inside, link_message

LAYOUT_KEYS = ("size", "shape", "bleed", "cut", "extends", "background", "vars", "icons", "elements", "text")
SIZES = ("card", "token", "hex")


@dataclass(frozen=True)
class Element:
    type: str
    args: dict[str, Any]
    doc: Document
    path: tuple  # the element's path in its file
    children: tuple["Element", ...] = ()

    @cached_property
    def dynamic(self) -> frozenset[str]:
        """The keys whose values are evaluated per item (templates, or mappings that may hold them);
        the rest are read as written."""
        return frozenset(k for k, v in self.args.items()
                         if isinstance(v, dict) or isinstance(v, str) and ("{{" in v or "{%" in v))

    @property
    def id(self) -> str | None:
        v = self.args.get("id")
        return str(v) if v is not None else None

    def loc(self, key: str | tuple | None = None) -> Location:
        """Where ``key`` of this element (a tuple: a nested key) was written, else the element."""
        if key is not None:
            sub = self.path + (key if isinstance(key, tuple) else (key,))
            if sub in self.doc.values:
                return self.doc.values[sub]
        return self.doc.values.get(self.path, Location(self.doc.file, 1, 1))


@dataclass(frozen=True)
class Layout:
    name: str
    doc: Document
    settings: dict[str, Any]  # size, bleed, background, text
    vars: tuple[tuple[str, Any, Location], ...] = ()
    icons: dict[str, dict] = field(default_factory=dict)
    elements: tuple[Element, ...] = ()
    source: str = ""  # the file's absolute path: its Location is as typed from the folder it was read in

    def loc(self, *path) -> Location:
        doc = self.doc
        return doc.values.get(tuple(path)) or doc.keys.get(tuple(path)) or Location(doc.file, 1, 1)


def _elements(raw: Any, doc: Document, path: tuple, types: dict[str, tuple[str, ...]],
              found: list[Finding], extends: bool = False) -> tuple[Element, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        found.append(error("layout", "elements: is a list, one '- type: ...' mapping per element",
                           doc.values.get(path, Location(doc.file, 1, 1))))
        return ()
    out = []
    for i, el in enumerate(raw):
        p = path + (i,)
        where = doc.values.get(p, Location(doc.file, 1, 1))
        if isinstance(el, dict) and "type" not in el and el.get("id") is not None and extends:
            # a change to an element of the layout this one extends: its type (and keys) are checked
            # when the two are merged
            out.append(Element("", dict(el), doc, p))
            continue
        if not isinstance(el, dict) or "type" not in el:
            found.append(error("layout-element", "an element is a mapping with a type: (" + ", ".join(sorted(types))
                               + ")" + ("; or, to change an element of the layout this one extends, give its id:"
                                        if extends else ""), where))
            continue
        kind = el["type"]
        if kind not in types:
            hint = did_you_mean(str(kind), types)
            found.append(error("layout-element", f"unknown element type {kind!r}"
                               + (f"; did you mean '{hint}'?" if hint else f"; the types are: {', '.join(sorted(types))}"),
                               doc.values.get(p + ("type",), where)))
            continue
        children = _elements(el.get("elements"), doc, p + ("elements",), types, found) if kind == "repeat" else ()
        element = Element(kind, dict(el), doc, p, children)
        _check_keys(element, types, found)
        out.append(element)
    return tuple(out)


def _check_keys(el: Element, types: dict[str, tuple[str, ...]], found: list[Finding]) -> None:
    allowed = set(types.get(el.type, ())) | {"type", "id", "when"}
    for key in el.args:
        if key not in allowed:
            hint = did_you_mean(str(key), allowed)
            found.append(error("layout-key", f"unknown key '{key}' for a {el.type} element"
                               + (f"; did you mean '{hint}'?" if hint else f"; it takes: {', '.join(sorted(allowed))}"),
                               el.doc.keys.get(el.path + (key,), el.loc())))


def _read(path: Path, types: dict[str, tuple[str, ...]]) -> tuple[Layout | None, str | None, list[Finding]]:
    doc, found = load_yaml_file(path, display=display_path(path))
    if doc is None:
        return None, None, found
    top = Location(doc.file, 1, 1)
    if not isinstance(doc.data, dict):
        return None, None, found + [error("layout", "a layout file is a mapping (size:, elements:, ...)", top)]
    for key in doc.data:
        if key not in LAYOUT_KEYS:
            hint = did_you_mean(str(key), LAYOUT_KEYS)
            found.append(error("layout-key", f"unknown layout key '{key}'"
                               + (f"; did you mean '{hint}'?" if hint else f"; expected one of: {', '.join(LAYOUT_KEYS)}"),
                               doc.keys.get((key,), top)))
    data = doc.data
    raw_vars = data.get("vars") or {}
    if not isinstance(raw_vars, dict):
        found.append(error("layout", "vars: is a mapping of name to value", doc.values.get(("vars",), top)))
        raw_vars = {}
    icons = data.get("icons") or {}
    if not isinstance(icons, dict) or not all(isinstance(v, dict) for v in icons.values()):
        found.append(error("layout", "icons: maps a name to {icon: ..., colour: ...} or {image: ...}",
                           doc.values.get(("icons",), top)))
        icons = {}
    found += _icon_problems(path.stem, icons, doc, top)
    settings = {k: data[k] for k in ("size", "shape", "bleed", "cut", "background", "text") if k in data}
    layout = Layout(path.stem, doc, settings,
                    tuple((str(k), v, doc.values.get(("vars", k), top)) for k, v in raw_vars.items()),
                    {str(k): {**v, "_loc": doc.values.get(("icons", k), top)} for k, v in icons.items()},
                    _elements(data.get("elements"), doc, ("elements",), types, found, "extends" in data),
                    str(path.resolve()))
    parent = data.get("extends")
    return layout, (str(parent) if parent is not None else None), found


ICON_COLOURS = ("colour", "background", "label_colour")  # an inline icon's colours (layout/text_element.py)


def _icon_problems(name: str, icons: dict, doc: Document, top: Location) -> list[Finding]:
    """What the drawing of a layout's inline ``icons:`` cannot take, each at its value: a built-in icon that is
    not one, a colour that is not '#rrggbb' (drawn, it would reach the page and its checks as any value)."""
    from ..draw.icons import ICONS

    found = []
    for key, spec in icons.items():
        icon = spec.get("icon")
        if icon is not None and icon not in ICONS:
            hint = did_you_mean(str(icon), ICONS)
            found.append(error("layout-icon", f"layout '{name}': icon {key}: no built-in icon {quoted(icon)}"
                               + (f"; did you mean '{hint}'?" if hint else f"; one of: {', '.join(sorted(ICONS))}"),
                               doc.values.get(("icons", key, "icon"), top)))
        for field in ICON_COLOURS:
            v = spec.get(field)
            if v is not None and not (isinstance(v, str) and _COLOUR.match(v.strip())):
                found.append(error("layout-colour", f"layout '{name}': icon {key}: {field} {quoted(v)} is not a colour; "
                                   "write '#rrggbb' (quoted)", doc.values.get(("icons", key, field), top)))
    return found


_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def _merge(parent: Layout, child: Layout, types: dict[str, tuple[str, ...]], found: list[Finding]) -> Layout:
    by_id = {e.id: e for e in child.elements if e.id}
    used = set()
    elements = []
    for e in parent.elements:
        if e.id and e.id in by_id:
            # The child's keys over the parent's: a layout may change one colour or size of an element.
            c = by_id[e.id]
            if not c.type:
                c = replace(c, type=e.type, args={"type": e.type, **c.args})
                _check_keys(c, types, found)
            elements.append(replace(c, args={**e.args, **c.args}, children=c.children or e.children))
            used.add(e.id)
        else:
            elements.append(e)
    for e in child.elements:
        if e.id and e.id in used:
            continue
        if not e.type:
            hint = did_you_mean(str(e.id), [p.id for p in parent.elements if p.id])
            found.append(error("layout-element", f"'{parent.name}' has no element with id '{e.id}' to change"
                               + (f"; did you mean '{hint}'?" if hint else "; give this element a type: to add it"),
                               e.loc("id")))
            continue
        elements.append(e)
    names = {n for n, _, _ in child.vars}
    return replace(child, settings={**parent.settings, **child.settings},
                   vars=tuple(v for v in parent.vars if v[0] not in names) + child.vars,
                   icons={**parent.icons, **child.icons}, elements=tuple(elements))


def load_layouts(folders: list[Path | None], types: dict[str, tuple[str, ...]]
                 ) -> tuple[dict[str, Layout], list[Finding]]:
    """Every layout of the ``layouts/`` folders, ``extends`` resolved; a later folder's layout replaces an
    earlier one of the same name (a game's own over its rule pack's), and may extend it by naming itself.
    ``types``: element type -> its keys."""
    found: list[Finding] = []
    layers: list[dict[str, tuple[Layout, str | None]]] = []
    for folder in folders:
        layer: dict[str, tuple[Layout, str | None]] = {}
        link = escaping_link(folder, folder.parent) if folder is not None else None
        if link is not None:  # a linked layouts/ would print an outside folder's layouts
            found.append(error("template-symlink", link_message(link, "the game's templates folder"),
                               Location(display_path(link), 1, 1)))
        elif folder is not None and folder.is_dir():
            for path in confined_files(folder, "*.yaml", within=folder.parent):
                layout, parent, f = _read(path, types)
                found += f
                if layout is not None:
                    layer[layout.name] = (layout, parent)
            # a layout linked from outside is not read; said at the link (else 'no layout named ...' elsewhere)
            found += [error("template-symlink", link_message(p, "the game's templates folder"),
                            Location(display_path(p), 1, 1))
                      for p in sorted(folder.glob("*.yaml")) if p.is_symlink() and not inside(p, folder.parent)]
        layers.append(layer)
    done: dict[tuple[int, str], Layout | None] = {}

    def lookup(name: str, level: int) -> int | None:
        return next((i for i in range(level, -1, -1) if name in layers[i]), None)

    def resolve(name: str, level: int, chain: tuple[str, ...]) -> Layout | None:
        if (level, name) in done:
            return done[(level, name)]
        layout, parent = layers[level][name]
        if parent is not None:
            where = layout.loc("extends")
            plevel = lookup(parent, level - 1 if parent == name else level)
            if plevel is None:
                names = {n for layer in layers for n in layer}
                hint = did_you_mean(parent, names)
                found.append(error("layout-extends", f"no layout named '{parent}'"
                                   + (f"; did you mean '{hint}'?" if hint else ""), where))
                done[(level, name)] = None
                return None
            if (plevel, parent) in chain:
                found.append(error("layout-extends", f"layout '{name}' extends itself (through '{parent}'); "
                                   "break the circle", where))
                done[(level, name)] = None
                return None
            base = resolve(parent, plevel, chain + ((level, name),))
            if base is None:
                done[(level, name)] = None
                return None
            layout = _merge(base, layout, types, found)
        done[(level, name)] = layout
        return layout

    out: dict[str, Layout] = {}
    for level, layer in enumerate(layers):
        for name in layer:
            layout = resolve(name, level, ())
            if layout is not None:
                out[name] = layout
    return out, found
