"""``printgen new``: a small game of the designer's own that validates clean and builds.

Each system has a starting game in this folder (``custom`` declares its kinds and draws its cards from
layouts; the rule-pack systems bring a little data of their kind). The new game gets its own id and name,
a two-chapter rulebook and, for a pack game, copies of the pack's layouts in ``templates/layouts/`` to edit.
Nothing is written into a folder that already holds files.
"""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
SYSTEMS: dict[str, Path] = {p.name: p for p in sorted(HERE.iterdir()) if p.is_dir() and not p.name.startswith("_")}
RULEBOOK = HERE / "_rulebook"


class ScaffoldError(ValueError):
    """The folder cannot take a new game; the message says why."""


def game_id(folder: Path) -> str:
    """An id from the folder's name: lower-case letters, digits and dashes."""
    from ..limits import limit

    ident = re.sub(r"[^a-z0-9]+", "-", folder.resolve().name.lower()).strip("-")
    return ident[:int(limit("id-length"))].strip("-") or "my-game"  # whatever new writes must validate


def _title_of(ident: str) -> str:
    """A name from an id, within the name and word limits a game's data is checked against."""
    from ..limits import limit

    most = int(limit("word-length"))
    words = [w[i:i + most] for w in ident.split("-") for i in range(0, len(w), most)]
    return " ".join(words).title()[:int(limit("name-length"))].strip()


def _yaml_text(text: str) -> str:
    """``text`` as a YAML scalar that reads back as the same text (quoted when it must be: ``A: B``)."""
    import json

    return text if re.fullmatch(r"[A-Za-z0-9][\w .'()-]*", text) and not text.endswith(" ") else json.dumps(text)


def new_game(*, folder: Path, system: str = "custom", name: str | None = None) -> list[Path]:
    """Write a new game of ``system`` into ``folder`` (created; it must be missing or empty). Returns the
    files written. Raises ScaffoldError."""
    if system not in SYSTEMS:
        raise ScaffoldError(f"unknown system '{system}'; choose one of {', '.join(SYSTEMS)}")
    folder = Path(folder)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise ScaffoldError(f"{folder} already exists and is not an empty folder; name a new folder")
    ident = game_id(folder)
    title = name or _title_of(ident)
    files: dict[Path, bytes] = {}
    source = SYSTEMS[system]
    for path in sorted(source.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            files[path.relative_to(source)] = path.read_bytes()
    title = " ".join(title.split())  # one line: it goes into YAML comments and a heading
    for rel in [p for p in files if p.suffix == ".yaml"]:
        # the game's id and name wherever a starting file says {{id}} / {{name}} (Jinja's own
        # ``{{ item.name }}`` has spaces, so a layout's expressions are left as they are)
        text = files[rel].decode()
        text = re.sub(r"^(name:\s*)\{\{name\}\}", lambda m: m.group(1) + _yaml_text(title), text, flags=re.M)
        files[rel] = text.replace("{{id}}", ident).replace("{{name}}", title).encode()
    if not any(p.parts[:2] == ("templates", "rulebook") and p.suffix == ".md" for p in files):  # theme.yaml alone
        for path in sorted(RULEBOOK.glob("*.md")):
            files[Path("templates", "rulebook", path.name)] = path.read_bytes()
    from ..packs import PACKS

    pack = PACKS.get(system)
    if pack is not None and pack.layouts is not None and pack.layouts.is_dir():
        for path in sorted(pack.layouts.glob("*.yaml")):
            files.setdefault(Path("templates", "layouts", path.name), path.read_bytes())
    written = []
    for rel, data in files.items():
        dest = folder / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(data)
        written.append(dest)
    return written
