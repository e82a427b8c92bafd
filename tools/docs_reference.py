"""Write the docs site's reference pages (docs/reference/) from printgen's own registries.

    python3 tools/docs_reference.py            # rewrite docs/reference/*.md and docs/images/icons.png
    python3 tools/docs_reference.py --check    # exit 1, naming the pages, when a page differs from the code
    python3 tools/docs_reference.py --front    # also redraw docs/images/cards.png (builds Heroes of Hex)

The pages are committed, so they read on GitHub as well as on the site; tests/docs/test_reference.py
regenerates them in memory and compares, so a registry entry added without its page fails the tests
(the pages cannot drift). Everything here reads registries: nothing is listed by hand but the finding
examples, which live in tools/finding_examples.yaml and are each run by a test.
"""

from __future__ import annotations

import ast
import sys
import typing
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # its sibling modules, run as a script or loaded by path

from docs_common import HEADER, ROOT, _table  # noqa: E402
from docs_findings import (REPORTERS, _codes_in, apply_example, finding_codes, finding_examples,  # noqa: E402,F401
                           page_findings, run_example)

REFERENCE = ROOT / "docs" / "reference"

# A validator's function name -> what a designer writes there.
VALIDATOR_WORDS = {"text": "text", "colour": "colour ('#rrggbb')", "length": "length ('12mm')",
                   "positive length": "length ('12mm')", "card size": "card size (poker, '63.5mm x 88.9mm')",
                   "raw text": "text (kept as written)", "parse int range": "range ('1-3')",
                   "parse threshold": "target ('4+')", "parse cost": "cost ('1 AP')"}


def _words(fn_name: str) -> str:
    name = fn_name.strip("_").replace("_", " ")
    return VALIDATOR_WORDS.get(name, name)


def _type_name(tp) -> str:
    """A pydantic field's annotation as a designer reads it: 'text', 'list of Token', 'integer?'."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Annotated:
        for meta in tp.__metadata__:
            fn = getattr(meta, "func", None)
            if fn is not None:
                return _words(fn.__name__)
        return _type_name(args[0])
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        rest = [a for a in args if a is not type(None)]
        name = " or ".join(_type_name(a) for a in rest)
        return name + ("?" if len(rest) < len(args) else "")
    if origin is list or origin is tuple:
        return "list of " + (_type_name(args[0]) if args else "values")
    if origin is dict:
        return f"mapping of {_type_name(args[0])} to {_type_name(args[1])}" if args else "mapping"
    if origin is typing.Literal:
        return " / ".join(repr(a) if not isinstance(a, str) else a for a in args)
    names = {str: "text", int: "integer", float: "number", bool: "true/false"}
    if tp in names:
        return names[tp]
    return getattr(tp, "__name__", str(tp))


def _model_rows(model) -> list[tuple[str, str, str]]:
    rows = []
    for name, f in model.model_fields.items():
        key = f.alias or name
        if f.is_required():
            need = "required"
        else:
            default = f.get_default(call_default_factory=True)
            if isinstance(default, bool):
                default = str(default).lower()  # as YAML writes it
            elif isinstance(default, tuple) and len(default) == 2 and all(isinstance(v, (int, float)) for v in default):
                default = f"{default[0]}-{default[1]}"  # a range, as written in the data
            elif isinstance(default, (list, tuple)) and default:
                default = "[" + ", ".join(str(getattr(v, "value", v)) for v in default) + "]"  # YAML's flow list
            elif hasattr(default, "value"):
                default = default.value
            need = "optional" if default in (None, [], {}, ()) else f"default `{default}`"
        kind = _type_name(f.annotation)
        funcs = [m.func.__name__ for m in f.metadata if hasattr(m, "func")]  # pydantic keeps Annotated's here
        if funcs:
            kind = _words(funcs[-1])
        rows.append((f"`{key}`", kind, need))
    return rows


def _nested(annotation, seen: set) -> list:
    """The models an annotation refers to (list of Step, a Stats record...), each once, depth first."""
    out = []
    for arg in (annotation, *typing.get_args(annotation)):
        if isinstance(arg, type) and hasattr(arg, "model_fields") and arg not in seen:
            seen.add(arg)
            out.append(arg)
            for f in arg.model_fields.values():
                out += _nested(f.annotation, seen)
        elif typing.get_args(arg) and arg is not annotation:
            out += _nested(arg, seen)
    return out


def _model_tables(model, level: str = "####") -> str:
    """A model's field table, then one for each record type it uses (so 'list of Step' is explained)."""
    out = [_table(("field", "type", ""), _model_rows(model)) + "\n"]
    seen = {model}
    for f in model.model_fields.values():
        for sub in _nested(f.annotation, seen):
            out.append(f"{level} `{sub.__name__}`\n\n" + _table(("field", "type", ""), _model_rows(sub)) + "\n")
    return "".join(out)


def _item_model(annotation):
    """The item model of a kind's ``list[Item]`` field, or None."""
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) is list and args and hasattr(args[0], "model_fields"):
        return args[0]
    return None


def page_kinds() -> str:
    from printgen.model.content import Content
    from printgen.model.kinds import FIELD_TYPES

    out = [HEADER, "# Content kinds and field types\n\n",
           "A game's data is lists of items, each list under a key that names its kind. The kinds below come with "
           "every game; a game system adds its own (see [Game systems](systems/index.md)), and a game may declare "
           "more in game.yaml `kinds:` with the field types at the end of this page.\n\n"]
    for kind, f in Content.model_fields.items():
        model = _item_model(f.annotation)
        if model is None:
            continue
        out.append(f"## `{kind}`\n\n")
        doc = (model.__doc__ or "").strip().split("\n\n")[0].replace("\n", " ")
        if doc:
            out.append(doc + "\n\n")
        out.append(_model_tables(model, "###"))
    out.append("## Field types for declared kinds\n\n"
               "`kinds:` in game.yaml names each kind of a game's own and its fields; every kind also has `name` "
               "and `count` (copies to print, default 1). A type written with a trailing `?` (`text?`) is "
               "optional; `required: false` or `default:` do the same in the long form.\n\n")
    out.append(_table(("type", "what it holds"), [(f"`{k}`", v) for k, v in FIELD_TYPES.items()]))
    return "".join(out)


def page_layout() -> str:
    from printgen.layout.elements import ELEMENTS
    from printgen.layout.spec import LAYOUT_KEYS
    from printgen.packs import PACKS

    out = [HEADER, "# Layout elements and options\n\n",
           "A layout is a YAML file in a game's `templates/layouts/` (or `templates/<game-id>/layouts/`), named "
           "after the layout. How to write one: [the tutorial](../tutorial.md) and "
           "[Make your own cards](../how-to/layouts.md).\n\n## Top-level keys\n\n"]
    out.append(", ".join(f"`{k}`" for k in LAYOUT_KEYS) + "\n\n")
    out.append("## Elements\n\nEvery element also takes `type`, `id` (so a layout that `extends:` this one can "
               "change it) and `when` (an expression: the element is drawn only when it is true).\n\n")
    out.append(_table(("type", "options"), [(f"`{t}`", ", ".join(f"`{k}`" for k in keys))
                                            for t, (keys, _) in ELEMENTS.items()]))
    out.append("\n## Elements of a game system\n\nA rule pack adds elements for what it computes from its data; "
               "they work in the layouts of games of that system only.\n\n")
    rows = []
    for system, pack in sorted(PACKS.items()):
        for t, spec in pack.elements.items():
            keys = spec[0] if isinstance(spec, tuple) else ()
            rows.append((f"`{t}`", f"[{system}](systems/{system}.md)", ", ".join(f"`{k}`" for k in keys)))
    out.append(_table(("type", "system", "options"), rows))
    return "".join(out)


def page_icons() -> str:
    from printgen.draw.icons import ICONS

    return (HEADER + "# Built-in icons\n\n"
            "An icon is drawn by an `icon` element (`{type: icon, name: heart}`), inline in a text as `:heart:`, "
            "or on a token (`icon: heart`). A game declares its own under a layout's `icons:` "
            "(`printgen icons GAME_DIR` lists them). The sheet below is `printgen icons --sheet`'s, each icon "
            "above its name:\n\n"
            "![Every built-in icon above its name](../images/icons.png)\n\n"
            + ", ".join(f"`{n}`" for n in sorted(ICONS)) + "\n")


def page_fonts() -> str:
    from printgen.catalogue import font_catalogue

    rows = [(f"`{r.name}`", r.family, r.style, r.glyphs, ", ".join(f"`{a}`" for a in r.aliases))
            for r in font_catalogue().rows]
    return (HEADER + "# Fonts\n\n"
            "A layout names a face `font: FAMILY` or `font: FAMILY STYLE` (STYLE one of `regular`, `bold`, "
            "`italic`, `bold italic`; case, `-` and `_` do not matter). Bundled (SIL Open Font License):\n\n"
            + _table(("name", "family", "style", "glyphs", "also named"), rows)
            + "\nA game's own fonts: see [Use your own fonts and art](../how-to/fonts-and-art.md); "
              "`printgen fonts GAME_DIR` lists what a game can use.\n")


def page_limits() -> str:
    from printgen.limits import LIMITS

    def value(lim) -> str:
        v = int(lim.value) if float(lim.value).is_integer() else lim.value
        return f"{v:,} {lim.unit}".strip()

    return (HEADER + "# Limits\n\n"
            "Every size a game's data controls is bounded by one table (`printgen/limits.py`); going past one is "
            "a finding at the value's file, line and column, code `limit-<name>`, and nothing else runs on the "
            "data. See [the safety model](../explanation/safety.md).\n\n"
            + _table(("limit", "value", "finding code", "what it bounds"),
                     [(f"`{l.name}`", value(l), f"`{l.code}`", l.what) for l in LIMITS.values()]))


def _click_command():
    import typer.main

    from printgen.cli import app

    return typer.main.get_command(app)


def _param_kind(p) -> str:
    """What an option takes, from its annotation: a flag, the choices of an enum (a registry), or a type."""
    import enum

    desc = getattr(p, "type_descriptor", None)
    tp = getattr(desc, "annotation", str)
    args = typing.get_args(tp)
    if args and typing.get_origin(tp) in (list, typing.Union):
        tp = next(a for a in args if a is not type(None))
    if getattr(p, "is_flag", False):
        return "flag"
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return "|".join(str(m.value) for m in tp)
    return {str: "text", int: "integer", float: "number"}.get(tp, getattr(tp, "__name__", "text"))


def _usage(name: str, cmd) -> str:
    """printgen NAME ARGUMENTS --required VALUE [OPTIONS], from the command's parameters."""
    words = [f"printgen {name}"]
    for p in cmd.params:
        if p.param_type_name == "argument":
            words.append(getattr(p, "metavar", None) or p.name.upper())
        elif p.required:
            words.append(f"{p.opts[0]} {p.name.upper()}")
    if any(p.param_type_name == "option" and not p.required and p.name != "help" for p in cmd.params):
        words.append("[OPTIONS]")
    return " ".join(words)


def page_cli() -> str:
    group = _click_command()
    out = [HEADER, "# Command line\n\n", (group.help or "").strip() + "\n\n",
           "Exit codes: 0 clean (warnings allowed), 1 errors (or warnings with `--strict`), 2 a usage error. "
           "With no game folder named, a command works on every game under `./data/`.\n\n"]
    for name, cmd in group.commands.items():
        out.append(f"## `printgen {name}`\n\n```text\n{_usage(name, cmd)}\n```\n\n")
        out.append((cmd.help or "").strip().split("\n\n")[0] + "\n\n")
        rows = []
        for p in cmd.params:
            if p.name in ("help",) or getattr(p, "hidden", False):
                continue
            if p.param_type_name == "argument":
                what = getattr(p, "help", None) or ""
                rows.append((f"`{getattr(p, 'metavar', None) or p.name.upper()}`", "argument", what))
                continue
            opts = ", ".join(f"`{o}`" for o in p.opts + p.secondary_opts)
            kind = _param_kind(p)
            default = p.default
            if default not in (None, False, (), []) and not callable(default):
                default = getattr(default, "value", default)
                if isinstance(default, (list, tuple)):
                    default = ", ".join(str(getattr(d, "value", d)) for d in default)
                kind += f" (default {default})"
            if p.required:
                kind += " (required)"
            rows.append((opts, kind, p.help or ""))
        if rows:
            out.append(_table(("option", "takes", "what it does"), rows) + "\n")
    return "".join(out)


def _first_line(fn) -> str:
    return " ".join((fn.__doc__ or "").strip().split("\n\n")[0].split())


def _check_row(fn) -> tuple[str, str, str]:
    """A check function: its name, the first paragraph of its docstring, the codes its own body reports."""
    import inspect
    import textwrap

    tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    codes = sorted({n.args[0].value for n in ast.walk(tree) if isinstance(n, ast.Call) and n.args
                    and isinstance(n.args[0], ast.Constant) and isinstance(n.args[0].value, str)
                    and getattr(n.func, "id", getattr(n.func, "attr", None)) in REPORTERS})
    return (f"`{fn.__name__}`", _first_line(fn), ", ".join(f"`{c}`" for c in codes))


def page_system(system: str, pack) -> str:
    import inspect

    from printgen.model.content import Content

    base_kinds = set(Content.model_fields)
    out = [HEADER, f"# {pack.title} (`system: {system}`)\n\n"]
    module = sys.modules.get(type(pack).__module__)
    doc = (sys.modules[pack.data_model.__module__.rsplit(".", 1)[0]].__doc__ or "").strip()
    if doc:
        out.append(doc + "\n\n")
    own = [k for k in pack.kinds if k not in base_kinds]
    out.append("## Content kinds\n\n" + ("Besides the [kinds every game has](../kinds.md): " if own else
                                          "The [kinds every game has](../kinds.md), and the kinds the game "
                                          "declares in game.yaml `kinds:`.") + "\n\n")
    for kind in own:
        model = _item_model(pack.data_model.model_fields[kind].annotation)
        out.append(f"### `{kind}`\n\n")
        if model is not None:
            out.append(_model_tables(model))
        else:
            out.append(f"{_type_name(pack.data_model.model_fields[kind].annotation)}\n\n")
    if pack.rules_model.model_fields:
        out.append("## Rule numbers (game.yaml `rules:`)\n\n" + _table(("key", "type", ""), _model_rows(pack.rules_model)) + "\n")
    out.append("## What it checks\n\n")
    if pack.checks:
        folder = Path(inspect.getfile(pack.checks[0])).parent
        codes = _codes_in(sorted(folder.glob("*.py")))
        rows = [_check_row(c) for c in pack.checks]
        out.append(_table(("check", "what it looks for", "codes it reports itself"), rows) + "\n")
        out.append("Finding codes of its own: " + ", ".join(f"[`{c}`](../findings.md#{c})" for c in sorted(codes))
                   + ".\n\n")
    else:
        out.append("The checks every game gets (types, references, names, keywords, maps, layouts); no rules "
                   "of its own.\n\n")
    out.append("## What it builds\n\n")
    rows = [(f"`{a.name}`", a.kind, ", ".join(f"`{r}`" for r in a.reads) or "the whole game")
            for a in pack.assets]
    rows += [(f"`{getattr(s, 'name', s)}`", "sheet from layouts", f"`{getattr(s, 'kind', '')}`")
             for s in pack.sheets]
    if rows:
        out.append("Besides the printables every game gets (maps, tokens, the rulebook, 3D pieces and terrain):\n\n"
                   + _table(("printable", "kind", "reads"), rows) + "\n")
    else:
        out.append("The printables every game gets (maps, tokens, the rulebook, 3D pieces and terrain) and the "
                   "sheets its game.yaml `sheets:` draws from layouts.\n\n")
    if pack.elements:
        out.append("Layout elements of its own: " + ", ".join(f"`{e}`" for e in pack.elements) + ".\n\n")
    if pack.images:
        out.append("Rulebook pictures of its own: " + ", ".join(f"`printgen:{i}/...`" for i in pack.images) + ".\n\n")
    del module
    return "".join(out)


def page_systems_index(packs) -> str:
    rows = [(f"[{p.title}]({s}.md)", f"`{s}`", len(p.checks), len(p.assets) + len(p.sheets)) for s, p in packs]
    return (HEADER + "# Game systems\n\nA game says which system checks it in game.yaml (`system: ...`). Each is a "
            "rule pack (`printgen/packs/<system>/`); `custom` has no rules of its own and draws everything "
            "from the game's declared kinds and layouts.\n\n"
            + _table(("system", "id", "checks", "printables of its own"), rows))


def pages() -> dict[str, str]:
    """Relative path under docs/reference/ -> the page's text."""
    from printgen.packs import PACKS

    packs = sorted(PACKS.items())
    out = {"kinds.md": page_kinds(), "layout.md": page_layout(), "icons.md": page_icons(),
           "fonts.md": page_fonts(), "findings.md": page_findings(), "limits.md": page_limits(),
           "cli.md": page_cli(), "systems/index.md": page_systems_index(packs)}
    for system, pack in packs:
        out[f"systems/{system}.md"] = page_system(system, pack)
    return out


def icon_sheet_png(target: Path) -> None:
    """docs/images/icons.png: `printgen icons --sheet`'s first page, rasterised."""
    import tempfile

    import pypdfium2

    from printgen.catalogue import icon_catalogue, write_icon_sheet  # the sheet command's own writer

    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "icons.pdf"
        write_icon_sheet(icon_catalogue(), path=pdf, paper="a4")
        page = pypdfium2.PdfDocument(str(pdf))[0]
        image = page.render(scale=100 / 72).to_pil().convert("L")
        # the grid alone: the page's foot (calibration bars, page x of y) is for paper, not for a web page
        top = image.crop((0, 0, image.width, int(image.height * 0.8)))
        box = top.point(lambda v: 255 if v < 250 else 0).getbbox()
        top.crop((max(0, box[0] - 8), max(0, box[1] - 8), box[2] + 8, box[3] + 8)).save(target, optimize=True)


def front_image(target: Path) -> None:
    """docs/images/cards.png (the README's and the home page's picture): four Heroes of Hex class cards from
    the first page of its class-cards sheet, turned upright. Made on request (--front): it builds the game."""
    import subprocess
    import tempfile

    import pypdfium2

    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "printgen", "build", str(ROOT / "data" / "heroes-of-hex"), "--paper", "a4",
                        "--no-previews", "--out", tmp], check=True, cwd=ROOT, capture_output=True)
        page = pypdfium2.PdfDocument(str(Path(tmp) / "heroes-of-hex" / "a4" / "class-cards.pdf"))[0]
        image = page.render(scale=100 / 72).to_pil()
    w, h = image.size
    card = image.crop((int(w * 0.05), int(h * 0.03), int(w * 0.97), int(h * 0.62))).rotate(90, expand=True)
    card.save(target, optimize=True)


def main(argv: list[str]) -> int:
    wanted = pages()
    if "--check" in argv:
        stale = [p for p, text in wanted.items()
                 if not (REFERENCE / p).is_file() or (REFERENCE / p).read_text(encoding="utf-8") != text]
        for p in stale:
            print(f"docs/reference/{p} differs from the code: run python3 tools/docs_reference.py")
        return 1 if stale else 0
    for rel, text in wanted.items():
        path = REFERENCE / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    icon_sheet_png(ROOT / "docs" / "images" / "icons.png")
    if "--front" in argv:
        front_image(ROOT / "docs" / "images" / "cards.png")
    print(f"wrote {len(wanted)} pages under docs/reference/ and docs/images/icons.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
