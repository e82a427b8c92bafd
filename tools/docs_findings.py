"""The findings reference (docs/reference/findings.md): every finding code printgen reports, found in its
source, and the worked examples of tools/finding_examples.yaml, each made into a game and validated."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from docs_common import HEADER, ROOT, _table

EXAMPLES = ROOT / "tools" / "finding_examples.yaml"
# The calls that make a finding with a literal code as their first argument (a layout face records its
# own with problem()). A code made another way (held in a variable, passed through another helper) is not
# seen here: the limits' codes and the preflight's classes are added from their registries instead.
REPORTERS = ("error", "warning", "problem")

MESSAGES: dict[str, str] = {}  # code -> the shape of its first message in the code ('class … has … actions')


def _message_shape(node) -> str:
    """A message argument as a reader sees its shape: literal text kept, each computed part an ellipsis."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "…" for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _message_shape(node.left), _message_shape(node.right)
        return (left or "…") + (right or "…") if (left or right) else ""
    return ""


def _codes_in(paths) -> dict[str, set[str]]:
    """Finding code -> the modules that report it: every literal first argument of a REPORTERS call."""
    found: dict[str, set[str]] = {}
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            fn = node.func
            if isinstance(fn, ast.IfExp):  # (warning if m.imported else error)("start-zones", ...)
                sides = {getattr(side, "id", None) for side in (fn.body, fn.orelse)}
                fn = ast.Name(id=min(sides)) if sides <= set(REPORTERS) else fn
            name = fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else None
            arg = node.args[0]
            if name in REPORTERS and isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.setdefault(arg.value, set()).add(path.relative_to(ROOT).as_posix())
                if len(node.args) > 1 and arg.value not in MESSAGES:
                    text = _message_shape(node.args[1])
                    if text:
                        MESSAGES[arg.value] = text
            if name in REPORTERS and isinstance(arg, ast.IfExp):  # 'water-level' if water else 'stacked-on'
                for side in (arg.body, arg.orelse):
                    if isinstance(side, ast.Constant) and isinstance(side.value, str):
                        found.setdefault(side.value, set()).add(path.relative_to(ROOT).as_posix())
    return found


@functools.lru_cache(maxsize=None)
def finding_codes() -> dict[str, str]:
    """Every finding code printgen reports -> where it comes from (a module, the limits, the preflight)."""
    from printgen.limits import LIMITS
    from printgen.preflight.classes import CLASSES

    codes = {c: ", ".join(sorted(m)) for c, m in _codes_in(sorted((ROOT / "printgen").rglob("*.py"))).items()}
    codes.update({lim.code: "printgen/limits.py" for lim in LIMITS.values()})
    codes.update({f"preflight-{c}": "printgen/preflight/classes.py" for c in CLASSES})
    return dict(sorted(codes.items()))


def finding_examples() -> dict[str, dict]:
    import yaml

    return yaml.safe_load(EXAMPLES.read_text(encoding="utf-8")) or {}


@functools.cache
def _new_demo() -> Path:
    """A folder holding what ``printgen new demo`` writes, made once a run: every example that starts from a new
    game copies it (making it validates the game, a second or so each, and it is the same game every time).
    Removed when the process ends."""
    import atexit
    import shutil
    import tempfile

    from printgen.scaffold import new_game

    tmp = Path(tempfile.mkdtemp(prefix="printgen-docs-"))
    atexit.register(shutil.rmtree, tmp, True)
    new_game(folder=tmp / "demo")
    return tmp / "demo"


def apply_example(ex: dict, folder: Path) -> None:
    """Make the example's game in ``folder`` (a new game, or a copy of a bundled one) and apply its change."""
    import shutil

    if ex.get("game", "new") == "new":
        shutil.copytree(_new_demo(), folder)
    else:
        shutil.copytree(ROOT / "data" / ex["game"], folder)
    if "write" in ex:
        for rel, text in ex["write"].items():
            (folder / rel).parent.mkdir(parents=True, exist_ok=True)  # locales/de/messages.po
            (folder / rel).write_text(text, encoding="utf-8")
        if "file" not in ex:
            return
    if "file" not in ex:
        return  # the bundled game as shipped (a contradiction of its seed)
    path, (old, new) = folder / ex["file"], ex["replace"]
    if "repeat" in ex:
        text, times = ex["repeat"]
        new = new.replace("{repeat}", text * times)
    source = path.read_text(encoding="utf-8")
    if old not in source:
        raise ValueError(f"{ex['file']} holds no {old!r}")
    path.write_text(source.replace(old, new, 1), encoding="utf-8")


_RUN: dict[str, list] = {}  # an example's game and change -> every finding it gives (shared: a bundled game
# as shipped is validated once for all the codes it shows)


def _folder(ex: dict) -> str:
    """Where the example's game lives, as its findings name it: demo/, or data/<game>/ for a game as shipped."""
    return f"data/{ex['game']}" if "write" not in ex and "file" not in ex else "demo"


def run_example(code: str, ex: dict) -> list[str]:
    """The findings of ``code`` an example's game gives, as printed, with paths from the game folder ('demo/...')."""
    import json
    import os
    import tempfile

    from printgen.project import validate_game

    key = json.dumps({k: v for k, v in ex.items() if k != "fix"}, sort_keys=True)
    if key not in _RUN:
        with tempfile.TemporaryDirectory() as tmp:
            name = _folder(ex)
            apply_example(ex, Path(tmp) / name)
            here = os.getcwd()
            os.chdir(tmp)  # findings name files from the current folder: demo/content.yaml:6:14
            try:
                game = validate_game(Path(name))
                _RUN[key] = list(game.findings)
                if not any(f.is_error for f in game.findings):  # its language editions too (locales/<lang>/)
                    from printgen.editions.edition import editions_of

                    _RUN[key] += [f for e in editions_of(game) for f in e.findings]
            finally:
                os.chdir(here)
    return [f.format() for f in _RUN[key] if f.code == code]


def example_markdown(code: str, ex: dict) -> str:
    game = ex.get("game", "new")
    base = ("a game made by `printgen new demo`" if game == "new" else f"a copy of `data/{game}` in `demo/`")
    out = [f"Start from {base}, then "]
    if "write" not in ex and "file" not in ex:
        out = [f"The bundled `data/{game}` reports it as shipped: its seed contradicts itself here, and the data "
               "follows the rules as written ([The seeds and their contradictions](../games/seeds.md)).\n\n"]
    elif "write" in ex:
        path, text = next(iter(ex["write"].items()))
        out.append(f"add `{path}`:\n\n```yaml\n{text.rstrip()}\n```\n\n")
    else:
        path, (old, new) = ex["file"], ex["replace"]
        if "repeat" in ex:
            new = new.replace("{repeat}", f"{ex['repeat'][0]!r} written {ex['repeat'][1]} times")
        if "\n" in old and not new:
            out.append(f"in `{path}` delete these lines:\n\n```yaml\n{old.rstrip()}\n```\n\n")
        elif "\n" in old:
            out.append(f"in `{path}` change\n\n```yaml\n{old.rstrip()}\n```\n\nto\n\n```yaml\n{new.rstrip()}\n```\n\n")
        elif "\n" in new:
            out.append(f"in `{path}` change `{old}` to:\n\n```yaml\n{new.rstrip()}\n```\n\n")
        else:
            out.append(f"in `{path}` change `{old}` to `{new}`.\n\n")
    shown = run_example(code, ex)
    if shown:
        out.append(f"`printgen validate {_folder(ex)}` prints:\n\n```text\n" + shown[0] + "\n```\n\n")
    out.append(f"**Fix:** {ex['fix']}\n\n")
    return "".join(out)


def page_findings() -> str:
    from printgen.preflight.classes import CLASSES

    from printgen.limits import LIMITS

    codes, examples = finding_codes(), finding_examples()
    limit_what = {lim.code: lim.what for lim in LIMITS.values()}
    out = [HEADER, "# Findings\n\n",
           "A finding is printed like a compiler's, `file:line:col: severity[code]: message`, sorted by file, line "
           "and column; `--format json` gives the same as data. Codes are stable: tests, scripts and these pages "
           "rely on them. An error stops the build (exit 1, nothing written); a warning does not (unless "
           "`--strict`). The examples below are each run by a test (tests/docs/test_findings_examples.py), which "
           "checks the code appears.\n\n",
           f"{len(codes)} codes; {len([c for c in codes if c in examples])} with a worked example.\n\n",
           "## Preflight classes\n\nThe preflight looks at every printed page (see "
           "[Print at home or at a shop](../how-to/printing.md)); a game sets each class to `warning`, `error` "
           "or `off` in game.yaml `preflight: {severity: {...}}`.\n\n",
           _table(("code", "finds"), [(f"`preflight-{c}`", what) for c, what in CLASSES.items()]),
           "\n## Every code\n\n"]
    for code, where in codes.items():
        if code.startswith("preflight-"):
            continue
        out.append(f"### `{code}`\n\nReported by {', '.join(f'`{w}`' for w in where.split(', '))}.\n\n")
        if code in examples:
            pass
        elif code in limit_what:
            out.append(f"Past the limit on {limit_what[code]}.\n\n")
        elif MESSAGES.get(code, "").strip("… "):
            shape = " ".join(MESSAGES[code].split()).replace("`", "'")
            out.append(f"Its message reads like: `{shape}`\n\n")
        if code in examples:
            out.append(example_markdown(code, examples[code]))
    return "".join(out)
